"""The one place where the games app calls the rules package ``chessrules``.

Move rules, notations, validation and PGN live in ``chessrules`` (pure Python, no Django);
this adapter turns the app's values (discipline, notation choice, declared score, decision)
into the package's arguments and its answers into plain dicts the app stores. Nothing here
knows a move rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from chessrules import chess as _chess
from chessrules import pgn as _pgn
from chessrules import validation as _validation
from chessrules.notation import xiangqi as _xq_notation
from chessrules.notation import xiangqi_dialects as _xq_dialects
from chessrules.notation import xqf as _xqf
from chessrules.values import PGN_RESULTS, PLAYED, Discipline, RepetitionRuling, Result
from chessrules.xiangqi import Move as XiangqiMove
from chessrules.xiangqi import Position as XiangqiPosition
from chessrules.xiangqi import analysis as _xq_analysis
from chessrules.xiangqi import final_phase as _xq_final_phase
from tournaments.models import AnnulledGame

#: The arbiter's reason codes (Điều 7; FIDE Laws for chess): code -> DecisionReason
#: (``label_vi``, ``label_en``, ``article``, ``outcome`` per discipline).
DECISION_REASONS: dict = _validation.DECISION_REASONS
REASON_THREE_TECHNICAL = "three_technical_faults"  # Điều 7.1n
REASON_THREE_CONDUCT = "three_conduct_faults"  # Điều 7.1n
REASON_OMISSIONS = "missing_moves"  # Điều 7.1m, 11.3b
REASON_ILLEGAL_MOVES = "illegal_moves"  # chess: Luật Cờ Vua 7.4b (002); FIDE 7.5.5
REASON_ARBITER_PENALTY = "arbiter_penalty"  # chess: Luật Cờ Vua 13.4d (002); FIDE 12.9

_DECISION_TO_RESULT = {"white_wins": Result.WHITE_WINS.value, "black_wins": Result.BLACK_WINS.value,
                       "draw": Result.DRAW.value}
#: "Both lose" (Điều 7.1i, 15.7b) scores 0-0: the pairing's double forfeit (0, 0) is the only
#: result of the tournaments app with those points.
_DECISION_TO_PAIRING_RESULT = {**_DECISION_TO_RESULT, "both_lose": Result.DOUBLE_FORFEIT.value}
_RESULT_TO_DECISION = {v: k for k, v in _DECISION_TO_RESULT.items()}


#: The decision and reason (Điều 7) a repetition proposal suggests: the side that must change
#: loses by 7.1g (perpetual check) or 7.1h (another forbidden repetition); a draw is 7.2b/c.
_CHECK_BASES = frozenset({"perpetual_check", "check_over_chase"})


def decision_of_ruling(ruling: str, main_basis: str) -> tuple[str, str] | None:
    """(decision, reason) suggested by a proposal of ``chessrules.xiangqi.rulings``."""
    value = RepetitionRuling(ruling)
    if value is RepetitionRuling.DRAW:
        return "draw", "mutual_repetition"
    if value is RepetitionRuling.NONE:
        return None
    winner = "black_wins" if value is RepetitionRuling.RED_LOSES else "white_wins"
    return winner, "perpetual_check" if main_basis in _CHECK_BASES else "forbidden_repetition"


def move_limit_at(start_fen: str, normalised: list[str], ply: int, limit: int
                  ) -> tuple[bool, dict[str, int]]:
    """Điều 12 at ``ply`` of a xiangqi record: had ``limit`` moves without a capture been
    played at some point by then (12a: "kể từ bất cứ thời điểm nào"), and the count of the
    current run per side (checks count at most 5, 12c)."""
    analysis = _xq_analysis.analyse_game(start_fen or None, normalised[:ply],
                                         no_capture_limit=limit)
    return analysis.fifty_move_reached, dict(analysis.counted_no_capture_moves)


#: Điều 10.1.2: checks allowed to each side in the Asian control's final phase.
FINAL_PHASE_CHECKS_ALLOWED = _xq_final_phase.CHECKS_ALLOWED


def final_phase_checks(start_fen: str, normalised: list[str], from_ply: int) -> dict:
    """Điều 10.1.2: the checks each side gave from half-move ``from_ply`` of a xiangqi
    record and those beyond four (``chessrules.xiangqi.final_phase``)."""
    return _xq_final_phase.phase_checks(start_fen or None, normalised, from_ply).to_dict()


def move_number_of_ply(start_fen: str, ply: int) -> int:
    """The move number of half-move ``ply`` of a xiangqi record starting at ``start_fen``."""
    return _xq_final_phase.move_number_of_ply(start_fen or None, ply)


def is_pgn_result(text: str | None) -> bool:
    """One of PGN's four results: 1-0, 0-1, 1/2-1/2, * (a game still going or unknown)."""
    return text in PGN_RESULTS


