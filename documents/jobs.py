"""Jobs of the documents app (one name each: the kind; run by ``core.run_job``;
on the background queue: nobody waits for them, issue 31)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from core.jobs import BACKGROUND, register
from documents import services
from documents.models import Document


def _document(params: dict[str, Any]) -> Document | None:
    return Document.objects.filter(kind=params["kind"], target=params["target"]).first()


register(services.RENDER_JOB, services.render_document, priority=BACKGROUND,
         label=_("Tạo văn bản PDF"), subject=_document)
register(services.WARM_PARTS_JOB, services.warm_document_parts, priority=BACKGROUND,
         label=_("Chuẩn bị trước các phần của văn bản"), subject=_document)
