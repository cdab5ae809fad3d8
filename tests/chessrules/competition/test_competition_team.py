"""Team events (Điều 30 of the Xiangqi Law; 002 Điều 16)."""

import pytest

from chessrules.competition.model import GAME, Competitor, Entry
from chessrules.competition.roundrobin import format_board
from chessrules.competition.team import (
    Roster,
    TeamResult,
    board_colours,
    rank_teams,
    scheveningen,
    simultaneous_match,
    team_letter,
    team_round_robin,
    team_swiss_round,
)

# 30.2.2 tables as printed in seed 000 (rows = rounds, cells "A? - B?"), including the
# printed typo "G5" (for "B5") in the 5- and 6-player tables.
PRINTED_SCHEVENINGEN = {
    3: ["A1 - B3|A2 - B1|A3 - B2", "A1 - B2|A2 - B3|A3 - B1", "A1 - B1|A2 - B2|A3 - B3"],
    4: ["A1 - B4|A2 - B1|A3 - B2|A4 - B3", "A1 - B3|A2 - B4|A3 - B1|A4 - B2",
        "A1 - B2|A2 - B3|A3 - B4|A4 - B1", "A1 - B1|A2 - B2|A3 - B3|A4 - B4"],
    5: ["A1 - B5|A2 - B1|A3 - B2|A4 - B3|A5 - B4", "A1 - B4|A2 - B5|A3 - B1|A4 - B2|A5 - B3",
        "A1 - B3|A2 - B4|A3 - G5|A4 - B1|A5 - B2", "A1 - B2|A2 - B3|A3 - B4|A4 - B5|A5 - B1",
        "A1 - B1|A2 - B2|A3 - B3|A4 - B4|A5 - B5"],
    6: ["A1 - B6|A2 - B1|A3 - B2|A4 - B3|A5 - B4|A6 - B5",
        "A1 - B5|A2 - B6|A3 - B1|A4 - B2|A5 - B3|A6 - B4",
        "A1 - B4|A2 - B5|A3 - B6|A4 - B1|A5 - B2|A6 - B3",
        "A1 - B3|A2 - B4|A3 - G5|A4 - B6|A5 - B1|A6 - B2",
        "A1 - B2|A2 - B3|A3 - B4|A4 - B5|A5 - B6|A6 - B1",
        "A1 - B1|A2 - B2|A3 - B3|A4 - B4|A5 - B5|A6 - B6"],
}


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_scheveningen_tables_as_printed_with_g5_read_as_b5(size):
    for printed_row, boards in zip(PRINTED_SCHEVENINGEN[size], scheveningen(size), strict=True):
        printed = [cell.replace("G5", "B5").split(" - ") for cell in printed_row.split("|")]
        ours = [sorted(pair, key=lambda name: name[0]) for pair in boards]
        assert ours == printed


def test_scheveningen_colour_rule_under_the_tables():
    """Odd A vs odd B: A White; odd A vs even B: A Black; even vs even: A White; even A vs
    odd B: A Black - so in the games between equal numbers A always has White."""
    for size in (3, 4, 5, 6):
        rounds = scheveningen(size)
        games = [pair for rnd in rounds for pair in rnd]
        assert len({frozenset(p) for p in games}) == size * size  # everyone meets everyone
        for white, black in games:
            a, b = (white, black) if white[0] == "A" else (black, white)
            a_white = white[0] == "A"
            assert a_white == (int(a[1]) % 2 == int(b[1]) % 2)
        last = rounds[-1]
        assert all(w == f"A{i}" for i, (w, _) in enumerate(last, 1))
    # odd team: A has one White more in total
    whites = sum(w[0] == "A" for rnd in scheveningen(5) for w, _ in rnd)
    assert whites == 13


# 30.4: "Lịch thi đấu cho một giải 8 đội" as printed (1 = A, 2 = B, ...).
EIGHT_TEAMS = [
    "A - H|B - G|C - F|D - E", "H - E|F - D|G - C|A - B", "B - H|C - A|D - G|E - F",
    "H - F|G - E|A - D|B - C", "C - H|D - B|E - A|F - G", "H - G|A - F|B - E|C - D",
    "D - H|E - C|F - B|G - A",
]


def test_team_round_robin_eight_teams_as_printed():
    table = team_round_robin(8)
    for printed, boards in zip(EIGHT_TEAMS, table, strict=True):
        ours = "|".join(
            f"{team_letter(b.white)} - {team_letter(b.black)}" for b in boards
        )
        assert ours == printed


