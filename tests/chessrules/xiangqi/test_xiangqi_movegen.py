"""Moves of every xiangqi piece, check, game end (Luật Cờ Tướng 2004, Điều 4.3, 5, 6, 7.1).

Positions are built by hand; expected move sets are derived from the articles, not from the
engine. Squares are ICCS: files a-i from Red's left, ranks 0-9 from Red's side.
"""

import pytest

from chessrules.xiangqi import REASONS, REASONS_EN, START_FEN, Move, Position, perft


def position(pieces: dict[str, str], turn: str = "w") -> Position:
    """Build a position from {"e0": "K", ...} (FEN letters; uppercase = Red/White)."""
    grid = [["" for _ in range(9)] for _ in range(10)]
    for square, letter in pieces.items():
        grid[int(square[1])]["abcdefghi".index(square[0])] = letter
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for cell in grid[rank]:
            if cell:
                row += (str(empty) if empty else "") + cell
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return Position.from_fen("/".join(rows) + f" {turn} - - 0 1")


def targets(pos: Position, square: str) -> set[str]:
    """Destinations of the legal moves of the piece on ``square``."""
    return {m.iccs()[2:] for m in pos.legal_moves() if m.iccs()[:2] == square}


def reason(pos: Position, move: str) -> str | None:
    return pos.illegal_reason(Move.from_iccs(move))


# Kings on different files so that they never face each other unless a test wants it.
KINGS = {"d0": "K", "f9": "k"}


def test_perft_from_start_position_depths_1_to_3():
    """Published xiangqi perft figures of the initial position (Điều 3)."""
    pos = Position.from_fen(START_FEN)
    assert [perft(pos, d) for d in (1, 2, 3)] == [44, 1920, 79666]
    assert pos.fen() == START_FEN  # perft leaves the position unchanged
    assert perft(pos, 0) == 1


def test_general_moves_one_step_inside_palace_dieu_4_3a():
    pos = position({"e1": "K", "f9": "k"})
    assert targets(pos, "e1") == {"e0", "e2", "d1"}  # f1 would face the black general on f9
    assert reason(pos, "e1f1") == "flying_general"
    assert reason(pos, "e1e3") == "bad_geometry"
    assert reason(pos, "e1d2") == "bad_geometry"  # no diagonal step
    corner = position({"d0": "K", "f9": "k"})
    assert reason(corner, "d0c0") == "out_of_palace"
    assert targets(corner, "d0") == {"d1", "e0"}


def test_black_general_palace_is_ranks_7_to_9_dieu_2_1():
    pos = position({"d0": "K", "e7": "k"}, turn="b")
    assert targets(pos, "e7") == {"e8", "f7"}  # d7 faces the red general on the d-file
    assert reason(pos, "e7e6") == "out_of_palace"
    assert reason(pos, "e7d7") == "flying_general"


def test_advisor_moves_one_diagonal_step_in_palace_dieu_4_3b():
    pos = position({**KINGS, "e1": "A", "d2": "A"})
    assert targets(pos, "e1") == {"f0", "f2"}  # d0 holds the general, d2 the other advisor
    assert reason(pos, "e1d2") == "own_piece"
    assert targets(pos, "d2") == set()  # only e1 is reachable, and it is occupied
    assert reason(pos, "d2c3") == "out_of_palace"
    assert reason(pos, "d2d3") == "bad_geometry"


def test_elephant_blocked_eye_and_river_dieu_4_3c_hinh_d():
    """Hình d: an elephant whose eye towards point 4 is blocked reaches only points 1, 2, 3."""
    pos = position({**KINGS, "e2": "B", "f3": "c"})
    assert targets(pos, "e2") == {"c0", "g0", "c4"}
    assert reason(pos, "e2g4") == "blocked_eye"
    river = position({**KINGS, "c4": "B"})
    assert targets(river, "c4") == {"a2", "e2"}
    assert reason(river, "c4e6") == "elephant_river"
    assert reason(river, "c4c6") == "bad_geometry"
    black = position({**KINGS, "c5": "b"}, turn="b")
    assert targets(black, "c5") == {"a7", "e7"}
    assert reason(black, "c5e3") == "elephant_river"


