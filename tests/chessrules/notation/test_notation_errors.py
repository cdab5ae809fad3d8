"""Parse errors name the move number, side, text and reason (issue 4; Điều 11: moves recorded
'chính xác và rõ ràng')."""

import pytest

from chessrules.notation import NotationError
from chessrules.notation import xiangqi as xn

CHARIOTS_ON_E = "5k3/9/4R4/9/9/4R4/9/9/9/3K5 w - - 0 1"


def error_of(text, fmt=None, fen=None) -> NotationError:
    with pytest.raises(NotationError) as info:
        xn.parse_moves(text, fmt, fen)
    return info.value


def test_unreadable():
    e = error_of("1. P2-5 M8.7 2. Q2-5", "vn")
    assert (e.ply, e.move_number, e.side, e.text, e.code) == (3, 2, "w", "Q2-5", "unreadable")
    assert "move 2 (White, ply 3)" in str(e)


def test_no_such_piece():
    e = error_of("1. P2-5 X5.1", "vn")  # Black has no chariot on its file 5
    assert (e.ply, e.move_number, e.side, e.code) == (2, 1, "b", "no_piece")
    assert "file 5" in e.reason


def test_illegal_with_the_engine_reason():
    """Red horse h0 to f1 (M2.4): its leg g0 holds the elephant (Điều 4.3e)."""
    e = error_of("1. P2-5 M8.7 2. M2.4", "vn")
    assert (e.ply, e.move_number, e.side, e.code, e.illegal_code) == (3, 2, "w", "illegal",
                                                                       "blocked_leg")
    assert "Mã" in e.reason_vi


def test_illegal_no_screen_and_flying_general():
    """Điều 4.3g: a cannon captures over exactly one screen; Điều 4.3a: facing generals."""
    e = error_of("1. C9+5", "wxf", "4k4/9/9/9/p8/9/9/9/9/C3K4 w - - 0 1")  # a0xa5, no screen
    assert (e.code, e.illegal_code) == ("illegal", "no_screen")
    fen = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"  # advisor e1 between the generals
    e = error_of("1. A5+4", "wxf", fen)
    assert e.illegal_code == "flying_general"


def test_ambiguous_lists_the_pieces():
    e = error_of("1. R5-2", "wxf", CHARIOTS_ON_E)
    assert e.code == "ambiguous"
    assert sorted(e.candidates) == ["e4", "e7"]
    assert "e4" in e.reason and "e7" in e.reason


def test_black_to_move_first_numbers_with_ellipsis():
    fen = CHARIOTS_ON_E.replace(" w ", " b ")
    e = error_of("1... X5.1", "vn", fen)  # Black has no chariot
    assert (e.ply, e.move_number, e.side) == (1, 1, "b")


def test_to_dict_is_plain_data():
    e = error_of("1. P2-5 M8.7 2. M2.4", "vn")
    data = e.to_dict()
    assert data["ply"] == 3 and data["illegal_code"] == "blocked_leg"
    assert set(data) >= {"ply", "move_number", "side", "text", "code", "reason"}
