"""FIDE Dutch System (C.04.3, 2025) — hand-checked cases and an independent reference.

Each expected pairing below is derived by hand from the rules cited in the test
(C.04.1 basic rules, C.04.3 criteria C1-C21 and colour rules E.1-E.5); the
bbpPairings files are the output of that FIDE-endorsed engine.
"""

from pathlib import Path

import pytest

from chessrules.dutch import (
    DutchOptions,
    Pairing,
    PairingError,
    RoundEntry,
    SwissPlayer,
    assign_pairing_numbers,
    format_javafo,
    pair_round,
    pair_trf_text,
)
from chessrules.trf import TrfGame, TrfPlayer, TrfTournament, write_trf

DATA = Path(__file__).parent / "data"


def make_trf(ratings, games, rounds, initial="white1", extra=()):
    """TRF text: ``games[id]`` lists (opponent or 0, colour, result) per round."""
    t = TrfTournament(name="t", rounds=rounds, rounds_declared=True)
    t.layout = ["012 t", f"XXR {rounds}", f"XXC {initial}", *extra]
    for pid, rating in enumerate(ratings, 1):
        entries = [TrfGame(r, opp or None, col, res)
                   for r, (opp, col, res) in enumerate(games.get(pid, []), 1)]
        t.players[pid] = TrfPlayer(pid, f"P{pid}", rating=rating, games=entries)
        t.layout.append(pid)
    return write_trf(t)


def pairs(pairings):
    return [(p.white, p.black) for p in pairings]


# -- round 1 ------------------------------------------------------------------------------

def test_round_one_top_half_meets_bottom_half_with_initial_colour():
    """C.04.3 3.3 (S1 = 1..3 against S2 = 4..6) and E.5 (odd pairing numbers get the
    initial colour, here White, so 2 has Black against 5)."""
    players = [SwissPlayer(i, 2500 - 10 * i) for i in range(1, 7)]
    result = pair_round(players, {}, 1, DutchOptions(total_rounds=5, initial_color="w"))
    assert pairs(result) == [(1, 4), (5, 2), (3, 6)]


def test_round_one_initial_colour_black_reverses_every_board():
    """E.5 with the initial colour Black (XXC black1)."""
    players = [SwissPlayer(i, 2500 - 10 * i) for i in range(1, 7)]
    result = pair_round(players, {}, 1, DutchOptions(total_rounds=5, initial_color="b"))
    assert pairs(result) == [(4, 1), (2, 5), (6, 3)]


def test_round_one_odd_number_lowest_ranked_gets_the_bye():
    """C.04.1 / C5: the pairing-allocated bye goes to the lowest-ranked player;
    S1 = {1, 2} meets S2 = {3, 4}; the bye is printed last as ``5 0``."""
    players = [SwissPlayer(i, 2000 - i) for i in range(1, 6)]
    result = pair_round(players, {}, 1, DutchOptions(total_rounds=5))
    assert pairs(result) == [(1, 3), (4, 2), (5, None)]
    assert format_javafo(result) == "3\n1 3\n4 2\n5 0\n"


def test_initial_order_rating_then_title_then_name():
    """Điều 28.1 / C.04.2: rating, then title, then name decide the pairing numbers."""
    numbered = assign_pairing_numbers([
        SwissPlayer(0, 2100, "Tran, B", ""),
        SwissPlayer(0, 2300, "Le, C", ""),
        SwissPlayer(0, 2100, "Nguyen, A", "FM"),
        SwissPlayer(0, 2100, "Hoang, D", ""),
    ])
    assert [(p.id, p.name) for p in numbered] == [
        (1, "Le, C"), (2, "Nguyen, A"), (3, "Hoang, D"), (4, "Tran, B")]


# -- absolute criteria -------------------------------------------------------------------

def _four_players_after_round_one(result_1_3="1", result_2_4="1"):
    back = {"1": "0", "0": "1", "=": "="}
    return {
        1: [RoundEntry(3, "w", result_1_3)],
        3: [RoundEntry(1, "b", back[result_1_3])],
        2: [RoundEntry(4, "b", result_2_4)],
        4: [RoundEntry(2, "w", back[result_2_4])],
    }


