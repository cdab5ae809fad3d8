"""Tie-breaks (Điều 21.3, 21.4, 29.5; FIDE C.07).  Expected values are worked out by
hand in the comments from the rules, not taken from the code."""

import pytest

from chessrules.competition.model import ABSENT, FORFEIT, GAME, PAB, Competitor, Entry
from chessrules.competition.tiebreaks import (
    DEFAULT_ROUND_ROBIN,
    compute_standings,
    parse_code,
    tiebreak_values,
)


def game(opponent, colour, points):
    return Entry(GAME, points, opponent, colour)


def swiss_example():
    """6 players, 3 rounds.
    R1: 1-2 1-0, 3-4 ½-½, 5-6 0-1
    R2: 6-1 ½-½, 2-3 1-0, 4 wins by forfeit against 5 (5 absent)
    R3: 1-4 1-0, 6-2 0-1, 5 withdrew, 3 gets the pairing-allocated bye (1 point).
    Points: 1: 2.5, 2: 2.0, 3: 1.5, 4: 1.5, 5: 0, 6: 1.5.
    """
    ratings = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500}
    c = {pid: Competitor(pid, rating=r) for pid, r in ratings.items()}
    c[1].entries = {1: game(2, "w", 1), 2: game(6, "b", 0.5), 3: game(4, "w", 1)}
    c[2].entries = {1: game(1, "b", 0), 2: game(3, "w", 1), 3: game(6, "b", 1)}
    c[3].entries = {1: game(4, "w", 0.5), 2: game(2, "b", 0), 3: Entry(PAB, 1.0)}
    c[4].entries = {1: game(3, "b", 0.5), 2: Entry(FORFEIT, 1.0, 5), 3: game(1, "b", 0)}
    c[5].entries = {1: game(6, "w", 0), 2: Entry(FORFEIT, 0.0, 4), 3: Entry(ABSENT)}
    c[6].entries = {1: game(5, "b", 1), 2: game(1, "w", 0.5), 3: game(2, "w", 0)}
    c[5].withdrawn_after = 1
    return c


