"""Membership applications and member cards (Điều 8, 15.2)."""

from __future__ import annotations

import hmac
from datetime import date, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _stored

from core import dates
from core.errors import ServiceError
from core.throttling import Window, give_back, hit
from federation import cache_scopes, selectors
from federation import permissions as perms
from federation.models import (
    CITIZEN_OF,
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
from federation.services import notices
from federation.services._base import _require, _today
from federation.services.privacy import ConsentGiven, check_consent, record_consent

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
                       by, typed: dict | None = None,
                       consent: ConsentGiven | None = None) -> MembershipApplication:
    """An application to join through ``club``, introduced by an active member (Điều 8.2-8.3).

    ``sponsor`` is a Member, its id or its card number. ``typed``: what the applicant typed
    from the paper form for a person already on record (``citizen_id``, ``date_of_birth``).
    While pending, the application opens only what the applicant typed himself (issue 31,
    ``federation.permissions.PrivateAccess``): the whole record if he entered the person
    himself, else the typed fields once they match the record (400 when they do not, without
    saying what is stored; failures counted per user like failed logins), else nothing until
    the person confirms (:func:`confirm_application`).

    ``consent``: the consent to process his personal data given with the application
    (Nghị định 13/2023/NĐ-CP Điều 11; a parent's or guardian's for a child under 16, Điều
    20), required (400 on ``consent``) and recorded with it.
    """
    _require(perms.can_manage_club(by, club))
    try:
        dates.check_not_future(submitted_on)
    except ValidationError as exc:
        raise dates.as_service_error(exc, "submitted_on") from exc
    person = Person.objects.select_for_update().get(pk=person.pk)
    sponsor = check_application(person, club, sponsor)
    day = submitted_on or _today()
    check_consent(person, consent, day)
    proof, proof_fields = _proof_of(person, typed or {}, by)
    application = MembershipApplication.objects.create(
        person=person, club=club, sponsor=sponsor, submitted_on=day,
        submitted_by=by if perms.is_authenticated(by) else None,
        proof=proof, proof_fields=",".join(sorted(proof_fields)))
    assert consent is not None  # checked above
    record_consent(person, consent, on=day, by=by, application=application)
    notices.application_received(application)  # the outbox, in this transaction (issue 32)
    return application


#: what an applicant may type from the paper form to prove he holds it (issue 31)
PROOF_FIELDS = ("citizen_id", "date_of_birth")


def _proof_of(person: Person, typed: dict, by) -> tuple[str, set[str]]:
    Proof = MembershipApplication.Proof
    typed = {field: typed[field] for field in PROOF_FIELDS if typed.get(field) not in (None, "")}
    if typed:
        _check_typed(person, typed, by)
    if selectors.person_entered_by_only(person, by):
        return Proof.ENTERED, set()
    if typed:
        return Proof.PAPER_FORM, set(typed)
    return Proof.NONE, set()