def test_priority_team_white_on_odd_boards():
    """30.4: the team with White in the table (e.g. C in C - F) has White on odd boards."""
    first = team_round_robin(8)[0]
    c_vs_f = next(b for b in first if {b.white, b.black} == {3, 6})
    assert format_board(c_vs_f) == "3 - 6"
    colours = board_colours(team_letter(c_vs_f.white), team_letter(c_vs_f.black), 4)
    assert colours == [("C", "F"), ("F", "C"), ("C", "F"), ("F", "C")]


def test_simultaneous_match_colours():
    """30.2.1: with one game A's odd boards have White and even boards Black."""
    (single,) = simultaneous_match(4)
    assert single == [("A1", "B1"), ("B2", "A2"), ("A3", "B3"), ("B4", "A4")]
    two = simultaneous_match(2, games=2)
    assert two[1] == [("B1", "A1"), ("A2", "B2")]
    with pytest.raises(ValueError):
        simultaneous_match(2, games=5)


def test_roster_limits_and_reserve_on_same_board():
    roster = Roster("A", ["a1", "a2", "a3", "a4"], ["r1"])
    assert roster.lineup({2: "r1"}) == ["a1", "r1", "a3", "a4"]  # 30.1.4
    with pytest.raises(ValueError, match="not a reserve"):
        roster.lineup({1: "a2"})
    with pytest.raises(ValueError, match="3-6"):
        Roster("B", ["x", "y"], ["r"])
    with pytest.raises(ValueError, match="1-2"):
        Roster("C", ["x", "y", "z"], ["r1", "r2", "r3"], law="chess")  # 002 Điều 16
    with pytest.raises(ValueError, match="3-4"):
        Roster("D", ["1", "2", "3", "4", "5"], ["r"], law="chess")


def test_team_ranking_by_game_points_then_boards():
    """30.1.5: total points, then board 1, then board 2, ..."""
    results = [
        TeamResult("A", (2.0, 3.0, 1.0), match_points=4),
        TeamResult("B", (3.0, 1.0, 2.0), match_points=3),
        TeamResult("C", (3.0, 2.0, 2.0), match_points=2),
    ]
    assert rank_teams(results) == ["C", "B", "A"]
    assert rank_teams(results, match_points_first=True) == ["A", "B", "C"]


def test_team_letters():
    assert [team_letter(n) for n in (1, 8, 26, 27)] == ["A", "H", "Z", "AA"]


def test_team_swiss_by_draw_reuses_the_individual_engine():
    """30.5: teams drawn like players; the team with White has White on odd boards."""
    teams = {i: Competitor(i, name=team_letter(i)) for i in range(1, 21)}
    draw, colours = team_swiss_round(teams, 1, seed=3, boards=4)
    assert draw.pairs[:2] == [(1, 2), (3, 4)]  # round 1 as for players (29.1)
    assert colours[(1, 2)] == [(1, 2), (2, 1), (1, 2), (2, 1)]
    for white, black in draw.pairs:
        teams[white].entries[1] = Entry(GAME, 2.5, black, "w")
        teams[black].entries[1] = Entry(GAME, 1.5, white, "b")
    draw2, colours2 = team_swiss_round(teams, 2, seed=3, boards=4, previous=draw)
    assert len(draw2.pairs) == 10 and set(colours2) == set(draw2.pairs)
    # after round 1, a team that had the priority (White) is in sub-group 3
    assert all(draw2.subgroups[w] == 3 for w, _ in draw.pairs)


