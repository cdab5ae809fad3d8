"""Writes of the tournaments app: the lifecycle, entries, pairing jobs and results.

Lifecycle (each transition a service with its preconditions)::

    draft → registration → closed (starting numbers drawn) → running (round N paired,
    round N complete, …) → finished → certified (locked; staff may reopen with a reason)

Pairing is the Celery job ``tournaments.tasks.pair_round_task`` (``request_pairing``
starts it, ``pair_round_job`` does the work, idempotently: it locks the tournament row
and checks for the round inside the writing transaction).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from core.caching import touch_now_and_on_commit
from core.errors import ConflictError, NotAllowedError, ServiceError
from core.jobs import start_job
from core.models import Job
from federation.models import Club, Gender, Member, Person
from tournaments import engine, selectors
from tournaments.models import (
    FINAL_RESULTS,
    RESULT_POINTS,
    Entry,
    Official,
    Pairing,
    PairingChange,
    ResultChange,
    Round,
    StatusChange,
    TeamEntry,
    TeamMatch,
    Tournament,
)
from tournaments.signals import tournament_certified

S = Tournament.Status
SWISS_SYSTEMS = frozenset({"dutch", "swiss_draw", "team_swiss_draw"})
RATING_ORDER_SYSTEMS = frozenset({"dutch", "knockout"})
ARBITER_SOURCES = frozenset({"api", "bulk", "admin", "import"})
"""Sources where an arbiter corrects a result on purpose; other sources (e.g. the games
app, ``source="games"``) may not overwrite a different recorded result."""

RESULT_ALIASES = {
    "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "=": "1/2-1/2",
    "0.5-0.5": "1/2-1/2", "+-": "+-", "+/-": "+-", "-+": "-+", "-/+": "-+", "--": "--",
    "-/-": "--", "0-0": "--", "": "", "*": "*", "pending": "",
}


# --- helpers ---------------------------------------------------------------------------------

def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _require_manager(user, tournament: Tournament) -> None:
    if not selectors.can_manage(user, tournament):
        raise NotAllowedError(_("Chỉ ban tổ chức giải hoặc cán bộ Liên đoàn được làm việc này."))


def _require_arbiter(user, tournament: Tournament) -> None:
    if not selectors.can_arbitrate(user, tournament):
        raise NotAllowedError(_("Chỉ trọng tài được phân công cho giải này được làm việc này "
                                "(Điều 20)."))


def _require_not_locked(tournament: Tournament) -> None:
    if tournament.status == S.CERTIFIED:
        raise ServiceError(_("Giải đã được công nhận kết quả và bị khóa; chỉ cán bộ Liên đoàn "
                             "mở lại được."), code="locked")


def _transition(tournament: Tournament, to: str, user, reason: str = "") -> None:
    StatusChange.objects.create(tournament=tournament, from_status=tournament.status,
                                to_status=to, reason=reason,
                                changed_by=user if getattr(user, "is_authenticated", False)
                                else None)
    tournament.status = to
    if reason:
        tournament._change_reason = reason  # simple_history keeps it with the change
    tournament.save()


def _expect_status(tournament: Tournament, *allowed: str, action: str) -> None:
    if tournament.status not in allowed:
        raise ServiceError(
            _("Không thể %(action)s khi giải đang ở trạng thái \"%(status)s\".")
            % {"action": action, "status": tournament.get_status_display()},
            field="status", code="invalid_state")


# --- tournament ---------------------------------------------------------------------------------

TOURNAMENT_FIELDS = frozenset({
    "name", "discipline", "time_control_class", "time_control_preset", "time_control",
    "category", "age_group", "gender_section", "start_date", "end_date", "venue",
    "organiser_body", "organiser_club", "rated", "system", "number_of_rounds", "bye_score",
    "tiebreaks", "move_rule_reference", "no_capture_move_limit", "knockout_tie_rule", "late_arrival_minutes",
    "boards_per_team", "reserves_per_team", "purpose", "host_and_sponsors", "eligibility",
    "schedule", "prizes", "title_criteria", "fees", "registration_deadline",
    "regulation_document",
})
LOCKED_AFTER_CLOSE = frozenset({"system", "boards_per_team", "reserves_per_team",
                                "discipline", "gender_section", "age_group"})


def _validate_tournament(t: Tournament) -> None:
    if t.end_date < t.start_date:
        raise ServiceError(_("Ngày kết thúc trước ngày bắt đầu."), field="end_date")
    if t.organiser_body_id is None and t.organiser_club_id is None:
        raise ServiceError(_("Cần đơn vị tổ chức (liên đoàn hoặc câu lạc bộ)."),
                           field="organiser_body")
    if t.system in SWISS_SYSTEMS and not t.number_of_rounds:
        raise ServiceError(_("Hệ Thụy Sĩ cần số ván."), field="number_of_rounds")
    if t.is_team_event:
        boards = t.boards_per_team or 0
        if not 3 <= boards <= 6:
            raise ServiceError(_("Đồng đội: mỗi đội 3-6 bàn (Điều 30.1.3)."),
                               field="boards_per_team")
        if t.reserves_per_team is not None and t.reserves_per_team > 3:
            raise ServiceError(_("Đồng đội: tối đa 3 dự bị (Điều 30.1.3)."),
                               field="reserves_per_team")
    if t.category == Tournament.Category.NATIONAL_YOUTH and not t.age_group:
        raise ServiceError(_("Giải trẻ cần lứa tuổi (U8-U18)."), field="age_group")
    if t.bye_score not in (Decimal("0"), Decimal("0.5"), Decimal("1")):
        raise ServiceError(_("Điểm nghỉ phải là 0, 0.5 hoặc 1."), field="bye_score")
    problem = engine.check_tiebreak_codes(t.tiebreaks)
    if problem:
        raise ServiceError(problem, field="tiebreaks")


def create_tournament(*, user, **fields) -> Tournament:
    unknown = set(fields) - TOURNAMENT_FIELDS
    if unknown:
        raise ServiceError(f"unknown fields: {sorted(unknown)}")
    tournament = Tournament(**fields, created_by=user if user and user.is_authenticated
                            else None)
    if not selectors.can_organise(user, body=tournament.organiser_body,
                                  club=tournament.organiser_club):
        raise NotAllowedError(_("Bạn không phải cán bộ của đơn vị tổ chức giải này."))
    _validate_tournament(tournament)
    tournament.save()
    return tournament


def update_tournament(tournament: Tournament, *, user, **fields) -> Tournament:
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        changed = {name for name, value in fields.items()
                   if name in TOURNAMENT_FIELDS and getattr(t, name) != value}
        if t.status not in (S.DRAFT, S.REGISTRATION) and LOCKED_AFTER_CLOSE & changed:
            raise ServiceError(_("Không đổi thể thức/nội dung sau khi đã khóa đăng ký."),
                               field=sorted(LOCKED_AFTER_CLOSE & changed)[0],
                               code="invalid_state")
        for name, value in fields.items():
            if name not in TOURNAMENT_FIELDS:
                raise ServiceError(f"unknown field {name}", field=name)
            setattr(t, name, value)
        if not selectors.can_organise(user, body=t.organiser_body, club=t.organiser_club):
            raise NotAllowedError(_("Bạn không phải cán bộ của đơn vị tổ chức giải này."))
        _validate_tournament(t)
        t.save()
    return t


def assign_official(tournament: Tournament, person: Person, role: str, *, user) -> Official:
    """Điều 20: chief arbiter, deputies and arbiters, each a person."""
    _require_manager(user, tournament)
    _require_not_locked(tournament)
    if role == Official.Role.CHIEF and tournament.officials.filter(role=role).exclude(
            person=person).exists():
        raise ServiceError(_("Giải đã có tổng trọng tài."), field="role", code="duplicate")
    official, _created = Official.objects.update_or_create(
        tournament=tournament, person=person, defaults={"role": role})
    return official


def remove_official(official: Official, *, user) -> None:
    _require_manager(user, official.tournament)
    _require_not_locked(official.tournament)
    official.delete()


def open_registration(tournament: Tournament, *, user) -> Tournament:
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.DRAFT, action=_("mở đăng ký"))
        _transition(t, S.REGISTRATION, user)
    return t


def close_registration(tournament: Tournament, *, user, seed: int | None = None) -> Tournament:
    """Close registration and draw the starting numbers: by lot with a stored seed, or by
    rating order (Điều 28.1) for the Dutch Swiss."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.REGISTRATION, action=_("khóa đăng ký"))
        if t.is_team_event:
            if t.teams.count() < 2:
                raise ServiceError(_("Cần ít nhất 2 đội."), code="too_few")
        elif t.entries.count() < 2:
            raise ServiceError(_("Cần ít nhất 2 đấu thủ."), code="too_few")
        t.lot_seed = seed if seed is not None else secrets.randbits(62)
        _draw_numbers(t)
        if t.system == "scheveningen" and t.teams.count() != 2:
            raise ServiceError(_("Đối kháng kiểu Anh (Điều 30.2.2) giữa đúng 2 đội."),
                               code="too_few")
        if t.system in ("round_robin", "double_round_robin", "team_round_robin",
                        "scheveningen"):
            t.number_of_rounds = engine.total_rounds(t)
        _transition(t, S.CLOSED, user)
    return t


