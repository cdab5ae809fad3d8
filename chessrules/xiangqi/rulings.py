"""Proposed rulings on repetitions (Luật Cờ Tướng 2004, Điều 7.1g-h, 7.2b-c, 22, 23, 24).

:func:`propose_rulings` reads every repetition run of a move sequence (positions repeating,
found by :func:`chessrules.xiangqi.analysis.analyse_game`) and classifies each move of the run
as the law does (Điều 22): a check, a chase ("đuổi bắt": a new threat to capture a piece that
the law forbids to repeat), a threat of mate ("dọa hết"), or idle. Then it proposes:

* a side whose every move checks breaks Điều 23 point 1 (whatever the other side does,
  Điều 7.1g);
* a side whose every move chases the same piece breaks points 3, 5-8: unprotected or falsely
  protected target, horse or cannon against a chariot, a protected but pinned target, a horse
  against a horse that cannot take back, several chasers, chases mixed with exchange offers;
* chases by the general or a soldier (point 9), of a soldier still on its own side (point 3),
  of a really protected piece (point 6), one piece chasing several in turn (point 4), one check
  one other move (point 2), blocking, sacrifices and exchange offers (point 10) are allowed;
* both sides breaking the same rule: draw (Điều 7.2c, 24.3, 24.18); none breaking: draw
  (Điều 7.2b, 24.2).

The arbiter decides; the proposal names the point(s) of Điều 23 and the examples of Điều 24 it
rests on, and the interpretations chosen where the law contradicts itself
(docs/decisions-repetition.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from chessrules.values import RepetitionRuling
from chessrules.xiangqi.analysis import (
    GameAnalysis,
    IllegalMoveError,
    _really_protected,
    _run_start,
    analyse_game,
)
from chessrules.xiangqi.position import (
    TURN_LETTERS,
    Move,
    Position,
    _attacked,
)
from chessrules.xiangqi.tables import (
    CANNON,
    FILES,
    HORSE,
    KING,
    PAWN,
    ROOK,
    own_half,
)

__all__ = [
    "Basis",
    "IllegalMoveError",
    "MoveKind",
    "MoveReading",
    "RulingProposal",
    "SideReading",
    "Threat",
    "propose_ruling",
    "propose_rulings",
    "proposals_of_analysis",
]

MIN_REPETITIONS = 3  # the law says "nhiều lần"; the first position seen 3 times (analysis.py)


class MoveKind(StrEnum):
    """What a move of a repetition is, in the law's words (Điều 22)."""

    CHECK = "check"  # chiếu (22.2)
    CHASE = "chase"  # đuổi bắt / dọa bắt a piece the law protects from repetition (22.4, 22.11)
    MATE_THREAT = "mate_threat"  # dọa hết (22.3)
    IDLE = "idle"  # nước chờ, cản, thí, đòi đổi, đỡ (22.6-8, 22.12)


class ThreatStatus(StrEnum):
    """Why a new threat to capture is forbidden to repeat, or allowed."""

    UNPROTECTED = "unprotected"  # point 3, 24.14
    FALSELY_PROTECTED = "falsely_protected"  # point 6, 22.16, 24.30
    CHARIOT_BY_HORSE_CANNON = "chariot_by_horse_cannon"  # point 6, 24.11, 24.22
    PINNED_TARGET = "pinned_target"  # point 7, 24.15, 24.23
    BLOCKED_HORSE = "blocked_horse"  # point 7, 24.20 hình 55
    PROTECTED = "protected"  # allowed: point 6, 24.13, 24.31
    UNCROSSED_SOLDIER = "uncrossed_soldier"  # allowed: point 3, 24.21 hình 60
    GENERAL_OR_SOLDIER = "general_or_soldier"  # allowed: point 9, 24.24, 24.25
    EXCHANGE_OFFER = "exchange_offer"  # allowed: point 10, 24.20 hình 51-54, 24.36

    @property
    def forbidden(self) -> bool:
        return self in _FORBIDDEN


_FORBIDDEN = frozenset({
    ThreatStatus.UNPROTECTED, ThreatStatus.FALSELY_PROTECTED,
    ThreatStatus.CHARIOT_BY_HORSE_CANNON, ThreatStatus.PINNED_TARGET,
    ThreatStatus.BLOCKED_HORSE,
})


