"""Scoring (Điều 21.1-21.2) and withdrawals (Điều 21.5; 002 part 2 Điều 4)."""

import pytest

from chessrules.competition.model import ANNULLED, FORFEIT, GAME, Competitor, Entry, score
from chessrules.competition.roundrobin import berger_table
from chessrules.competition.scoring import (
    MatchScore,
    crosstable_mark,
    match_of,
    match_totals,
    rank_by_match_points,
    two_game_match,
    withdraw_round_robin,
    withdraw_round_robin_all,
    withdraw_swiss,
)


def test_two_game_match_points():
    """21.2: win 2, draw 1, loss 0 game points; match 1 / ½ / 0 ("dù thắng 2 ván hoặc
    thắng 1 hòa 1")."""
    assert two_game_match([1, 0.5]) == (MatchScore(1.0, 3), MatchScore(0.0, 1))
    assert two_game_match([1, 1]) == (MatchScore(1.0, 4), MatchScore(0.0, 0))
    assert two_game_match([1, 0]) == (MatchScore(0.5, 2), MatchScore(0.5, 2))
    assert two_game_match([0.5, 0]) == (MatchScore(0.0, 1), MatchScore(1.0, 3))


def test_absent_player_gives_one_match_point_and_four_game_points():
    assert two_game_match([], absent="b") == (MatchScore(1.0, 4), MatchScore(0.0, 0))
    assert two_game_match([], absent="a") == (MatchScore(0.0, 0), MatchScore(1.0, 4))
    with pytest.raises(ValueError):
        two_game_match([1])


def test_ranking_by_match_points_then_game_points():
    totals = {1: MatchScore(2.0, 5), 2: MatchScore(2.0, 7), 3: MatchScore(2.5, 4)}
    assert rank_by_match_points(totals) == [3, 2, 1]


def _rr(n, played_rounds, results):
    """Players 1..n on the Berger table; rounds <= played_rounds are played; white
    scores results(round, white, black)."""
    schedule = {r: [b.pair() for b in boards if b.bye is None]
                for r, boards in enumerate(berger_table(n), 1)}
    comps = {i: Competitor(i) for i in range(1, n + 1)}
    for r, pairs in schedule.items():
        if r > played_rounds:
            continue
        for w, b in pairs:
            res = results(r, w, b)
            comps[w].entries[r] = Entry(GAME, res, b, "w")
            comps[b].entries[r] = Entry(GAME, 1 - res, w, "b")
    return comps, schedule


def test_round_robin_withdrawal_after_half_or_fewer_annuls_all_games():
    """21.5.1: 6 players (5 games each); player 6 withdraws after round 2 having played
    2 games (<= half): all his games and his opponents' points against him are removed
    and shown X."""
    comps, schedule = _rr(6, 2, lambda r, w, b: 1.0)
    before = score(comps[1])
    outcome = withdraw_round_robin(comps, 6, schedule)
    assert outcome == "annulled"
    marks = {r: crosstable_mark(comps[6].entries[r]) for r in range(1, 6)}
    assert marks == {r: "X" for r in range(1, 6)}
    # 1 met 6 in round 1 (1 - 6, White won): that point is gone
    assert comps[1].entries[1].kind == ANNULLED and score(comps[1]) == before - 1


def test_round_robin_withdrawal_after_more_than_half_forfeits_the_rest():
    """21.5.1 / 002 Điều 4.3: 3 of 5 games played -> results kept, the rest won by the
    opponents ("+" for them, "-" for him)."""
    comps, schedule = _rr(6, 3, lambda r, w, b: 0.5)
    assert withdraw_round_robin(comps, 6, schedule) == "forfeited"
    assert [crosstable_mark(comps[6].entries[r]) for r in range(1, 6)] == ["½", "½", "½", "-", "-"]
    opponent_round4 = comps[6].entries[4].opponent
    assert comps[opponent_round4].entries[4] == Entry(FORFEIT, 1.0, 6)
    assert comps[6].withdrawn_after == 3


def test_half_played_differs_between_xiangqi_and_chess():
    """Exactly half: the Xiangqi Law annuls ("nửa số trận trở xuống"), the chess rules
    keep (002 Điều 4.3 "từ 1/2 số ván trở lên")."""
    # 5 players, 4 games each; player 1 rests in round 1, plays rounds 2 and 3
    comps, schedule = _rr(5, 3, lambda r, w, b: 1.0)
    played_by_1 = sum(1 for e in comps[1].entries.values() if e.kind == GAME)
    assert played_by_1 == 2
    assert withdraw_round_robin(comps, 1, schedule) == "annulled"
    comps, schedule = _rr(5, 3, lambda r, w, b: 1.0)
    assert withdraw_round_robin(comps, 1, schedule, law="chess") == "forfeited"


