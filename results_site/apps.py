from django.apps import AppConfig


class ResultsSiteConfig(AppConfig):
    """The public results site (issue 20): HTML pages over the public API."""

    name = "results_site"
    verbose_name = "Trang kết quả công khai"
