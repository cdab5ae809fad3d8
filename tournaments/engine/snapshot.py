"""A snapshot of one event as plain frozen data: what every planner reads, and all it reads.

The rows (entries, pairings, rounds, teams, team matches) are ``NamedTuple``s: immutable
like frozen dataclasses, but built straight from database rows and compared in C — a
1,000-player event has 5,500 pairing rows per 11 rounds, and the memo of standings
compares whole snapshots (#15).

The loader (``tournaments.engine.loader``) fills it from the database in a few queries;
the planners (pairing, standings, knockout, teams) are pure functions of it, so they can
be tested without a database and their results memoised by the snapshot's value.

Players and teams are named by their starting numbers throughout (as ``chessrules``
does); database ids appear only where a caller needs them (``EntryRow.pk``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from chessrules.trf import TrfGame
from chessrules.values import Discipline, MatchScoring, Result, bye_code


@dataclass(frozen=True)
class Settings:
    """The event's regulations as the rules need them, and what its system's spec says
    that the pure readers below the specs need (the loader fills them from the spec)."""

    id: int
    system: str
    discipline: str = Discipline.CHESS
    bye_score: float = 1.0
    lot_seed: int | None = None
    number_of_rounds: int | None = None
    boards_per_team: int | None = None
    tiebreaks: str = ""
    knockout_tie_rule: str = ""
    knockout_double_forfeit: str = ""
    knockout_placement: str = ""
    team_match_form: str = ""  # Điều 30.3: "scheveningen" (default) or "simultaneous"
    swiss_withdrawal: str = "not_paired"  # Điều 21.5.2: or "opponent_wins"
    match_target_points: float | None = None  # 002 Điều 8
    match_target_wins: int | None = None
    match_scoring: str = "games"  # Điều 21.2: or "two_game_match"
    disqualification_scoring: str = "own_points"  # Điều 15.6: or "all_games"
    #: an individual round robin: the Berger table (Điều 24), the withdrawals of 21.5.1
    round_robin: bool = False
    #: times the Berger table is played (a double round robin: 2, colours reversed)
    legs: int = 1
    #: a team bye scores ``bye_score`` on every board (30.5, docs/decisions-tournaments.md)
    team_bye_points: bool = False
    #: team matches follow the tables of 30.2.2 (every player against every player)
    english_form: bool = False
    #: the play-off's points per starting number (tie-break PO, 002 Phần 2 Điều 2.3)
    playoff: tuple[tuple[int, float], ...] = ()
    #: FIDE C.07 version for unplayed rounds (Art. 16) in the FIDE codes (BH, SB, AOB...):
    #: the one in force on the event's first day (``tiebreaks.rules_for_start``)
    tiebreak_rules: str = "2024"

    @property
    def two_game_matches(self) -> bool:
        return self.match_scoring == MatchScoring.TWO_GAME_MATCH

    @property
    def withdrawn_stay_in_draw(self) -> bool:
        """21.5.2 "Ai bốc thăm gặp tiếp đấu thủ bỏ cuộc được xử thắng"."""
        return self.swiss_withdrawal == "opponent_wins"

    @property
    def boards(self) -> int:
        return self.boards_per_team or 4


NO_BYES: Mapping[int, float] = MappingProxyType({})


class EntryRow(NamedTuple):
    """One numbered entry (a player); ``team`` is his team's starting number."""

    number: int
    pk: int = 0
    name: str = ""
    rating: int = 0
    title: str = ""
    withdrawn_after: int | None = None
    joins_in_round: int = 1
    byes: Mapping[int, float] = NO_BYES
    team: int | None = None
    team_name: str | None = None
    board_order: int | None = None
    group: str = ""  # individual Scheveningen (002 Điều 10): "A" or "B"
    #: Điều 15.6, 16.1d-e: "" (in good standing), "own" (disqualified: his points annulled)
    #: or "all" (his games annulled for everyone: removed from the list, or the regulations).
    annulled: str = ""


