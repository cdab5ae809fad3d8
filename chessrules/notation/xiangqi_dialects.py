"""The xiangqi dialects other programs write, read into the service's own forms (issue 29).

* Full-width characters (``Ｃ２＝５``, as Chinese input methods type them): NFKC gives
  ``C2=5``.
* WinBoard/XBoard short algebraic (SAN, "SALG" of the Chinese Chess File Format draft):
  ``Che2`` (cannon from the h file to e2), ``Hg7``, ``e4`` (a soldier), with the ranks of ICCS
  (0-9 from Red's side), an optional origin (``Rhh3``, ``R0h3``, ``Ch2-e2``), ``x`` and
  ``+``/``#``. Read by replaying the game: each move becomes its ICCS coordinates.
* DhtmlXQ (the UBB/forum format of Chinese xiangqi sites): ``[DhtmlXQ_movelist]`` holds four
  digits per move, ``x y x y`` with x 0-8 from Red's left and y 0-9 from Black's side;
  ``[DhtmlXQ_binit]`` the 32 pieces' squares (``99`` = not on the board).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from chessrules.notation.errors import NotationError, move_number_of
from chessrules.notation.movetext import Token
from chessrules.xiangqi import START_FEN, Move, Position

FILE_LETTERS = "abcdefghi"
#: WinBoard SAN piece letters (both of each pair are met) -> FEN kind
SAN_KIND = {"K": "K", "A": "A", "G": "A", "E": "B", "B": "B", "H": "N", "N": "N", "R": "R",
            "C": "C", "P": "P"}
#: letters only SAN uses (the Vietnamese coordinate notation spells P and B differently)
_SAN_ONLY = frozenset("KAGEHNRC")
_SAN = re.compile(r"^(?P<piece>[KAGEBHNRCP])?(?P<file>[a-i])?(?P<rank>[0-9])?-?x?"
                  r"(?P<to_file>[a-i])(?P<to_rank>[0-9])[+#]?[!?]*$")
_ICCS = re.compile(r"^[a-iA-I][0-9]-?[a-iA-I][0-9]$")


def ascii_form(text: str) -> str:
    """``text`` with full-width letters, digits and signs as ASCII (``Ｃ２＝５`` -> ``C2=5``);
    Vietnamese letters are only composed (NFC and NFKC agree on them)."""
    return unicodedata.normalize("NFKC", text)


def is_winboard_san(texts: Sequence[str]) -> bool:
    """Whether a xiangqi movetext is WinBoard SAN: every move reads as SAN, one at least
    names a piece only SAN uses, and the moves are not all ICCS."""
    return (bool(texts) and all(_SAN.match(t) for t in texts)
            and any(t[0] in _SAN_ONLY for t in texts)
            and not all(_ICCS.match(t) for t in texts))


def _unreadable(text: str) -> NotationError:
    return NotationError("unreadable", "not a WinBoard SAN move (e.g. Che2, Hg7, e4)",
                         text=text, reason_vi="Không đọc được nước đi kiểu WinBoard SAN "
                                              "(ví dụ Che2, Hg7, e4).")


def read_san(pos: Position, text: str) -> Move:
    """The legal move a WinBoard SAN move designates in ``pos``."""
    m = _SAN.match(text)
    if not m:
        raise _unreadable(text)
    kind = SAN_KIND[m["piece"] or "P"]
    target = (FILE_LETTERS.index(m["to_file"]), int(m["to_rank"]))
    letter = kind if pos.turn == "w" else kind.lower()
    fits = [move for move in pos.legal_moves()
            if move.to_square == target and pos.piece_at(*move.from_square) == letter
            and (m["file"] is None or move.from_square[0] == FILE_LETTERS.index(m["file"]))
            and (m["rank"] is None or move.from_square[1] == int(m["rank"]))]
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise NotationError("ambiguous", "several pieces fit", text=text,
                            candidates=[move.iccs()[:2] for move in fits])
    raise NotationError("illegal", "no piece of that kind can move there", text=text,
                        reason_vi="Không quân nào loại đó đi được tới ô này.")


def san_to_iccs(tokens: Sequence[Token], start_fen: str | None = None) -> list[Token]:
    """WinBoard SAN tokens rewritten as ICCS (``Che2`` -> ``h2e2``), same lines; raises
    :class:`NotationError` with the ply of the first move that cannot be read or played."""
    pos = Position.from_fen(start_fen or START_FEN)
    first_side, first_number = pos.turn, pos.fullmove
    out = []
    for index, token in enumerate(tokens):
        try:
            move = read_san(pos, token.text)
        except NotationError as error:
            number, side = move_number_of(index, first_side, first_number)
            raise error.at(index + 1, number, side, token.text) from None
        pos.push(move)
        out.append(Token(move.iccs(), token.line))
    return out


def normalise_tokens(tokens: Sequence[Token], start_fen: str | None = None) -> list[Token]:
    """A xiangqi game's moves in a form the notation reader knows: ASCII, and ICCS for a
    WinBoard SAN game."""
    plain = [Token(ascii_form(t.text), t.line) for t in tokens]
    if is_winboard_san([t.text for t in plain]):
        return san_to_iccs(plain, start_fen)
    return plain


# --------------------------------------------------------------------------- DhtmlXQ
#: DhtmlXQ_binit's order: Red's R N B A K A B N R C C P P P P P, then Black's
BINIT_KINDS = "RNBAKABNRCCPPPPP"
START_BINIT = ("8979695949392919097717866646260600102030405060708012720323436383")
#: [DhtmlXQ_result] values (as Chinese sites write them) -> PGN result
DHTMLXQ_RESULTS = {"红胜": "1-0", "紅勝": "1-0", "黑胜": "0-1", "黑勝": "0-1", "和棋": "1/2-1/2",
                   "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2"}
PGN_TO_DHTMLXQ = {"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋"}
_DHTMLXQ_TAG = re.compile(r"\[DhtmlXQ_([a-z_0-9]+)\](.*?)\[/DhtmlXQ_\1\]", re.S)
_DHTMLXQ_BLOCK = re.compile(r"\[DhtmlXQ\](.*?)\[/DhtmlXQ\]", re.S)
#: what a DhtmlXQ tag means in PGN
DHTMLXQ_PGN_TAGS = {"title": "Event", "event": "Event", "place": "Site", "date": "Date",
                    "round": "Round", "red": "White", "black": "Black", "result": "Result",
                    "redelo": "WhiteElo", "blackelo": "BlackElo"}


class DhtmlXQError(ValueError):
    """A DhtmlXQ block that cannot be read, naming the game (1-based) and the tag."""

    def __init__(self, game: int, tag: str, reason: str, reason_vi: str) -> None:
        super().__init__(f"game {game}, [DhtmlXQ_{tag}]: {reason}")
        self.game, self.tag, self.reason, self.reason_vi = game, tag, reason, reason_vi

    @property
    def message_vi(self) -> str:
        return f"Ván {self.game}, thẻ [DhtmlXQ_{self.tag}]: {self.reason_vi}"


@dataclass
class DhtmlXQGame:
    """One DhtmlXQ game: its tags as PGN tags, the start FEN (None: the initial position)
    and the moves."""

    number: int
    headers: dict[str, str] = field(default_factory=dict)
    start_fen: str | None = None
    moves: list[Move] = field(default_factory=list)


def _square(x: int, y: int) -> tuple[int, int]:
    """DhtmlXQ (x from Red's left, y from Black's side) -> (file, rank) of ICCS."""
    return x, 9 - y


def _digits(x: int, rank: int) -> str:
    return f"{x}{9 - rank}"


def binit_fen(binit: str) -> str:
    """The FEN (Red to move) of a ``[DhtmlXQ_binit]`` placement."""
    if len(binit) != 64 or not binit.isdigit():
        raise ValueError("binit must be 64 digits (32 pieces × x, y)")
    board = [["" for _ in range(9)] for _ in range(10)]
    for index in range(32):
        x, y = int(binit[2 * index]), int(binit[2 * index + 1])
        if (x, y) == (9, 9):
            continue
        if x > 8:
            raise ValueError(f"piece {index + 1}: x {x} is off the board")
        kind = BINIT_KINDS[index % 16]
        file, rank = _square(x, y)
        board[rank][file] = kind if index < 16 else kind.lower()
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            if board[rank][file]:
                row += (str(empty) if empty else "") + board[rank][file]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def read_dhtmlxq(text: str) -> list[DhtmlXQGame]:
    """The games of a text holding ``[DhtmlXQ]…[/DhtmlXQ]`` blocks (a forum post may hold
    several); raises :class:`DhtmlXQError` naming the game and tag."""
    games = []
    for number, block in enumerate(_DHTMLXQ_BLOCK.findall(text), 1):
        tags = {name.lower(): value.strip() for name, value in _DHTMLXQ_TAG.findall(block)}
        game = DhtmlXQGame(number)
        for name, value in tags.items():
            pgn_tag = DHTMLXQ_PGN_TAGS.get(name)
            if pgn_tag and value:
                game.headers.setdefault(
                    pgn_tag, DHTMLXQ_RESULTS.get(value, "*") if name == "result" else value)
        binit = tags.get("binit", "")
        if binit and binit != START_BINIT:
            try:
                game.start_fen = binit_fen(binit)
            except ValueError as error:
                raise DhtmlXQError(number, "binit", str(error),
                                   "vị trí ban đầu phải là 64 chữ số (32 quân × x, y).") from None
        game.moves = _movelist(number, tags.get("movelist", ""), game.start_fen)
        games.append(game)
    return games


def _movelist(game: int, digits: str, start_fen: str | None) -> list[Move]:
    if len(digits) % 4 or not digits.isdigit():
        raise DhtmlXQError(game, "movelist", "four digits per move",
                           "mỗi nước đi là 4 chữ số (x y x y).")
    pos = Position.from_fen(start_fen or START_FEN)
    moves = []
    for index in range(0, len(digits), 4):
        a, b, c, d = (int(ch) for ch in digits[index:index + 4])
        if a > 8 or c > 8:
            raise DhtmlXQError(game, "movelist", f"ply {index // 4 + 1}: file off the board",
                               f"nước thứ {index // 4 + 1}: cột ngoài bàn cờ.")
        move = Move(*_square(a, b), *_square(c, d))
        reason = pos.illegal_reason(move)
        if reason is not None:
            raise DhtmlXQError(game, "movelist", f"ply {index // 4 + 1} {move.iccs()}: {reason}",
                               f"nước thứ {index // 4 + 1} ({move.iccs()}) không hợp lệ "
                               f"({reason}).")
        pos.push(move)
        moves.append(move)
    return moves


def write_dhtmlxq(headers: dict[str, str], moves: Iterable[Move],
                  start_fen: str | None = None) -> str:
    """One game as a DhtmlXQ block (title, players, result, start position, moves)."""
    names = {"Event": "title", "Site": "place", "Date": "date", "Round": "round",
             "White": "red", "Black": "black"}
    lines = ["[DhtmlXQ]"]
    for tag, name in names.items():
        value = headers.get(tag, "")
        if value and value not in ("?", "????.??.??"):
            lines.append(f"[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]")
    result = PGN_TO_DHTMLXQ.get(headers.get("Result", ""))
    if result:
        lines.append(f"[DhtmlXQ_result]{result}[/DhtmlXQ_result]")
    lines.append(f"[DhtmlXQ_binit]{fen_binit(start_fen or START_FEN)}[/DhtmlXQ_binit]")
    movelist = "".join(_digits(m[0], m[1]) + _digits(m[2], m[3]) for m in moves)
    lines.append(f"[DhtmlXQ_movelist]{movelist}[/DhtmlXQ_movelist]")
    lines.append("[/DhtmlXQ]")
    return "\n".join(lines) + "\n"


def fen_binit(fen: str) -> str:
    """A FEN's placement as ``[DhtmlXQ_binit]`` (pieces beyond the 16 of a side: refused)."""
    if fen.split()[0] == START_FEN.split()[0]:
        return START_BINIT
    pos = Position.from_fen(fen)
    slots: list[str] = ["99"] * 32
    for side, offset in (("w", 0), ("b", 16)):
        for kind in "RNBAKCP":
            letter = kind if side == "w" else kind.lower()
            indexes = [i for i, k in enumerate(BINIT_KINDS) if k == kind]
            squares = pos.squares_of(letter)
            if len(squares) > len(indexes):
                raise ValueError(f"too many {letter} for DhtmlXQ")
            for index, (file, rank) in zip(indexes, squares, strict=False):
                slots[offset + index] = _digits(file, rank)
    return "".join(slots)
