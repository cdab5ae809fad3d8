"""Xiangqi move notations: read and write every form the federation meets.

Formats (``FORMATS``):

* ``vn``: Vietnamese traditional notation of Điều 11.2a (seed 000): letters Tg S T X P M B,
  tiến ``.``, thoái ``/``, bình ``-``; origin file counted 1-9 from the mover's right, then the
  destination file (sideways moves and the diagonal pieces S, T, M) or the number of steps
  (forward/back on a file for Tg, X, P, B); ``t``/``s`` front/rear, ``g`` middle soldier
  (``P2-5``, ``Pt/1``, ``Bg.1``, ``Xs.2``, ``Bt-3``).
* ``vn-words``: the same in words (``Pháo 2 bình 5``, ``Mã 2 tiến 3``, ``Xe trước tiến 2``).
* ``asian``: Điều 11.2b, the same with ``+`` advance, ``.`` retreat, ``=`` sideways.
* ``coord``: Phụ lục 3 coordinate notation (``Phe2 Mg7``): files a-i, ranks 0-9, letters
  T(general) S V X P M B, destination only unless two pieces could go there.
* ``wxf``: WXF/AXF notation (``C2=5 H8+7``, tandem ``C+=5`` / ``+C=5``, pawns ``P+``, ``P3``,
  ``P-``, ``++``, ``--``, ``3+``, ``33``).
* ``iccs``: coordinates ``h2e2`` / ``h2-e2``.

Reading is tolerant the way real score sheets need (see docs/decisions-notation.md): a plain
file number is accepted for one of two identical pieces on a file when only one of them can
make the move, markers may be written with or without the file, WXF tandem markers before or
after the letter.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from chessrules.notation.errors import NotationError, move_number_of
from chessrules.notation.movetext import Token, split_movetext
from chessrules.values import Discipline
from chessrules.xiangqi import REASONS, REASONS_EN, START_FEN, Move, Position

FORMATS = Discipline.XIANGQI.notations

FILE_LETTERS = "abcdefghi"
STRAIGHT = frozenset("KRCP")  # move along files and ranks: steps when staying on the file
DIAGONAL = frozenset("ABN")  # always name the destination file

# Piece kinds are the upper-case FEN letters: K A B(elephant) N(horse) R C P.
VN_LETTERS = {"K": "Tg", "A": "S", "B": "T", "R": "X", "C": "P", "N": "M", "P": "B"}
VN_KIND = {v: k for k, v in VN_LETTERS.items()}
WXF_LETTERS = {"K": "K", "A": "A", "B": "E", "R": "R", "C": "C", "N": "H", "P": "P"}
WXF_KIND = {"K": "K", "A": "A", "E": "B", "B": "B", "R": "R", "C": "C", "H": "N", "N": "N", "P": "P"}
COORD_LETTERS = {"K": "T", "A": "S", "B": "V", "R": "X", "C": "P", "N": "M", "P": "B"}
COORD_KIND = {v: k for k, v in COORD_LETTERS.items()}
WORD_NAMES = {"K": "Tướng", "A": "Sĩ", "B": "Tượng", "R": "Xe", "C": "Pháo", "N": "Mã", "P": "Tốt"}
WORD_KIND = {
    "tướng": "K", "soái": "K", "sĩ": "A", "sỹ": "A", "tượng": "B", "xe": "R", "pháo": "C",
    "mã": "N", "tốt": "P", "binh": "P",
}  # fmt: skip
PIECE_NAMES_EN = {
    "K": "general", "A": "advisor", "B": "elephant", "N": "horse", "R": "chariot",
    "C": "cannon", "P": "soldier",
}  # fmt: skip

ADVANCE, RETREAT, SIDEWAYS = "+", "-", "="
VN_DIRS = {".": ADVANCE, "/": RETREAT, "-": SIDEWAYS}
ASIAN_DIRS = {"+": ADVANCE, ".": RETREAT, "=": SIDEWAYS}
WXF_DIRS = {"+": ADVANCE, "-": RETREAT, "=": SIDEWAYS, ".": SIDEWAYS}
WORD_DIRS = {"tiến": ADVANCE, "thoái": RETREAT, "lui": RETREAT, "bình": SIDEWAYS}
DIR_WRITE = {
    "vn": {ADVANCE: ".", RETREAT: "/", SIDEWAYS: "-"},
    "asian": {ADVANCE: "+", RETREAT: ".", SIDEWAYS: "="},
    "wxf": {ADVANCE: "+", RETREAT: "-", SIDEWAYS: "="},
    "vn-words": {ADVANCE: "tiến", RETREAT: "thoái", SIDEWAYS: "bình"},
}
WORD_MARKERS = {"trước": "t", "sau": "s", "giữa": "g"}
MARKER_WORDS = {"t": "trước", "s": "sau", "g": "giữa"}

_ICCS = re.compile(r"^([a-iA-I])([0-9])-?([a-iA-I])([0-9])$")
_VN_HEAD = re.compile(r"^(Tg|[SXTPMB])([1-9])?([ts]|g[2-4]?)?$")
_WXF_HEADS = (
    re.compile(r"^(?P<letter>[KAERCHPBN])(?P<file>[1-9])?(?P<mark>\+\+|--|[+-])?$"),
    re.compile(r"^(?P<mark>\+\+|--|[+-])(?P<letter>[KAERCHPBN])(?P<file>[1-9])?$"),
    re.compile(r"^(?P<mark>\+\+|--)$"),
    re.compile(r"^(?P<file>[1-9])(?P<mark>[+-]|[1-9])$"),
)
_COORD = re.compile(r"^([TSVXPMB])([a-i])?([0-9])?[x:]?([a-i])([0-9])$")
_WORD_MOVE = re.compile(
    r"^(?P<piece>\w+)(?:\s+(?P<file>[1-9]))?(?:\s+(?P<mark>trước|sau|giữa)(?:\s+(?P<nth>[2-4]))?)?"
    r"\s+(?P<dir>tiến|thoái|lui|bình)\s+(?P<arg>[1-9])$"
)


# ----------------------------------------------------------------- geometry helpers
def file_number(file: int, side: str) -> int:
    """Điều 11.2a: files 1-9 counted from each player's own right."""
    return 9 - file if side == "w" else file + 1