class Basis(StrEnum):
    """What a proposal rests on: a point of Điều 23 (or 7) and the examples of Điều 24."""

    PERPETUAL_CHECK = "perpetual_check"
    CHECK_OVER_CHASE = "check_over_chase"
    MUTUAL = "mutual"
    CHASE_UNPROTECTED = "chase_unprotected"
    CHASE_SEVERAL_PIECES = "chase_several_pieces"
    CHASE_FALSELY_PROTECTED = "chase_falsely_protected"
    CHASE_CHARIOT = "chase_chariot"
    CHASE_PINNED = "chase_pinned"
    CHASE_BLOCKED_HORSE = "chase_blocked_horse"
    TWO_CHASES_ONE_COUNTER = "two_chases_one_counter"
    CHASE_WITH_EXCHANGE = "chase_with_exchange"
    GENERAL_SOLDIER_WITH_OTHERS = "general_soldier_with_others"
    NO_VIOLATION = "no_violation"
    MATE_THREATS = "mate_threats"
    CHECK_AND_OTHER = "check_and_other"
    ALTERNATE_TARGETS = "alternate_targets"
    CHASE_AND_OTHER = "chase_and_other"
    PROTECTED_TARGET = "protected_target"
    GENERAL_OR_SOLDIER = "general_or_soldier"
    UNCROSSED_SOLDIER = "uncrossed_soldier"
    EXCHANGE_OFFER = "exchange_offer"
    BLOCKING = "blocking"
    SACRIFICE = "sacrifice"

    @property
    def point(self) -> str:
        return _BASES[self][0]

    @property
    def examples(self) -> str:
        return _BASES[self][1]

    @property
    def label_vi(self) -> str:
        return _BASES[self][2]

    @property
    def article(self) -> str:
        """The point and its examples, e.g. "Điều 23 điểm 3 (Điều 24.14 hình 32-38)"."""
        return f"{self.point} ({self.examples})" if self.examples else self.point


