"""The one adapter between the tournaments app and ``chessrules`` (pure rules).

Every call into ``chessrules`` goes through this package. The functions here take a
``Tournament``, load a frozen ``Snapshot`` of it once (``loader``: a few ``values_list``
queries, no model instances) and hand it to pure planners chosen by the system:

* ``snapshot`` — the frozen data (entries, rounds, pairings, team matches, settings) and
  the history of each player in TRF16 codes;
* ``pairing`` — one pairing planner per system (``RoundPlan`` out), each named by its
  system's spec (``tournaments.systems``, which answers every question about a system);
* ``tables`` — standings, crosstables, tracking cards;
* ``knockout`` — the bracket replayed from the recorded games;
* ``teams`` — team match scores, lineups (the team table is ``chessrules``);
* ``trf`` — TRF16 export and import.

Standings and crosstables are memoised per process by the value of the snapshot they
were computed from: a request whose data did not change (a result entered in a later
round, a repeated request) skips the computation but never sees stale data.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from threading import Lock
from typing import TypeVar

from django.utils.translation import gettext as _

from chessrules import timecontrol
from chessrules.competition import adjusted_swiss as _adjusted
from chessrules.competition import swiss as _swiss
from chessrules.competition import team as _cteam
from chessrules.competition.match import MatchState
from chessrules.dutch import SwissPlayer, initial_order_key
from chessrules.trf import TrfGame
from core import caching
from tournaments import systems
from tournaments.engine import formats as _formats
from tournaments.engine import knockout as _knockout
from tournaments.engine import loader
from tournaments.engine import pairing as _pairing
from tournaments.engine import tables as _tables
from tournaments.engine import teams as _teams
from tournaments.engine.errors import EngineError
from tournaments.engine.knockout import KnockoutStage, match_key
from tournaments.engine.plan import (
    BEYOND_ROUNDS,
    PlannedBoard,
    PlannedMatch,
    RoundPlan,
    engine_version,
)
from tournaments.engine.snapshot import Snapshot, history
from tournaments.engine.tables import check_tiebreak_codes, parse_codes
from tournaments.engine.teams import team_standings
from tournaments.engine.trf import (
    TrfEntry,
    TrfError,
    TrfHead,
    TrfRead,
    read_trf,
    round_to_pair_markers,
    trf_text,
    written_rounds,
)

__all__ = [
    "EngineError", "KnockoutStage", "adjusted_order", "PlannedBoard", "PlannedMatch", "RoundPlan", "Snapshot",
    "TrfEntry", "TrfError", "TrfRead", "check_tiebreak_codes", "crosstable",
    "engine_version", "export_trf", "history_of", "initial_colour",
    "knockout_champion", "knockout_placement_stages",
    "board_rankings", "format_summary", "group_scores", "team_knockout", "knockout_stages", "lot_order", "match_key", "match_state",
    "decided", "more_rounds_refusal", "pairing_snapshot", "plan_round",
    "rating_order", "read_trf", "seed_for_colour", "standings", "swiss_guidance", "team_matches",
    "team_playoff", "team_standings",
    "tiebreak_codes", "total_rounds", "tracking_card",
]

# --- starting numbers --------------------------------------------------------------------

def lot_order(keys: list, seed: int) -> list:
    """A drawing of lots (bốc thăm) reproducible from ``seed``: the keys in drawn order."""
    drawn = sorted(keys)
    random.Random(seed).shuffle(drawn)
    return drawn


def rating_order(players: list[tuple[object, int, str, str]]) -> list:
    """Keys ordered by Điều 28.1 / C.04.2: rating, then title, then name.

    ``players`` are ``(key, rating, title, name)``.
    """
    def key(item):
        k, rating, title, name = item
        return initial_order_key(SwissPlayer(0, rating or 0, name, title))
    return [item[0] for item in sorted(players, key=key)]


def adjusted_order(players: list[tuple[object, int, str, int, int]], seed: int) -> list:
    """Keys ordered by Điều 28.1 as written: rating, title, national rating, national
    category, then lot drawn from ``seed``. ``players`` are ``(key, rating, title,
    national rating, category rank)``."""
    return _adjusted.rank_order([_adjusted.Ranked(k, rating or 0, title or "", national or 0,
                                                  category or 0)
                                 for k, rating, title, national, category in players], seed)


def initial_colour(tournament) -> str:
    return _pairing.initial_colour(tournament.lot_seed)


def seed_for_colour(colour: str) -> int:
    """A lot seed giving the top player ``colour`` in round 1 (an imported XXC line)."""
    return _pairing.seed_for_colour(colour)


def total_rounds(tournament, players: int | None = None, teams: int | None = None) -> int:
    """Rounds of the event, as its system counts them (``SystemSpec.total_rounds``): the
    stored number, or from the field (``players``/``teams``, counted here when not given)."""
    counts = systems.Counts(
        players=lambda: players if players is not None else tournament.entries.filter(
            starting_number__isnull=False).count(),
        teams=lambda: teams if teams is not None else tournament.teams.count())
    return systems.spec_of(tournament.system).total_rounds(tournament, counts)


def tiebreak_codes(tournament) -> list[str]:
    """The event's tie-breaks in order, or its system's defaults for its law (the
    discipline's value names the law)."""
    return parse_codes(tournament.tiebreaks) or systems.spec_of(
        tournament.system).default_tiebreaks(tournament.discipline)


# --- snapshot-based reads ---------------------------------------------------------------------

def snapshot_of(tournament, up_to_round: int | None = None, *, draws: bool = False,
                teams: bool | None = None) -> Snapshot:
    """The event's snapshot up to ``up_to_round``. During a warm-ahead build (core.caching)
    the whole event is loaded once and each answer's rounds are cut from it (equal to their
    own load: ``Snapshot.up_to``), not loaded once per round asked for."""
    if not caching.warming():
        return loader.load(tournament, up_to_round=up_to_round, draws=draws, teams=teams)
    whole = caching.warm_memo(("snapshot", tournament.pk, None, draws, teams),
                              lambda: loader.load(tournament, draws=draws, teams=teams))
    if up_to_round is None:
        return whole
    return caching.warm_memo(("snapshot", tournament.pk, up_to_round, draws, teams),
                             lambda: whole.up_to(up_to_round))


def history_of(tournament, up_to_round: int | None = None) -> dict[int, dict[int, TrfGame]]:
    """For each starting number, its rounds as ``TrfGame`` (TRF16 codes), from the DB."""
    return history(snapshot_of(tournament, up_to_round, teams=False))


def pairing_snapshot(tournament) -> Snapshot:
    """The snapshot a pairing reads (with the stored draws for the systems that draw each
    round): loaded once for the "can pair more" check and the planner."""
    spec = systems.spec_of(tournament.system)
    return snapshot_of(tournament, draws=spec.draws_each_round, teams=spec.team)


def more_rounds_refusal(tournament, number: int, snapshot: Snapshot | None = None
                        ) -> EngineError | None:
    """Why round ``number`` cannot be paired by the system's own rules (``EngineError``
    code ``no_more_rounds``), or None: a system that ends on a decision (knockout, match)
    refuses once decided (read from ``snapshot``, loaded when not given); the others, and
    the match, beyond their number of rounds."""
    spec = systems.spec_of(tournament.system)
    if spec.ends_on_decision and number > 1:
        try:
            spec.refuse_more(snapshot or pairing_snapshot(tournament))
        except EngineError as exc:
            return exc
    if spec.bounded_by_rounds:
        total = total_rounds(tournament)
        if total and number > total:
            return EngineError(BEYOND_ROUNDS, code="no_more_rounds", n=total)
    return None


def decided(tournament) -> bool:
    """The event is decided by play (the systems that end on a decision)."""
    return systems.spec_of(tournament.system).decided(pairing_snapshot(tournament))


def plan_round(tournament, number: int, seed: int | None,
               progress: Callable[[float], None] | None = None,
               snapshot: Snapshot | None = None) -> RoundPlan:
    """Pair round ``number`` of ``tournament`` by its system (state read from the DB, or
    the ``snapshot`` already loaded by ``pairing_snapshot``); round 1 of a Swiss also
    carries the Điều 27 size warnings. ``progress``: the share of the pairing done (0-1),
    where the system reports it."""
    snapshot = snapshot or pairing_snapshot(tournament)
    plan = systems.plan(snapshot, number, seed, progress)
    if number == 1:
        active = sum(1 for p in snapshot.entries if p.withdrawn_after is None)
        plan.warnings = swiss_guidance(tournament, active) + plan.warnings
    return plan


def swiss_guidance(tournament, players: int | None = None) -> list[str]:
    """Điều 27: warnings (never refusals) when an individual Swiss has fewer than 20
    players or a number of rounds outside the article's guidance. ``players``: the
    entries not withdrawn, counted here when not given."""
    if not systems.spec_of(tournament.system).swiss_guidance:
        return []
    if players is None:
        players = tournament.entries.filter(withdrawn_on__isnull=True).count()
    messages = []
    for g in _swiss.guidance(players, tournament.number_of_rounds):
        if g.code == _swiss.FEW_PLAYERS:
            messages.append(_("Điều 27: hệ Thụy Sĩ áp dụng khi có từ %(min)d đấu thủ trở lên; "
                              "giải có %(n)d đấu thủ.") % {"min": _swiss.MIN_PLAYERS, "n": players})
        else:
            messages.append(_("Điều 27: với %(n)d đấu thủ thông thường thi đấu %(rounds)s vòng; "
                              "giải đặt %(set)d vòng.") % {
                "n": players, "rounds": ", ".join(map(str, g.recommended)), "set": g.rounds})
    return messages


T = TypeVar("T")
_MEMO: OrderedDict[tuple, tuple[Snapshot | tuple, object]] = OrderedDict()
_MEMO_SIZE = 48  # a few MB each for a 1,000-player crosstable; up to 6 keys per event and
#                 round (ranking, cells, the two row lists, the two public answers'
#                 bodies): a handful of live events
_MEMO_LOCK = Lock()


def memoised(key: tuple, snapshot: Snapshot | tuple, compute: Callable[[], T]) -> T:
    """``compute()``, or its value from an earlier call with the same key and an equal
    snapshot (equal data gives equal standings: nothing stale can be returned); a tuple
    holding the snapshot and the other data the value is made of is compared whole."""
    with _MEMO_LOCK:
        hit = _MEMO.get(key)
    if hit is not None and hit[0] == snapshot:
        with _MEMO_LOCK:
            _MEMO[key] = hit
            _MEMO.move_to_end(key)
        return hit[1]  # type: ignore[return-value]
    value = compute()
    with _MEMO_LOCK:
        _MEMO[key] = (snapshot, value)
        _MEMO.move_to_end(key)
        while len(_MEMO) > _MEMO_SIZE:
            _MEMO.popitem(last=False)
    return value


def table_of(snapshot: Snapshot, after_round: int, codes: list[str], *, cross: bool = False
             ) -> tuple[list[dict], dict[int, list[dict]] | None]:
    """Standings rows (and the crosstable when ``cross``), memoised by the snapshot: the
    ranking is computed once for both (the standings and the crosstable of the same data,
    as after each result of a live event)."""
    def ranked():
        players = _tables.competitors(snapshot, after_round)
        rows = _tables.standings(snapshot, after_round, codes, players)
        return systems.spec_of(snapshot.settings.system).rerank(snapshot, rows), players
    key = ("table", snapshot.settings.id, after_round, tuple(codes))
    rows, players = memoised(key, snapshot, ranked)
    if not cross:
        return rows, None
    cells = memoised(("cells", snapshot.settings.id, after_round), snapshot,
                     lambda: _tables.crosstable(snapshot, after_round, players))
    return rows, cells


def standings(tournament, after_round: int, codes: list[str] | None = None) -> list[dict]:
    """Ranking after ``after_round`` with every tie-break value in the tournament's order."""
    codes = codes or tiebreak_codes(tournament)
    rows, _ = table_of(snapshot_of(tournament, after_round, teams=False), after_round, codes)
    return [dict(row, tiebreaks=dict(row["tiebreaks"])) for row in rows]


def crosstable(tournament, after_round: int) -> dict[int, list[dict]]:
    """For each starting number: per round opponent, colour, mark ("1", "½", "+", "X"...)."""
    snapshot = snapshot_of(tournament, after_round, teams=False)
    return _tables.crosstable(snapshot, after_round)


def tracking_card(tournament, number: int) -> list[dict]:
    """Thẻ theo dõi (Điều 29.1) of the player with starting number ``number``."""
    return _tables.tracking_card(snapshot_of(tournament, draws=True, teams=False), number)


def team_matches(tournament, up_to_round: int) -> list[dict]:
    """Team match results by team starting numbers (``teams.team_matches``)."""
    return _teams.team_matches(snapshot_of(tournament, up_to_round, teams=True), up_to_round)


def team_playoff(tournament) -> dict[int, float] | None:
    """The teams' play-off match points by team starting number (tie-break PO, 002 Phần 2
    Điều 2.3 "Thi đấu thêm"); None when the regulations do not list PO (no query then)."""
    if not loader.ranks_by_playoff(tournament):
        return None
    return _teams.playoff_match_points(loader.load_team_playoff(tournament))


def match_state(tournament, up_to_round: int | None = None) -> MatchState:
    """002 Điều 8: the individual match's score, wins, and whether it is decided."""
    return _formats.match_state(snapshot_of(tournament, up_to_round, teams=False))


def format_summary(tournament, after_round: int, rows: list[dict]) -> dict:
    """What the event's system adds to its standings ``rows`` (``SystemSpec.summary``: an
    individual match's score, the groups' totals of an individual Scheveningen)."""
    return systems.spec_of(tournament.system).summary(
        lambda: snapshot_of(tournament, after_round, teams=False), rows)


def group_scores(tournament, rows: list[dict]) -> list[dict]:
    """002 Điều 10: each group's total points in the standings ``rows``."""
    return _formats.group_scores(snapshot_of(tournament, teams=False), rows)


def team_knockout(tournament, up_to_round: int | None = None
                  ) -> tuple[list, list, dict[int, int]]:
    """Điều 30.3: the team bracket replayed from the recorded team matches, the placement
    matches known so far (3rd; 5-8, 002 Điều 11) and the places decided so far (team
    number -> place)."""
    snapshot = snapshot_of(tournament, up_to_round, teams=True)
    stages, placement = _teams.team_knockout(snapshot)
    total = (systems.base.knockout_stage_count(len(snapshot.teams))
             if len(snapshot.teams) >= 2 else 0)
    return stages, placement, _cteam.team_knockout_places(stages, total, placement)


def board_rankings(tournament, up_to_round: int, min_games: int) -> dict:
    """30.1.2-30.1.3, 002 Điều 2.3: per board, each player's points and games over the
    board, ranked with at least ``min_games`` games (``chessrules`` ``BoardRow`` lists)."""
    snapshot = snapshot_of(tournament, up_to_round, teams=True)
    return _cteam.board_rankings(_teams.board_results(snapshot, up_to_round), min_games)


def knockout_stages(tournament) -> list[KnockoutStage]:
    """Replay the bracket (Điều 25) from the recorded games."""
    return _knockout.stages(snapshot_of(tournament, teams=False))


def knockout_champion(tournament) -> int | None:
    return _knockout.champion(knockout_stages(tournament))


def knockout_placement_stages(tournament) -> list[KnockoutStage]:
    """The placement matches known so far (3rd; 5-8), replayed like the bracket."""
    return _knockout.placement_stages(snapshot_of(tournament, teams=False))


def time_control_pgn(data: dict) -> str:
    """The PGN form of the event's control (``40/5400+30:1800+30``) for TRF line 122."""
    try:
        return timecontrol.TimeControl.parse(data).pgn()
    except timecontrol.TimeControlError:
        return ""


def export_trf(tournament, entries: list[TrfEntry], played_rounds: int) -> str:
    """TRF16 text with the TRF-2026 ``XXR`` (rounds) and ``XXC`` (initial colour) lines.

    The rounds written are the leading ones with every board decided; a round paired but
    not played (or partly played) is left out, since no TRF reader takes a game without its
    result (bbpPairings: ``Invalid line``) and the pairing programs then pair it again. The
    round to be paired carries what the programs must not pair (decisions-dutch item 9):
    requested byes ``0000 - H/F/Z``, withdrawn players and entries joining later
    ``0000 - -`` (``tournaments.engine.trf.round_to_pair_markers``)."""
    full = snapshot_of(tournament, played_rounds, teams=False)
    written = written_rounds(full, played_rounds)
    snapshot = full.up_to(written)
    rows, _ = table_of(snapshot, written, tiebreak_codes(tournament))
    head = TrfHead(tournament.name, f"{tournament.start_date:%Y/%m/%d}",
                   f"{tournament.end_date:%Y/%m/%d}", tournament.get_system_display(),
                   tournament.venue, time_control_pgn(tournament.time_control),
                   float(tournament.bye_score))
    rounds = total_rounds(tournament) or played_rounds
    games = history(snapshot)
    pending = round_to_pair_markers(snapshot, written + 1, games) if written < rounds else {}
    return trf_text(head, entries, rounds, initial_colour(tournament), games,
                    {row["starting_number"]: row for row in rows}, pending)
