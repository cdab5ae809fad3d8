""""Mở PDF" in one click (issue #28): the link opens the current PDF; when it is not made yet
(or its data changed since), the render job is started (or joined: the same key) and a page
shows its progress, reloading itself every 2 seconds until the PDF is ready, then goes to it.
A failed render says so in words, with a link to try again."""

from __future__ import annotations

from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.models import Job
from documents import selectors, services
from documents.admin_actions import download_url
from documents.models import Document

#: Seconds between two reloads of the waiting page.
REFRESH_SECONDS = 2


def wait_view(model_admin, request, kind: str, target: str):
    if not selectors.can_view(request.user, kind, target):
        raise Http404(_("Không có văn bản này."))
    context = {**model_admin.admin_site.each_context(request), "opts": Document._meta,
               "title": _("Đang tạo văn bản PDF"), "refresh": REFRESH_SECONDS,
               "kind_label": dict(Document.Kind.choices).get(kind, kind), "target": target,
               "retry_url": reverse("admin:documents_document_open", args=[kind, target])}
    try:
        document = services.current_document(kind, target)
        if document is not None and document.file:
            return HttpResponseRedirect(download_url(document))
        job = services.request_document(kind, target, user=request.user)
    except ServiceError as exc:
        return TemplateResponse(request, "admin/documents/document/wait.html",
                                {**context, "error": exc.message, "refresh": None})
    job = Job.objects.get(pk=job.pk)  # as it is now (an in-process run finished already)
    if job.state == Job.State.SUCCEEDED:
        document = services.current_document(kind, target)
        if document is not None and document.file:
            return HttpResponseRedirect(download_url(document))
    failed = job.state == Job.State.FAILED
    error = ((job.error or {}).get("error", {}).get("message") or _("Không tạo được văn bản.")
             if failed else None)
    return TemplateResponse(request, "admin/documents/document/wait.html", {
        **context, "job": job, "progress": job.progress or 0, "error": error,
        "refresh": None if failed else REFRESH_SECONDS})


def urls(model_admin) -> list:
    view = model_admin.admin_site.admin_view(
        lambda request, kind, target: wait_view(model_admin, request, kind, target))
    return [path("wait/<str:kind>/<str:target>/", view, name="documents_document_wait")]
