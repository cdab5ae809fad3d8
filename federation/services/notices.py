"""What the federation tells people by email (issue 32, through ``core.notifications``):
each function runs inside the service's transaction, so the notification exists exactly
when the record that causes it does."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse

from core import dates, notifications
from core.notifications import Kind, Recipient
from federation.models import (
    Club,
    ClubMembership,
    LapseWarning,
    Member,
    MembershipApplication,
    Person,
    Suspension,
)
from federation.selectors import LapseDue, members_about_to_lapse

#: days before a Điều 15.5 deadline the club is warned (the club page's list: 30 days)
LAPSE_WARNING_DAYS = 30


def link(name: str, *args: Any) -> str:
    return settings.SITE_URL + reverse(name, args=args)


def club_recipients(club: Club) -> list[Recipient]:
    """The club's managers (their sign-in accounts): "to the club"."""
    return notifications.recipients_of(club.managers.all())


def person_recipients(person: Person) -> list[Recipient]:
    """The person himself: his account, else the address on his record."""
    if person.user_id:
        return notifications.recipients_of([person.user])
    return notifications.recipients_of([], person.email)


def application_received(application: MembershipApplication) -> None:
    notifications.notify(
        Kind.APPLICATION_RECEIVED,
        club_recipients(application.club) + person_recipients(application.person),
        {"club": application.club.name, "person_name": application.person.full_name,
         "submitted_on": application.submitted_on,
         "link": link("workspace:club-applications", application.club_id)},
        key=f"application-received:{application.pk}")


def _decided_context(application: MembershipApplication) -> dict[str, Any]:
    status = MembershipApplication.Status
    annulled = application.status == status.ANNULLED
    return {"club": application.club.name, "person_name": application.person.full_name,
            "approved": application.status == status.APPROVED, "annulled": annulled,
            "reason": application.annulment_reason if annulled else application.rejection_reason,
            "refusal_until": dates.dmy(application.refusal_until),
            "card_number": application.member.card_number if application.member else "",
            "link": link("workspace:club-applications", application.club_id)}


def application_decided(application: MembershipApplication) -> None:
    """To the club and the person; once for the decision, once more for an annulment."""
    step = "annulled" if application.status == MembershipApplication.Status.ANNULLED else "decided"
    notifications.notify(
        Kind.APPLICATION_DECIDED,
        club_recipients(application.club) + person_recipients(application.person),
        _decided_context(application), key=f"application-{step}:{application.pk}")


def admission_by_club(application: MembershipApplication) -> None:
    """The body's officers learn that a club admitted a member (Phụ lục 2 Điều 15.2): they
    may refuse until ``refusal_until``."""
    officers = [o.user for o in application.club.body.officers.select_related("user")]
    notifications.notify(
        Kind.APPLICATION_DECIDED, notifications.recipients_of(officers),
        {**_decided_context(application),
         "link": link("workspace:body-application", application.club.body_id, application.pk)},
        key=f"application-admitted:{application.pk}")


def suspension_recorded(suspension: Suspension, club: Club | None) -> None:
    """To the person and his club's managers (Điều 15.6)."""
    recipients = person_recipients(suspension.person)
    if club is not None:
        recipients += club_recipients(club)
    notifications.notify(
        Kind.SUSPENSION, recipients,
        {"person_name": suspension.person.full_name, "starts_on": suspension.starts_on,
         "ends_on": suspension.ends_on, "decision": suspension.decision_reference,
         "article": suspension.article, "reason": suspension.reason},
        key=f"suspension:{suspension.pk}")


def warn_lapses(on: date, within_days: int = LAPSE_WARNING_DAYS) -> int:
    """Tell each club which of its members reach their Điều 15.5 deadline within
    ``within_days`` of ``on``; each member and deadline once (:class:`LapseWarning`).
    Returns the members newly warned."""
    due = {d.member_id: d for d in members_about_to_lapse(on, within_days)}
    if not due:
        return 0
    warned = set(LapseWarning.objects.filter(member_id__in=due)
                 .values_list("member_id", "deadline"))
    fresh = {pk: d for pk, d in due.items() if (pk, d.deadline) not in warned}
    stints = (ClubMembership.objects.filter(member_id__in=fresh, ended_on__isnull=True)
              .select_related("club", "member__person"))
    by_club: dict[Club, list[tuple[Member, LapseDue]]] = defaultdict(list)
    for stint in stints:
        by_club[stint.club].append((stint.member, fresh[stint.member_id]))
    count = 0
    for club, members in by_club.items():
        with transaction.atomic():
            LapseWarning.objects.bulk_create(
                [LapseWarning(member=m, deadline=d.deadline, warned_on=on) for m, d in members],
                ignore_conflicts=True)
            notifications.notify(
                Kind.LAPSE_WARNING, club_recipients(club),
                {"club": club.name, "members": [
                    {"name": m.person.full_name, "card": m.card_number, "deadline": d.deadline,
                     "reason": Member.EndRule(d.rule).label} for m, d in members],
                 "link": link("workspace:club", club.pk)},
                key=f"lapse-warning:{club.pk}:{on.isoformat()}")
        count += len(members)
    return count




def decision_issued(decision: Any, person: Person, club: Club | None = None) -> None:
    """An issued decision about ``person`` (a title awarded, a sanction): to him and, when
    known, his club (``decision``: a documents.Decision)."""
    recipients = person_recipients(person)
    if club is None:
        stint = (ClubMembership.objects.filter(member__person=person, ended_on__isnull=True,
                                               member__status=Member.Status.ACTIVE)
                 .select_related("club").first())
        club = stint.club if stint else None
    if club is not None:
        recipients += club_recipients(club)
    notifications.notify(
        Kind.DECISION_ISSUED, recipients,
        {"number": decision.formatted_number, "subject": decision.subject,
         "issued_on": decision.issued_on, "kind_label": decision.get_kind_display(),
         "person_name": person.full_name, "link": link("workspace:me")},
        key=f"decision:{decision.pk}:{person.pk}")
