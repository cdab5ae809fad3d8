"""Ends of membership and their reversal: resignation (Điều 10.4), suspension (15.6),
reinstatement after a lapse (15.5)."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _stored

from core.errors import ServiceError
from documents.models import Decision
from federation import cache_scopes
from federation import permissions as perms
from federation.models import (
    ClubMembership,
    Member,
    MemberEvent,
    Person,
    Resignation,
    Suspension,
)
from federation.selectors import (
    active_member_of,
    add_months,
    current_club_membership,
)
from federation.services import notices
from federation.services._base import _require, _require_staff, _today
from federation.services.activity import _locked_active
from federation.services.applications import _check_can_join


def _close_membership(member: Member, *, status: str, rule: str, on: date) -> None:
    member.status = status
    member.ended_on = on
    member.end_rule = rule
    member.save()
    for membership in ClubMembership.objects.filter(member=member, ended_on__isnull=True):
        membership.ended_on = on
        membership.save()  # one by one: the change history records it
    cache_scopes.touch()


@cache_scopes.touches
@transaction.atomic
def resign_member(member: Member, *, applied_on: date, effective_on: date | None = None,
                  card_returned: bool = False, card_returned_on: date | None = None,
                  note: str = "", by) -> Resignation:
    """Resignation by written application to the club board, returning the card (Điều 10.4,
    15.5). The member's status becomes 'resigned' from ``effective_on`` (not in the future)."""
    member = _locked_active(member)
    current = current_club_membership(member)
    _require(perms.is_staff(by) or (current is not None and perms.can_manage_club(by, current.club)))
    effective_on = effective_on or applied_on
    if effective_on < applied_on:
        raise ServiceError(_("Ngày có hiệu lực không thể trước ngày làm đơn."),
                           field="effective_on")
    if effective_on > _today():
        raise ServiceError(_("Chỉ ghi nhận việc ra Liên đoàn khi đã có hiệu lực (không ghi "
                             "ngày trong tương lai)."), field="effective_on")
    if effective_on < max(member.joined_on, current.started_on if current else member.joined_on):
        raise ServiceError(_("Ngày có hiệu lực trước ngày gia nhập."), field="effective_on")
    if card_returned and card_returned_on is None:
        card_returned_on = effective_on
    if card_returned_on is not None:
        card_returned = True
    resignation = Resignation.objects.create(
        member=member, applied_on=applied_on, effective_on=effective_on,
        card_returned=card_returned, card_returned_on=card_returned_on, note=note)
    _close_membership(member, status=Member.Status.RESIGNED,
                      rule=Member.EndRule.RESIGNATION, on=effective_on)
    MemberEvent.objects.create(
        member=member, kind=MemberEvent.Kind.RESIGNED, date=effective_on, by=by, rule="10.4",
        note=(_stored("Đã trả thẻ") if card_returned else _stored("Chưa trả thẻ")) + (f". {note}" if note else ""))
    return resignation


@transaction.atomic
def record_card_return(resignation: Resignation, *, on: date | None = None, by) -> Resignation:
    """The card of a resigned member came back (Điều 10.4)."""
    resignation = Resignation.objects.select_for_update().select_related("member").get(
        pk=resignation.pk)
    last_club = resignation.member.club_memberships.order_by("-started_on").first()
    _require(perms.is_staff(by) or (last_club is not None
                                    and perms.can_manage_club(by, last_club.club)))
    if resignation.card_returned:
        raise ServiceError(_("Thẻ đã được ghi nhận trả lại."), field="card_returned")
    resignation.card_returned = True
    resignation.card_returned_on = on or _today()
    resignation.save()
    return resignation


def _anniversary(day: date, years: int) -> date:
    return add_months(day, 12 * years)


def check_suspension_period(starts_on: date, ends_on: date) -> None:
    """400 on ``ends_on`` unless the suspension lasts 1 to 3 years, last day inclusive (15.6)."""
    day_after = date.fromordinal(ends_on.toordinal() + 1)
    if not (_anniversary(starts_on, 1) <= day_after <= _anniversary(starts_on, 3)):
        raise ServiceError(
            _("Thời hạn đình chỉ phải từ 1 đến 3 năm (Điều 15.6): từ %(start)s, ngày cuối từ "
              "%(first)s đến %(last)s.") % {
                "start": starts_on.strftime("%d/%m/%Y"),
                "first": date.fromordinal(_anniversary(starts_on, 1).toordinal() - 1)
                .strftime("%d/%m/%Y"),
                "last": date.fromordinal(_anniversary(starts_on, 3).toordinal() - 1)
                .strftime("%d/%m/%Y")},
            field="ends_on", code="suspension_length")


