"""A person's copy of everything the federation holds about him (Nghị định 13/2023/NĐ-CP
Điều 14): JSON, or a readable PDF (WeasyPrint, as the other documents). Staff may make it at
any time (written to the access log); the person once staff completed his export request."""

from __future__ import annotations

from datetime import date, datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from core import dates
from core.hooks import provider
from documents.render import render_pdf
from federation import permissions as perms
from federation import selectors_privacy
from federation.models import DataRequest, Person, PrivateDataAccess
from federation.services._base import _require
from federation.services.privacy import record_person_read

TEMPLATE = "federation/personal_data.html"


def sections_of(person: Person) -> list[dict]:
    """The registry's parts, then the parts of the apps above it (settings.PROVIDERS)."""
    return selectors_privacy.personal_data(person) + provider("personal_data_of")(person)


def _plain(value):
    if isinstance(value, datetime):
        return timezone.localtime(value).isoformat(timespec="seconds")
    if isinstance(value, date):
        return value.isoformat()
    return "" if value is None else str(value) if not isinstance(value, int | str) else value


def _shown(value) -> str:
    if isinstance(value, datetime):
        return dates.dmy(timezone.localtime(value).date()) + timezone.localtime(value).strftime(
            " %H:%M")
    if isinstance(value, date):
        return dates.dmy(value)
    return "" if value is None else str(value)


def export_for(request: DataRequest, *, by, output: str = "json",
               path: str = "") -> tuple[dict, bytes | None]:
    """(the JSON, the PDF bytes when ``output`` is ``pdf``) of the request's person."""
    own = perms.is_authenticated(by) and request.person.user_id == by.pk
    _require(perms.is_staff(by) or (own and request.state == DataRequest.State.DONE),
             _("Bản sao dữ liệu có sau khi Liên đoàn xử lý yêu cầu."))
    _require(request.kind == DataRequest.Kind.EXPORT,
             _("Chỉ yêu cầu cung cấp bản sao dữ liệu mới có bản sao để tải."))
    person = request.person
    with override("vi"):  # the copy is in Vietnamese, as the federation's documents
        sections = sections_of(person)
    data = {"person": person.pk, "full_name": person.full_name,
            "made_at": timezone.now().isoformat(timespec="seconds"),
            "sections": [{**s, "rows": [[_plain(v) for v in row] for row in s["rows"]]}
                         for s in sections]}
    record_person_read(by, person, Person.PRIVATE_FIELDS, via=PrivateDataAccess.Via.EXPORT,
                       path=path)
    if output != "pdf":
        return data, None
    shown = [{**s, "rows": [[_shown(v) for v in row] for row in s["rows"]]} for s in sections]
    pdf, _pages = render_pdf(TEMPLATE, {
        "person_name": person.full_name, "sections": shown,
        "made_on": dates.dmy(timezone.localdate()), "received_at": _shown(request.received_at)})
    return data, pdf