def is_played_result(result: str | None) -> bool:
    """"1-0", "0-1" or "1/2-1/2": a game played over the board (a score a sheet or a PGN
    Result tag declares)."""
    return result in PLAYED


def result_of_decision(decision: str) -> str | None:
    """The PGN result of an arbiter's decision (None for both lose: PGN has no "0-0")."""
    return _DECISION_TO_RESULT.get(decision)


def pairing_result_of_decision(decision: str) -> str:
    return _DECISION_TO_PAIRING_RESULT[decision]


def decision_of_result(result: str) -> str | None:
    return _RESULT_TO_DECISION.get(result)


def pgn_termination(code: str) -> str:
    """PGN's Termination word for a decision reason (``chessrules.validation``)."""
    return _validation.pgn_termination(code)


def is_decision_reason(code: str) -> bool:
    """A reason of the catalogue (Điều 7) or of an annulment (Điều 9.9a-b)."""
    return code in DECISION_REASONS or code in AnnulledGame.Reason.values


def reason_label(code: str) -> str:
    reason = DECISION_REASONS.get(code)
    if reason is None and code in AnnulledGame.Reason.values:  # Điều 9.9a-b
        return str(AnnulledGame.Reason(code).label)
    return reason.label_vi if reason else code


def is_start_position(discipline: str, fen: str | None) -> bool:
    """True when ``fen`` is empty or the standard initial position (board and side to move)."""
    if not fen:
        return True
    return fen.split()[:2] == Discipline(discipline).start_fen.split()[:2]


def validate(discipline: str, moves_text: str, *, start_fen: str = "", notation: str = "auto",
             declared_result: str = "", declared_reason: str = "",
             no_capture_limit: int = 50, tokens: list | None = None,
             final_phase_ply: int | None = None) -> dict:
    """Validate one game; the report of ``chessrules.validation.validate_game`` as a dict.

    An unknown notation or discipline, or an unreadable start FEN, is reported like a bad
    first move (the record is invalid), not raised. ``tokens``: the same moves already split
    by the PGN reader (saves splitting ``moves_text`` again in bulk imports).
    """
    try:
        report = _validation.validate_game(
            discipline, tokens if tokens is not None else moves_text,
            start_fen=start_fen or None,
            notation=None if notation in ("", "auto") else notation,
            declared_result=declared_result or None,
            declared_reason=declared_reason or None,
            no_capture_limit=no_capture_limit,
        )
    except ValueError as exc:  # bad FEN or notation: nothing could be replayed
        return _setup_error_report(discipline, start_fen, str(exc))
    # The report's own to_dict() deep-copies every nested list (dataclasses.asdict), a
    # noticeable share of a bulk import; its parts are already plain data and are not reused.
    data = dict(vars(report))
    data["coordinates"] = Discipline(discipline).machine_notation
    if final_phase_ply and discipline == Discipline.XIANGQI:
        _report_final_phase(data, start_fen, final_phase_ply)
    return data


def _report_final_phase(data: dict, start_fen: str, from_ply: int) -> None:
    """Điều 10.1.2: each check beyond four in the recorded final phase is a warning on its
    half-move; the counts go in the report (``final_phase``)."""
    moves = list(data.get("moves") or [])
    if data.get("error") or from_ply > len(moves):
        return
    phase = final_phase_checks(start_fen, moves, from_ply)
    data["final_phase"] = phase
    names = {"w": _("Đỏ"), "b": _("Đen")}
    seen = {"w": 0, "b": 0}
    for excess in phase["excess"]:
        seen[excess["side"]] += 1
        data["warnings"] = [*data.get("warnings", []), _(
            "Điều 10.1.2: %(side)s chiếu Tướng lần thứ %(n)s trong giai đoạn cuối, ở nửa nước "
            "%(ply)s (không được quá bốn lần).") % {
                "side": names[excess["side"]], "n": FINAL_PHASE_CHECKS_ALLOWED
                + seen[excess["side"]], "ply": excess["ply"]}]


def _setup_error_report(discipline: str, start_fen: str, message: str) -> dict:
    return {
        "discipline": discipline, "valid": False, "notation": "", "moves": [], "moves_vn": [],
        "start_fen": start_fen, "final_fen": "", "ending": {"type": "none", "winner": None},
        "flags": {}, "consistent": False, "problems": [], "warnings": [],
        "error": {"ply": 0, "move_number": None, "side": None, "text": start_fen,
                  "code": "setup", "reason": message, "reason_vi": message},
    }


# --- PGN ---------------------------------------------------------------------------------

