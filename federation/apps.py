from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FederationConfig(AppConfig):
    name = "federation"
    verbose_name = _("Liên đoàn: câu lạc bộ và hội viên")

    def ready(self) -> None:
        from federation import official  # noqa: F401  (declares its official records)