def check_disciplinary_decision(decision) -> None:
    """400 on ``decision`` unless it is an issued disciplinary decision (Điều 16.2: the
    sanction is announced in writing)."""
    if decision is None:
        raise ServiceError(_("Hãy chọn quyết định kỷ luật (đình chỉ phải theo một quyết định "
                             "đã ban hành, Điều 15.6, 16.2)."), field="decision",
                           code="decision_required")
    if decision.kind != Decision.Kind.DISCIPLINARY:
        raise ServiceError(_("Quyết định %(n)s không phải quyết định kỷ luật.")
                           % {"n": decision.formatted_number}, field="decision",
                           code="not_disciplinary")
    if decision.status != Decision.Status.ISSUED:
        raise ServiceError(_("Quyết định %(n)s đã %(state)s.")
                           % {"n": decision.formatted_number,
                              "state": decision.get_status_display().lower()},
                           field="decision", code="invalid_state")


@cache_scopes.touches
@transaction.atomic
def suspend_person(*, person: Person, starts_on: date, ends_on: date, decision,
                   reason: str, article: str = "15.6", by) -> Suspension:
    """A suspension for 1 to 3 years by a disciplinary decision (Điều 15.6). ``ends_on`` is
    the last day; ``decision`` an issued :class:`documents.Decision` of kind "disciplinary"
    (its number is what a refused entry quotes).

    Staff only. The length, counted from ``starts_on`` to ``ends_on`` inclusive, must
    be between 1 and 3 years.
    """
    _require_staff(by)
    check_disciplinary_decision(decision)
    if not (reason or "").strip():
        raise ServiceError(_("Hãy ghi lý do đình chỉ."), field="reason")
    check_suspension_period(starts_on, ends_on)
    person = Person.objects.select_for_update().get(pk=person.pk)
    suspension = Suspension.objects.create(
        person=person, starts_on=starts_on, ends_on=ends_on, article=article or "15.6",
        decision=decision, decision_reference=decision.formatted_number, reason=reason.strip())
    member = active_member_of(person)
    if member is not None:
        MemberEvent.objects.create(
            member=member, kind=MemberEvent.Kind.SUSPENDED, date=starts_on, by=by, rule=article,
            note=_stored("Đình chỉ đến hết ngày %(end)s, quyết định %(ref)s") % {
                "end": ends_on.strftime("%d/%m/%Y"), "ref": suspension.decision_reference})
    stint = current_club_membership(member) if member is not None else None
    notices.suspension_recorded(suspension, stint.club if stint else None)
    return suspension


@cache_scopes.touches
@transaction.atomic
def lift_suspension(suspension: Suspension, *, on: date | None = None, by) -> Suspension:
    """End a suspension early (staff only); from ``on`` the person may play again."""
    _require_staff(by)
    suspension = Suspension.objects.select_for_update().get(pk=suspension.pk)
    on = on or _today()
    if suspension.lifted_on is not None:
        raise ServiceError(_("Đình chỉ này đã được xóa."), field="lifted_on")
    if on <= suspension.starts_on:
        raise ServiceError(_("Ngày xóa đình chỉ phải sau ngày bắt đầu."), field="lifted_on")
    suspension.lifted_on = on
    suspension.save()
    return suspension


@cache_scopes.touches
@transaction.atomic
def reinstate_member(member: Member, *, note: str, on: date | None = None, by) -> Member:
    """Staff reverse a lapse (Điều 15.5), e.g. one caused by late-recorded dues.

    The member becomes active again with the same card; the club membership closed by
    the lapse is reopened; the 15.5 clock restarts on ``on``.
    """
    _require_staff(by)
    member = Member.objects.select_for_update().select_related("person").get(pk=member.pk)
    if member.status != Member.Status.LAPSED:
        raise ServiceError(_("Chỉ khôi phục được hội viên bị khai trừ theo Điều 15.5."),
                           field="member", code="not_lapsed")
    if not (note or "").strip():
        raise ServiceError(_("Hãy ghi lý do khôi phục."), field="note")
    Person.objects.select_for_update().get(pk=member.person_id)
    _check_can_join(member.person)
    on = on or _today()
    if on > _today() or (member.ended_on is not None and on < member.ended_on):
        raise ServiceError(_("Ngày khôi phục phải từ ngày bị khai trừ đến hôm nay."),
                           field="date")
    lapsed_on = member.ended_on
    last = member.club_memberships.order_by("-started_on").first()
    member.status = Member.Status.ACTIVE
    member.ended_on = None
    member.end_rule = ""
    member.reinstated_on = on
    member.save()
    if last is not None and last.ended_on == lapsed_on:
        last.ended_on = None
        last.save()
    MemberEvent.objects.create(member=member, kind=MemberEvent.Kind.REINSTATED, date=on, by=by,
                               rule="15.5", note=note.strip())
    return member
