"""The final phase of the Asian time control and its limit of four checks (Điều 10.1.2).

Seed 000 Điều 10.1.2: "Sau đó cứ 5 phút phải đi đủ 10 nước cho đến khi kết thúc ván cờ ...
Trong khoảng thời gian này nước chiếu Tướng không được vượt quá bốn lần." The phase begins
on the clock, not at a move number: the arbiter records the half-move it began at and this
module counts, from there, the checks each side gave (the reading of
docs/decisions-games.md: per side, over the whole phase). Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chessrules.xiangqi.position import START_FEN, Move, Position
from chessrules.xiangqi.tables import RED

#: Điều 10.1.2: "không được vượt quá bốn lần".
CHECKS_ALLOWED = 4
SIDES = ("w", "b")


@dataclass(frozen=True)
class PhaseChecks:
    """The checks each side gave in the phase (half-move numbers, 1 = the record's first)
    and the checks beyond the limit, as ``(side, ply)`` in the order they were played."""

    from_ply: int
    checks: dict[str, list[int]] = field(default_factory=dict)
    excess: list[tuple[str, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"from_ply": self.from_ply, "checks": {s: list(p) for s, p in self.checks.items()},
                "excess": [{"side": side, "ply": ply} for side, ply in self.excess]}


def move_number_of_ply(start_fen: str | None, ply: int) -> int:
    """The move number (Điều 11: one move is Red's and Black's half-moves) of half-move
    ``ply`` of a record that starts at ``start_fen`` (its full-move field and side)."""
    pos = Position.from_fen(start_fen or START_FEN)
    black_first = pos.side != RED
    return pos.fullmove + (ply - 1 + (1 if black_first else 0)) // 2


def phase_checks(start_fen: str | None, moves: Sequence[Move | str], from_ply: int,
                 allowed: int = CHECKS_ALLOWED) -> PhaseChecks:
    """Replay ``moves`` (legal, ICCS strings accepted) and count the checks each side gave
    at half-moves ``from_ply`` and later; a side's check number ``allowed + 1`` and each
    after it is an excess (Điều 10.1.2)."""
    if from_ply < 1:
        raise ValueError("from_ply must be at least 1")
    pos = Position.from_fen(start_fen or START_FEN)
    checks: dict[str, list[int]] = {side: [] for side in SIDES}
    excess: list[tuple[str, int]] = []
    for ply, move in enumerate(moves, 1):
        played = Move.from_iccs(move) if isinstance(move, str) else move
        side = SIDES[pos.side]
        pos.push(played)
        if ply < from_ply or not pos.is_check():
            continue
        checks[side].append(ply)
        if len(checks[side]) > allowed:
            excess.append((side, ply))
    return PhaseChecks(from_ply, checks, excess)