def file_index(number: int, side: str) -> int:
    return 9 - number if side == "w" else number - 1


def forward(side: str) -> int:
    return 1 if side == "w" else -1


def square_name(square: tuple[int, int]) -> str:
    return f"{FILE_LETTERS[square[0]]}{square[1]}"


def _letter(kind: str, side: str) -> str:
    return kind if side == "w" else kind.lower()


def _front_first(squares: list[tuple[int, int]], side: str) -> list[tuple[int, int]]:
    return sorted(squares, key=lambda sq: -sq[1] * forward(side))


def _on_file(pos: Position, letter: str, f: int, side: str) -> list[tuple[int, int]]:
    """Squares of ``letter`` on file ``f``, front first."""
    found = [sq for sq in pos.squares_of(letter) if sq[0] == f]  # sorted by rank
    return found[::-1] if side == "w" else found


def _on_file_groups(pos: Position, kind: str, side: str) -> dict[int, list[tuple[int, int]]]:
    groups: dict[int, list[tuple[int, int]]] = {}
    for sq in pos.squares_of(_letter(kind, side)):
        groups.setdefault(sq[0], []).append(sq)
    return {f: _front_first(sqs, side) for f, sqs in groups.items()}


def _target(kind: str, side: str, square: tuple[int, int], direction: str,
            arg: int) -> tuple[int, int] | None:
    """Destination of a relative move (Điều 11.2a), or None when it cannot be on the board."""
    f, r = square
    if kind in STRAIGHT:
        if direction == SIDEWAYS:
            tf = file_index(arg, side)
            return None if tf == f else (tf, r)
        tr = r + arg * forward(side) * (1 if direction == ADVANCE else -1)
        return (f, tr) if 0 <= tr <= 9 else None
    if direction == SIDEWAYS:
        return None
    tf = file_index(arg, side)
    df = abs(tf - f)
    if kind == "A":
        dr = 1 if df == 1 else 0
    elif kind == "B":
        dr = 2 if df == 2 else 0
    else:  # horse
        dr = {1: 2, 2: 1}.get(df, 0)
    if not dr:
        return None
    tr = r + dr * forward(side) * (1 if direction == ADVANCE else -1)
    return (tf, tr) if 0 <= tr <= 9 else None


