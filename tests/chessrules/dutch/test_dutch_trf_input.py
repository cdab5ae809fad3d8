"""Reading the round to pair from a TRF (requested byes, 240 lines, XXR/XXC, points)."""

from chessrules.dutch.trf_input import dutch_input_from_trf
from chessrules.trf import TrfGame, TrfPlayer, TrfTournament, parse_trf, write_trf


def _trf(games, extra=(), ratings=(2400, 2300, 2200, 2100)):
    t = TrfTournament(name="t")
    t.layout = ["012 t", *extra]
    for pid, rating in enumerate(ratings, 1):
        entries = [TrfGame(r, opp or None, col, res)
                   for r, (opp, col, res) in enumerate(games.get(pid, []), 1)]
        t.players[pid] = TrfPlayer(pid, f"P{pid}", rating=rating, games=entries)
        t.layout.append(pid)
    return parse_trf(write_trf(t))


ROUND_ONE = {1: [(3, "b", "1")], 3: [(1, "w", "0")], 2: [(4, "w", "=")], 4: [(2, "b", "=")]}


def test_round_to_pair_follows_the_last_paired_round():
    data = dutch_input_from_trf(_trf(ROUND_ONE, ["XXR 5"]))
    assert data.round_number == 2
    assert data.options.total_rounds == 5
    assert data.options.not_paired == {}


def test_requested_bye_entries_in_the_next_column():
    games = {k: list(v) for k, v in ROUND_ONE.items()}
    games[2].append((0, "-", "H"))
    games[4].append((0, "-", "-"))
    data = dutch_input_from_trf(_trf(games, ["XXR 5"]))
    assert data.round_number == 2
    assert data.options.not_paired == {2: "H", 4: "-"}


def test_240_line_marks_a_player_not_paired():
    data = dutch_input_from_trf(_trf(ROUND_ONE, ["XXR 5", "240 H   2    3"]))
    assert data.options.not_paired == {3: "Z"}


def test_initial_colour_inferred_from_round_one_without_xxc():
    """Player 1 (top of the list) had Black in round 1, so the initial colour was Black."""
    assert dutch_input_from_trf(_trf(ROUND_ONE)).options.initial_color == "b"
    assert dutch_input_from_trf(_trf(ROUND_ONE, ["XXC white1"])).options.initial_color == "w"


def test_rounds_unknown_without_xxr_and_overridable():
    assert dutch_input_from_trf(_trf(ROUND_ONE)).options.total_rounds is None
    assert dutch_input_from_trf(_trf(ROUND_ONE), total_rounds=9).options.total_rounds == 9


def test_point_system_lines():
    data = dutch_input_from_trf(_trf(ROUND_ONE, ["BBW  3.0", "BBD  1.0"]))
    points = data.options.points
    assert (points.win, points.draw, points.pairing_bye) == (30, 10, 30)
