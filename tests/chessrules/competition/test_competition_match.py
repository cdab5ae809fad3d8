"""Individual matches (002 part 2 Điều 8) and individual Scheveningen (002 Điều 10)."""

from __future__ import annotations

import pytest

from chessrules.competition.match import (
    check_match_terms,
    match_colours,
    match_state,
    scheveningen_rounds,
)
from chessrules.competition.team import scheveningen

WIN, DRAW, LOSS = (1.0, 0.0), (0.5, 0.5), (0.0, 1.0)


def test_colours_alternate_from_player_one_with_white():
    """002 Điều 11 (applied to matches): colours change game by game."""
    assert [match_colours(g) for g in range(1, 5)] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    with pytest.raises(ValueError):
        match_colours(0)


def test_fixed_number_of_games_is_the_score_after_all_of_them():
    """Điều 8 "tính tỷ số với số lượng ván ấn định": 4 games, 2½-1½ after the 4th."""
    assert not match_state([WIN, DRAW, LOSS], 4).decided
    state = match_state([WIN, DRAW, LOSS, WIN], 4)
    assert state.decided and state.winner == 0 and state.points == (2.5, 1.5)
    assert state.wins == (2, 1)


def test_fixed_games_drawn_match_has_no_winner():
    state = match_state([WIN, LOSS], 2)
    assert state.decided and state.winner is None and state.points == (1.0, 1.0)


def test_points_target_ends_the_match_early():
    """Điều 8 "thắng cuộc theo số điểm ấn định": first to 3½ of at most 6 games."""
    games = [WIN, DRAW, WIN, DRAW]
    assert not match_state(games, 6, target_points=3.5).decided  # 3-1
    state = match_state([*games, WIN], 6, target_points=3.5)
    assert state.decided and state.winner == 0 and state.games == 5 and state.points == (4, 1)


def test_wins_target_counts_won_games_not_draws():
    """Điều 8 "ván thắng ấn định trước": first to 2 wins; draws do not count."""
    games = [DRAW, DRAW, LOSS, DRAW]
    assert not match_state(games, 10, target_wins=2).decided
    state = match_state([*games, LOSS], 10, target_wins=2)
    assert state.decided and state.winner == 1 and state.wins == (0, 2)


def test_forfeit_win_counts_as_a_won_game_and_pending_games_stop_the_count():
    """002 part 2 Điều 4.4: a game lost by default counts like one lost over the board."""
    state = match_state([(1.0, 0.0), None, WIN], 4, target_wins=1)
    assert state.decided and state.games == 1 and state.winner == 0


@pytest.mark.parametrize("games,points,wins", [
    (0, None, None), (41, None, None), (6, 3.0, None), (6, 7.0, None), (6, 3.7, None),
    (6, None, 7), (6, 4.0, 2)])
def test_match_terms_refused(games, points, wins):
    with pytest.raises(ValueError):
        check_match_terms(games, points, wins)


def test_scheveningen_rounds_are_the_article_tables_and_every_pair_meets_once():
    """Điều 30.2.2 (000) tables, used by 002 Điều 10 for individual groups: the team
    function and the individual one give the same table for 3-6; any size meets all."""
    for size in range(3, 7):
        assert scheveningen(size) == [
            [(f"A{b.a}", f"B{b.b}") if b.a_white else (f"B{b.b}", f"A{b.a}") for b in rnd]
            for rnd in scheveningen_rounds(size)]
    # Đội 3 đấu thủ, lượt 1: A1-B3, A2-B1, A3-B2 (colours: odd A White against odd B)
    first = scheveningen_rounds(3)[0]
    assert [(b.a, b.b, b.a_white) for b in first] == [(1, 3, True), (2, 1, False),
                                                      (3, 2, False)]
    for size in (1, 2, 7, 8):
        rounds = scheveningen_rounds(size)
        assert len(rounds) == size
        assert {(b.a, b.b) for rnd in rounds for b in rnd} == {
            (i, j) for i in range(1, size + 1) for j in range(1, size + 1)}
