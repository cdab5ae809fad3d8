"""Unplayed rounds in the FIDE tie-breaks (C.07 Article 16) and the federation's Buchholz
(Điều 21.4 / 29.5), worked by hand from the rules (not from the code).

C.07, both versions: a participant's own unplayed round counts a dummy opponent with the
participant's own score (16.3, Swiss); the score a participant lends to his opponents counts
his voluntarily unplayed rounds (forfeit losses excepted: they have an opponent) after his
last other round as draws (16.2.5 / 16.3.2); low cuts take a voluntarily unplayed round
first.  The 2026 text (in force from 1 March 2026) caps the dummy opponent: by the real
opponent's adjusted score for a forfeit (16.4.1), by a draw in every round for a bye or
an absence (16.4.2) - what FIDE's reference program TieBreakServer computes by default.
"""

import datetime

import pytest

from chessrules.competition.model import ABSENT, BYE, FORFEIT, GAME, PAB, Competitor, Entry
from chessrules.competition.tiebreaks import rules_for_start, tiebreak_values

CODES = ["BH", "BH-C1", "SB"]


def game(opponent, colour, points):
    return Entry(GAME, points, opponent, colour)


def forfeit_in_round_one():
    """Round 1 of a Swiss: 1 wins by forfeit against 2 (absent), 3-4 1-0, 5 the PAB."""
    c = {pid: Competitor(pid) for pid in range(1, 6)}
    c[1].entries = {1: Entry(FORFEIT, 1.0, 2)}
    c[2].entries = {1: Entry(FORFEIT, 0.0, 1)}
    c[3].entries = {1: game(4, "w", 1)}
    c[4].entries = {1: game(3, "b", 0)}
    c[5].entries = {1: Entry(PAB, 1.0)}
    return c


def test_c07_art16_forfeit_win_in_round_one_2024_dummy_with_own_score():
    """C.07 (2024) 16.3: after round 1 the forfeit winner (1.0) meets a dummy of his own
    score: BH 1.0, SB 1.0 x 1 = 1.0; the PAB the same (1.0); the forfeit loser a dummy of
    0: BH 0; 3 beat 4 (0 points): BH 0; 4 lost to 3: BH 1.0."""
    values = tiebreak_values(forfeit_in_round_one(), 1, CODES, "swiss", rules="2024")
    assert {p: values[p]["BH"] for p in range(1, 6)} == {1: 1.0, 2: 0.0, 3: 0.0, 4: 1.0, 5: 1.0}
    assert (values[1]["SB"], values[5]["SB"]) == (1.0, 1.0)


def test_c07_art16_forfeit_win_in_round_one_2026_dummy_capped():
    """C.07 (2026) 16.4.1: the forfeit winner's dummy is capped by the scheduled opponent's
    adjusted score - 2 lost by forfeit, 0 points (a forfeit loss has an opponent, so it is
    not turned into a draw): min(1.0, 0) = 0 -> BH 0, SB 0 (TieBreakServer: 0.0, the
    service gave 1.0 before, issue 29). 16.4.2: the PAB's dummy is capped by a draw in
    every round, 0.5 x 1 round: min(1.0, 0.5) -> BH 0.5, SB 0.5. Games unchanged."""
    values = tiebreak_values(forfeit_in_round_one(), 1, CODES, "swiss", rules="2026")
    assert {p: values[p]["BH"] for p in range(1, 6)} == {1: 0.0, 2: 0.0, 3: 0.0, 4: 1.0, 5: 0.5}
    assert (values[1]["SB"], values[5]["SB"]) == (0.0, 0.5)
    assert all(values[p]["BH-C1"] == 0 for p in range(1, 6))  # one round: cut 1 leaves none


def half_point_bye():
    """3 rounds. R1: 1 half-point bye (requested), 2-3 1-0, 4-5 1-0. R2: 1-2 1-0, 3-4 ½-½,
    5 PAB. R3: 1-4 1-0, 2-5 1-0, 3 PAB. Scores 1: 2.5, 2: 2.0, 3: 1.5, 4: 1.5, 5: 1.0;
    nobody has a voluntarily unplayed round after his last round, so the adjusted scores
    are the scores."""
    c = {pid: Competitor(pid) for pid in range(1, 6)}
    c[1].entries = {1: Entry(BYE, 0.5), 2: game(2, "w", 1), 3: game(4, "w", 1)}
    c[2].entries = {1: game(3, "w", 1), 2: game(1, "b", 0), 3: game(5, "w", 1)}
    c[3].entries = {1: game(2, "b", 0), 2: game(4, "w", 0.5), 3: Entry(PAB, 1.0)}
    c[4].entries = {1: game(5, "w", 1), 2: game(3, "b", 0.5), 3: game(1, "b", 0)}
    c[5].entries = {1: game(4, "b", 0), 2: Entry(PAB, 1.0), 3: game(2, "b", 0)}
    return c


