"""The overall ranking of delegations ("xếp hạng toàn đoàn"; Luật Cờ Tướng Phụ lục 5 mục 10,
Điều 19.4). The law names the ranking and leaves how it is counted to the event's
regulations; the two readings in use (docs/decisions-tournaments.md):

- ``medals``: most first places (gold), then second places (silver), then third (bronze),
  then the delegation's total points;
- ``points``: the delegation's players' total points, then golds, silvers, bronzes.

Delegations equal on every count share the better rank (``values.competition_ranks``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from chessrules.values import competition_ranks


class DelegationOrder(StrEnum):
    MEDALS = "medals"
    POINTS = "points"


@dataclass(frozen=True)
class Tally:
    """What a delegation won: its key, its golds, silvers and bronzes (places 1-3 of the
    individual and team rankings) and its players' total points."""

    key: int
    gold: int = 0
    silver: int = 0
    bronze: int = 0
    points: Decimal = Decimal(0)


@dataclass(frozen=True)
class Ranked:
    rank: int
    tally: Tally


def _medals(t: Tally) -> tuple[int, int, int]:
    return (t.gold, t.silver, t.bronze)


def sort_key(tally: Tally, order: DelegationOrder) -> tuple[object, ...]:
    """The ranking's comparison, best first (smaller is better)."""
    medals = tuple(-m for m in _medals(tally))
    if order is DelegationOrder.POINTS:
        return (-tally.points, *medals)
    return (*medals, -tally.points)


def rank_delegations(tallies: Iterable[Tally], order: DelegationOrder) -> list[Ranked]:
    """The delegations best first, with their ranks (equal counts share a rank; within equal
    counts the key keeps the order stable)."""
    ordered = sorted(tallies, key=lambda t: (sort_key(t, order), t.key))
    ranks = competition_ranks(sort_key(t, order) for t in ordered)
    return [Ranked(rank, tally) for rank, tally in zip(ranks, ordered, strict=True)]


def medal_of(place: int) -> str | None:
    """Places 1, 2, 3 are gold, silver, bronze; none below."""
    return {1: "gold", 2: "silver", 3: "bronze"}.get(place)
