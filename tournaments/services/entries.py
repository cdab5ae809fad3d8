"""Entries and teams: eligibility, registration (late entries in Swiss, guests), the
corrections of an entry. Starting numbers: ``numbering``; withdrawals and requested byes:
``withdrawals``."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from chessrules.competition.match import GROUPS
from chessrules.values import GenderSection
from core.errors import ServiceError
from federation.models import Club, Member, Person
from federation.selectors import member_on, suspension_on
from tournaments import cache_scopes, selectors
from tournaments.models import Entry, TeamEntry, Tournament
from tournaments.services._common import (
    S,
    _expect_status,
    _lock,
    _require_manager,
    _require_not_locked,
    spec_of,
)
from tournaments.services.numbering import _number_entries


def _age_on(birth: date, day: date) -> int:
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def check_eligibility(tournament: Tournament, person: Person) -> None:
    """Active member, not suspended; gender section; age group (age on 1 January)."""
    ok, reason = selectors.can_enter(person, tournament.start_date)
    if not ok:
        raise ServiceError(reason, field="member", code="not_eligible")
    section = GenderSection(tournament.gender_section)
    if not section.admits(person.gender):
        message = (_("Nội dung nam chỉ dành cho đấu thủ nam.") if section == GenderSection.MEN
                   else _("Nội dung nữ chỉ dành cho đấu thủ nữ."))
        raise ServiceError(message, field="member", code="not_eligible")
    if tournament.age_group:
        limit = int(tournament.age_group[1:])
        if person.date_of_birth is None:
            raise ServiceError(_("Thiếu ngày sinh để xét lứa tuổi %(group)s.")
                               % {"group": tournament.age_group}, field="member",
                               code="not_eligible")
        age = _age_on(person.date_of_birth, date(tournament.start_date.year, 1, 1))
        if age >= limit:
            raise ServiceError(_("Đấu thủ %(age)s tuổi (ngày 1/1) không thuộc lứa tuổi "
                                 "%(group)s.") % {"age": age, "group": tournament.age_group},
                               field="member", code="not_eligible")


def _entry_for(t: Tournament, member: Member, user, *, rating: int, title: str) -> Entry:
    person = member.person
    check_eligibility(t, person)
    if t.entries.filter(member=member).exists():
        raise ServiceError(_("%(name)s đã đăng ký giải này.") % {"name": person.full_name},
                           field="member", code="duplicate")
    check_not_official(t, person)
    return Entry(tournament=t, member=member, name=person.full_name, gender=person.gender,
                 birth_year=person.date_of_birth.year if person.date_of_birth else None,
                 fide_id=person.fide_id or "", rating=rating or 0, title=title or "",
                 registered_by=user if getattr(user, "is_authenticated", False) else None)


def check_not_official(t: Tournament, person: Person) -> None:
    """Điều 20: an arbiter of the event does not play in it (and a player is no arbiter)."""
    official = t.officials.filter(person=person).first()
    if official is not None:
        raise ServiceError(_("%(name)s là %(role)s của giải này; trọng tài không đồng thời là "
                             "đấu thủ của cùng giải (Điều 20).")
                           % {"name": person.full_name, "role": official.get_role_display()},
                           field="member", code="official_cannot_play")


def is_late(t: Tournament, today: date | None = None) -> bool:
    """After the regulations' deadline (Phụ lục 5, item 15) or after the draw."""
    if t.status in (S.CLOSED, S.RUNNING):
        return True
    today = today or timezone.localdate()
    return t.registration_deadline is not None and today > t.registration_deadline


def check_group(t: Tournament, group: str) -> None:
    """002 Điều 10: an individual Scheveningen's entries are in group A or B; other
    formats have no groups."""
    if spec_of(t).groups:
        if group not in GROUPS:
            raise ServiceError(_("Svennhighen cá nhân (002 Điều 10): chọn nhóm A hoặc B."),
                               field="group", code="group_missing")
    elif group:
        raise ServiceError(_("Chỉ giải Svennhighen cá nhân (002 Điều 10) chia nhóm A/B."),
                           field="group")


def check_quota(t: Tournament, member: Member) -> None:
    """Phụ lục 5 item 4 ("quy định cử số đấu thủ chính thức"): at most ``quota_per_unit``
    entries from one club (the member's current club); wildcards ("đặc cách") do not
    count."""
    if not t.quota_per_unit:
        return
    club_id = member.club_memberships.filter(ended_on__isnull=True).values_list(
        "club_id", flat=True).first()
    if club_id is None:
        return
    taken = t.entries.filter(is_wildcard=False, member__club_memberships__club_id=club_id,
                             member__club_memberships__ended_on__isnull=True).count()
    if taken >= t.quota_per_unit:
        raise ServiceError(_("Đơn vị đã cử đủ %(n)s đấu thủ theo điều lệ (Phụ lục 5 mục 4); "
                             "đấu thủ thêm chỉ vào theo đặc cách.") % {"n": t.quota_per_unit},
                           field="member", code="quota_full")


