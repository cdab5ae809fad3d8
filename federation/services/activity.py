"""Membership changes: transfers, dues, attendance and tournament activity (Điều 9, 15.5)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _stored

from core.errors import ServiceError
from federation import cache_scopes
from federation import permissions as perms
from federation.models import (
    Attendance,
    Club,
    ClubMembership,
    DuesPayment,
    Member,
    MemberEvent,
)
from federation.selectors import (
    active_club_of,
    current_club_membership,
)
from federation.services._base import _require, _today
from federation.services.applications import resolve_member

# --- membership changes ---------------------------------------------------------------------

def _locked_active(member: Member, field: str = "member") -> Member:
    member = Member.objects.select_for_update().select_related("person").get(pk=member.pk)
    if member.status != Member.Status.ACTIVE:
        raise ServiceError(_("Hội viên %(card)s không còn sinh hoạt (%(status)s).")
                           % {"card": member.card_number, "status": member.get_status_display()},
                           field=field, code="not_active")
    return member


@cache_scopes.touches
@transaction.atomic
def transfer_member(member: Member, *, to_club: Club, on: date | None = None, note: str = "",
                    by) -> ClubMembership:
    """Move an active member to another club: closes the current ClubMembership on ``on``
    and opens one in ``to_club`` (one active club membership at a time; history kept)."""
    member = _locked_active(member)
    current = current_club_membership(member)
    _require(perms.can_decide_for_club(by, to_club)
             or (current is not None and perms.can_decide_for_club(by, current.club)))
    on = on or _today()
    if on > _today():
        raise ServiceError(_("Không ghi ngày trong tương lai."), field="date")
    if not to_club.is_active:
        raise ServiceError(_("Câu lạc bộ này không còn hoạt động."), field="to_club")
    if current is not None:
        if current.club_id == to_club.pk:
            raise ServiceError(_("Hội viên đã sinh hoạt tại câu lạc bộ này."), field="to_club")
        if on < current.started_on:
            raise ServiceError(_("Ngày chuyển phải từ ngày %(start)s trở đi.")
                               % {"start": current.started_on.strftime("%d/%m/%Y")}, field="date")
        current.ended_on = on
        current.save()
    opened = ClubMembership.objects.create(member=member, club=to_club, started_on=on)
    MemberEvent.objects.create(
        member=member, kind=MemberEvent.Kind.TRANSFERRED, date=on, by=by, note=note or (
            _stored("Từ %(old)s sang %(new)s") % {"old": current.club.name if current else "—",
                                             "new": to_club.name}))
    return opened


def _member_club_for_record(member: Member, club: Club | None, by) -> Club:
    current = current_club_membership(member)
    if current is None:
        raise ServiceError(_("Hội viên %(card)s không sinh hoạt ở câu lạc bộ nào.")
                           % {"card": member.card_number}, field="member", code="not_member")
    if club is not None and club.pk != current.club_id:
        raise ServiceError(_("Hội viên %(card)s không phải hội viên của câu lạc bộ %(club)s.")
                           % {"card": member.card_number, "club": club.name}, field="member",
                           code="not_member")
    _require(perms.can_manage_club(by, current.club))
    return current.club


@transaction.atomic
def record_dues(*, member, amount: Decimal | int, period_start: date, period_end: date,
                receipt_number: str, paid_on: date | None = None, club: Club | None = None,
                by) -> DuesPayment:
    """Dues paid to the member's club (hội phí, Điều 9.3, 15.4), with a receipt number unique
    in that club. Only an active member of the club pays dues."""
    member = member if isinstance(member, Member) else resolve_member(member, "member")
    member = _locked_active(member)
    club = _member_club_for_record(member, club, by)
    if amount is None or Decimal(amount) <= 0:
        raise ServiceError(_("Số tiền phải lớn hơn 0."), field="amount")
    if period_end < period_start:
        raise ServiceError(_("Kỳ hội phí phải kết thúc sau khi bắt đầu."), field="period_end")
    if paid_on is not None and paid_on > _today():
        raise ServiceError(_("Không ghi ngày trong tương lai."), field="paid_on")
    receipt_number = (receipt_number or "").strip()
    if not receipt_number:
        raise ServiceError(_("Hãy ghi số biên lai."), field="receipt_number")
    if DuesPayment.objects.filter(club=club, receipt_number=receipt_number).exists():
        raise ServiceError(_("Biên lai số %(n)s đã được ghi ở câu lạc bộ này.")
                           % {"n": receipt_number}, field="receipt_number", code="duplicate")
    try:
        with transaction.atomic():
            return DuesPayment.objects.create(
                member=member, club=club, amount=amount, period_start=period_start,
                period_end=period_end, receipt_number=receipt_number, paid_on=paid_on or _today(),
                recorded_by=by if perms.is_authenticated(by) else None)
    except IntegrityError as exc:
        raise ServiceError(_("Biên lai số %(n)s đã được ghi ở câu lạc bộ này.")
                           % {"n": receipt_number}, field="receipt_number",
                           code="duplicate") from exc


@transaction.atomic
def record_attendance(*, member, day: date, kind: str = Attendance.Kind.CLUB_SESSION,
                      club: Club | None = None, note: str = "", by) -> Attendance:
    """A member's activity on a day (sinh hoạt, Điều 9.3; counts against lapse, 15.5)."""
    member = member if isinstance(member, Member) else resolve_member(member, "member")
    member = _locked_active(member)
    club = _member_club_for_record(member, club, by)
    if day < member.joined_on:
        raise ServiceError(_("Ngày sinh hoạt trước ngày gia nhập."), field="date")
    if day > _today():  # a future attendance would hold off the Điều 15.5 lapse
        raise ServiceError(_("Không ghi ngày trong tương lai."), field="date")
    if Attendance.objects.filter(member=member, date=day, kind=kind).exists():
        raise ServiceError(_("Đã ghi sinh hoạt của hội viên này trong ngày %(d)s.")
                           % {"d": day.strftime("%d/%m/%Y")}, field="date", code="duplicate")
    return Attendance.objects.create(member=member, club=club, date=day, kind=kind, note=note)


