from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Hệ số Elo và đẳng cấp")

    def ready(self) -> None:
        from ratings import official  # noqa: F401  (official records)
