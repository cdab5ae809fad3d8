"""XQF, the binary game file of XQStudio (issue 29): read in versions 1.0-1.8, encrypted or
not; written as version 1.0 (unencrypted: every reader takes it) or, on request, 1.8.

The layout, as XQStudio's own reader/writer (``XQFRW.pas``) is described by open-source
readers (written here from that description, no code copied):

* A 1024-byte header. ``XQ``; the version byte (10 = 1.0 ... 18 = 1.8); from 1.1 on, the keys
  at bytes 3-15 (KeyMask, a 4-byte product id, KeyOrA-D, KeysSum, KeyXY, KeyXYf, KeyXYt; the
  last four sum to 0 mod 256). Bytes 16-47: the 32 pieces' squares in the order Red R N B A K
  A B N R C C P P P P P, then Black's; a square is ``10 × file + rank`` from Red's lower left
  (ICCS's files and ranks), above 89 = not on the board. Byte 50: who moves first (0 Red,
  1 Black); 51: the result (0 unknown, 1 Red wins, 2 Black wins, 3 or 4 draw); 64: the kind
  of game (0 whole game, 1 opening, 2 middle game, 3 ending). Pascal strings (a length byte,
  then GBK text): :data:`STRINGS`.
* The move tree from byte 1024, in pre-order: a root record (its comment is the game's), then
  each move as 4 bytes (from square + 0x18, to square + 0x20, flags, reserved) and its comment.
  Version 1.0: flags & 0xF0 = a next move follows, & 0x0F = a variation; every record is
  followed by a 4-byte comment length. Later versions: flags 0x80 next, 0x40 variation,
  0x20 comment (only then the 4-byte length, increased by KeyRMKSize).
* Encryption (versions 1.1+): KeyXY' = (54·KeyXY² + 221)·KeyXY, KeyXYf' = (54·KeyXYf² +
  221)·KeyXY', KeyXYt' = (54·KeyXYt² + 221)·KeyXYf' (bytes); KeyRMKSize = (KeysSum·256 +
  KeyXY) mod 32000 + 767. Piece squares are stored + KeyXY' and, from 1.2 on, rotated by
  KeyXY' + 1 places; move squares + KeyXYf' / KeyXYt'. Every byte after the header is stored
  + F32[offset mod 32], F32[i] = "[(C) Copyright Mr. Dong Shiwei.]"[i] AND
  ((key_i AND KeyMask) OR KeyOr_i), key_i = KeysSum, KeyXY, KeyXYf, KeyXYt for i mod 4.

Only the main line is read (variations are counted, not kept), and comments are skipped but
for the game's own, where the writer keeps what the header could not hold (:data:`STRINGS`
gives 15 bytes to a player's name: longer names are cut there and written whole in the game's
comment as ``[Red "…"]`` lines, which this reader puts back).
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field

from chessrules.xiangqi import START_FEN, Move, Position

HEADER_SIZE = 1024
SIGNATURE = b"XQ"
PLAIN_VERSION = 10  # 1.0: nothing encrypted
NEWEST_VERSION = 18  # 1.8, the last version described
ENCODING = "gb18030"  # GBK's superset: Chinese text is GBK's bytes, any other letter fits too
PIECE_KINDS = "RNBAKABNRCCPPPPP"
KEY_SEED = b"[(C) Copyright Mr. Dong Shiwei.]"
SOURCE_BIAS, TARGET_BIAS = 0x18, 0x20
OFF_BOARD = 0xFF
#: the header's Pascal strings: name -> (offset of the length byte, bytes the text may take)
STRINGS = {"Title": (80, 63), "Event": (208, 63), "Date": (272, 15), "Site": (288, 15),
           "Red": (304, 15), "Black": (320, 15), "Opening": (336, 63),
           "Commentator": (464, 15), "Author": (480, 15)}
WHO_MOVES, RESULT, GAME_KIND = 50, 51, 64
RESULTS = {0: "*", 1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1/2-1/2"}
RESULT_BYTES = {"1-0": 1, "0-1": 2, "1/2-1/2": 3}
#: header string -> the PGN tag it is read into (Title stands for Event when Event is empty)
PGN_TAGS = {"Event": "Event", "Site": "Site", "Red": "White", "Black": "Black"}
NEXT, VARIATION, COMMENT = 0x80, 0x40, 0x20
#: the keys (bytes 3-15) of a 1.8 file this writer makes: KeysSum + KeyXY + KeyXYf + KeyXYt
#: = 0 mod 256, as XQStudio checks
DEFAULT_KEYS = bytes([0xB7, 0, 0, 0, 0, 0x25, 0x4A, 0x93, 0x0C,
                      (-(0x5D + 0xC2 + 0x38)) & 0xFF, 0x5D, 0xC2, 0x38])
TEXT_OPEN, TEXT_CLOSE = "[XQF]", "[/XQF]"
_FULL_VALUE = re.compile(r'^\[(Event|Site|Red|Black) "(.*)"\]$', re.M)


class XqfError(ValueError):
    """An XQF file that cannot be read: ``code``, the ``field`` (header field or ``moves``),
    the ``ply`` (1-based) for a move, ``reason`` in English, ``reason_vi`` in Vietnamese."""

    def __init__(self, code: str, field: str, reason: str, reason_vi: str,
                 ply: int | None = None, **params: object) -> None:
        where = "game 1" + (f", ply {ply}" if ply else "") + f", XQF {field}"
        super().__init__(f"{where}: {reason}")
        self.code, self.field, self.ply, self.params = code, field, ply, params
        self.reason, self.reason_vi = reason, reason_vi
        self.game_number, self.line = 1, None

    @property
    def message_vi(self) -> str:
        ply = f", nước thứ {self.ply}" if self.ply else ""
        return f"Ván 1{ply}, trường {self.field} của tệp XQF: {self.reason_vi}"


@dataclass
class XqfGame:
    """One XQF game: PGN tags, start FEN (None: the initial position), the main line, how
    many variations were left out, the version read and the game's comment."""

    version: int
    headers: dict[str, str] = field(default_factory=dict)
    start_fen: str | None = None
    moves: list[Move] = field(default_factory=list)
    variations: int = 0
    comment: str = ""


