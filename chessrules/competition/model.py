"""Plain in-memory model of an individual event's results (no TRF, no Django).

A tournament is a mapping ``player id -> Competitor``; each competitor has one
``Entry`` per round that he was paired, given a bye, or absent.  Rounds without an
entry count as absences (0 points).

Entry kinds
-----------
- ``GAME``: played over the board against ``opponent`` with ``color`` "w"/"b".
- ``FORFEIT``: scheduled against ``opponent`` but not played; ``points`` is the
  forfeit result (1 won by forfeit, 0 lost by forfeit; a double forfeit gives 0/0).
- ``PAB``: pairing-allocated bye ("nghỉ" because of an odd number of players); its
  ``points`` are set by the regulations (21.1 does not say; FIDE gives 1).
- ``BYE``: a requested bye (half-point, full-point or zero-point), ``points`` as given.
- ``ABSENT``: not paired (withdrawn, absent without bye); 0 points.
- ``ANNULLED``: a game annulled by a withdrawal (Điều 21.5.1), shown as X; it counts
  for nobody.

Public API
----------
``Entry``, ``Competitor``, ``EntryKind`` constants, ``WIN``/``DRAW``/``LOSS`` points
(Điều 21.1), ``score(competitor)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WIN = 1.0
DRAW = 0.5
LOSS = 0.0

GAME = "game"
FORFEIT = "forfeit"
PAB = "pab"
BYE = "bye"
ABSENT = "absent"
ANNULLED = "annulled"
KINDS = frozenset({GAME, FORFEIT, PAB, BYE, ABSENT, ANNULLED})


@dataclass
class Entry:
    """One round of one competitor."""

    kind: str
    points: float = 0.0
    opponent: int | None = None
    color: str | None = None  # "w" / "b" for games (and forfeits, when known)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown entry kind {self.kind!r}; expected one of {sorted(KINDS)}")
        if self.kind == GAME and (self.opponent is None or self.color not in ("w", "b")):
            raise ValueError("a played game needs an opponent and a colour 'w' or 'b'")
        if self.kind in (PAB, BYE, ABSENT) and self.opponent is not None:
            raise ValueError(f"a {self.kind} entry cannot have an opponent")

    @property
    def played(self) -> bool:
        return self.kind == GAME


@dataclass
class Competitor:
    """A player (or a team treated as one unit) with his entries by round number."""

    id: int
    name: str = ""
    title: str = ""
    rating: int | None = None
    entries: dict[int, Entry] = field(default_factory=dict)
    withdrawn_after: int | None = None
    """Last round played before withdrawing ("bỏ cuộc"), or None if he did not."""

    def entry(self, round_number: int) -> Entry:
        return self.entries.get(round_number) or Entry(ABSENT)


def score(competitor: Competitor, up_to_round: int | None = None) -> float:
    """Total points (Điều 21.1: win 1, draw ½, loss 0; byes/forfeits as recorded)."""
    return sum(
        e.points
        for r, e in competitor.entries.items()
        if e.kind != ANNULLED and (up_to_round is None or r <= up_to_round)
    )