def test_horse_blocked_leg_dieu_4_3e_hinh_e():
    """Hình e: a piece next to the horse blocks the two points beyond it (6 of 8 remain)."""
    free = position({**KINGS, "e4": "N"})
    assert targets(free, "e4") == {"d6", "f6", "c5", "g5", "c3", "g3", "d2", "f2"}
    blocked = position({**KINGS, "e4": "N", "e5": "c"})
    assert targets(blocked, "e4") == {"c5", "g5", "c3", "g3", "d2", "f2"}
    assert reason(blocked, "e4d6") == "blocked_leg"
    assert reason(blocked, "e4f6") == "blocked_leg"
    assert reason(blocked, "e4e6") == "bad_geometry"


def test_chariot_slides_until_blocked_and_captures_dieu_4_3d():
    pos = position({**KINGS, "a0": "R", "a3": "P", "c0": "n"})
    assert targets(pos, "a0") == {"a1", "a2", "b0", "c0"}
    assert reason(pos, "a0a4") == "blocked_path"
    assert reason(pos, "a0a3") == "own_piece"
    assert reason(pos, "a0b1") == "bad_geometry"


def test_cannon_moves_like_chariot_and_captures_over_one_screen_dieu_4_3g():
    pos = position({**KINGS, "b2": "C", "b5": "p", "b7": "r", "b9": "n", "g2": "P"})
    # Up the b-file: b3, b4 free; b5 is the screen, b7 the first piece after it (captured).
    assert targets(pos, "b2") == {"b3", "b4", "b7", "b1", "b0", "a2", "c2", "d2", "e2", "f2"}
    assert reason(pos, "b2b5") == "no_screen"  # adjacent capture without a screen
    assert reason(pos, "b2b9") == "no_screen"  # two screens (b5, b7)
    assert reason(pos, "b2b6") == "blocked_path"  # a move without capture needs a free path
    assert reason(pos, "b2g2") == "own_piece"


def test_soldier_forward_before_river_sideways_after_dieu_4_3h():
    pos = position({**KINGS, "c3": "P", "g5": "P", "c6": "p", "g4": "p"})
    assert targets(pos, "c3") == {"c4"}
    assert reason(pos, "c3b3") == "soldier_before_river"
    assert targets(pos, "g5") == {"g6", "f5", "h5"}
    assert reason(pos, "g5g4") == "bad_geometry"  # never backwards
    assert reason(pos, "g5g7") == "bad_geometry"
    black = position({**KINGS, "c6": "p", "g4": "p"}, turn="b")
    assert targets(black, "c6") == {"c5"}
    assert reason(black, "c6d6") == "soldier_before_river"
    assert targets(black, "g4") == {"g3", "f4", "h4"}
    assert reason(black, "g4g5") == "bad_geometry"


def test_side_and_occupancy_reasons():
    pos = Position.from_fen(START_FEN)
    assert reason(pos, "e5e6") == "no_piece"
    assert reason(pos, "h7e7") == "opponent_piece"
    assert reason(pos, "h2h2") == "bad_geometry"
    assert reason(pos, "h2e2") is None
    assert set(REASONS) == set(REASONS_EN)
    for code in (
        "no_piece opponent_piece bad_geometry out_of_palace elephant_river blocked_eye "
        "blocked_leg blocked_path no_screen own_piece flying_general leaves_check"
    ).split():
        assert code in REASONS


def test_pinned_chariot_may_only_move_along_the_pin_dieu_6():
    pos = position({"e0": "K", "e3": "R", "e7": "r", "d9": "k"})
    assert targets(pos, "e3") == {"e1", "e2", "e4", "e5", "e6", "e7"}
    assert reason(pos, "e3d3") == "leaves_check"


