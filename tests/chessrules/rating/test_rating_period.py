"""A rating period (FIDE B.02 2024): K conditions of 8.3.3 and the 700 cap, the first rating of
8.2 with the two imaginary draws against 1800, the 1400 floor of 7.1/7.2, unrated opponents and
forfeits. Every expected number is worked out in the docstring from the regulation's tables."""

from __future__ import annotations

from datetime import date

import pytest

from chessrules.rating import (
    FIDE_RAPID,
    FIDE_STANDARD,
    FLAT_K_20,
    PendingGame,
    PlayerState,
    RatedGame,
    RatingRules,
    development_coefficient,
    initial_rating,
    rate_period,
)

NOV_2026 = date(2026, 11, 1)


def k_of(state: PlayerState, *, year: int = 2026, games: int = 1,
         rules: RatingRules = FIDE_STANDARD) -> int:
    return development_coefficient(state, rules, year=year, games_in_period=games).value


# --- 8.3.3: K --------------------------------------------------------------------------------


def test_k_new_player_until_30_games() -> None:
    """K = 40 for a player new to the list until he has completed events with 30 games."""
    assert k_of(PlayerState(1800, games=29, birth_year=1980)) == 40
    assert k_of(PlayerState(1800, games=30, birth_year=1980)) == 20


def test_k_junior_until_end_of_year_of_18th_birthday_below_2300() -> None:
    """K = 40 until the end of the year of the 18th birthday while rated under 2300:
    born 2008 → 18 in 2026 → K 40 for all of 2026, K 20 in 2027; at 2300 → K 20."""
    junior = PlayerState(2299, games=200, birth_year=2008)
    assert k_of(junior, year=2026) == 40
    assert k_of(junior, year=2027) == 20
    assert k_of(PlayerState(2300, games=200, birth_year=2008), year=2026) == 20


def test_k_10_once_2400_reached_even_after_dropping() -> None:
    """K = 10 once a published rating has reached 2400 and stays so below 2400."""
    assert k_of(PlayerState(2400, games=100, birth_year=1990)) == 10
    assert k_of(PlayerState(2350, games=100, birth_year=1990, peak_rating=2410)) == 10
    assert k_of(PlayerState(2399, games=100, birth_year=1990, peak_rating=2399)) == 20


def test_k_rapid_blitz_follow_standard_rules_and_flat_k_is_a_setting() -> None:
    """FIDE rapid/blitz use the standard K rules since 1 October 2022 (a new player has 40);
    the older flat rule (K = 20 for every player, issue 8's wording) is the setting flat_k."""
    new_player = PlayerState(1600, games=0, birth_year=1990)
    assert k_of(new_player, rules=FIDE_RAPID) == 40
    assert k_of(new_player, rules=FLAT_K_20) == 20
    assert k_of(PlayerState(2500, games=300, birth_year=1990), rules=FLAT_K_20) == 20
    assert k_of(new_player, rules=FLAT_K_20, games=36) == 19  # the 700 cap still applies


@pytest.mark.parametrize(("k", "games", "capped"), [(40, 17, 40), (40, 18, 38), (20, 35, 20),
                                                    (20, 36, 19), (10, 70, 10), (10, 71, 9)])
def test_k_times_games_cap_700(k: int, games: int, capped: int) -> None:
    """8.3.3: if K × n > 700, K is the largest whole number with K × n ≤ 700:
    40 × 17 = 680 ok; 40 × 18 = 720 → 38 (684; 39 × 18 = 702); 20 × 35 = 700 ok (not more);
    20 × 36 = 720 → 19 (684); 10 × 70 = 700 ok; 10 × 71 = 710 → 9 (639)."""
    state = {40: PlayerState(1500, games=0), 20: PlayerState(1800, games=100),
             10: PlayerState(2500, games=100)}[k]
    assert k_of(state, games=games) == capped


def test_period_uses_the_capped_k_for_the_change() -> None:
    """A new player (K 40) plays 18 games in the period against an equal opponent and wins all:
    K = 38; ΣΔR = 18 × (1 − .50) = 9 → change 342 → 1500 + 342 = 1842."""
    players = {"new": PlayerState(1500, games=0), "opp": PlayerState(1500, games=500)}
    games = [RatedGame("open", "new", "opp", 1.0)] * 18
    result = rate_period(players, games, period=NOV_2026)["new"]
    assert result.k.value == 38
    assert result.rounded_change == 342
    assert result.new_rating == 1842
    assert result.new_state.games == 18


