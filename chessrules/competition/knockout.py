"""Knockout ("đấu loại trực tiếp", Điều 25; 002 Điều 11 "hệ Olympic").

- The bracket has a power-of-two size (Điều 25 names 32, 64, 128); when the entries do
  not fill it, the top seeds receive first-round byes ("miễn đấu") so that the second
  round is full.  Seeds are placed in the usual way (1 meets the lowest, seeds 1 and 2
  can only meet in the final).
- Each pairing is a mini-match of two games with alternating colours, the first colour
  by lot; a tie goes to two more games (colours alternate on), then to a single decider
  with colours by lot, or directly to lots (``tiebreak="decider"`` / ``"lots"``).

All lots come from ``random.Random`` seeded by the caller's seed, so they replay.

Public API
----------
- ``bracket_size(entries) -> int``
- ``seed_positions(size) -> list[int]``: seed numbers in bracket order.
- ``first_round(entries, size=None) -> list[tuple[int, int | None]]``: pairs of seed
  numbers (1 = best); ``None`` is a bye.
- ``next_round(winners) -> list[tuple[int, int]]``: pair winners in bracket order.
- ``MiniMatch(a, b, seed, tiebreak="decider")``: ``next_colours() -> (white, black)``,
  ``record(score_of_a)``, ``winner``, ``finished``, ``stage``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field


def bracket_size(entries: int) -> int:
    if entries < 2:
        raise ValueError(f"a knockout needs at least 2 entries, got {entries}")
    size = 1
    while size < entries:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Standard seeding: [1, size, size/2+1, size/2, ...] so that the sum of the seeds
    of each first-round pair is size + 1 and higher seeds meet as late as possible."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two >= 2, got {size}")
    order = [1, 2]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def first_round(entries: int, size: int | None = None) -> list[tuple[int, int | None]]:
    """First-round pairs of seed numbers; seeds above ``entries`` are byes (None), so
    the top ``size - entries`` seeds pass without playing (Điều 25)."""
    size = size or bracket_size(entries)
    if size < entries or size & (size - 1):
        raise ValueError(f"bracket of {size} cannot hold {entries} entries")
    order = seed_positions(size)
    pairs = []
    for i in range(0, size, 2):
        a, b = order[i], order[i + 1]
        pairs.append((a, b if b <= entries else None))
    return pairs


def next_round(winners: list[int]) -> list[tuple[int, int]]:
    """Winners in bracket order -> the next round's pairs."""
    if len(winners) % 2:
        raise ValueError(f"an odd number of winners ({len(winners)}) cannot be paired")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


@dataclass
class MiniMatch:
    """A knockout pairing between ``a`` and ``b`` (Điều 25)."""

    a: int
    b: int
    seed: int | str
    tiebreak: str = "decider"
    games: list[tuple[int, int, float]] = field(default_factory=list)  # white, black, a's score
    winner: int | None = None
    lot_winner: bool = False

    def __post_init__(self) -> None:
        if self.tiebreak not in ("decider", "lots"):
            raise ValueError(f"tiebreak must be 'decider' or 'lots', got {self.tiebreak!r}")
        self._rng = random.Random(f"knockout:{self.seed}:{self.a}:{self.b}")
        self._first_white = self.a if self._rng.random() < 0.5 else self.b
        self._decider_white: int | None = None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def stage(self) -> str:
        """"match" (games 1-2), "extra" (games 3-4) or "decider" (game 5)."""
        n = len(self.games)
        return "match" if n < 2 else ("extra" if n < 4 else "decider")

    def next_colours(self) -> tuple[int, int]:
        if self.finished:
            raise ValueError(f"match {self.a}-{self.b} is finished (winner {self.winner})")
        n = len(self.games)
        if n < 4:
            white = self._first_white if n % 2 == 0 else self._other(self._first_white)
        else:
            if self._decider_white is None:
                self._decider_white = self.a if self._rng.random() < 0.5 else self.b
            white = self._decider_white
        return white, self._other(white)

    def _other(self, player: int) -> int:
        return self.b if player == self.a else self.a

    def record(self, score_of_a: float) -> int | None:
        """Record the next game (a's score 1, 0.5, 0); returns the winner when decided."""
        if score_of_a not in (0.0, 0.5, 1.0):
            raise ValueError(f"score {score_of_a!r} is not 1, 0.5 or 0")
        white, black = self.next_colours()
        self.games.append((white, black, score_of_a))
        n = len(self.games)
        a_total = sum(g[2] for g in self.games)
        if n in (2, 4):
            if a_total * 2 != n:
                self.winner = self.a if a_total * 2 > n else self.b
            elif n == 4 and self.tiebreak == "lots":
                self._draw_lots()
        elif n == 5:
            decider = self.games[-1][2]
            if decider == 0.5:
                self._draw_lots()
            else:
                self.winner = self.a if decider == 1.0 else self.b
        return self.winner

    def _draw_lots(self) -> None:
        self.winner = self.a if self._rng.random() < 0.5 else self.b
        self.lot_winner = True
