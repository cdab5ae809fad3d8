"""Reads for documents: plain data for each document kind, and who may see it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import ServiceError
from documents.models import Decision, Document


def _get(model, pk: str, field: str = "target"):
    try:
        return model.objects.get(pk=int(pk))
    except (ValueError, model.DoesNotExist):
        raise ServiceError(_("Không tìm thấy đối tượng %(pk)s.") % {"pk": pk}, field=field,
                           code="not_found") from None


def decision_data(pk: str) -> dict:
    d = _get(Decision, pk)
    return {
        "number": d.number, "year": d.year, "formatted_number": d.formatted_number,
        "kind": d.kind, "issuing_body": d.issuing_body, "place": d.place,
        "issued_on": d.issued_on, "subject": d.subject, "grounds": list(d.grounds),
        "articles": list(d.articles), "recipients": list(d.recipients),
        "signer_position": d.signer_position, "signer_name": d.signer_name,
        "players": list(d.payload.get("players", [])),
    }


def member_card_data(pk: str) -> dict:
    from federation.models import Member

    member = _get(Member, pk)
    stint = member.club_memberships.select_related("club__province").order_by("-started_on").first()
    club = stint.club if stint else None
    return {
        "card_number": member.card_number, "name": member.person.full_name,
        "club": club.name if club else "", "province": club.province.name if club else "",
        "joined_on": member.joined_on,
    }


def public_decision_kinds() -> set[str]:
    """Decisions anyone may read; disciplinary ones are for staff."""
    return {Decision.Kind.TITLE_AWARD, Decision.Kind.REGULATIONS_APPROVAL}


def can_view(user, kind: str, target: str) -> bool:
    """Who may read a document of this kind about this target."""
    if user.is_authenticated and user.is_staff:
        return True
    if kind == Document.Kind.DECISION:
        return Decision.objects.filter(pk=target, kind__in=public_decision_kinds()).exists()
    if kind == Document.Kind.MEMBER_CARD:
        return user.is_authenticated and _manages_member(user, target)
    return False


def _manages_member(user, member_id: str) -> bool:
    from federation.models import ClubMembership

    return ClubMembership.objects.filter(
        member_id=member_id, ended_on__isnull=True, club__managers=user).exists()