def _illegal(reason_code: str, text: str, extra: str = "") -> NotationError:
    return NotationError(
        "illegal",
        REASONS_EN.get(reason_code, reason_code) + extra,
        reason_vi=REASONS.get(reason_code, reason_code),
        illegal_code=reason_code,
        text=text,
    )


def _unreadable(text: str, fmt: str, hint: str = "") -> NotationError:
    return NotationError("unreadable", f"not a move in {fmt} notation{hint}", text=text)


# ----------------------------------------------------------------- designators
# A relative move names its piece by (file number or None, marker or None). Markers, in a
# format-independent form: "t" front, "s" rear, "g" middle of three (or five), "g2".."g4" the
# n-th from the front, "++" foremost / "--" rearmost (WXF, 4-5 pawns), "+" / "-" WXF second
# foremost / rearmost (front / rear when two or three), "m" WXF middle (file number twice).
def _marker_index(marker: str, count: int) -> int | None:
    """Index (front first) of the piece a marker names among ``count`` on a file, or None."""
    if count < 2:
        return None
    if marker in ("t", "++"):
        return 0
    if marker in ("s", "--"):
        return count - 1
    if marker == "+":
        return 0 if count <= 3 else 1
    if marker == "-":
        return count - 1 if count <= 3 else count - 2
    if marker in ("g", "m"):
        return count // 2 if count % 2 else None
    if marker[0] == "g":
        nth = int(marker[1:]) - 1
        return nth if 0 < nth < count - 1 else None
    return None


