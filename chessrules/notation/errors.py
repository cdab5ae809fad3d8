"""The error raised when a move of a score sheet cannot be read or played.

Điều 11 (seed 000) asks that moves be recorded "chính xác và rõ ràng"; when they are not, the
arbiter needs to know exactly which move, whose, what was written and why it fails.
"""

from __future__ import annotations

from typing import Any

#: Error codes: what went wrong with the written move.
ERROR_CODES: dict[str, tuple[str, str]] = {
    "unreadable": ("Không đọc được nước đi.", "The move cannot be read in this notation."),
    "no_piece": ("Không có quân như vậy ở đó.", "There is no such piece there."),
    "ambiguous": ("Nước đi không rõ ràng (nhiều quân).", "Ambiguous: several pieces fit."),
    "illegal": ("Nước đi không hợp lệ.", "Illegal move."),
}

SIDE_NAMES = {"w": ("Trắng", "White"), "b": ("Đen", "Black")}


class NotationError(ValueError):
    """A move that cannot be read, does not designate one piece, or is illegal.

    Attributes: ``ply`` (1-based index of the half-move in the game), ``move_number`` (as on
    the score sheet), ``side`` (``"w"`` Red/White or ``"b"`` Black), ``text`` (the move as
    written), ``code`` (a key of :data:`ERROR_CODES`), ``reason`` (English explanation),
    ``reason_vi`` (Vietnamese), ``illegal_code`` (the engine's reason code for an illegal
    move, e.g. ``"blocked_leg"``), ``candidates`` (the pieces, as squares, an ambiguous move
    could designate).
    """

    def __init__(
        self,
        code: str,
        reason: str,
        *,
        text: str = "",
        reason_vi: str | None = None,
        illegal_code: str | None = None,
        candidates: list[str] | None = None,
        ply: int | None = None,
        move_number: int | None = None,
        side: str | None = None,
    ) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown notation error code {code!r}")
        self.code = code
        self.reason = reason
        self.reason_vi = reason_vi or ERROR_CODES[code][0]
        self.text = text
        self.illegal_code = illegal_code
        self.candidates = list(candidates or [])
        self.ply = ply
        self.move_number = move_number
        self.side = side
        super().__init__(self._message())

    def at(self, ply: int, move_number: int, side: str, text: str | None = None) -> NotationError:
        """Attach the place in the game (called by the code that replays a move list)."""
        self.ply, self.move_number, self.side = ply, move_number, side
        if text is not None:
            self.text = text
        self.args = (self._message(),)
        return self

    def _message(self) -> str:
        where = ""
        if self.move_number is not None:
            side = SIDE_NAMES.get(self.side or "", ("?", "?"))[1]
            where = f"move {self.move_number} ({side}, ply {self.ply}) "
        return f"{where}{self.text!r}: {self.code}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "move_number": self.move_number,
            "side": self.side,
            "text": self.text,
            "code": self.code,
            "reason": self.reason,
            "reason_vi": self.reason_vi,
            "illegal_code": self.illegal_code,
            "candidates": self.candidates,
        }


def move_number_of(ply_index: int, first_side: str, first_move_number: int = 1) -> tuple[int, str]:
    """Score-sheet move number and side of the ``ply_index``-th half-move (0-based)."""
    if first_side == "w":
        return first_move_number + ply_index // 2, "w" if ply_index % 2 == 0 else "b"
    return first_move_number + (ply_index + 1) // 2, "b" if ply_index % 2 == 0 else "w"
