"""Reads of the federation registry (Phụ lục 2). Writes live in ``federation.services``.

Other apps rely on :func:`can_enter_tournaments` and :func:`active_club_of`.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Exists, F, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce, Greatest
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.text import fold
from federation.models import (
    Attendance,
    Body,
    Club,
    ClubMembership,
    DuesPayment,
    Member,
    MembershipApplication,
    Person,
    Suspension,
)

# Điều 15.5: "không đóng hội phí 6 tháng hoặc không sinh hoạt liên tục 6 tháng".
LAPSE_MONTHS = 6


def add_months(day: date, months: int) -> date:
    """``day`` plus calendar months, clamped to the month's end (31 Aug + 6 = 28/29 Feb)."""
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


# --- membership ----------------------------------------------------------------------

#: The most possible duplicates named for one person.
DUPLICATES_SHOWN = 10


def possible_duplicates(*, full_name: str, date_of_birth: date | None,
                        citizen_id: str | None, exclude_pk: int | None = None
                        ) -> QuerySet[Person]:
    """Persons who may be this one entered before (issue #28): the same name (without
    diacritics or case) and birth date, or the same ID number; merged records left out."""

    match = Q(pk__in=[])
    folded = fold(full_name or "")
    if folded and date_of_birth:
        match |= Q(name_folded=folded, date_of_birth=date_of_birth)
    if citizen_id and citizen_id.strip():
        match |= Q(citizen_id=citizen_id.strip())
    found = Person.objects.filter(match, merged_into__isnull=True)
    if exclude_pk is not None:
        found = found.exclude(pk=exclude_pk)
    return found.select_related("province").order_by("pk")


def active_member_of(person: Person) -> Member | None:
    """The person's open (active) membership, if any."""
    return Member.objects.filter(person=person, status=Member.Status.ACTIVE).first()


def member_on(person: Person, on_date: date) -> Member | None:
    """The membership covering ``on_date``: joined on or before it, not ended by then.

    ``ended_on`` is the first day without membership (the effective date of a
    resignation or of the lapse decision).
    """
    return (Member.objects
            .filter(person=person, joined_on__lte=on_date)
            .filter(Q(ended_on__isnull=True) | Q(ended_on__gt=on_date))
            .order_by("-joined_on").first())


def current_club_membership(member: Member) -> ClubMembership | None:
    return member.club_memberships.filter(ended_on__isnull=True).select_related("club").first()


def shown_club_memberships() -> QuerySet[ClubMembership]:
    """The one rule for the club shown for a player (his public profile, the public standings
    rows, the rating lists, an event's PDFs): the open club membership (no ``ended_on``) of
    his *active* membership. A lapsed or ended membership shows no club, even when its club
    stint was left open (an imported or hand-edited record); a player who entered an event
    under an old membership is shown with the club of his active one."""
    return ClubMembership.objects.filter(ended_on__isnull=True,
                                         member__status=Member.Status.ACTIVE)


def shown_clubs(person_ids) -> dict[int, tuple[int, str]]:
    """Person id -> (club id, club name) by :func:`shown_club_memberships`, for the persons
    ``person_ids`` (ids or a ``values("…person_id")`` subquery). One query."""
    return {person: (club, name) for person, club, name in shown_club_memberships()
            .filter(member__person_id__in=person_ids)
            .values_list("member__person_id", "club_id", "club__name")}


def active_club_of(person: Person) -> Club | None:
    """The club of the person's active membership, or None (not an active member)."""
    membership = (shown_club_memberships().filter(member__person=person)
                  .select_related("club", "club__province").first())
    return membership.club if membership else None


def suspension_on(person: Person, on_date: date) -> Suspension | None:
    """The suspension in force on ``on_date`` (``ends_on`` is its last day, inclusive)."""
    return (Suspension.objects
            .filter(person=person, starts_on__lte=on_date, ends_on__gte=on_date)
            .filter(Q(lifted_on__isnull=True) | Q(lifted_on__gt=on_date))
            .order_by("-ends_on").first())


