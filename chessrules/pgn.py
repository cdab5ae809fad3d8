"""PGN for chess and xiangqi game records.

Chess PGN is the standard export format (seed 002 appendix E: algebraic notation). Xiangqi
games use the same container with ``[Variant "xiangqi"]`` (also recognised: ``[Game "Chinese
Chess"]``), a ``[FEN]`` tag when the game does not start from the initial position, and moves
written in ICCS or WXF. On reading, the movetext may be in any notation of
:mod:`chessrules.notation.xiangqi` (xiangqi) or SAN / Vietnamese / UCI (chess); problems are
reported with the game number and the line. DhtmlXQ blocks and XQF files (their text form,
:mod:`chessrules.notation.xqf`) are read as xiangqi games with ICCS moves.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

import chess

from chessrules import chess as vn_chess
from chessrules.notation import xiangqi as xq_notation
from chessrules.notation import xiangqi_dialects as xq_dialects
from chessrules.notation import xqf as xq_xqf
from chessrules.notation.errors import NotationError
from chessrules.notation.movetext import MovetextError, Token, split_movetext
from chessrules.validation import DECISION_REASONS, GameReport, validate_game
from chessrules.xiangqi import START_FEN as XIANGQI_START_FEN
from chessrules.xiangqi import Move

_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
XIANGQI_VARIANTS = ("xiangqi", "chinese chess", "cờ tướng", "co tuong")
SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
CHESS960_VARIANTS = ("chess960", "fischerandom", "fischerrandom", "960")


#: ``[Format]`` values (xiangqi files: cchess, xqbase, WXF) -> the notation read
FORMAT_NOTATIONS = {"ICCS": "iccs", "WXF": "wxf", "AXF": "wxf"}
#: xiangqi files name the players Red/Black: read as PGN's White/Black
RED_TAGS = {"Red": "White", "RedElo": "WhiteElo", "RedTeam": "WhiteTeam"}


class PgnError(ValueError):
    """A PGN problem, with the 1-based game number and line of the file (``message_vi``:
    the same in Vietnamese, naming the game, the line and the tag when there is one)."""

    def __init__(self, message: str, game_number: int, line: int,
                 message_vi: str | None = None) -> None:
        super().__init__(f"game {game_number}, line {line}: {message}")
        self.game_number = game_number
        self.line = line
        self.message = message
        self.message_vi = f"Ván {game_number}, dòng {line}: {message_vi or message}"


@dataclass
class PgnGame:
    """One game as read: tags, move tokens (with their lines), and where it is in the file."""

    number: int
    line: int
    headers: dict[str, str] = field(default_factory=dict)
    tokens: list[Token] = field(default_factory=list)
    movetext_result: str | None = None

    @property
    def discipline(self) -> str:
        """Xiangqi for ``[Variant "xiangqi"]``, ``[Game "Chinese Chess"]``, a xiangqi
        ``[Format]`` (ICCS, WXF) or a ``[Red]`` player (issue 29); else chess."""
        variant = self.headers.get("Variant", "").strip().lower()
        game = self.headers.get("Game", "").strip().lower()
        xiangqi = (variant in XIANGQI_VARIANTS or game in XIANGQI_VARIANTS
                   or self.format_notation is not None or "Red" in self.headers)
        return "xiangqi" if xiangqi else "chess"

    @property
    def format_notation(self) -> str | None:
        """The notation a xiangqi ``[Format]`` tag names (``iccs``, ``wxf``), else None."""
        return FORMAT_NOTATIONS.get(self.headers.get("Format", "").strip().upper())

    @property
    def start_fen(self) -> str | None:
        return self.headers.get("FEN") or None

    @property
    def result(self) -> str | None:
        return self.headers.get("Result") or self.movetext_result

    def line_of_ply(self, ply: int) -> int:
        """Line of the ``ply``-th move (1-based), or the game's first line."""
        if 1 <= ply <= len(self.tokens):
            return self.tokens[ply - 1].line
        return self.line

    def validate(self, **options: Any) -> GameReport:
        """:func:`chessrules.validation.validate_game` on this game's moves and tags."""
        # the reason as the export writes it (``DecisionReason``), else a Termination that
        # names one of the reasons (PGN's own words name none of them)
        reason = (self.headers.get("DecisionReason") or self.headers.get("Termination")
                  if "declared_reason" not in options else None)
        options.setdefault("declared_reason", reason if reason in _REASON_CODES else None)
        return validate_game(
            self.discipline,
            self.tokens,
            start_fen=self.start_fen,
            declared_result=self.result,
            **options,
        )


