"""Entries and teams: eligibility, registration (late entries in Swiss), starting
numbers, withdrawals (Điều 21.5) and requested byes."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import TypeVar

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from chessrules.competition.match import GROUPS
from chessrules.values import GenderSection
from core.errors import NotAllowedError, ServiceError
from core.hooks import provider
from federation.models import Club, Member, Person
from federation.permissions import can_manage_club
from federation.selectors import member_on, suspension_on
from tournaments import cache_scopes, engine, selectors
from tournaments.models import (
    Entry,
    TeamEntry,
    Tournament,
)
from tournaments.services._common import (
    S,
    _expect_status,
    _lock,
    _require_manager,
    _require_not_locked,
    spec_of,
)

Withdrawing = TypeVar("Withdrawing", Entry, TeamEntry)


def _draw_numbers(t: Tournament) -> None:
    if t.is_team_event:
        teams = list(t.teams.all())
        order = engine.lot_order([team.pk for team in teams], _lot_seed(t))
        places = (t.boards_per_team or 0) + (t.reserves_per_team or 0)
        TeamEntry.objects.filter(tournament=t).update(starting_number=None)
        Entry.objects.filter(tournament=t).update(starting_number=None)
        for number, pk in enumerate(order, 1):
            TeamEntry.objects.filter(pk=pk).update(starting_number=number)
            for entry in Entry.objects.filter(team_id=pk):
                if entry.board_order is None:  # a team's player has his board (the roster)
                    raise ValueError(f"entry {entry.pk}: a team's player without a board")
                entry.starting_number = (number - 1) * places + entry.board_order
                entry.save(update_fields=["starting_number"])
        return
    _number_entries(t)


def _lot_seed(t: Tournament) -> int:
    """The lot drawn when entries closed (Điều 28): starting numbers follow from it."""
    if t.lot_seed is None:
        raise ValueError(f"tournament {t.pk}: starting numbers before the drawing of lots")
    return t.lot_seed


def _number_entries(t: Tournament) -> None:
    entries = list(t.entries.select_related("member"))
    order_by = spec_of(t).starting_order
    if order_by == "adjusted":  # Điều 28.1; 28.7: renumbered on a late entry
        national = _national_ratings(t, entries)
        category = _national_categories(t, entries)
        order = engine.adjusted_order(
            [(e.pk, e.rating, e.title, national.get(e.pk, 0), category.get(e.pk, 0))
             for e in entries],
            t.lot_seed or 0)
    elif order_by == "groups":  # 002 Điều 10: A1..An, then B1..Bn
        order = [pk for g in GROUPS for pk in engine.lot_order(
            [e.pk for e in entries if e.group == g], _lot_seed(t))]
    elif order_by == "rating":  # C.04.2
        order = engine.rating_order([(e.pk, e.rating, e.title, e.name) for e in entries])
    else:
        order = engine.lot_order([e.pk for e in entries], _lot_seed(t))
    Entry.objects.filter(tournament=t).update(starting_number=None)
    for number, pk in enumerate(order, 1):
        Entry.objects.filter(pk=pk).update(starting_number=number)


def _national_ratings(t: Tournament, entries: list[Entry]) -> dict[int, int]:
    """Điều 28.1 "hệ số của quốc gia": each entry's rating on the federation's list (the
    event's discipline and time control) in force at its start; absent: none."""
    by_person = provider("national_ratings")(t)  # the ratings app's (settings.PROVIDERS)
    return {e.pk: by_person.get(e.member.person_id, 0) for e in entries
            if e.member is not None}


def _national_categories(t: Tournament, entries: list[Entry]) -> dict[int, int]:
    """Điều 28.1 "đẳng cấp theo thứ hạng quốc gia": each entry's highest national category
    (Phụ lục 6: kiện tướng 3, kiện tướng dự bị 2, cấp I 1) awarded by the event's start;
    none: 0."""
    people = {e.pk: e.member.person_id for e in entries if e.member is not None}
    ranks = provider("national_categories")(set(people.values()), t.start_date, t.discipline)
    return {pk: ranks.get(person, 0) for pk, person in people.items()}


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


def _require_arbiter_or_manager(user, tournament: Tournament, message: str) -> None:
    if not (selectors.can_arbitrate(user, tournament) or selectors.can_manage(user, tournament)):
        raise NotAllowedError(message)


def _lock_withdrawing(tournament: Tournament, model: type[Withdrawing], pk: int,
                      already: str) -> tuple[Tournament, Withdrawing]:
    """Lock the tournament (not locked for changes) and the entry or team that withdraws;
    refuse a second withdrawal with ``already``."""
    t = _lock(tournament)
    _require_not_locked(t)
    locked = model.objects.select_for_update().get(pk=pk)
    cache_scopes.touch_event(t.pk)
    if locked.withdrawn_on is not None:
        raise ServiceError(already, code="duplicate")
    return t, locked


def withdraw_entry(entry: Entry, *, user, on_date: date | None = None) -> Entry:
    """Điều 21.5: Swiss — results kept, no longer paired; round robin — the standings annul
    his games (played half or fewer) or his remaining games are lost by forfeit."""
    tournament = entry.tournament
    by_club = (not (selectors.can_arbitrate(user, tournament)
                    or selectors.can_manage(user, tournament))
               and selectors.can_enter_for_club(user, entry.member))
    if not by_club:
        _require_arbiter_or_manager(user, tournament,
                                    _("Chỉ trọng tài hoặc ban tổ chức ghi nhận bỏ cuộc."))
    with transaction.atomic():
        t, e = _lock_withdrawing(tournament, Entry, entry.pk,
                                 _("Đấu thủ đã bỏ cuộc trước đó."))
        if by_club and (t.status != S.REGISTRATION or is_late(t)):
            # The club takes its entry back before the deadline; afterwards it is a
            # withdrawal the arbiter or the organisers record (Điều 21.5).
            raise ServiceError(_("Đã quá hạn đăng ký: câu lạc bộ không tự rút đấu thủ được "
                                 "nữa; hãy báo ban tổ chức hoặc trọng tài."),
                               field="entry", code="late_withdrawal")
        if t.status in (S.DRAFT, S.REGISTRATION):
            e.delete()  # before the draw: simply not entered
            return e
        e.withdrawn_on = on_date or timezone.localdate()
        e.withdrawn_after_round = t.rounds.count()
        e.save()
    return e


def withdraw_team(team: TeamEntry, *, user, on_date: date | None = None) -> TeamEntry:
    """A team withdraws (Điều 30: the team is one unit, 002 Điều 16): before the draw it is
    simply not entered (team and roster removed); after it, the results played stay and
    every player of its roster is withdrawn from the next round, so each remaining board
    against it is lost by forfeit (team round robin, Scheveningen, simultaneous match) or
    the team is no longer drawn (team Swiss by draw, 21.5.2)."""

    tournament = team.tournament
    by_club = (not (selectors.can_arbitrate(user, tournament)
                    or selectors.can_manage(user, tournament))
               and team.club is not None and can_manage_club(user, team.club))
    if not by_club:
        _require_arbiter_or_manager(user, tournament,
                                    _("Chỉ trọng tài hoặc ban tổ chức ghi nhận bỏ cuộc."))
    with transaction.atomic():
        t, locked = _lock_withdrawing(tournament, TeamEntry, team.pk,
                                      _("Đội đã bỏ cuộc trước đó."))
        if by_club and (t.status != S.REGISTRATION or is_late(t)):
            raise ServiceError(_("Đã quá hạn đăng ký: câu lạc bộ không tự rút đội được nữa; "
                                 "hãy báo ban tổ chức hoặc trọng tài."),
                               field="team", code="late_withdrawal")
        if t.status in (S.DRAFT, S.REGISTRATION):
            locked.delete()  # the roster goes with it (Entry.team cascades)
            return locked
        day = on_date or timezone.localdate()
        after = t.rounds.count()
        locked.withdrawn_on = day
        locked.save(update_fields=["withdrawn_on"])
        locked.roster.filter(withdrawn_on__isnull=True).update(withdrawn_on=day,
                                                               withdrawn_after_round=after)
    return locked


def request_bye(entry: Entry, round_number: int, *, user, points: float | None = None
                ) -> Entry:
    """A requested bye (xin nghỉ) for a future round, with the points of the regulations:
    by default the tournament's ``requested_bye_score``, 0 unless the regulations say
    otherwise (Điều 28.7, 002 Điều 13.7)."""
    tournament = entry.tournament
    if points is None:
        points = float(tournament.requested_bye_score)
    _require_arbiter_or_manager(user, tournament, _("Chỉ trọng tài hoặc ban tổ chức ghi nhận xin nghỉ."))
    if not spec_of(tournament).swiss:
        raise ServiceError(_("Chỉ hệ Thụy Sĩ nhận xin nghỉ."), code="invalid_state")
    if float(points) not in (0.0, 0.5, 1.0):
        raise ServiceError(_("Điểm nghỉ phải là 0, 0.5 hoặc 1."), field="points")
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        if round_number <= t.rounds.count() or round_number > (t.number_of_rounds or 0):
            raise ServiceError(_("Chỉ xin nghỉ cho một ván chưa xếp cặp."), field="round")
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        byes = [b for b in e.requested_byes if int(b["round"]) != round_number]
        byes.append({"round": round_number, "points": float(points)})
        e.requested_byes = sorted(byes, key=lambda b: b["round"])
        e.save()
        cache_scopes.touch_event(t.pk)
    return e