def _draw_numbers(t: Tournament) -> None:
    if t.is_team_event:
        teams = list(t.teams.all())
        order = engine.lot_order([team.pk for team in teams], t.lot_seed)
        places = (t.boards_per_team or 0) + (t.reserves_per_team or 0)
        TeamEntry.objects.filter(tournament=t).update(starting_number=None)
        Entry.objects.filter(tournament=t).update(starting_number=None)
        for number, pk in enumerate(order, 1):
            TeamEntry.objects.filter(pk=pk).update(starting_number=number)
            for entry in Entry.objects.filter(team_id=pk):
                entry.starting_number = (number - 1) * places + entry.board_order
                entry.save(update_fields=["starting_number"])
        return
    _number_entries(t)


def _number_entries(t: Tournament) -> None:
    entries = list(t.entries.all())
    if t.system in RATING_ORDER_SYSTEMS:
        order = engine.rating_order([(e.pk, e.rating, e.title, e.name) for e in entries])
    else:
        order = engine.lot_order([e.pk for e in entries], t.lot_seed)
    Entry.objects.filter(tournament=t).update(starting_number=None)
    for number, pk in enumerate(order, 1):
        Entry.objects.filter(pk=pk).update(starting_number=number)


# --- entries --------------------------------------------------------------------------------------

