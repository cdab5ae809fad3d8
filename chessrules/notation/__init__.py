"""Move notations of xiangqi (Điều 11, Phụ lục 3 of seed 000) and chess (seed 002 appendix E).

Xiangqi: :mod:`chessrules.notation.xiangqi` (formats ``vn``, ``vn-words``, ``asian``,
``coord``, ``wxf``, ``iccs``). Chess: :mod:`chessrules.chess` (``san``, ``vn``, ``uci``).
Errors: :class:`NotationError` (move number, side, text, code, reason, ply).
"""

from chessrules.notation.errors import ERROR_CODES, NotationError
from chessrules.notation.movetext import Movetext, MovetextError, Token, split_movetext

__all__ = [
    "ERROR_CODES",
    "Movetext",
    "MovetextError",
    "NotationError",
    "Token",
    "split_movetext",
]