CODES = ["BH", "BH-C1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "ARO", "ARO-C1", "BH-VN"]


def test_c07_values_with_unplayed_rounds():
    values = tiebreak_values(swiss_example(), 3, CODES, "swiss")
    # Adjusted scores lent to opponents (C.07 16): 5's forfeit loss (scheduled opponent)
    # stays 0, his trailing absence after his last non-VUR round (1) counts as a draw:
    # 0 + 0 + 0.5 = 0.5.  Others lend their own scores.
    # Unplayed rounds of the participant: dummy opponent with his own final score.
    expected = {
        # BH: 1: 2.0+1.5+1.5; 2: 2.5+1.5+1.5; 3: 1.5+2.0+own 1.5 (PAB);
        # 4: 1.5+own 1.5 (forfeit win)+2.5; 5: 1.5+own 0+own 0; 6: 0.5+2.5+2.0
        "BH": {1: 5.0, 2: 5.5, 3: 5.0, 4: 5.5, 5: 1.5, 6: 5.0},
        # Cut-1: the lowest; 5's voluntarily unplayed rounds are cut first.
        "BH-C1": {1: 3.5, 2: 4.0, 3: 3.5, 4: 4.0, 5: 1.5, 6: 4.5},
        # SB: 1: 2.0*1+1.5*.5+1.5*1; 2: 1.5+1.5; 3: 1.5*.5+0+1.5*1; 4: 1.5*.5+1.5*1+0;
        # 5: 0; 6: 0.5*1+2.5*.5+0
        "SB": {1: 4.25, 2: 3.0, 3: 2.25, 4: 2.25, 5: 0.0, 6: 1.75},
        "WIN": {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 1},  # PAB and forfeit win count
        "WON": {1: 2, 2: 2, 3: 0, 4: 0, 5: 0, 6: 1},  # over the board only
        "BPG": {1: 1, 2: 2, 3: 1, 4: 2, 5: 0, 6: 1},
        "BWG": {1: 0, 2: 1, 3: 0, 4: 0, 5: 0, 6: 1},
        # PS: running scores 1: 1+1.5+2.5; 2: 0+1+2; 3: .5+.5+1.5; 4: .5+1.5+1.5; 6: 1+1.5+1.5
        "PS": {1: 5.0, 2: 3.0, 3: 2.5, 4: 3.5, 5: 0.0, 6: 4.0},
        # ARO over played games only, rounded: 2: 5300/3 = 1766.7 -> 1767; 6: 5500/3 -> 1833
        "ARO": {1: 1700, 2: 1767, 3: 1800, 4: 1900, 5: 1500, 6: 1833},
        "ARO-C1": {1: 1800, 2: 1900, 3: 1900, 4: 2000, 5: None, 6: 1950},
        # Federation (21.4, 29.5): 5 withdrew after round 1 with 0 points; the other
        # player on 0 then was 2, final 2.0 -> 5 counts 2.0.  Rounds without an
        # opponent count the last place's score (0).
        "BH-VN": {1: 5.0, 2: 5.5, 3: 3.5, 4: 6.0, 5: 3.0, 6: 6.5},
    }
    for code, per_player in expected.items():
        assert {p: values[p][code] for p in per_player} == per_player, code


def test_aro_is_undefined_when_someone_is_unrated():
    players = swiss_example()
    players[6].rating = None
    values = tiebreak_values(players, 3, ["ARO"], "swiss")
    assert all(v["ARO"] is None for v in values.values())
    values = tiebreak_values(players, 3, ["ARO"], "swiss", unrated_rating=1000)
    assert values[1]["ARO"] == 1533  # (1900 + 1000 + 1700) / 3 = 1533.3


def test_swiss_ranking_by_points_then_buchholz_then_sb():
    standings = compute_standings(swiss_example(), 3, ["BH", "SB"], "swiss")
    # 3, 4, 6 tie on 1.5: BH 5.0, 5.5, 5.0 -> 4 first; SB 3 2.25 > 6 1.75
    assert [(s.id, s.rank) for s in standings] == [(1, 1), (2, 2), (4, 3), (3, 4), (6, 5), (5, 6)]
    assert standings[0].points == 2.5


def test_direct_encounter_swiss_not_everybody_met_stays_tied():
    """C.07 6: 3, 4 and 6 are tied; 3-4 was drawn and 6 met neither, so 6 could still
    score 2 - nobody is separated."""
    standings = compute_standings(swiss_example(), 3, ["DE"], "swiss")
    de = {s.id: s.tiebreaks["DE"] for s in standings}
    assert de == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
    assert [s.rank for s in standings] == [1, 2, 3, 3, 3, 6]


def rr_example(forfeit_r3=False):
    """4-player round robin on the Berger table (Phụ lục 1, 3-4 players):
    R1: 1-4 1-0, 2-3 1-0;  R2: 4-3 0-1, 1-2 1-0;  R3: 2-4 ½ (or 2 wins by forfeit), 3-1 1-0.
    """
    c = {pid: Competitor(pid) for pid in range(1, 5)}
    c[1].entries = {1: game(4, "w", 1), 2: game(2, "w", 1), 3: game(3, "b", 0)}
    c[2].entries = {1: game(3, "w", 1), 2: game(1, "b", 0), 3: game(4, "w", 0.5)}
    c[3].entries = {1: game(2, "b", 0), 2: game(4, "b", 1), 3: game(1, "w", 1)}
    c[4].entries = {1: game(1, "b", 0), 2: game(3, "w", 0), 3: game(2, "b", 0.5)}
    if forfeit_r3:
        c[2].entries[3] = Entry(FORFEIT, 1.0, 4)
        c[4].entries[3] = Entry(FORFEIT, 0.0, 2)
    return c


def test_round_robin_direct_encounter_decides():
    """21.3: 1 and 3 both have 2 points, 3 beat 1 -> 3 ranks above 1."""
    standings = compute_standings(rr_example(), 3, DEFAULT_ROUND_ROBIN, "roundrobin")
    assert [s.id for s in standings] == [3, 1, 2, 4]
    assert {s.id: s.tiebreaks["DE"] for s in standings} == {3: 1, 1: 2, 2: 0, 4: 0}
    # SB ("hệ số"): 1 beat 4 (0.5) and 2 (1.5) = 2.0; 3 beat 4 and 1 (2.0) = 2.5
    assert {s.id: s.tiebreaks["SB"] for s in standings}[3] == 2.5


def test_round_robin_default_order_with_forfeit():
    """Điều 21.3 (seed 000): DE, hệ số (SB), "số ván thắng" - games won over the board
    (WON) -, wins with Black, then lots.  2 wins round 3 by forfeit: 1, 2 and 3 all have
    2 points and beat each other in a circle (DE ties), SB is 2.0 each (the forfeit
    counts as a game in a round robin, 4 has 0); games won over the board: 1 and 3 two,
    2 only one (his forfeit win is not a game won) -> 2 third; wins with Black: only 3
    (round 2, 4-3) -> 3 first."""
    assert DEFAULT_ROUND_ROBIN == ["DE", "SB", "WON", "BWG", "LOT"]
    standings = compute_standings(rr_example(True), 3, DEFAULT_ROUND_ROBIN, "roundrobin",
                                  lot_seed=7)
    assert [(s.id, s.rank) for s in standings] == [(3, 1), (1, 2), (2, 3), (4, 4)]
    assert {s.id: s.tiebreaks["SB"] for s in standings} == {1: 2.0, 2: 2.0, 3: 2.0, 4: 0.0}
    assert {s.id: s.tiebreaks["WON"] for s in standings} == {1: 2, 2: 1, 3: 2, 4: 0}
    assert {s.id: s.tiebreaks["BWG"] for s in standings} == {1: 0, 2: 0, 3: 1, 4: 0}


def test_round_robin_wins_option_ends_with_lots():
    """Điều 21.3 with WIN (rounds won, the forfeit win included) chosen by the
    regulations: 1 and 2 both have 2 wins and no win with Black, so the lots of the
    default's last step separate them, reproducibly for the event's seed."""
    codes = ["DE", "SB", "WIN", "BWG", "LOT"]
    tied = compute_standings(rr_example(True), 3, codes[:-1], "roundrobin")
    assert [(s.id, s.rank) for s in tied] == [(3, 1), (1, 2), (2, 2), (4, 4)]
    lots = compute_standings(rr_example(True), 3, codes, "roundrobin", lot_seed=7)
    assert [s.rank for s in lots] == [1, 2, 3, 4]
    assert {s.id for s in lots[1:3]} == {1, 2}
    again = compute_standings(rr_example(True), 3, codes, "roundrobin", lot_seed=7)
    assert [s.id for s in lots] == [s.id for s in again]


def test_last_round_bye_counts_as_draw_for_opponents():
    """C.07 16: a half-point bye in the last round is a voluntarily unplayed round after
    the player's last played round: for his opponents it counts as a draw (0.5), which
    equals the bye's own value; a zero-point bye there counts 0.5 as well."""
    c = {pid: Competitor(pid) for pid in range(1, 5)}
    c[1].entries = {1: game(2, "w", 1), 2: Entry("bye", 0.0)}
    c[2].entries = {1: game(1, "b", 0), 2: game(3, "w", 1)}
    c[3].entries = {1: game(4, "w", 1), 2: game(2, "b", 0)}
    c[4].entries = {1: game(3, "b", 0), 2: Entry("bye", 0.0)}
    values = tiebreak_values(c, 2, ["BH"], "swiss")
    # 1 lends 1 + 0.5 = 1.5 to 2; 2's BH = 1.5 + 3's score 1 = 2.5
    assert values[2]["BH"] == 2.5
    # 1's own BH: 2 (score 1) + dummy opponent with his own score 1 = 2.0
    assert values[1]["BH"] == 2.0


def test_median_and_cut_two():
    c = swiss_example()
    values = tiebreak_values(c, 3, ["BH-M1", "BH-C2", "SB-C1"], "swiss")
    assert values[1]["BH-M1"] == 1.5  # 2.0, 1.5, 1.5: drop 1.5 and 2.0
    assert values[2]["BH-C2"] == 2.5  # keep the highest
    # SB-C1 of 1: contributions (2.0, 2.0), (1.5, 0.75), (1.5, 1.5): cut the lowest
    # opponent score, first in round order (6, 0.75) -> 3.5
    assert values[1]["SB-C1"] == 3.5


def test_codes_are_validated():
    assert parse_code("bh-c1") == ("BH", 1, 0)
    assert parse_code("BH-M1") == ("BH", 1, 1)
    with pytest.raises(ValueError, match="unknown tie-break 'XYZ'"):
        parse_code("XYZ")
    with pytest.raises(ValueError, match="not a participant"):
        bad = {1: Competitor(1, entries={1: game(9, "w", 1)})}
        compute_standings(bad, 1, ["BH"])


def test_thousand_players_eleven_rounds_all_tiebreaks():
    import random

    rng = random.Random(5)
    n, rounds = 1000, 11
    comps = {i: Competitor(i, rating=1000 + i) for i in range(1, n + 1)}
    for r in range(1, rounds + 1):
        ids = list(comps)
        rng.shuffle(ids)
        for a, b in zip(ids[::2], ids[1::2], strict=True):
            res = rng.choice([0.0, 0.5, 1.0])
            comps[a].entries[r] = game(b, "w", res)
            comps[b].entries[r] = game(a, "b", 1 - res)
    codes = ["BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1", "DE", "WIN", "WON", "BPG",
             "BWG", "ARO", "ARO-C1", "PS", "BH-VN"]
    standings = compute_standings(comps, rounds, codes)
    assert len(standings) == n
    assert all(a.points >= b.points for a, b in zip(standings, standings[1:], strict=False))


def test_2026_cut_of_several_unplayed_rounds_takes_the_lowest_dummy_score_first():
    """FIDE C.07 (2026), Article 16 with the 2026 caps: player 1 (3.0 of 5) has two voluntarily
    unplayed rounds with different dummy opponents — a half-point bye (dummy score capped at a
    draw every round: 2.5, SB contribution 2.5 x 0.5 = 1.25) and a forfeit loss to 2 (dummy
    capped at 2's score 3.0, contribution 0). The unplayed round compared in a cut is the one
    with the lowest dummy score, then the lowest contribution (as FIDE's reference program
    orders them): the bye, not the forfeit.
    R1: 1 bye ½, 2-3 1-0, 4-6 1-0, 5 PAB.  R2: 2 +- 1, 3-4 1-0, 5-6 ½.  R3: 1-3 ½, 6-2 1-0,
    4-5 1-0.  R4: 1-4 1-0, 2-5 ½, 6-3 1-0.  R5: 1-5 1-0, 2-3 ½, 4-6 ½.
    Scores: 1 3.0, 2 3.0, 3 2.0, 4 2.5, 5 2.0, 6 3.0.
    1's items (dummy or opponent score, SB contribution): bye (2.5, 1.25), forfeit (3.0, 0),
    3 (2.0, 1.0), 4 (2.5, 2.5), 5 (2.0, 2.0).
    SB = 6.75. SB-C1: the lowest item (2.0, 1.0) contributes no more than the bye (1.25), so
    the bye is cut: 5.5 (ordering by contribution took the forfeit, kept the bye, cut the game
    against 3: 5.75).  BH = 12.0; BH-C1 cuts the bye (2.5): 9.5 (the forfeit first: 9.0)."""
    c = {pid: Competitor(pid) for pid in range(1, 7)}
    c[1].entries = {1: Entry("bye", 0.5), 2: Entry(FORFEIT, 0.0, 2), 3: game(3, "w", 0.5),
                    4: game(4, "w", 1), 5: game(5, "w", 1)}
    c[2].entries = {1: game(3, "w", 1), 2: Entry(FORFEIT, 1.0, 1), 3: game(6, "b", 0),
                    4: game(5, "w", 0.5), 5: game(3, "w", 0.5)}
    c[3].entries = {1: game(2, "b", 0), 2: game(4, "w", 1), 3: game(1, "b", 0.5),
                    4: game(6, "b", 0), 5: game(2, "b", 0.5)}
    c[4].entries = {1: game(6, "w", 1), 2: game(3, "b", 0), 3: game(5, "w", 1),
                    4: game(1, "b", 0), 5: game(6, "w", 0.5)}
    c[5].entries = {1: Entry(PAB, 1.0), 2: game(6, "w", 0.5), 3: game(4, "b", 0),
                    4: game(2, "b", 0.5), 5: game(1, "b", 0)}
    c[6].entries = {1: game(4, "b", 0), 2: game(5, "b", 0.5), 3: game(2, "w", 1),
                    4: game(3, "w", 1), 5: game(4, "b", 0.5)}
    values = tiebreak_values(c, 5, ["SB", "SB-C1", "BH", "BH-C1"], "swiss", rules="2026")
    assert (values[1]["SB"], values[1]["SB-C1"]) == (6.75, 5.5)
    assert (values[1]["BH"], values[1]["BH-C1"]) == (12.0, 9.5)


def test_c07_codes_rep_ks_aob_tpr_apro():
    """FIDE C.07 codes on the Swiss example (final scores 2.5, 2.0, 1.5, 1.5, 0, 1.5):
    REP (rounds one elected to play): games, forfeit wins and the PAB — 3 (PAB) 3, 4 (forfeit
    win) 3, 5 (one game, then a forfeit loss and an absence) 1.
    KS (Koya): points against opponents on at least half the maximum (1.5 of 3): 1 beat 2 and
    4, drew 6 → 2.5; 4 drew 3, his forfeit win was against 5 (0) → 0.5.
    TPR = ARO of games over the board + dp (B.02 table 8.1.1): 1: 5100/3 = 1700, p 2.5/3 = .83
    → dp 273 → 1973; 5: one loss to 1500 → dp −800 → 700; 6: 5500/3 = 1833.33, p .5 → 1833.
    APRO: average TPR of the opponents over the board: 1: (1892 + 1833 + 1707) / 3 = 1810.67
    → 1811.  AOB: average Buchholz of the opponents: 1: (5.5 + 5.0 + 5.5) / 3 = 5.33; 4:
    (5.0 + 5.0) / 2 = 5.0 (forfeits are not games in a Swiss)."""
    values = tiebreak_values(swiss_example(), 3, ["REP", "KS", "TPR", "APRO", "AOB"], "swiss")
    assert {p: values[p]["REP"] for p in range(1, 7)} == {1: 3, 2: 3, 3: 3, 4: 3, 5: 1, 6: 3}
    assert (values[1]["KS"], values[2]["KS"], values[4]["KS"]) == (2.5, 2, 0.5)
    assert (values[1]["TPR"], values[5]["TPR"], values[6]["TPR"]) == (1973, 700, 1833)
    assert values[1]["APRO"] == 1811
    assert (values[1]["AOB"], values[4]["AOB"]) == (5.33, 5.0)
    players = swiss_example()
    players[3].rating = None
    assert tiebreak_values(players, 3, ["TPR", "APRO"], "swiss")[1] == {"TPR": None,
                                                                        "APRO": None}
    ranked = compute_standings(swiss_example(), 3, ["TPR", "REP"], "swiss")
    assert ranked[0].id == 1


def test_koya_maximum_score_in_an_odd_round_robin_counts_games_not_rounds():
    """C.07 KS: "points against the opponents who scored 50 % or more of the maximum possible
    score". In a round robin of 5 each player plays 4 games over 5 rounds, so the threshold
    is 2 points, not 2.5 — as FIDE's reference program (TieBreakServer, compute_koya) counts.
    Results: 1 beats 2, 3, 4 and loses to 5 (3 pts); 2 beats 3, 4 (2); 5 beats 1, 2 (2);
    3-4 drawn, 3 beats 5, 4 beats 5 (1.5 each). Opponents at ≥ 2: 1, 2, 5.
    KS: 1: vs 2 (1) + vs 5 (0) = 1; 2: 0; 3: vs 5 = 1; 4: vs 5 = 1; 5: vs 1 + vs 2 = 2."""
    rounds = {1: [(2, 5), (3, 4)], 2: [(5, 3), (1, 2)], 3: [(3, 1), (4, 5)],
              4: [(1, 4), (2, 3)], 5: [(4, 2), (5, 1)]}
    beats = {(1, 2), (1, 3), (1, 4), (5, 1), (2, 3), (2, 4), (5, 2), (3, 5), (4, 5)}
    c = {pid: Competitor(pid, rating=2000 - pid) for pid in range(1, 6)}
    for number, pairs in rounds.items():
        for white, black in pairs:
            white_points = (1.0 if (white, black) in beats else
                            0.0 if (black, white) in beats else 0.5)
            c[white].entries[number] = game(black, "w", white_points)
            c[black].entries[number] = game(white, "b", 1.0 - white_points)
    values = tiebreak_values(c, 5, ["KS"], "roundrobin")
    assert {pid: values[pid]["KS"] for pid in c} == {1: 1.0, 2: 0.0, 3: 1.0, 4: 1.0, 5: 2.0}


def test_averages_round_halves_up_like_fides_reference_program():
    """C.07 AOB is given to two decimals and APRO to whole numbers, halves up as in FIDE's
    reference program (TieBreakServer): an average Buchholz of 9/8 is 1.13, not Python's
    banker's 1.12; an average TPR of 4101/2 is 2051."""
    from fractions import Fraction

    from chessrules.competition.tiebreaks import half_up

    assert half_up(Fraction(9, 8), 2) == 1.13
    assert half_up(Fraction(11, 8), 2) == 1.38
    assert half_up(Fraction(4101, 2), 0) == 2051
    assert half_up(Fraction(7, 3), 2) == 2.33


def test_rep_counts_a_requested_full_point_bye_as_a_round_elected_to_play():
    """FIDE C.07 REP with requested byes: a round scored as a win without playing is not a
    voluntarily unplayed round (FIDE's reference program, TieBreakServer ``is_vur``: an
    unplayed "W" is no VUR), a half- or zero-point bye is.
    1: R1 requested full-point bye (1), R2 game, R3 half-point bye → REP 2.
    2: R1 zero-point bye, R2 game, R3 game → REP 2.  3: three games → REP 3."""
    c = {pid: Competitor(pid) for pid in range(1, 4)}
    c[1].entries = {1: Entry("bye", 1.0), 2: game(2, "w", 1), 3: Entry("bye", 0.5)}
    c[2].entries = {1: Entry("bye", 0.0), 2: game(1, "b", 0), 3: game(3, "w", 0.5)}
    c[3].entries = {1: Entry("bye", 0.0), 2: Entry(PAB, 1.0), 3: game(2, "b", 0.5)}
    values = tiebreak_values(c, 3, ["REP"], "swiss")
    assert {pid: values[pid]["REP"] for pid in c} == {1: 2, 2: 2, 3: 2}


def test_playoff_points_rank_the_tied_002_phan_2_dieu_2_3():
    """"Thi đấu bổ sung" (002 Phần 2 Điều 2.3): PO is the points scored in the play-off.
    One round, 1-3 1-0 and 2-4 1-0: 1 and 2 on 1 point; the play-off 2 beats 1 (PO 2: 1,
    1: 0); 3 and 4 played none (0) and stay tied."""
    c = {pid: Competitor(pid) for pid in range(1, 5)}
    c[1].entries = {1: game(3, "w", 1)}
    c[3].entries = {1: game(1, "b", 0)}
    c[2].entries = {1: game(4, "w", 1)}
    c[4].entries = {1: game(2, "b", 0)}
    rows = compute_standings(c, 1, ["PO"], "swiss", playoff={2: 1.0, 1: 0.0})
    ranks = {s.id: (s.rank, s.tiebreaks["PO"]) for s in rows}
    assert ranks == {2: (1, 1.0), 1: (2, 0.0), 3: (3, 0.0), 4: (3, 0.0)}
    assert parse_code("PO") == ("PO", 0, 0)