def test_team_table_match_points_and_shared_ranks():
    """30.1.5: a won match 2, drawn 1, lost 0; game points then boards rank; equal keys
    share the better rank; a team bye carrying points is a won match."""
    from chessrules.competition.team import TeamMatchScore, match_points, team_standings

    assert (match_points(2.5, 1.5), match_points(2.0, 2.0), match_points(1.0, 3.0)) == (2, 1, 0)
    matches = [
        TeamMatchScore(1, 2, ((1, 1, 1.0), (2, 1, 0.0), (1, 2, 0.5), (2, 2, 0.5))),
        TeamMatchScore(3, None, ((3, 1, 1.0), (3, 2, 1.0))),  # team bye, full points
        TeamMatchScore(4, None, ()),  # a bye without points is no match won
    ]
    table = team_standings(matches, [1, 2, 3, 4], boards=2)
    assert [(s.team, s.game_points, s.match_points, s.boards, s.rank) for s in table] == [
        (3, 2.0, 2, (1.0, 1.0), 1), (1, 1.5, 2, (1.0, 0.5), 2),
        (2, 0.5, 0, (0.0, 0.5), 3), (4, 0.0, 0, (0.0, 0.0), 4)]
    tied = team_standings([TeamMatchScore(1, 2, ((1, 1, 0.5), (2, 1, 0.5)))], [1, 2], 1)
    assert [(s.team, s.match_points, s.rank) for s in tied] == [(1, 1, 1), (2, 1, 1)]
    first = team_standings(matches, [1, 2, 3, 4], boards=2, match_points_first=True)
    assert [s.team for s in first] == [3, 1, 2, 4]


def _six_teams():
    """Two rounds of six teams of two boards, worked by hand (``(team, board, points)``):
    R1 1-3 1½-½, 2-4 1½-½, 5-6 2-0; R2 1-5 1-1, 2-6 1-1, 3-4 1-1. Game points 5: 3,
    1: 2½ (boards ½, 2), 2: 2½ (boards 2, ½), 3: 1½ (1½, 0), 4: 1½ (0, 1½), 6: 1."""
    from chessrules.competition.team import TeamMatchScore

    return [
        TeamMatchScore(1, 3, ((1, 1, .5), (1, 2, 1.0), (3, 1, .5), (3, 2, 0.0))),
        TeamMatchScore(2, 4, ((2, 1, 1.0), (2, 2, .5), (4, 1, 0.0), (4, 2, .5))),
        TeamMatchScore(5, 6, ((5, 1, 1.0), (5, 2, 1.0), (6, 1, 0.0), (6, 2, 0.0))),
        TeamMatchScore(1, 5, ((1, 1, 0.0), (1, 2, 1.0), (5, 1, 1.0), (5, 2, 0.0))),
        TeamMatchScore(2, 6, ((2, 1, 1.0), (2, 2, 0.0), (6, 1, 0.0), (6, 2, 1.0))),
        TeamMatchScore(3, 4, ((3, 1, 1.0), (3, 2, 0.0), (4, 1, 0.0), (4, 2, 1.0))),
    ]


def test_team_ranking_of_002_dieu_2_3_against_30_1_5():
    """30.1.5 breaks the tie of teams 1 and 2 (2½ each) by board 1: team 2 (2) before team
    1 (½). 002 Điều 2.3 looks first at the matches won and drawn (both 1 won, 1 drawn),
    then at "hệ số", the opponents' game points: team 1 met 3 (1½) and 5 (3) = 4½, team 2
    met 4 (1½) and 6 (1) = 2½ → team 1 first. Teams 3 and 4 have equal opponents' points
    (4 each: 3 met 1 and 4, 4 met 2 and 3), so the boards decide: 3 before 4."""
    from chessrules.competition.team import team_standings
    from chessrules.values import TeamRanking

    teams = [1, 2, 3, 4, 5, 6]
    table = team_standings(_six_teams(), teams, 2)
    assert [s.team for s in table] == [5, 2, 1, 3, 4, 6]
    chess = team_standings(_six_teams(), teams, 2, ranking=TeamRanking.GAME_MATCH_OPPONENTS)
    assert [(s.team, s.game_points, s.match_points, s.opponents_points, s.rank)
            for s in chess] == [(5, 3.0, 3, 3.5, 1), (1, 2.5, 3, 4.5, 2), (2, 2.5, 3, 2.5, 3),
                                (3, 1.5, 1, 4.0, 4), (4, 1.5, 1, 4.0, 5), (6, 1.0, 1, 5.5, 6)]
    match_first = team_standings(_six_teams(), teams, 2,
                                 ranking=TeamRanking.MATCH_GAME_OPPONENTS)
    assert [s.team for s in match_first] == [5, 1, 2, 3, 4, 6]


