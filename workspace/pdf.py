"""A document's PDF in one click for the area's pages (member cards): served when current,
else its rendering asked for (the documents job) and a page that asks again by itself."""

from __future__ import annotations

from django.http import FileResponse, HttpRequest, HttpResponseBase
from django.shortcuts import render

from documents import services as document_services

PDF_RETRY_SECONDS = 3


def pdf_response(request: HttpRequest, kind: str, target: str) -> HttpResponseBase:
    """The PDF of ``kind`` about ``target``; the caller has checked who may read it."""
    document = document_services.current_document(kind, target)
    if document is None:
        document_services.request_document(kind, target, user=request.user)
        document = document_services.current_document(kind, target)  # rendered in-process
    if document is None or not document.file:
        response = render(request, "workspace/pdf_wait.html",
                          {"retry": PDF_RETRY_SECONDS, "url": request.get_full_path()},
                          status=202)
        response["Retry-After"] = str(PDF_RETRY_SECONDS)
        response["Cache-Control"] = "no-store"
        return response
    return FileResponse(document.file.open("rb"), content_type="application/pdf",
                        filename=(document.file.name or "").rsplit("/", 1)[-1])