@pytest.mark.parametrize(("rules", "bh", "bh_c1", "sb"), [
    # 2024, 16.3: the bye's dummy has 1's own 2.5: BH 2.5 + 2.0 + 1.5 = 6.0; the cut takes
    # the bye (voluntarily unplayed, cut first): 3.5; SB 2.5 x ½ + 2.0 + 1.5 = 4.75.
    ("2024", 6.0, 3.5, 4.75),
    # 2026, 16.4.2: the bye's dummy is capped by 3 draws, 1.5: BH 1.5 + 2.0 + 1.5 = 5.0;
    # the cut still takes the bye: 3.5; SB 1.5 x ½ + 2.0 + 1.5 = 4.25.
    ("2026", 5.0, 3.5, 4.25),
])
def test_c07_art16_requested_half_point_bye(rules, bh, bh_c1, sb):
    values = tiebreak_values(half_point_bye(), 3, CODES, "swiss", rules=rules)
    assert (values[1]["BH"], values[1]["BH-C1"], values[1]["SB"]) == (bh, bh_c1, sb)
    # 5's PAB: own 1.0, cap 1.5 -> 1.0 in both; 4 (1.5) + 1.0 + 2 (2.0) = 4.5
    assert values[5]["BH"] == 4.5


def opponent_withdrew():
    """3 rounds. R1: 1-2 1-0, 3-4 ½-½, 5 PAB. 2 withdraws after round 1 (absent in rounds
    2 and 3). R2: 1-3 1-0, 4-5 0-1. R3: 1-4 1-0, 3-5 ½-½.
    Scores 1: 3.0, 2: 0, 3: 1.0, 4: 0.5, 5: 2.5."""
    c = {pid: Competitor(pid) for pid in range(1, 6)}
    c[1].entries = {1: game(2, "w", 1), 2: game(3, "w", 1), 3: game(4, "w", 1)}
    c[2].entries = {1: game(1, "b", 0), 2: Entry(ABSENT), 3: Entry(ABSENT)}
    c[3].entries = {1: game(4, "w", 0.5), 2: game(1, "b", 0), 3: game(5, "w", 0.5)}
    c[4].entries = {1: game(3, "b", 0.5), 2: game(5, "w", 0), 3: game(1, "b", 0)}
    c[5].entries = {1: Entry(PAB, 1.0), 2: game(4, "b", 1), 3: game(3, "b", 0.5)}
    c[2].withdrawn_after = 1
    return c


@pytest.mark.parametrize("rules", ["2024", "2026"])
def test_c07_art16_an_opponent_who_withdrew_lends_draws_for_his_absences(rules):
    """C.07 16.2.5 / 16.3.2: 2's absences after his last game (round 1) count as draws in
    the score he lends: 0 + ½ + ½ = 1.0. 1's BH = 2 (1.0) + 3 (1.0) + 4 (0.5) = 2.5 (the
    plain scores would give 1.5), BH-C1 cuts 4's 0.5: 2.0. 2's own absences meet a dummy
    of his own score 0 (2026: min(0, 1.5) = 0): BH = 1 (3.0) = 3.0."""
    values = tiebreak_values(opponent_withdrew(), 3, CODES + ["BH-VN"], "swiss", rules=rules)
    assert (values[1]["BH"], values[1]["BH-C1"]) == (2.5, 2.0)
    assert values[2]["BH"] == 3.0


@pytest.mark.parametrize("rules", ["2024", "2026"])
def test_federation_buchholz_keeps_the_seed_rule_whatever_the_fide_version(rules):
    """Điều 21.4 / 29.5 (BH-VN), not C.07: a withdrawn opponent counts with the average
    final score of his score group when he withdrew - after round 1 nobody else had 0
    (3 and 4 ½, 5 1), so his own final 0; 1's BH-VN = 0 + 1.0 + 0.5 = 1.5. A round without
    opponent counts the last-placed player's score (0): 5's = 0 + 0.5 + 1.0 = 1.5."""
    values = tiebreak_values(opponent_withdrew(), 3, ["BH-VN"], "swiss", rules=rules)
    assert (values[1]["BH-VN"], values[5]["BH-VN"]) == (1.5, 1.5)


def test_the_c07_version_is_the_one_in_force_on_the_first_day():
    """C.07 as amended by the FIDE Council (2 February 2026) applies from 1 March 2026."""
    assert rules_for_start(datetime.date(2026, 2, 28)) == "2024"
    assert rules_for_start(datetime.date(2026, 3, 1)) == "2026"
    assert rules_for_start(None) == "2024"