@dataclass(frozen=True)
class Keys:
    """What a file's keys make of its bytes (all nought for 1.0)."""

    pieces: int = 0
    source: int = 0
    target: int = 0
    comment: int = 0
    stream: bytes = bytes(32)

    @classmethod
    def of(cls, version: int, raw: bytes) -> Keys:
        """The keys of a header's bytes 3-15 (``raw``)."""
        if version <= PLAIN_VERSION:
            return cls()
        mask, ors, (total, xy, xyf, xyt) = raw[0], raw[5:9], raw[9:13]
        pieces = _scramble(xy, xy)
        source = _scramble(xyf, pieces)
        target = _scramble(xyt, source)
        masks = [(key & mask) | extra for key, extra in zip((total, xy, xyf, xyt), ors,
                                                              strict=True)]
        stream = bytes(c & masks[i % 4] for i, c in enumerate(KEY_SEED))
        return cls(pieces, source, target, (total * 256 + xy) % 32000 + 767, stream)


def _scramble(key: int, factor: int) -> int:
    return (54 * key * key + 221) * factor & 0xFF


def _shift(data: bytes, stream: bytes, sign: int) -> bytes:
    """``data`` (the bytes after the header) plus or minus the key stream, byte by byte."""
    if not any(stream):
        return data
    out = bytearray(data)
    for index, key in enumerate(stream):
        table = bytes((value + sign * key) & 0xFF for value in range(256))
        out[index::32] = data[index::32].translate(table)
    return bytes(out)


# ------------------------------------------------------------------------------ reading
def is_xqf(data: bytes, name: str = "") -> bool:
    """Whether an uploaded file is XQF: named ``*.xqf``, or starting ``XQ`` + a version byte."""
    if name.lower().endswith(".xqf"):
        return True
    return len(data) > 2 and data[:2] == SIGNATURE and 0 < data[2] < 0x20