class TeamRow(NamedTuple):
    number: int
    pk: int = 0
    name: str = ""
    withdrawn: bool = False


class RoundRow(NamedTuple):
    number: int
    seed: int | None = None
    draw: Mapping[str, Any] | None = None  # only loaded when a planner needs the stored draws


class PairingRow(NamedTuple):
    """One board: starting numbers (``black`` None: no opponent), result as stored."""

    round: int
    board: int
    kind: str = "game"  # game / pab / bye / absent (Pairing.Kind)
    white: int | None = None
    black: int | None = None
    result: str = ""
    bye_points: float | None = None
    match_key: str = ""
    team_match: int | None = None  # TeamMatchRow.id
    match_board: int | None = None
    #: Luật Cờ Vua 13.4e-f: a side's points set by the arbiter's penalty (None: the result's)
    white_points: float | None = None
    black_points: float | None = None


def game_points(row: PairingRow, by_result: Mapping[str, tuple[float, float]]
                ) -> tuple[float, float] | None:
    """The board's (White's, Black's) points: the result's in ``by_result`` (None when the
    result is not one of them), each replaced by the penalty's where set (13.4e-f)."""
    points = by_result.get(row.result)
    if points is None or (row.white_points is None and row.black_points is None):
        return points
    white, black = points
    return (white if row.white_points is None else row.white_points,
            black if row.black_points is None else row.black_points)


class TeamMatchRow(NamedTuple):
    id: int
    round: int
    table: int
    home: int
    away: int | None


@dataclass(frozen=True)
class Snapshot:
    """One event, frozen: equal snapshots give equal standings, crosstables and plans."""

    settings: Settings
    entries: tuple[EntryRow, ...] = ()
    pairings: tuple[PairingRow, ...] = ()  # ordered by round, board
    rounds: tuple[RoundRow, ...] = ()
    teams: tuple[TeamRow, ...] = ()
    team_matches: tuple[TeamMatchRow, ...] = ()  # ordered by round, table

    def up_to(self, last_round: int) -> Snapshot:
        """The same event seen after ``last_round`` (later pairings and matches dropped)."""
        return Snapshot(
            self.settings, self.entries,
            tuple(p for p in self.pairings if p.round <= last_round),
            tuple(r for r in self.rounds if r.number <= last_round), self.teams,
            tuple(m for m in self.team_matches if m.round <= last_round))

    def round_row(self, number: int) -> RoundRow | None:
        return next((r for r in self.rounds if r.number == number), None)


# --- history in TRF16 codes -------------------------------------------------------------

# Stored result -> (White's code, Black's code) in TRF16 (``1 0 =`` played, ``+ -`` forfeit)
# and -> (White's points, Black's points) of a finished pairing (Điều 21.1): plain-string
# lookups derived once from chessrules.values.Result.
RESULT_CODES = {r.value: r.trf for r in Result if r.trf}


def history(snapshot: Snapshot, up_to_round: int | None = None
            ) -> dict[int, dict[int, TrfGame]]:
    """For each starting number, its rounds as ``TrfGame``: ``1 0 =`` played, ``+ -``
    forfeit (with an opponent), ``U`` pairing-allocated bye, ``H``/``F``/``Z`` requested
    bye of ½/1/0 point, ``-`` without opponent: not paired (withdrawn, absent, rest)."""
    games: dict[int, dict[int, TrfGame]] = defaultdict(dict)
    for p in snapshot.pairings:
        number = p.round
        if up_to_round is not None and number > up_to_round:
            continue
        if p.kind == "game" and p.white and p.black:
            codes = RESULT_CODES.get(p.result, (" ", " "))
            games[p.white][number] = TrfGame(number, p.black, "w", codes[0])
            games[p.black][number] = TrfGame(number, p.white, "b", codes[1])
        elif p.white:
            if p.kind == "pab":
                code = "U"
            elif p.kind == "bye":
                code = bye_code(p.bye_points or 0)
            else:
                code = "-"
            games[p.white][number] = TrfGame(number, None, "-", code)
    return games
