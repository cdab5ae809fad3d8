"""Rounds: the pairing job (``request_pairing`` starts it, ``pair_round_job`` writes the
round idempotently), the round status, the start of a round and manual pairing changes."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from chessrules.values import RESULT_POINTS, Result
from core.errors import ConflictError, ServiceError
from core.jobs import needs_new_attempt, start_job
from core.models import Job
from documents.services import parts_warming_enabled, request_parts_warm
from federation.services import record_tournament_activities
from tournaments import cache_scopes, engine
from tournaments.models import (
    Entry,
    Pairing,
    PairingChange,
    Round,
    TeamMatch,
    Tournament,
)
from tournaments.services import notices
from tournaments.services._common import (
    S,
    _expect_status,
    _lock,
    _require_arbiter,
    _require_not_locked,
    _transition,
    refusal,
    spec_of,
)
from tournaments.services.officials import require_not_suspended

logger = logging.getLogger(__name__)


def _check_can_pair(t: Tournament, number: int, *, for_job: bool = False
                    ) -> engine.Snapshot | None:
    """Round ``number`` may be paired: the event is drawn or running, the round before is
    complete, and the system has a further round (``SystemSpec``: not decided, not beyond
    its rounds). ``for_job``: the snapshot the job pairs from is loaded here and returned,
    so that the check and the planner read it once."""
    _expect_status(t, S.CLOSED, S.RUNNING, action=_("xếp cặp"))
    require_not_suspended(t)
    previous = t.rounds.filter(number=number - 1).first()
    if number > 1 and (previous is None or previous.status != Round.Status.COMPLETE):
        raise ServiceError(_("Ván %(n)s chưa đủ kết quả; chưa xếp được ván %(next)s.")
                           % {"n": number - 1, "next": number}, field="round",
                           code="round_incomplete")
    spec_of(t)  # a system no spec registers is refused by name
    snapshot = engine.pairing_snapshot(t) if for_job else None
    refused = engine.more_rounds_refusal(t, number, snapshot)
    if refused is not None:
        raise refusal(refused, field="round")
    return snapshot


def pairing_job_key(tournament: Tournament, number: int) -> str:
    return f"tournaments.pair:{tournament.pk}:{number}"


#: the pairing job's kind (tournaments/jobs.py registers it)
PAIR_ROUND_JOB = "tournaments.pair_round"


def request_pairing(tournament: Tournament, *, user, round_number: int | None = None) -> Job:
    """Start the "pair next round" job (idempotent: one job per tournament and round).

    With ``round_number`` (a client retrying "pair round N") the job of that round is
    returned when it exists, even if the round has been paired since.
    """
    _require_arbiter(user, tournament)
    t = Tournament.objects.get(pk=tournament.pk)
    if round_number is not None:
        existing = Job.objects.filter(key=pairing_job_key(t, round_number)).first()
        if existing is not None and not needs_new_attempt(existing):  # failed or lost: again
            return existing
    number = t.rounds.count() + 1
    if round_number is not None and round_number != number:
        raise ServiceError(_("Ván tiếp theo cần xếp là ván %(n)s.") % {"n": number},
                           field="round", code="wrong_round")
    _check_can_pair(t, number)
    key = pairing_job_key(t, number)
    # the job's refusal answers in the language of the request (a worker has its own)
    params = {"tournament": t.pk, "round": number, "seed": secrets.randbits(62), "key": key,
              "language": translation.get_language() or settings.LANGUAGE_CODE}
    return start_job(PAIR_ROUND_JOB, params=params, key=key,
                     user=user)


def pair_round_job(params: dict, progress: Callable[[float, str], None]) -> dict:
    """The job: lock the tournament, return the round if it exists, else pair and write it.
    A refusal is in the language of the request that started the job (``language``); what
    the round stores (its warnings) is written as the worker's default."""
    language = params.get("language") or settings.LANGUAGE_CODE
    progress(5, _("Đang đọc dữ liệu giải"))
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=params["tournament"])
        number = int(params["round"])
        existing = t.rounds.filter(number=number).first()
        if existing is not None:
            return _round_summary(existing, reused=True)
        with translation.override(language):
            snapshot = _check_can_pair(t, number, for_job=True)
        progress(20, _("Đang xếp cặp"))
        try:
            plan = engine.plan_round(t, number, params.get("seed"),
                                     _pairing_progress(progress), snapshot)
        except engine.EngineError as exc:
            with translation.override(language):
                raise refusal(exc, field="round") from exc
        progress(80, _("Đang ghi các cặp đấu"))
        job = Job.objects.filter(key=params.get("key")).first() if params.get("key") else None
        rnd = _write_round(t, plan, job)
        if t.status == S.CLOSED:
            _transition(t, S.RUNNING, None)
    return _round_summary(rnd)


