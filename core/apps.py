from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.utils.module_loading import autodiscover_modules
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = _("Hệ thống")

    def ready(self) -> None:
        from core import services, worker_beat  # noqa: F401 (the worker's heartbeat signals)
        from core.jobs import BACKGROUND, register

        register(services.HEALTH_CHECK_JOB, services.health_check, label=_("Kiểm tra hệ thống"))
        # the same check on the background queue: are its workers alive (docs/production.md)
        register(services.HEALTH_CHECK_BACKGROUND_JOB, services.health_check,
                 priority=BACKGROUND, label=_("Kiểm tra hệ thống (hàng đợi nền)"))
        _use_core_date_field_in_serializers()
        autodiscover_modules("jobs")  # each app declares its jobs in its jobs.py


def _use_core_date_field_in_serializers() -> None:
    """Every ModelSerializer's model date takes dd/mm/yyyy and ISO (issue 18, core.fields)."""
    from django.db import models
    from rest_framework.serializers import ModelSerializer

    from core.fields import DateField

    ModelSerializer.serializer_field_mapping[models.DateField] = DateField


class AdminConfig(admin_apps.AdminConfig):
    """django.contrib.admin, with the project's date field on every admin form (issue 18)
    and JSON shown as lines in read-only fields and list columns (issue 28).

    The override must be in place before ``autodiscover`` builds the ModelAdmins (each copies
    the defaults), hence here and not in CoreConfig.ready."""

    default = False  # CoreConfig stays this module's default

    def ready(self) -> None:
        from django.contrib.admin import options
        from django.db import models

        from core.fields import FormDateField

        options.FORMFIELD_FOR_DBFIELD_DEFAULTS[models.DateField] = {
            **options.FORMFIELD_FOR_DBFIELD_DEFAULTS[models.DateField],
            "form_class": FormDateField}
        # JSON held by a record is read as lines, never as JSON (issue 28)
        from django.contrib.admin import helpers
        from django.contrib.admin.templatetags import admin_list

        from core.admin_display import display_for_field

        helpers.display_for_field = display_for_field  # type: ignore[attr-defined]
        admin_list.display_for_field = display_for_field  # type: ignore[attr-defined]
        super().ready()
