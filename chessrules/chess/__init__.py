"""Chess (cờ vua) moves in English SAN, Vietnamese algebraic notation and UCI; draw flags.

Legality, SAN and PGN come from python-chess. This module adds the Vietnamese notation of
seed 002 appendix E and seed 003 §5.5-5.6: piece letters V (Vua), H (Hậu), X (Xe), T (Tượng),
M (Mã), no letter for pawns; capture ``x`` or ``:``; en passant ``qđ`` (``exd6qđ``);
promotion ``d8H`` (E11; seed 003 also ``h8/H``); castling ``0-0`` / ``0-0-0``; the long form
``e2-e4``, ``Mg1-f3``, ``Tc1:g5``. And the draw rules of 002 Điều 9 as flags.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import chess

from chessrules.notation.errors import NotationError, move_number_of
from chessrules.notation.movetext import Token, split_movetext
from chessrules.values import Discipline

FORMATS = Discipline.CHESS.notations

VN_TO_EN = {"V": "K", "H": "Q", "X": "R", "T": "B", "M": "N"}
EN_TO_VN = {v: k for k, v in VN_TO_EN.items()}

_EP_SUFFIX = re.compile(r"\s*(?:qđ|qd|e\.p\.|ep)$", re.IGNORECASE)
_CHECK_SUFFIX = re.compile(r"[+#]+$")
_CASTLE = re.compile(r"^([0O])-\1(-\1)?$", re.IGNORECASE)
_LONG = re.compile(
    r"^(?P<piece>[KQRBNVHXTM])?(?P<from>[a-h][1-8])(?P<sep>[-x:])(?P<to>[a-h][1-8])"
    r"(?:[=/]?(?P<promo>[QRBNHXTM]))?$"
)
_UCI = re.compile(r"^[a-h][1-8][a-h][1-8][qrbnQRBNHXTM]?$")
#: Null-move spellings of PGN tools (``--``, ``Z0``, UCI ``0000``, ``@@@@``).
_NULL_MOVES = frozenset({"--", "Z0", "z0", "0000", "@@@@"})
_PROMO = re.compile(r"(?P<sq>[a-h][18])[=/]?(?P<promo>[QRBNHXTM])$")


def _english(piece_letter: str) -> str:
    return VN_TO_EN.get(piece_letter, piece_letter)


def _normalise_san(text: str) -> str:
    """English SAN from SAN with Vietnamese letters, ':' captures and the other variants."""
    text = text.replace(":", "x")
    if text and text[0] in VN_TO_EN:
        text = VN_TO_EN[text[0]] + text[1:]
    m = _PROMO.search(text)
    if m and (len(text) == m.end()):
        text = f"{text[: m.start()]}{m.group('sq')}={_english(m.group('promo'))}"
    return text


def _error_from_python_chess(error: ValueError, text: str) -> NotationError:
    if isinstance(error, chess.AmbiguousMoveError):
        return NotationError("ambiguous", f"several pieces can make this move ({error})", text=text)
    if isinstance(error, chess.IllegalMoveError):
        return NotationError("illegal", f"illegal in this position ({error})", text=text)
    return NotationError("unreadable", f"not a chess move in SAN or Vietnamese notation ({error})",
                         text=text)


def read_move(board: chess.Board, text: str) -> chess.Move:
    """The legal move ``text`` designates on ``board`` (SAN, Vietnamese, long form or UCI)."""
    original = text
    # The check sign may follow the en passant mark (``gxh6qđ+``, as write_move writes it) or
    # precede it (``exd6+qđ``).
    text = _CHECK_SUFFIX.sub("", _EP_SUFFIX.sub("", _CHECK_SUFFIX.sub("", text.strip())))
    if text in _NULL_MOVES:
        raise NotationError("illegal", "a null move is not a move: the Laws of Chess have none "
                            "(Article 1.1: the players move alternately)",
                            reason_vi="Nước đi rỗng (null move) không phải là nước đi hợp lệ.",
                            illegal_code="null_move", text=original)
    castle = _CASTLE.match(text)
    if castle:
        text = "O-O-O" if castle.group(2) else "O-O"
    long_form = _LONG.match(text)
    if long_form:
        return _read_long(board, long_form, original)
    if _UCI.match(text):
        move = chess.Move.from_uci(text[:4] + _english(text[4:].upper()).lower())
        if move in board.legal_moves:
            return move
        piece = board.piece_at(move.from_square)
        if piece is None or piece.color != board.turn:
            raise NotationError("no_piece", f"no piece of the side to move on {text[:2]}",
                                text=original)
        raise NotationError("illegal", "illegal in this position", text=original)
    try:
        move = board.parse_san(_normalise_san(text))
    except ValueError as error:
        raise _error_from_python_chess(error, original) from None
    if not move:  # python-chess reads other spellings of a null move too
        raise NotationError("illegal", "a null move is not a move (Laws of Chess)",
                            illegal_code="null_move", text=original)
    return move


def _read_long(board: chess.Board, m: re.Match[str], original: str) -> chess.Move:
    """Seed 003 §5.6 long form: ``e2-e4``, ``Mg1-f3``, ``Tc1:g5``."""
    from_sq = chess.parse_square(m.group("from"))
    to_sq = chess.parse_square(m.group("to"))
    piece = board.piece_at(from_sq)
    wanted = chess.Piece.from_symbol(_english(m.group("piece") or "P")).piece_type
    if piece is None or piece.color != board.turn or piece.piece_type != wanted:
        raise NotationError("no_piece", f"no such piece of the side to move on {m.group('from')}",
                            text=original)
    promo = m.group("promo")
    promotion = chess.Piece.from_symbol(_english(promo)).piece_type if promo else None
    move = chess.Move(from_sq, to_sq, promotion=promotion)
    if move not in board.legal_moves:
        raise NotationError("illegal", "illegal in this position", text=original)
    captures = board.is_capture(move)
    if (m.group("sep") in "x:") != captures:
        raise NotationError(
            "illegal",
            "the move is a capture but written with '-'" if captures
            else "written as a capture but nothing is taken",
            text=original,
        )
    return move


def write_move(board: chess.Board, move: chess.Move, fmt: str) -> str:
    """``move`` (legal on ``board``) in ``san`` (English), ``vn`` or ``uci``."""
    if fmt == "uci":
        return move.uci()
    san = board.san(move)
    if fmt == "san":
        return san
    if fmt != "vn":
        raise ValueError(f"unknown chess notation {fmt!r} (use one of {', '.join(FORMATS)})")
    if san.startswith("O-O"):
        return san.replace("O", "0")
    if san[0] in EN_TO_VN:
        san = EN_TO_VN[san[0]] + san[1:]
    if "=" in san:  # E11: d8H
        head, _, tail = san.partition("=")
        san = head + EN_TO_VN.get(tail[0], tail[0]) + tail[1:]
    if board.is_en_passant(move):
        suffix = _CHECK_SUFFIX.search(san)
        cut = suffix.start() if suffix else len(san)
        san = san[:cut] + "qđ" + san[cut:]
    return san


def detect_format(tokens: Iterable[str]) -> str:
    """``vn`` when any move uses a Vietnamese piece letter or ``0-0``, else ``san``/``uci``."""
    tokens = list(tokens)
    if tokens and all(_UCI.match(t) for t in tokens):
        return "uci"
    for t in tokens:
        if t[:1] in VN_TO_EN or t.startswith("0-0") or "qđ" in t or ":" in t:
            return "vn"
    return "san"


def _tokens(moves: str | Iterable[str]) -> list[Token]:
    if isinstance(moves, str):
        return split_movetext(moves).tokens
    return [m if isinstance(m, Token) else Token(str(m), 0) for m in moves]


def board_from(start_fen: str | None) -> chess.Board:
    return chess.Board(start_fen) if start_fen else chess.Board()


def parse_moves(moves: str | Iterable[str], start_fen: str | None = None) -> list[chess.Move]:
    """Moves of a chess game in any of the accepted notations (may be mixed).

    Raises :class:`NotationError` with ply, move number and side at the first bad move.
    """
    board = board_from(start_fen)
    first_side = "w" if board.turn else "b"
    first_number = board.fullmove_number
    result = []
    for i, token in enumerate(_tokens(moves)):
        try:
            move = read_move(board, token.text)
        except NotationError as error:
            number, side = move_number_of(i, first_side, first_number)
            raise error.at(i + 1, number, side, token.text) from None
        board.push(move)
        result.append(move)
    return result


def write_moves(
    moves: Iterable[chess.Move], fmt: str, start_fen: str | None = None, *, numbered: bool = True
) -> str:
    board = board_from(start_fen)
    out: list[str] = []
    for move in moves:
        text = write_move(board, move, fmt)
        if numbered and (board.turn or not out):
            text = f"{board.fullmove_number}{'.' if board.turn else '...'} {text}"
        out.append(text)
        board.push(move)
    return " ".join(out)


def convert(moves: str | Iterable[str], to_fmt: str, start_fen: str | None = None,
            *, numbered: bool = True) -> str:
    return write_moves(parse_moves(moves, start_fen), to_fmt, start_fen, numbered=numbered)


def _repetition_key(board: chess.Board) -> tuple[object, ...]:
    """002 Điều 9.2: same pieces on the same squares, same side to move, same possible moves
    (castling rights and a capturable en passant)."""
    ep = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, board.castling_rights, ep)


def draw_flags(start_fen: str | None, moves: Iterable[chess.Move]) -> dict[str, Any]:
    """Evidence for the draw rules of 002 Điều 9 (the arbiter rules on claims).

    ``threefold_repetition``: first ply after which a position stood for the third time
    (9.2); ``fifty_moves``: first ply completing 50 moves of each side without a pawn move or
    capture (9.3); ``dead_position``: the final position cannot be mated by any series of legal
    moves (9.6; detected as insufficient material, the case that can be decided exactly);
    ``fivefold_repetition`` / ``seventy_five_moves`` as later FIDE laws end the game there.
    """
    board = board_from(start_fen)
    seen: dict[tuple[object, ...], int] = {_repetition_key(board): 1}
    flags: dict[str, Any] = {
        "threefold_repetition": None,
        "fivefold_repetition": None,
        "fifty_moves": None,
        "seventy_five_moves": None,
        "dead_position": False,
        "halfmove_clock": board.halfmove_clock,
    }
    for ply, move in enumerate(moves, start=1):
        board.push(move)
        key = _repetition_key(board)
        count = seen.get(key, 0) + 1
        seen[key] = count
        if count == 3 and flags["threefold_repetition"] is None:
            flags["threefold_repetition"] = ply
        if count == 5 and flags["fivefold_repetition"] is None:
            flags["fivefold_repetition"] = ply
        if board.halfmove_clock >= 100 and flags["fifty_moves"] is None:
            flags["fifty_moves"] = ply
        if board.halfmove_clock >= 150 and flags["seventy_five_moves"] is None:
            flags["seventy_five_moves"] = ply
    flags["dead_position"] = board.is_insufficient_material()
    flags["halfmove_clock"] = board.halfmove_clock
    return flags
