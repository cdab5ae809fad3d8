"""The federation's document kinds (``documents.registry``): the member card and the
year's disciplinary announcements (Điều 15.6, 16.2)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from documents.admin_actions import pdf_action
from documents.models import Document
from documents.registry import DocumentKind
from documents.targets import get_object, parse_target
from federation.models import ClubMembership, Member
from federation.public_api import PublicSanctionSerializer, PublicSanctionViewSet


def member_card_data(pk: str) -> dict[str, Any]:
    member = get_object(Member, pk)
    stint = member.club_memberships.select_related("club__province").order_by("-started_on").first()
    club = stint.club if stint else None
    return {
        "card_number": member.card_number, "name": member.person.full_name,
        "club": club.name if club else "", "province": club.province.name if club else "",
        "joined_on": member.joined_on,
    }


def _may_print_card(user: Any, parsed: dict[str, int]) -> bool:
    """A member's card: the managers of his current club (and staff), and the member himself
    while he is a member (issue 27: the person prints his own card; a card of a membership
    that has ended would attest what is no longer true)."""
    if not user.is_authenticated:
        return False
    own = Member.objects.filter(pk=parsed["id"], person__user=user,
                                status=Member.Status.ACTIVE).exists()
    return own or ClubMembership.objects.filter(
        member_id=parsed["id"], ended_on__isnull=True, club__managers=user).exists()


def sanctions_data(target: str) -> dict[str, Any]:
    """The suspensions in force during a year, public part only (Điều 15.6; 16.2 "tuyên bố
    hình thức kỷ luật này bằng văn bản"): the rows ``/ky-luat/`` and the public API show —
    name, club, province, sanction and article, dates, decision; never the reason."""
    year = parse_target(Document.Kind.SANCTIONS, target)["year"]
    if not 2000 <= year <= 2999:
        raise ServiceError(_("Không có năm %(year)s.") % {"year": year}, field="target",
                           code="not_found")
    rows = PublicSanctionViewSet.queryset.filter(starts_on__lte=date(year, 12, 31),
                                                 ends_on__gte=date(year, 1, 1))
    day = "%d/%m/%Y"
    return {"year": year, "rows": [
        {**row, **{name: date.fromisoformat(row[name]).strftime(day) if row[name] else ""
                   for name in ("starts_on", "ends_on", "lifted_on", "decision_issued_on")}}
        for row in PublicSanctionSerializer(rows, many=True).data]}


SUBJECTS = {f"{Document.Kind.MEMBER_CARD}:<id>": Member}
KINDS = [
    DocumentKind(Document.Kind.MEMBER_CARD, "documents/member_card.html", ("<id>",),
                 member_card_data,
                 lambda target, card: f"the-hoi-vien-{card['card_number']}.pdf",
                 _may_print_card),
    DocumentKind(Document.Kind.SANCTIONS, "documents/sanctions.html", ("year:<n>",),
                 sanctions_data, lambda target, data: f"ky-luat-{data['year']}.pdf",
                 lambda user, parsed: True),  # public, as the page /ky-luat/
]

# Member admin
member_card_pdf = pdf_action(Document.Kind.MEMBER_CARD, gettext_lazy("PDF: thẻ hội viên"),
                             lambda members: [str(m.pk) for m in members], "members")
