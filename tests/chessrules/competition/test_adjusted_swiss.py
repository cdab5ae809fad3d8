"""Điều 28 (002 Điều 13) as written: the adjusted Swiss system, checked against the worked
examples of 002 Phụ lục 3 ("Những ví dụ tìm đối thủ dung hợp được")."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from chessrules.competition.adjusted_swiss import (
    Player,
    Ranked,
    allocate,
    colour_allowed,
    pair_round,
    pairings_in_order,
    rank_order,
)


def _sets(pairings):
    return [sorted(tuple(sorted(p)) for p in pairing) for pairing in pairings]


def test_phu_luc_3_six_players_top_down_for_number_1():
    """Phụ lục 3, 6 players, "xếp cặp từ trên xuống dưới cho số 1": the initial pairs
    1-4 2-5 3-6, then 1-5 2-4 3-6; 1-6 2-4 3-5; 1-3 2-5 4-6; 1-2 3-5 4-6."""
    first = list(itertools.islice(pairings_in_order([1, 2, 3, 4, 5, 6]), 15))
    by_opponent = {}
    for pairing in first:
        by_opponent.setdefault(pairing[0][1], pairing)  # the first tried per opponent of 1
    assert [p[0] for p in by_opponent.values()] == [(1, 4), (1, 5), (1, 6), (1, 3), (1, 2)]
    assert _sets(by_opponent.values()) == [
        [(1, 4), (2, 5), (3, 6)], [(1, 5), (2, 4), (3, 6)], [(1, 6), (2, 4), (3, 5)],
        [(1, 3), (2, 5), (4, 6)], [(1, 2), (3, 5), (4, 6)]]


def test_phu_luc_3_eight_players_top_down_for_number_1():
    """Phụ lục 3, 8 players: 1-5 2-6 3-7 4-8; 1-6 2-5 3-7 4-8; 1-7 2-5 3-6 4-8;
    1-8 2-5 3-6 4-7; 1-4 2-6 3-7 5-8; 1-3 2-6 4-7 5-8; 1-2 3-6 4-7 5-8."""
    seen = {}
    for pairing in pairings_in_order(list(range(1, 9))):
        seen.setdefault(pairing[0][1], pairing)
    assert _sets(seen.values()) == [
        [(1, 5), (2, 6), (3, 7), (4, 8)], [(1, 6), (2, 5), (3, 7), (4, 8)],
        [(1, 7), (2, 5), (3, 6), (4, 8)], [(1, 8), (2, 5), (3, 6), (4, 7)],
        [(1, 4), (2, 6), (3, 7), (5, 8)], [(1, 3), (2, 6), (4, 7), (5, 8)],
        [(1, 2), (3, 6), (4, 7), (5, 8)]]


def test_phu_luc_3_six_players_top_down_for_number_2():
    """Phụ lục 3, "cho số 2", keeping 6 for number 1: 1-6 2-4 3-5, then 1-6 2-5 3-4,
    then 1-6 2-3 4-5; then number 1 changes opponent (1-3), and with 2-5 not possible
    2 takes 6: 1-3 2-6 4-5."""
    order = [p for p in pairings_in_order([1, 2, 3, 4, 5, 6]) if p[0] in ((1, 6), (1, 3))]
    assert _sets(order[:3]) == [[(1, 6), (2, 4), (3, 5)], [(1, 6), (2, 5), (3, 4)],
                                [(1, 6), (2, 3), (4, 5)]]
    after = [p for p in order[3:] if (2, 5) not in p]
    assert _sets(after[:1]) == [[(1, 3), (2, 6), (4, 5)]]


def test_phu_luc_3_six_players_bottom_up_for_number_6():
    """Phụ lục 3, "xếp cặp từ dưới lên trên cho số 6": 6-3 5-2 4-1, then 6-2 5-3 4-1,
    then 6-1 5-3 4-2 (bottom-up the group is taken in falling numbers)."""
    seen = {}
    for pairing in pairings_in_order([6, 5, 4, 3, 2, 1]):
        seen.setdefault(pairing[0][1], pairing)
    assert list(seen)[:3] == [3, 2, 1]
    assert _sets(list(seen.values())[:3]) == [
        [(1, 4), (2, 5), (3, 6)], [(1, 4), (2, 6), (3, 5)], [(1, 6), (2, 4), (3, 5)]]
    assert list(seen)[3:] == [4, 5]  # then the own half, from its bottom (6-4, 6-5)


def test_28_1_rating_then_title_then_national_rating_then_lot():
    players = [Ranked("a", 2000), Ranked("b", 2100), Ranked("c", 2000, "FM"),
               Ranked("d", 2000, "FM", 1900), Ranked("e", 0, "", 1500), Ranked("f", 0)]
    order = rank_order(players, 7)
    assert order[:4] == ["b", "d", "c", "a"]
    assert order[4:] == ["e", "f"]
    equal = [Ranked(k) for k in "pqrstu"]
    assert rank_order(equal, 1) == rank_order(equal, 1)  # the lot replays from its seed
    assert {tuple(rank_order(equal, s)) for s in range(6)} != {tuple("pqrstu")}


def test_28_1_national_category_after_the_national_rating():
    """28.1 "hệ số của quốc gia hoặc đẳng cấp theo thứ hạng quốc gia": with equal rating,
    title and national rating the higher national category ranks first (kiện tướng 3,
    kiện tướng dự bị 2, cấp I 1); the national rating still comes before it."""
    players = [Ranked("none", 2000), Ranked("first", 2000, category=1),
               Ranked("master", 2000, category=3), Ranked("candidate", 2000, category=2),
               Ranked("rated", 2000, national=1500), Ranked("fm", 2000, "FM")]
    for seed in range(5):  # the lot never decides here
        assert rank_order(players, seed) == ["fm", "rated", "master", "candidate", "first",
                                             "none"]


def test_round_1_halves_and_lot_colours():
    """28.3: 1 meets the top of the second half; 28.6: the lot gives the odd numbers of
    the first half one colour, the even numbers the other; 28.2: odd field, the last
    number has the bye."""
    draw = pair_round([Player(n) for n in range(1, 10)], 1, 5, lot_seed=3)
    assert draw.bye == 9
    assert sorted(tuple(sorted(p)) for p in draw.pairs) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    first_white = draw.pairs[0][0] == 1
    for white, black in draw.pairs:
        low = min(white, black)
        assert (white == low) == (first_white if low % 2 else not first_white)


def test_28_2_bye_to_the_last_of_the_lowest_group_without_one():
    players = [Player(1, score=1), Player(2, score=1), Player(3, score=0, had_bye=True),
               Player(4, score=0), Player(5, score=0, had_bye=False, colours=("b",))]
    assert pair_round(players, 2, 4).bye == 5
    players[4] = Player(5, score=0, had_bye=True)
    assert pair_round(players, 2, 4).bye == 4


def test_28_4_a_player_without_a_partner_in_his_group_floats_down():
    """Group 1 point: 1, 2 have met, 3 alone would float; 28.4.2 going down: the highest
    number floats and meets the lowest number below that he can meet."""
    p = [Player(1, 2400, 1, ("w",), frozenset({4})), Player(2, 2300, 1, ("b",), frozenset({5})),
         Player(3, 2200, 1, ("w",), frozenset({6})),
         Player(4, 2100, 0, ("b",), frozenset({1})), Player(5, 2000, 0, ("w",), frozenset({2})),
         Player(6, 1900, 0, ("b",), frozenset({3}))]
    draw = pair_round(p, 2, 5)
    pairs = {frozenset(x) for x in draw.pairs}
    assert frozenset({1, 2}) in pairs  # 28.3: 1 meets the top of the second half (2)
    assert draw.floats[3] == "↓"
    assert frozenset({3, 4}) in pairs  # he meets the lowest number of the group below
    assert frozenset({5, 6}) in pairs


def test_28_4_2_the_100_point_rule_when_players_exceed_2_to_the_rounds():
    """With 9+ players in 3 rounds (> 2**3) a floater is never rated more than 100 above
    the group's highest number; with fewer rounds' limit it may be (28.4 note)."""
    # group of 3 on 1 point: 1 (2400), 2 (2390), 3 (1800). 3 is due White after "b",
    # 1 and 2 were Black too: sending 2 down would balance colours better (28.4.1), but
    # 2 is 590 above number 3 so 3 goes when the rule applies.
    top = [Player(1, 2400, 1, ("b",), frozenset({4})), Player(2, 2390, 1, ("b",), frozenset({5})),
           Player(3, 1800, 1, ("w",), frozenset({6}))]
    low = [Player(n, 1700 - n, 0, ("w" if n % 2 else "b",), frozenset({n - 3}))
           for n in range(4, 10)] + [Player(10, 1500, 0, ("b",), frozenset())]
    with_rule = pair_round(top + low, 2, 3)  # 10 players > 2 ** 3
    assert with_rule.floats.get(3) == "↓"
    assert 2 not in with_rule.floats
    without = pair_round(top + low, 2, 4)  # 10 players < 2 ** 4: 28.4.1 alone
    assert without.floats.get(2) == "↓"


def test_bottom_up_floats_the_lowest_number_up():
    """28.3-28.4 below the median: groups are paired from the bottom up, and an odd
    bottom group sends its lowest number up to the next group."""
    p = [Player(1, 0, 2, ("w", "b")), Player(2, 0, 2, ("b", "w")),
         Player(3, 0, 1, ("w", "b")), Player(4, 0, 1, ("b", "w")),
         Player(5, 0, 0, ("w", "b")), Player(6, 0, 0, ("b", "w")), Player(7, 0, 0, ("w", "b")),
         Player(8, 0, 1, ("b", "w"))]
    # round 3, median 1 point: group 0 points (5, 6, 7) is odd: 5 floats up
    draw = pair_round(p, 3, 5)
    assert draw.floats == {5: "↑"}
    pairs = {frozenset(x) for x in draw.pairs}
    assert frozenset({6, 7}) in pairs and frozenset({1, 2}) in pairs
    assert frozenset({5, 8}) in pairs  # an upfloater meets the highest number above


def test_colours_28_6_second_check():
    # both due White (one White, two Blacks): the earlier games decide — in round 2 number
    # 1 had White and number 2 Black, so each alternates from there: 2 gets White
    a, b = Player(1, colours=("b", "w", "b")), Player(2, colours=("w", "b", "b"))
    assert allocate(a, b) == (2, 1)
    # identical histories: the lower number gets his due colour
    a, b = Player(1, colours=("w", "b")), Player(2, colours=("w", "b"))
    assert allocate(a, b) == (1, 2)
    # absolute limits first: three Blacks in a row is never given
    a, b = Player(1, colours=("b", "b")), Player(2, colours=("b", "w"))
    assert allocate(a, b) == (1, 2)


@pytest.mark.parametrize(("count", "rounds"), [(20, 7), (31, 9), (12, 5), (64, 5), (21, 9),
                                               (13, 11), (20, 11)])
def test_whole_events_never_repeat_and_keep_colour_limits(count, rounds):
    rng = random.Random(count * rounds)
    ratings = sorted((rng.randint(1400, 2500) for _ in range(count)), reverse=True)
    state = {n: dict(rating=ratings[n - 1], score=0.0, colours=[], opponents=set(), bye=False)
             for n in range(1, count + 1)}
    for rnd in range(1, rounds + 1):
        players = [Player(n, s["rating"], s["score"], tuple(s["colours"]),
                          frozenset(s["opponents"]), s["bye"]) for n, s in state.items()]
        draw = pair_round(players, rnd, rounds, lot_seed=count)
        seen = Counter(n for pair in draw.pairs for n in pair)
        assert all(v == 1 for v in seen.values())
        assert len(seen) + (draw.bye is not None) == count
        for white, black in draw.pairs:
            assert black not in state[white]["opponents"]
            if rnd < rounds and not any("colour" in w for w in draw.warnings):
                assert colour_allowed(state[white]["colours"], "w")
                assert colour_allowed(state[black]["colours"], "b")
            state[white]["colours"].append("w")
            state[black]["colours"].append("b")
            state[white]["opponents"].add(black)
            state[black]["opponents"].add(white)
            outcome = rng.choice([1.0, 0.5, 0.0])
            state[white]["score"] += outcome
            state[black]["score"] += 1 - outcome
        if draw.bye is not None:
            assert not state[draw.bye]["bye"]  # 28.2: one bye per player
            state[draw.bye]["bye"] = True
            state[draw.bye]["score"] += 1


def test_28_4_a_median_group_that_cannot_be_completed_goes_to_the_nearest_group():
    """Round 2: 1 and 4 drew (the ½ group, the median) and cannot meet again; 2 and 3
    won, 5 and 6 lost. The median players go up to the nearest group (28.4): the lower
    half is paired from the bottom, 1 and 4 float up and meet 3 and 2."""
    p = [Player(1, 2400, 0.5, ("w",), frozenset({4})), Player(2, 2300, 1, ("w",), frozenset({5})),
         Player(3, 2200, 1, ("b",), frozenset({6})), Player(4, 2100, 0.5, ("b",), frozenset({1})),
         Player(5, 2000, 0, ("b",), frozenset({2})), Player(6, 1900, 0, ("w",), frozenset({3}))]
    draw = pair_round(p, 2, 5)
    pairs = {frozenset(x) for x in draw.pairs}
    assert frozenset({5, 6}) in pairs and frozenset({1, 4}) not in pairs
    assert draw.floats == {1: "↑", 4: "↑"}
    # 28.6: an upfloater meets the highest number he can, with the opposite colour due
    assert pairs == {frozenset({5, 6}), frozenset({1, 3}), frozenset({2, 4})}
    assert any("28.4" in w for w in draw.warnings)
    assert not any("smallest" in w for w in draw.warnings)  # no last resort needed


# --- backtracking across score groups (28.4-28.6) ---------------------------------------------

def _legal(draw, players) -> bool:
    """Every pair legal under the absolute rules: no rematch (Điều 27), colours within
    the limits of Điều 27 as given."""
    by = {p.number: p for p in players}
    return all(b not in by[w].opponents and colour_allowed(by[w].colours, "w")
               and colour_allowed(by[b].colours, "b") for w, b in draw.pairs)


def _first_choices_fail(players, round_number, total_rounds, bye=None) -> bool:
    """The groups' first choices (28.4-28.6 without backtracking) leave players without a
    partner at every meeting point (``bye``: the player left out, 28.2)."""
    from chessrules.competition.adjusted_swiss import _meet_at, _Round

    state = _Round({p.number: p for p in players}, limit_rule=len(players) > 2 ** total_rounds)
    scores = {p.number: p.score for p in players if p.number != bye}
    active = sorted(scores)
    return all(_meet_at(state, active, scores, m, full=False) is None
               for m in {*scores.values(), (round_number - 1) / 2})


def test_28_6_the_median_group_tries_other_partners_for_its_floaters():
    """Round 3, median 1 point. 1 and 5 (1½) have met: both float down (28.4); 4 and 6
    (½) have met: both float up. In the median group (2, 3, who have met) the first
    choices (28.6: 1 meets 2, 5 meets 3) leave 4 and 6, who have met. Backtracking: 5 takes
    6 instead (5 is due Black after two Whites, 6 White after two Blacks), 3 meets 4. The
    last resort (pairing by score differences, with a warning) is not needed."""
    p = [Player(1, 2402, 1.5, ("w", "b"), frozenset({4, 5})),
         Player(2, 2171, 1.0, ("b", "w"), frozenset({3, 5})),
         Player(3, 1783, 1.0, ("w", "b"), frozenset({2, 6})),
         Player(4, 1771, 0.5, ("b", "w"), frozenset({1, 6})),
         Player(5, 1524, 1.5, ("w", "w"), frozenset({1, 2})),
         Player(6, 1450, 0.5, ("b", "b"), frozenset({3, 4}))]
    assert _first_choices_fail(p, 3, 5)
    draw = pair_round(p, 3, 5)
    assert draw.warnings == [] and draw.backtracked
    assert {frozenset(x) for x in draw.pairs} == {frozenset({1, 2}), frozenset({5, 6}),
                                                  frozenset({3, 4})}
    assert (6, 5) in draw.pairs  # 28.6 second check: both get their due colour
    assert draw.floats == {1: "↓", 5: "↓", 4: "↑", 6: "↑"}
    assert _legal(draw, p)


def test_28_4_another_player_of_an_upper_group_floats_when_the_first_choice_dead_ends():
    """Round 7 of 8, 9 players, median 3 points. The top group (4 points: 1, 5, 7, 9)
    holds one possible pair, 1-7 (1 has met 5 and 9, 5 has met 7 and 9). The first choice
    sends the end players 9 and 7 (28.4.2), which leaves 1-5, who have met, so the whole
    group went down and the groups below could not be completed. 28.4 "phải chọn đấu thủ
    khác trong nhóm": backtracking sends 5 and 9 instead and keeps 1-7."""
    rows = [(1, 2402, 4.0, "bwbwbw", {2, 3, 5, 6, 8, 9}, False),
            (2, 2381, 3.5, "wbwbwb", {1, 4, 5, 6, 8, 9}, False),
            (3, 2358, 2.5, "bwwbb", {1, 4, 6, 7, 9}, True),
            (4, 2344, 2.5, "wwbbw", {2, 3, 5, 7, 8}, True),
            (5, 2323, 4.0, "wbwbbw", {1, 2, 4, 6, 7, 9}, False),
            (6, 2148, 2.5, "bbwwb", {1, 2, 3, 5, 8}, True),
            (7, 2045, 4.0, "wwbwb", {3, 4, 5, 8, 9}, True),
            (8, 2015, 3.0, "bwbww", {1, 2, 4, 6, 7}, True),
            (9, 1798, 4.0, "bbwwb", {1, 2, 3, 5, 7}, True)]
    p = [Player(n, r, s, tuple(c), frozenset(o), b) for n, r, s, c, o, b in rows]
    assert _first_choices_fail(p, 7, 8, bye=2)
    draw = pair_round(p, 7, 8, lot_seed=9)
    assert draw.warnings == [] and draw.backtracked
    assert draw.bye == 2  # 28.2: the lowest group without a point for want of an opponent
    pairs = {frozenset(x) for x in draw.pairs}
    assert frozenset({1, 7}) in pairs
    assert draw.floats[5] == draw.floats[9] == "↓" and 1 not in draw.floats
    assert _legal(draw, p)


