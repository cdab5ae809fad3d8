"""Data of a Swiss tournament as the Dutch pairing sees it (independent of TRF).

Scores are kept in tenths of a point (win 10, draw 5) so that they are exact.
Round entries use the TRF16 result codes (``1 0 = W D L + - H F U Z`` and
blank), which every tournament program understands:

* a *played* game has an opponent, a colour and one of ``1 0 = W D L``;
* a forfeit ``+``/``-`` with an opponent is not a played game: it does not
  count for colours nor forbid a rematch (C.04.1 and the issue's requirement);
* ``U`` (or ``+`` without opponent) is the pairing-allocated bye; ``H`` a
  requested half-point bye, ``F`` a full-point bye, ``Z``/blank an absence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WHITE, BLACK = "w", "b"
PLAYED_RESULTS = frozenset("10=WDL")
WIN_RESULTS = frozenset("1W+FU")
DRAW_RESULTS = frozenset("=DH")


def invert(colour: str | None) -> str | None:
    if colour == WHITE:
        return BLACK
    if colour == BLACK:
        return WHITE
    return None


@dataclass(frozen=True)
class RoundEntry:
    """What happened to one player in one round (TRF16 semantics)."""

    opponent: int | None = None
    color: str = "-"
    result: str = " "

    @property
    def played(self) -> bool:
        return self.opponent is not None and self.result in PLAYED_RESULTS and self.color in "wb"

    @property
    def participated(self) -> bool:
        """Paired (even if forfeited) or given the pairing-allocated bye."""
        return self.opponent is not None or self.result in ("U", "+")

    @property
    def outcome(self) -> str:
        """``"W"``, ``"D"`` or ``"L"`` for the player."""
        if self.result in WIN_RESULTS:
            return "W"
        if self.result in DRAW_RESULTS:
            return "D"
        return "L"

    @property
    def is_pairing_allocated_bye(self) -> bool:
        return self.opponent is None and self.participated

    @property
    def colour_played(self) -> str | None:
        return self.color if self.played else None


@dataclass(frozen=True)
class PointSystem:
    """Points in tenths (C.04.1: win 1, draw ½, loss 0 unless the rules say otherwise)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    pairing_bye: int = 10

    def points(self, entry: RoundEntry | None) -> int:
        if entry is None:
            return self.zero_bye
        outcome = entry.outcome
        if outcome == "L":
            if not entry.participated:
                return self.zero_bye
            return self.loss if entry.played else self.forfeit_loss
        if outcome == "W":
            return self.pairing_bye if entry.is_pairing_allocated_bye else self.win
        return self.draw


@dataclass(frozen=True)
class SwissPlayer:
    """A registered player; ``id`` is the pairing number (starting rank)."""

    id: int
    rating: int = 0
    name: str = ""
    title: str = ""


@dataclass
class DutchOptions:
    """Options of one Dutch pairing.

    * ``total_rounds``: rounds of the tournament (None = unknown: the last-round
      exception for topscorers, C.04.3 C3, is then never applied);
    * ``initial_color``: colour of the top-ranked player in round 1 (E.5);
    * ``not_paired``: players not to be paired in this round and why (TRF code
      ``H`` half-point bye, ``F`` full-point bye, ``Z`` absent, ``-`` withdrawn);
    * ``baku``: Baku acceleration (C.04.5.1);
    * ``accelerations``: manual virtual points per player and round (tenths).
    """

    total_rounds: int | None = None
    initial_color: str = WHITE
    not_paired: dict[int, str] = field(default_factory=dict)
    baku: bool = False
    accelerations: dict[int, list[int]] = field(default_factory=dict)
    points: PointSystem = field(default_factory=PointSystem)


@dataclass(frozen=True)
class Pairing:
    white: int
    black: int | None  # None: pairing-allocated bye

    def as_tuple(self) -> tuple[int, int | None]:
        return (self.white, self.black)


class PairingError(ValueError):
    """No pairing satisfies the absolute criteria, or the input is inconsistent."""
