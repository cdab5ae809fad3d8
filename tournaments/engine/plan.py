"""What a pairing planner fills in (``RoundPlan`` and its boards and matches) and the pieces
every planner shares: the refusals (beyond the event's rounds, no legal pairing, nothing left
to play: Điều 25, 30.3; 002 Điều 8), the forfeits of withdrawn players (Điều 21.5) and the
stored state of a Swiss draw. Pure: no planner here reads the database."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import chessrules
from chessrules.competition import swissdraw
from chessrules.values import Result
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.snapshot import Snapshot
from tournaments.engine.tables import draw_from_json

#: No further round: the bracket or the match is decided (Điều 25, 30.3; 002 Điều 8).
KNOCKOUT_DECIDED = N_("Giải loại trực tiếp đã có nhà vô địch.")
TEAM_KNOCKOUT_DECIDED = N_("Giải đồng đội loại trực tiếp đã phân thắng bại; không còn ván nào.")
MATCH_DECIDED = N_("Trận đối kháng đã kết thúc (002 Điều 8).")


def no_further_round(message: str) -> EngineError:
    return EngineError(message, code="no_more_rounds")


#: a round beyond the event's (or its table's) rounds
BEYOND_ROUNDS = N_("Giải chỉ có %(n)s ván.")


def beyond(number: int, rounds: int) -> EngineError:
    return EngineError(BEYOND_ROUNDS, code="no_more_rounds", n=rounds, number=number)


def no_pairing(number: int, exc: Exception) -> EngineError:
    """``chessrules`` found no legal pairing (its reason, in English, is kept as a detail)."""
    return EngineError(N_("Không có cách xếp cặp hợp lệ cho ván %(number)s (%(reason)s)."),
                       code="no_legal_pairing", number=number, reason=str(exc))


def engine_version() -> str:
    return chessrules.__version__


@dataclass
class PlannedBoard:
    """One board of a planned round, by starting numbers (``black`` None: no opponent)."""

    white: int
    black: int | None = None
    kind: str = "game"  # game / pab / bye / absent (Pairing.Kind)
    bye_points: float | None = None
    result: str = ""  # preset result (forfeit of a withdrawn player)
    match_board: int | None = None
    team_match: int | None = None  # index into RoundPlan.matches
    match_key: str = ""
    game_number: int = 1


@dataclass
class PlannedMatch:
    home: int  # team starting numbers
    away: int | None


@dataclass
class RoundPlan:
    number: int
    system: str
    seed: int | None
    boards: list[PlannedBoard] = field(default_factory=list)
    matches: list[PlannedMatch] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    draw: dict[str, Any] = field(default_factory=dict)
    engine_version: str = field(default_factory=engine_version)
    #: told the share (0-1) of the pairing done, where the system can tell (the Dutch
    #: engine after each bracket); not part of the plan's value
    progress: Callable[[float], None] | None = field(default=None, repr=False, compare=False)


def withdrawn(players: Any, number: int) -> frozenset[int]:
    """Numbers of the players who withdrew before round ``number``."""
    return frozenset(p.number for p in players
                     if p.withdrawn_after is not None and p.withdrawn_after < number)


def board_with_withdrawals(white: int, black: int, out: frozenset[int]) -> PlannedBoard:
    """A game, lost by forfeit by the side that withdrew (both: double forfeit)."""
    result = ""
    if white in out or black in out:
        result = (Result.DOUBLE_FORFEIT if white in out and black in out
                  else Result.BLACK_FORFEIT_WIN if white in out else Result.WHITE_FORFEIT_WIN)
    return PlannedBoard(white, black, result=result)


def previous_draw(snapshot: Snapshot, number: int) -> swissdraw.DrawResult | None:
    rnd = snapshot.round_row(number - 1)
    if rnd is None or not rnd.draw:
        return None
    return draw_from_json(rnd.number, rnd.seed, rnd.draw)


def draw_json(draw: swissdraw.DrawResult) -> dict[str, Any]:
    return {"pairs": [list(p) for p in draw.pairs], "bye": draw.bye,
            "score_group": {str(k): v for k, v in draw.score_group.items()},
            "subgroups": {str(k): v for k, v in draw.subgroups.items()},
            "floats": {str(k): v for k, v in draw.floats.items()},
            "warnings": draw.warnings, "relaxed": draw.relaxed}