def _age_on(birth: date, day: date) -> int:
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def check_eligibility(tournament: Tournament, person: Person) -> None:
    """Active member, not suspended; gender section; age group (age on 1 January)."""
    ok, reason = selectors.can_enter(person, tournament.start_date)
    if not ok:
        raise ServiceError(reason, field="member", code="not_eligible")
    section = tournament.gender_section
    if section == Tournament.GenderSection.MEN and person.gender != Gender.MALE:
        raise ServiceError(_("Nội dung nam chỉ dành cho đấu thủ nam."), field="member",
                           code="not_eligible")
    if section == Tournament.GenderSection.WOMEN and person.gender != Gender.FEMALE:
        raise ServiceError(_("Nội dung nữ chỉ dành cho đấu thủ nữ."), field="member",
                           code="not_eligible")
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
    return Entry(tournament=t, member=member, name=person.full_name, gender=person.gender,
                 birth_year=person.date_of_birth.year if person.date_of_birth else None,
                 fide_id=person.fide_id or "", rating=rating or 0, title=title or "",
                 registered_by=user if getattr(user, "is_authenticated", False) else None)


def register_entry(tournament: Tournament, member: Member, *, user, rating: int = 0,
                   title: str = "") -> Entry:
    """Enter a member (rating and title snapshot). After closing: a late entry (Swiss only)
    joins from the next round to be paired."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        if t.is_team_event:
            raise ServiceError(_("Giải đồng đội: đăng ký theo đội."), code="team_event")
        late = t.status in (S.CLOSED, S.RUNNING)
        if late and t.system not in SWISS_SYSTEMS:
            raise ServiceError(_("Chỉ hệ Thụy Sĩ nhận đăng ký muộn."), field="status",
                               code="invalid_state")
        if not late:
            _expect_status(t, S.REGISTRATION, action=_("đăng ký"))
        entry = _entry_for(t, member, user, rating=rating, title=title)
        if late:
            entry.is_late = True
            entry.joins_in_round = t.rounds.count() + 1
        entry.save()
        if late:
            if t.system in RATING_ORDER_SYSTEMS:
                _number_entries(t)  # C.04.2: pairing numbers reassigned in rating order
            else:
                top = t.entries.aggregate(m=Max("starting_number"))["m"] or 0
                entry.starting_number = top + 1
                entry.save(update_fields=["starting_number"])
            entry.refresh_from_db()
    return entry


def register_team(tournament: Tournament, name: str, roster: Iterable[tuple[Member, int]], *,
                  user, club: Club | None = None, ratings: dict[int, int] | None = None
                  ) -> TeamEntry:
    """A team with its fixed board order (Điều 30.1.3): boards 1..B, reserves B+1..B+R."""
    _require_manager(user, tournament)
    roster = list(roster)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.REGISTRATION, action=_("đăng ký đội"))
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
    return team


def withdraw_entry(entry: Entry, *, user, on_date: date | None = None) -> Entry:
    """Điều 21.5: Swiss — results kept, no longer paired; round robin — the standings annul
    his games (played half or fewer) or his remaining games are lost by forfeit."""
    tournament = entry.tournament
    if not (selectors.can_arbitrate(user, tournament) or selectors.can_manage(user, tournament)):
        raise NotAllowedError(_("Chỉ trọng tài hoặc ban tổ chức ghi nhận bỏ cuộc."))
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        if e.withdrawn_on is not None:
            raise ServiceError(_("Đấu thủ đã bỏ cuộc trước đó."), code="duplicate")
        if t.status in (S.DRAFT, S.REGISTRATION):
            e.delete()  # before the draw: simply not entered
            return e
        e.withdrawn_on = on_date or timezone.localdate()
        e.withdrawn_after_round = t.rounds.count()
        e.save()
    return e


def request_bye(entry: Entry, round_number: int, *, user, points: float = 0.5) -> Entry:
    """A requested bye (xin nghỉ) for a future round, with the points of the regulations."""
    tournament = entry.tournament
    if not (selectors.can_arbitrate(user, tournament) or selectors.can_manage(user, tournament)):
        raise NotAllowedError(_("Chỉ trọng tài hoặc ban tổ chức ghi nhận xin nghỉ."))
    if tournament.system not in SWISS_SYSTEMS:
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
    return e


# --- pairing -----------------------------------------------------------------------------------------

def _check_can_pair(t: Tournament, number: int) -> None:
    _expect_status(t, S.CLOSED, S.RUNNING, action=_("xếp cặp"))
    previous = t.rounds.filter(number=number - 1).first()
    if number > 1 and (previous is None or previous.status != Round.Status.COMPLETE):
        raise ServiceError(_("Ván %(n)s chưa đủ kết quả; chưa xếp được ván %(next)s.")
                           % {"n": number - 1, "next": number}, field="round",
                           code="round_incomplete")
    if t.system == "knockout":
        if number > 1 and engine.knockout_champion(t) is not None:
            raise ServiceError(_("Giải loại trực tiếp đã có nhà vô địch."), field="round",
                               code="no_more_rounds")
        return
    total = engine.total_rounds(t)
    if total and number > total:
        raise ServiceError(_("Giải chỉ có %(n)s ván.") % {"n": total}, field="round",
                           code="no_more_rounds")


def pairing_job_key(tournament: Tournament, number: int) -> str:
    return f"tournaments.pair:{tournament.pk}:{number}"


def request_pairing(tournament: Tournament, *, user, round_number: int | None = None) -> Job:
    """Start the "pair next round" job (idempotent: one job per tournament and round).

    With ``round_number`` (a client retrying "pair round N") the job of that round is
    returned when it exists, even if the round has been paired since.
    """
    from tournaments.tasks import pair_round_task

    _require_arbiter(user, tournament)
    t = Tournament.objects.get(pk=tournament.pk)
    if round_number is not None:
        existing = Job.objects.filter(key=pairing_job_key(t, round_number)).first()
        if existing is not None and existing.state != Job.State.FAILED:
            return existing
    number = t.rounds.count() + 1
    if round_number is not None and round_number != number:
        raise ServiceError(_("Ván tiếp theo cần xếp là ván %(n)s.") % {"n": number},
                           field="round", code="wrong_round")
    _check_can_pair(t, number)
    key = pairing_job_key(t, number)
    params = {"tournament": t.pk, "round": number, "seed": secrets.randbits(62), "key": key}
    return start_job("tournaments.pair_round", pair_round_task, params=params, key=key,
                     user=user)


def pair_round_job(params: dict, progress: Callable[[float, str], None]) -> dict:
    """The job: lock the tournament, return the round if it exists, else pair and write it."""
    progress(5, "loading")
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=params["tournament"])
        number = int(params["round"])
        existing = t.rounds.filter(number=number).first()
        if existing is not None:
            return _round_summary(existing, reused=True)
        _check_can_pair(t, number)
        progress(20, "pairing")
        try:
            plan = engine.plan_round(t, number, params.get("seed"))
        except engine.EngineError as exc:
            raise ServiceError(str(exc), field="round", code="pairing_failed") from exc
        progress(80, "writing")
        job = Job.objects.filter(key=params.get("key")).first() if params.get("key") else None
        rnd = _write_round(t, plan, job)
        if t.status == S.CLOSED:
            _transition(t, S.RUNNING, None)
    return _round_summary(rnd)


def _write_round(t: Tournament, plan: engine.RoundPlan, job: Job | None) -> Round:
    entries = {e.starting_number: e for e in t.entries.filter(starting_number__isnull=False)}
    teams = {team.starting_number: team for team in t.teams.all()}
    rnd = Round.objects.create(tournament=t, number=plan.number, system=plan.system,
                               engine_version=plan.engine_version, seed=plan.seed,
                               warnings=plan.warnings, draw=plan.draw, job=job)
    matches = [TeamMatch.objects.create(round=rnd, table=i, home=teams[m.home],
                                        away=teams.get(m.away) if m.away else None)
               for i, m in enumerate(plan.matches, 1)]
    pairings = []
    for board, b in enumerate(plan.boards, 1):
        pairings.append(Pairing(
            round=rnd, board=board, kind=b.kind, white=entries[b.white],
            black=entries[b.black] if b.black else None, result=b.result,
            bye_points=Decimal(str(b.bye_points)) if b.bye_points is not None else None,
            match_board=b.match_board, match_key=b.match_key, game_number=b.game_number,
            team_match=matches[b.team_match] if b.team_match is not None else None))
    Pairing.objects.bulk_create(pairings)
    refresh_round_status(rnd)
    return rnd


def _round_summary(rnd: Round, reused: bool = False) -> dict:
    return {"round": rnd.number, "round_id": rnd.pk, "boards": rnd.pairings.count(),
            "system": rnd.system, "engine_version": rnd.engine_version, "seed": rnd.seed,
            "warnings": rnd.warnings, "already_paired": reused}


def refresh_round_status(rnd: Round) -> None:
    pending = rnd.pairings.filter(kind=Pairing.Kind.GAME).exclude(
        result__in=list(RESULT_POINTS)).exists()
    if not pending and rnd.status != Round.Status.COMPLETE:
        rnd.status = Round.Status.COMPLETE
        rnd.completed_at = timezone.now()
        rnd.save(update_fields=["status", "completed_at"])
        _record_play_as_activity(rnd)
    elif pending and rnd.status == Round.Status.COMPLETE:
        rnd.status = Round.Status.STARTED
        rnd.completed_at = None
        rnd.save(update_fields=["status", "completed_at"])


#: which sides of a board were present at the board (a forfeiting player was not)
_PRESENT_SIDES = {"1-0": ("white", "black"), "0-1": ("white", "black"),
                  "1/2-1/2": ("white", "black"), "+-": ("white",), "-+": ("black",)}


def _record_play_as_activity(rnd: Round) -> None:
    """Playing in a tournament is club activity for the lapse rule (Phụ lục 2, Điều 15.5)."""
    from federation.services import record_tournament_activities

    t = rnd.tournament
    day = min(max(timezone.localdate(), t.start_date), t.end_date)
    members = []
    for p in rnd.pairings.filter(kind=Pairing.Kind.GAME).select_related("white", "black"):
        for side in _PRESENT_SIDES.get(p.result, ()):
            entry = getattr(p, side)
            if entry is not None and entry.member_id:
                members.append(entry.member_id)
    record_tournament_activities(members, day, note=f"{t.name}, ván {rnd.number}")


def start_round(rnd: Round, *, user) -> Round:
    """The round begins: manual pairing changes are no longer possible."""
    _require_arbiter(user, rnd.tournament)
    with transaction.atomic():
        r = Round.objects.select_for_update().get(pk=rnd.pk)
        if r.status == Round.Status.PAIRED:
            r.status = Round.Status.STARTED
            r.started_at = timezone.now()
            r.save(update_fields=["status", "started_at"])
    return r


def _snapshot(p: Pairing) -> dict:
    return {"board": p.board, "white": p.white_id, "black": p.black_id, "kind": p.kind}


def change_pairing(pairing: Pairing, *, user, reason: str, expected_version: int | None,
                   swap_colours: bool = False, white: Entry | None = None,
                   black: Entry | None = None) -> Pairing:
    """Manual change before the round starts (swap colours or players), with a reason.

    A player moved here from another board of the round takes the place of the one he
    replaces there (an exchange), so every player stays paired exactly once.
    """
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do thay đổi cặp đấu."), field="reason")
    _require_arbiter(user, pairing.round.tournament)
    with transaction.atomic():
        _lock(pairing.round.tournament)
        p = Pairing.objects.select_for_update().select_related("round").get(pk=pairing.pk)
        rnd = p.round
        _require_not_locked(rnd.tournament)
        if rnd.status != Round.Status.PAIRED:
            raise ServiceError(_("Ván đã bắt đầu; không thay đổi cặp đấu được nữa."),
                               code="round_started")
        if expected_version is not None and p.version != expected_version:
            raise ConflictError(_("Cặp đấu đã bị thay đổi (phiên bản %(v)s); hãy tải lại.")
                                % {"v": p.version}, field="version")
        before = _snapshot(p)
        changes: list[tuple[Pairing, dict]] = [(p, before)]
        if swap_colours:
            if p.black_id is None:
                raise ServiceError(_("Cặp nghỉ không có màu quân để đổi."), field="swap_colours")
            p.white, p.black = p.black, p.white
        for side, new in (("white", white), ("black", black)):
            if new is None:
                continue
            if new.tournament_id != rnd.tournament_id:
                raise ServiceError(_("Đấu thủ không thuộc giải này."), field=side)
            current = getattr(p, side)
            if rnd.tournament.is_team_event and current is not None and \
                    new.team_id != current.team_id:
                raise ServiceError(_("Dự bị chỉ thay cho đấu thủ cùng đội, ở đúng bàn đó "
                                     "(Điều 30.1.4)."), field=side, code="wrong_team")
            other = rnd.pairings.select_for_update().filter(
                white=new).exclude(pk=p.pk).first() or rnd.pairings.select_for_update().filter(
                black=new).exclude(pk=p.pk).first()
            if other is not None:
                changes.append((other, _snapshot(other)))
                if other.white_id == new.pk:
                    other.white = current
                else:
                    other.black = current
                other.version = F("version") + 1
                other.save()
            setattr(p, side, new)
        if p.white_id is not None and p.white_id == p.black_id:
            raise ServiceError(_("Một đấu thủ không thể gặp chính mình."), field="black")
        p.version = F("version") + 1
        p.save()
        for changed, snapshot in changes:
            changed.refresh_from_db()
            PairingChange.objects.create(round=rnd, pairing=changed, before=snapshot,
                                         after=_snapshot(changed), reason=reason,
                                         changed_by=user)
        p.refresh_from_db()
    return p


# --- results --------------------------------------------------------------------------------------------

def normalize_result(result: str) -> str:
    value = RESULT_ALIASES.get((result or "").strip().replace(" ", ""))
    if value is None:
        raise ServiceError(_("Kết quả \"%(r)s\" không hợp lệ; dùng 1-0, 1/2-1/2, 0-1, +-, -+, --, "
                             "* hoặc để trống.") % {"r": result}, field="result", code="invalid")
    return value


def record_result(pairing: Pairing, result: str, *, user, expected_version: int | None,
                  source: str = "api") -> Pairing:
    """Record (or correct) the result of one board.

    Raises ``ConflictError`` (409) when ``expected_version`` is stale, ``ServiceError``
    when the tournament is certified (locked), the board is a bye, or — for sources other
    than an arbiter's correction (e.g. ``source="games"``) — the result differs from the
    one recorded. ``user=None`` is a trusted internal call (no permission check).
    """
    value = normalize_result(result)
    with transaction.atomic():
        p = _write_result(pairing.pk, value, user=user, expected_version=expected_version,
                          source=source)
        refresh_round_status(p.round)
    return p


def _write_result(pairing_id: int, value: str, *, user, expected_version, source) -> Pairing:
    p = (Pairing.objects.select_for_update().select_related("round__tournament")
         .get(pk=pairing_id))
    if user is not None:
        _require_arbiter(user, p.round.tournament)
    change = _apply_result(p, value, expected_version=expected_version, source=source,
                           user=user)
    if change is not None:
        p.save(update_fields=["result", "version", "updated_at"])
        change.save()
        _mark_started(p.round)
    return p


def _apply_result(p: Pairing, value: str, *, expected_version, source, user
                  ) -> ResultChange | None:
    """Check and apply ``value`` on the locked pairing in memory; the change to log, or
    None when the result is already the recorded one."""
    _require_not_locked(p.round.tournament)
    if p.kind != Pairing.Kind.GAME:
        raise ServiceError(_("Bàn %(b)s là lượt nghỉ; không có kết quả để ghi.")
                           % {"b": p.board}, field="result", code="bye")
    if expected_version is not None and int(expected_version) != p.version:
        raise ConflictError(
            _("Kết quả bàn %(b)s đã được người khác sửa (phiên bản hiện tại %(v)s, bạn gửi "
              "%(e)s); hãy tải lại.") % {"b": p.board, "v": p.version, "e": expected_version},
            field="version")
    if p.result == value:
        return None
    if source not in ARBITER_SOURCES and p.result in FINAL_RESULTS and value != p.result:
        raise ServiceError(_("Bàn %(b)s đã có kết quả %(r)s khác với kết quả gửi đến.")
                           % {"b": p.board, "r": p.result}, field="result",
                           code="result_conflict")
    old = p.result
    p.result = value
    p.version += 1
    return ResultChange(pairing=p, old_result=old, new_result=value, version=p.version,
                        source=source[:30],
                        changed_by=user if getattr(user, "is_authenticated", False) else None)


def _mark_started(rnd: Round) -> None:
    if rnd.status == Round.Status.PAIRED:
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.STARTED,
                                               started_at=timezone.now())
        rnd.status = Round.Status.STARTED


def record_results(rnd: Round, items: Iterable[dict], *, user, source: str = "bulk"
                   ) -> list[Pairing]:
    """Bulk entry: ``[{"pairing": id | "board": n, "result": "1-0", "version": v}]``, all or
    nothing — one stale version (409) or invalid result saves none of them."""
    _require_arbiter(user, rnd.tournament)
    items = list(items)
    with transaction.atomic():
        locked = {p.pk: p for p in Pairing.objects.select_for_update().filter(round=rnd)
                  .select_related("round__tournament").order_by("pk")}
        by_board = {p.board: p for p in locked.values()}
        done, changes = [], []
        for item in items:
            p = locked.get(item.get("pairing")) or by_board.get(item.get("board"))
            if p is None:
                raise ServiceError(_("Không có bàn %(b)s trong ván này.")
                                   % {"b": item.get("board", item.get("pairing"))},
                                   field="results")
            change = _apply_result(p, normalize_result(item.get("result", "")),
                                   expected_version=item.get("version"), source=source,
                                   user=user)
            if change is not None:
                changes.append(change)
            done.append(p)
        changed = [c.pairing for c in changes]
        for p in changed:
            p.updated_at = timezone.now()
        Pairing.objects.bulk_update(changed, ["result", "version", "updated_at"])
        ResultChange.objects.bulk_create(changes)
        if changes:  # bulk writes send no model signals: invalidate the public pages here
            touch_now_and_on_commit("tournaments", f"tournament:{rnd.tournament_id}")
        if changes:
            _mark_started(rnd)
        rnd.refresh_from_db()
        refresh_round_status(rnd)
    return done


# --- end of the event ------------------------------------------------------------------------------

def finish_tournament(tournament: Tournament, *, user) -> Tournament:
    if not (selectors.can_manage(user, tournament) or selectors.can_arbitrate(user, tournament)):
        raise NotAllowedError(_("Chỉ ban tổ chức hoặc trọng tài kết thúc giải."))
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.RUNNING, action=_("kết thúc giải"))
        total = engine.total_rounds(t)
        played = t.rounds.count()
        if t.system == "knockout":
            if engine.knockout_champion(t) is None:
                raise ServiceError(_("Giải loại trực tiếp chưa có nhà vô địch."),
                                   code="rounds_missing")
        elif played < total:
            raise ServiceError(_("Mới đấu %(p)s/%(n)s ván.") % {"p": played, "n": total},
                               code="rounds_missing")
        _require_results_complete(t)
        _transition(t, S.FINISHED, user)
    return t


def _require_results_complete(t: Tournament) -> None:
    missing = (Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME)
               .exclude(result__in=list(RESULT_POINTS)).select_related("round")
               .order_by("round__number", "board"))
    first = missing.first()
    if first is not None:
        raise ServiceError(_("Còn %(n)s bàn thiếu kết quả (ví dụ ván %(r)s bàn %(b)s).")
                           % {"n": missing.count(), "r": first.round.number, "b": first.board},
                           code="results_missing")


def certify_tournament(tournament: Tournament, *, user) -> Tournament:
    """Công nhận kết quả: locks the tournament and sends ``tournament_certified`` (the
    ratings app starts its rating and title jobs) after the commit."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.FINISHED, action=_("công nhận kết quả"))
        _require_results_complete(t)
        t.certified_at = timezone.now()
        t.certified_by = user
        _transition(t, S.CERTIFIED, user)
        transaction.on_commit(lambda: tournament_certified.send(sender=Tournament, tournament=t))
    return t


def reopen_tournament(tournament: Tournament, *, user, reason: str) -> Tournament:
    """Only federation staff reopen a certified tournament, with a reason in the history."""
    if not getattr(user, "is_staff", False):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn mở lại giải đã công nhận."))
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do mở lại."), field="reason")
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.CERTIFIED, action=_("mở lại"))
        t.certified_at = None
        t.certified_by = None
        _transition(t, S.FINISHED, user, reason=reason)
    return t
