from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DocumentsConfig(AppConfig):
    name = "documents"
    verbose_name = _("Văn bản chính thức")

    def ready(self) -> None:
        from documents import (
            official,  # noqa: F401  (declares its official records)
            registry,
        )

        registry.load()  # every app's kinds (settings.DOCUMENT_KINDS), checked at start-up
