from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    """The signed-in area (issue 27): each role's daily screens over the existing services."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "workspace"
    verbose_name = "Khu làm việc"
