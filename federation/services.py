"""Writes of the federation registry (Phụ lục 2). Every function is one transaction.

Services check who may act (``by``: the acting user, see ``federation.permissions``)
and the charter's rules, and raise ``core.errors.ServiceError`` (HTTP 400, with the
field) or ``NotAllowedError`` (403) with a Vietnamese message, translated to English
by Accept-Language. The admin and the API both call them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _stored

from core.errors import NotAllowedError, ServiceError
from federation import permissions as perms
from federation.models import (
    Attendance,
    BoardPosition,
    Body,
    CardSequence,
    Club,
    ClubBoardMember,
    ClubMeeting,
    ClubMembership,
    DuesPayment,
    Member,
    MemberEvent,
    MembershipApplication,
    Person,
    PlayGroup,
    Province,
    Resignation,
    Suspension,
)
from federation.selectors import (
    active_club_of,
    active_member_of,
    add_months,
    current_club_membership,
    lapse_due_of,
    lapse_dues,
)

PERSON_FIELDS = ("full_name", "gender", "date_of_birth", "citizen_id", "phone", "email",
                 "address", "fide_id", "province")
CLUB_FIELDS = ("name", "body", "province", "kind", "plays_xiangqi", "plays_chess", "address",
               "founded_on", "is_active")


# Texts stored in the records (event notes) stay in Vietnamese, whatever the request's
# language: ``_stored`` (gettext_noop) only marks them for translation catalogues.


def _today() -> date:
    return timezone.localdate()


def _require(allowed: bool, message: str | None = None) -> None:
    if not allowed:
        raise NotAllowedError(message or _("Bạn không có quyền thực hiện thao tác này."))


def _require_staff(by) -> None:
    _require(perms.is_staff(by), _("Chỉ cán bộ Liên đoàn (staff) được thực hiện thao tác này."))


# --- reference data ---------------------------------------------------------------------

def ensure_provinces() -> int:
    """Load the 63 provinces (shipped by migration 0002) if the table was emptied, e.g. by a
    flushing test. Returns how many exist."""
    import json
    from pathlib import Path

    if Province.objects.count() < 63:
        data = Path(__file__).resolve().parent / "data" / "provinces.json"
        for row in json.loads(data.read_text(encoding="utf-8")):
            Province.objects.update_or_create(code=row["code"], defaults=row)
    Body.objects.get_or_create(name="Liên đoàn Cờ Việt Nam",
                               defaults={"level": Body.Level.NATIONAL})
    return Province.objects.count()


# --- persons ---------------------------------------------------------------------------

def _check_unique_person_ids(data: dict, exclude_pk: int | None = None) -> None:
    for field, message in (
        ("citizen_id", _("Số CCCD này đã được dùng cho một người khác.")),
        ("fide_id", _("Mã FIDE này đã được dùng cho một người khác.")),
    ):
        value = data.get(field)
        if value:
            clash = Person.objects.filter(**{field: value}).exclude(pk=exclude_pk)
            if clash.exists():
                raise ServiceError(message, field=field, code="duplicate")


def _save_person(person: Person, data: dict) -> Person:
    _check_unique_person_ids(data, exclude_pk=person.pk)
    for field in PERSON_FIELDS:
        if field in data:
            value = data[field]
            if field in ("citizen_id", "fide_id") and value == "":
                value = None
            setattr(person, field, value)
    if not (person.full_name or "").strip():
        raise ServiceError(_("Họ và tên không được để trống."), field="full_name")
    try:
        with transaction.atomic():
            person.save()
    except IntegrityError as exc:  # a concurrent writer took the same ID
        raise ServiceError(_("Số CCCD hoặc mã FIDE đã được dùng cho một người khác."),
                           field="citizen_id", code="duplicate") from exc
    return person


@transaction.atomic
def create_person(data: dict, by) -> Person:
    """Record a natural person (Điều 8.1). Staff, officers and club managers may do so."""
    _require(perms.has_any_scope(by))
    return _save_person(Person(), data)


@transaction.atomic
def update_person(person: Person, data: dict, by) -> Person:
    """Change a person's record: staff, or whoever may see that person's private data."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    _require(perms.is_staff(by) or (perms.has_any_scope(by)
                                    and perms.PrivateAccess(by).allows(person)))
    return _save_person(person, data)