def _any_legal_pairing(players) -> bool:
    numbers = [p.number for p in players]
    by = {p.number: p for p in players}

    def ok(a, b):
        return b not in by[a].opponents and any(
            colour_allowed(by[a].colours, c) and colour_allowed(by[b].colours,
                                                                "b" if c == "w" else "w")
            for c in "wb")

    def walk(rest):
        if not rest:
            return True
        return any(ok(rest[0], o) and walk([x for x in rest[1:] if x != o]) for o in rest[1:])
    return walk(numbers)


@pytest.mark.parametrize("count", [6, 7, 8, 9, 10])
def test_the_last_resort_only_when_no_legal_pairing_exists(count):
    """Whole events of small fields with many rounds (where the first choices often dead-end):
    whenever any pairing without a rematch within the colour limits exists (checked by
    brute force), the round is paired by 28.3-28.6 with backtracking — no last-resort or
    colour warning; otherwise the warned fallback is used."""
    rounds = count - 1
    backtracked = 0
    for seed in range(12):
        rng = random.Random(seed * 1000 + count)
        ratings = sorted((rng.randint(1400, 2500) for _ in range(count)), reverse=True)
        state = {n: dict(rating=ratings[n - 1], score=0.0, colours=[], opponents=set(),
                         bye=False) for n in range(1, count + 1)}
        for rnd in range(1, rounds + 1):
            players = [Player(n, s["rating"], s["score"], tuple(s["colours"]),
                              frozenset(s["opponents"]), s["bye"]) for n, s in state.items()]
            try:
                draw = pair_round(players, rnd, rounds, lot_seed=count)
            except ValueError:
                break  # nobody can meet a new opponent at all
            paired = [p for p in players if p.number != draw.bye]
            if _any_legal_pairing(paired):
                assert not any("smallest" in w or "colour" in w for w in draw.warnings)
                assert _legal(draw, players)
                fail = _first_choices_fail(players, rnd, rounds, draw.bye)
                assert draw.backtracked == fail
                backtracked += fail
            else:
                assert draw.warnings
            for white, black in draw.pairs:
                state[white]["colours"].append("w")
                state[black]["colours"].append("b")
                state[white]["opponents"].add(black)
                state[black]["opponents"].add(white)
                outcome = rng.choice([1.0, 0.5, 0.0])
                state[white]["score"] += outcome
                state[black]["score"] += 1 - outcome
            if draw.bye is not None:
                state[draw.bye]["bye"] = True
                state[draw.bye]["score"] += 1
    assert backtracked  # the cases this test is about did occur


def test_a_search_stopped_at_its_limit_falls_back_with_a_warning(monkeypatch):
    """The backtracking is bounded; when it stops at its limit the round is still paired
    (the last resort, smallest score differences) and the warning says why."""
    from chessrules.competition import adjusted_swiss

    monkeypatch.setattr(adjusted_swiss, "SEARCH_BUDGET", 1)
    p = [Player(1, 2402, 1.5, ("w", "b"), frozenset({4, 5})),
         Player(2, 2171, 1.0, ("b", "w"), frozenset({3, 5})),
         Player(3, 1783, 1.0, ("w", "b"), frozenset({2, 6})),
         Player(4, 1771, 0.5, ("b", "w"), frozenset({1, 6})),
         Player(5, 1524, 1.5, ("w", "w"), frozenset({1, 2})),
         Player(6, 1450, 0.5, ("b", "b"), frozenset({3, 4}))]
    draw = pair_round(p, 3, 5)
    assert not draw.backtracked and _legal(draw, p) and len(draw.pairs) == 3
    assert any("stopped at its limit of 1 steps" in w and "smallest score" in w
               for w in draw.warnings)