_BASES: dict[Basis, tuple[str, str, str]] = {
    Basis.PERPETUAL_CHECK: ("Điều 23 điểm 1", "Điều 24.2 hình 1-3, 24.4 hình 5",
                            "chiếu mãi"),
    Basis.CHECK_OVER_CHASE: ("Điều 7.1g, Điều 23 điểm 1", "",
                             "chiếu mãi (bất kể bên kia đuổi bắt mãi)"),
    Basis.MUTUAL: ("Điều 7.2c", "Điều 24.3 hình 4, 24.18 hình 48, hình 107",
                   "hai bên cùng phạm một luật cấm"),
    Basis.CHASE_UNPROTECTED: ("Điều 23 điểm 3",
                              "Điều 24.14 hình 32-38, 24.19 hình 49-50, 24.21 hình 56-59, "
                              "24.27 hình 74-75", "đuổi bắt mãi quân không cẩn"),
    Basis.CHASE_SEVERAL_PIECES: ("Điều 23 điểm 3", "Điều 24.16 hình 42-44, 24.29 hình 81-82",
                                 "hai hoặc nhiều quân đuổi bắt mãi một quân"),
    Basis.CHASE_FALSELY_PROTECTED: ("Điều 23 điểm 6", "Điều 24.30 hình 83-85",
                                    "đuổi bắt mãi quân có cẩn giả"),
    Basis.CHASE_CHARIOT: ("Điều 23 điểm 6",
                          "Điều 24.11 hình 18-25, 24.22 hình 61-62, 24.33 hình 94-96",
                          "Mã hoặc Pháo đuổi bắt mãi Xe (dù Xe có cẩn)"),
    Basis.CHASE_PINNED: ("Điều 23 điểm 7",
                         "Điều 24.15 hình 39-41, 24.20 hình 53, 24.23 hình 63-66",
                         "đuổi bắt mãi quân bị ghim không dịch chuyển được"),
    Basis.CHASE_BLOCKED_HORSE: ("Điều 23 điểm 7", "Điều 24.20 hình 55",
                                "Mã đuổi bắt mãi Mã không ăn lại được"),
    Basis.TWO_CHASES_ONE_COUNTER: ("Điều 23 điểm 5", "Điều 24.17 hình 45-47",
                                   "hai bắt một bắt lại: bên hai bắt phạm luật"),
    Basis.CHASE_WITH_EXCHANGE: ("Điều 23 điểm 8", "Điều 24.32 hình 90-93",
                                "bắt mãi kèm đòi đổi vẫn là bắt mãi"),
    Basis.GENERAL_SOLDIER_WITH_OTHERS: ("Điều 23 điểm 9", "Điều 24.26 hình 71-73",
                                        "Tướng/Tốt cùng quân khác bắt mãi một quân"),
    Basis.NO_VIOLATION: ("Điều 7.2b", "Điều 24.2", "hai bên không phạm luật"),
    Basis.MATE_THREATS: ("Điều 23 điểm 2", "Điều 24.5-24.6 hình 6-10", "dọa hết mãi"),
    Basis.CHECK_AND_OTHER: ("Điều 23 điểm 2", "Điều 24.7-24.10 hình 11-17",
                            "một chiếu một nước khác (dọa hết, bắt, ngừng)"),
    Basis.CHASE_AND_OTHER: ("Điều 23 điểm 2", "Điều 24.16 hình 42, 24.19 hình 49-50",
                            "một bắt một ngừng"),
    Basis.ALTERNATE_TARGETS: ("Điều 23 điểm 4", "Điều 24.12 hình 26-28, 24.28 hình 76-80",
                              "đuổi bắt luân phiên nhiều quân"),
    Basis.PROTECTED_TARGET: ("Điều 23 điểm 6", "Điều 24.13 hình 29-31, 24.31 hình 86-89",
                             "đuổi bắt quân có cẩn thật"),
    Basis.GENERAL_OR_SOLDIER: ("Điều 23 điểm 9", "Điều 24.24-24.25 hình 67-70",
                               "Tướng hoặc Tốt bắt mãi"),
    Basis.UNCROSSED_SOLDIER: ("Điều 23 điểm 3", "Điều 24.21 hình 60",
                              "bắt mãi Tốt chưa qua sông"),
    Basis.EXCHANGE_OFFER: ("Điều 23 điểm 10", "Điều 24.20 hình 51-54, 24.36 hình 101-104",
                           "đòi đổi mãi"),
    Basis.BLOCKING: ("Điều 23 điểm 10", "Điều 24.35 hình 99-100", "cản mãi"),
    Basis.SACRIFICE: ("Điều 23 điểm 10", "Điều 24.36 hình 101-104", "thí quân mãi"),
}

_STATUS_BASIS = {
    ThreatStatus.UNPROTECTED: Basis.CHASE_UNPROTECTED,
    ThreatStatus.FALSELY_PROTECTED: Basis.CHASE_FALSELY_PROTECTED,
    ThreatStatus.CHARIOT_BY_HORSE_CANNON: Basis.CHASE_CHARIOT,
    ThreatStatus.PINNED_TARGET: Basis.CHASE_PINNED,
    ThreatStatus.BLOCKED_HORSE: Basis.CHASE_BLOCKED_HORSE,
    ThreatStatus.PROTECTED: Basis.PROTECTED_TARGET,
    ThreatStatus.UNCROSSED_SOLDIER: Basis.UNCROSSED_SOLDIER,
    ThreatStatus.GENERAL_OR_SOLDIER: Basis.GENERAL_OR_SOLDIER,
    ThreatStatus.EXCHANGE_OFFER: Basis.EXCHANGE_OFFER,
}
# When several forbidden statuses meet on one target, the most specific names the point.
_STATUS_ORDER = (ThreatStatus.BLOCKED_HORSE, ThreatStatus.PINNED_TARGET,
                 ThreatStatus.CHARIOT_BY_HORSE_CANNON, ThreatStatus.FALSELY_PROTECTED,
                 ThreatStatus.UNPROTECTED)

