"""Validate a recorded game (xiangqi or chess) and its declared result.

:func:`validate_game` replays the moves (in any accepted notation), stops at the first move
that cannot be read or played, and reports the normalised moves, the final position, how the
game ended on the board, the evidence flags of the draw and repetition rules, and whether the
declared result and reason agree with the position. It is pure (no I/O, no global state) so
that Celery workers can call it for every stored record.

Decision reasons (``DECISION_REASONS``) follow Điều 7 of the Xiangqi Law (seed 000) and, for
chess, the FIDE Laws in seed 002 (Điều 5, 6, 9).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

import chess

from chessrules import chess as vn_chess
from chessrules.notation import xiangqi as xq_notation
from chessrules.notation.errors import NotationError, move_number_of
from chessrules.notation.movetext import Token, split_movetext
from chessrules.values import PGN_RESULTS, Discipline, Result
from chessrules.xiangqi import START_FEN, Move, Position, analyse_game
from chessrules.xiangqi.rulings import proposals_of_analysis

DISCIPLINES = tuple(Discipline)
RESULTS = tuple(r.value for r in PGN_RESULTS)
SIDE_NAMES = {"w": "White/Red", "b": "Black"}


@dataclass(frozen=True)
class DecisionReason:
    code: str
    label_vi: str
    label_en: str
    article: str
    outcome: dict[str, str]  # discipline -> "decisive" | "draw"


def _reason(code: str, vi: str, en: str, article: str, xiangqi: str | None = None,
            chess_outcome: str | None = None) -> DecisionReason:
    outcome: dict[str, str] = {}
    if xiangqi:
        outcome["xiangqi"] = xiangqi
    if chess_outcome:
        outcome["chess"] = chess_outcome
    return DecisionReason(code, vi, en, article, outcome)


#: The PGN standard's Termination words (section 9.8.1) for each decision reason: the
#: reasons of the laws are finer than PGN's; the export keeps the reason in its own tag.
PGN_TERMINATION: dict[str, str] = {
    **dict.fromkeys(("checkmate", "stalemate", "resignation", "agreed_draw",
                     "mutual_repetition", "fifty_moves", "no_attacking_material",
                     "threefold_repetition", "dead_position"), "normal"),
    "time_forfeit": "time forfeit",
    "late_arrival": "abandoned",
    **dict.fromkeys(("arbiter_draw", "adjudicated_win", "adjudicated_draw"), "adjudication"),
    **dict.fromkeys(("perpetual_check", "forbidden_repetition", "three_technical_faults",
                     "three_conduct_faults", "missing_moves", "sealed_move_error",
                     "rule_violation"), "rules infraction"),
}


def pgn_termination(reason: str) -> str:
    """The PGN ``Termination`` of a decision reason (``rules infraction`` for a sanction
    the table does not name)."""
    return PGN_TERMINATION.get(reason, "rules infraction")


#: Why a game was decided, as data (Điều 7 of seed 000; FIDE Laws in seed 002 for chess).
DECISION_REASONS: dict[str, DecisionReason] = {
    r.code: r
    for r in (
        _reason("checkmate", "Chiếu bí (chiếu hết)", "Checkmate",
                "Điều 7.1a, c; cờ vua: Luật FIDE Điều 5.1a (002)", "decisive", "decisive"),
        _reason("stalemate", "Hết nước đi (bị vây chặt)", "No legal move (stalemate)",
                "Điều 7.1b (cờ tướng: thua); cờ vua: hòa, Luật FIDE Điều 5.2a (002)",
                "decisive", "draw"),
        _reason("resignation", "Xin thua", "Resignation", "Điều 7.1k; FIDE 5.1b",
                "decisive", "decisive"),
        _reason("time_forfeit", "Không đi đủ số nước trong thời gian quy định", "Lost on time",
                "Điều 7.1d; FIDE 6.9", "decisive", "decisive"),
        _reason("late_arrival", "Đến chậm quá thời gian quy định", "Late arrival",
                "Điều 7.1e; FIDE 6.7", "decisive", "decisive"),
        _reason("perpetual_check", "Chiếu mãi không đổi nước", "Perpetual check not changed",
                "Điều 7.1g, Điều 23 điểm 1", "decisive"),
        _reason("forbidden_repetition", "Phạm luật cấm (đuổi bắt mãi) không đổi nước",
                "Forbidden repetition (perpetual chase) not changed",
                "Điều 7.1h, Điều 23 điểm 3-6", "decisive"),
        _reason("three_technical_faults", "Mắc lỗi kỹ thuật 3 lần", "Three technical faults",
                "Điều 7.1n, Điều 20.4 b.9", "decisive"),
        _reason("three_conduct_faults", "Mắc lỗi tác phong 3 lần", "Three conduct faults",
                "Điều 7.1n", "decisive"),
        _reason("missing_moves", "Không ghi 3 lần biên bản, mỗi lần 4 nước liên tục",
                "Did not record 4 consecutive moves, three times", "Điều 7.1m, 11.3b",
                "decisive"),
        _reason("sealed_move_error", "Ghi sai nước niêm phong", "Invalid sealed move",
                "Điều 7.1i, 10.3.2", "decisive"),
        _reason("illegal_moves", "Đi nước không hợp lệ quá số lần cho phép",
                "Illegal moves beyond the limit",
                "Luật Cờ Vua 7.4b (002); FIDE 7.5.5", chess_outcome="decisive"),
        _reason("arbiter_penalty", "Trọng tài phạt thua ván", "Game declared lost as a penalty",
                "Luật Cờ Vua 13.4d (002); FIDE 12.9", chess_outcome="decisive"),
        # 002 Phần 2 Điều 3.4 ("những ván đấu đó sẽ đưa ra đánh giá"), 5.5 (Ban Giám khảo
        # đánh giá những ván chưa hoàn thành): an unfinished game adjudicated, won or drawn
        _reason("adjudicated_win", "Ván chưa kết thúc được xử thắng (đánh giá)",
                "Unfinished game adjudicated as a win", "Luật Cờ Vua Phần 2 Điều 3.4, 5.5 (002)",
                chess_outcome="decisive"),
        _reason("adjudicated_draw", "Ván chưa kết thúc được xử hòa (đánh giá)",
                "Unfinished game adjudicated as a draw", "Luật Cờ Vua Phần 2 Điều 3.4, 5.5 (002)",
                chess_outcome="draw"),
        _reason("rule_violation", "Vi phạm luật bị xử thua", "Loss for breaking the rules",
                "Điều 7.1l; FIDE 7.4b (002)", "decisive", "decisive"),
        _reason("agreed_draw", "Hai bên thỏa thuận hòa", "Draw by agreement",
                "Điều 7.2d; FIDE 9.1 (002)", "draw", "draw"),
        _reason("mutual_repetition", "Hai bên cùng không phạm luật / cùng phạm luật, không đổi",
                "Repetition where both sides break (or keep) the same rule", "Điều 7.2b, c",
                "draw"),
        _reason("fifty_moves", "50 nước không ăn quân", "50 moves without a capture",
                "Điều 7.2e, Điều 12; cờ vua: FIDE 9.3 (002)", "draw", "draw"),
        _reason("no_attacking_material", "Hai bên không còn quân tấn công",
                "Neither side has material to attack", "Điều 7.2a", "draw"),
        _reason("arbiter_draw", "Trọng tài tuyên bố hòa (không còn Xe, Pháo, Mã, Tốt)",
                "Draw declared by the arbiter (no chariot, cannon, horse or soldier left)",
                "Điều 20.4 b.6", "draw"),
        _reason("threefold_repetition", "Lặp lại thế cờ 3 lần", "Threefold repetition",
                "FIDE 9.2 (002)", chess_outcome="draw"),
        _reason("dead_position", "Thế cờ chết (không thể chiếu hết)", "Dead position",
                "FIDE 9.6 (002)", chess_outcome="draw"),
    )
}


@dataclass
class GameReport:
    """What :func:`validate_game` found. ``moves`` are ICCS (xiangqi) or UCI (chess)."""

    discipline: str
    valid: bool
    notation: str
    error: dict[str, Any] | None
    moves: list[str]
    moves_vn: list[str]
    start_fen: str
    final_fen: str
    ending: dict[str, Any]
    flags: dict[str, Any]
    declared_result: str | None
    declared_reason: str | None
    consistent: bool
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: proposed repetition rulings (xiangqi, Điều 23-24): ``RulingProposal.summary()`` each
    repetition_rulings: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["coordinates"] = Discipline(self.discipline).machine_notation
        return data


def _place(index: int, side: str, number: int) -> tuple[int, str]:
    return move_number_of(index, side, number)


def _replay_xiangqi(
    tokens: list[Token], fmt: str, pos: Position
) -> tuple[list[Move], list[str], NotationError | None]:
    moves: list[Move] = []
    moves_vn: list[str] = []
    side, number = pos.turn, pos.fullmove
    read_move, write_move = xq_notation.read_move, xq_notation.write_move
    for i, token in enumerate(tokens):
        try:
            move = read_move(pos, token.text, fmt)
        except NotationError as error:
            return moves, moves_vn, error.at(i + 1, *_place(i, side, number), token.text)
        moves_vn.append(write_move(pos, move, "vn"))
        pos.push(move)
        moves.append(move)
    return moves, moves_vn, None


def _no_attacking_material_xiangqi(fen: str) -> bool:
    """Điều 7.2a / 20.4 b.6: neither side has a chariot, cannon, horse or soldier."""
    return not any(ch in "RCNPHrcnph" for ch in fen.split()[0])


def _validate_xiangqi(moves: str | Iterable[str] | Iterable[Token], start_fen: str | None,
                      notation: str | None, no_capture_limit: int) -> dict[str, Any]:
    if notation is not None and notation not in xq_notation.FORMATS:
        raise ValueError(f"unknown xiangqi notation {notation!r}: use {xq_notation.FORMATS}")
    tokens = xq_notation.tokens_of(moves, notation)
    fmt = notation or xq_notation.detect_format(t.text for t in tokens)
    pos = Position.from_fen(start_fen or START_FEN)
    fen0 = pos.fen()
    played, moves_vn, error = _replay_xiangqi(tokens, fmt, pos)
    analysis = analyse_game(fen0, played, no_capture_limit=no_capture_limit)
    flags = analysis.to_dict()
    for key in ("start_fen", "final_fen", "plies", "ending", "winner"):
        flags.pop(key)
    flags["no_attacking_material"] = _no_attacking_material_xiangqi(analysis.final_fen)
    rulings = [p.summary() for p in proposals_of_analysis(analysis, played)]
    return {
        "repetition_rulings": rulings,
        "notation": fmt,
        "error": error,
        "moves": [m.iccs() for m in played],
        "moves_vn": moves_vn,
        "start_fen": fen0,
        "final_fen": analysis.final_fen,
        "ending": {"type": analysis.ending or "none", "winner": analysis.winner},
        "flags": flags,
    }


def _validate_chess(moves: str | Iterable[str] | Iterable[Token], start_fen: str | None,
                    notation: str | None, no_capture_limit: int) -> dict[str, Any]:
    if notation is not None and notation not in vn_chess.FORMATS:
        raise ValueError(f"unknown chess notation {notation!r}: use {vn_chess.FORMATS}")
    if isinstance(moves, str):
        tokens = split_movetext(moves).tokens
    else:
        tokens = [m if isinstance(m, Token) else Token(str(m), 0) for m in moves]
    board = vn_chess.board_from(start_fen)
    fen0 = board.fen()
    side, number = ("w" if board.turn else "b"), board.fullmove_number
    played: list[chess.Move] = []
    moves_vn: list[str] = []
    error = None
    for i, token in enumerate(tokens):
        try:
            move = vn_chess.read_move(board, token.text)
        except NotationError as exc:
            error = exc.at(i + 1, *_place(i, side, number), token.text)
            break
        moves_vn.append(vn_chess.write_move(board, move, "vn"))
        board.push(move)
        played.append(move)
    flags = vn_chess.draw_flags(start_fen, played)
    if board.is_checkmate():
        ending: dict[str, str | None] = {"type": "checkmate",
                                         "winner": "b" if board.turn else "w"}
    elif board.is_stalemate():
        ending = {"type": "stalemate", "winner": None}
    else:
        ending = {"type": "none", "winner": None}
    return {
        "notation": notation or vn_chess.detect_format(t.text for t in tokens),
        "error": error,
        "moves": [m.uci() for m in played],
        "moves_vn": moves_vn,
        "start_fen": fen0,
        "final_fen": board.fen(),
        "ending": ending,
        "flags": flags,
    }


def validate_game(
    discipline: str,
    moves: str | Iterable[str] | Iterable[Token],
    *,
    start_fen: str | None = None,
    notation: str | None = None,
    declared_result: str | None = None,
    declared_reason: str | None = None,
    no_capture_limit: int = 50,
) -> GameReport:
    """Replay and check one game record.

    ``moves``: the movetext (numbers, comments and a final result are tolerated) or a list of
    moves; ``notation``: a format of :mod:`chessrules.notation.xiangqi` (xiangqi) or ``san``,
    ``vn``, ``uci`` (chess), auto-detected when None; ``no_capture_limit``: Điều 12 (50 in
    seed 000, 60 in seed 001; xiangqi only, chess uses FIDE 9.3).
    """
    if discipline not in DISCIPLINES:
        raise ValueError(f"unknown discipline {discipline!r}: use 'xiangqi' or 'chess'")
    replay = _validate_xiangqi if discipline == "xiangqi" else _validate_chess
    found = replay(moves, start_fen, notation, no_capture_limit)
    error: NotationError | None = found.pop("error")
    report = GameReport(
        discipline=discipline,
        valid=error is None,
        error=error.to_dict() if error else None,
        declared_result=declared_result,
        declared_reason=declared_reason,
        consistent=True,
        **found,
    )
    _check_declaration(report)
    report.consistent = not report.problems
    return report


# ----------------------------------------------------------------- result consistency
def _check_declaration(report: GameReport) -> None:
    problems, warnings = report.problems, report.warnings
    result, code = report.declared_result, report.declared_reason
    discipline = report.discipline
    if result is not None and result not in RESULTS:
        problems.append(f"unknown result {result!r} (use one of {', '.join(RESULTS)})")
        result = None
    reason = DECISION_REASONS.get(code) if code else None
    if code and reason is None:
        problems.append(f"unknown decision reason {code!r}")
    elif reason and discipline not in reason.outcome:
        problems.append(f"reason {code!r} ({reason.article}) does not apply to {discipline}")
        reason = None
    winner = Result(result).winner if result else None
    if reason and winner:
        expected = reason.outcome[discipline]
        if expected == "draw" and winner != "draw":
            problems.append(f"reason {code!r} ({reason.article}) is a draw but the result is "
                            f"{result}")
        if expected == "decisive" and winner == "draw":
            problems.append(f"reason {code!r} ({reason.article}) decides the game but the result "
                            f"is a draw")
    if not report.valid:
        if result or code:
            warnings.append("the record has an illegal or unreadable move: the declared result "
                            "was not checked against the position")
        return
    _check_board_ending(report, result, winner, code)
    if reason:
        _check_reason_evidence(report, winner, code or "", reason)  # a reason has its code


def _check_board_ending(report: GameReport, result: str | None, winner: str | None,
                        code: str | None) -> None:
    problems, warnings = report.problems, report.warnings
    kind, board_winner = report.ending["type"], report.ending["winner"]
    if kind == "none":
        if code in ("checkmate", "stalemate"):
            problems.append(f"declared {code} but the final position is not a {code}")
        return
    if board_winner:  # checkmate, or xiangqi stalemate (Điều 7.1b: a loss)
        loser = "b" if board_winner == "w" else "w"
        where = f"the final position is {kind} of {SIDE_NAMES[loser]}"
        if winner == "draw":
            problems.append(f"{where}: it cannot be declared drawn (Điều 7.1, 7.2f)")
        elif winner == loser:
            problems.append(f"{where}: the mated side cannot be declared the winner")
        elif result == "*":
            warnings.append(f"{where} but the result is '*'")
        if code and code not in ("checkmate", "stalemate"):
            warnings.append(f"{where} but the declared reason is {code!r}")
        elif code and code != kind:
            problems.append(f"declared {code} but the final position is {kind}")
    else:  # chess stalemate: a draw (FIDE 5.2a)
        if winner in ("w", "b"):
            problems.append("the final position is stalemate, a draw (FIDE 5.2a): it cannot "
                            f"be declared {result}")
        if code and code != "stalemate":
            warnings.append(f"the final position is stalemate but the declared reason is {code!r}")


def _check_reason_evidence(report: GameReport, winner: str | None, code: str,
                           reason: DecisionReason) -> None:
    problems, flags = report.problems, report.flags
    xiangqi = report.discipline == "xiangqi"
    if code == "fifty_moves":
        reached = flags["fifty_move_reached"] if xiangqi else flags["fifty_moves"] is not None
        if not reached:
            problems.append(f"declared fifty_moves ({reason.article}) but the record has no "
                            "such run of moves without a capture")
    elif code == "threefold_repetition" and flags.get("threefold_repetition") is None:
        problems.append("declared threefold_repetition but no position occurs three times")
    elif code in ("no_attacking_material", "arbiter_draw", "dead_position"):
        dead = flags["no_attacking_material"] if xiangqi else flags["dead_position"]
        if not dead:
            problems.append(f"declared {code} ({reason.article}) but attacking material remains")
    elif code == "perpetual_check":
        _check_repetition_loser(report, winner, "perpetual_checks", "perpetual check")
    elif code == "forbidden_repetition":
        _check_repetition_loser(report, winner, "chases", "perpetual chase")


def _check_repetition_loser(report: GameReport, winner: str | None, key: str,
                            what: str) -> None:
    offenders = {
        item["side"] for item in report.flags.get(key, []) if not item.get("mutual", False)
    }
    if not offenders:
        report.warnings.append(f"declared {what} but the record shows no such cycle "
                               "(the arbiter may have ruled on moves not recorded)")
    elif winner in ("w", "b") and winner in offenders and len(offenders) == 1:
        report.problems.append(f"{SIDE_NAMES[winner]} is declared the winner but is the side "
                               f"found repeating the {what}")