def test_no_rematch_c1_and_colours_alternate():
    """Round 2 of four players: winners 1 and 2 meet, losers 3 and 4 meet (C1 forbids
    1-3 and 2-4 again).  Colours E.1: 1 (had White) gets Black, 2 (had Black) White;
    3 had Black, 4 White, so 3 gets White."""
    players = [SwissPlayer(i, 2400 - i) for i in range(1, 5)]
    result = pair_round(players, _four_players_after_round_one(), 2, DutchOptions(total_rounds=3))
    assert pairs(result) == [(2, 1), (3, 4)]


def test_forfeited_game_is_not_a_played_game():
    """C.04.1: a forfeit is not a played game: the two may meet again (C1 does not
    apply) and its colour does not count, so E.5 decides: 1 (odd) gets White."""
    players = [SwissPlayer(1, 2400), SwissPlayer(2, 2300)]
    history = {1: [RoundEntry(2, "b", "+")], 2: [RoundEntry(1, "w", "-")]}
    result = pair_round(players, history, 2, DutchOptions(total_rounds=3))
    assert pairs(result) == [(1, 2)]
    played = {1: [RoundEntry(2, "b", "1")], 2: [RoundEntry(1, "w", "0")]}
    with pytest.raises(PairingError):
        pair_round(players, played, 2, DutchOptions(total_rounds=3))


def test_no_second_pairing_allocated_bye_c2():
    """C.04.1 / C2: player 5 had the bye in round 1, so another player gets it."""
    players = [SwissPlayer(i, 2000 - i) for i in range(1, 6)]
    history = {
        1: [RoundEntry(3, "w", "1")], 3: [RoundEntry(1, "b", "0")],
        4: [RoundEntry(2, "w", "0")], 2: [RoundEntry(4, "b", "1")],
        5: [RoundEntry(None, "-", "U")],
    }
    result = pair_round(players, history, 2, DutchOptions(total_rounds=5))
    byes = [p.white for p in result if p.black is None]
    assert len(byes) == 1 and byes[0] != 5


def test_absolute_colour_limit_c3():
    """C3: two players who both must have White (colour difference -2 or two Blacks
    in a row) may not meet before the last round."""
    players = [SwissPlayer(i, 2400 - i) for i in range(1, 5)]
    # 1 and 2 both had Black twice; 3 and 4 both had White twice.  1-2 and 3-4 would
    # give someone a third Black/White, so 1 and 2 are paired against 3 and 4.
    history = {
        1: [RoundEntry(5, "b", "1"), RoundEntry(6, "b", "1")],
        2: [RoundEntry(6, "b", "1"), RoundEntry(5, "b", "1")],
        3: [RoundEntry(7, "w", "1"), RoundEntry(8, "w", "1")],
        4: [RoundEntry(8, "w", "1"), RoundEntry(7, "w", "1")],
        5: [RoundEntry(1, "w", "0"), RoundEntry(2, "w", "0")],
        6: [RoundEntry(2, "w", "0"), RoundEntry(1, "w", "0")],
        7: [RoundEntry(3, "b", "0"), RoundEntry(4, "b", "0")],
        8: [RoundEntry(4, "b", "0"), RoundEntry(3, "b", "0")],
    }
    everyone = players + [SwissPlayer(i, 2000 - i) for i in range(5, 9)]
    result = pair_round(everyone, history, 3, DutchOptions(total_rounds=5))
    for white, black in pairs(result):
        assert {white, black} not in ({1, 2}, {3, 4}, {5, 6}, {7, 8})
        assert white not in (3, 4) and black not in (1, 2)  # E.1: the due colours


def test_no_valid_pairing_raises():
    """Two players who already met cannot be paired (C1)."""
    players = [SwissPlayer(1, 2000), SwissPlayer(2, 1900)]
    history = {1: [RoundEntry(2, "w", "1")], 2: [RoundEntry(1, "b", "0")]}
    with pytest.raises(PairingError):
        pair_round(players, history, 2, DutchOptions(total_rounds=3))


# -- byes, absences, withdrawals --------------------------------------------------------

