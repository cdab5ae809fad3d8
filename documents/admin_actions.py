"""Admin actions and links that produce official documents, for the other apps' admin pages.

Each action asks for the document of every selected object: a PDF that is current is
offered for download at once (one object selected: the browser goes straight to it), the
others are rendered by the worker job and appear under "Văn bản PDF" when done. The apps
declare their actions next to their document kinds (``games/documents.py``)::

    scoresheet_pdf = pdf_action("scoresheet", _("PDF: biên bản"), to_targets, "games")
    class GameRecordAdmin(...):
        actions = [..., scoresheet_pdf]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from core.errors import ServiceError
from documents import services


def download_url(document) -> str:
    return reverse("admin:documents_document_pdf", args=[document.pk])


def open_url(kind: str, target: str) -> str:
    """Admin URL that downloads the current PDF, or starts its job and says so."""
    return reverse("admin:documents_document_open", args=[kind, target])


def document_link(kind: str, target: str, label: str) -> str:
    """An HTML link for an admin page (e.g. a readonly field) to the document."""
    return format_html('<a href="{}">{}</a>', open_url(kind, target), label)


def produce(modeladmin, request, kind: str, targets: Iterable[str]):
    """Ask for each document; redirect to the PDF when one current document was asked."""
    ready, queued, failed = [], 0, []
    targets = list(targets)
    for target in targets:
        try:
            document = services.current_document(kind, target)
            if document is None:
                services.request_document(kind, target, user=request.user)
                queued += 1
            else:
                ready.append(document)
        except ServiceError as exc:
            failed.append(f"{target}: {exc.message}")
    if len(targets) == 1 and ready:
        return HttpResponseRedirect(download_url(ready[0]))
    if ready:
        links = format_html_join(", ", '<a href="{}">{}</a>',
                                 ((download_url(d), d.target) for d in ready))
        modeladmin.message_user(request, format_html("{} {}", _("Đã có PDF:"), links),
                                messages.SUCCESS)
    if queued:
        modeladmin.message_user(
            request, _("Đang tạo %(n)s văn bản PDF; xem mục “Văn bản PDF” khi xong.")
            % {"n": queued}, messages.INFO)
    for message in failed:
        modeladmin.message_user(request, message, messages.ERROR)
    return None


def pdf_action(kind: str, description, targets: Callable[[Any], Iterable[str]],
               name: str) -> Callable:
    """An admin action asking for the ``kind`` document of each selected object; ``targets``
    turns the queryset into targets; the action is called ``<kind>_pdf__<name>``."""
    def action(modeladmin, request, queryset):
        return produce(modeladmin, request, kind, targets(queryset))

    action.__name__ = f"{kind}_pdf__{name}"
    return admin.action(description=description)(action)
