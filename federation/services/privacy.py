"""Personal data as Nghị định 13/2023/NĐ-CP asks of a data controller (issue 31, "Personal
data"; the article-by-article map is in docs/decisions-security.md):

- consent with each application, and its withdrawal (Điều 11, 12, 20);
- the access log of private data: who read which private fields of which person, when and
  through what (Điều 27.1, 38), kept ``PRIVATE_ACCESS_LOG_DAYS`` days;
- the logged reveal of a whole ID number, masked everywhere else (Điều 3.4, minimisation);
- the person's requests: a copy of his data, a correction, an erasure (Điều 9, 14, 15, 16).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _stored

from core import dates
from core.errors import ConflictError, ServiceError
from core.models import Notification
from federation import permissions as perms
from federation.models import Consent, DataRequest, Person, PrivateDataAccess
from federation.services._base import _require, _require_staff, _today
from federation.services.registry import update_person

Via = PrivateDataAccess.Via

#: What the federation collects with an application and why (Điều 11.2: the consent names the
#: data and the purposes; Điều 13: the notice). Stored with each consent as shown then.
CONSENT_DATA = _stored(
    "Họ và tên, giới tính, ngày sinh, số CCCD, điện thoại, email, địa chỉ, tỉnh/thành phố, "
    "mã FIDE; thẻ hội viên, câu lạc bộ, hội phí, sinh hoạt; kết quả thi đấu, hệ số, đẳng cấp.")
CONSENT_PURPOSES = _stored(
    "Quản lý hội viên theo Điều lệ Liên đoàn (Phụ lục 2, Điều 8-10, 15): xét đơn, cấp thẻ, "
    "hội phí, sinh hoạt; đăng ký và xếp cặp thi đấu, công nhận kết quả, tính hệ số, phong "
    "đẳng cấp; liên lạc với hội viên. Kết quả thi đấu, hệ số và đẳng cấp được công bố công "
    "khai (họ tên, câu lạc bộ, năm sinh khi giải theo lứa tuổi); ngày sinh, số CCCD và liên "
    "lạc không công khai.")


#: where a missing consent of the child himself is reported (the API's nested field name)
CHILD_AGREED_FIELD = "consent.child_agreed"


@dataclass(frozen=True)
class ConsentGiven:
    """A consent as typed with an application: who gave it, his relation to the person (a
    parent or guardian for a child under 16), whether the child agreed too (Điều 20.3: from 7
    years old) and the date (the application's by default)."""

    given_by: str
    relation: str
    given_on: date | None = None
    child_agreed: bool = False


def age_on(born: date, day: date) -> int:
    """Whole years of age on ``day`` (the birthday itself counts: born 02/01/2019 is 7 on
    02/01/2026)."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def check_consent(person: Person, consent: ConsentGiven | None, on: date) -> None:
    """400 on ``consent`` unless a consent was given (Điều 11) by the person or, for a child
    under 16 on that day (Điều 20; a person with no birth date on record is taken at his
    word), by a parent or guardian, named; a child aged 7 to under 16 agrees himself too
    (Điều 20.3: "Việc xử lý dữ liệu cá nhân của trẻ em phải được sự đồng ý của trẻ em trong
    trường hợp trẻ em từ đủ 7 tuổi trở lên và có sự đồng ý của cha, mẹ hoặc người giám
    hộ"): 400 on ``consent.child_agreed`` without it."""
    if consent is None:
        raise ServiceError(_("Thiếu sự đồng ý xử lý dữ liệu cá nhân (Nghị định 13/2023/NĐ-CP, "
                             "Điều 11): ghi người đồng ý, quan hệ với người xin gia nhập và "
                             "ngày đồng ý."), field="consent", code="consent_required")
    if not consent.given_by.strip():
        raise ServiceError(_("Ghi họ tên người đã đồng ý xử lý dữ liệu cá nhân."),
                           field="consent", code="consent_required")
    if consent.relation not in Consent.Relation.values:
        raise ServiceError(_("Quan hệ của người đồng ý phải là: chính người đó, cha hoặc mẹ, "
                             "người giám hộ."), field="consent", code="invalid")
    age = None if person.date_of_birth is None else age_on(person.date_of_birth, on)
    child = age is not None and age < Consent.CHILD_UNDER
    if child and consent.relation == Consent.Relation.SELF:
        raise ServiceError(_("%(name)s chưa đủ %(age)s tuổi: cần sự đồng ý của cha, mẹ hoặc "
                             "người giám hộ (Nghị định 13/2023/NĐ-CP, Điều 20); ghi họ tên và "
                             "quan hệ của người đó.")
                           % {"name": person.full_name, "age": Consent.CHILD_UNDER},
                           field="consent", code="guardian_consent_required")
    if child and age is not None and age >= Consent.CHILD_AGREES_FROM \
            and not consent.child_agreed:
        raise ServiceError(_("%(name)s đã đủ %(from)s tuổi: cần cả sự đồng ý của chính trẻ em "
                             "(Nghị định 13/2023/NĐ-CP, Điều 20.3); đánh dấu ô \"Trẻ em cũng "
                             "đồng ý\" (child_agreed) khi trẻ đã ký hoặc đồng ý trên đơn.")
                           % {"name": person.full_name, "from": Consent.CHILD_AGREES_FROM},
                           field=CHILD_AGREED_FIELD, code="child_consent_required")
    if consent.given_on is not None:
        try:
            dates.check_not_future(consent.given_on)
        except Exception as exc:
            raise ServiceError(_("Ngày đồng ý không được ở tương lai."), field="consent") from exc


def record_consent(person: Person, consent: ConsentGiven, *, on: date, by,
                   application=None) -> Consent:
    """Record a checked consent (inside the caller's transaction: an application's); a new
    consent lifts an earlier withdrawal for what follows."""
    check_consent(person, consent, on)
    row = Consent.objects.create(
        person=person, application=application, data_collected=CONSENT_DATA,
        purposes=CONSENT_PURPOSES, given_on=consent.given_on or on,
        given_by=consent.given_by.strip()[:200], relation=consent.relation,
        child_agreed=consent.child_agreed, recorded_by=by if perms.is_authenticated(by) else None)
    if person.consent_withdrawn_on is not None:
        Person.objects.filter(pk=person.pk).update(consent_withdrawn_on=None)
        person.consent_withdrawn_on = None
    return row


def _own_or_staff(person: Person, by) -> bool:
    return perms.is_staff(by) or (perms.is_authenticated(by) and person.user_id == by.pk)


@transaction.atomic
def withdraw_consent(person: Person, *, note: str = "", by, on: date | None = None) -> int:
    """The person (or staff, from his written request) withdraws his consent (Điều 12).

    Effect: from that day clubs and bodies no longer see or change his private data
    (``PrivateAccess`` gives them nothing: no new processing beyond what the federation must
    keep), and a new application needs a new consent. Nothing is deleted: his cards,
    results, ratings and decisions are official records (Điều 17: processing required by
    law), the consent rows stay with the date of withdrawal. Returns how many consents
    were withdrawn; 409 when none is in force."""
    _require(_own_or_staff(person, by),
             _("Chỉ chính người đó hoặc cán bộ Liên đoàn được ghi việc rút lại sự đồng ý."))
    person = Person.objects.select_for_update().get(pk=person.pk)
    day = on or _today()
    rows = Consent.objects.filter(person=person, withdrawn_on__isnull=True)
    if not rows.exists():
        raise ConflictError(_("Không có sự đồng ý nào đang có hiệu lực để rút lại."),
                            field="consent", code="no_consent")
    count = rows.update(withdrawn_on=day, withdrawn_by=by if perms.is_authenticated(by) else None,
                        withdrawal_note=(note or "")[:2000])
    person.consent_withdrawn_on = day
    person.save(update_fields=["consent_withdrawn_on"])
    return count


# --- the access log ------------------------------------------------------------------------------

def record_private_reads(user, shown: dict[int, frozenset[str]], *, via: str,
                         path: str = "") -> int:
    """One row per person whose private fields ``user`` was shown (the callers leave out a
    person reading his own data: ``PrivateAccess.shown``). One insert for the answer."""
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    now = timezone.now()
    rows = [PrivateDataAccess(person_id=person_id, user_id=user_id, via=via[:20],
                              path=path[:300], at=now, fields=",".join(sorted(fields))[:100])
            for person_id, fields in shown.items() if fields]
    # one statement: atomic by itself (no savepoint on every page); one row (the page of a
    # person) is saved on its own, as bulk_create wraps even one row in BEGIN … COMMIT: two
    # round trips more on every such page (issue 27: ≤ 15 queries a page)
    if len(rows) == 1:
        rows[0].save(force_insert=True)
    elif rows:
        PrivateDataAccess.objects.bulk_create(rows)
    return len(rows)


def record_person_read(user, person: Person, fields, *, via: str, path: str = "") -> int:
    """One person's private fields shown on a page (admin, workspace) or in a document; his
    own reads are not recorded."""
    user_id = getattr(user, "pk", None)
    if user_id is not None and person.user_id == user_id:
        return 0
    shown = frozenset(f for f in fields if getattr(person, f, None) not in (None, ""))
    return record_private_reads(user, {person.pk: shown}, via=via, path=path)


def record_history_read(user, person: Person, versions, *, via: str, path: str = "") -> int:
    """The admin's history pages of a person show past values of his private fields (issue
    31): one row naming those shown non-empty in ``versions`` (his historical records); the
    ID number is left out, as it shows masked there too. His own reads are not recorded."""
    if getattr(user, "pk", None) is not None and person.user_id == user.pk:
        return 0
    names = [f for f in Person.PRIVATE_FIELDS if f != "citizen_id"]
    shown = frozenset(name for version in versions for name in names
                      if getattr(version, name, None) not in (None, ""))
    return record_private_reads(user, {person.pk: shown}, via=via, path=path)


def purge_access_log(now=None) -> int:
    """Delete log rows older than ``PRIVATE_ACCESS_LOG_DAYS`` (celery beat daily, and
    ``manage.py purge_access_log``)."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.PRIVATE_ACCESS_LOG_DAYS)
    deleted, _by_model = PrivateDataAccess.objects.filter(at__lt=cutoff).delete()
    return deleted


def reveal_citizen_id(person: Person, *, by, via: str = Via.REVEAL, path: str = "") -> str:
    """The whole ID number, for whoever may see it (``PrivateAccess``), written to the access
    log as a reveal (the number is shown masked everywhere else: minimisation)."""
    _require("citizen_id" in perms.PrivateAccess(by).fields(person),
             _("Bạn không được xem số CCCD của người này."))
    record_person_read(by, person, ("citizen_id",), via=via, path=path)
    return person.citizen_id or ""


# --- the person's requests (Điều 9, 14-16) -----------------------------------------------------

@transaction.atomic
def file_data_request(person: Person, *, kind: str, details: str = "", by,
                      received_at=None) -> DataRequest:
    """Record a request of the person (from his own account, or by staff from his letter),
    with its deadline: ``DataRequest.DEADLINE_HOURS`` after it was received."""
    _require(_own_or_staff(person, by),
             _("Chỉ chính người đó hoặc cán bộ Liên đoàn được ghi yêu cầu về dữ liệu cá nhân."))
    if kind not in DataRequest.Kind.values:
        raise ServiceError(_("Loại yêu cầu không hợp lệ."), field="kind")
    if DataRequest.objects.filter(person=person, kind=kind,
                                  state=DataRequest.State.OPEN).exists():
        raise ConflictError(_("Đã có một yêu cầu cùng loại đang chờ xử lý."), field="kind",
                            code="duplicate")
    received = received_at or timezone.now()
    return DataRequest.objects.create(
        person=person, kind=kind, details=(details or "")[:2000], received_at=received,
        deadline=received + timedelta(hours=DataRequest.DEADLINE_HOURS),
        filed_by=by if perms.is_authenticated(by) else None)


def _locked_open(request: DataRequest, kind: str | None = None) -> DataRequest:
    request = DataRequest.objects.select_for_update().select_related("person").get(pk=request.pk)
    if request.state != DataRequest.State.OPEN:
        raise ConflictError(_("Yêu cầu này đã được xử lý."), field="state", code="decided")
    if kind is not None and request.kind != kind:
        raise ServiceError(_("Thao tác này không dành cho loại yêu cầu \"%(kind)s\".")
                           % {"kind": request.get_kind_display()}, field="kind")
    return request


def _close(request: DataRequest, state: str, outcome: str, by) -> DataRequest:
    request.state = state
    request.outcome = outcome[:2000]
    request.handled_by = by
    request.handled_at = timezone.now()
    request.save()
    return request


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Ghi lý do (kết quả xử lý) của yêu cầu."), field="reason")
    return reason


@transaction.atomic
def complete_export(request: DataRequest, *, reason: str = "", by) -> DataRequest:
    """Staff: the copy is ready (Điều 14): the person may download it (JSON and PDF)."""
    _require_staff(by)
    request = _locked_open(request, DataRequest.Kind.EXPORT)
    return _close(request, DataRequest.State.DONE,
                  reason.strip() or _stored("Đã cung cấp bản sao dữ liệu (JSON và PDF)."), by)


@transaction.atomic
def apply_correction(request: DataRequest, changes: dict, *, reason: str, by) -> DataRequest:
    """Staff correct the person's record as asked (Điều 15), through ``update_person`` (its
    checks: dates, ID numbers, uniqueness), and close the request with the reason."""
    _require_staff(by)
    reason = _reason(reason)
    request = _locked_open(request, DataRequest.Kind.CORRECTION)
    if not changes:
        raise ServiceError(_("Ghi các trường cần sửa."), field="changes")
    update_person(request.person, changes, by=by)
    return _close(request, DataRequest.State.DONE, reason, by)


@transaction.atomic
def erase_personal_data(request: DataRequest, *, reason: str, by) -> DataRequest:
    """Staff erase what is not an official record (Điều 16): the ID number and the contact
    details (``Person.ERASABLE_FIELDS``), also from the record's change history, and the
    e-mail of his sign-in account and of the mails sent to him. The name,
    gender, birth date and card numbers stay: cards, results, ratings and decisions are
    official records the federation must keep (Điều 16.2, 17)."""
    _require_staff(by)
    reason = _reason(reason)
    request = _locked_open(request, DataRequest.Kind.ERASURE)
    person = Person.objects.select_for_update().get(pk=request.person_id)
    blank = {"citizen_id": None, "phone": "", "email": "", "address": ""}
    Person.objects.filter(pk=person.pk).update(**blank)
    Person.history.filter(id=person.pk).update(**blank)
    _erase_account_contacts(person)
    return _close(request, DataRequest.State.DONE, reason, by)


def _erase_account_contacts(person: Person) -> None:
    """His contact details held with his sign-in account (issue 31): the account's e-mail
    (he still signs in with his password; a reset needs a new address, which he may enter)
    and the addresses of the mails already sent or failed to him (the outbox keeps what was
    sent, not where); a mail still waiting is sent and then erased with the next request."""
    addresses = {a for a in (person.email,) if a}
    if person.user_id is not None:
        account = get_user_model().objects.filter(pk=person.user_id)
        addresses |= {a for a in account.values_list("email", flat=True) if a}
        account.update(email="")
    done = (Notification.State.SENT, Notification.State.FAILED)
    mails = Notification.objects.filter(state__in=done)
    if person.user_id is not None:
        mails.filter(user_id=person.user_id).update(email="")
    if addresses:
        mails.filter(email__in=addresses).update(email="")


@transaction.atomic
def refuse_request(request: DataRequest, *, reason: str, by) -> DataRequest:
    """Staff refuse a request, with the reason given to the person (Điều 9, 16.2)."""
    _require_staff(by)
    reason = _reason(reason)
    return _close(_locked_open(request), DataRequest.State.REFUSED, reason, by)