#: Interpretations chosen where the law is contradictory or silent (docs/decisions-repetition.md).
DECISION_NOTES = {
    "horse_exchange": "Điều 23 điểm 7 câu 2 và Điều 24.20 mâu thuẫn khi Mã đuổi Mã ăn lại được: "
                      "theo 24.20 (đòi đổi, cho phép); Mã bị cản chân không ăn lại được: bắt mãi "
                      "(hình 55) — docs/decisions-repetition.md §1",
    "general_soldier": "Điều 23 điểm 9 câu 2 và Điều 24.26: Tướng/Tốt bắt mãi cùng một Xe, Mã "
                       "hoặc Pháo thì hòa (24.24 hình 68, 24.25 hình 70), cùng hai quân trở lên "
                       "thì phạm luật (24.26 hình 71-73) — docs/decisions-repetition.md §2",
    "check_over_chase": "một bên chiếu mãi, bên kia đuổi bắt mãi: hai luật cấm khác nhau; bên "
                        "chiếu mãi phải đổi (Điều 7.1g 'bất kể tình huống nào') — "
                        "docs/decisions-repetition.md §3",
}


@dataclass
class Threat:
    """A new threat to capture after a move: chaser and target named ``"R@h3"`` (FEN letter and
    square at the start of the run) and why the law forbids or allows repeating it."""

    chaser: str
    target: str
    status: str


@dataclass
class MoveReading:
    ply: int
    side: str  # "w" | "b"
    move: str  # ICCS
    kind: str  # MoveKind
    check: bool
    mate_threat: bool
    evading: bool  # the mover was in check: a defence (nước đỡ, Điều 22.12)
    blocks: bool = False  # cản (22.6): an opponent's threat to capture stops, nothing fled
    offers: bool = False  # thí / đòi đổi (22.7, 22.5): the moved piece can now be taken
    threats: list[Threat] = field(default_factory=list)
    #: every forbidden threat of a chariot, horse or cannon standing after the move, new or
    #: not (Điều 24.26: they join a general's or soldier's chase)
    standing: list[Threat] = field(default_factory=list)


@dataclass
class SideReading:
    """One side's moves in the run, and the rule it breaks (``violation``) if any."""

    side: str
    kinds: list[str]
    violation: str | None  # Basis
    chased: str | None  # the piece chased by every move, when that is the violation
    chasers: list[str]
    allowed: list[str]  # Basis values explaining why the moves are allowed


@dataclass
class RulingProposal:
    ruling: str  # RepetitionRuling
    bases: list[str]  # Basis values, the first is the main one
    points: str  # e.g. "Điều 23 điểm 3 (Điều 24.14 hình 32-38, ...)"
    text_vi: str
    cycle_first_ply: int
    cycle_length: int
    cycle_count: int
    cycle_last_ply: int
    cycle_moves: list[str]
    sides: list[SideReading]
    moves: list[MoveReading]
    decisions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> dict[str, Any]:
        """What a game record keeps: the proposal, its article and each side's reading
        (without the per-move threat lists)."""
        data = self.to_dict()
        data.pop("moves")
        return data


# --------------------------------------------------------------------------- entry points

def propose_rulings(start_fen: str | None, moves: Sequence[Move | str], *,
                    min_repetitions: int = MIN_REPETITIONS,
                    validate: bool = False) -> list[RulingProposal]:
    """One proposal per repetition run whose first position occurs ``min_repetitions`` times.

    ``moves`` are Move objects or ICCS strings from ``start_fen`` (None = initial position);
    ``validate=True`` raises :class:`IllegalMoveError` naming the first illegal ply.
    """
    played = [Move.from_iccs(m) if isinstance(m, str) else m for m in moves]
    analysis = analyse_game(start_fen, played, min_repetitions=max(2, min_repetitions),
                            validate=validate)
    return proposals_of_analysis(analysis, played, min_repetitions=min_repetitions)


def proposals_of_analysis(analysis: GameAnalysis, moves: Sequence[Move], *,
                          min_repetitions: int = MIN_REPETITIONS) -> list[RulingProposal]:
    """The proposals for the repetition runs an :func:`analyse_game` already found (saves
    replaying the game again in validation)."""
    return [
        _propose(analysis.start_fen, moves, run.first_ply, run.last_ply, run.length, run.count)
        for run in analysis.repetitions if run.count >= min_repetitions
    ]