def _pairing_progress(progress: Callable[[float, str], None]) -> Callable[[float], None]:
    """The engine's share of players paired, as the job's 20-80 % ("pairing")."""
    def report(share: float) -> None:
        progress(20 + 60 * share, _("Đang xếp cặp"))
    return report


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
    cache_scopes.touch_event(t.pk)
    refresh_round_status(rnd)
    warm_tracking_cards(t.pk, rnd.number, "paired")
    notices.pairings_published(rnd)  # to the clubs entered, in this transaction (issue 32)
    return rnd


def _round_summary(rnd: Round, reused: bool = False) -> dict:
    return {"round": rnd.number, "round_id": rnd.pk, "boards": rnd.pairings.count(),
            "system": rnd.system, "engine_version": rnd.engine_version, "seed": rnd.seed,
            "warnings": rnd.warnings, "already_paired": reused}


def refresh_round_status(rnd: Round) -> None:
    pending = rnd.pairings.filter(kind=Pairing.Kind.GAME).exclude(
        result__in=list(RESULT_POINTS)).exists()
    if pending == (rnd.status == Round.Status.COMPLETE):
        cache_scopes.touch_event(rnd.tournament_id)
    if not pending and rnd.status != Round.Status.COMPLETE:
        rnd.status = Round.Status.COMPLETE
        rnd.completed_at = timezone.now()
        rnd.save(update_fields=["status", "completed_at"])
        _record_play_as_activity(rnd)
        warm_tracking_cards(rnd.tournament_id, rnd.number, "complete")
    elif pending and rnd.status == Round.Status.COMPLETE:
        rnd.status = Round.Status.STARTED
        rnd.completed_at = None
        rnd.save(update_fields=["status", "completed_at"])


def warm_tracking_cards(tournament_id: int, number: int, moment: str) -> None:
    """A round was paired or has just got its last result (``moment``): after the commit,
    start the job that renders the event's missing tracking-card parts into the cache
    (``documents.warm_parts``, Điều 29.1: the cards print every round), so "all cards"
    during the event renders nothing or only what changed since. Once per event, round and
    moment (the job key; a correction after the round is complete does not start it again:
    the document renders those parts itself). Only for events of at least
    ``DOCUMENT_PARTS_WARM_MIN_ENTRIES`` entries, and only with a broker and a shared cache
    (``documents.services.parts_warming_enabled``). Never fails the write."""
    if parts_warming_enabled():
        transaction.on_commit(lambda: _start_card_warm(tournament_id, number, moment))


def _start_card_warm(tournament_id: int, number: int, moment: str) -> None:
    try:
        entries = Entry.objects.filter(tournament_id=tournament_id).count()
        if entries < settings.DOCUMENT_PARTS_WARM_MIN_ENTRIES:
            return
        request_parts_warm("tracking_card", f"tournament:{tournament_id}",
                           key=card_warm_key(tournament_id, number, moment))
    except Exception:  # a speed-up: the committed write stands, the document renders cold
        logger.exception("tracking cards of tournament %s round %s (%s) not warmed",
                         tournament_id, number, moment)


def card_warm_key(tournament_id: int, number: int, moment: str) -> str:
    return f"documents.warm_parts:tracking_card:{tournament_id}:{number}:{moment}"


