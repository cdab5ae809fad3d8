"""Property tests of the Dutch pairing on random tournaments (C.04.1, C.04.3 C1-C3).

Random tournaments are played round by round with the pairing itself and random
results (draws, forfeits, half-point byes, withdrawals); every round must respect
the absolute criteria whatever the results.
"""

import pytest

from chessrules.dutch.generator import play_tournament


def _check_round(tournament, round_index):
    pairings = tournament.pairings[round_index]
    not_paired = tournament.not_paired[round_index]
    history = tournament.history
    total = tournament.total_rounds
    seen = [p for pairing in pairings for p in (pairing.white, pairing.black) if p is not None]
    # Everyone to be paired is paired exactly once; the others are not.
    expected = sorted(p.id for p in tournament.players if p.id not in not_paired)
    assert sorted(seen) == expected
    byes = [p.white for p in pairings if p.black is None]
    assert len(byes) == len(expected) % 2
    points = {"W": 2, "D": 1, "L": 0}
    for bye in byes:
        # C.04.1.4 (2025) / C2: no PAB after a PAB, nor after a round won without
        # playing (forfeit win, requested full-point bye).
        earlier = history[bye][:round_index]
        assert not any(e and not e.played and e.outcome == "W" for e in earlier)
    last_round = round_index + 1 == total
    for pairing in pairings:
        if pairing.black is None:
            continue
        white, black = pairing.white, pairing.black
        # C1: no rematch of a played game.
        assert all(not (e and e.played and e.opponent == black) for e in history[white][:round_index])
        for player, colour in ((white, "w"), (black, "b")):
            colours = [e.color for e in history[player][:round_index] if e and e.played] + [colour]
            diff = colours.count("w") - colours.count("b")
            three = len(colours) >= 3 and len(set(colours[-3:])) == 1
            if diff > 2 or diff < -2 or three:
                # C3 allows it only for a topscorer (> 50% of the maximum) in the last round.
                score = sum(points[e.outcome] for e in history[player][:round_index] if e)
                assert last_round and score > round_index, (round_index, player, colours)


@pytest.mark.parametrize(("players", "rounds", "seed"), [
    (10, 5, 1), (11, 5, 2), (20, 7, 3), (21, 9, 4), (30, 7, 5), (31, 9, 6), (45, 9, 7),
])
def test_random_tournament_respects_absolute_criteria(players, rounds, seed):
    tournament = play_tournament(players, rounds, seed, bye_rate=0.05, withdraw_rate=0.02)
    assert tournament.played_rounds == rounds
    for round_index in range(rounds):
        _check_round(tournament, round_index)


@pytest.mark.parametrize(("players", "rounds", "seed"), [(9, 7, 21), (15, 9, 22), (27, 9, 23)])
def test_full_point_byes_exclude_the_pairing_allocated_bye(players, rounds, seed):
    """C.04.1.4 (2025) with many requested full-point byes (checked in _check_round)."""
    tournament = play_tournament(players, rounds, seed, bye_rate=0.05, full_bye_rate=0.1)
    assert any(e and e.result == "F" for h in tournament.history.values() for e in h)
    for round_index in range(rounds):
        _check_round(tournament, round_index)


def test_pairing_is_reproducible():
    first = play_tournament(24, 6, 11)
    second = play_tournament(24, 6, 11)
    assert first.pairings == second.pairings