def propose_ruling(start_fen: str | None, moves: Sequence[Move | str], *,
                   min_repetitions: int = MIN_REPETITIONS,
                   validate: bool = False) -> RulingProposal | None:
    """The proposal for the last repetition run of the sequence (None: no repetition)."""
    proposals = propose_rulings(start_fen, moves, min_repetitions=min_repetitions,
                                validate=validate)
    return proposals[-1] if proposals else None


# --------------------------------------------------------------------------- reading moves

def _propose(fen0: str, moves: Sequence[Move], first: int, last: int, length: int,
             count: int) -> RulingProposal:
    readings = _read_moves(fen0, moves, first, last)
    sides = [_read_side(side, readings) for side in TURN_LETTERS]
    ruling, bases, decisions = _decide(sides, readings)
    points = "; ".join(dict.fromkeys(Basis(b).article for b in bases))
    return RulingProposal(
        ruling=ruling.value, bases=[b.value for b in bases], points=points,
        text_vi=_text_vi(ruling, bases, sides, decisions),
        cycle_first_ply=first, cycle_length=length, cycle_count=count, cycle_last_ply=last,
        cycle_moves=[m.iccs() for m in moves[first:first + length]],
        sides=sides, moves=readings, decisions=decisions)


def _read_moves(fen0: str, moves: Sequence[Move], first: int, last: int) -> list[MoveReading]:
    """Classify the moves of plies ``first + 1 .. last`` (the repetition run)."""
    pos, ids, names = _run_start(fen0, moves, first)
    readings = []
    for ply in range(first + 1, last + 1):
        move = moves[ply - 1]
        fr = move[1] * FILES + move[0]
        to = move[3] * FILES + move[2]
        mover = pos.side
        evading = pos.is_check()
        before = {(ids[a], ids[t]): st.forbidden for (a, t), st in _threats(pos, mover).items()}
        theirs_before = {(ids[a], ids[t]) for a, t in _threats(pos, mover ^ 1)}
        mate_before = evading or _mates_by_checks(pos, 2)
        pos.push(move)
        moved = ids.pop(fr)
        ids.pop(to, None)
        ids[to] = moved
        check = pos.is_check()
        threats, standing = [], []
        # A parry that also attacks is still a chase (24.14 hình 37, 24.19 hình 50). A standing
        # threat is new when the move takes away the target's protection (24.36 hình 105).
        for (a, t), status in _threats(pos, mover).items():
            threat = Threat(names[ids[a]], names[ids[t]], status.value)
            was = before.get((ids[a], ids[t]))
            if was is None or (status.forbidden and not was):
                threats.append(threat)
            if status.forbidden:
                standing.append(threat)
        mate = not check and not mate_before and _threatens_mate(pos, mover)
        theirs_after = {(ids[a], ids[t]) for a, t in _threats(pos, mover ^ 1)}
        alive = set(ids.values())
        blocks = any(a in alive and t in alive and t != moved
                     for a, t in theirs_before - theirs_after)
        offers = any(t == moved for _, t in theirs_after - theirs_before)
        readings.append(MoveReading(
            ply=ply, side=TURN_LETTERS[mover], move=move.iccs(),
            kind=_kind(check, threats, mate).value, check=check, mate_threat=mate,
            evading=evading, blocks=blocks, offers=offers, threats=threats,
            standing=standing))
    return readings


def _kind(check: bool, threats: list[Threat], mate: bool) -> MoveKind:
    if check:
        return MoveKind.CHECK
    if any(ThreatStatus(t.status).forbidden for t in threats):
        return MoveKind.CHASE
    return MoveKind.MATE_THREAT if mate else MoveKind.IDLE


def _threats(pos: Position, side: int) -> dict[tuple[int, int], ThreatStatus]:
    """Captures ``side`` could make if it were to move, with the law's status (Điều 22.14-16,
    23 points 3, 6, 7, 9, 10; 24.20, 24.21). The general is never a target (that is a check)."""
    b = pos.board
    saved = pos.side
    pos.side = side
    try:
        pairs = [(fr, to) for fr, to in pos._legal_pairs() if b[to] and (b[to] & 7) != KING]
        if not pairs:
            return {}
        pos.side = side ^ 1
        replies = set(pos._legal_pairs())
        pos.side = side
        return {(fr, to): _status(pos, fr, to, replies) for fr, to in pairs}
    finally:
        pos.side = saved


