"""Who may do what in an event (docs/decisions-tournaments.md; the rules are listed in
``tournaments.selectors``' docstring): organise, manage, direct, arbitrate (Điều 20), enter a
club's members, see a draft. Re-exported by ``tournaments.selectors``."""

from __future__ import annotations

from datetime import date

from django.db.models import Q, QuerySet

from federation.models import Body, Club, Person
from federation.permissions import can_manage_club
from federation.selectors import can_enter_tournaments, officer_body_ids
from tournaments.models import (
    Official,
    Tournament,
)

# --- permissions ---------------------------------------------------------------------------

def _is_user(user) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def _officer_body_ids(user) -> set[int]:
    if not _is_user(user):
        return set()
    return officer_body_ids(user)


def can_organise(user, *, body: Body | None = None, club: Club | None = None) -> bool:
    """May the user create/manage tournaments organised by ``body`` or ``club``?"""
    if not _is_user(user):
        return False
    if user.is_staff:
        return True
    bodies = _officer_body_ids(user)
    if body is not None and body.pk in bodies:
        return True
    if club is not None:
        return club.body_id in bodies or club.managers.filter(pk=user.pk).exists()
    return False


def can_manage(user, tournament: Tournament) -> bool:
    return can_organise(user, body=tournament.organiser_body, club=tournament.organiser_club)


def is_assigned_arbiter(user, tournament: Tournament) -> bool:
    if not _is_user(user):
        return False
    return Official.objects.filter(tournament=tournament, person__user=user,
                                   role__in=Official.ARBITER_ROLES).exists()


def has_role(user, tournament: Tournament, *roles: str) -> bool:
    """Does the user hold one of ``roles`` on the event (``Official.Role``)?"""
    return _is_user(user) and Official.objects.filter(
        tournament=tournament, person__user=user, role__in=roles).exists()


def can_direct(user, tournament: Tournament) -> bool:
    """The chief arbiter's powers (Điều 20.3: assign arbiters to boards, suspend the event):
    staff, the chief arbiter, or a deputy (who stands in for him, Điều 20.3 phó tổng trọng
    tài)."""
    return _is_user(user) and (user.is_staff or has_role(
        user, tournament, Official.Role.CHIEF, Official.Role.DEPUTY))


def can_arbitrate(user, tournament: Tournament) -> bool:
    """Pairing, result entry, withdrawals: staff or an arbiter assigned to this tournament."""
    return _is_user(user) and (user.is_staff or is_assigned_arbiter(user, tournament))


def can_enter_for_club(user, member) -> bool:
    """May the user enter ``member`` in an event (or withdraw him before the deadline) on
    behalf of his club? The managers of the member's current club, the officers over that
    club and staff (``federation.permissions.can_manage_club``). The event's own checks
    (open for registration, deadline, quota, eligibility) apply on top."""

    if not _is_user(user) or member is None:
        return False
    stint = (member.club_memberships.filter(ended_on__isnull=True).select_related("club")
             .first())
    return stint is not None and can_manage_club(user, stint.club)


def visible_tournaments(user) -> QuerySet[Tournament]:
    """Anyone sees published tournaments; drafts only their organisers and arbiters."""
    tournaments = Tournament.objects.select_related("organiser_body", "organiser_club")
    if _is_user(user) and user.is_staff:
        return tournaments
    public = ~Q(status=Tournament.Status.DRAFT)
    if not _is_user(user):
        return tournaments.filter(public)
    bodies = _officer_body_ids(user)
    mine = (Q(organiser_body_id__in=bodies) | Q(organiser_club__body_id__in=bodies)
            | Q(organiser_club__managers=user) | Q(officials__person__user=user)
            | Q(created_by=user))
    return tournaments.filter(public | mine).distinct()


def can_enter(person: Person, on_date: date) -> tuple[bool, str]:
    """Active member and not suspended (``federation.selectors.can_enter_tournaments``)."""
    return can_enter_tournaments(person, on_date)
