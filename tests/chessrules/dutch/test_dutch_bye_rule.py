"""FIDE C.04.1.4 (in force since 1 July 2025): who may not receive the pairing-allocated bye.

"A player who has already received a pairing allocated bye, or has already scored
in one single round, without playing, as many points as rewarded for a win, shall
not receive the pairing allocated bye."  The wording in force till 30 June 2025
named only the PAB and the forfeit win; a requested full-point bye now counts too.
"""

import pytest

from chessrules.dutch import DutchOptions, PointSystem, RoundEntry, SwissPlayer, pair_round
from chessrules.dutch.state import TournamentState

PLAYERS = [SwissPlayer(i, 2000 - 10 * i, f"P{i}") for i in range(1, 8)]


def _win(opponent, colour):
    return RoundEntry(opponent, colour, "1")


def _loss(opponent, colour):
    return RoundEntry(opponent, colour, "0")


def _draw(opponent, colour):
    return RoundEntry(opponent, colour, "=")


BYE, FULL, HALF = RoundEntry(None, "-", "U"), RoundEntry(None, "-", "F"), RoundEntry(None, "-", "H")

# Worked example, 7 players, round 3 to pair.
#   round 1: 1-5 0-1, 6-2 0-1, 3 half-point bye, 4 full-point bye, 7 PAB
#   round 2: 2-7 ½-½, 5-4 ½-½, 1 PAB, 3 half-point bye, 6 full-point bye
# Scores: 2, 4, 5, 7 on 1½; 1, 3, 6 on 1.  Seven players: one PAB, from the
# 1-point group (C5).  Player 1 had a PAB; player 6 scored a win in round 2
# without playing (full-point bye); player 3 has two half-point byes, which are
# not a win "in one single round".  So player 3 gets the PAB.  Under the old
# wording player 6 was eligible and C9 (fewest unplayed games: 6 played one
# game, 3 none) gave him the bye.
HISTORY = {
    1: [_loss(5, "w"), BYE],
    2: [_win(6, "b"), _draw(7, "w")],
    3: [HALF, HALF],
    4: [FULL, _draw(5, "b")],
    5: [_win(1, "b"), _draw(4, "w")],
    6: [_loss(2, "w"), FULL],
    7: [BYE, _draw(2, "b")],
}


def test_full_point_bye_excludes_the_pairing_allocated_bye_worked_example():
    options = DutchOptions(total_rounds=5, initial_color="w")
    pairings = [p.as_tuple() for p in pair_round(PLAYERS, HISTORY, 3, options)]
    assert (3, None) in pairings
    assert pairings == [(4, 2), (7, 5), (6, 1), (3, None)]


@pytest.mark.parametrize(("entry", "eligible"), [
    (BYE, False),                      # a pairing-allocated bye
    (RoundEntry(2, "w", "+"), False),  # a forfeit win
    (FULL, False),                     # a requested full-point bye (new in 2025)
    (HALF, True),                      # half a point: not as much as a win
    (RoundEntry(None, "-", "Z"), True),
    (RoundEntry(2, "w", "-"), True),   # a forfeit loss
    (_win(2, "w"), True),              # a game won over the board
])
def test_bye_eligibility_after_one_round(entry, eligible):
    players = [SwissPlayer(1), SwissPlayer(2), SwissPlayer(3)]
    back = {"+": "-", "-": "+", "1": "0"}.get(entry.result)
    history = {1: [entry], 2: [RoundEntry(1, "b", back) if back else None], 3: [None]}
    state = TournamentState(players, history, 2, DutchOptions())
    assert state.by_id[1].eligible_for_bye is eligible


def test_half_point_pab_still_excludes_a_second_pab():
    """A PAB excludes another one whatever it was worth (regulations giving ½ for it)."""
    options = DutchOptions(points=PointSystem(pairing_bye=5))
    state = TournamentState([SwissPlayer(1), SwissPlayer(2)], {1: [BYE], 2: [None]}, 2, options)
    assert state.by_id[1].eligible_for_bye is False
    assert state.by_id[2].eligible_for_bye is True
