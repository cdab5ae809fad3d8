"""Membership applications and member cards (Điều 8, 15.2)."""

from __future__ import annotations

from datetime import date

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _stored

from core import dates
from core.errors import ServiceError
from federation import cache_scopes
from federation import permissions as perms
from federation.models import (
    CardSequence,
    Club,
    ClubMembership,
    Member,
    MemberEvent,
    MembershipApplication,
    Person,
)
from federation.selectors import (
    active_member_of,
)
from federation.services._base import _require, _today

# --- applications and cards (Điều 8, 15.2) ----------------------------------------------------

def resolve_member(reference, field: str) -> Member:
    """A member by id (int or digits) or by card number; 400 on ``field`` when unknown."""
    text = str(reference or "").strip()
    query = Member.objects.select_related("person")
    member = None
    if text.isdigit():
        member = query.filter(pk=int(text)).first()
    elif text:
        member = query.filter(card_number__iexact=text).first()
    if member is None:
        raise ServiceError(_("Không tìm thấy hội viên '%(ref)s'.") % {"ref": text}, field=field,
                           code="unknown_member")
    return member


def _check_can_join(person: Person) -> None:
    if active_member_of(person) is not None:
        raise ServiceError(_("%(name)s đang là hội viên của Liên đoàn; mỗi người chỉ có một thẻ "
                             "hội viên đang sinh hoạt.") % {"name": person.full_name},
                           field="person", code="already_member")


@transaction.atomic
def submit_application(*, person: Person, club: Club, sponsor, submitted_on: date | None = None,
                       by) -> MembershipApplication:
    """An application to join through ``club``, introduced by an active member (Điều 8.2-8.3).

    ``sponsor`` is a Member, its id or its card number.
    """
    _require(perms.can_manage_club(by, club))
    try:
        dates.check_not_future(submitted_on)
    except ValidationError as exc:
        raise dates.as_service_error(exc, "submitted_on") from exc
    person = Person.objects.select_for_update().get(pk=person.pk)
    sponsor = check_application(person, club, sponsor)
    return MembershipApplication.objects.create(
        person=person, club=club, sponsor=sponsor, submitted_on=submitted_on or _today(),
        submitted_by=by if perms.is_authenticated(by) else None)


def check_application(person: Person, club: Club, sponsor) -> Member:
    """The Điều 8 checks of an application; returns the sponsoring Member."""
    if not club.is_active:
        raise ServiceError(_("Câu lạc bộ này không còn hoạt động."), field="club")
    _check_can_join(person)
    if MembershipApplication.objects.filter(
            person=person, status=MembershipApplication.Status.PENDING).exists():
        raise ServiceError(_("%(name)s đã có một đơn xin gia nhập đang chờ duyệt.")
                           % {"name": person.full_name}, field="person", code="pending_exists")
    sponsor = sponsor if isinstance(sponsor, Member) else resolve_member(sponsor, "sponsor")
    if sponsor.status != Member.Status.ACTIVE:
        raise ServiceError(
            _("Người giới thiệu %(card)s không phải hội viên đang sinh hoạt (Điều 8.3).")
            % {"card": sponsor.card_number}, field="sponsor", code="inactive_sponsor")
    if sponsor.person_id == person.pk:
        raise ServiceError(_("Người xin gia nhập không thể tự giới thiệu mình."), field="sponsor")
    return sponsor


def card_number_for(province_code: str, year: int, sequence: int) -> str:
    """``PP-YYYY-NNNNN``: the club's province code, the year of issue, the sequence of that
    province and year (5 digits, more if a province ever issues over 99,999 in a year)."""
    return f"{province_code}-{year:04d}-{sequence:05d}"


def issue_card_number(province_code: str, year: int) -> str:
    """The next card number for (province, year). Must run inside a transaction: the
    sequence row stays locked (select_for_update) until the approval commits, so
    concurrent approvals queue up and no number is issued twice or reused."""
    try:
        with transaction.atomic():  # savepoint: a concurrent creator may win the insert
            CardSequence.objects.get_or_create(province_code=province_code, year=year)
    except IntegrityError:
        pass
    sequence = CardSequence.objects.select_for_update().get(province_code=province_code, year=year)
    sequence.last = F("last") + 1
    sequence.save(update_fields=["last"])
    sequence.refresh_from_db(fields=["last"])
    return card_number_for(province_code, year, sequence.last)


def _locked_pending(application: MembershipApplication) -> MembershipApplication:
    application = (MembershipApplication.objects.select_for_update(of=("self",))
                   .select_related("club", "club__province", "club__body", "person")
                   .get(pk=application.pk))
    if application.status != MembershipApplication.Status.PENDING:
        raise ServiceError(_("Đơn này đã được xử lý (%(status)s).")
                           % {"status": application.get_status_display()}, field="status",
                           code="already_decided")
    return application


@cache_scopes.touches
@transaction.atomic
def approve_application(application: MembershipApplication, *, by,
                        on: date | None = None) -> Member:
    """Approve: issue the member card (Điều 8.3, 15.2) and open the membership.

    Creates the Member (card ``PP-YYYY-NNNNN``), its ClubMembership in the club applied
    to, and a 'joined' MemberEvent. Staff or an officer over the club's body decides.
    """
    application = _locked_pending(application)
    _require(perms.can_decide_for_club(by, application.club),
             _("Chỉ cán bộ Liên đoàn hoặc tổ chức quản lý câu lạc bộ được duyệt đơn."))
    on = on or _today()
    if on > _today() or on < application.submitted_on:
        raise ServiceError(_("Ngày duyệt phải từ ngày nộp đơn %(submitted)s đến hôm nay.")
                           % {"submitted": application.submitted_on.strftime("%d/%m/%Y")},
                           field="date")
    person = Person.objects.select_for_update().get(pk=application.person_id)
    _check_can_join(person)
    card = issue_card_number(application.club.province.code, on.year)
    member = Member.objects.create(person=person, card_number=card, joined_on=on)
    ClubMembership.objects.create(member=member, club=application.club, started_on=on)
    MemberEvent.objects.create(member=member, kind=MemberEvent.Kind.JOINED, date=on, by=by,
                               rule="8.3", note=_stored("Thẻ hội viên %(card)s, câu lạc bộ %(club)s")
                               % {"card": card, "club": application.club.name})
    application.status = MembershipApplication.Status.APPROVED
    application.decided_by = by
    application.decided_at = timezone.now()
    application.member = member
    application.save()
    return member


@transaction.atomic
def reject_application(application: MembershipApplication, *, reason: str,
                       by) -> MembershipApplication:
    """Reject with a reason (kept on the application)."""
    application = _locked_pending(application)
    _require(perms.can_decide_for_club(by, application.club),
             _("Chỉ cán bộ Liên đoàn hoặc tổ chức quản lý câu lạc bộ được duyệt đơn."))
    if not (reason or "").strip():
        raise ServiceError(_("Hãy ghi lý do từ chối."), field="reason")
    application.status = MembershipApplication.Status.REJECTED
    application.rejection_reason = reason.strip()
    application.decided_by = by
    application.decided_at = timezone.now()
    application.save()
    return application