def can_enter_tournaments(person: Person, on_date: date) -> tuple[bool, str]:
    """May ``person`` be entered in a tournament played on ``on_date``? (Điều 8, 15.5, 15.6)

    Yes when a membership covers that date (joined on or before it and not ended
    by resignation or lapse) and no suspension is in force that day. The reason
    (Vietnamese, translated by Accept-Language) says why not; it is "" when allowed.
    """
    member = member_on(person, on_date)
    if member is None:
        return False, _("%(name)s không phải hội viên đang sinh hoạt của Liên đoàn vào ngày "
                        "%(date)s.") % {"name": person.full_name, "date": on_date.strftime("%d/%m/%Y")}
    suspension = suspension_on(person, on_date)
    if suspension is not None:
        return False, _("%(name)s đang bị đình chỉ thi đấu đến hết ngày %(until)s theo quyết "
                        "định %(decision)s (Điều 15.6).") % {
            "name": person.full_name, "until": suspension.ends_on.strftime("%d/%m/%Y"),
            "decision": suspension.decision_reference}
    return True, ""


# --- scopes -------------------------------------------------------------------------------

def body_and_descendant_ids(body_ids: set[int]) -> set[int]:
    """The bodies given and every body below them (a provincial body includes its districts)."""
    found = set(body_ids)
    frontier = set(body_ids)
    while frontier:
        frontier = set(Body.objects.filter(parent_id__in=frontier)
                       .values_list("id", flat=True)) - found
        found |= frontier
    return found


def officer_body_ids(user) -> set[int]:
    """Bodies the user administers as an officer, including the bodies below them."""
    if not getattr(user, "is_authenticated", False):
        return set()
    direct = set(user.officer_of.values_list("body_id", flat=True))
    return body_and_descendant_ids(direct) if direct else set()


def clubs_in_scope(user) -> QuerySet[Club]:
    """Clubs whose members' records the user manages: staff all; officers their bodies' clubs;
    club managers their own clubs."""
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    if user.is_staff:
        return Club.objects.all()
    return Club.objects.filter(Q(body_id__in=officer_body_ids(user)) | Q(managers=user)).distinct()


def club_ids_in_scope(user) -> set[int] | None:
    """Ids of :func:`clubs_in_scope`, or None meaning "every club" (staff)."""
    if getattr(user, "is_staff", False):
        return None
    return set(clubs_in_scope(user).values_list("id", flat=True))


def current_club_subquery():
    """Subquery: the club id of a member's open club membership (annotate on Member)."""
    return Subquery(ClubMembership.objects.filter(member=OuterRef("pk"), ended_on__isnull=True)
                    .values("club_id")[:1])


def person_current_club_subquery():
    """Subquery: the club id of a person's active membership (annotate on Person)."""
    return Subquery(shown_club_memberships().filter(member__person=OuterRef("pk"))
                    .values("club_id")[:1])


# --- lapse (Điều 15.5) ---------------------------------------------------------------------

@dataclass(frozen=True)
class LapseDue:
    """When a member lapses under Điều 15.5 unless they pay or attend before then."""

    member_id: int
    rule: str            # Member.EndRule value
    reference: date      # the day the 6 months count from
    deadline: date       # reference + 6 months: the last day still in good standing

    def lapses_on(self, day: date) -> bool:
        return day > self.deadline


def lapse_clock_start(joined_on: date, reinstated_on: date | None) -> date:
    return max(joined_on, reinstated_on) if reinstated_on else joined_on


def lapse_due(member_id: int, joined_on: date, reinstated_on: date | None,
              dues_until: date | None, last_activity: date | None) -> LapseDue:
    """The earlier of the two Điều 15.5 deadlines for one member (see docs/decisions-federation.md).

    * dues: 6 months counted from the end of the last paid dues period;
    * activity: 6 months counted from the last attendance (club session or tournament);
    in both cases never from before joining or the last reinstatement. On a tie the
    dues rule is recorded.
    """
    start = lapse_clock_start(joined_on, reinstated_on)
    dues_ref = max(dues_until, start) if dues_until else start
    activity_ref = max(last_activity, start) if last_activity else start
    dues_deadline = add_months(dues_ref, LAPSE_MONTHS)
    activity_deadline = add_months(activity_ref, LAPSE_MONTHS)
    if dues_deadline <= activity_deadline:
        return LapseDue(member_id, Member.EndRule.NO_DUES, dues_ref, dues_deadline)
    return LapseDue(member_id, Member.EndRule.NO_ACTIVITY, activity_ref, activity_deadline)


class LapseFacts(TypedDict):
    """What :func:`active_members_with_lapse_facts` adds to each member (Điều 15.5)."""

    dues_until: date | None
    last_activity: date | None


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    MemberWithLapseFacts = WithAnnotations[Member, LapseFacts]