# --- bodies (Điều 14) ----------------------------------------------------------------------

@transaction.atomic
def create_body(*, name: str, level: str, province: Province | None, parent: Body | None,
                by) -> Body:
    """A provincial or district body (staff only). A district body sits under a provincial one
    of the same province."""
    _require_staff(by)
    if level != Body.Level.NATIONAL and province is None:
        raise ServiceError(_("Tổ chức cấp tỉnh/huyện phải thuộc một tỉnh/thành phố."),
                           field="province")
    if level == Body.Level.DISTRICT:
        if parent is None or parent.level != Body.Level.PROVINCIAL:
            raise ServiceError(_("Liên đoàn cấp huyện phải trực thuộc một Liên đoàn cấp tỉnh."),
                               field="parent")
        if parent.province_id != province.pk:
            raise ServiceError(_("Liên đoàn cấp huyện phải cùng tỉnh với Liên đoàn cấp tỉnh."),
                               field="parent")
    if level == Body.Level.PROVINCIAL and parent is not None and parent.level != Body.Level.NATIONAL:
        raise ServiceError(_("Liên đoàn cấp tỉnh trực thuộc Liên đoàn Cờ Việt Nam."),
                           field="parent")
    if Body.objects.filter(name=name).exists():
        raise ServiceError(_("Đã có tổ chức mang tên này."), field="name", code="duplicate")
    return Body.objects.create(name=name, level=level, province=province, parent=parent)


def check_board_term(body: Body, term_start: date, term_end: date | None) -> date:
    """The term end (the full term when None); 400 when longer than the body's term (Điều 14)."""
    years = body.term_years
    longest = add_months(term_start, 12 * years)
    term_end = term_end or longest
    if term_end <= term_start:
        raise ServiceError(_("Ngày kết thúc nhiệm kỳ phải sau ngày bắt đầu."), field="term_end")
    if term_end > longest:
        raise ServiceError(
            _("Nhiệm kỳ của %(body)s dài tối đa %(years)s năm (Điều 14): kết thúc muộn nhất "
              "ngày %(last)s.") % {"body": body.name, "years": years,
                                    "last": longest.strftime("%d/%m/%Y")},
            field="term_end", code="term_too_long")
    return term_end


@transaction.atomic
def appoint_board_member(body: Body, *, person: Person, role: str, term_start: date,
                         term_end: date | None, by) -> BoardPosition:
    """A seat on the body's standing board (Ban thường trực, Điều 14).

    The term may not exceed the body's term: 3 years for a provincial body, 2 for a
    district one (a by-election may fill the rest of a term, so shorter is allowed).
    Without ``term_end`` the full term is used.
    """
    _require(perms.can_administer_body(by, body))
    term_end = check_board_term(body, term_start, term_end)
    overlapping = BoardPosition.objects.filter(
        body=body, role=role, term_start__lt=term_end, term_end__gt=term_start)
    if role != BoardPosition.Role.DEPUTY_SECRETARY and overlapping.exists():
        raise ServiceError(_("Chức vụ này đã có người đảm nhiệm trong thời gian đó."),
                           field="role", code="seat_taken")
    return BoardPosition.objects.create(body=body, person=person, role=role,
                                        term_start=term_start, term_end=term_end)


# --- clubs (Điều 12, 15) --------------------------------------------------------------------

def _check_club(club: Club) -> None:
    if club.body.level != Body.Level.NATIONAL and club.body.province_id != club.province_id:
        raise ServiceError(_("Câu lạc bộ phải ở cùng tỉnh/thành phố với tổ chức quản lý."),
                           field="province")
    if not (club.plays_xiangqi or club.plays_chess):
        raise ServiceError(_("Câu lạc bộ phải có ít nhất một môn: cờ tướng hoặc cờ vua."),
                           field="plays_xiangqi")
    clash = Club.objects.filter(body=club.body, name=club.name).exclude(pk=club.pk)
    if clash.exists():
        raise ServiceError(_("Tổ chức này đã có câu lạc bộ cùng tên."), field="name",
                           code="duplicate")


