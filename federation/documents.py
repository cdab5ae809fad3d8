"""The federation's document kinds (``documents.registry``): the member card."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from documents.admin_actions import pdf_action
from documents.models import Document
from documents.registry import DocumentKind
from documents.targets import get_object
from federation.models import ClubMembership, Member


def member_card_data(pk: str) -> dict:
    member = get_object(Member, pk)
    stint = member.club_memberships.select_related("club__province").order_by("-started_on").first()
    club = stint.club if stint else None
    return {
        "card_number": member.card_number, "name": member.person.full_name,
        "club": club.name if club else "", "province": club.province.name if club else "",
        "joined_on": member.joined_on,
    }


def _may_print_card(user, parsed: dict[str, int]) -> bool:
    """A member's card: the managers of his current club (and staff), and the member himself
    while he is a member (issue 27: the person prints his own card; a card of a membership
    that has ended would attest what is no longer true)."""
    if not user.is_authenticated:
        return False
    own = Member.objects.filter(pk=parsed["id"], person__user=user,
                                status=Member.Status.ACTIVE).exists()
    return own or ClubMembership.objects.filter(
        member_id=parsed["id"], ended_on__isnull=True, club__managers=user).exists()


SUBJECTS = {f"{Document.Kind.MEMBER_CARD}:<id>": Member}
KINDS = [
    DocumentKind(Document.Kind.MEMBER_CARD, "documents/member_card.html", ("<id>",),
                 member_card_data,
                 lambda target, card: f"the-hoi-vien-{card['card_number']}.pdf",
                 _may_print_card),
]

# Member admin
member_card_pdf = pdf_action(Document.Kind.MEMBER_CARD, gettext_lazy("PDF: thẻ hội viên"),
                             lambda members: [str(m.pk) for m in members], "members")