def active_members_with_lapse_facts() -> QuerySet[MemberWithLapseFacts]:
    """Active members annotated with ``dues_until`` and ``last_activity``."""
    dues_until = Subquery(DuesPayment.objects.filter(member=OuterRef("pk"))
                          .values("member").annotate(m=Max("period_end")).values("m")[:1])
    last_activity = Subquery(Attendance.objects.filter(member=OuterRef("pk"))
                             .values("member").annotate(m=Max("date")).values("m")[:1])
    return (Member.objects.filter(status=Member.Status.ACTIVE)
            .annotate(dues_until=dues_until, last_activity=last_activity))


def lapse_due_of_annotated(member: MemberWithLapseFacts) -> LapseDue:
    """The lapse deadline of a member of :func:`active_members_with_lapse_facts` (no query)."""
    return lapse_due(member.pk, member.joined_on, member.reinstated_on, member.dues_until,
                     member.last_activity)


def lapse_due_of(member: Member) -> LapseDue:
    """The lapse deadline of one member (queries its dues and attendance)."""
    facts = active_members_with_lapse_facts().filter(pk=member.pk).values(
        "id", "joined_on", "reinstated_on", "dues_until", "last_activity").first()
    if facts is None:  # not active: compute anyway from its records
        facts = {"id": member.pk, "joined_on": member.joined_on,
                 "reinstated_on": member.reinstated_on,
                 "dues_until": member.dues.aggregate(m=Max("period_end"))["m"],
                 "last_activity": member.attendance.aggregate(m=Max("date"))["m"]}
    return lapse_due(facts["id"], facts["joined_on"], facts["reinstated_on"],
                     facts["dues_until"], facts["last_activity"])


def lapse_dues(members: QuerySet[Member] | None = None):
    """Yield :class:`LapseDue` for every active member (of ``members`` if given)."""
    queryset = active_members_with_lapse_facts()
    if members is not None:
        queryset = queryset.filter(pk__in=members.values("pk"))
    rows = queryset.values_list("id", "joined_on", "reinstated_on", "dues_until",
                                "last_activity").order_by("id")
    for row in rows.iterator(chunk_size=2000):
        yield lapse_due(*row)


def applications_to_decide() -> QuerySet[MembershipApplication]:
    """Applications waiting for a decision (Điều 8.3), oldest first."""
    return MembershipApplication.objects.filter(
        status=MembershipApplication.Status.PENDING).order_by("submitted_on", "pk")


def _first_reference_reaching(day: date) -> date:
    """The earliest reference date whose Điều 15.5 deadline (reference + 6 months) is on or
    after ``day`` (``add_months`` never decreases, so later references reach it too)."""
    reference = add_months(day, -LAPSE_MONTHS) - timedelta(days=4)
    while add_months(reference, LAPSE_MONTHS) < day:
        reference += timedelta(days=1)
    return reference


def about_to_lapse_queryset(on_date: date, within_days: int = 30) -> QuerySet[Member]:
    """The members of ``members_about_to_lapse``, selected in SQL (the admin's dashboard and
    filter count them at every load: one query, not one Python pass over every member).

    A member's deadline is ``add_months(min(dues reference, activity reference), 6)``, each
    reference being the later of the clock's start and the last dues end / activity day, and
    ``add_months`` never decreases, so "deadline in [on_date, on_date + within_days)" is
    "both references ≥ r0, and one of them < r1" (r0, r1: the first references reaching
    on_date and the horizon) — tests of existing rows (semi-joins), no per-member maximum."""
    r0 = _first_reference_reaching(on_date)
    r1 = _first_reference_reaching(on_date + timedelta(days=within_days))

    def paid(since: date) -> Exists:
        return Exists(DuesPayment.objects.filter(member=OuterRef("pk"), period_end__gte=since))

    def active(since: date) -> Exists:
        return Exists(Attendance.objects.filter(member=OuterRef("pk"), date__gte=since))

    started = Q(start__gte=r0)
    before_horizon = Q(start__lt=r1)
    return (Member.objects.filter(status=Member.Status.ACTIVE)
            .alias(start=Greatest(F("joined_on"), Coalesce(F("reinstated_on"), F("joined_on"))))
            .filter((started | paid(r0)) & (started | active(r0))
                    & before_horizon & (~paid(r1) | ~active(r1))))


