"""Knockout (Điều 25 of the Xiangqi Law; 002 Điều 11 "hệ Olympic")."""

import pytest

from chessrules.competition.knockout import (
    DoubleForfeitRule,
    MiniMatch,
    TieRule,
    bracket_size,
    first_round,
    next_round,
    seed_positions,
)


def test_bracket_sizes_are_powers_of_two():
    assert [bracket_size(n) for n in (2, 3, 32, 33, 64, 100, 128)] == [2, 4, 32, 64, 64, 128, 128]


def test_seeding_keeps_top_seeds_apart():
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = seed_positions(32)
    assert sorted(order) == list(range(1, 33))
    assert all(order[i] + order[i + 1] == 33 for i in range(0, 32, 2))
    assert 1 in order[:16] and 2 in order[16:]  # 1 and 2 can only meet in the final


def test_top_seeds_get_byes_when_entries_do_not_fill_the_bracket():
    """Điều 25: 27 entries in a 32 bracket -> seeds 1-5 pass round 1 ("miễn đấu")."""
    pairs = first_round(27)
    assert len(pairs) == 16
    byes = sorted(a for a, b in pairs if b is None)
    assert byes == [1, 2, 3, 4, 5]
    assert sorted(x for p in pairs for x in p if x is not None) == list(range(1, 28))


def test_next_round_pairs_winners_in_order():
    assert next_round([1, 5, 3, 2]) == [(1, 5), (3, 2)]
    with pytest.raises(ValueError):
        next_round([1, 2, 3])


def test_mini_match_two_games_alternate_colours_and_lot_replays():
    m = MiniMatch(1, 2, seed="cup-2026")
    w1, b1 = m.next_colours()
    m.record(0.5)
    assert m.next_colours() == (b1, w1)  # alternating colours
    assert m.record(1.0) == 1  # 1 scored 1.5 of 2
    assert m.finished and m.stage == "extra"
    again = MiniMatch(1, 2, seed="cup-2026")
    assert again.next_colours() == (w1, b1)  # first colour by seeded lot
    firsts = {MiniMatch(1, 2, seed=s).next_colours()[0] for s in range(40)}
    assert firsts == {1, 2}


def test_tied_match_goes_to_two_more_games_then_a_decider():
    m = MiniMatch(3, 4, seed=1)
    for _ in range(4):
        assert m.record(0.5) is None
    assert m.stage == "decider"
    white, black = m.next_colours()
    assert {white, black} == {3, 4}
    assert m.record(0.0) == 4


def test_tied_match_two_more_games_then_lots_when_configured():
    """Điều 25: "Trường hợp hòa nữa, trọng tài cho … bốc thăm may rủi để chọn người thắng"."""
    m = MiniMatch(3, 4, seed=2, tie_rule=TieRule.TWO_THEN_LOTS)
    for result in (1.0, 0.0, 0.5):
        assert m.record(result) is None
    m.record(0.5)
    assert m.finished and m.lot_winner and m.winner in (3, 4) and len(m.games) == 4
    with pytest.raises(ValueError, match="finished"):
        m.next_colours()


def test_lots_rule_decides_a_tied_two_game_match_without_more_games():
    """002 Điều 11: a tie may be settled without playing on ("xác định ưu thế"); the old
    "lots" setting played two more games first."""
    m = MiniMatch(3, 4, seed=2, tie_rule="lots")
    m.record(1.0)
    assert not m.finished
    m.record(0.0)
    assert m.finished and m.lot_winner and len(m.games) == 2
    winners = [MiniMatch(3, 4, seed=s, tie_rule=TieRule.LOTS) for s in range(30)]
    for match in winners:
        match.record(0.5)
        match.record(0.5)
    assert {match.winner for match in winners} == {3, 4}  # a real lot, replayable per seed


def test_decider_is_one_game_with_colours_by_lot():
    """Điều 25: "bốc thăm màu quân đấu thêm một ván nữa" — the decider's White is drawn, not
    the next colour of the alternation."""
    whites = set()
    for seed in range(30):
        m = MiniMatch(1, 2, seed=seed)
        for _ in range(4):
            m.record(0.5)
        whites.add((m.games[0][0], m.next_colours()[0]))
    assert {first for first, _ in whites} == {1, 2} and len(whites) == 4


def test_unknown_rule_is_refused_by_name():
    with pytest.raises(ValueError, match="'armageddon'"):
        MiniMatch(1, 2, seed=1, tie_rule="armageddon")


def test_double_forfeit_is_not_a_draw():
    """A double forfeit decides by the regulations' rule (Điều 25 "không cho hoàn đấu";
    002 Điều 11), never as ½-½."""
    out = MiniMatch(5, 12, seed=3)
    assert out.record_double_forfeit() is None
    assert out.finished and out.both_out and out.winner is None
    with pytest.raises(ValueError, match="finished"):
        out.record(1.0)
    seeded = MiniMatch(5, 12, seed=3, double_forfeit=DoubleForfeitRule.HIGHER_SEED)
    seeded.record(1.0)
    assert seeded.record_double_forfeit() == 5 and not seeded.both_out
    again = MiniMatch(5, 12, seed=3, double_forfeit=DoubleForfeitRule.REPLAY)
    colours = again.next_colours()
    assert again.record_double_forfeit() is None and not again.finished
    assert again.next_colours() == colours  # the same game is played again
    assert again.stage == "match" and again.counted == []
    again.record(1.0)
    assert again.record(0.5) == 5 and len(again.games) == 3
