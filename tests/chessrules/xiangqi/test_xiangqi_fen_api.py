"""Xiangqi FEN, Move and Position API (Điều 2-3 board and initial position; Phụ lục 3 coordinates)."""

import pytest

from chessrules.xiangqi import START_FEN, Move, Position


def test_start_fen_round_trip_and_initial_position_dieu_3():
    pos = Position.from_fen(START_FEN)
    assert pos.fen() == START_FEN
    assert pos.turn == "w"  # White = Red moves first (Điều 2.2, 4.2)
    assert pos.piece_at(4, 0) == "K" and pos.piece_at(4, 9) == "k"
    assert pos.piece_at(1, 2) == "C" and pos.piece_at(7, 7) == "c"
    assert pos.piece_at(4, 4) is None
    assert pos.squares_of("P") == [(0, 3), (2, 3), (4, 3), (6, 3), (8, 3)]
    assert pos.squares_of("r") == [(0, 9), (8, 9)]
    assert len(pos.squares_of("n")) == 2
    with pytest.raises(ValueError, match="Unknown piece letter"):
        pos.squares_of("Q")


def test_fen_keeps_halfmove_and_fullmove_fields():
    fen = "4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 17 42"
    pos = Position.from_fen(fen)
    assert pos.fen() == fen
    assert pos.plies_since_capture == 17
    pos.push(Move.from_iccs("e9e8"))
    assert pos.fen() == "9/4k4/9/9/9/9/9/9/4A4/3K5 w - - 18 43"


def test_fen_accepts_red_turn_letter_and_short_fen():
    pos = Position.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 r")
    assert pos.turn == "w"
    assert pos.fen() == "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("", "Empty FEN"),
        ("4k4/9/9 w - - 0 1", "10 ranks"),
        ("4k4/9/9/9/9/9/9/9/9/3K6 w - - 0 1", "more than 9 files"),
        ("4k4/9/9/9/9/9/9/9/9/3K4 w - - 0 1", "covers 8 files"),
        ("4k4/9/9/9/9/9/9/9/9/3K4X w - - 0 1", "unknown character 'X'"),
        ("9/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "no 'k' general"),
        ("4k4/9/9/9/9/9/9/9/3K5/3K5 w - - 0 1", "more than one 'K'"),
        ("4k4/9/9/9/9/K8/9/9/9/9 w - - 0 1", "outside its palace"),
        ("4k4/9/9/9/9/9/9/9/9/3K5 x - - 0 1", "side to move"),
        ("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1", "halfmove clock"),
    ],
)
def test_bad_fen_is_rejected_with_a_clear_message(fen, message):
    with pytest.raises(ValueError, match=message):
        Position.from_fen(fen)


def test_move_iccs_forms_equality_and_hashing():
    move = Move.from_iccs("h2e2")
    assert move == Move(7, 2, 4, 2)
    assert Move.from_iccs("h2-e2") == move
    assert Move.from_iccs(" H2-E2 ") == move
    assert move.iccs() == "h2e2" and str(move) == "h2e2"
    assert (move.from_file, move.from_rank, move.to_file, move.to_rank) == (7, 2, 4, 2)
    assert move.from_square == (7, 2) and move.to_square == (4, 2)
    assert len({move, Move(7, 2, 4, 2), Move.from_iccs("b2e2")}) == 2
    assert eval(repr(move)) == move  # noqa: S307 - repr is Move.from_iccs('h2e2')
    with pytest.raises(AttributeError):
        move.from_file = 1  # type: ignore[misc]


@pytest.mark.parametrize("text", ["h2e", "j2e2", "h2e10", "h-2e2", ""])
def test_bad_iccs_is_rejected(text):
    with pytest.raises(ValueError, match="Not an ICCS move"):
        Move.from_iccs(text)


@pytest.mark.parametrize("args", [(9, 0, 0, 0), (0, 10, 0, 0), (0, 0, -1, 0), (0, 0, 0, "1")])
def test_move_squares_must_be_on_the_board(args):
    with pytest.raises(ValueError, match="must be an int"):
        Move(*args)


def test_push_pop_copy_and_capture_counter():
    pos = Position.from_fen(START_FEN)
    key0 = pos.position_key()
    for text in ("h2e2", "h9g7", "e2e6"):  # the cannon captures the centre soldier
        pos.push(Move.from_iccs(text))
    assert pos.plies_since_capture == 0
    assert pos.fen() == "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    snapshot = pos.copy()
    assert [m.iccs() for m in pos.move_stack] == ["h2e2", "h9g7", "e2e6"]
    assert pos.pop() == Move.from_iccs("e2e6")
    assert pos.fen() == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    assert snapshot.fen().startswith("rnbakab1r/9/1c4nc1/p1p1C1p1p/")  # copy is independent
    pos.pop()
    pos.pop()
    assert pos.fen() == START_FEN
    assert pos.position_key() == key0
    with pytest.raises(IndexError):
        pos.pop()


def test_position_key_distinguishes_side_to_move():
    white = Position.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
    black = Position.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 5 9")
    assert white.position_key() != black.position_key()
    assert (
        white.position_key()
        == Position.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 7 3").position_key()
    )


def test_alternative_fen_letters_e_and_h_are_read_as_elephant_and_horse():
    pos = Position.from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1")
    assert pos.fen() == START_FEN


def test_placement_problems_lists_impossible_positions():
    assert Position.from_fen(START_FEN).placement_problems() == []
    # e2 is not an advisor point, b1 not an elephant point, and three red chariots (Điều 2.2).
    pos = Position.from_fen("3k5/9/9/9/9/9/P8/4A4/1B7/RRR1K4 w - - 0 1")
    assert set(pos.placement_problems()) == {
        "Red/White advisor A on e2: not an advisor point",
        "Red/White elephant B on b1: not an elephant point",
        "Red/White has 3 pieces R (at most 2)",
    }
    # Soldiers that could never get there (red a2; black b6 is a file without a start point
    # before the river), and generals facing each other with White to move.
    pos = Position.from_fen("3k5/9/9/1p7/9/9/9/P8/9/3K5 w - - 0 1")
    assert set(pos.placement_problems()) == {
        "Red/White soldier P on a2: on a point it can never reach",
        "Black soldier p on b6: on a point it can never reach",
        "the side not to move (b) is in check or its general faces the other one",
    }