def read_xqf(data: bytes) -> XqfGame:
    """The game of an XQF file; raises :class:`XqfError` naming the field (and the ply)."""
    if len(data) < HEADER_SIZE:
        raise XqfError("short", "header", f"{len(data)} bytes, shorter than the 1024-byte header",
                       f"tệp chỉ có {len(data)} byte, ngắn hơn phần đầu 1024 byte.", size=len(data))
    if data[:2] != SIGNATURE:
        raise XqfError("signature", "Signature", "not an XQF file (it does not start with XQ)",
                       "không phải tệp XQF (không bắt đầu bằng XQ).")
    version = data[2]
    if version > NEWEST_VERSION:
        raise XqfError("version", "Version", f"version {version // 10}.{version % 10} is newer "
                       "than 1.8", f"phiên bản {version // 10}.{version % 10} mới hơn 1.8, "
                       "chưa đọc được.", version=f"{version // 10}.{version % 10}")
    keys = Keys.of(version, data[3:16])
    game = XqfGame(version, headers=_headers(data))
    board = _board(data, version, keys)
    reader = _Moves(_shift(data[HEADER_SIZE:], keys.stream, -1), version, keys)
    game.comment, game.moves, game.variations = reader.main_line()
    _restore_full_values(game)
    turn = "b" if data[WHO_MOVES] == 1 else "w"
    if game.moves:
        first = board.get(game.moves[0].from_square)
        turn = ("w" if first.isupper() else "b") if first else turn
    fen = _fen(board, turn)
    if fen.split()[:2] != START_FEN.split()[:2]:
        game.start_fen = fen
    return game


def _headers(data: bytes) -> dict[str, str]:
    texts = {name: _text(data, name) for name in STRINGS}
    headers = {tag: texts[name] for name, tag in PGN_TAGS.items() if texts[name]}
    if not headers.get("Event") and texts["Title"]:
        headers["Event"] = texts["Title"]
    date = _pgn_date(texts["Date"])
    if date:
        headers["Date"] = date
    result = data[RESULT]
    if result not in RESULTS:
        raise XqfError("result", "Result", f"result byte {result} (0-4 expected)",
                       f"kết quả mã {result} không có nghĩa (chỉ 0-4).", value=result)
    headers["Result"] = RESULTS[result]
    return headers


def _text(data: bytes, name: str) -> str:
    offset, size = STRINGS[name]
    raw = data[offset + 1: offset + 1 + min(data[offset], size)]
    try:
        return raw.decode(ENCODING).replace("\x00", "").strip()
    except UnicodeDecodeError:
        raise XqfError("encoding", name, "not GBK/GB18030 text",
                       "không đọc được chữ theo mã GBK/GB18030.") from None


def _pgn_date(text: str) -> str | None:
    """A PGN date from the header's free text (``1997年11月16日``, ``2004-05-12``, ``1997``)."""
    parts = re.findall(r"\d+", text)
    if not parts or len(parts[0]) != 4:
        return None
    month = parts[1] if len(parts) > 1 and 1 <= int(parts[1]) <= 12 else None
    day = parts[2] if month and len(parts) > 2 and 1 <= int(parts[2]) <= 31 else None
    return f"{parts[0]}.{month.zfill(2) if month else '??'}.{day.zfill(2) if day else '??'}"


