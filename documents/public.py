"""A public PDF as an API answer (issue 20, 30): the stored PDF when it is current, else the
documents job that renders it (202, ask again after ``RETRY_AFTER`` seconds)."""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework.response import Response

from documents import services

RETRY_AFTER = 3


def current_pdf(kind: str, target: str) -> HttpResponse:
    document = services.current_document(kind, target)
    if document is not None and document.file:
        with document.file.open("rb") as pdf:
            response = HttpResponse(pdf.read(), content_type="application/pdf")
        name = (document.file.name or "").rsplit("/", 1)[-1]
        response["Content-Disposition"] = f'inline; filename="{name}"'
        return response
    job = services.request_document(kind, target)
    answer = Response({"job": job.pk, "state": job.state, "progress": job.progress,
                       "retry_after": RETRY_AFTER}, status=202)
    answer["Cache-Control"] = "no-store"
    answer["Retry-After"] = str(RETRY_AFTER)
    return answer
