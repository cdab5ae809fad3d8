"""The one adapter between the ratings app and ``chessrules`` (rating engine and title standards).

Every call into :mod:`chessrules.rating` and :mod:`chessrules.titles` goes through this module,
so when the pure package changes its API only this file changes. It converts between plain
Python data (ids, ints, dicts stored as JSON) and the engine's dataclasses.

* FIDE B.02 (1 March 2024): :func:`rules_from_dict`, :func:`default_rules`, :func:`rate`,
  :func:`performance`.
* Phụ lục 6 (Luật Cờ Tướng 2004): :func:`load_table`, :func:`check_player`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from chessrules import rating as _rating
from chessrules import titles as _titles
from chessrules.values import Discipline

PlayerState = _rating.PlayerState
PendingGame = _rating.PendingGame
RatedGame = _rating.RatedGame
PeriodResult = _rating.PeriodResult
Qualification = _titles.Qualification
CriteriaError = _titles.CriteriaError

# Title codes and categories, re-exported so models and services need not import chessrules.
NATIONAL_MASTER = _titles.NATIONAL_MASTER
NATIONAL_CANDIDATE_MASTER = _titles.NATIONAL_CANDIDATE_MASTER
FIRST_CATEGORY = _titles.FIRST_CATEGORY
MEN, WOMEN = _titles.MEN, _titles.WOMEN
TEAM_CHAMPIONSHIP = _titles.TEAM_CHAMPIONSHIP
INDIVIDUAL_CHAMPIONSHIP = _titles.INDIVIDUAL_CHAMPIONSHIP
YOUTH_CHAMPIONSHIP = _titles.YOUTH_CHAMPIONSHIP
FOREIGN_TITLES = (_titles.WXF_MASTER, _titles.AXF_MASTER)


# --- rating rules ---------------------------------------------------------------------------

def default_rules(discipline: str, time_control_class: str) -> dict[str, Any]:
    """FIDE's preset for the list: chess lists follow B.02 as amended 1 October 2025 (8.3.1,
    players rated 2650+ exempt from the 400-point rule); xiangqi lists keep the 2024 values
    they were created with (issue 8, docs/decisions-ratings.md)."""
    if discipline == Discipline.CHESS:
        presets = {"standard": _rating.FIDE_STANDARD_2025, "rapid": _rating.FIDE_RAPID_2025,
                   "blitz": _rating.FIDE_BLITZ_2025}
    else:
        presets = {"standard": _rating.FIDE_STANDARD, "rapid": _rating.FIDE_RAPID,
                   "blitz": _rating.FIDE_BLITZ}
    data = presets[time_control_class].to_dict()
    if discipline == Discipline.XIANGQI:
        data["name"] = f"{data['name']} (xiangqi, FIDE defaults)"
    return data


def rules_from_dict(data: Mapping[str, Any]) -> _rating.RatingRules:
    """Check a list's stored settings; raises ValueError naming the bad setting."""
    return _rating.RatingRules.from_dict(dict(data))


def normalise_rules(data: Mapping[str, Any],
                    defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The full settings object (missing keys filled from ``defaults``, the list's preset, else
    FIDE's values)."""
    return rules_from_dict({**(defaults or {}), **data}).to_dict()


# --- states ---------------------------------------------------------------------------------

def pending_to_json(pending: Sequence[PendingGame]) -> list[list[Any]]:
    return [[g.event_id, g.opponent, g.opponent_rating, g.score, g.period.isoformat()]
            for g in pending]


def pending_from_json(data: Iterable[Sequence[Any]]) -> tuple[PendingGame, ...]:
    return tuple(PendingGame(e, o, int(r), float(s), date.fromisoformat(p))
                 for e, o, r, s, p in data or ())


def state(rating: int | None, games: int, birth_year: int | None, peak: int | None,
          pending: Iterable[Sequence[Any]] = ()) -> PlayerState:
    return PlayerState(rating, games, birth_year, peak, pending_from_json(pending))


def rate(players: Mapping[Any, PlayerState], games: Iterable[RatedGame],
         rules: Mapping[str, Any], *, period: date) -> dict[Hashable, PeriodResult]:
    """FIDE B.02 rating period (games in chronological order)."""
    return _rating.rate_period(players, games, rules_from_dict(rules), period=period)


@dataclass(frozen=True)
class PerformanceNumbers:
    games: int
    score: float
    average_opponent: float
    p: float
    dp: int
    rating: int


def performance(games: Sequence[tuple[int, float]]) -> PerformanceNumbers | None:
    """Rp = Ra + dp (B.02 8.1.1) over games against rated opponents; None without any."""
    if not games:
        return None
    result = _rating.performance_rating(games)
    return PerformanceNumbers(result.games, result.score, float(result.average_opponent),
                              result.p, result.dp, result.rating)


# --- titles (Phụ lục 6) ------------------------------------------------------------------------

def printed_table() -> dict[str, Any]:
    """Phụ lục 6 as printed (2004): the data the migration seeds."""
    return _titles.DEFAULT_TABLE.to_dict()


def load_table(data: Mapping[str, Any]) -> _titles.CriteriaTable:
    """Check a criteria table; raises CriteriaError naming the table, criterion and field."""
    return _titles.load_criteria(data)


@dataclass(frozen=True)
class EarlierStandard:
    title: str
    criterion_id: str
    event_id: Hashable
    date: date


def check_player(table_data: Mapping[str, Any], *, event_id: Hashable, category: str,
                 section: str, end_date: date, rank: int | None = None,
                 age_group: int | None = None, score: float | None = None,
                 games: int | None = None, board_rank: int | None = None,
                 rounds: int | None = None,
                 earlier: Sequence[EarlierStandard] = ()) -> list[Qualification]:
    """Every Phụ lục 6 criterion met by one player's result at one event, highest first."""
    table = load_table(table_data)
    result = _titles.EventPerformance(event_id, category, section, end_date, rank=rank,
                                      age_group=age_group, score=score, games=games,
                                      board_rank=board_rank, rounds=rounds)
    earlier_items = [_titles.EarlierQualification(e.title, e.criterion_id, e.event_id, e.date)
                     for e in earlier]
    return _titles.evaluate(table, result, earlier=earlier_items)


def check_foreign(table_data: Mapping[str, Any], *, section: str,
                  foreign_titles: Iterable[str]) -> list[Qualification]:
    """Criteria met by foreign titles (A.1.d, B.1.c: WXF/AXF master → national master)."""
    return _titles.evaluate(load_table(table_data), None, foreign_titles=list(foreign_titles),
                            section=section)


def table_valid_on(tables: Iterable[tuple[Any, Mapping[str, Any]]], day: date) -> Any:
    """The key of the table in force on ``day`` among (key, data) pairs, or None."""
    loaded = [(key, load_table(data)) for key, data in tables]
    try:
        chosen = _titles.select_table([table for _key, table in loaded], day)
    except LookupError:
        return None
    return next(key for key, table in loaded if table is chosen)
