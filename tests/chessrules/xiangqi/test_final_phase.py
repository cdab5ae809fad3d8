"""Seed 000 Điều 10.1.2: in the Asian control's final phase "nước chiếu Tướng không được vượt
quá bốn lần" — counted per side from the half-move the phase began at
(``chessrules.xiangqi.final_phase``; the hand-worked game of
tests/games/test_games_final_phase.py)."""

from __future__ import annotations

import pytest

from chessrules.xiangqi.final_phase import move_number_of_ply, phase_checks

START = "3k5/9/8r/9/4P4/9/9/9/R8/4K4 w - - 0 65"
MOVES = "a1a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7d7 d8e8 d7d8 e8e9 d8d9 e9e8".split()


def test_checks_per_side_from_the_phase_and_the_fifth_dieu_10_1_2():
    counted = phase_checks(START, MOVES, 3)
    assert counted.checks == {"w": [3, 5, 7, 9, 11], "b": []}
    assert counted.excess == [("w", 11)]
    assert counted.to_dict()["excess"] == [{"side": "w", "ply": 11}]
    # from ply 5 only four checks; a lower limit makes the fourth an excess too
    assert phase_checks(START, MOVES, 5).excess == []
    assert phase_checks(START, MOVES, 5, allowed=3).excess == [("w", 11)]


def test_move_numbers_follow_the_start_position():
    assert [move_number_of_ply(START, p) for p in (1, 2, 3, 4, 11)] == [65, 65, 66, 66, 70]
    black_first = START.replace(" w ", " b ")
    assert [move_number_of_ply(black_first, p) for p in (1, 2, 3)] == [65, 66, 66]
    assert move_number_of_ply(None, 131) == 66  # from the initial position: Red's 66th


def test_the_phase_starts_at_a_half_move():
    with pytest.raises(ValueError):
        phase_checks(START, MOVES, 0)