def _check_typed(person: Person, typed: dict, by) -> None:
    """Each typed value must equal the stored one (compared in constant time; an empty stored
    value matches nothing). One message whatever differs: the stored value is never hinted.
    At most ``APPLICATION_PROOF_FAILURES`` wrong proofs per user in the login window."""

    window = Window.of("application-proof", str(getattr(by, "pk", "")),
                       settings.LOGIN_WINDOW_SECONDS)
    if hit(window) > settings.APPLICATION_PROOF_FAILURES:
        give_back(window)
        raise ServiceError(
            _("Quá nhiều lần đối chiếu sai; hãy thử lại sau %(minutes)s phút.")
            % {"minutes": settings.LOGIN_WINDOW_SECONDS // 60}, field="person",
            code="proof_locked")
    matched = True
    if "citizen_id" in typed:
        stored = person.citizen_id or ""
        given = dates.normalize_citizen_id(str(typed["citizen_id"])) or ""
        matched &= bool(stored) and hmac.compare_digest(stored.encode(), given.encode())
    if "date_of_birth" in typed:
        stored_born = person.date_of_birth.isoformat() if person.date_of_birth else ""
        given_born = typed["date_of_birth"]
        given_born = given_born.isoformat() if hasattr(given_born, "isoformat") else str(given_born)
        matched &= bool(stored_born) and hmac.compare_digest(stored_born.encode(),
                                                             given_born.encode())
    if not matched:
        raise ServiceError(_("Số CCCD hoặc ngày sinh đã nhập không khớp với hồ sơ của người "
                             "này; hãy đối chiếu lại với đơn giấy."), field="person",
                           code="proof_mismatch")
    give_back(window)


@transaction.atomic
def confirm_application(application: MembershipApplication, *, by) -> MembershipApplication:
    """The person confirms, from his own account, a pending application filed for him: the
    club may then see (and correct) his private data until the application is decided."""
    application = _locked_pending(application)
    _require(perms.is_authenticated(by) and application.person.user_id == by.pk,
             _("Chỉ chính người xin gia nhập được xác nhận đơn của mình."))
    application.proof = MembershipApplication.Proof.CONFIRMED
    application.save(update_fields=["proof"])
    return application


def check_application(person: Person, club: Club, sponsor) -> Member:
    """The Điều 8 checks of an application; returns the sponsoring Member."""
    if not club.is_active:
        raise ServiceError(_("Câu lạc bộ này không còn hoạt động."), field="club")
    if person.citizenship != CITIZEN_OF:
        raise ServiceError(_("Hội viên Liên đoàn là công dân Việt Nam (Phụ lục 2, Điều 8.1); "
                             "người có quốc tịch %(code)s thi đấu với tư cách khách mời (Điều "
                             "17.2).") % {"code": person.citizenship}, field="person",
                           code="not_citizen")
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
    to, and a 'joined' MemberEvent. Staff or an officer over the club's body decides; where
    the body chose ``Admission.CLUB_ADMITS`` (Phụ lục 2 Điều 15.2: "Câu lạc bộ kết nạp cấp
    thẻ sinh hoạt hội viên"), the club's manager admits too: the card number still comes
    from the national register, and the body may refuse until ``refusal_until``
    (:func:`refuse_admission`).
    """
    application = _locked_pending(application)
    by_body = perms.can_decide_for_club(by, application.club)
    _require(by_body or perms.can_admit_for_club(by, application.club),
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
    if not by_body:
        application.admitted_by_club = True
        application.refusal_until = on + timedelta(days=application.club.body.refusal_days)
    application.save()
    notices.application_decided(application)
    if not by_body:
        notices.admission_by_club(application)
    return member


@cache_scopes.touches
@transaction.atomic
def refuse_admission(application: MembershipApplication, *, reason: str, by,
                     on: date | None = None) -> MembershipApplication:
    """The body refuses a member its club admitted (Phụ lục 2 Điều 15.2), with a reason,
    no later than ``refusal_until``.

    The card stays in the register (never reused); the membership ends as a new recorded
    state: Member ``refused`` with end rule ``15.2-refused``, the club membership closed, a
    'refused' MemberEvent, the application ``annulled`` with who, when and why.
    """
    application = (MembershipApplication.objects.select_for_update(of=("self",))
                   .select_related("club", "club__body", "member").get(pk=application.pk))
    _require(perms.can_decide_for_club(by, application.club),
             _("Chỉ cán bộ của tổ chức quản lý câu lạc bộ được từ chối kết nạp."))
    if application.status != MembershipApplication.Status.APPROVED or not (
            application.admitted_by_club and application.refusal_until):
        raise ServiceError(_("Chỉ từ chối được hội viên do câu lạc bộ kết nạp (Phụ lục 2 Điều "
                             "15.2); đơn này %(status)s.")
                           % {"status": application.get_status_display().lower()},
                           field="status", code="not_club_admission")
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Hãy ghi lý do từ chối kết nạp."), field="reason")
    on = on or _today()
    if on > application.refusal_until:
        raise ServiceError(
            _("Đã quá hạn từ chối kết nạp: tổ chức quản lý chỉ được từ chối đến hết ngày "
              "%(until)s (%(days)s ngày sau khi câu lạc bộ kết nạp, Phụ lục 2 Điều 15.2).")
            % {"until": dates.dmy(application.refusal_until),
               "days": application.club.body.refusal_days},
            field="date", code="refusal_too_late")
    assert application.member_id is not None  # an approved application has its member
    member = Member.objects.select_for_update().get(pk=application.member_id)
    if member.status != Member.Status.ACTIVE:  # ended meanwhile: that record stands
        raise ServiceError(_("Hội viên %(card)s không còn sinh hoạt (%(status)s); không hủy "
                             "kết nạp được.") % {"card": member.card_number,
                                                  "status": member.get_status_display()},
                           field="status", code="member_not_active")
    if on < member.joined_on or on > _today():
        raise ServiceError(_("Ngày từ chối phải từ ngày kết nạp %(joined)s đến hôm nay.")
                           % {"joined": dates.dmy(member.joined_on)}, field="date")
    _end_refused(member, on=on, reason=reason, by=by)
    application.status = MembershipApplication.Status.ANNULLED
    application.annulled_by = by
    application.annulled_on = on
    application.annulment_reason = reason
    application.save()
    notices.application_decided(application)
    return application


def _end_refused(member: Member, *, on: date, reason: str, by) -> None:
    member.status = Member.Status.REFUSED
    member.ended_on = on
    member.end_rule = Member.EndRule.ADMISSION_REFUSED
    member.save(update_fields=["status", "ended_on", "end_rule"])
    ClubMembership.objects.filter(member=member, ended_on__isnull=True).update(ended_on=on)
    MemberEvent.objects.create(member=member, kind=MemberEvent.Kind.ADMISSION_REFUSED, date=on,
                               by=by, rule="15.2", note=reason)


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
    notices.application_decided(application)
    return application
