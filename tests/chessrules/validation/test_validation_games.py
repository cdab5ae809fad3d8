"""validate_game: normalised moves, ending, flags and the consistency of the declared result
and reason (seed 000 Điều 7, 12, 20.4 b.6, 23; chess: seed 002 Điều 5, 9)."""

import json

import chess
import pytest

from chessrules.validation import DECISION_REASONS, validate_game

# Red chariots a8 and i0; Black general e9 alone; Red general d0. i0-i9 mates: rank 9 is the
# chariot's, rank 8 the other chariot's, d9 faces the Red general (Điều 4.3a).
MATE_IN_ONE = "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1"
# Red soldiers e7, e6, e5, e4; Black general f9. e7-e8 leaves Black no legal move, not in check.
STALEMATE_IN_ONE = "5k3/9/4P4/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1"
# Black general e9 and advisor d9; Red chariot h8, soldier e6, general d0: h8-h9+ e9-e8 h9-h8+
# e8-e9 repeats with Red checking on every move (Điều 23 point 1).
PERPETUAL = "3ak4/7R1/9/4P4/9/9/9/9/9/3K5 w - - 0 1"
ONLY_DEFENDERS = "3k5/4a4/9/9/9/9/9/9/9/3AKA3 w - - 0 1"


def test_xiangqi_checkmate_declared_correctly():
    report = validate_game("xiangqi", "1. R1+9", start_fen=MATE_IN_ONE, declared_result="1-0",
                           declared_reason="checkmate")
    assert report.valid and report.consistent, report.problems
    assert report.notation == "wxf"
    assert report.moves == ["i0i9"] and report.moves_vn == ["X1.9"]
    assert report.ending == {"type": "checkmate", "winner": "w"}
    assert report.final_fen.startswith("4k3R/R8/")


@pytest.mark.parametrize(
    ("result", "reason"),
    [("1/2-1/2", "agreed_draw"), ("0-1", "resignation"), ("1/2-1/2", None),
     ("1-0", "stalemate")],
)
def test_xiangqi_mated_side_cannot_draw_or_win(result, reason):
    """Điều 7.2f: no draw offer when being mated; the mated side is not the winner."""
    report = validate_game("xiangqi", ["i0i9"], start_fen=MATE_IN_ONE, declared_result=result,
                           declared_reason=reason)
    assert report.valid
    assert not report.consistent
    assert report.problems


def test_xiangqi_no_legal_move_is_a_loss():
    """Điều 7.1b: the side without a legal move loses even when not in check."""
    report = validate_game("xiangqi", "1. Bt.1", start_fen=STALEMATE_IN_ONE,
                           declared_result="1-0", declared_reason="stalemate")
    assert report.ending == {"type": "stalemate", "winner": "w"}
    assert report.consistent, report.problems
    drawn = validate_game("xiangqi", "1. Bt.1", start_fen=STALEMATE_IN_ONE,
                          declared_result="1/2-1/2", declared_reason="stalemate")
    assert not drawn.consistent


def test_declared_checkmate_must_be_on_the_board():
    report = validate_game("xiangqi", "1. P2-5 M8.7", declared_result="1-0",
                           declared_reason="checkmate")
    assert report.valid and not report.consistent
    assert any("not a checkmate" in p for p in report.problems)


def test_reason_outcome_and_unknown_codes():
    report = validate_game("xiangqi", "1. P2-5", declared_result="1-0",
                           declared_reason="agreed_draw")
    assert not report.consistent  # Điều 7.2d is a draw
    report = validate_game("xiangqi", "1. P2-5", declared_result="1-0", declared_reason="magic")
    assert any("unknown decision reason" in p for p in report.problems)
    report = validate_game("xiangqi", "1. P2-5", declared_result="2-0")
    assert any("unknown result" in p for p in report.problems)
    fine = validate_game("xiangqi", "1. P2-5", declared_result="0-1",
                         declared_reason="time_forfeit")
    assert fine.consistent


def test_fifty_moves_needs_the_evidence():
    report = validate_game("xiangqi", "1. P2-5 M8.7", declared_result="1/2-1/2",
                           declared_reason="fifty_moves")
    assert not report.consistent
    assert report.flags["fifty_move_reached"] is False