_REASON_CODES = frozenset(DECISION_REASONS)


def _unescape(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def read_pgn(text: str) -> Iterator[PgnGame]:
    """The games of a PGN text, in order (moves are not checked here: see ``validate``).

    Raises :class:`PgnError` for a malformed tag line or movetext (unclosed comment...), and
    :class:`chessrules.notation.xqf.XqfError` for an XQF file (its text form) that cannot be read.
    """
    if "[DhtmlXQ]" in text:
        yield from _dhtmlxq_games(text)
        return
    if xq_xqf.is_text_form(text):
        yield _xqf_game(text)
        return
    lines = text.splitlines()
    number = 0
    game: PgnGame | None = None
    movetext_start: int | None = None
    movetext_end = 0

    def finish() -> PgnGame | None:
        if game is None:
            return None
        if movetext_start is not None:
            chunk = "\n".join(lines[movetext_start - 1 : movetext_end])
            try:
                parsed = split_movetext(chunk, movetext_start)
            except MovetextError as error:
                raise PgnError(str(error).split(": ", 1)[1], game.number, error.line) from None
            game.tokens = parsed.tokens
            game.movetext_result = parsed.result
        _read_dialect(game)
        return game

    for line_no, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if line.startswith("["):
            if game is None or movetext_start is not None:
                done = finish()
                if done is not None:
                    yield done
                number += 1
                game = PgnGame(number=number, line=line_no)
                movetext_start = None
            m = _TAG.match(line)
            if not m:
                raise PgnError(f"malformed tag line {line!r} (expected [Name \"value\"])",
                               number, line_no, f"dòng thẻ sai dạng {line[:60]!r} (cần "
                               f"[Tên \"giá trị\"]).")
            game.headers[m.group(1)] = _unescape(m.group(2))
            continue
        if game is None:
            number += 1
            game = PgnGame(number=number, line=line_no)
        if movetext_start is None:
            movetext_start = line_no
        movetext_end = line_no
    done = finish()
    if done is not None:
        yield done


def chess960_tag(headers: dict[str, str]) -> str | None:
    """The tag that makes a chess game Chess960 (issue 29), else None: ``Variant``
    (Chess960, Fischerandom), or a ``FEN`` whose castling rights name files (Shredder-FEN
    ``HAha``) or whose castling rooks/king are not where standard chess has them."""
    variant = headers.get("Variant", "").strip().lower().replace(" ", "")
    if variant in CHESS960_VARIANTS:
        return "Variant"
    fen = headers.get("FEN", "").strip()
    if not fen or headers.get("SetUp", "1").strip() == "0":
        return None
    fields = fen.split()
    castling = fields[2] if len(fields) > 2 else "-"
    if set(castling) - set("KQkq-"):
        return "FEN"
    try:
        board = chess.Board(fen)
    except ValueError:
        return None  # an unreadable FEN is refused by validation, naming it
    standard = chess.Board()
    for right, rook_square, king_square in (("K", chess.H1, chess.E1), ("Q", chess.A1, chess.E1),
                                            ("k", chess.H8, chess.E8), ("q", chess.A8, chess.E8)):
        if right in castling and (
                board.piece_at(rook_square) != standard.piece_at(rook_square)
                or board.piece_at(king_square) != standard.piece_at(king_square)):
            return "FEN"
    return None


def _read_dialect(game: PgnGame) -> None:
    """A xiangqi game as the other programs write it, in the service's forms: ``[Red]`` as
    ``White``; full-width moves as ASCII; WinBoard SAN as ICCS (up to the first move that
    cannot be read: validation then names it, with its ply)."""
    if game.discipline != "xiangqi":
        return
    for red, white in RED_TAGS.items():
        if red in game.headers and not game.headers.get(white):
            game.headers[white] = game.headers[red]
    tokens = [Token(xq_dialects.ascii_form(t.text), t.line) for t in game.tokens]
    if xq_dialects.is_winboard_san([t.text for t in tokens]):
        read: list[Token] = []
        try:
            read = xq_dialects.san_to_iccs(tokens, game.start_fen)
        except NotationError as error:
            done = (error.ply or 1) - 1
            read = xq_dialects.san_to_iccs(tokens[:done], game.start_fen) + tokens[done:]
        tokens = read
        game.headers["Format"] = "ICCS"
    game.tokens = tokens


def _dhtmlxq_games(text: str) -> Iterator[PgnGame]:
    """The DhtmlXQ (UBB) games of ``text`` as PGN games (ICCS moves)."""
    try:
        games = xq_dialects.read_dhtmlxq(text)
    except xq_dialects.DhtmlXQError as error:
        raise PgnError(str(error).split(": ", 1)[1], error.game, 1,
                       f"thẻ [DhtmlXQ_{error.tag}]: {error.reason_vi}") from None
    for game in games:
        headers = {"Variant": "xiangqi", "Format": "ICCS", **game.headers}
        if game.start_fen:
            headers.update(SetUp="1", FEN=game.start_fen)
        yield PgnGame(number=game.number, line=1, headers=headers,
                      tokens=[Token(move.iccs(), 1) for move in game.moves])


def _xqf_game(text: str) -> PgnGame:
    """An XQF file (kept as :func:`chessrules.notation.xqf.to_text` writes it) as a PGN game
    (ICCS moves, the main line); ``XqfVariations`` counts the variations left out. Raises
    :class:`chessrules.notation.xqf.XqfError` (a ``ValueError`` naming the field and ply)."""
    game = xq_xqf.read_xqf(xq_xqf.from_text(text))
    headers = {"Variant": "xiangqi", "Format": "ICCS", **game.headers}
    if game.start_fen:
        headers.update(SetUp="1", FEN=game.start_fen)
    if game.variations:
        headers["XqfVariations"] = str(game.variations)
    return PgnGame(number=1, line=1, headers=headers,
                   tokens=[Token(move.iccs(), 1) for move in game.moves])


def read_pgn_file(path: str | os.PathLike[str]) -> Iterator[PgnGame]:
    with open(path, encoding="utf-8-sig") as handle:
        yield from read_pgn(handle.read())


def write_pgn(
    moves: str | Iterable[Any],
    *,
    discipline: str = "chess",
    headers: dict[str, str] | None = None,
    start_fen: str | None = None,
    notation: str | None = None,
    result: str | None = None,
) -> str:
    """One game as PGN text.

    ``moves``: move objects (``chessrules.xiangqi.Move`` / ``chess.Move``) or a movetext in any
    accepted notation. ``notation``: ``iccs`` (default) or ``wxf`` (any xiangqi format is
    allowed) for xiangqi, ``san`` (default) for chess (``vn`` and ``uci`` allowed; ``san`` is
    what other PGN readers expect).
    """
    headers = dict(headers or {})
    result = result or headers.get("Result") or "*"
    if discipline == "xiangqi":
        notation = notation or "iccs"
        if isinstance(moves, str) or not all(isinstance(m, Move) for m in moves):
            moves = xq_notation.parse_moves(moves, None, start_fen)
        body = xq_notation.write_moves(cast("Iterable[Move]", moves), notation, start_fen)
        headers.setdefault("Variant", "xiangqi")
        standard = XIANGQI_START_FEN
    elif discipline == "chess":
        notation = notation or "san"
        if isinstance(moves, str) or not all(isinstance(m, chess.Move) for m in moves):
            moves = vn_chess.parse_moves(moves, start_fen)
        body = vn_chess.write_moves(cast("Iterable[chess.Move]", moves), notation, start_fen)
        standard = chess.STARTING_FEN
    else:
        raise ValueError(f"unknown discipline {discipline!r}: use 'xiangqi' or 'chess'")
    if start_fen and start_fen.split()[:2] != standard.split()[:2]:
        headers["SetUp"] = "1"
        headers["FEN"] = start_fen
    headers["Result"] = result
    ordered = list(SEVEN_TAGS) + [t for t in headers if t not in SEVEN_TAGS]
    headers.setdefault("Date", "????.??.??")
    tag_lines = [f'[{tag} "{_escape(headers.get(tag, "?"))}"]' for tag in ordered]
    movetext = textwrap.fill(f"{body} {result}".strip(), width=80, break_on_hyphens=False)
    return "\n".join(tag_lines) + "\n\n" + movetext + "\n"