def _board(data: bytes, version: int, keys: Keys) -> dict[tuple[int, int], str]:
    stored = data[16:48]
    placed = list(stored)
    if version >= 12:
        for index, value in enumerate(stored):
            placed[(index + keys.pieces + 1) % 32] = value
    board: dict[tuple[int, int], str] = {}
    for index, value in enumerate(placed):
        square = (value - keys.pieces) & 0xFF
        if square > 89:
            continue
        kind = PIECE_KINDS[index % 16]
        where = (square // 10, square % 10)
        if where in board:
            name = "abcdefghi"[where[0]] + str(where[1])
            raise XqfError("overlap", "PiecePos", f"two pieces on {name}",
                           f"hai quân cùng ở ô {name}.", square=name)
        board[where] = kind if index < 16 else kind.lower()
    return board


def _fen(board: dict[tuple[int, int], str], turn: str) -> str:
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            piece = board.get((file, rank))
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    fen = "/".join(rows) + f" {turn} - - 0 1"
    try:
        Position.from_fen(fen)
    except ValueError as error:
        raise XqfError("placement", "PiecePos", str(error),
                       "thế cờ ban đầu không hợp lệ (Tướng/Soái thiếu, thừa hoặc ngoài cung).",
                       detail=str(error)) from None
    return fen


class _Moves:
    """The records after the header (already decrypted), read one by one."""

    def __init__(self, data: bytes, version: int, keys: Keys) -> None:
        self.data, self.version, self.keys, self.at = data, version, keys, 0

    def main_line(self) -> tuple[str, list[Move], int]:
        """The game's comment, the main line's moves and how many variations branch off it."""
        if len(self.data) < 4:
            return "", [], 0
        flags, comment = self._record(0)[2:]
        moves: list[Move] = []
        variations = 0
        while flags & NEXT:
            ply = len(moves) + 1
            source, target, flags, _skipped = self._record(ply)
            variations += bool(flags & VARIATION)
            moves.append(self._move(ply, source, target))
        return comment, moves, variations

    def _record(self, ply: int) -> tuple[int, int, int, str]:
        if self.at + 4 > len(self.data):
            raise XqfError("truncated", "moves", "the file ends inside the move records",
                           "tệp bị cắt cụt giữa các bản ghi nước đi.", ply=ply)
        source, target, flags = self.data[self.at: self.at + 3]
        self.at += 4
        if self.version <= PLAIN_VERSION:
            flags = (NEXT if flags & 0xF0 else 0) | (VARIATION if flags & 0x0F else 0)
            length = self._length(ply, 0, optional=True)
        else:
            flags &= NEXT | VARIATION | COMMENT
            length = self._length(ply, self.keys.comment) if flags & COMMENT else 0
        text = self.data[self.at: self.at + length]
        self.at += length
        comment = text.decode(ENCODING, errors="replace") if ply == 0 else ""
        source = (source - SOURCE_BIAS - self.keys.source) & 0xFF
        return source, (target - TARGET_BIAS - self.keys.target) & 0xFF, flags, comment

    def _length(self, ply: int, bias: int, optional: bool = False) -> int:
        raw = self.data[self.at: self.at + 4]
        if optional and not raw:  # a 1.0 file may end without the last length
            return 0
        if len(raw) < 4:
            raise XqfError("truncated", "moves", "the file ends inside a comment length",
                           "tệp bị cắt cụt giữa độ dài một lời bình.", ply=ply)
        self.at += 4
        length = int(struct.unpack("<i", raw)[0]) - bias
        if length > len(self.data) - self.at:
            raise XqfError("comment", "moves", f"a comment of {length} bytes runs past the end",
                           f"lời bình dài {length} byte vượt quá cuối tệp.", ply=ply,
                           length=length)
        return max(length, 0)  # a negative length: no comment (as XQStudio reads it)

    @staticmethod
    def _move(ply: int, source: int, target: int) -> Move:
        if source > 89 or target > 89:
            raise XqfError("square", "moves", f"square {max(source, target)} is off the board",
                           f"ô {max(source, target)} nằm ngoài bàn cờ (0-89).", ply=ply,
                           square=max(source, target))
        return Move(source // 10, source % 10, target // 10, target % 10)


def _restore_full_values(game: XqfGame) -> None:
    """Names the header had to cut, whole again from the game's comment (see the module)."""
    for name, value in _FULL_VALUE.findall(game.comment):
        tag = PGN_TAGS[name]
        if value.startswith(game.headers.get(tag, "\0")):
            game.headers[tag] = value


# ------------------------------------------------------------------------------ writing
def write_xqf(headers: dict[str, str], moves: Iterable[Move], start_fen: str | None = None,
              *, version: int = PLAIN_VERSION, keys: bytes = DEFAULT_KEYS) -> bytes:
    """One game as an XQF file: version 1.0 (unencrypted) unless ``version`` says 11-18, then
    encrypted with ``keys`` (bytes 3-15 of the header). ``headers``: PGN tags (Event, Site,
    Date, White, Black, Result). Raises ``ValueError`` for a position XQF cannot hold (more
    pieces of a kind than a side starts with)."""
    if not 1 <= version <= NEWEST_VERSION or len(keys) != 13:
        raise ValueError("version must be 1-18 and keys 13 bytes")
    if version > PLAIN_VERSION and sum(keys[9:13]) % 256:
        raise ValueError("KeysSum + KeyXY + KeyXYf + KeyXYt must be 0 mod 256")
    key = Keys.of(version, keys)
    fen = start_fen or START_FEN
    header = bytearray(HEADER_SIZE)
    header[0:3] = SIGNATURE + bytes([version])
    if version > PLAIN_VERSION:
        header[3:16] = keys
    header[16:48] = _stored_squares(fen, version, key)
    header[WHO_MOVES] = 1 if fen.split()[1:2] == ["b"] else 0
    header[RESULT] = RESULT_BYTES.get(headers.get("Result", ""), 0)
    header[GAME_KIND] = 0 if fen.split()[0] == START_FEN.split()[0] else 2
    comment = _put_strings(header, headers)
    body = _records(list(moves), comment.encode(ENCODING), version, key)
    return bytes(header) + _shift(body, key.stream, 1)


def _stored_squares(fen: str, version: int, key: Keys) -> bytes:
    position = Position.from_fen(fen)
    squares = [OFF_BOARD] * 32
    for offset, case in ((0, str.upper), (16, str.lower)):
        for kind in "RNBAKCP":
            slots = [i for i, k in enumerate(PIECE_KINDS) if k == kind]
            found = sorted(position.squares_of(case(kind)))
            if len(found) > len(slots):
                raise ValueError(f"XQF holds at most {len(slots)} {case(kind)}")
            for slot, (file, rank) in zip(slots, found, strict=False):
                squares[offset + slot] = file * 10 + rank
    shifted = [(value + key.pieces) & 0xFF for value in squares]
    if version < 12:
        return bytes(shifted)
    return bytes(shifted[(index + key.pieces + 1) % 32] for index in range(32))


def _put_strings(header: bytearray, headers: dict[str, str]) -> str:
    """The header's strings; returns the game's comment: the values cut to fit, whole."""
    white, black = headers.get("White", ""), headers.get("Black", "")
    values = {"Event": headers.get("Event", ""), "Site": headers.get("Site", ""),
              "Red": white, "Black": black, "Date": headers.get("Date", ""),
              "Title": headers.get("Event", "")}
    whole = []
    for name, value in values.items():
        value = "" if value in ("?", "????.??.??") else value.strip()
        offset, size = STRINGS[name]
        cut = _fit(value, size)
        header[offset] = len(cut)
        header[offset + 1: offset + 1 + len(cut)] = cut
        if name in PGN_TAGS and len(cut) < len(value.encode(ENCODING)):
            whole.append(f'[{name} "{value}"]')  # read back up to the line's last quote
    return "\n".join(whole)


def _fit(value: str, size: int) -> bytes:
    """``value`` in GB18030, cut at a letter so that it takes at most ``size`` bytes."""
    out = b""
    for letter in value:
        encoded = letter.encode(ENCODING)
        if len(out) + len(encoded) > size:
            break
        out += encoded
    return out


def _records(moves: list[Move], comment: bytes, version: int, key: Keys) -> bytes:
    plain = version <= PLAIN_VERSION
    out = bytearray()
    for index in range(len(moves) + 1):
        follows = index < len(moves)
        if index == 0:
            source = target = 0
        else:
            move = moves[index - 1]
            source, target = move[0] * 10 + move[1], move[2] * 10 + move[3]
        text = comment if index == 0 else b""
        flags = (0xF0 if follows else 0) if plain else \
            (NEXT if follows else 0) | (COMMENT if text else 0)
        out += bytes([(source + SOURCE_BIAS + key.source) & 0xFF,
                      (target + TARGET_BIAS + key.target) & 0xFF, flags,
                      0xFF if plain and index == 0 else 0])
        if plain or text:
            out += struct.pack("<i", len(text) + (0 if plain else key.comment)) + text
    return bytes(out)


# --------------------------------------------------------- the upload's text form
def to_text(data: bytes) -> str:
    """An XQF file as text (base64 between ``[XQF]`` and ``[/XQF]``), as an upload keeps it."""
    body = textwrap.fill(base64.b64encode(data).decode("ascii"), 76)
    return f"{TEXT_OPEN}\n{body}\n{TEXT_CLOSE}\n"


def is_text_form(text: str) -> bool:
    return text.lstrip().startswith(TEXT_OPEN)


def from_text(text: str) -> bytes:
    """The file :func:`to_text` wrote; :class:`XqfError` when the base64 is damaged."""
    body = text.strip().removeprefix(TEXT_OPEN).removesuffix(TEXT_CLOSE)
    try:
        return base64.b64decode("".join(body.split()), validate=True)
    except (binascii.Error, ValueError):
        raise XqfError("base64", TEXT_OPEN, "the base64 text is damaged",
                       "phần base64 của tệp bị hỏng.") from None