def register_entry(tournament: Tournament, member: Member, *, user, rating: int = 0,
                   title: str = "", late_reason: str = "", group: str = "",
                   wildcard: bool = False) -> Entry:
    """Enter a member (rating and title snapshot).

    A late entry — after the registration deadline of the regulations, or after the draw
    (Swiss only; he joins from the next round to be paired) — is accepted only with
    ``late_reason`` (the late-entry action/endpoint), which is kept on the entry.
    """
    def build(t: Tournament) -> Entry:
        if not wildcard:
            check_quota(t, member)
        entry = _entry_for(t, member, user, rating=rating, title=title)
        entry.is_wildcard = wildcard
        return entry

    organiser = selectors.can_manage(user, tournament)
    if not organiser and not wildcard and selectors.can_enter_for_club(user, member):
        # The member's club sends him (Phụ lục 5 item 4): within the deadline, no wildcard.
        return _register(tournament, build, user=user, late_reason=late_reason, group=group,
                         by_club=True)
    return _register(tournament, build, user=user, late_reason=late_reason, group=group)


def _register(tournament: Tournament, build, *, user, late_reason: str,
              group: str = "", by_club: bool = False) -> Entry:
    """The registration shared by members and guests: ``build(locked_tournament)`` checks
    eligibility and returns the unsaved entry. ``by_club``: a club sends its member (the
    caller checked ``selectors.can_enter_for_club``): only while the event is open for
    registration and before its deadline; late entries stay with the organisers."""
    if not by_club:
        _require_manager(user, tournament)
    late_reason = (late_reason or "").strip()
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        if by_club and (t.status != S.REGISTRATION or is_late(t)):
            raise ServiceError(
                _("Giải không còn nhận đăng ký từ câu lạc bộ (hạn đăng ký %(deadline)s); "
                  "đăng ký muộn do ban tổ chức giải quyết.")
                % {"deadline": t.registration_deadline.strftime("%d/%m/%Y")
                   if t.registration_deadline else "—"},
                field="member", code="late_entry")
        if t.is_team_event:
            raise ServiceError(_("Giải đồng đội: đăng ký theo đội."), code="team_event")
        after_draw = t.status in (S.CLOSED, S.RUNNING)
        if after_draw and not spec_of(t).swiss:
            raise ServiceError(_("Chỉ hệ Thụy Sĩ nhận đăng ký muộn."), field="status",
                               code="invalid_state")
        if not after_draw:
            _expect_status(t, S.REGISTRATION, action=_("đăng ký"))
        late = is_late(t)
        if late and not late_reason:
            raise ServiceError(
                _("Đã quá hạn đăng ký (%(deadline)s): chỉ nhận đăng ký muộn qua thao tác "
                  "“đăng ký muộn” có ghi lý do.")
                % {"deadline": t.registration_deadline.strftime("%d/%m/%Y")
                   if t.registration_deadline and not after_draw else _("đã bốc số")},
                field="member", code="late_entry")
        check_group(t, group)
        entry = build(t)
        entry.group = group
        if late:
            entry.is_late = True
            entry.late_reason = late_reason
            entry.joins_in_round = t.rounds.count() + 1
        entry.save()
        if after_draw:
            if spec_of(t).rating_order:
                _number_entries(t)  # C.04.2: pairing numbers reassigned in rating order
            else:
                top = t.entries.aggregate(m=Max("starting_number"))["m"] or 0
                entry.starting_number = top + 1
                entry.save(update_fields=["starting_number"])
            entry.refresh_from_db()
        cache_scopes.touch_event(t.pk)
    return entry


# --- guests and foreign players (Điều 17.2) -------------------------------------------------

HOME_FEDERATION = "VIE"