def _two_withdrawals():
    """8 players, 7 games each (half = 3.5), rounds 1-4 played on the Berger table;
    8 withdraws after round 3 (3 games: 1, 5, 2), 5 after round 4 (4 games: 4, 8, 6, 7)."""
    comps, schedule = _rr(8, 4, lambda r, w, b: 0.5)
    del comps[8].entries[4], comps[6].entries[4]  # 8 did not play round 4 (8-6)
    return comps, schedule


def test_round_robin_played_counts_games_at_the_moment_of_withdrawal():
    """Điều 21.5.1: "chỉ chơi nửa số trận trở xuống rồi bỏ cuộc" counts the games the
    player had played over the board when he withdrew. 8 played 3 of 7 -> annulled;
    5 had played 4 of 7, one of them against 8: still more than half -> his results are
    kept (only the game against 8 is annulled, as 8's) and his later games forfeited."""
    comps, schedule = _two_withdrawals()
    outcome = withdraw_round_robin_all(comps, [8, 5], schedule)
    assert outcome == {8: "annulled", 5: "forfeited"}
    marks = [crosstable_mark(comps[5].entries[r]) for r in range(1, 8)]
    assert marks == ["½", "X", "½", "½", "-", "-", "-"]
    assert comps[1].entries[5] == Entry(FORFEIT, 1.0, 5)  # round 5: 5-1, 1 wins


def test_round_robin_withdrawal_counted_after_annulment_would_cascade():
    """Counting after 8's annulment (the old behaviour) leaves 5 with 3 of 7 and annuls
    him too - what 21.5.1 does not say; an explicit ``played`` gives the right count."""
    comps, schedule = _two_withdrawals()
    withdraw_round_robin(comps, 8, schedule)
    assert withdraw_round_robin(comps, 5, schedule) == "annulled"
    comps, schedule = _two_withdrawals()
    withdraw_round_robin(comps, 8, schedule)
    assert withdraw_round_robin(comps, 5, schedule, played=4) == "forfeited"


def test_swiss_withdrawal_keeps_results():
    c = Competitor(1, entries={1: Entry(GAME, 1.0, 2, "w")})
    withdraw_swiss(c, 1)
    assert c.withdrawn_after == 1 and score(c) == 1.0


def _e(kind, points, opponent, colour=None):
    return Entry(kind, points, opponent, colour)


def test_match_of_two_games_article_21_2():
    """Điều 21.2: a win and a draw: 3 game points and the match; two draws: ½ each;
    absent from both games: the opponent 1 match point and 4 game points."""
    mine = [_e(GAME, 1.0, 2, "w"), _e(GAME, 0.5, 2, "b")]
    theirs = [_e(GAME, 0.0, 1, "b"), _e(GAME, 0.5, 1, "w")]
    assert match_of(mine, theirs) == MatchScore(1.0, 3)
    assert match_of(theirs, mine) == MatchScore(0.0, 1)
    absent = [_e(FORFEIT, 0.0, 1), _e(FORFEIT, 0.0, 1)]
    present = [_e(FORFEIT, 1.0, 2), _e(FORFEIT, 1.0, 2)]
    assert match_of(present, absent) == MatchScore(1.0, 4)
    assert match_of(absent, present) == MatchScore(0.0, 0)
    nobody = [_e(FORFEIT, 0.0, 2), _e(FORFEIT, 0.0, 2)]
    assert match_of(nobody, nobody) == MatchScore(0.0, 0)  # neither came: nobody wins
    pending = [_e(GAME, 1.0, 2, "w"), _e("absent", 0.0, None)]
    assert match_of(pending, theirs) is None


def test_match_totals_rank_by_match_points_then_game_points():
    c = {n: Competitor(n) for n in (1, 2, 3)}

    def game(r, white, black, w_points):
        c[white].entries[r] = _e(GAME, w_points, black, "w")
        c[black].entries[r] = _e(GAME, 1 - w_points, white, "b")
    game(1, 1, 2, 1.0), game(2, 2, 1, 0.5)  # 1-2: win + draw  -> 1: 1 MP 3 GP
    game(3, 1, 3, 0.0), game(4, 3, 1, 0.5)  # 1-3: loss + draw -> 3: 1 MP 3 GP
    game(5, 2, 3, 1.0), game(6, 3, 2, 0.0)  # 2-3: two wins for 2 -> 2: 1 MP 4 GP
    totals = match_totals(c, [(1, 2, 1, 2), (1, 3, 3, 4), (2, 3, 5, 6)])
    assert totals == {1: MatchScore(1.0, 4), 2: MatchScore(1.0, 5), 3: MatchScore(1.0, 3)}
    assert rank_by_match_points(totals) == [2, 1, 3]
    assert match_totals(c, [(1, 2, 1, 7)])[1] == MatchScore(0.0, 0)  # game 2 not played yet