def test_requested_byes_and_withdrawals_are_not_paired():
    """Players marked H (half-point bye), Z (absent) or - (withdrawn) for the round are
    left out; the rest are paired.  Colours by E.5 on the effective pairing numbers
    of the players taking part (as bbpPairings): 1, 3, 4, 6 are numbered 1-4, so 3
    (effective number 2) gets Black."""
    players = [SwissPlayer(i, 2400 - i) for i in range(1, 8)]
    options = DutchOptions(total_rounds=5, not_paired={2: "H", 5: "Z", 7: "-"})
    result = pair_round(players, {}, 1, options)
    seen = [p for pair in pairs(result) for p in pair if p is not None]
    assert sorted(seen) == [1, 3, 4, 6]
    assert pairs(result) == [(1, 4), (6, 3)]


def test_trf_next_round_markers_exclude_players():
    """TRF: an entry without opponent in the round to be paired (0000 - H / Z) marks
    a requested bye or absence (as JaVaFo and bbpPairings read it)."""
    games = {1: [(3, "w", "1"), (0, "-", "H")], 3: [(1, "b", "0")],
             2: [(4, "b", "=")], 4: [(2, "w", "="), (0, "-", "Z")]}
    text = make_trf([2400, 2300, 2200, 2100, 2000], games, rounds=5)
    # Player 5 was absent in round 1 (blank entry), 1 and 4 are not paired in round 2.
    result = pair_trf_text(text)
    seen = sorted(p for pair in pairs(result) for p in pair if p is not None)
    assert seen == [2, 3, 5]
    assert len([p for p in result if p.black is None]) == 1


# -- the 2025 criteria, checked by hand (bbpPairings' test cases) --------------------------

C5_TRF = make_trf(
    [2720, 2701, 2697, 2689, 2673, 2664],
    {1: [(4, "w", "1"), (2, "b", "1")], 2: [(5, "b", "1"), (1, "w", "0")],
     3: [(6, "w", "1"), (4, "b", "1")], 4: [(1, "b", "0"), (3, "w", "0"), (0, "-", "Z")],
     5: [(2, "w", "0"), (6, "b", "1")], 6: [(3, "b", "0"), (5, "w", "0")]},
    rounds=3, initial="",
)


def test_c5_bye_to_the_lowest_score_before_pairing_the_top():
    """Round 3, player 4 absent.  Among 1, 3 (2 points), 2, 5 (1) and 6 (0) the bye must
    go to 6 (C.04.3 2025, C5: lowest score); the only completion is then 1-5 and 3-2
    (2-5 already met).  Colours: 1 and 5 both mildly want White and had the same
    colours every round, so E.4 gives it to the higher-ranked 1; 3 (wants White) and
    2 (wants Black) are compatible (E.1)."""
    assert format_javafo(pair_trf_text(C5_TRF)) == "3\n1 5\n3 2\n6 0\n"


C9_TRF = make_trf(
    [2720, 2701, 2697, 2689, 2673],
    {1: [(3, "w", "1")], 2: [(4, "b", "1")], 3: [(1, "b", "0")], 4: [(2, "w", "0")],
     5: [(0, "-", "Z")]},
    rounds=3, initial="",
)


def test_c9_bye_to_the_player_with_fewest_unplayed_games():
    """Round 2: 3, 4 and 5 have 0 points; 5 did not play round 1, so the bye goes to
    one who played (C9, minimise the unplayed games of the bye assignee), the lowest
    ranked: 4.  1 (had White) gets Black against 2 (had Black); 3 (had Black) gets
    White against 5 (no colour yet)."""
    assert format_javafo(pair_trf_text(C9_TRF)) == "3\n2 1\n3 5\n4 0\n"


def test_bbppairings_reference_sixty_players_last_round():
    """A 60-player, 15-round tournament with forfeits (bbpPairings' issue_7 test case):
    the last round's pairs and colours agree with the FIDE-endorsed engine."""
    text = (DATA / "bbp_issue_7.trf").read_text()
    expected = (DATA / "bbp_issue_7.expected").read_text()
    assert format_javafo(pair_trf_text(text)) == expected


def test_pairing_dataclass_round_trip():
    assert Pairing(3, None).as_tuple() == (3, None)