def check_guest(tournament: Tournament, *, name: str, gender: str, federation_code: str,
                birth_year: int | None, person: Person | None) -> None:
    """May a non-member be entered? Only when the tournament's ``entrants`` allows it (Điều
    17.2: giải mời, giải quốc tế): guests from Vietnam in "guests" or "international", a
    foreign federation only in "international". A person of the registry who is a member
    enters as a member; a suspended one is refused with the decision's number (15.6)."""
    E = Tournament.Entrants
    if tournament.entrants == E.MEMBERS:
        raise ServiceError(
            _("Giải “%(t)s” chỉ nhận hội viên Liên đoàn; khách mời và đấu thủ nước ngoài chỉ "
              "đăng ký được khi điều lệ cho phép (đối tượng tham dự: giải mời hoặc giải quốc "
              "tế, Điều 17.2).") % {"t": tournament.name}, field="member",
            code="members_only")
    if federation_code != HOME_FEDERATION and tournament.entrants != E.INTERNATIONAL:
        raise ServiceError(
            _("Đấu thủ liên đoàn %(fed)s là đấu thủ nước ngoài: chỉ giải quốc tế nhận (đối tượng "
              "tham dự của giải: %(now)s, Điều 17.2).")
            % {"fed": federation_code, "now": tournament.get_entrants_display()},
            field="federation_code", code="not_international")
    if not (name or "").strip():
        raise ServiceError(_("Cần họ và tên của khách mời."), field="name")
    if person is not None:
        if member_on(person, tournament.start_date) is not None:
            raise ServiceError(_("%(name)s là hội viên Liên đoàn: hãy đăng ký theo hội viên.")
                               % {"name": person.full_name}, field="person",
                               code="is_member")
        suspension = suspension_on(person, tournament.start_date)
        if suspension is not None:
            raise ServiceError(
                _("%(name)s đang bị đình chỉ thi đấu đến hết ngày %(until)s theo quyết định "
                  "%(decision)s (Điều 15.6).")
                % {"name": person.full_name, "until": suspension.ends_on.strftime("%d/%m/%Y"),
                   "decision": suspension.decision_reference}, field="person",
                code="not_eligible")
    _check_section_and_age(tournament, gender, birth_year)


def _check_section_and_age(tournament: Tournament, gender: str, birth_year: int | None) -> None:
    section = GenderSection(tournament.gender_section)
    if not section.admits(gender or None):
        raise ServiceError(_("Nội dung nam chỉ dành cho đấu thủ nam.") if section ==
                           GenderSection.MEN else _("Nội dung nữ chỉ dành cho đấu thủ nữ."),
                           field="gender", code="not_eligible")
    if tournament.age_group:
        limit = int(tournament.age_group[1:])
        if birth_year is None:
            raise ServiceError(_("Thiếu năm sinh để xét lứa tuổi %(group)s.")
                               % {"group": tournament.age_group}, field="birth_year",
                               code="not_eligible")
        age = tournament.start_date.year - birth_year - 1  # age on 1 January, at most
        if age >= limit:
            raise ServiceError(_("Đấu thủ sinh năm %(y)s không thuộc lứa tuổi %(group)s.")
                               % {"y": birth_year, "group": tournament.age_group},
                               field="birth_year", code="not_eligible")


def register_guest_entry(tournament: Tournament, *, user, name: str = "", gender: str = "",
                         federation_code: str = HOME_FEDERATION, birth_year: int | None = None,
                         fide_id: str = "", person: Person | None = None, rating: int = 0,
                         title: str = "", late_reason: str = "", group: str = "") -> Entry:
    """Enter a player who is not a member of the federation (Điều 17.2: a guest, a foreign
    player) when the tournament's ``entrants`` allows it; the same deadline, late-entry and
    arbiter rules as a member's entry. ``person`` links a guest of the registry (its name,
    gender, birth year and FIDE ID are taken from it); a FIDE ID that names a registry person
    links him too, so a suspension cannot be dodged by typing the name."""
    if (late_reason or "").strip() and not is_late(tournament):
        raise ServiceError(_("Chưa quá hạn đăng ký; hãy đăng ký bình thường."),
                           field="late_reason", code="not_late")
    federation_code = (federation_code or HOME_FEDERATION).strip().upper()
    if len(federation_code) != 3 or not federation_code.isalpha():
        raise ServiceError(_("Mã liên đoàn gồm 3 chữ cái (ví dụ VIE, CHN)."),
                           field="federation_code")
    fide_id = (fide_id or "").strip()
    if person is None and fide_id:
        person = Person.objects.filter(fide_id=fide_id).first()
    if person is not None:
        name, gender = person.full_name, person.gender
        birth_year = person.date_of_birth.year if person.date_of_birth else birth_year
        fide_id = person.fide_id or fide_id

    def build(t: Tournament) -> Entry:
        check_guest(t, name=name, gender=gender, federation_code=federation_code,
                    birth_year=birth_year, person=person)
        if person is not None:
            if t.entries.filter(person=person).exists():
                raise ServiceError(_("%(name)s đã đăng ký giải này.") % {"name": name},
                                   field="person", code="duplicate")
            check_not_official(t, person)
        return Entry(tournament=t, person=person, name=name.strip()[:200], gender=gender or "",
                     birth_year=birth_year, fide_id=fide_id[:12],
                     federation_code=federation_code, rating=rating or 0, title=title or "",
                     registered_by=user if getattr(user, "is_authenticated", False) else None)

    return _register(tournament, build, user=user, late_reason=late_reason, group=group)


