"""Reference data, persons, bodies (Điều 14) and clubs (Điều 12, 15.3)."""

from __future__ import annotations

from datetime import date

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core import dates
from core.errors import NotAllowedError, ServiceError
from federation import cache_scopes
from federation import permissions as perms
from federation.models import (
    BoardPosition,
    Body,
    Club,
    ClubBoardMember,
    ClubMeeting,
    Person,
    PlayGroup,
    Province,
)
from federation.selectors import (
    active_club_of,
    add_months,
)
from federation.services._base import _require, _require_staff

PERSON_FIELDS = ("full_name", "gender", "date_of_birth", "citizen_id", "phone", "email",
                 "address", "fide_id", "province", "citizenship")
CLUB_FIELDS = ("name", "body", "province", "kind", "plays_xiangqi", "plays_chess", "address",
               "founded_on", "is_active")


# --- reference data ---------------------------------------------------------------------

def ensure_provinces() -> int:
    """Load the 63 provinces (shipped by migration 0002) if the table was emptied, e.g. by a
    flushing test. Returns how many exist."""
    import json
    from pathlib import Path

    if Province.objects.count() < 63:
        data = Path(__file__).resolve().parent.parent / "data" / "provinces.json"
        for row in json.loads(data.read_text(encoding="utf-8")):
            Province.objects.update_or_create(code=row["code"], defaults=row)
    Body.objects.get_or_create(name="Liên đoàn Cờ Việt Nam",
                               defaults={"level": Body.Level.NATIONAL})
    cache_scopes.touch()
    return Province.objects.count()


# --- persons ---------------------------------------------------------------------------

def _check_unique_person_ids(data: dict, exclude_pk: int | None = None) -> None:
    for field, message in (
        ("citizen_id", _("Số CCCD này đã được dùng cho một người khác.")),
        ("fide_id", _("Mã FIDE này đã được dùng cho một người khác.")),
    ):
        value = data.get(field)
        if value:
            clash = Person.objects.filter(**{field: value})
            if exclude_pk is not None:
                clash = clash.exclude(pk=exclude_pk)
            if clash.exists():
                raise ServiceError(message, field=field, code="duplicate")


def _checked_person_data(data: dict) -> dict:
    """Citizen ID by its official format, a plausible date of birth (core.dates, issue 18)."""
    data = dict(data)
    if "citizen_id" in data:
        data["citizen_id"] = dates.normalize_citizen_id(data["citizen_id"])
    if "citizenship" in data:  # Phụ lục 2 Điều 8.1: FIDE's three-letter code
        data["citizenship"] = str(data["citizenship"] or "").strip().upper()
        if len(data["citizenship"]) != 3 or not data["citizenship"].isalpha():
            raise ServiceError(_("Quốc tịch ghi bằng mã ba chữ cái của FIDE (VIE: Việt Nam)."),
                               field="citizenship")
    for field, check in (("citizen_id", dates.check_citizen_id),
                         ("date_of_birth", dates.check_birth_date)):
        if field in data:
            try:
                check(data[field])
            except ValidationError as exc:
                raise dates.as_service_error(exc, field) from exc
    return data


def _save_person(person: Person, data: dict) -> Person:
    data = _checked_person_data(data)
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


@cache_scopes.touches
@transaction.atomic
def create_person(data: dict, by) -> Person:
    """Record a natural person (Điều 8.1). Staff, officers and club managers may do so."""
    _require(perms.has_any_scope(by))
    return _save_person(Person(), data)


@cache_scopes.touches
@transaction.atomic
def update_person(person: Person, data: dict, by) -> Person:
    """Change a person's record: staff, or whoever may see that person's private data."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    _require(perms.is_staff(by) or (perms.has_any_scope(by)
                                    and perms.PrivateAccess(by).allows(person)))
    return _save_person(person, data)


# --- bodies (Điều 14) ----------------------------------------------------------------------

@cache_scopes.touches
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
        if province is None or parent.province_id != province.pk:  # None: refused above
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


@cache_scopes.touches
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


@cache_scopes.touches
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


@cache_scopes.touches
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