@transaction.atomic
def record_session(*, club: Club, day: date, members: list, note: str = "",
                   by) -> list[Attendance]:
    """A club session: attendance of several members of ``club`` on ``day`` (all or nothing).
    Members already recorded that day are skipped."""
    _require(perms.can_manage_club(by, club))
    recorded = []
    for reference in members:
        member = reference if isinstance(reference, Member) else resolve_member(reference,
                                                                                "members")
        if Attendance.objects.filter(member=member, date=day,
                                     kind=Attendance.Kind.CLUB_SESSION).exists():
            continue
        recorded.append(record_attendance(member=member, day=day, club=club, note=note, by=by))
    return recorded


def record_tournament_activity(member: Member, day: date, note: str = "") -> Attendance | None:
    """Tournament play counts as activity (Điều 15.5); for the tournaments app (no user check).
    Idempotent: a second call for the same day returns the first record."""
    with transaction.atomic():
        attendance, _created = Attendance.objects.get_or_create(
            member=member, date=day, kind=Attendance.Kind.TOURNAMENT,
            defaults={"club": active_club_of(member.person), "note": note})
    return attendance


def record_tournament_activities(member_ids, day: date, note: str = "") -> int:
    """Bulk form of :func:`record_tournament_activity` for a whole round: one attendance per
    member and day (existing ones are kept). Returns how many members were given."""
    ids = sorted(set(member_ids))
    Attendance.objects.bulk_create(
        [Attendance(member_id=pk, date=day, kind=Attendance.Kind.TOURNAMENT, note=note[:200])
         for pk in ids], ignore_conflicts=True)
    return len(ids)