def register_late_entry(tournament: Tournament, member: Member, *, user, reason: str,
                        rating: int = 0, title: str = "") -> Entry:
    """The explicit late entry: refused without a reason, and only when the entry is late."""
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do nhận đăng ký muộn."), field="reason")
    if not is_late(tournament):
        raise ServiceError(_("Chưa quá hạn đăng ký; hãy đăng ký bình thường."),
                           field="reason", code="not_late")
    return register_entry(tournament, member, user=user, rating=rating, title=title,
                          late_reason=reason)


#: What staff may correct on an entry (a typo in the snapshot); rating and title only
#: before the draw (the starting numbers follow them).
ENTRY_FIELDS = frozenset({"name", "fide_id", "federation_code", "rating", "title", "group"})
DRAW_FIELDS = frozenset({"rating", "title", "group"})


def update_entry(entry: Entry, *, user, **fields) -> Entry:
    """Correct an entry's snapshot data (not on a certified tournament)."""
    unknown = set(fields) - ENTRY_FIELDS
    if unknown:
        raise ServiceError(_("Trường không sửa được: %s") % ", ".join(sorted(unknown)),
                           field=sorted(unknown)[0])
    _require_manager(user, entry.tournament)
    with transaction.atomic():
        t = _lock(entry.tournament)
        _require_not_locked(t)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        changed = {name for name, value in fields.items() if getattr(e, name) != value}
        if changed & DRAW_FIELDS and t.status not in (S.DRAFT, S.REGISTRATION):
            raise ServiceError(_("Không sửa hệ số/danh hiệu/nhóm sau khi đã bốc số."),
                               field=sorted(changed & DRAW_FIELDS)[0], code="invalid_state")
        if "group" in changed:
            check_group(t, fields["group"])
        for name in changed:
            setattr(e, name, fields[name])
        if changed:
            e.save()
            cache_scopes.touch_event(t.pk)
    return e


def from_club(club: Club, members: list[Member]) -> bool:
    """Every one of ``members`` is currently in ``club`` (an open club membership)."""
    ids = {member.pk for member in members}
    return Member.objects.filter(pk__in=ids, club_memberships__club=club,
                                 club_memberships__ended_on__isnull=True).count() == len(ids)


def register_team(tournament: Tournament, name: str, roster: Iterable[tuple[Member, int]], *,
                  user, club: Club | None = None, ratings: dict[int, int] | None = None
                  ) -> TeamEntry:
    """A team with its fixed board order (Điều 30.1.3): boards 1..B, reserves B+1..B+R.

    The organisers enter any team; a club's managers (``club`` given) enter the club's own
    team of its current members, before the registration deadline (Phụ lục 5 item 4)."""
    roster = list(roster)
    by_club = (not selectors.can_manage(user, tournament) and club is not None
               and bool(roster) and all(selectors.can_enter_for_club(user, member)
                                        for member, _order in roster)
               and from_club(club, [member for member, _order in roster]))
    if not by_club:
        _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.REGISTRATION, action=_("đăng ký đội"))
        if by_club and is_late(t):
            raise ServiceError(
                _("Giải không còn nhận đăng ký từ câu lạc bộ (hạn đăng ký %(deadline)s); "
                  "đăng ký muộn do ban tổ chức giải quyết.")
                % {"deadline": t.registration_deadline.strftime("%d/%m/%Y")
                   if t.registration_deadline else "—"}, field="roster", code="late_entry")
        if not t.is_team_event:
            raise ServiceError(_("Giải cá nhân: đăng ký từng đấu thủ."), code="not_team_event")
        boards, reserves = t.boards_per_team or 0, t.reserves_per_team or 0
        orders = sorted(order for _member, order in roster)
        if orders[:boards] != list(range(1, boards + 1)) or len(orders) > boards + reserves \
                or orders != list(range(1, len(orders) + 1)):
            raise ServiceError(
                _("Đội cần đủ %(boards)s bàn (thứ tự 1..%(boards)s) và tối đa %(reserves)s "
                  "dự bị, thứ tự liên tiếp (Điều 30.1.3).")
                % {"boards": boards, "reserves": reserves}, field="roster")
        team = TeamEntry.objects.create(tournament=t, name=name, club=club)
        for member, order in roster:
            entry = _entry_for(t, member, user, rating=(ratings or {}).get(member.pk, 0),
                               title="")
            entry.team = team
            entry.board_order = order
            entry.save()
        cache_scopes.touch_event(t.pk)
    return team