def test_board_rankings_need_the_minimum_of_games():
    """30.1.2-30.1.3: one pool per board; 002 Điều 2.3: a minimum of games set in advance.
    Board 1: player 1 2/3 (67%), player 2 1½/2 (75%), player 9 (a reserve) 1/1 — below a
    minimum of 2 games, listed unranked; board 2: players 3 and 4 share the first rank."""
    from chessrules.competition.team import board_rankings

    results = [(1, 1, 1.0), (1, 1, 1.0), (1, 1, 0.0), (1, 2, 1.0), (1, 2, .5), (1, 9, 1.0),
               (2, 3, .5), (2, 3, .5), (2, 4, 1.0), (2, 4, 0.0)]
    table = board_rankings(results, min_games=2)
    assert [(r.player, r.points, r.games, r.rank) for r in table[1]] == [
        (2, 1.5, 2, 1), (1, 2.0, 3, 2), (9, 1.0, 1, None)]
    assert [(r.player, r.rank) for r in table[2]] == [(3, 1), (4, 1)]


def test_team_knockout_byes_count_back_and_lots():
    """30.3 run as Điều 25: five teams in a bracket of 8 — seeds 1, 2, 3 pass stage 1; a
    drawn match goes to board 1, 2, … (30.1.5), then to lots that replay from the seed."""
    from chessrules.competition.team import team_knockout, team_knockout_places, tie_winner

    stages = team_knockout(5, {frozenset((4, 5)): {4: [0.5, 1.0], 5: [0.5, 0.0]}}, seed=1)
    assert [(t.a, t.b, t.winner) for t in stages[0]] == [
        (1, None, 1), (4, 5, 4), (2, None, 2), (3, None, 3)]
    assert [(t.a, t.b, t.winner) for t in stages[1]] == [(1, 4, None), (2, 3, None)]
    assert tie_winner(1, 2, [1.0, 0.0], [0.0, 1.0], 0) == (1, False)  # board 1 decides
    lots = {tie_winner(1, 2, [0.5, 0.5], [0.5, 0.5], seed) for seed in range(20)}
    assert lots == {(1, True), (2, True)}
    assert tie_winner(1, 2, [0.5], [0.5], 7) == tie_winner(1, 2, [0.5], [0.5], 7)
    results = {frozenset((4, 5)): {4: [1.0, 1.0], 5: [0.0, 0.0]},
               frozenset((1, 4)): {1: [1.0, 1.0], 4: [0.0, 0.0]},
               frozenset((2, 3)): {2: [0.0, 0.0], 3: [1.0, 1.0]},
               frozenset((1, 3)): {1: [0.0, 0.5], 3: [1.0, 0.5]}}
    stages = team_knockout(5, results, seed=1)
    assert team_knockout_places(stages, 3) == {5: 5, 4: 3, 2: 3, 1: 2, 3: 1}


def _sweep(a: int, b: int, boards: int = 3) -> dict[frozenset[int], dict[int, list[float]]]:
    """A complete tie that ``a`` wins on every board."""
    return {frozenset((a, b)): {a: [float(boards)] * boards, b: [0.0] * boards}}


def test_team_knockout_placement_third_and_five_to_eight():
    """002 Điều 11 ("người thua không bị loại mà lập thành những cặp để xếp hạng"), 30.3 run
    as the individual knockout: 8 teams, the better seed wins every tie. Quarter-finals
    1-8, 4-5, 2-7, 3-6 → losers 8, 5, 7, 6; 5-8 matches in bracket order 8-5 and 7-6
    (played alongside the semi-finals, stage 2), won by 5 and 6; 5th: 5-6, 7th: 8-7 (stage
    3). Semi-finals 1-4, 2-3 → 3rd place 4-3 (stage 3). Places 1..8 = teams 1..8."""
    from chessrules.competition.knockout import Placement
    from chessrules.competition.team import (
        team_knockout,
        team_knockout_decided,
        team_knockout_placement,
        team_knockout_places,
    )

    results: dict = {}
    for a, b in ((1, 8), (4, 5), (2, 7), (3, 6), (1, 4), (2, 3), (1, 2), (3, 4), (5, 8),
                 (6, 7), (5, 6), (7, 8)):
        results.update(_sweep(a, b))
    stages = team_knockout(8, results, seed=3)
    placement = team_knockout_placement(8, stages, results, 3,
                                        Placement.THIRD_AND_FIVE_TO_EIGHT)
    assert [(g.label, g.stage, [(t.a, t.b, t.winner) for t in g.ties]) for g in placement] == [
        ("3", 3, [(4, 3, 3)]), ("5-8", 2, [(8, 5, 5), (7, 6, 6)]), ("5", 3, [(5, 6, 5)]),
        ("7", 3, [(8, 7, 7)])]
    assert team_knockout_places(stages, 3, placement) == {n: n for n in range(1, 9)}
    assert team_knockout_decided(stages, 3, placement)
    third_only = team_knockout_placement(8, stages, results, 3, Placement.THIRD)
    assert team_knockout_places(stages, 3, third_only) == {
        1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5, 7: 5, 8: 5}
    # without placement matches the semi-final losers share 3rd (Điều 25)
    assert team_knockout_places(stages, 3) == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}
    # before the 3rd-place match is played the event is not decided
    del results[frozenset((3, 4))]
    pending = team_knockout_placement(8, stages, results, 3, Placement.THIRD)
    assert [(t.a, t.b, t.winner) for t in pending[0].ties] == [(4, 3, None)]
    assert not team_knockout_decided(stages, 3, pending)


