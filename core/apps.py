from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = _("Hệ thống")

    def ready(self) -> None:
        from core import services
        from core.jobs import register

        register("health_check", services.health_check)
        autodiscover_modules("jobs")  # each app declares its jobs in its jobs.py