@transaction.atomic
def create_club(data: dict, by) -> Club:
    """A club under a body: staff or an officer over that body."""
    body = data["body"]
    _require(perms.can_administer_body(by, body))
    club = Club(**{f: data[f] for f in CLUB_FIELDS if f in data})
    if club.province_id is None:
        if body.province_id is None:
            raise ServiceError(_("Hãy chọn tỉnh/thành phố của câu lạc bộ."), field="province")
        club.province = body.province
    _check_club(club)
    club.save()
    if "managers" in data:
        club.managers.set(data["managers"])
    return club


@transaction.atomic
def update_club(club: Club, data: dict, by) -> Club:
    """Staff and officers over the club change anything; its managers change its details but
    not its body nor its managers."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    deciding = perms.can_decide_for_club(by, club)
    _require(deciding or perms.can_manage_club(by, club))
    if not deciding and ({"body", "managers"} & set(data)):
        raise NotAllowedError(_("Chỉ cán bộ tổ chức cấp trên được đổi tổ chức quản lý hoặc "
                                "người quản lý của câu lạc bộ."))
    if "body" in data:
        _require(perms.can_administer_body(by, data["body"]))
    for field in CLUB_FIELDS:
        if field in data:
            setattr(club, field, data[field])
    _check_club(club)
    club.save()
    if "managers" in data:
        club.managers.set(data["managers"])
    return club


@transaction.atomic
def record_club_meeting(club: Club, *, held_on: date, board: list[tuple[Person, str]],
                        notes: str = "", by) -> ClubMeeting:
    """The annual general meeting and the board it elected (Điều 15.3).

    The board has one chủ nhiệm and any number of phó chủ nhiệm, all active members
    of the club; a person holds one seat.
    """
    _require(perms.can_manage_club(by, club))
    heads = [p for p, role in board if role == ClubBoardMember.Role.HEAD]
    if len(heads) != 1:
        raise ServiceError(_("Hội nghị phải bầu đúng một chủ nhiệm câu lạc bộ (Điều 15.3)."),
                           field="board")
    people = [p.pk for p, _role in board]
    if len(people) != len(set(people)):
        raise ServiceError(_("Một người chỉ giữ một chức vụ trong ban chủ nhiệm."), field="board")
    for person, _role in board:
        if active_club_of(person) != club:
            raise ServiceError(
                _("%(name)s không phải hội viên đang sinh hoạt tại câu lạc bộ này.")
                % {"name": person.full_name}, field="board")
    if ClubMeeting.objects.filter(club=club, held_on=held_on).exists():
        raise ServiceError(_("Câu lạc bộ đã có hội nghị vào ngày này."), field="held_on",
                           code="duplicate")
    meeting = ClubMeeting.objects.create(club=club, held_on=held_on, notes=notes)
    ClubBoardMember.objects.bulk_create(
        ClubBoardMember(meeting=meeting, person=person, role=role) for person, role in board)
    return meeting


@transaction.atomic
def add_play_group(club: Club, *, kind: str, name: str, address: str = "", by) -> PlayGroup:
    """A play group or play point of a club (nhóm cờ, điểm chơi cờ, Điều 12)."""
    _require(perms.can_manage_club(by, club))
    return PlayGroup.objects.create(club=club, kind=kind, name=name, address=address)


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


# --- membership changes ---------------------------------------------------------------------

def _locked_active(member: Member, field: str = "member") -> Member:
    member = Member.objects.select_for_update().select_related("person").get(pk=member.pk)
    if member.status != Member.Status.ACTIVE:
        raise ServiceError(_("Hội viên %(card)s không còn sinh hoạt (%(status)s).")
                           % {"card": member.card_number, "status": member.get_status_display()},
                           field=field, code="not_active")
    return member


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


def _close_membership(member: Member, *, status: str, rule: str, on: date) -> None:
    member.status = status
    member.ended_on = on
    member.end_rule = rule
    member.save()
    for membership in ClubMembership.objects.filter(member=member, ended_on__isnull=True):
        membership.ended_on = on
        membership.save()  # one by one: the change history records it


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


@transaction.atomic
def suspend_person(*, person: Person, starts_on: date, ends_on: date, decision_reference: str,
                   reason: str, article: str = "15.6", by) -> Suspension:
    """A suspension for 1 to 3 years by a decision (Điều 15.6). ``ends_on`` is the last day.

    Staff only. The length, counted from ``starts_on`` to ``ends_on`` inclusive, must
    be between 1 and 3 years.
    """
    _require_staff(by)
    if not (decision_reference or "").strip():
        raise ServiceError(_("Hãy ghi số quyết định đình chỉ."), field="decision_reference")
    if not (reason or "").strip():
        raise ServiceError(_("Hãy ghi lý do đình chỉ."), field="reason")
    check_suspension_period(starts_on, ends_on)
    person = Person.objects.select_for_update().get(pk=person.pk)
    suspension = Suspension.objects.create(
        person=person, starts_on=starts_on, ends_on=ends_on, article=article or "15.6",
        decision_reference=decision_reference.strip(), reason=reason.strip())
    member = active_member_of(person)
    if member is not None:
        MemberEvent.objects.create(
            member=member, kind=MemberEvent.Kind.SUSPENDED, date=starts_on, by=by, rule=article,
            note=_stored("Đình chỉ đến hết ngày %(end)s, quyết định %(ref)s") % {
                "end": ends_on.strftime("%d/%m/%Y"), "ref": suspension.decision_reference})
    return suspension


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
    if on > _today() or on < member.ended_on:
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


# --- lapse job (Điều 15.5) ---------------------------------------------------------------------

LAPSE_BATCH = 200


def lapse_members(params: dict, progress: Callable[[float, str], None]) -> dict:
    """Expel every active member past a Điều 15.5 deadline on ``params['date']`` (default today).

    Idempotent: each member is re-checked under a row lock inside its batch's
    transaction, so a second run (or a redelivered task) lapses nobody twice.
    Returns counts per rule and the card numbers lapsed.
    """
    on = date.fromisoformat(params["date"]) if params.get("date") else _today()
    progress(1, _("Đang tính hạn theo Điều 15.5"))
    due = [d for d in lapse_dues() if d.lapses_on(on)]
    lapsed: list[dict] = []
    for start in range(0, len(due), LAPSE_BATCH):
        batch = due[start:start + LAPSE_BATCH]
        with transaction.atomic():
            lapsed.extend(_lapse_batch(batch, on))
        progress(5 + 94 * (start + len(batch)) / len(due),
                 _("Đã xét %(n)s/%(total)s hội viên") % {"n": start + len(batch),
                                                          "total": len(due)})
    by_rule = {rule: sum(1 for x in lapsed if x["rule"] == rule) for rule in
               (Member.EndRule.NO_DUES, Member.EndRule.NO_ACTIVITY)}
    return {"date": on.isoformat(), "lapsed": len(lapsed), "by_rule": by_rule,
            "cards": [x["card"] for x in lapsed]}


def _lapse_batch(batch, on: date) -> list[dict]:
    by_id = {d.member_id: d for d in batch}
    members = Member.objects.select_for_update().filter(pk__in=by_id,
                                                        status=Member.Status.ACTIVE)
    done = []
    for member in members:
        # Re-check under the lock: dues or attendance may have been recorded meanwhile.
        current = lapse_due_of(member)
        if not current.lapses_on(on):
            continue
        _close_membership(member, status=Member.Status.LAPSED, rule=current.rule, on=on)
        MemberEvent.objects.create(
            member=member, kind=MemberEvent.Kind.LAPSED, date=on, rule=current.rule,
            note=_stored("Quá hạn 6 tháng tính từ %(ref)s (hạn cuối %(deadline)s)") % {
                "ref": current.reference.strftime("%d/%m/%Y"),
                "deadline": current.deadline.strftime("%d/%m/%Y")})
        done.append({"card": member.card_number, "rule": current.rule})
    return done


def lapse_job_key(on: date) -> str:
    return f"lapse:{on.isoformat()}"


def start_lapse_job(*, on: date | None = None, by=None):
    """Start (or return today's) lapse job through ``core.jobs`` (staff only when ``by`` given)."""
    from core.jobs import start_job
    from federation.tasks import lapse_members_task

    if by is not None:
        _require_staff(by)
    on = on or _today()
    return start_job("federation.lapse", lapse_members_task, params={"date": on.isoformat()},
                     key=lapse_job_key(on), user=by)
