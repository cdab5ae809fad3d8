"""Evidence for the arbiter from a xiangqi game record (Luật Cờ Tướng 2004, Điều 7, 12, 22-24).

:func:`analyse_game` replays a game and reports facts, never a result on its own authority:

* how the game ended on the board: checkmate or "no legal move", both a loss (Điều 7.1 a-c);
* the no-capture counter of Điều 12 (limit a parameter: 50 in 000, 60 in 001), with checking moves
  counting for at most 5 moves of each side (Điều 12c);
* repetition cycles of positions;
* perpetual check inside a repetition cycle (Điều 23 point 1, examples 24.2-24.4);
* perpetual chase of an unprotected (or falsely protected) piece, and horse/cannon chasing a
  chariot (Điều 23 points 3, 6; Điều 24.14, 24.20, 24.29).

Ply numbers are 1-based move numbers in the record (ply 1 = Red's first move); "position
index" ``i`` is the position after ply ``i`` (0 = the start position).
See docs/decisions-xiangqi-engine.md for the choices where the law is silent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from chessrules.xiangqi.position import (
    FILE_LETTERS,
    START_FEN,
    TURN_LETTERS,
    Move,
    Position,
)
from chessrules.xiangqi.tables import (
    CANNON,
    FILES,
    HORSE,
    KING,
    LETTER_OF_PIECE,
    PAWN,
    ROOK,
    own_half,
)

CHECKS_COUNTED_AT_MOST = 5  # Điều 12c: "Những nước chiếu hợp lệ tính tối đa 5 nước"


class IllegalMoveError(ValueError):
    """A move of the record is illegal (raised by ``analyse_game(..., validate=True)``)."""

    def __init__(self, ply: int, move: Move, reason: str) -> None:
        self.ply = ply
        self.move = move
        self.reason = reason
        super().__init__(f"ply {ply}: illegal move {move.iccs()} ({reason})")


@dataclass
class RepetitionCycle:
    """Positions repeating with period ``length`` plies from position index ``first_ply``.

    ``count`` is how many times the cycle's first position occurs in the run (2 = repeated
    once); ``last_ply`` is the position index where the periodic run ends; ``moves`` are the ICCS
    moves of one period (plies ``first_ply + 1`` .. ``first_ply + length``).
    """

    first_ply: int
    length: int
    count: int
    last_ply: int
    moves: list[str]


@dataclass
class PerpetualCheck:
    """In a repetition run, ``side`` gave check with every one of its moves (Điều 23 point 1).

    ``mutual`` is True when the other side also checked with every move (both break the same
    rule: draw, Điều 7.2c, 24.3); otherwise the checking side must change its moves or lose.
    """

    side: str
    plies: list[int]
    moves: list[str]
    cycle_first_ply: int
    mutual: bool
    article: str = "Điều 23 điểm 1"


@dataclass
class Chase:
    """In a repetition run, after every move of ``side`` the same opponent piece was newly
    threatened with a capture that the law forbids to repeat (Điều 23 points 3, 6).

    Pieces are named by FEN letter and their square at the start of the run, e.g. ``"R@h3"``.
    ``kind`` is ``"one_piece"`` (one chaser) or ``"several_pieces"`` (Điều 23 point 3, 2nd
    sentence). ``protected`` is True only for the horse/cannon-chases-chariot case (point 6).
    """

    side: str
    chasing_piece: str
    chased_piece: str
    chasing_pieces: list[str]
    kind: str
    protected: bool
    plies: list[int]
    moves: list[str]
    cycle_first_ply: int
    article: str = "Điều 23 điểm 3, 6"


@dataclass
class GameAnalysis:
    """Facts about a replayed game, for the arbiter (not automatic results)."""

    start_fen: str
    final_fen: str
    plies: int
    ending: str | None  # "checkmate" | "stalemate" | None (Điều 7.1 a-c)
    winner: str | None  # "w" | "b" | None
    plies_since_capture: int
    no_capture_limit: int
    counted_no_capture_moves: dict[str, int]
    fifty_move_reached: bool
    fifty_move_ply: int | None
    repetitions: list[RepetitionCycle] = field(default_factory=list)
    perpetual_checks: list[PerpetualCheck] = field(default_factory=list)
    chases: list[Chase] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def analyse_game(
    start_fen: str | None,
    moves: Sequence[Move | str],
    *,
    no_capture_limit: int = 50,
    min_repetitions: int = 3,
    validate: bool = False,
) -> GameAnalysis:
    """Replay ``moves`` from ``start_fen`` (None = initial position) and collect the evidence.

    ``moves`` are Move objects (ICCS strings such as ``"h2e2"`` are accepted too) assumed
    legal (validate them first with ``Position.illegal_reason``), unless ``validate=True``,
    which raises :class:`IllegalMoveError` naming the ply. Perpetual check and chase are only
    reported for repetition runs where the first position occurs at least ``min_repetitions``
    times (the law says "many times" without a number; 3 is the usual arbiting practice).
    """
    if no_capture_limit < 1:
        raise ValueError("no_capture_limit must be at least 1")
    if min_repetitions < 2:
        raise ValueError("min_repetitions must be at least 2")
    played = [Move.from_iccs(m) if isinstance(m, str) else m for m in moves]
    pos = Position.from_fen(start_fen or START_FEN)
    fen0 = pos.fen()
    keys = [pos.position_key()]
    checks: list[bool] = [False]  # checks[i]: the move of ply i gave check
    counter = _NoCaptureCounter(no_capture_limit, pos.plies_since_capture, pos.side)
    board = pos.board
    push = pos.push
    is_check = pos.is_check
    key_of = pos.position_key
    record = counter.record
    counted = counter.counted
    # A quiet move that keeps the mover below limit - 1 only adds 1 to its count (fast path);
    # every other move goes through the full Điều 12 bookkeeping.
    quiet_below = no_capture_limit - 1
    ply = 0
    for move in played:
        ply += 1
        if validate:
            reason = pos.illegal_reason(move)
            if reason is not None:
                raise IllegalMoveError(ply, move, reason)
        mover = pos.side
        capture = board[move[3] * FILES + move[2]] != 0
        push(move)
        check = is_check()
        checks.append(check)
        keys.append(key_of())
        if capture or check or counted[mover] >= quiet_below:
            record(ply, mover, capture, check)
        else:
            counted[mover] += 1
    outcome = pos.outcome()
    runs = _repetition_runs(keys)
    analysis = GameAnalysis(
        start_fen=fen0,
        final_fen=pos.fen(),
        plies=len(played),
        ending=outcome[0] if outcome else None,
        winner=outcome[1] if outcome else None,
        plies_since_capture=pos.plies_since_capture,
        no_capture_limit=no_capture_limit,
        counted_no_capture_moves={"w": counter.counted[0], "b": counter.counted[1]},
        fifty_move_reached=counter.reached_ply is not None,
        fifty_move_ply=counter.reached_ply,
    )
    for first, length, last in runs:
        count = (last - first) // length + 1
        analysis.repetitions.append(
            RepetitionCycle(
                first_ply=first,
                length=length,
                count=count,
                last_ply=last,
                moves=[m.iccs() for m in played[first : first + length]],
            )
        )
        if count >= min_repetitions:
            analysis.perpetual_checks.extend(_perpetual_checks(played, checks, fen0, first, last))
            analysis.chases.extend(_chases(start_fen, played, first, last))
    return analysis


class _NoCaptureCounter:
    """Điều 12: moves of each side since the last capture; checks count for at most 5 moves of
    each side within one no-capture stretch (Điều 12c)."""

    def __init__(self, limit: int, initial_plies: int, side_to_move: int) -> None:
        self.limit = limit
        # Plies before the start FEN are counted as non-checking moves, alternating backwards
        # from the side that moved last.
        last_mover = side_to_move ^ 1
        self.counted = [initial_plies // 2, initial_plies // 2]
        if initial_plies % 2:
            self.counted[last_mover] += 1
        self.checks = [0, 0]
        self.reached_ply: int | None = None
        self._check_reached(0)

    def record(self, ply: int, mover: int, capture: bool, check: bool) -> None:
        if capture:  # in place: analyse_game keeps a reference to ``counted``
            self.counted[0] = self.counted[1] = 0
            self.checks[0] = self.checks[1] = 0
            return
        if check:
            self.checks[mover] += 1
            if self.checks[mover] > CHECKS_COUNTED_AT_MOST:
                return
        self.counted[mover] += 1
        self._check_reached(ply)

    def _check_reached(self, ply: int) -> None:
        if self.reached_ply is None and min(self.counted) >= self.limit:
            self.reached_ply = ply


def _repetition_runs(keys: list[bytes]) -> list[tuple[int, int, int]]:
    """Repetition runs ``(first, length, last)`` over position indexes.

    For a period ``length``, a run is a maximal stretch where every position ``i`` in
    ``first + length .. last`` equals position ``i - length``. Runs of every period are found;
    a run is dropped when another run spans it, repeats at least as often and is longer or has
    a shorter period (e.g. the 4-ply sub-cycles inside the 8-ply cycle of Điều 24.2 Hình 3, or
    the period-4 view of a period-2 shuffle).
    """
    occurrences: dict[bytes, list[int]] = {}
    open_runs: dict[int, list[int]] = {}  # length -> [start i, end i]
    closed: list[tuple[int, int, int]] = []
    for i, key in enumerate(keys):
        earlier = occurrences.setdefault(key, [])
        for j in earlier:
            length = i - j
            run = open_runs.get(length)
            if run is not None and run[1] == i - 1:
                run[1] = i
            else:
                if run is not None:
                    closed.append((run[0] - length, length, run[1]))
                open_runs[length] = [i, i]
        earlier.append(i)
    closed.extend((run[0] - length, length, run[1]) for length, run in open_runs.items())

    def count(run: tuple[int, int, int]) -> int:
        return (run[2] - run[0]) // run[1] + 1

    def dominated(x: tuple[int, int, int]) -> bool:
        for y in closed:
            if y is x or not (y[0] <= x[0] and x[2] <= y[2] and count(y) >= count(x)):
                continue
            if (y[2] - y[0]) > (x[2] - x[0]) or y[1] < x[1]:
                return True
        return False

    return sorted((run for run in closed if not dominated(run)), key=lambda r: (r[0], r[1]))


def _perpetual_checks(
    moves: Sequence[Move], checks: list[bool], fen0: str, first: int, last: int
) -> list[PerpetualCheck]:
    """Sides that checked with every one of their moves in plies ``first + 1 .. last``."""
    first_mover = _side_at(fen0, first)
    all_checks = []
    for offset in (0, 1):
        plies = list(range(first + 1 + offset, last + 1, 2))
        all_checks.append(bool(plies) and all(checks[p] for p in plies))
    found = []
    for offset in (0, 1):
        if all_checks[offset]:
            plies = list(range(first + 1 + offset, last + 1, 2))
            found.append(
                PerpetualCheck(
                    side=TURN_LETTERS[first_mover ^ offset],
                    plies=plies,
                    moves=[moves[p - 1].iccs() for p in plies],
                    cycle_first_ply=first,
                    mutual=all_checks[offset ^ 1],
                )
            )
    return found


def _side_at(fen0: str, index: int) -> int:
    side0 = 1 if fen0.split()[1] == "b" else 0
    return side0 ^ (index & 1)


def _square_name(sq: int) -> str:
    return f"{FILE_LETTERS[sq % FILES]}{sq // FILES}"


def _forbidden_threats(pos: Position, side: int) -> dict[tuple[int, int], bool]:
    """Captures ``side`` could make next if it were to move, that may not be repeated for ever
    (Điều 23 points 3, 6, 9; Điều 24.20, 24.21):

    * the chaser is not a general or soldier (point 9: their chases are allowed);
    * the target is not the general and not a soldier still on its own side of the river;
    * the target is not really protected (no legal recapture on its square: "không cẩn" or
      "cẩn giả", Điều 22.14-16), or it is a chariot threatened by a horse or cannon (point 6);
    * not an offered exchange: a target of the same kind that can capture the chaser back
      (Điều 24.20).
    Returned as {(from, to): target really protected}.
    """
    b = pos.board
    saved_side = pos.side
    pos.side = side
    try:
        candidates = [
            (fr, to)
            for fr, to in pos._legal_pairs()
            if b[to] and (b[fr] & 7) not in (KING, PAWN) and (b[to] & 7) != KING
        ]
        threats: dict[tuple[int, int], bool] = {}
        replies: set[tuple[int, int]] | None = None
        for fr, to in candidates:
            chaser, target = b[fr] & 7, b[to] & 7
            if target == PAWN and own_half(side ^ 1, to // FILES):
                continue
            if target == chaser:
                if replies is None:
                    replies = set(_legal_pairs_for(pos, side ^ 1))
                if (to, fr) in replies:
                    continue  # Điều 24.20: same kinds attacking each other = offered exchange
            protected = _really_protected(pos, fr, to)
            if not protected or (target == ROOK and chaser in (HORSE, CANNON)):
                threats[(fr, to)] = protected
        return threats
    finally:
        pos.side = saved_side


def _legal_pairs_for(pos: Position, side: int) -> list[tuple[int, int]]:
    saved = pos.side
    pos.side = side
    try:
        return pos._legal_pairs()
    finally:
        pos.side = saved


def _really_protected(pos: Position, fr: int, to: int) -> bool:
    """After ``fr`` x ``to`` (side to move of ``pos`` capturing), can the opponent legally
    recapture on ``to``? ("cẩn thật", Điều 22.15)."""
    cap = pos._make(fr, to)
    try:
        return any(t == to for _, t in pos._legal_pairs())
    finally:
        pos._unmake(fr, to, cap)


def _run_start(start_fen: str | None, moves: Sequence[Move], first: int
               ) -> tuple[Position, dict[int, int], dict[int, str]]:
    """The position before ply ``first + 1`` (where a repetition run starts), each piece's
    id (its square there, followed as it moves) and its name there, e.g. ``"R@h3"``."""
    pos = Position.from_fen(start_fen or START_FEN)
    for move in moves[:first]:
        pos.push(move)
    ids = {sq: sq for sq in pos.occupied[0] | pos.occupied[1]}  # square -> piece id
    names = {sq: f"{LETTER_OF_PIECE[pos.board[sq]]}@{_square_name(sq)}" for sq in ids}
    return pos, ids, names


def _chases(start_fen: str | None, moves: Sequence[Move], first: int, last: int) -> list[Chase]:
    """Chases inside the repetition run of plies ``first + 1 .. last``."""
    pos, ids, names = _run_start(start_fen, moves, first)
    # per side: list over its moves of {target id: set of chaser ids}
    per_side: list[list[tuple[int, dict[int, set[int]]]]] = [[], []]
    protected_targets: set[tuple[int, int]] = set()  # (ply, target id) really protected
    for ply in range(first + 1, last + 1):
        move = moves[ply - 1]
        fr = move[1] * FILES + move[0]
        to = move[3] * FILES + move[2]
        mover = pos.side
        # A move out of check is a forced defence ("nước đỡ", Điều 22.12), never a chase.
        evading = pos.is_check()
        before = {} if evading else _forbidden_threats(pos, mover)
        # Threats by piece identity: a threat that already stood before the move (even if the
        # chaser itself moved along its line) is not a new chase (Điều 24, Hình 106).
        before_ids = {(ids[a], ids[t]) for a, t in before}
        pos.push(move)
        moved_id = ids.pop(fr)
        ids.pop(to, None)
        ids[to] = moved_id
        after = {} if evading else _forbidden_threats(pos, mover)
        targets: dict[int, set[int]] = {}
        for (a, t), protected in after.items():
            if (ids[a], ids[t]) not in before_ids:
                targets.setdefault(ids[t], set()).add(ids[a])
                if protected:
                    protected_targets.add((ply, ids[t]))
        per_side[mover].append((ply, targets))
    found = []
    for side in (0, 1):
        entries = per_side[side]
        if not entries:
            continue
        common = set(entries[0][1])
        for _, targets in entries[1:]:
            common &= set(targets)
        for target in sorted(common):
            chasers = set().union(*(targets[target] for _, targets in entries))
            one_chaser = next(
                (c for c in sorted(chasers) if all(c in t[target] for _, t in entries)), None
            )
            plies = [ply for ply, _ in entries]
            chaser_names = sorted(names[c] for c in chasers)
            found.append(
                Chase(
                    side=TURN_LETTERS[side],
                    chasing_piece=names[one_chaser] if one_chaser is not None else chaser_names[0],
                    chased_piece=names[target],
                    chasing_pieces=chaser_names,
                    kind="one_piece" if len(chasers) == 1 else "several_pieces",
                    protected=all((p, target) in protected_targets for p in plies),
                    plies=plies,
                    moves=[moves[p - 1].iccs() for p in plies],
                    cycle_first_ply=first,
                )
            )
    return found
