"""The fast paths of the Dutch pairing give exactly the pairing of the plain procedure.

The plain procedure (one matching of the whole graph per decision, as the
FIDE-endorsed engine bbpPairings does) is slow; the fast paths (window plus
completability check, tie-broken matchings for ordered steps, O(n) first round,
one matching for homogeneous brackets) must not change any pair or colour.
"""

import pytest

from chessrules.dutch import DutchOptions, SwissPlayer, engine, matching, pair_round, twins
from chessrules.dutch.generator import play_tournament


@pytest.fixture
def plain_procedure():
    def run(players, history, round_number, options):
        saved = engine.SHORTCUTS, matching.USE_WINDOW
        engine.SHORTCUTS, matching.USE_WINDOW = False, False
        try:
            return pair_round(players, history, round_number, options)
        finally:
            engine.SHORTCUTS, matching.USE_WINDOW = saved
    return run


@pytest.mark.parametrize(("players", "rounds", "seed"), [(14, 6, 31), (23, 7, 32), (36, 8, 33)])
def test_fast_paths_match_the_plain_procedure(players, rounds, seed, plain_procedure):
    tournament = play_tournament(players, rounds, seed, bye_rate=0.05, withdraw_rate=0.03,
                                 forfeit_rate=0.05)
    for index in range(rounds):
        history = {p: entries[:index] for p, entries in tournament.history.items()}
        options = tournament.options(tournament.not_paired[index])
        assert plain_procedure(tournament.players, history, index + 1, options) == \
            tournament.pairings[index], f"round {index + 1}"


def test_baku_acceleration_pairs_the_accelerated_half_first():
    """C.04.5.1 (Baku): in round 1 of 7 the top half (players 1-4) get one virtual point,
    so they form their own scoregroup: 1-3 and 2-4, then 5-7 and 6-8 (E.5 colours)."""
    players = [SwissPlayer(i, 2500 - 10 * i) for i in range(1, 9)]
    result = pair_round(players, {}, 1, DutchOptions(total_rounds=7, baku=True))
    assert [(p.white, p.black) for p in result] == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_baku_acceleration_plain_and_fast_agree(plain_procedure):
    tournament = play_tournament(20, 7, 41, play=3)
    history = tournament.history
    options = DutchOptions(total_rounds=7, baku=True, initial_color=tournament.initial_color)
    fast = pair_round(tournament.players, history, 4, options)
    assert fast == plain_procedure(tournament.players, history, 4, options)


@pytest.mark.parametrize(("players", "rounds", "seed"), [(40, 7, 41), (75, 5, 42), (120, 4, 43)])
def test_matching_shortcut_gives_the_same_pairings(players, rounds, seed, monkeypatch):
    """#15: the blossom algorithm's shortcuts (tight pairs, lazily scanned exposed
    vertices: new) against the plain algorithm (old) on every round and bracket of
    random tournaments: where several matchings are optimal they may differ, the
    pairings must not."""
    tournament = play_tournament(players, rounds, seed, bye_rate=0.04, withdraw_rate=0.02,
                                 forfeit_rate=0.04, full_bye_rate=0.02)
    monkeypatch.setattr(matching, "BLOSSOM_SHORTCUTS", False)
    _assert_every_round_paired_again_alike(tournament, rounds)


@pytest.mark.parametrize(("players", "rounds", "seed"),
                         [(30, 9, 51), (64, 7, 52), (101, 6, 53), (150, 4, 54), (240, 3, 55)])
def test_tie_broken_matchings_solved_in_two_steps_give_the_same_pairings(
        players, rounds, seed, monkeypatch):
    """#15: a tie-broken matching solved on the edges its weights' optimal dual leaves
    tight (new, ``matching.TIE_SPLIT``; here for every bonus length) against the same
    matching solved in one go (old) on every round of random tournaments (byes,
    forfeits, withdrawals, odd numbers)."""
    monkeypatch.setattr(matching, "TIE_SPLIT_BITS", 0)
    tournament = play_tournament(players, rounds, seed, bye_rate=0.04, withdraw_rate=0.02,
                                 forfeit_rate=0.04, full_bye_rate=0.02)
    monkeypatch.setattr(matching, "TIE_SPLIT", False)
    _assert_every_round_paired_again_alike(tournament, rounds)


@pytest.mark.parametrize(("players", "rounds", "seed"),
                         [(30, 9, 61), (64, 7, 62), (101, 6, 63), (150, 4, 64), (240, 3, 65)])
def test_rankings_settled_by_paths_give_the_same_pairings(players, rounds, seed, monkeypatch):
    """#15: the ordering steps settled on the tight edges by alternating paths (new,
    ``matching.RANKING_BY_PATHS``; here for every bonus length) against the tie-broken
    matching on the tight edges (old) on every round of random tournaments (byes,
    forfeits, withdrawals, odd numbers)."""
    monkeypatch.setattr(matching, "TIE_SPLIT_BITS", 0)
    tournament = play_tournament(players, rounds, seed, bye_rate=0.04, withdraw_rate=0.02,
                                 forfeit_rate=0.04, full_bye_rate=0.02)
    monkeypatch.setattr(matching, "RANKING_BY_PATHS", False)
    _assert_every_round_paired_again_alike(tournament, rounds)


@pytest.mark.parametrize(("players", "rounds", "seed"),
                         [(40, 5, 71), (81, 4, 72), (150, 3, 73), (240, 3, 74)])
def test_twin_reduction_gives_the_same_pairings(players, rounds, seed, monkeypatch):
    """#15: the first step of tie-broken matchings solved without most of the
    interchangeable players below the bracket (new, ``matching.TIE_SPLIT``'s first step
    via :mod:`chessrules.dutch.twins`, here for every graph and bonus length) against the
    whole graph (old) on every round of random tournaments (byes, forfeits, withdrawals,
    odd numbers); the reduction must actually have been used."""
    monkeypatch.setattr(matching, "TIE_SPLIT_BITS", 0)
    monkeypatch.setattr(twins, "MIN_SIZE", 0)
    computers = []
    original_init = matching.MatchingComputer.__init__

    def recording_init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        computers.append(self)

    monkeypatch.setattr(matching.MatchingComputer, "__init__", recording_init)
    tournament = play_tournament(players, rounds, seed, bye_rate=0.04, withdraw_rate=0.02,
                                 forfeit_rate=0.04, full_bye_rate=0.02)
    assert sum(c.reduced_solves for c in computers) > 0
    monkeypatch.setattr(matching, "TWIN_REDUCTION", False)
    _assert_every_round_paired_again_alike(tournament, rounds)


def _assert_every_round_paired_again_alike(tournament, rounds):
    """Pair every round of ``tournament`` again (with whatever switches the test set) from
    its history before that round: each pairing must be the one the tournament had."""
    for index in range(rounds):
        history = {p: entries[:index] for p, entries in tournament.history.items()}
        options = tournament.options(tournament.not_paired[index])
        again = pair_round(tournament.players, history, index + 1, options)
        assert again == tournament.pairings[index], f"round {index + 1}"