def test_moving_onto_the_generals_file_can_make_a_cannon_screen_dieu_6():
    pos = position({"e0": "K", "e7": "c", "d2": "N", "d9": "k"})
    assert reason(pos, "d2e4") == "leaves_check"  # the horse becomes the cannon's screen
    assert "e4" not in targets(pos, "d2")
    assert "c4" in targets(pos, "d2")


def test_lifting_a_horse_leg_next_to_the_general_exposes_it_dieu_6():
    # Black horse d2 attacks e0 through the leg d1 (Điều 4.3e); the red chariot on d1 shields.
    pos = position({"e0": "K", "d1": "R", "d2": "n", "f9": "k"})
    assert not pos.is_check()
    assert reason(pos, "d1c1") == "leaves_check"
    assert reason(pos, "d1d2") is None  # capturing the horse is fine


def test_flying_general_when_the_last_screen_leaves_dieu_4_3a():
    pos = position({"e0": "K", "e4": "C", "e9": "k"})
    assert reason(pos, "e4d4") == "flying_general"
    assert targets(pos, "e4") == {"e1", "e2", "e3", "e5", "e6", "e7", "e8"}


def test_check_must_be_answered_dieu_6_2():
    # Chariot b9 checks e9 along rank 9. Answers: move the general (6.2a), capture (b), block (c).
    pos = position({"d0": "K", "b9": "R", "e9": "k", "h9": "r", "c7": "n"}, turn="b")
    assert pos.is_check()
    legal = {m.iccs() for m in pos.legal_moves()}
    # e8 is safe; d9 and f9 stay on the checked rank; the horse captures (b9) or blocks (d9).
    assert legal == {"e9e8", "c7b9", "c7d9"}
    assert reason(pos, "e9f9") == "leaves_check"
    assert reason(pos, "e9d9") in ("flying_general", "leaves_check")
    assert reason(pos, "h9h8") == "leaves_check"


def test_gives_check_and_is_check():
    pos = Position.from_fen(START_FEN)
    assert not pos.is_check()
    assert not pos.gives_check(Move.from_iccs("h2e2"))
    assert pos.gives_check(Move.from_iccs("h2h9")) is False  # captures the horse: no check
    mate_threat = position({"d0": "K", "a8": "R", "b0": "R", "e9": "k"})
    assert mate_threat.gives_check(Move.from_iccs("b0b9"))
    assert not mate_threat.gives_check(Move.from_iccs("b0b8"))


def test_checkmate_wins_dieu_7_1a():
    pos = position({"d0": "K", "a8": "R", "b9": "R", "e9": "k"}, turn="b")
    assert pos.is_check()
    assert pos.legal_moves() == []
    assert pos.outcome() == ("checkmate", "w")


def test_no_legal_move_loses_even_without_check_dieu_7_1b():
    """Xiangqi 'stalemate' is a loss for the side that cannot move (Điều 7.1b)."""
    pos = position({"d0": "K", "d8": "P", "f8": "P", "e9": "k"}, turn="b")
    assert not pos.is_check()
    assert pos.legal_moves() == []
    assert pos.outcome() == ("stalemate", "w")
    assert Position.from_fen(START_FEN).outcome() is None


def test_facing_generals_count_as_check_for_legality():
    # Red's only piece on the e-file moves away only if legal; the black general may not step
    # onto the red general's open file either.
    pos = position({"e0": "K", "d9": "k", "a5": "p"}, turn="b")
    assert reason(pos, "d9e9") == "flying_general"
    assert targets(pos, "d9") == {"d8"}


@pytest.mark.parametrize("depth", [1, 2])
def test_perft_of_a_middlegame_position_matches_legal_move_counting(depth):
    fen = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 3 2"
    pos = Position.from_fen(fen)
    expected = 0
    if depth == 1:
        expected = len(pos.legal_moves())
    else:
        for move in pos.legal_moves():
            pos.push(move)
            expected += len(pos.legal_moves())
            pos.pop()
    assert perft(pos, depth) == expected
    assert pos.fen() == fen
