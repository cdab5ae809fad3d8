"""Xiangqi position, moves and legal move generation (Luật Cờ Tướng 2004, Điều 2-7).

Design (for speed in pure Python, see docs/decisions-xiangqi-engine.md):

* a 1-D board of 90 ints (``rank * 9 + file``), one set of occupied squares per colour and the
  two generals' squares, all updated incrementally by make/unmake;
* precomputed move tables (:mod:`chessrules.xiangqi.tables`);
* legality without generating the opponent's replies: when the side to move is not in check,
  a move can only expose its own general through the lines (file/rank) of the general, or by
  lifting a horse's leg next to it; only those lines are re-scanned. When in check, or when the
  general itself moves, the general's square is tested completely.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import itemgetter

from chessrules.values import Discipline
from chessrules.xiangqi.tables import (
    ADVISOR,
    ADVISOR_STEPS,
    BLACK,
    CANNON,
    ELEPHANT,
    ELEPHANT_STEPS,
    FILES,
    FORWARD,
    HORSE,
    HORSE_ATTACKERS,
    HORSE_STEPS,
    KING,
    KING_STEPS,
    LEG_HORSES,
    LETTER_OF_PIECE,
    LINE_DIR,
    NSQ,
    PAWN,
    PAWN_ATTACKERS,
    PAWN_STEPS,
    PIECE_OF_LETTER,
    RANKS,
    RAYS,
    RED,
    ROOK,
    in_palace,
    own_half,
)

START_FEN = Discipline.XIANGQI.start_fen

TURN_LETTERS = ("w", "b")
FILE_LETTERS = "abcdefghi"
_ICCS = re.compile(r"([a-i])([0-9])-?([a-i])([0-9])")


class Move(tuple[int, ...]):
    """A move from (file, rank) to (file, rank); files 0..8 = a..i, ranks 0..9 from Red's side.

    Immutable and hashable (a tuple of four ints). ``Move.from_iccs("h2e2")`` reads the ICCS
    coordinate form (Phụ lục 3 uses the same files and ranks); ``move.iccs()`` writes it.
    """

    __slots__ = ()

    def __new__(cls, from_file: int, from_rank: int, to_file: int, to_rank: int) -> Move:
        for name, value, limit in (
            ("from_file", from_file, FILES),
            ("from_rank", from_rank, RANKS),
            ("to_file", to_file, FILES),
            ("to_rank", to_rank, RANKS),
        ):
            if not isinstance(value, int) or not 0 <= value < limit:
                raise ValueError(f"Move {name} must be an int in 0..{limit - 1}, got {value!r}")
        return tuple.__new__(cls, (from_file, from_rank, to_file, to_rank))

    from_file = property(itemgetter(0))
    from_rank = property(itemgetter(1))
    to_file = property(itemgetter(2))
    to_rank = property(itemgetter(3))

    @property
    def from_square(self) -> tuple[int, int]:
        return (self[0], self[1])

    @property
    def to_square(self) -> tuple[int, int]:
        return (self[2], self[3])

    @classmethod
    def from_iccs(cls, text: str) -> Move:
        """Parse ``"h2e2"`` or ``"h2-e2"`` (case-insensitive)."""
        match = _ICCS.fullmatch(text.strip().lower())
        if match is None:
            raise ValueError(
                f"Not an ICCS move: {text!r} (expected e.g. 'h2e2' or 'h2-e2': file a-i, rank 0-9)"
            )
        ff, fr, tf, tr = match.groups()
        return _move(FILE_LETTERS.index(ff), int(fr), FILE_LETTERS.index(tf), int(tr))

    def iccs(self) -> str:
        return f"{FILE_LETTERS[self[0]]}{self[1]}{FILE_LETTERS[self[2]]}{self[3]}"

    def __str__(self) -> str:
        return self.iccs()

    def __repr__(self) -> str:
        return f"Move.from_iccs({self.iccs()!r})"

    def __getnewargs__(self) -> tuple[int, int, int, int]:
        return (self[0], self[1], self[2], self[3])


def _move(ff: int, fr: int, tf: int, tr: int) -> Move:
    """Build a Move without range checks (internal: the squares come from the board)."""
    return tuple.__new__(Move, (ff, fr, tf, tr))


# Points an advisor / elephant can ever stand on, as (file, rank from its own side).
_ADVISOR_POINTS = {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}
_ELEPHANT_POINTS = {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}

# Every possible Move object, indexed by from_square * 90 + to_square, so that legal_moves()
# does not construct new objects.
_MOVES = [
    _move(a % FILES, a // FILES, b % FILES, b // FILES) for a in range(NSQ) for b in range(NSQ)
]


def _ray_attacked(
    b: list[int], ray: Iterable[int], e_rook: int, e_cannon: int, e_king: int
) -> bool:
    """Is the point at the start of ``ray`` attacked along it (chariot, cannon, facing general)?"""
    screen = False
    for s in ray:
        p = b[s]
        if p:
            if screen:
                return p == e_cannon
            if p == e_rook or p == e_king:
                return True
            screen = True
    return False


def _attacked(b: list[int], k: int, by: int) -> bool:
    """Is square ``k`` attacked by colour ``by``? An enemy general first on the file counts
    (the generals would face each other, Điều 4.3a)."""
    e = by << 3
    e_rook = ROOK | e
    e_cannon = CANNON | e
    e_king = KING | e
    for ray in RAYS[k]:
        screen = False
        for s in ray:
            p = b[s]
            if p:
                if screen:
                    if p == e_cannon:
                        return True
                    break
                if p == e_rook or p == e_king:
                    return True
                screen = True
    e_horse = HORSE | e
    for h, leg in HORSE_ATTACKERS[k]:
        if b[h] == e_horse and not b[leg]:
            return True
    e_pawn = PAWN | e
    for s in PAWN_ATTACKERS[by][k]:
        if b[s] == e_pawn:
            return True
    return False


class Position:
    """A xiangqi position: board, side to move, counters and the move history."""

    __slots__ = (
        "board",
        "side",
        "occupied",
        "kings",
        "plies_since_capture",
        "fullmove",
        "_stack",
        "_checked",
        "_root_legal",
    )

    def __init__(self) -> None:
        self.board: list[int] = [0] * NSQ
        self.side: int = RED
        self.occupied: list[set[int]] = [set(), set()]
        self.kings: list[int] = [-1, -1]
        self.plies_since_capture: int = 0
        self.fullmove: int = 1
        # (move, captured piece, previous plies_since_capture, previous fullmove, previous
        # _checked)
        self._stack: list[tuple[Move, int, int, int, bool | None]] = []
        # Is the side to move in check? None = not known yet. Kept by push/pop only; the
        # internal _make/_unmake pairs never call is_check() in between.
        self._checked: bool | None = None
        # False when the start position has the side NOT to move in check (an illegal FEN):
        # then the first push cannot use the incremental check test.
        self._root_legal = True

    # ------------------------------------------------------------------ FEN
    @classmethod
    def from_fen(cls, fen: str = START_FEN) -> Position:
        """Read a xiangqi FEN (Red = White = uppercase KABNRCP; E/H accepted for B/N).

        Raises ``ValueError`` naming the faulty field, rank or character.
        """
        fields = fen.split()
        if not fields:
            raise ValueError("Empty FEN")
        pos = cls()
        rows = fields[0].split("/")
        if len(rows) != RANKS:
            raise ValueError(f"FEN board must have 10 ranks separated by '/', got {len(rows)}")
        for i, row in enumerate(rows):
            rank = RANKS - 1 - i
            file = 0
            for ch in row:
                if ch.isdigit():
                    file += int(ch)
                    if file > FILES:
                        raise ValueError(f"FEN rank {rank} (row {i + 1}) has more than 9 files")
                elif ch in PIECE_OF_LETTER:
                    if file >= FILES:
                        raise ValueError(f"FEN rank {rank} (row {i + 1}) has more than 9 files")
                    piece = PIECE_OF_LETTER[ch]
                    sq = rank * FILES + file
                    pos.board[sq] = piece
                    pos.occupied[piece >> 3].add(sq)
                    if piece & 7 == KING:
                        if pos.kings[piece >> 3] != -1:
                            raise ValueError(f"FEN has more than one {ch!r} general")
                        if not in_palace(piece >> 3, file, rank):
                            raise ValueError(
                                f"FEN general {ch!r} on {FILE_LETTERS[file]}{rank} is outside its palace"
                            )
                        pos.kings[piece >> 3] = sq
                    file += 1
                else:
                    raise ValueError(f"FEN rank {rank} (row {i + 1}): unknown character {ch!r}")
            if file != FILES:
                raise ValueError(f"FEN rank {rank} (row {i + 1}) covers {file} files, not 9")
        for colour, letter in ((RED, "K"), (BLACK, "k")):
            if pos.kings[colour] == -1:
                raise ValueError(f"FEN has no {letter!r} general")
        if len(fields) > 1:
            turn = fields[1].lower()
            if turn in ("w", "r"):
                pos.side = RED
            elif turn == "b":
                pos.side = BLACK
            else:
                raise ValueError(f"FEN side to move must be 'w' or 'b', got {fields[1]!r}")
        pos._root_legal = not _attacked(pos.board, pos.kings[pos.side ^ 1], pos.side)
        for index, name in ((4, "halfmove clock"), (5, "fullmove number")):
            if len(fields) > index:
                try:
                    value = int(fields[index])
                except ValueError:
                    raise ValueError(
                        f"FEN {name} must be an integer, got {fields[index]!r}"
                    ) from None
                if value < 0:
                    raise ValueError(f"FEN {name} must not be negative, got {value}")
                if index == 4:
                    pos.plies_since_capture = value
                else:
                    pos.fullmove = max(1, value)
        return pos

    def board_fen(self) -> str:
        rows = []
        b = self.board
        for rank in range(RANKS - 1, -1, -1):
            row = []
            empty = 0
            for file in range(FILES):
                p = b[rank * FILES + file]
                if p:
                    if empty:
                        row.append(str(empty))
                        empty = 0
                    row.append(LETTER_OF_PIECE[p] or "?")  # every piece code has a letter
                else:
                    empty += 1
            if empty:
                row.append(str(empty))
            rows.append("".join(row))
        return "/".join(rows)

    def fen(self) -> str:
        return f"{self.board_fen()} {self.turn} - - {self.plies_since_capture} {self.fullmove}"

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"

    def __str__(self) -> str:
        lines = []
        for rank in range(RANKS - 1, -1, -1):
            cells = (LETTER_OF_PIECE[self.board[rank * FILES + f]] or "." for f in range(FILES))
            lines.append(f"{rank} " + " ".join(cells))
        lines.append("  " + " ".join(FILE_LETTERS))
        return "\n".join(lines)

    # ------------------------------------------------------------- queries
    @property
    def turn(self) -> str:
        """``"w"`` (Red = White, Điều 2.2) or ``"b"``."""
        return TURN_LETTERS[self.side]

    @property
    def move_stack(self) -> list[Move]:
        return [entry[0] for entry in self._stack]

    def piece_at(self, file: int, rank: int) -> str | None:
        return LETTER_OF_PIECE[self.board[rank * FILES + file]]

    def squares_of(self, piece_letter: str) -> list[tuple[int, int]]:
        """Squares (file, rank) of the pieces with this FEN letter, sorted by file then rank."""
        piece = PIECE_OF_LETTER.get(piece_letter)
        if piece is None:
            raise ValueError(f"Unknown piece letter {piece_letter!r} (use KABNRCP / kabnrcp)")
        found = [
            (s % FILES, s // FILES) for s in self.occupied[piece >> 3] if self.board[s] == piece
        ]
        return sorted(found)

    def position_key(self) -> bytes:
        """Hashable key of the placement and side to move (for repetition detection)."""
        return bytes(self.board) + TURN_LETTERS[self.side].encode()

    def is_check(self) -> bool:
        """Is the side to move in check (Điều 6)?"""
        checked = self._checked
        if checked is None:
            checked = self._checked = _attacked(self.board, self.kings[self.side], self.side ^ 1)
        return checked

    def is_capture(self, move: Move) -> bool:
        return bool(self.board[move[3] * FILES + move[2]])

    def gives_check(self, move: Move) -> bool:
        """Would ``move`` (assumed legal) check the opponent's general?"""
        fr = move[1] * FILES + move[0]
        to = move[3] * FILES + move[2]
        cap = self._make(fr, to)
        try:
            return _attacked(self.board, self.kings[self.side], self.side ^ 1)
        finally:
            self._unmake(fr, to, cap)

    # ---------------------------------------------------- move generation
    def _pseudo_pairs(self) -> list[tuple[int, int]]:
        """Moves obeying piece geometry and blocking (Điều 4.3), not yet the general's safety."""
        b = self.board
        c = self.side
        out: list[tuple[int, int]] = []
        app = out.append
        for fr in self.occupied[c]:
            kind = b[fr] & 7
            if kind == ROOK:
                for ray in RAYS[fr]:
                    for to in ray:
                        q = b[to]
                        if q:
                            if q >> 3 != c:
                                app((fr, to))
                            break
                        app((fr, to))
            elif kind == CANNON:
                for ray in RAYS[fr]:
                    screen = False
                    for to in ray:
                        q = b[to]
                        if screen:
                            if q:
                                if q >> 3 != c:
                                    app((fr, to))
                                break
                        elif q:
                            screen = True
                        else:
                            app((fr, to))
            elif kind == HORSE:
                for to, leg in HORSE_STEPS[fr]:
                    if not b[leg]:
                        q = b[to]
                        if not q or q >> 3 != c:
                            app((fr, to))
            elif kind == PAWN:
                for to in PAWN_STEPS[c][fr]:
                    q = b[to]
                    if not q or q >> 3 != c:
                        app((fr, to))
            elif kind == ELEPHANT:
                for to, eye in ELEPHANT_STEPS[c][fr]:
                    if not b[eye]:
                        q = b[to]
                        if not q or q >> 3 != c:
                            app((fr, to))
            elif kind == ADVISOR:
                for to in ADVISOR_STEPS[c][fr]:
                    q = b[to]
                    if not q or q >> 3 != c:
                        app((fr, to))
            else:  # KING
                for to in KING_STEPS[c][fr]:
                    q = b[to]
                    if not q or q >> 3 != c:
                        app((fr, to))
        return out

    def _legal_pairs(self) -> list[tuple[int, int]]:
        """Legal moves as (from, to) square pairs (Điều 4.3, 6: the general may not be left in
        check nor face the other general)."""
        b = self.board
        c = self.side
        o = c ^ 1
        k = self.kings[c]
        pseudo = self._pseudo_pairs()
        legal: list[tuple[int, int]] = []
        app = legal.append
        if _attacked(b, k, o):
            for fr, to in pseudo:
                p = b[fr]
                cap = b[to]
                b[to] = p
                b[fr] = 0
                if not _attacked(b, to if fr == k else k, o):
                    app((fr, to))
                b[fr] = p
                b[to] = cap
            return legal
        e = o << 3
        e_rook = ROOK | e
        e_cannon = CANNON | e
        e_king = KING | e
        e_horse = HORSE | e
        line_dir = LINE_DIR[k]
        leg_horses = LEG_HORSES[k]
        rays = RAYS[k]
        for fr, to in pseudo:
            if fr == k:
                p = b[fr]
                cap = b[to]
                b[to] = p
                b[fr] = 0
                if not _attacked(b, to, o):
                    app((fr, to))
                b[fr] = p
                b[to] = cap
                continue
            d_from = line_dir[fr]
            d_to = line_dir[to]
            horses = leg_horses[fr]
            if d_from < 0 and d_to < 0 and horses is None:
                app((fr, to))
                continue
            p = b[fr]
            cap = b[to]
            b[to] = p
            b[fr] = 0
            if d_from >= 0 and _ray_attacked(b, rays[d_from], e_rook, e_cannon, e_king):
                ok = False
            elif (
                d_to >= 0
                and d_to != d_from
                and _ray_attacked(b, rays[d_to], e_rook, e_cannon, e_king)
            ):
                ok = False
            elif horses is not None and any(b[h] == e_horse for h in horses):
                ok = False
            else:
                ok = True
            b[fr] = p
            b[to] = cap
            if ok:
                app((fr, to))
        return legal

    def legal_moves(self) -> list[Move]:
        moves = _MOVES
        return [moves[fr * NSQ + to] for fr, to in self._legal_pairs()]

    def is_legal(self, move: Move) -> bool:
        return self.illegal_reason(move) is None

    def illegal_reason(self, move: Move) -> str | None:
        """``None`` if ``move`` is legal here, else a code of ``REASONS`` saying why not.

        Checks in this order: a piece of the side to move (Điều 4.2), the piece's geometry
        (Điều 4.3), not onto an own piece (Điều 5.2), blocking (eye, leg, path, screen), then the
        general's safety (facing generals Điều 4.3a, check Điều 6).
        """
        ff, fr_rank, tf, to_rank = move
        fr = fr_rank * FILES + ff
        to = to_rank * FILES + tf
        b = self.board
        p = b[fr]
        c = self.side
        if not p:
            return "no_piece"
        if p >> 3 != c:
            return "opponent_piece"
        if fr == to:
            return "bad_geometry"
        kind = p & 7
        df, dr = tf - ff, to_rank - fr_rank
        adf, adr = abs(df), abs(dr)
        if kind == KING:
            if adf + adr != 1:
                return "bad_geometry"
            if not in_palace(c, tf, to_rank):
                return "out_of_palace"
        elif kind == ADVISOR:
            if adf != 1 or adr != 1:
                return "bad_geometry"
            if not in_palace(c, tf, to_rank):
                return "out_of_palace"
        elif kind == ELEPHANT:
            if adf != 2 or adr != 2:
                return "bad_geometry"
            if not own_half(c, to_rank):
                return "elephant_river"
        elif kind == HORSE:
            if {adf, adr} != {1, 2}:
                return "bad_geometry"
        elif kind in (ROOK, CANNON):
            if df and dr:
                return "bad_geometry"
        else:  # PAWN
            if adf + adr != 1 or dr == -FORWARD[c]:
                return "bad_geometry"
            if df and own_half(c, fr_rank):
                return "soldier_before_river"
        q = b[to]
        if q and q >> 3 == c:
            return "own_piece"
        if kind == ELEPHANT and b[(fr_rank + dr // 2) * FILES + ff + df // 2]:
            return "blocked_eye"
        if kind == HORSE:
            leg = (fr_rank + dr // 2) * FILES + ff if adr == 2 else fr_rank * FILES + ff + df // 2
            if b[leg]:
                return "blocked_leg"
        if kind in (ROOK, CANNON):
            between = self._count_between(fr, to)
            if kind == ROOK or not q:
                if between:
                    return "blocked_path"
            elif between != 1:
                return "no_screen"
        if kind != KING and not self.is_check():
            # Not in check: only lines through the general can open (see _legal_pairs).
            k = self.kings[c]
            if LINE_DIR[k][fr] < 0 and LINE_DIR[k][to] < 0 and LEG_HORSES[k][fr] is None:
                return None
        return self._safety_reason(fr, to)

    def _count_between(self, fr: int, to: int) -> int:
        b = self.board
        d = LINE_DIR[fr][to]
        count = 0
        for s in RAYS[fr][d]:
            if s == to:
                break
            if b[s]:
                count += 1
        return count

    def _safety_reason(self, fr: int, to: int) -> str | None:
        c = self.side
        cap = self._make(fr, to)
        try:
            k = self.kings[c]
            e_king = KING | ((c ^ 1) << 3)
            for s in RAYS[k][0 if c == RED else 1]:  # along the file towards the other general
                if self.board[s]:
                    if self.board[s] == e_king:
                        return "flying_general"
                    break
            if _attacked(self.board, k, c ^ 1):
                return "leaves_check"
            return None
        finally:
            self._unmake(fr, to, cap)

    # -------------------------------------------------------- make / unmake
    def _make(self, fr: int, to: int) -> int:
        """Move the piece from ``fr`` to ``to`` and pass the turn; return the captured piece."""
        b = self.board
        c = self.side
        p = b[fr]
        cap = b[to]
        b[to] = p
        b[fr] = 0
        own = self.occupied[c]
        own.remove(fr)
        own.add(to)
        if cap:
            self.occupied[c ^ 1].remove(to)
        if p & 7 == KING:
            self.kings[c] = to
        self.side = c ^ 1
        return cap

    def _unmake(self, fr: int, to: int, cap: int) -> None:
        b = self.board
        c = self.side ^ 1
        self.side = c
        p = b[to]
        b[fr] = p
        b[to] = cap
        own = self.occupied[c]
        own.remove(to)
        own.add(fr)
        if cap:
            self.occupied[c ^ 1].add(to)
        if p & 7 == KING:
            self.kings[c] = fr

    def push(self, move: Move) -> None:
        """Play ``move`` (assumed legal: check with ``illegal_reason`` first)."""
        fr = move[1] * FILES + move[0]
        to = move[3] * FILES + move[2]
        if not self.board[fr]:
            raise ValueError(f"Cannot push {Move.iccs(move)}: no piece on its from-square")
        self._stack.append(
            (move, self.board[to], self.plies_since_capture, self.fullmove, self._checked)
        )
        cap = self._make(fr, to)
        self.plies_since_capture = 0 if cap else self.plies_since_capture + 1
        if self.side == RED:  # Black just moved
            self.fullmove += 1
        # The opponent was not in check before this move (it was our turn in a legal
        # position), so only attacks opened or made by this move can check it now.
        if self._root_legal or len(self._stack) > 1:
            self._checked = self._discovered_or_direct_check(fr, to)
        else:
            self._checked = None

    def _discovered_or_direct_check(self, fr: int, to: int) -> bool:
        """Is the side to move (just moved against) in check, given that it was not before the
        last move ``fr``-``to``? Looks only at the lines and horse legs those squares touch."""
        b = self.board
        by = self.side ^ 1
        k = self.kings[self.side]
        e = by << 3
        line_dir = LINE_DIR[k]
        d_to = line_dir[to]
        if d_to >= 0 and _ray_attacked(b, RAYS[k][d_to], ROOK | e, CANNON | e, KING | e):
            return True
        d_from = line_dir[fr]
        if (
            d_from >= 0
            and d_from != d_to
            and _ray_attacked(b, RAYS[k][d_from], ROOK | e, CANNON | e, KING | e)
        ):
            return True
        kind = b[to] & 7
        if kind == HORSE:
            for h, leg in HORSE_ATTACKERS[k]:
                if h == to and not b[leg]:
                    return True
        elif kind == PAWN and to in PAWN_ATTACKERS[by][k]:
            return True
        horses = LEG_HORSES[k][fr]
        return horses is not None and any(b[h] == (HORSE | e) for h in horses)

    def pop(self) -> Move:
        """Take back the last pushed move and return it."""
        if not self._stack:
            raise IndexError("pop from a position with no moves pushed")
        move, cap, plies, fullmove, checked = self._stack.pop()
        self._unmake(move[1] * FILES + move[0], move[3] * FILES + move[2], cap)
        self.plies_since_capture = plies
        self.fullmove = fullmove
        self._checked = checked
        return move

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.board = self.board[:]
        other.side = self.side
        other.occupied = [set(self.occupied[0]), set(self.occupied[1])]
        other.kings = self.kings[:]
        other.plies_since_capture = self.plies_since_capture
        other.fullmove = self.fullmove
        other._stack = self._stack[:]
        other._checked = self._checked
        other._root_legal = self._root_legal
        return other

    # --------------------------------------------------------- validity
    def placement_problems(self) -> list[str]:
        """Why this position cannot arise in a game (empty list if it can).

        ``from_fen`` is lenient (it only needs one general per side inside its palace); this
        lists the rest: more pieces of a kind than Điều 2.2 gives a side, advisors, elephants
        or soldiers on points they can never reach (Điều 4.3 b, c, h), and the side that is
        not to move being in check or facing the other general (it would have just made an
        illegal move, Điều 4.3a, 6).
        """
        problems = []
        b = self.board
        for colour, name in ((RED, "Red/White"), (BLACK, "Black")):
            counts = [0] * 8
            for sq in self.occupied[colour]:
                kind = b[sq] & 7
                counts[kind] += 1
                file, rank = sq % FILES, sq // FILES
                own_rank = rank if colour == RED else RANKS - 1 - rank
                where = f"{FILE_LETTERS[file]}{rank}"
                letter = LETTER_OF_PIECE[b[sq]]
                if kind == ADVISOR and (file, own_rank) not in _ADVISOR_POINTS:
                    problems.append(f"{name} advisor {letter} on {where}: not an advisor point")
                elif kind == ELEPHANT and (file, own_rank) not in _ELEPHANT_POINTS:
                    problems.append(f"{name} elephant {letter} on {where}: not an elephant point")
                elif kind == PAWN and (own_rank < 3 or (own_rank < 5 and file % 2)):
                    problems.append(
                        f"{name} soldier {letter} on {where}: on a point it can never reach"
                    )
            for kind, most in (
                (ADVISOR, 2),
                (ELEPHANT, 2),
                (HORSE, 2),
                (ROOK, 2),
                (CANNON, 2),
                (PAWN, 5),
            ):
                if counts[kind] > most:
                    letter = LETTER_OF_PIECE[kind | colour << 3]
                    problems.append(f"{name} has {counts[kind]} pieces {letter} (at most {most})")
        waiting = self.side ^ 1
        if _attacked(b, self.kings[waiting], self.side):
            problems.append(
                f"the side not to move ({TURN_LETTERS[waiting]}) is in check or its general "
                "faces the other one"
            )
        return problems

    # ------------------------------------------------------------ game end
    def outcome(self) -> tuple[str, str] | None:
        """``("checkmate" | "stalemate", winner)`` when the side to move has no legal move.

        Điều 7.1a/c: checkmate wins; Điều 7.1b: a side with no legal move loses even when not in
        check (xiangqi "stalemate" is a loss, not a draw). Draws and repetition rulings are for
        the arbiter (see :func:`chessrules.xiangqi.analysis.analyse_game`).
        """
        if self._legal_pairs():
            return None
        winner = TURN_LETTERS[self.side ^ 1]
        return ("checkmate" if self.is_check() else "stalemate", winner)


def perft(pos: Position, depth: int) -> int:
    """Number of leaf nodes of the legal move tree of ``depth`` plies (bulk-counted at the
    last ply). ``pos`` is left unchanged."""
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    if depth == 0:
        return 1
    return _perft(pos, depth)


def _perft(pos: Position, depth: int) -> int:
    pairs = pos._legal_pairs()
    if depth == 1:
        return len(pairs)
    make = pos._make
    unmake = pos._unmake
    total = 0
    for fr, to in pairs:
        cap = make(fr, to)
        total += _perft(pos, depth - 1)
        unmake(fr, to, cap)
    return total