@dataclass
class PgnGame:
    """One game read from a PGN file: its tags, its moves as written, where it starts."""

    tags: dict[str, str]
    movetext: str
    line: int
    discipline: str
    tokens: list  # the reader's move tokens, so validation does not split the text again


def read_pgn(text: str) -> list[PgnGame]:
    """The games of a PGN file (chess, or xiangqi when ``[Variant "xiangqi"]``).

    Raises ``ValueError`` naming the game and line when the file itself cannot be read.
    """
    games = []
    for game in _pgn.read_pgn(text):
        tags = dict(game.headers)
        if game.movetext_result and not tags.get("Result"):
            tags["Result"] = game.movetext_result
        games.append(PgnGame(tags=tags, movetext=" ".join(t.text for t in game.tokens),
                             line=game.line, discipline=game.discipline,
                             tokens=game.tokens))
    return games


def import_notation(discipline: str, tags: dict[str, str], declared: str, auto: str) -> str:
    """The notation to read an imported game's moves in: a xiangqi file's ``[Format]``
    (ICCS, WXF), else the upload's when the game's discipline has it, else detected
    (``auto``): a xiangqi file uploaded as "san" is not read as chess notation (issue 29)."""
    named = _pgn.FORMAT_NOTATIONS.get(tags.get("Format", "").strip().upper())
    if discipline == Discipline.XIANGQI and named:
        return named
    return declared if declared in Discipline(discipline).notations else auto


def chess960_tag(tags: dict[str, str]) -> str | None:
    """The tag that makes an imported chess game Chess960 (``chessrules.pgn``), else None."""
    return _pgn.chess960_tag(tags)


def count_pgn_games(text: str, stop_after: int) -> int:
    """How many games the PGN file holds, reading at most ``stop_after`` of them (a file
    the reader refuses counts the games before the error: the import job reports it)."""
    count = 0
    try:
        for _game in _pgn.read_pgn(text):
            count += 1
            if count >= stop_after:
                break
    except ValueError:
        pass
    return count


def write_pgn_game(discipline: str, normalised: list[str], *, headers: dict[str, str],
                   start_fen: str, fmt: str, result: str) -> str:
    """One PGN game from the record's normalised moves (ICCS / UCI) in ``fmt``."""
    return _pgn.write_pgn(" ".join(normalised), discipline=discipline, headers=headers,
                          start_fen=start_fen or None, notation=fmt, result=result)


def write_dhtmlxq(headers: dict[str, str], normalised: list[str], start_fen: str) -> str:
    """A xiangqi game (ICCS moves) as a DhtmlXQ block (``chessrules``)."""
    return _xq_dialects.write_dhtmlxq(headers, [XiangqiMove.from_iccs(m) for m in normalised],
                                      start_fen or None)


def write_xqf(headers: dict[str, str], normalised: list[str], start_fen: str) -> bytes:
    """A xiangqi game (ICCS moves) as an XQF file, version 1.0 unencrypted (``chessrules``);
    ``ValueError`` for a start position XQF cannot hold."""
    return _xqf.write_xqf(headers, [XiangqiMove.from_iccs(m) for m in normalised],
                          start_fen or None)


def xqf_upload_text(raw: bytes, name: str) -> str | None:
    """An uploaded XQF file (named ``*.xqf`` or starting ``XQ`` + a version byte) as the text
    the upload keeps and the import reads; None for any other file."""
    return _xqf.to_text(raw) if _xqf.is_xqf(raw, name) else None


def xqf_error(error: Exception) -> dict | None:
    """What an XQF file's read error says (``code``, ``field``, ``ply``, ``params``), else
    None (not an XQF error)."""
    if not isinstance(error, _xqf.XqfError):
        return None
    return {"code": error.code, "field": error.field, "ply": error.ply,
            "params": dict(error.params), "reason_vi": error.reason_vi}


def export_moves(discipline: str, normalised: list[str], start_fen: str, fmt: str, *,
                 numbered: bool = True) -> str:
    """The game's moves (ICCS for xiangqi, UCI for chess) written in ``fmt``."""
    if discipline == Discipline.XIANGQI:
        return _xq_notation.convert(normalised, Discipline.XIANGQI.machine_notation, fmt,
                                    start_fen or None, numbered=numbered)
    return _chess.convert(normalised, fmt, start_fen or None, numbered=numbered)


# --- board diagrams ------------------------------------------------------------------------

def xiangqi_board(fen: str) -> list[list[str | None]]:
    """Rows of the xiangqi board from rank 9 (Black's side) down to rank 0, files a-i."""
    position = XiangqiPosition.from_fen(fen or Discipline.XIANGQI.start_fen)
    return [[position.piece_at(file, rank) for file in range(9)] for rank in range(9, -1, -1)]
