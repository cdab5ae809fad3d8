"""Điều 27 (seed 000): a Swiss needs 20 players or more; 20-30 players play 7-9 rounds,
30-50 play 9 or 11, more play 11 or 13."""

from chessrules.competition.swiss import FEW_PLAYERS, ROUNDS, guidance, recommended_rounds


def test_recommended_rounds_by_band():
    assert recommended_rounds(19) == ()
    assert recommended_rounds(20) == (7, 8, 9)
    assert recommended_rounds(30) == (7, 8, 9, 11)  # in both bands
    assert recommended_rounds(31) == (9, 11)
    assert recommended_rounds(50) == (9, 11)
    assert recommended_rounds(51) == (11, 13)


def test_guidance_warns_and_is_silent_inside_the_article():
    assert [g.code for g in guidance(19, 7)] == [FEW_PLAYERS]
    assert guidance(24, 9) == [] and guidance(40, 11) == [] and guidance(120, 13) == []
    [rounds] = guidance(40, 10)  # "9 hay 11", not 10
    assert (rounds.code, rounds.recommended) == (ROUNDS, (9, 11))
    assert [g.code for g in guidance(60, 9)] == [ROUNDS]
    assert guidance(25, None) == []  # rounds not set yet: nothing to say about them