# --- a period with several events --------------------------------------------------------------


def test_period_sums_events_and_rounds_once() -> None:
    """Player A 2000 (K 20, 100 games) plays two events in the period:
    event 1: draw vs 2035 → PD .45, ΔR +.05;  event 2: draw vs 2035 again → +.05.
    Per event K × ΣΔR = +1.0 each (unrounded); period ΣΔR = .10 × 20 = 2.0 → +2.
    With K 10 (A has reached 2400 once) each event is +0.5 and the period +1.0 → +1
    (rounding the period, not each event, which would give +2)."""
    players = {"A": PlayerState(2000, games=100), "B": PlayerState(2035, games=100)}
    games = [RatedGame("e1", "A", "B", 0.5), RatedGame("e2", "B", "A", 0.5)]
    result = rate_period(players, games, period=NOV_2026)["A"]
    assert [event.event_id for event in result.events] == ["e1", "e2"]
    assert [event.change_x100 for event in result.events] == [100, 100]
    assert result.rounded_change == 2

    players["A"] = PlayerState(2000, games=100, peak_rating=2400)
    result = rate_period(players, games, period=NOV_2026)["A"]
    assert result.k.value == 10
    assert [str(event.change) for event in result.events] == ["0.50", "0.50"]
    assert result.rounded_change == 1
    assert result.new_rating == 2001


def test_result_carries_the_numbers_a_player_checks() -> None:
    """B (2035) in the previous test's first game: PD .55, draw, ΔR −.05 × K 20 = −1.0."""
    players = {"A": PlayerState(2000, games=100), "B": PlayerState(2035, games=100)}
    result = rate_period(players, [RatedGame("e1", "A", "B", 0.5)], period=NOV_2026)["B"]
    event = result.events[0]
    line = event.games[0]
    assert (line.opponent, line.opponent_rating, line.score, line.expected) == ("A", 2000, 0.5,
                                                                              0.55)
    assert (result.old_rating, result.k.value, event.score, event.expected) == (2035, 20, 0.5,
                                                                               0.55)
    assert (result.change_x100, result.rounded_change, result.new_rating) == (-100, -1, 2034)
    # Rp of one draw against 2000: p = .50, dp 0 → 2000.
    assert event.performance.rating == 2000


def test_400_point_rule_inside_a_period() -> None:
    """2500 (K 10) beats 1900: D = 600 counted as 400 → PD .92; ΔR = .08 → +0.8 → +1.
    1900 (K 20) loses: PD .08, ΔR −.08 → −1.6 → −2."""
    players = {"hi": PlayerState(2500, games=300), "lo": PlayerState(1900, games=300)}
    results = rate_period(players, [RatedGame("e", "hi", "lo", 1)], period=NOV_2026)
    assert (results["hi"].change_x100, results["hi"].rounded_change) == (80, 1)
    assert (results["lo"].change_x100, results["lo"].rounded_change) == (-160, -2)


def test_optional_cap_exemption_for_top_players() -> None:
    """With difference_cap_exempt_from = 2650, a 2700 player is rated with the real difference:
    2700 vs 2200 (D = 500, band 485-517) → PD .96, win ΔR +.04 × 10 = +0.4 → 0; the 2200 player
    still has the cap: PD .08, loss ΔR −.08 × 20 = −1.6 → −2."""
    rules = RatingRules(difference_cap_exempt_from=2650)
    players = {"top": PlayerState(2700, games=900), "club": PlayerState(2200, games=300)}
    results = rate_period(players, [RatedGame("e", "top", "club", 1)], rules, period=NOV_2026)
    assert results["top"].events[0].games[0].expected == 0.96
    assert results["top"].rounded_change == 0
    assert results["club"].events[0].games[0].expected == 0.08
    assert results["club"].rounded_change == -2