def _resolve(
    pos: Position,
    kind: str,
    file_no: int | None,
    marker: str | None,
    direction: str,
    arg: int,
    text: str,
    *,
    wxf_plain_file: bool = False,
) -> Move:
    """Find the one legal move a relative (Điều 11.2) description designates."""
    side = pos.turn
    name = PIECE_NAMES_EN[kind]
    if file_no is not None:
        f = file_index(file_no, side)
        groups = {f: _on_file(pos, _letter(kind, side), f, side)}
        if not groups[f]:
            raise NotationError("no_piece", f"no {name} on file {file_no}", text=text)
        files = [f]
        if marker is None and len(groups[f]) == 1:  # the usual case: one piece on the file
            return _resolved(pos, kind, side, groups[f], direction, arg, text, name)
    else:
        groups = _on_file_groups(pos, kind, side)
        if not groups:
            raise NotationError("no_piece", f"no {name} of the side to move", text=text)
        files = [f for f, sqs in groups.items() if marker is None or len(sqs) >= 2]
        if not files:
            raise NotationError(
                "no_piece", f"marker {marker!r} but no two {name}s on one file", text=text
            )
    candidates: list[tuple[int, int]] = []
    for f in files:
        on_file = groups[f]
        if marker is None and wxf_plain_file and kind == "P" and len(on_file) in (3, 5):
            candidates.append(on_file[len(on_file) // 2])  # WXF: "P3" is the middle pawn
        elif marker is None or marker == "m" and len(on_file) == 1:
            candidates.extend(on_file)
        else:
            index = _marker_index(marker, len(on_file))
            if index is None:
                if file_no is not None:
                    raise NotationError(
                        "no_piece",
                        f"marker {marker!r} does not fit {len(on_file)} {name}(s) on file {file_no}",
                        text=text,
                    )
                continue
            candidates.append(on_file[index])
    if not candidates:
        raise NotationError("no_piece", f"marker {marker!r} fits no {name}", text=text)
    return _resolved(pos, kind, side, candidates, direction, arg, text, name)


def _resolved(pos: Position, kind: str, side: str, candidates: list[tuple[int, int]],
              direction: str, arg: int, text: str, name: str) -> Move:
    """The one legal move among the candidate pieces' readings of the written move."""
    legal: list[Move] = []
    first_reason = None
    for sq in candidates:
        target = _target(kind, side, sq, direction, arg)
        if target is None:
            first_reason = first_reason or ("bad_geometry", sq)
            continue
        move = Move(sq[0], sq[1], target[0], target[1])
        reason = pos.illegal_reason(move)
        if reason is None:
            legal.append(move)
        elif first_reason is None:
            first_reason = (reason, sq)
    if len(legal) == 1:
        return legal[0]
    if legal:
        squares = [square_name(m.from_square) for m in legal]
        raise NotationError(
            "ambiguous",
            f"{len(legal)} {name}s can make this move: {', '.join(squares)}",
            candidates=squares,
            text=text,
        )
    reason, sq = first_reason  # type: ignore[misc]
    raise _illegal(reason, text, f" ({name} on {square_name(sq)})")


# ----------------------------------------------------------------- readers
def _split_tail(text: str) -> tuple[str, str, int] | None:
    if len(text) < 3 or not text[-1].isdigit() or text[-1] == "0":
        return None
    return text[:-2], text[-2], int(text[-1])


def _read_vn(pos: Position, text: str, dirs: dict[str, str], fmt: str) -> Move:
    parts = _split_tail(text)
    m = _VN_HEAD.match(parts[0]) if parts and parts[1] in dirs else None
    if not m:
        return _read_fallback(pos, text, fmt)
    assert parts is not None  # m was read from them
    kind = VN_KIND[m.group(1)]
    file_no = int(m.group(2)) if m.group(2) else None
    return _resolve(pos, kind, file_no, m.group(3), dirs[parts[1]], parts[2], text)


def _read_wxf(pos: Position, text: str) -> Move:
    parts = _split_tail(text)
    if parts and parts[1] in WXF_DIRS:
        for pattern in _WXF_HEADS:
            m = pattern.match(parts[0])
            if m:
                break
    else:
        m = None
    if not m:
        return _read_fallback(pos, text, "wxf")
    assert parts is not None  # m was read from them
    found = m.groupdict()
    kind = WXF_KIND[found["letter"]] if found.get("letter") else "P"
    file_no = int(found["file"]) if found.get("file") else None
    mark = found.get("mark")
    if mark and mark.isdigit():
        if int(mark) != file_no:
            raise _unreadable(text, "wxf", " (middle pawn: the file number twice, e.g. 33.4)")
        mark = "m"
    direction = WXF_DIRS[parts[1]]
    return _resolve(pos, kind, file_no, mark, direction, parts[2], text, wxf_plain_file=True)


def _read_words(pos: Position, text: str) -> Move:
    m = _WORD_MOVE.match(" ".join(unicodedata.normalize("NFC", text).split()).lower())
    kind = WORD_KIND.get(m.group("piece")) if m else None
    if not kind:
        return _read_fallback(pos, text, "vn-words")
    assert m is not None  # kind was read from it
    mark = WORD_MARKERS.get(m.group("mark") or "")
    if mark == "g" and m.group("nth"):
        mark = f"g{m.group('nth')}"
    file_no = int(m.group("file")) if m.group("file") else None
    direction = WORD_DIRS[m.group("dir")]
    return _resolve(pos, kind, file_no, mark, direction, int(m.group("arg")), text)


def _read_coord(pos: Position, text: str) -> Move:
    """Phụ lục 3: piece letter, optional origin file/rank, destination square."""
    m = _COORD.match(text)
    if not m:
        return _read_fallback(pos, text, "coord")
    kind = COORD_KIND[m.group(1)]
    dest = (FILE_LETTERS.index(m.group(4)), int(m.group(5)))
    from_file = FILE_LETTERS.index(m.group(2)) if m.group(2) else None
    from_rank = int(m.group(3)) if m.group(3) else None
    side = pos.turn
    squares = [
        sq
        for sq in pos.squares_of(_letter(kind, side))
        if (from_file is None or sq[0] == from_file) and (from_rank is None or sq[1] == from_rank)
    ]
    name = PIECE_NAMES_EN[kind]
    if not squares:
        raise NotationError("no_piece", f"no {name} that fits {text!r}", text=text)
    legal: list[Move] = []
    first_reason: tuple[str, tuple[int, int]] | None = None
    for sq in squares:
        move = Move(sq[0], sq[1], dest[0], dest[1]) if sq != dest else None
        reason = pos.illegal_reason(move) if move else "bad_geometry"
        if move is not None and reason is None:
            legal.append(move)
        elif first_reason is None:
            first_reason = (reason or "bad_geometry", sq)  # (no move: bad_geometry)
    if len(legal) == 1:
        return legal[0]
    if legal:
        names = [square_name(mv.from_square) for mv in legal]
        raise NotationError(
            "ambiguous",
            f"{len(legal)} {name}s can go to {square_name(dest)}: {', '.join(names)}",
            candidates=names,
            text=text,
        )
    assert first_reason is not None  # squares were tried and none was legal
    raise _illegal(first_reason[0], text, f" ({name} on {square_name(first_reason[1])})")


_ICCS_MOVES: dict[str, Move] = {}


def _iccs_move(text: str) -> Move | None:
    """``Move`` of a plain lower-case ICCS string, cached (validation reads millions)."""
    move = _ICCS_MOVES.get(text)
    if move is None:
        m = _ICCS.match(text)
        if not m:
            return None
        a, r1, b, r2 = m.groups()
        move = Move(FILE_LETTERS.index(a.lower()), int(r1), FILE_LETTERS.index(b.lower()),
                    int(r2))
        if len(_ICCS_MOVES) < 20000:
            _ICCS_MOVES[text] = move
    return move


def _read_iccs(pos: Position, text: str) -> Move:
    move = _iccs_move(text)
    if move is None:
        raise _unreadable(text, "iccs", " (expected e.g. h2e2 or h2-e2)")
    reason = pos.illegal_reason(move)
    if reason == "no_piece":
        raise NotationError("no_piece", f"no piece on {text[:2].lower()}", text=text)
    if reason is not None:
        raise _illegal(reason, text)
    return move


def _read_fallback(pos: Position, text: str, fmt: str) -> Move:
    """Score sheets mix in ICCS coordinates; anything else is unreadable."""
    if _ICCS.match(text):
        return _read_iccs(pos, text)
    raise _unreadable(text, fmt)


def read_move(pos: Position, text: str, fmt: str) -> Move:
    """The legal move that ``text`` (one move in notation ``fmt``, without surrounding blanks)
    designates in ``pos``; raises :class:`NotationError` (without ply: see parse_moves)."""
    if fmt == "iccs":
        return _read_iccs(pos, text)
    if fmt == "vn":
        return _read_vn(pos, text, VN_DIRS, fmt)
    if fmt == "asian":
        return _read_vn(pos, text, ASIAN_DIRS, fmt)
    if fmt == "wxf":
        return _read_wxf(pos, text)
    if fmt == "coord":
        return _read_coord(pos, text)
    if fmt == "vn-words":
        return _read_words(pos, text)
    raise ValueError(f"unknown xiangqi notation {fmt!r} (use one of {', '.join(FORMATS)})")


# ----------------------------------------------------------------- writers
def _designator(pos: Position, move: Move, kind: str, side: str) -> tuple[int, str | None, bool]:
    """(file number, marker, another file also holds several such pieces)."""
    f, r = move[0], move[1]
    # Advisors and elephants: the direction already tells which of two on a file moves, so the
    # file number is written (as WXF and the traditional score sheets do).
    if kind in ("A", "B", "K"):
        return file_number(f, side), None, False
    letter = pos.piece_at(f, r)
    assert letter is not None  # the move starts on a piece
    if sum(1 for sq in pos.squares_of(letter) if sq[0] == f) == 1:
        return file_number(f, side), None, False  # the usual case, without sorting groups
    groups = _on_file_groups(pos, kind, side)
    on_file = groups[f]
    count = len(on_file)
    index = on_file.index((f, r))
    several = any(len(sqs) >= 2 for g, sqs in groups.items() if g != f)
    if index == 0:
        marker = "t"
    elif index == count - 1:
        marker = "s"
    elif count == 3:
        marker = "g"
    else:
        marker = f"g{index + 1}"
    return file_number(f, side), marker, several


def _relative(move: Move, kind: str, side: str) -> tuple[str, int]:
    f, r, tf, tr = move
    if tf != f and kind in STRAIGHT:
        return SIDEWAYS, file_number(tf, side)
    direction = ADVANCE if (tr - r) * forward(side) > 0 else RETREAT
    if kind in STRAIGHT:
        return direction, abs(tr - r)
    return direction, file_number(tf, side)


def _piece_of(pos: Position, move: Move) -> tuple[str, str]:
    letter = pos.piece_at(move[0], move[1])
    if letter is None:
        raise NotationError("no_piece", f"no piece on {square_name(move.from_square)}",
                            text=move.iccs())
    return letter.upper(), ("w" if letter.isupper() else "b")


def _write_vn(pos: Position, move: Move, fmt: str) -> str:
    kind, side = _piece_of(pos, move)
    file_no, marker, several = _designator(pos, move, kind, side)
    direction, arg = _relative(move, kind, side)
    sign = DIR_WRITE[fmt][direction]
    if fmt == "vn-words":
        head = WORD_NAMES[kind]
        if marker is None or several:
            head += f" {file_no}"
        if marker:
            head += f" {MARKER_WORDS[marker[0]]}" + (f" {marker[1:]}" if marker[1:] else "")
        return f"{head} {sign} {arg}"
    head = VN_LETTERS[kind]
    if marker is None:
        head += str(file_no)
    else:
        head += (str(file_no) if several else "") + marker
    return f"{head}{sign}{arg}"


_WXF_MARKS = {2: ("+", "-"), 3: ("+", None, "-"), 4: ("++", "+", "-", "--"),
              5: ("++", "+", None, "-", "--")}  # fmt: skip


def _write_wxf(pos: Position, move: Move) -> str:
    """WXF/AXF notation (wxf.org): tandem markers after the letter (``C+=5``); pawns: three on
    a file ``P+ P3 P-``, four ``++ P+ P- --``, five ``++ P+ P3 P- --``; pawns tandem on two
    files: the file replaces the letter (``3+``, ``33``, ``3-``)."""
    kind, side = _piece_of(pos, move)
    file_no, marker, several = _designator(pos, move, kind, side)
    direction, arg = _relative(move, kind, side)
    letter = WXF_LETTERS[kind]
    tail = f"{DIR_WRITE['wxf'][direction]}{arg}"
    on_file = _on_file_groups(pos, kind, side)[move[0]] if marker else []
    if marker is None or not any(
        _target(kind, side, sq, direction, arg) for sq in on_file if sq != move.from_square
    ):
        # No other piece on the file could even make this written move on the board: the
        # plain file number is unambiguous (the convention of the federation's WXF records).
        return f"{letter}{file_no}{tail}"
    mark = _WXF_MARKS[len(on_file)][on_file.index(move.from_square)]
    if several:  # pawns tandem on two files
        return f"{file_no}{mark or file_no}{tail}"
    if mark is None:
        return f"{letter}{file_no}{tail}"
    if mark in ("++", "--"):
        return f"{mark}{tail}"
    return f"{letter}{mark}{tail}"


def _write_coord(pos: Position, move: Move) -> str:
    """Phụ lục 3: destination; origin file, else rank, when another such piece could go there."""
    kind, side = _piece_of(pos, move)
    f, r, tf, tr = move
    rivals = [
        sq
        for sq in pos.squares_of(_letter(kind, side))
        if sq != (f, r) and sq != (tf, tr) and pos.illegal_reason(Move(sq[0], sq[1], tf, tr)) is None
    ]
    origin = ""
    if rivals:
        if all(sq[0] != f for sq in rivals):
            origin = FILE_LETTERS[f]
        elif all(sq[1] != r for sq in rivals):
            origin = str(r)
        else:
            origin = f"{FILE_LETTERS[f]}{r}"
    return f"{COORD_LETTERS[kind]}{origin}{FILE_LETTERS[tf]}{tr}"


def write_move(pos: Position, move: Move, fmt: str) -> str:
    """``move`` (legal in ``pos``) written in notation ``fmt``."""
    if fmt == "iccs":
        return move.iccs()
    if fmt in ("vn", "asian", "vn-words"):
        return _write_vn(pos, move, fmt)
    if fmt == "wxf":
        return _write_wxf(pos, move)
    if fmt == "coord":
        return _write_coord(pos, move)
    raise ValueError(f"unknown xiangqi notation {fmt!r} (use one of {', '.join(FORMATS)})")


# ----------------------------------------------------------------- format detection
_DETECT = {
    "iccs": _ICCS,
    "vn": re.compile(r"^(Tg|[SXTPMB])[1-9]?([ts]|g[2-4]?)?[./-][1-9]$"),
    "asian": re.compile(r"^(Tg|[SXTPMB])[1-9]?([ts]|g[2-4]?)?[+.=][1-9]$"),
    "wxf": re.compile(r"^([+-]{0,2}[KAERCHPBN]?[1-9]?[+-]{0,2}|[1-9][1-9+-])[+\-=.][1-9]$"),
    "coord": _COORD,
}
DETECT_ORDER = ("vn", "wxf", "asian", "coord", "iccs")


def detect_format(tokens: Iterable[str]) -> str:
    """The notation a list of xiangqi moves is written in (ICCS moves may be mixed in)."""
    tokens = [t for t in tokens]
    if any(t.split()[0].lower() in WORD_KIND for t in tokens[:8] if t.strip()):
        return "vn-words"
    possible = set(DETECT_ORDER)
    for t in tokens:
        if _ICCS.match(t):
            continue
        fits = {fmt for fmt in possible if _DETECT[fmt].match(t)}
        if fits:
            possible = fits
        if len(possible) == 1:
            break
    if all(_ICCS.match(t) for t in tokens):
        return "iccs"
    for fmt in DETECT_ORDER:
        if fmt in possible:
            return fmt
    return "iccs"


# ----------------------------------------------------------------- move lists
def group_word_moves(tokens: list[Token]) -> list[Token]:
    """Join the words of ``vn-words`` moves ("Pháo", "2", "bình", "5") into one token each."""
    grouped: list[Token] = []
    current: list[str] = []
    line = 0
    expect_arg = False
    for token in tokens:
        if not current:
            line = token.line
        current.append(token.text)
        if expect_arg:
            grouped.append(Token(" ".join(current), line))
            current, expect_arg = [], False
        elif token.text.lower() in WORD_DIRS:
            expect_arg = True
    if current:
        grouped.append(Token(" ".join(current), line))
    return grouped


def tokens_of(moves: str | Iterable[str] | Iterable[Token], fmt: str | None) -> list[Token]:
    if isinstance(moves, str):
        tokens = split_movetext(moves).tokens
    else:
        tokens = [m if isinstance(m, Token) else Token(str(m), 0) for m in moves]
    if fmt == "vn-words" or fmt is None and detect_format(t.text for t in tokens) == "vn-words":
        tokens = group_word_moves(tokens)
    return tokens


def parse_moves(
    moves: str | Iterable[str], fmt: str | None = None, start_fen: str | None = None
) -> list[Move]:
    """Moves of a xiangqi game written in ``fmt`` (auto-detected when None).

    Raises :class:`NotationError` at the first move that cannot be read or played, with its
    ply, move number and side.
    """
    tokens = tokens_of(moves, fmt)
    fmt = fmt or detect_format(t.text for t in tokens)
    pos = Position.from_fen(start_fen or START_FEN)
    first_side, first_number = pos.turn, pos.fullmove
    result = []
    for i, token in enumerate(tokens):
        try:
            move = read_move(pos, token.text, fmt)
        except NotationError as error:
            number, side = move_number_of(i, first_side, first_number)
            raise error.at(i + 1, number, side, token.text) from None
        pos.push(move)
        result.append(move)
    return result


def write_moves(
    moves: Iterable[Move], fmt: str, start_fen: str | None = None, *, numbered: bool = True
) -> str:
    """``moves`` (legal from ``start_fen``) written in ``fmt``, with move numbers by default."""
    pos = Position.from_fen(start_fen or START_FEN)
    first_side, first_number = pos.turn, pos.fullmove
    out: list[str] = []
    for i, move in enumerate(moves):
        reason = pos.illegal_reason(move)
        if reason is not None:
            number, side = move_number_of(i, first_side, first_number)
            raise _illegal(reason, move.iccs()).at(i + 1, number, side)
        text = write_move(pos, move, fmt)
        if numbered and (pos.turn == "w" or not out):
            text = f"{pos.fullmove}{'.' if pos.turn == 'w' else '...'} {text}"
        out.append(text)
        pos.push(move)
    return " ".join(out)


def convert(moves: str | Iterable[str], from_fmt: str | None, to_fmt: str,
            start_fen: str | None = None, *, numbered: bool = True) -> str:
    """Rewrite a xiangqi move list from one notation into another."""
    return write_moves(parse_moves(moves, from_fmt, start_fen), to_fmt, start_fen,
                       numbered=numbered)
