"""FIDE B.02 (2024) tables 8.1.1 / 8.1.2, the 400-point rule (8.3.1), rounding (8.3.4) and the
rating change of 8.3.2, with numbers worked out by hand from the regulation text."""

from __future__ import annotations

import pytest

from chessrules.rating import (
    FIDE_STANDARD,
    RatingRules,
    dp_for,
    dp_for_fraction,
    expected_score,
    performance_rating,
    rating_change,
)


@pytest.mark.parametrize(
    ("difference", "pd"),
    [
        (0, 0.50), (3, 0.50),  # band 0-3: .50
        (4, 0.51), (10, 0.51),  # band 4-10: .51
        (11, 0.52),
        (98, 0.63), (99, 0.64), (106, 0.64), (107, 0.65),  # 92-98 .63 | 99-106 .64 | 107-113 .65
        (391, 0.91), (392, 0.92), (400, 0.92),  # 375-391 .91 | 392-411 .92
        (-4, 0.49), (-99, 0.36), (-392, 0.08),  # lower-rated player: 1 − PD(H)
    ],
)
def test_table_8_1_2_band_edges(difference: int, pd: float) -> None:
    """Table 8.1.2: PD for the higher-rated player at each side of a band edge; the lower-rated
    player gets 1 − PD."""
    assert expected_score(difference) == pd


@pytest.mark.parametrize(("difference", "pd"), [(401, 0.92), (735, 0.92), (2000, 0.92),
                                                (-401, 0.08), (-1000, 0.08)])
def test_400_point_rule(difference: int, pd: float) -> None:
    """8.3.1: a difference of more than 400 counts as 400, which is in band 392-411 (.92/.08)."""
    assert expected_score(difference) == pd


@pytest.mark.parametrize(("difference", "pd"), [(411, 0.92), (412, 0.93), (735, 0.99),
                                                (736, 1.00), (5000, 1.00), (-736, 0.00)])
def test_table_without_the_cap_reaches_the_last_bands(difference: int, pd: float) -> None:
    """Table 8.1.2 beyond 400 (the cap switched off, as a list setting may): 412-432 .93,
    620-735 .99, above 735 1.00."""
    assert expected_score(difference, cap=None) == pd


@pytest.mark.parametrize(
    ("p", "dp"),
    [(1.0, 800), (0.99, 677), (0.75, 193), (0.57, 50), (0.51, 7), (0.5, 0), (0.49, -7),
     (0.25, -193), (0.0, -800)],
)
def test_table_8_1_1(p: float, dp: int) -> None:
    """Table 8.1.1 (p → dp), read off the printed table; p < .50 is the negative of 1 − p."""
    assert dp_for(p) == dp


def test_p_is_rounded_to_a_hundredth_halves_up() -> None:
    """5 of 8 = .625 → .63 → dp 95; 3 of 8 = .375 → .38 → dp −87 (decisions-ratings.md)."""
    assert dp_for_fraction(10, 8) == 95
    assert dp_for_fraction(6, 8) == -87


def test_rating_change_worked_example() -> None:
    """Rated 1850, K = 20:
    vs 1900 win:  D = −50 → band 47-53, lower player .43, ΔR = 1 − .43 = +.57
    vs 1800 draw: D = +50 → .57, ΔR = .5 − .57 = −.07
    vs 2300 loss: D = −450 → counted as −400 → band 392-411, lower .08, ΔR = 0 − .08 = −.08
    ΣΔR = .42; × 20 = 8.4 → rounded 8 → new rating 1858."""
    result = rating_change(1850, 20, [(1900, 1), (1800, 0.5), (2300, 0)])
    assert [line.expected for line in result.lines] == [0.43, 0.57, 0.08]
    assert result.expected_x100 == 108
    assert result.change_x100 == 840
    assert str(result.change) == "8.40"
    assert result.rounded_change == 8
    assert result.new_rating == 1858


def test_half_point_rounds_away_from_zero() -> None:
    """8.3.4: 0.5 is rounded away from zero.
    K = 10, draw vs a player 35 higher: PD .45 (band 33-39), ΔR = +.05 → +0.5 → +1.
    K = 10, draw vs a player 35 lower: PD .55, ΔR = −.05 → −0.5 → −1."""
    up = rating_change(2000, 10, [(2035, 0.5)])
    down = rating_change(2000, 10, [(1965, 0.5)])
    assert (up.change_x100, up.rounded_change, up.new_rating) == (50, 1, 2001)
    assert (down.change_x100, down.rounded_change, down.new_rating) == (-50, -1, 1999)


def test_other_rounding_modes_are_settings() -> None:
    """The rounding is a list setting: 'toward_zero' gives 0 for ±0.5."""
    rules = RatingRules(change_rounding="toward_zero")
    assert rating_change(2000, 10, [(2035, 0.5)], rules).rounded_change == 0
    assert rating_change(2000, 10, [(1965, 0.5)], rules).rounded_change == 0


def test_rating_change_applies_the_700_cap() -> None:
    """8.3.3: K = 40 over 18 games gives 720 > 700, so K = 38 (38 × 18 = 684, 39 × 18 = 702)."""
    result = rating_change(1500, 40, [(1500, 1)] * 18)
    assert result.k.value == 38
    # 18 wins against equal opposition: ΣΔR = 18 × .5 = 9; × 38 = 342.
    assert result.rounded_change == 342


def test_performance_rating_worked_example() -> None:
    """Rp = Ra + dp: opponents 1900 (win) and 1800 (draw): Ra = 1850, p = 1.5/2 = .75,
    dp(.75) = 193, Rp = 2043."""
    performance = performance_rating([(1900, 1), (1800, 0.5)])
    assert performance.average_opponent == 1850
    assert performance.p == 0.75
    assert performance.dp == 193
    assert performance.rating == 2043


def test_performance_rating_uneven_average_and_perfect_score() -> None:
    """Opponents 2001, 2002, 2004 all won: Ra = 6007/3 = 2002.33, p = 1.00, dp = 800,
    Rp = 2802.33 → 2802. All lost: dp = −800, Rp = 1202.33 → 1202."""
    assert performance_rating([(2001, 1), (2002, 1), (2004, 1)]).rating == 2802
    assert performance_rating([(2001, 0), (2002, 0), (2004, 0)]).rating == 1202


def test_bad_scores_are_rejected_with_the_game_number() -> None:
    with pytest.raises(ValueError, match="game 2: score must be 1, 0.5 or 0"):
        rating_change(2000, 20, [(2000, 1), (2000, 0.7)])
    with pytest.raises(ValueError, match="no games"):
        performance_rating([])


def test_rules_round_trip_and_reject_unknown_settings() -> None:
    """Xiangqi lists use the same dataclass with their own values, stored as JSON."""
    xiangqi = RatingRules(name="xiangqi standard", k_standard=25, rating_floor=1000)
    assert RatingRules.from_dict(xiangqi.to_dict()) == xiangqi
    assert RatingRules.from_dict({}) == FIDE_STANDARD
    with pytest.raises(ValueError, match="unknown setting.*k_standrad"):
        RatingRules.from_dict({"k_standrad": 25})
    with pytest.raises(ValueError, match="change_rounding"):
        RatingRules(change_rounding="bankers")
    with pytest.raises(ValueError, match="flat_k must be positive"):
        RatingRules(flat_k=0)