def test_unrated_opponents_and_forfeits_are_not_rated() -> None:
    """A rated player's game against an unrated player and a forfeited game count for nothing:
    only the game against R counts (win vs equal: +.5 × 20 = +10)."""
    players = {"A": PlayerState(1800, games=100), "R": PlayerState(1800, games=100),
               "U": PlayerState(None)}
    games = [RatedGame("e", "A", "U", 1), RatedGame("e", "A", "R", 0, forfeit=True),
             RatedGame("e", "A", "R", 1)]
    result = rate_period(players, games, period=NOV_2026)["A"]
    assert result.games == 1
    assert result.rounded_change == 10
    # The unrated player's game against the rated A is kept for his first rating.
    assert rate_period(players, games, period=NOV_2026)["U"].new_state.pending == (
        PendingGame("e", "A", 1800, 0.0, NOV_2026),)


def test_games_between_unrated_players_count_for_nobody() -> None:
    players = {"U": PlayerState(None), "V": PlayerState(None)}
    assert rate_period(players, [RatedGame("e", "U", "V", 1)], period=NOV_2026) == {}


def test_period_is_deterministic_whatever_the_order_of_events() -> None:
    """All games use the ratings at the start of the period: reversing the games gives the same
    new ratings."""
    players = {p: PlayerState(1700 + 37 * i, games=40 * i) for i, p in enumerate("ABCDE")}
    games = [RatedGame(f"e{i % 3}", a, b, (1, 0.5, 0)[i % 3])
             for i, (a, b) in enumerate([("A", "B"), ("C", "D"), ("E", "A"), ("B", "C"),
                                         ("D", "E"), ("A", "C"), ("B", "D"), ("C", "E")])]
    forward = rate_period(players, games, period=NOV_2026)
    backward = rate_period(players, list(reversed(games)), period=NOV_2026)
    assert {p: r.new_rating for p, r in forward.items()} == {
        p: r.new_rating for p, r in backward.items()}


def test_clear_errors_for_bad_games() -> None:
    players = {"A": PlayerState(1800), "B": PlayerState(1800)}
    with pytest.raises(ValueError, match=r"game #1 \(event 'e'\): player 'X' is not in players"):
        rate_period(players, [RatedGame("e", "A", "B", 1), RatedGame("e", "A", "X", 1)],
                    period=NOV_2026)
    with pytest.raises(ValueError, match=r"game #0 .*score must be 1, 0.5 or 0, got 2"):
        rate_period(players, [RatedGame("e", "A", "B", 2)], period=NOV_2026)


# --- 7.2: the floor --------------------------------------------------------------------------


def test_rating_below_1400_is_delisted() -> None:
    """7.2: 1405 (K 20) loses to 1405: ΔR −.5 × 20 = −10 → 1395 < 1400 → listed as unrated and
    afterwards treated as any unrated player (new games count and no pending games)."""
    players = {"A": PlayerState(1405, games=80), "B": PlayerState(1405, games=80)}
    result = rate_period(players, [RatedGame("e", "A", "B", 0)], period=NOV_2026)["A"]
    assert result.delisted
    assert result.new_rating is None
    assert result.new_state.games == 0


# --- 8.2: first rating -----------------------------------------------------------------------


def five_games(opponents: list[int], scores: list[float], event: str = "open"):
    return [(event, rating, score) for rating, score in zip(opponents, scores, strict=True)]


def test_first_rating_with_two_imaginary_draws() -> None:
    """Opponents 1600, 1700, 1800, 1900, 2000; score 3 (1, 1, .5, .5, 0).
    With two imaginary draws vs 1800: Ra = (9000 + 3600) / 7 = 1800; p = (3 + 1) / 7 = .571 →
    .57 → dp 50 → Ru = 1850."""
    initial = initial_rating(five_games([1600, 1700, 1800, 1900, 2000], [1, 1, .5, .5, 0]))
    assert initial.average_opponent == 1800
    assert (initial.p, initial.dp, initial.computed, initial.rating) == (0.57, 50, 1850, 1850)


def test_first_rating_at_exactly_50_percent_is_ra() -> None:
    """Five 1500 opponents, score 2.5: with the imaginary draws p = 3.5 / 7 = .50 → dp 0,
    Ru = Ra = (7500 + 3600) / 7 = 1585.71 → 1586."""
    initial = initial_rating(five_games([1500] * 5, [1, 1, .5, 0, 0]))
    assert (initial.dp, initial.rating) == (0, 1586)