def members_about_to_lapse(on_date: date, within_days: int = 30,
                           members: QuerySet[Member] | None = None) -> list[LapseDue]:
    """Active members whose Điều 15.5 deadline falls within ``within_days`` after ``on_date``
    (and who have not already passed it), earliest first."""
    horizon = on_date + timedelta(days=within_days)
    due = [d for d in lapse_dues(members) if on_date <= d.deadline < horizon]
    return sorted(due, key=lambda d: (d.deadline, d.member_id))


# --- the member page (admin) ---------------------------------------------------------------

@dataclass(frozen=True)
class DuesStatus:
    """Where a member stands with dues and activity (Điều 9.3, 15.5)."""

    paid_until: date | None       # end of the last paid dues period
    last_payment: DuesPayment | None
    last_activity: date | None    # last club session or tournament day
    lapse: LapseDue | None        # the Điều 15.5 deadline (active members only)


def dues_status(member: Member) -> DuesStatus:
    last_payment = member.dues.order_by("-period_end", "-pk").first()
    last_activity = member.attendance.aggregate(m=Max("date"))["m"]
    lapse = lapse_due_of(member) if member.status == Member.Status.ACTIVE else None
    return DuesStatus(last_payment.period_end if last_payment else None, last_payment,
                      last_activity, lapse)


def sponsor_of(member: Member) -> Member | None:
    """The member who sponsored the application this membership came from (Điều 8.2)."""
    application = (MembershipApplication.objects.filter(member=member)
                   .select_related("sponsor__person").first())
    return application.sponsor if application else None


def suspensions_of(person: Person) -> QuerySet[Suspension]:
    return Suspension.objects.filter(person=person).order_by("-starts_on")


def person_entered_by_only(person: Person, user) -> bool:
    """Whether every version of ``person``'s record was written by ``user`` (its history) and
    the person never had a membership: then all of its private data is what ``user`` typed
    himself (issue 31: what a pending application of his may show him)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if Member.objects.filter(person=person).exists():
        return False
    versions = Person.history.filter(id=person.pk)
    return (versions.filter(history_user_id=user.pk).exists()
            and not versions.exclude(history_user_id=user.pk).exists())


# --- lists the staff print (issue 29: Excel) ----------------------------------------------------

#: rows of one printed list; a whole province's members fit, a runaway query does not
PRINT_MAX_ROWS = 20_000


def _bounded(rows: QuerySet) -> list:
    found = list(rows[:PRINT_MAX_ROWS + 1])
    if len(found) > PRINT_MAX_ROWS:
        raise ServiceError(_("Danh sách quá dài để in: tối đa %(n)s dòng; lọc bớt (theo câu "
                             "lạc bộ, tỉnh, trạng thái).") % {"n": PRINT_MAX_ROWS},
                           code="too_many_rows")
    return found


def members_table(members: QuerySet) -> tuple[list[str], list[list[object]]]:
    """Members as printed (public columns only: never date of birth, ID number or contact);
    ``members`` prefetches their club memberships (the current club is the open one)."""
    header = [_("Số thẻ"), _("Họ tên"), _("Giới tính"), _("Tỉnh/thành"), _("Câu lạc bộ"),
              _("Trạng thái"), _("Ngày gia nhập")]
    rows = []
    for member in _bounded(members):
        person = member.person
        current = next((m.club.name for m in member.club_memberships.all()
                        if m.ended_on is None), "")
        rows.append([member.card_number, person.full_name, person.get_gender_display(),
                     person.province.name if person.province else "", current,
                     member.get_status_display(), member.joined_on])
    return header, rows


def applications_table(applications: QuerySet) -> tuple[list[str], list[list[object]]]:
    """Membership applications as printed (Điều 8.2-8.3): no private data of the applicant."""
    header = [_("Số đơn"), _("Ngày nộp"), _("Người xin gia nhập"), _("Câu lạc bộ"),
              _("Người giới thiệu"), _("Trạng thái"), _("Số thẻ")]
    rows = [[a.pk, a.submitted_on, a.person.full_name, a.club.name,
             a.sponsor.person.full_name, a.get_status_display(),
             a.member.card_number if a.member else ""]
            for a in _bounded(applications.select_related(
                "person", "club", "sponsor__person", "member"))]
    return header, rows