def _record_play_as_activity(rnd: Round) -> None:
    """Playing in a tournament is club activity for the lapse rule (Phụ lục 2, Điều 15.5)."""
    t = rnd.tournament
    day = min(max(timezone.localdate(), t.start_date), t.end_date)
    members = []
    for p in rnd.pairings.filter(kind=Pairing.Kind.GAME).select_related("white", "black"):
        # a forfeiting player was not at the board
        for side in Result(p.result).present:
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
            require_not_suspended(r.tournament)
            r.status = Round.Status.STARTED
            r.started_at = timezone.now()
            r.save(update_fields=["status", "started_at"])
            cache_scopes.touch_event(r.tournament_id)
    return r


def _snapshot(p: Pairing) -> dict:
    return {"board": p.board, "white": p.white_id, "black": p.black_id, "kind": p.kind}


#: Điều 30.1.4: a reserve replaces a player no later than 15 minutes after the start.
RESERVE_DEADLINE_MINUTES = 15


def _check_reserve(t: Tournament, current: Entry, new: Entry, side: str) -> None:
    """Điều 30.1.3-30.1.4: a team's players stay on their board; only a reserve of the same
    team takes the place of a board player, on that player's board."""
    if new.team_id != current.team_id:
        raise ServiceError(_("Dự bị chỉ thay cho đấu thủ cùng đội, ở đúng bàn đó "
                             "(Điều 30.1.4)."), field=side, code="wrong_team")
    boards = t.boards_per_team or 0
    if new.pk != current.pk and (new.board_order or 0) <= boards:
        raise ServiceError(_("Đấu thủ chính thức chỉ thi đấu ở bảng của mình; chỉ dự bị được "
                             "thay vào (Điều 30.1.3-30.1.4)."), field=side, code="not_reserve")


def _check_reserve_after_start(rnd: Round, p: Pairing, swap_colours: bool,
                               white: Entry | None, black: Entry | None) -> None:
    """After the start only a team's reserve may come in (Điều 30.1.4): no later than 15
    minutes after the start, and never once the game has begun (a result or recorded
    moves)."""
    if not rnd.tournament.is_team_event or swap_colours or (white is None and black is None):
        raise ServiceError(_("Ván đã bắt đầu; không thay đổi cặp đấu được nữa."),
                           code="round_started")
    started = rnd.started_at or timezone.now()
    if timezone.now() > started + timedelta(minutes=RESERVE_DEADLINE_MINUTES):
        raise ServiceError(_("Quá %(m)s phút sau giờ thi đấu: không thay dự bị được nữa (Điều "
                             "30.1.4).") % {"m": RESERVE_DEADLINE_MINUTES},
                           code="reserve_too_late")
    record = getattr(p, "game_record", None)  # the games app's record of this board
    if p.result in RESULT_POINTS or (record is not None and record.moves_text.strip()):
        raise ServiceError(_("Ván cờ đã bắt đầu: không thay dự bị giữa ván; dự bị chỉ vào ở "
                             "lượt sau (Điều 30.1.4)."), code="game_in_progress")


def change_pairing(pairing: Pairing, *, user, reason: str, expected_version: int | None,
                   swap_colours: bool = False, white: Entry | None = None,
                   black: Entry | None = None) -> Pairing:
    """Manual change before the round starts (swap colours or players), with a reason; in
    a team event a reserve may still come in up to 15 minutes after the start (30.1.4).

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
            _check_reserve_after_start(rnd, p, swap_colours, white, black)
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
            if rnd.tournament.is_team_event and current is not None:
                _check_reserve(rnd.tournament, current, new, side)
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
        cache_scopes.touch_event(rnd.tournament_id)
        for changed, snapshot in changes:
            changed.refresh_from_db()
            PairingChange.objects.create(round=rnd, pairing=changed, before=snapshot,
                                         after=_snapshot(changed), reason=reason,
                                         changed_by=user)
        p.refresh_from_db()
    return p