def test_first_rating_below_the_floor_is_not_published() -> None:
    """Five 1400 opponents, score 1: Ra = (7000 + 3600) / 7 = 1514.29; p = 2 / 7 = .286 → .29 →
    dp −158 → Ru = 1356.29 → 1356 < 1400: not published, the player stays unrated."""
    initial = initial_rating(five_games([1400] * 5, [1, 0, 0, 0, 0]))
    assert (initial.dp, initial.computed, initial.rating) == (-158, 1356, None)
    assert "floor 1400" in initial.reason


def test_first_rating_is_at_most_2200() -> None:
    """Five 2300 opponents all beaten: Ra = (11500 + 3600) / 7 = 2157.14; p = 6 / 7 = .857 →
    .86 → dp 309 → 2466.14 → 2466, published as 2200."""
    initial = initial_rating(five_games([2300] * 5, [1] * 5))
    assert (initial.dp, initial.computed, initial.rating) == (309, 2466, 2200)


def test_first_rating_needs_five_games_against_rated_opponents() -> None:
    initial = initial_rating(five_games([1800] * 4, [1, 0, 1, 0]))
    assert initial.rating is None
    assert "4 games against rated opponents, 5 needed" in initial.reason


def test_zero_in_the_first_event_is_disregarded() -> None:
    """Two losses in the first event are dropped; the next five games give the first test's
    numbers: Ru = 1850 over 5 games."""
    games = five_games([2000, 2000], [0, 0], "first") + five_games(
        [1600, 1700, 1800, 1900, 2000], [1, 1, .5, .5, 0], "second")
    initial = initial_rating(games)
    assert (initial.games, initial.rating) == (5, 1850)
    # Without the rule the two losses would count: 7 games.
    kept = initial_rating(games, RatingRules(disregard_zero_first_event=False))
    assert kept.games == 7


def test_first_rating_pools_games_over_periods() -> None:
    """Three games in October, two in November (26-month window): rated in November with the
    first test's numbers (Ru 1850, 5 games, then K 40 as a new player)."""
    players = {"U": PlayerState(None, birth_year=1990)}
    players |= {f"o{r}": PlayerState(r, games=100) for r in (1600, 1700, 1800, 1900, 2000)}
    october = rate_period(players, [RatedGame("oct", "U", "o1600", 1),
                                    RatedGame("oct", "U", "o1700", 1),
                                    RatedGame("oct", "o1800", "U", 0.5)], period=date(2026, 10, 1))
    assert not october["U"].became_rated
    players["U"] = october["U"].new_state
    assert len(players["U"].pending) == 3
    november = rate_period(players, [RatedGame("nov", "U", "o1900", 0.5),
                                     RatedGame("nov", "o2000", "U", 1)], period=NOV_2026)
    result = november["U"]
    assert result.became_rated
    assert (result.new_rating, result.new_state.games, result.new_state.pending) == (1850, 5, ())
    assert result.initial.average_opponent == 1800


def test_pending_games_older_than_26_months_are_dropped() -> None:
    """Window of 26 months ending with November 2026: October 2024 .. November 2026.
    A game of September 2024 no longer counts; one of October 2024 still does."""
    old = PendingGame("old", "x", 1800, 1.0, date(2024, 9, 1))
    kept = PendingGame("kept", "x", 1800, 1.0, date(2024, 10, 1))
    players = {"U": PlayerState(None, pending=(old, kept)), "x": PlayerState(1800, games=100)}
    result = rate_period(players, [RatedGame("now", "U", "x", 0.5)], period=NOV_2026)["U"]
    assert [game.event_id for game in result.new_state.pending] == ["kept", "now"]


def test_imaginary_games_are_settings() -> None:
    """A list without imaginary games (initial_imaginary_games = 0): five 1500 opponents, score 4
    → p = .80 → dp 240 → Ru = 1740."""
    rules = RatingRules(initial_imaginary_games=0)
    initial = initial_rating(five_games([1500] * 5, [1, 1, 1, 1, 0]), rules)
    assert (initial.dp, initial.rating) == (240, 1740)