def test_team_knockout_third_place_with_a_bye():
    """Three teams (bracket of 4): seed 1 passes the semi-final, so only 2-3 is played; its
    loser takes 3rd without a match (no opponent)."""
    from chessrules.competition.knockout import Placement
    from chessrules.competition.team import team_knockout_placement, team_knockout_places

    results = {**_sweep(3, 2), **_sweep(1, 3)}
    from chessrules.competition.team import team_knockout
    stages = team_knockout(3, results, seed=0)
    placement = team_knockout_placement(3, stages, results, 0, Placement.THIRD)
    assert [(t.a, t.b, t.winner) for t in placement[0].ties] == [(2, None, 2)]
    assert team_knockout_places(stages, 2, placement) == {1: 1, 3: 2, 2: 3}


def test_scheveningen_sides_are_a_reproducible_lot():
    """30.2.2 "Hai đội bốc thăm": A and B by lot, the same for either order of the teams."""
    from chessrules.competition.team import scheveningen_sides

    drawn = {scheveningen_sides(1, 2, seed) for seed in range(20)}
    assert drawn == {(1, 2), (2, 1)}
    assert all(scheveningen_sides(1, 2, s) == scheveningen_sides(2, 1, s) for s in range(20))


def test_team_playoff_decides_last_among_teams_equal_on_everything_002_dieu_2_3():
    """002 Phần 2 Điều 2.3 "Thi đấu thêm": teams 1 and 2 drew their match ½-½ on each of two
    boards and both beat 3 by 1½-½ (board 1 won, board 2 drawn): 1 and 2 equal on game points
    (2½), match points (3), opponents' points and boards (1½, 1) → both 1st. Team 2 wins the
    play-off (PO 2 against 0): 2 first, 1 second; team 3 (PO 0, fewer points) stays 3rd, the
    play-off never lifts a team over a better total. Without the play-off (None) the tie
    stays; a drawn play-off (1 each) too."""
    from chessrules.competition.team import TeamMatchScore, team_standings

    matches = [
        TeamMatchScore(1, 2, ((1, 1, .5), (1, 2, .5), (2, 1, .5), (2, 2, .5))),
        TeamMatchScore(1, 3, ((1, 1, 1.0), (1, 2, .5), (3, 1, 0.0), (3, 2, .5))),
        TeamMatchScore(2, 3, ((2, 1, 1.0), (2, 2, .5), (3, 1, 0.0), (3, 2, .5))),
    ]
    for ranking in ("game_boards", "match_game_opp"):
        tied = team_standings(matches, [1, 2, 3], 2, ranking=ranking)
        assert [(s.team, s.rank, s.playoff) for s in tied] == [(1, 1, None), (2, 1, None),
                                                                (3, 3, None)]
        decided = team_standings(matches, [1, 2, 3], 2, ranking=ranking,
                                 playoff={2: 2.0, 1: 0.0})
        assert [(s.team, s.rank, s.playoff) for s in decided] == [(2, 1, 2.0), (1, 2, 0.0),
                                                                  (3, 3, 0.0)]
        drawn = team_standings(matches, [1, 2, 3], 2, ranking=ranking, playoff={1: 1, 2: 1})
        assert [(s.team, s.rank) for s in drawn] == [(1, 1), (2, 1), (3, 3)]
    lifted = team_standings(matches, [1, 2, 3], 2, playoff={3: 2.0})
    assert [s.team for s in lifted][-1] == 3