def test_arbiter_draw_without_attacking_material():
    """Điều 20.4 b.6: no chariot, cannon, horse or soldier on either side."""
    report = validate_game("xiangqi", "1. S6.5", start_fen=ONLY_DEFENDERS,
                           declared_result="1/2-1/2", declared_reason="arbiter_draw")
    assert report.valid, report.error
    assert report.flags["no_attacking_material"] is True
    assert report.consistent, report.problems
    report = validate_game("xiangqi", "1. P2-5", declared_result="1/2-1/2",
                           declared_reason="arbiter_draw")
    assert not report.consistent


def test_perpetual_check_loser():
    """Điều 23 point 1: the side checking on every move of the cycle must change or lose."""
    cycle = "h8h9 e9e8 h9h8 e8e9 " * 3
    report = validate_game("xiangqi", cycle, start_fen=PERPETUAL, declared_result="0-1",
                           declared_reason="perpetual_check")
    assert report.valid, report.error
    assert [c["side"] for c in report.flags["perpetual_checks"]] == ["w"]
    assert report.consistent, report.problems
    wrong = validate_game("xiangqi", cycle, start_fen=PERPETUAL, declared_result="1-0",
                          declared_reason="perpetual_check")
    assert not wrong.consistent


def test_first_error_with_ply_and_prefix():
    report = validate_game("xiangqi", "1. P2-5 M8.7 2. M2.4 X9-8", declared_result="1-0")
    assert not report.valid
    assert report.error["ply"] == 3 and report.error["move_number"] == 2
    assert report.error["side"] == "w" and report.error["illegal_code"] == "blocked_leg"
    assert report.moves == ["h2e2", "h9g7"]
    assert report.warnings  # the result was not checked against a broken record


def test_report_is_json():
    report = validate_game("xiangqi", "h2e2 h9g7 h0g2", declared_result="*")
    data = json.loads(json.dumps(report.to_dict()))
    assert data["coordinates"] == "iccs" and data["moves_vn"] == ["P2-5", "M8.7", "M2.3"]


def test_decision_reasons_cover_dieu_7():
    required = {
        "checkmate", "stalemate", "resignation", "time_forfeit", "late_arrival",
        "perpetual_check", "forbidden_repetition", "three_technical_faults",
        "three_conduct_faults", "missing_moves", "sealed_move_error", "agreed_draw",
        "fifty_moves", "no_attacking_material", "arbiter_draw",
    }
    assert required <= set(DECISION_REASONS)
    for code in required:
        reason = DECISION_REASONS[code]
        assert reason.label_vi and "Điều" in reason.article
        assert reason.outcome["xiangqi"] in ("decisive", "draw")
    assert DECISION_REASONS["stalemate"].outcome == {"xiangqi": "decisive", "chess": "draw"}


# ----------------------------------------------------------------- chess
def test_chess_mate_in_vietnamese_notation():
    report = validate_game("chess", "1. f3 e5 2. g4 Hh4#", declared_result="0-1",
                           declared_reason="checkmate")
    assert report.valid and report.consistent
    assert report.ending == {"type": "checkmate", "winner": "b"}
    assert report.moves == ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert report.moves_vn[-1] == "Hh4#"


def test_chess_stalemate_is_a_draw():
    """002 Điều 5.2a: stalemate ends the game drawn."""
    fen = "7k/5K2/8/6Q1/8/8/8/8 w - - 0 1"
    board = chess.Board(fen)
    board.push_san("Qg6")
    assert board.is_stalemate()  # independent check of the drawing
    report = validate_game("chess", "1. Hg6", start_fen=fen, declared_result="1-0")
    assert report.ending["type"] == "stalemate" and not report.consistent
    report = validate_game("chess", "1. Hg6", start_fen=fen, declared_result="1/2-1/2",
                           declared_reason="stalemate")
    assert report.consistent


def test_chess_threefold_claim():
    moves = "1. Mf3 Mf6 2. Mg1 Mg8 3. Mf3 Mf6 4. Mg1 Mg8"
    report = validate_game("chess", moves, declared_result="1/2-1/2",
                           declared_reason="threefold_repetition")
    assert report.flags["threefold_repetition"] == 8 and report.consistent
    short = validate_game("chess", "1. Mf3 Mf6", declared_result="1/2-1/2",
                          declared_reason="threefold_repetition")
    assert not short.consistent
    wrong_game = validate_game("xiangqi", "1. P2-5", declared_reason="threefold_repetition")
    assert not wrong_game.consistent  # FIDE 9.2 is not a xiangqi reason
