"""Knockout ("đấu loại trực tiếp", Điều 25; 002 Điều 11 "hệ Olympic").

- The bracket has a power-of-two size (Điều 25 names 32, 64, 128); when the entries do
  not fill it, the top seeds receive first-round byes ("miễn đấu") so that the second
  round is full.  Seeds are placed in the usual way (1 meets the lowest, seeds 1 and 2
  can only meet in the final).
- Each pairing is a mini-match of two games with alternating colours, the first colour
  by lot.  A tie is settled by the regulations' ``TieRule``, the options of Điều 25 as
  written ("Nếu hòa đấu thêm hai ván nữa … Trường hợp hòa nữa, trọng tài cho bốc thăm màu
  quân đấu thêm một ván nữa hoặc cho bốc thăm may rủi để chọn người thắng"): two more games
  then one game with colours by lot, or two more games then lots; and lots right after the
  two-game match (002 Điều 11 lets the regulations decide a tie without playing on).
- A double forfeit ("cả hai bỏ cuộc") is settled by the regulations' ``DoubleForfeitRule``,
  never counted as a draw: both are eliminated (Điều 25 allows no postponement, "không cho
  hoàn đấu"), the higher seed advances (002 Điều 11 "theo hệ số tương ứng") or the game is
  played again (002 Điều 11 "ván (trận) đó được đấu lại").

All lots come from ``random.Random`` seeded by the caller's seed, so they replay.

Public API
----------
- ``bracket_size(entries) -> int``
- ``seed_positions(size) -> list[int]``: seed numbers in bracket order.
- ``first_round(entries, size=None) -> list[tuple[int, int | None]]``: pairs of seed
  numbers (1 = best); ``None`` is a bye.
- ``next_round(winners) -> list[tuple[int, int]]``: pair winners in bracket order.
- ``Placement``: the placement matches the regulations ask for (3rd; 3rd and 5-8).
- ``MiniMatch(a, b, seed, tie_rule=TieRule.TWO_THEN_DECIDER,
  double_forfeit=DoubleForfeitRule.BOTH_OUT)``: ``next_colours() -> (white, black)``,
  ``record(score_of_a)``, ``record_double_forfeit()``, ``winner``, ``finished``,
  ``both_out``, ``stage``.  A game's score is ``None`` when it was a double forfeit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

_T = TypeVar("_T")


class TieRule(StrEnum):
    """How a drawn two-game match is settled (Điều 25)."""

    TWO_THEN_DECIDER = "two_then_decider"  # two more games, then one game, colours by lot
    TWO_THEN_LOTS = "two_then_lots"  # two more games, then lots
    LOTS = "lots"  # lots at once (002 Điều 11: the regulations "xác định ưu thế")


class Placement(StrEnum):
    """Which places the eliminated players play for (002 Điều 11: "người thua không bị loại
    mà lập thành những cặp để xếp hạng đấu tiếp theo")."""

    NONE = "none"  # semi-final losers share 3rd, quarter-final losers 5th
    THIRD = "third"  # the semi-final losers play for 3rd place
    THIRD_AND_FIVE_TO_EIGHT = "third_5_8"  # also quarter-final losers: 5-8 semis, 5th, 7th


class DoubleForfeitRule(StrEnum):
    """What a double forfeit in a mini-match decides (Điều 25; 002 Điều 11)."""

    BOTH_OUT = "both_out"  # both eliminated; the next opponent passes
    HIGHER_SEED = "higher_seed"  # the better seed (lower number) advances
    REPLAY = "replay"  # the game does not count and is played again, same colours


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


def next_round(winners: list[_T]) -> list[tuple[_T, _T]]:
    """Winners in bracket order -> the next round's pairs (a caller may pass ``None`` for a
    place nobody fills)."""
    if len(winners) % 2:
        raise ValueError(f"an odd number of winners ({len(winners)}) cannot be paired")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


@dataclass
class MiniMatch:
    """A knockout pairing between ``a`` and ``b`` (Điều 25)."""

    a: int
    b: int
    seed: int | str
    tie_rule: TieRule = TieRule.TWO_THEN_DECIDER
    double_forfeit: DoubleForfeitRule = DoubleForfeitRule.BOTH_OUT
    # white, black, a's score (None: a double forfeit that does not count)
    games: list[tuple[int, int, float | None]] = field(default_factory=list)
    winner: int | None = None
    lot_winner: bool = False
    both_out: bool = False

    def __post_init__(self) -> None:
        try:
            self.tie_rule = TieRule(self.tie_rule)
            self.double_forfeit = DoubleForfeitRule(self.double_forfeit)
        except ValueError as exc:
            raise ValueError(f"unknown knockout rule: {exc}") from exc
        self._rng = random.Random(f"knockout:{self.seed}:{self.a}:{self.b}")
        self._first_white = self.a if self._rng.random() < 0.5 else self.b
        self._decider_white: int | None = None

    @property
    def finished(self) -> bool:
        return self.winner is not None or self.both_out

    @property
    def counted(self) -> list[tuple[int, int, float]]:
        """The games that count (a replayed double forfeit does not)."""
        return [(w, b, s) for w, b, s in self.games if s is not None]

    @property
    def stage(self) -> str:
        """"match" (games 1-2), "extra" (games 3-4) or "decider" (game 5)."""
        n = len(self.counted)
        return "match" if n < 2 else ("extra" if n < 4 else "decider")

    def next_colours(self) -> tuple[int, int]:
        if self.finished:
            raise ValueError(f"match {self.a}-{self.b} is finished (winner {self.winner})")
        n = len(self.counted)
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
        counted = self.counted
        n = len(counted)
        a_total = sum(g[2] for g in counted)
        if n in (2, 4):
            if a_total * 2 != n:
                self.winner = self.a if a_total * 2 > n else self.b
            elif (n == 2 and self.tie_rule == TieRule.LOTS) or (
                    n == 4 and self.tie_rule == TieRule.TWO_THEN_LOTS):
                self._draw_lots()
        elif n == 5:
            decider = counted[-1][2]
            if decider == 0.5:
                self._draw_lots()
            else:
                self.winner = self.a if decider == 1.0 else self.b
        return self.winner

    def record_double_forfeit(self) -> int | None:
        """Record a game neither player came to, settled by ``double_forfeit``; returns the
        winner (None when both are out or the game is to be played again)."""
        white, black = self.next_colours()
        self.games.append((white, black, None))
        if self.double_forfeit == DoubleForfeitRule.BOTH_OUT:
            self.both_out = True
        elif self.double_forfeit == DoubleForfeitRule.HIGHER_SEED:
            self.winner = min(self.a, self.b)
        return self.winner

    def _draw_lots(self) -> None:
        self.winner = self.a if self._rng.random() < 0.5 else self.b
        self.lot_winner = True
