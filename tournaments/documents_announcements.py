"""The event's public announcements as one printed list (issue 30, "the public site and the
PDFs show the new records where the regulations make them public"): the amendments of the
published regulations with their dates and reasons (Phụ lục 5 "điều lệ đã công bố thì không
thay đổi", Điều 21.3), the outcomes of decided complaints (Điều 15.6, 19.2; Luật Cờ Vua
Phần 2 Điều 2.7) and the sanctions of the event, public part only (Điều 16.1d-e, 16.2: "Ban
tổ chức giải phải tuyên bố hình thức kỷ luật này bằng văn bản"). The same rows as the event
page and ``/ky-luat/``: never a complaint's grounds or who filed it, never a sanction's reason.
"""

from __future__ import annotations

from datetime import date

from django.utils import timezone

from documents.models import Document
from documents.targets import get_object, parse_target
from tournaments import selectors_complaints, selectors_regulations
from tournaments.documents_common import tournament_head
from tournaments.models import Tournament
from tournaments.public_sanctions import PublicEventSanctionSerializer, PublicEventSanctionViewSet


def _day(iso: str | None) -> str:
    return date.fromisoformat(iso).strftime("%d/%m/%Y") if iso else ""


def _amendments(tournament: Tournament) -> list[dict]:
    return [{"number": a.number, "reason": a.reason,
             "on": timezone.localtime(a.amended_at).strftime("%d/%m/%Y"),
             "changes": selectors_regulations.amendment_lines(a)}
            for a in tournament.amendments.order_by("number")]


def _complaints(tournament: Tournament) -> list[dict]:
    return [{**c, "on": _day(c["decided_on"])}
            for c in selectors_complaints.public_complaints(tournament)]


def _sanctions(tournament: Tournament) -> list[dict]:
    entries = PublicEventSanctionViewSet.queryset.filter(tournament=tournament)
    rows = PublicEventSanctionSerializer(entries, many=True).data
    return [{**row, "on": _day(row["on"])} for row in rows]


def announcements_data(target: str) -> dict:
    """Amendments, decided complaints and the event's sanctions (public parts), in order."""
    parsed = parse_target(Document.Kind.ANNOUNCEMENTS, target)
    tournament = get_object(Tournament, parsed["tournament"])
    return {"tournament": tournament_head(tournament),
            "amendments": _amendments(tournament), "complaints": _complaints(tournament),
            "sanctions": _sanctions(tournament)}