def _status(pos: Position, fr: int, to: int, replies: set[tuple[int, int]]) -> ThreatStatus:
    b = pos.board
    side = pos.side
    chaser, target = b[fr] & 7, b[to] & 7
    if chaser in (KING, PAWN):
        return ThreatStatus.GENERAL_OR_SOLDIER
    if target == PAWN and own_half(side ^ 1, to // FILES):
        return ThreatStatus.UNCROSSED_SOLDIER
    protected = _really_protected(pos, fr, to)
    if target == chaser:
        if (to, fr) in replies:
            return ThreatStatus.EXCHANGE_OFFER  # 24.20: both free to capture
        if chaser == HORSE:
            return ThreatStatus.BLOCKED_HORSE  # 23 point 7, 24.20 hình 55
        if not protected:  # 24.20 hình 53, 24.23 hình 63-65: held on its line, no exchange
            return ThreatStatus.PINNED_TARGET
    if target == ROOK and chaser in (HORSE, CANNON):
        return ThreatStatus.CHARIOT_BY_HORSE_CANNON
    if not protected:
        defenders = _defended_at_all(pos, fr, to)
        return ThreatStatus.FALSELY_PROTECTED if defenders else ThreatStatus.UNPROTECTED
    if not any(f == to for f, _ in replies):
        return ThreatStatus.PINNED_TARGET  # 23 point 7: protected, but cannot move
    return ThreatStatus.PROTECTED


def _defended_at_all(pos: Position, fr: int, to: int) -> bool:
    """After ``fr`` x ``to``, does a piece of the target's owner reach ``to`` by geometry alone
    (ignoring its general's safety)? Such a defender that cannot legally take back is a false
    protection (cẩn giả, Điều 22.16)."""
    cap = pos._make(fr, to)
    try:
        return any(t == to for _, t in pos._pseudo_pairs())
    finally:
        pos._unmake(fr, to, cap)


def _threatens_mate(pos: Position, side: int) -> bool:
    """Dọa hết (Điều 22.3): if the opponent passed, could ``side`` mate at once, or by two
    checks? (Checks and captures of the general are excluded: the opponent to move is not in
    check when this is asked.)"""
    saved = pos.side
    pos.side = side
    try:
        return _mates_by_checks(pos, 2)
    finally:
        pos.side = saved


def _mates_by_checks(pos: Position, depth: int) -> bool:
    """Can the side to move mate within ``depth`` of its moves, every one a check?"""
    for fr, to in pos._legal_pairs():
        cap = pos._make(fr, to)
        try:
            if not _attacked(pos.board, pos.kings[pos.side], pos.side ^ 1):
                continue
            replies = pos._legal_pairs()
            if not replies:
                return True
            if depth > 1 and all(_reply_loses(pos, r, depth - 1) for r in replies):
                return True
        finally:
            pos._unmake(fr, to, cap)
    return False


def _reply_loses(pos: Position, reply: tuple[int, int], depth: int) -> bool:
    cap = pos._make(*reply)
    try:
        return _mates_by_checks(pos, depth)
    finally:
        pos._unmake(reply[0], reply[1], cap)


# --------------------------------------------------------------------------- judging sides

def _read_side(side: str, readings: list[MoveReading]) -> SideReading:
    mine = [r for r in readings if r.side == side]
    kinds = [r.kind for r in mine]
    allowed = _allowed_bases(mine)
    if not mine:
        return SideReading(side, kinds, None, None, [], allowed)
    if all(r.check for r in mine):
        return SideReading(side, kinds, Basis.PERPETUAL_CHECK.value, None, [], allowed)
    if all(r.evading for r in mine):  # only forced defences (nước đỡ, 22.12): never a chase
        return SideReading(side, kinds, None, None, [], allowed)
    chase = _perpetual_chase(mine) or _joined_general_soldier_chase(mine)
    if chase is None:
        return SideReading(side, kinds, None, None, [], allowed)
    target, chasers, basis = chase
    return SideReading(side, kinds, basis.value, target, chasers, allowed)


def _forbidden(reading: MoveReading) -> list[Threat]:
    """The move's forbidden threats; a move that checks is a check, not a chase (point 2)."""
    if reading.check:
        return []
    return [t for t in reading.threats if ThreatStatus(t.status).forbidden]


def _perpetual_chase(mine: list[MoveReading]) -> tuple[str, list[str], Basis] | None:
    """The piece every move of the side chases with a forbidden threat (points 3, 5-8)."""
    per_move = [_forbidden(r) for r in mine]
    common = set.intersection(*({t.target for t in threats} for threats in per_move))
    if not common:
        return None
    target = sorted(common)[0]
    hits = [t for threats in per_move for t in threats if t.target == target]
    chasers = sorted({t.chaser for t in hits})
    statuses = {ThreatStatus(t.status) for t in hits}
    basis = _STATUS_BASIS[next(s for s in _STATUS_ORDER if s in statuses)]
    if basis is Basis.CHASE_UNPROTECTED and len(chasers) > 1:
        basis = Basis.CHASE_SEVERAL_PIECES
    return target, chasers, basis


def _joined_general_soldier_chase(mine: list[MoveReading]
                                  ) -> tuple[str, list[str], Basis] | None:
    """Điều 24.26 (hình 71-73): a general or soldier chases the same piece with every move and,
    after every move, chariots, horses or cannons attack it too — at least two of them (point
    9: joined by *one* chariot, horse or cannon is a draw, 24.24 hình 68, 24.25 hình 70)."""
    if any(r.check for r in mine):
        return None
    by_general_soldier = [
        {t.target for t in r.threats if t.status == ThreatStatus.GENERAL_OR_SOLDIER}
        for r in mine]
    by_others = [{t.target for t in r.standing} for r in mine]
    for target in sorted(set.intersection(*by_general_soldier, *by_others)):
        others = {t.chaser for r in mine for t in r.standing if t.target == target}
        if len(others) < 2:  # point 9: joined by one chariot, horse or cannon: still a draw
            continue
        chasers = sorted(others | {t.chaser for r in mine for t in r.threats
                                   if t.target == target})
        return target, chasers, Basis.GENERAL_SOLDIER_WITH_OTHERS
    return None


def _allowed_bases(mine: list[MoveReading]) -> list[str]:
    """Why the side's moves, though repeated, break no rule (Điều 23 points 2, 3, 4, 6, 9, 10)."""
    bases: list[Basis] = []
    if any(r.check for r in mine) and not all(r.check for r in mine):
        bases.append(Basis.CHECK_AND_OTHER)
    if any(r.kind == MoveKind.MATE_THREAT for r in mine):
        bases.append(Basis.MATE_THREATS)
    chased = [{t.target for t in _forbidden(r)} for r in mine if r.kind == MoveKind.CHASE]
    if chased:
        several = len(set().union(*chased)) > 1 and not set.intersection(*chased)
        bases.append(Basis.ALTERNATE_TARGETS if several else Basis.CHASE_AND_OTHER)
    for r in mine:
        for t in r.threats:
            status = ThreatStatus(t.status)
            if not status.forbidden:
                bases.append(_STATUS_BASIS[status])
    if any(r.blocks and r.kind == MoveKind.IDLE for r in mine):
        bases.append(Basis.BLOCKING)
    if any(r.offers and r.kind == MoveKind.IDLE for r in mine):
        bases.append(Basis.SACRIFICE)
    return [b.value for b in dict.fromkeys(bases)]


def _decide(sides: list[SideReading], readings: list[MoveReading]
            ) -> tuple[RepetitionRuling, list[Basis], list[str]]:
    decisions = _decision_notes(readings)
    offenders = [s for s in sides if s.violation is not None]
    if len(offenders) == 2:
        kinds = {s.violation == Basis.PERPETUAL_CHECK for s in offenders}
        if kinds == {True, False}:  # check against chase: the checker must change (7.1g)
            checker = next(s for s in offenders if s.violation == Basis.PERPETUAL_CHECK)
            decisions.append(DECISION_NOTES["check_over_chase"])
            return (RepetitionRuling.loses(checker.side), [Basis.CHECK_OVER_CHASE], decisions)
        bases = [Basis.MUTUAL, *(Basis(s.violation or "") for s in offenders)]
        return RepetitionRuling.DRAW, list(dict.fromkeys(bases)), decisions
    if len(offenders) == 1:
        offender = offenders[0]
        other = next(s for s in sides if s is not offender)
        bases = [Basis(offender.violation or "")]
        if offender.violation != Basis.PERPETUAL_CHECK:
            bases.extend(_chase_extras(offender, other, readings))
        return RepetitionRuling.loses(offender.side), list(dict.fromkeys(bases)), decisions
    allowed = [Basis(b) for s in sides for b in s.allowed]
    bases = list(dict.fromkeys(allowed)) or [Basis.NO_VIOLATION]
    return RepetitionRuling.DRAW, bases, decisions


def _chase_extras(offender: SideReading, other: SideReading,
                  readings: list[MoveReading]) -> list[Basis]:
    """Further points behind a perpetual chase: the other side counter-chasing on some moves
    (point 5), exchange offers mixed in (point 8), a general or soldier joining (point 9)."""
    extras = []
    if len(offender.chasers) > 1 and offender.violation not in (
            Basis.CHASE_SEVERAL_PIECES, Basis.GENERAL_SOLDIER_WITH_OTHERS):
        extras.append(Basis.CHASE_SEVERAL_PIECES)  # point 3, 2nd sentence (24.16, 24.29)
    if MoveKind.CHASE in other.kinds:
        extras.append(Basis.TWO_CHASES_ONE_COUNTER)
    mine = [r for r in readings if r.side == offender.side]
    on_target = [t for r in mine for t in r.threats if t.target == offender.chased]
    statuses = {ThreatStatus(t.status) for t in on_target}
    if ThreatStatus.EXCHANGE_OFFER in statuses or any(
            ThreatStatus(t.status) is ThreatStatus.EXCHANGE_OFFER
            for r in mine for t in r.threats):
        extras.append(Basis.CHASE_WITH_EXCHANGE)
    if ThreatStatus.GENERAL_OR_SOLDIER in statuses:
        extras.append(Basis.GENERAL_SOLDIER_WITH_OTHERS)
    return extras


def _decision_notes(readings: list[MoveReading]) -> list[str]:
    notes = []
    statuses = {ThreatStatus(t.status) for r in readings for t in r.threats}
    horses = any(t.chaser[0] in "Nn" and t.target[0] in "Nn" for r in readings
                 for t in r.threats)
    if horses:
        notes.append(DECISION_NOTES["horse_exchange"])
    if ThreatStatus.GENERAL_OR_SOLDIER in statuses and statuses & _FORBIDDEN:
        notes.append(DECISION_NOTES["general_soldier"])
    return notes


_SIDE_VI = {"w": "Trắng (Đỏ)", "b": "Đen"}


def _text_vi(ruling: RepetitionRuling, bases: list[Basis], sides: list[SideReading],
             decisions: list[str]) -> str:
    main = bases[0]
    if ruling in (RepetitionRuling.RED_LOSES, RepetitionRuling.BLACK_LOSES):
        side = "w" if ruling is RepetitionRuling.RED_LOSES else "b"
        reading = next(s for s in sides if s.side == side)
        what = main.label_vi
        if reading.chased:
            what += f" ({', '.join(reading.chasers)} đuổi {reading.chased})"
        text = (f"Đề xuất: bên {_SIDE_VI[side]} {what}, phải đổi nước đi, nếu không bị xử "
                f"thua — {main.article}.")
    else:
        reasons = "; ".join(b.label_vi for b in bases)
        text = f"Đề xuất: hòa ({reasons}) — {'; '.join(b.article for b in bases)}."
    if decisions:
        text += " Lựa chọn khi luật mâu thuẫn: " + " | ".join(decisions) + "."
    return text + " Trọng tài quyết định."
