"""Swiss by draw of 40 (Điều 29), knockout of 32 (Điều 25) and a team round robin of 6 teams
(Điều 30.4, 30.1.5) from registration to certification through the API."""

from __future__ import annotations

import random
from collections import Counter

from rest_framework.test import APIClient

from tests.documents.documents_support import download, pdf_pages, request
from tests.tournaments.pdf_rows import assert_standings_rows
from tournaments.models import Entry, Pairing, Round, TeamMatch


def _standings_pdf(driver) -> str:
    """The public standings PDF of the event (through the documents API and the worker)."""
    public = APIClient()
    return " ".join(pdf_pages(download(public, request(
        public, "standings", f"tournament:{driver.tid}"), driver.job_worker)))


def _names(driver) -> dict[int, str]:
    return dict(Entry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))


def test_swiss_by_draw_of_40_seven_rounds(driver):
    """Điều 29: round 1 pairs 1-2, 3-4, …; nobody meets twice (29.4.1); each round stores
    its seed and its draw data; tracking cards (29.1) carry the colour sub-groups."""
    driver.create(system="swiss_draw", number_of_rounds=7, discipline="xiangqi")
    driver.action("open-registration")
    driver.enter(driver.members(40))
    driver.action("close-registration", {"seed": 4242})
    rounds = driver.run_all_rounds(7, random.Random(5))
    first = [(p["white_number"], p["black_number"]) for p in rounds[0]["pairings"]]
    assert first == [(2 * i + 1, 2 * i + 2) for i in range(20)]  # 29.1: lower number White
    games = Pairing.objects.filter(round__tournament_id=driver.tid, kind="game")
    assert max(Counter(frozenset((p.white_id, p.black_id)) for p in games).values()) == 1
    for rnd in Round.objects.filter(tournament_id=driver.tid):
        assert rnd.seed is not None and rnd.system == "swiss_draw"
        if rnd.number > 1:
            assert rnd.draw["subgroups"]
    # 29.4.2: never three games in a row with the same colour.
    for entry_id in {p.white_id for p in games}:
        colours = "".join("w" if p.white_id == entry_id else "b" for p in games.filter(
            white_id=entry_id) | games.filter(black_id=entry_id))
        assert "www" not in colours and "bbb" not in colours
    entry = games.first().white
    card = driver.arbiter.get(f"/api/v1/tournament-entries/{entry.pk}/tracking-card/").json()
    assert len(card["rounds"]) == 7
    assert all(r["colour"] in ("T", "Đ", "") for r in card["rounds"])
    assert card["rounds"][-1]["total"] == driver.standings()["rows"][[
        r["entry"] for r in driver.standings()["rows"]].index(entry.pk)]["points"]
    assert driver.finish_and_certify()["status"] == "certified"


def test_knockout_of_32_to_a_champion(driver):
    """Điều 25: 32 players, two-game mini-matches, ties go to two more games then a decider;
    the bracket narrows 16 → 8 → 4 → 2 → 1 matches."""
    driver.create(system="knockout", knockout_tie_rule="two_then_decider")
    driver.action("open-registration")
    driver.enter(driver.members(32))
    driver.action("close-registration")
    rng = random.Random(9)
    number = 0
    while True:
        number += 1
        response = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
        if response.status_code == 400:
            assert response.json()["error"]["code"] == "no_more_rounds"
            break
        assert response.status_code == 202
        done = driver.job_worker.wait(response.json()["id"])
        assert done.state == "succeeded", done.error
        driver.play_round(number, rng, choose=lambda p: rng.choice(["1-0", "0-1", "1/2-1/2"]))
        assert number < 40
    bracket = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/bracket/").json()
    assert [len(s["matches"]) for s in bracket["stages"]] == [16, 8, 4, 2, 1]
    winners = [m["winner"] for m in bracket["stages"][-1]["matches"]]
    assert bracket["champion"] == winners[0] is not None
    for stage in bracket["stages"]:
        for match in stage["matches"]:
            games = match["games"]
            assert len(games) in (2, 4, 5)
            a_score = sum(g["score_of_a"] for g in games)
            if len(games) == 2:  # decided in the two-game match
                assert a_score != 1 and match["winner"] == (
                    match["a"] if a_score > 1 else match["b"])
            # colours alternate in games 1-2 and 3-4
            assert games[0]["white"] != games[1]["white"]
    assert driver.finish_and_certify()["status"] == "certified"


def test_team_round_robin_of_6_teams(driver):
    """Điều 30.4: Berger table of teams, board i meets board i, the priority team has White
    on odd boards; team standings by game points then board 1, 2, … (30.1.5)."""
    driver.create(system="team_round_robin", boards_per_team=4, reserves_per_team=1,
                  discipline="xiangqi", category="national_team")
    driver.action("open-registration")
    driver.register_teams(6, players=5)
    closed = driver.action("close-registration", {"seed": 6})
    assert closed["number_of_rounds"] == 5
    rng = random.Random(13)
    driver.run_all_rounds(5, rng)
    met = set()
    for match in TeamMatch.objects.filter(round__tournament_id=driver.tid):
        met.add(frozenset((match.home_id, match.away_id)))
        for p in match.boards.all():
            home_white = p.white.team_id == match.home_id
            assert home_white == (p.match_board % 2 == 1)
            assert p.white.board_order == p.black.board_order == p.match_board
    assert len(met) == 15
    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    rows = table["rows"]
    assert len(rows) == 6 and sum(r["game_points"] for r in rows) == 15 * 4
    keys = [(r["game_points"], *r["boards"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert driver.finish_and_certify()["status"] == "certified"


def _register_teams(driver, count: int, boards: int, reserves: int = 1) -> None:
    driver.register_teams(count, players=boards + reserves)


def test_team_swiss_by_draw_of_9_teams(driver):
    """Điều 30.5: teams drawn like players (round 1: 1-2, 3-4, …), one team rests when the
    number is odd; teams never meet twice; the team with White has White on odd boards."""
    driver.create(system="team_swiss_draw", number_of_rounds=4, boards_per_team=4,
                  reserves_per_team=1, discipline="xiangqi")
    driver.action("open-registration")
    _register_teams(driver, 9, 4)
    driver.action("close-registration", {"seed": 30})
    driver.run_all_rounds(4, random.Random(30))
    first = TeamMatch.objects.filter(round__tournament_id=driver.tid, round__number=1)
    assert [(m.home.starting_number, m.away.starting_number if m.away else None)
            for m in first] == [(1, 2), (3, 4), (5, 6), (7, 8), (9, None)]
    pairs = [frozenset((m.home_id, m.away_id))
             for m in TeamMatch.objects.filter(round__tournament_id=driver.tid, away__isnull=False)]
    assert len(pairs) == len(set(pairs)) == 16
    for match in TeamMatch.objects.filter(round__tournament_id=driver.tid, away__isnull=False):
        for p in match.boards.all():
            assert (p.white.team_id == match.home_id) == (p.match_board % 2 == 1)
    rows = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()["rows"]
    assert len(rows) == 9 and sum(r["game_points"] for r in rows) == 16 * 4 + 4 * 4
    assert driver.finish_and_certify()["status"] == "certified"


def test_scheveningen_match_of_two_teams_of_4(driver):
    """Điều 30.2.2: every player of A meets every player of B once in 4 rounds; colours by
    the rule under the tables (same parity of boards: A White)."""
    driver.create(system="scheveningen", boards_per_team=4, reserves_per_team=1,
                  discipline="xiangqi")
    driver.action("open-registration")
    _register_teams(driver, 2, 4)
    closed = driver.action("close-registration", {"seed": 2})
    assert closed["number_of_rounds"] == 4
    driver.run_all_rounds(4, random.Random(4))
    games = Pairing.objects.filter(round__tournament_id=driver.tid).select_related(
        "white__team", "black__team")
    meetings = set()
    for p in games:
        a, b = (p.white, p.black) if p.white.team.starting_number == 1 else (p.black, p.white)
        meetings.add((a.board_order, b.board_order))
        a_white = p.white == a
        assert a_white == (a.board_order % 2 == b.board_order % 2)
    assert meetings == {(i, j) for i in range(1, 5) for j in range(1, 5)}
    rows = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()["rows"]
    assert sum(r["game_points"] for r in rows) == 16
    assert driver.finish_and_certify()["status"] == "certified"


def test_reserve_replaces_a_player_of_his_own_team_only(driver):
    """Điều 30.1.4: a reserve replaces a board player of his team on that board."""
    from tests.helpers import assert_error
    from tournaments.models import Entry

    driver.create(system="team_round_robin", boards_per_team=3, reserves_per_team=1,
                  discipline="xiangqi")
    driver.action("open-registration")
    _register_teams(driver, 4, 3)
    driver.action("close-registration", {"seed": 8})
    driver.pair_next()
    board = Pairing.objects.filter(round__tournament_id=driver.tid).select_related(
        "white").first()
    own = Entry.objects.get(team_id=board.white.team_id, board_order=4)
    other = Entry.objects.filter(tournament_id=driver.tid, board_order=4).exclude(
        team_id=board.white.team_id).first()
    url = f"/api/v1/tournament-pairings/{board.pk}/change/"
    assert_error(driver.arbiter.post(url, {"reason": "Ốm", "white": other.pk}, format="json"),
                 400, "wrong_team", "white")
    changed = driver.post(driver.arbiter, url, {"reason": "Ốm", "white": own.pk})
    assert changed["white"] == own.pk and changed["black"] == board.black_id


def test_double_round_robin_reverses_colours_in_the_second_cycle(driver):
    """002 Điều 15: each pair meets twice, with the colours of the first cycle reversed."""
    driver.create(system="double_round_robin")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    closed = driver.action("close-registration", {"seed": 12})
    assert closed["number_of_rounds"] == 6
    driver.run_all_rounds(6, random.Random(6))
    first, second = {}, {}
    for p in Pairing.objects.filter(round__tournament_id=driver.tid):
        cycle = first if p.round.number <= 3 else second
        cycle[frozenset((p.white_id, p.black_id))] = p.white_id
    assert set(first) == set(second) and len(first) == 6
    assert all(first[pair] != second[pair] for pair in first)


def test_knockout_of_6_gives_the_top_seeds_first_round_byes(driver):
    """Điều 25: a bracket of 8 for 6 entries; seeds 1 and 2 pass the first round."""
    driver.create(system="knockout", knockout_tie_rule="two_then_lots")
    driver.action("open-registration")
    driver.enter(driver.members(6))
    driver.action("close-registration")
    driver.pair_next()
    rnd = driver.round(1)
    byes = sorted(p["white_number"] for p in rnd["pairings"] if p["kind"] == "pab")
    games = [p for p in rnd["pairings"] if p["kind"] == "game"]
    assert byes == [1, 2] and len(games) == 2
    assert {frozenset((p["white_number"], p["black_number"])) for p in games} == {
        frozenset((3, 6)), frozenset((4, 5))}


def test_knockout_tie_by_lots_and_a_double_forfeit_through_the_api(driver):
    """Điều 25 as the regulations choose: a drawn two-game match decided by lots at once
    (002 Điều 11, no games 3-4), and a double forfeit that eliminates both players (Điều 25
    "không cho hoàn đấu") so the other semi-final's winner passes the final."""
    driver.create(system="knockout", knockout_tie_rule="lots",
                  knockout_double_forfeit="both_out")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration")
    driver.pair_next()

    def first_round(p):  # 1-4: nobody comes; 2-3: two draws
        return "--" if {p["white_number"], p["black_number"]} == {1, 4} else "1/2-1/2"

    driver.play_round(1, random.Random(1), choose=first_round)
    driver.pair_next()
    rnd = driver.round(2)
    assert [{p["white_number"], p["black_number"]} for p in rnd["pairings"]] == [{2, 3}]
    driver.play_round(2, random.Random(1), choose=lambda p: "1/2-1/2")
    refused = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "no_more_rounds"
    bracket = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/bracket/").json()
    semis, final = bracket["stages"]
    one_four, two_three = semis["matches"]
    assert one_four["both_out"] and one_four["winner"] is None
    assert one_four["games"][0]["double_forfeit"] and one_four["games"][0]["score_of_a"] is None
    assert two_three["decided_by_lot"] and len(two_three["games"]) == 2
    assert final["matches"] == [{
        "a": two_three["winner"], "a_name": final["matches"][0]["a_name"], "b": None,
        "b_name": None, "games": [], "winner": two_three["winner"], "decided_by_lot": False,
        "both_out": False}]
    assert bracket["champion"] == two_three["winner"] in (2, 3)
    ranks = {r["starting_number"]: r["rank"] for r in driver.standings()["rows"]}
    assert ranks == {two_three["winner"]: 1, 5 - two_three["winner"]: 3, 1: 3, 4: 3}
    assert driver.finish_and_certify()["status"] == "certified"
    # the public API and the standings PDF show the same result: the winner of 2-3 (by
    # lot) first; nobody second (the other finalist was eliminated by the double
    # forfeit); the loser of 2-3 and both double forfeiters share 3rd
    public = APIClient()
    assert public.get(f"/api/v1/public/tournaments/{driver.tid}/bracket/").json() == bracket
    rows = public.get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()["rows"]
    assert {r["starting_number"]: r["rank"] for r in rows} == ranks
    assert rows[0]["starting_number"] == two_three["winner"]
    text, names = _standings_pdf(driver), _names(driver)
    winner = two_three["winner"]
    assert f"1 {winner} {names[winner]}" in text, text
    for number in (1, 4, 5 - winner):
        assert f"3 {number} {names[number]}" in text
    assert not any(f"2 {n} {names[n]}" in text for n in names)  # no 2nd place


def test_knockout_of_8_with_placement_matches_3rd_and_5_to_8(driver):
    """002 Điều 11 (losers "lập thành những cặp để xếp hạng"), as the regulations ask: the
    job pairs the quarter-final losers (8-5, 7-6) beside the semi-finals, then 5th, 7th
    and 3rd place beside the final; the better seed wins every game, so places are 1..8."""
    driver.create(system="knockout", knockout_placement="third_5_8")
    driver.action("open-registration")
    driver.enter(driver.members(8))
    driver.action("close-registration")
    sizes = []
    for number in range(1, 7):
        driver.pair_next()
        sizes.append(len(driver.round(number)["pairings"]))
        driver.play_round(number, random.Random(1), choose=lambda p: (
            "1-0" if p["white_number"] < p["black_number"] else "0-1"))
    assert sizes == [4] * 6
    refused = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "no_more_rounds"
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/bracket/")
    assert public.status_code == 200
    bracket = public.json()
    assert [s["place"] for s in bracket["placement_matches"]] == ["3", "5-8", "5", "7"]
    assert [(m["a"], m["b"]) for m in bracket["placement_matches"][1]["matches"]] == [
        (8, 5), (7, 6)]
    assert [(p["place"], p["starting_number"]) for p in bracket["places"]] == [
        (n, n) for n in range(1, 9)]
    assert bracket == driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/bracket/").json()
    standings = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()
    assert [(r["rank"], r["starting_number"]) for r in standings["rows"]] == [
        (n, n) for n in range(1, 9)]  # by place, not by points (seed 5 scored more than 4)
    # the standings PDF prints the same places 1..8 in that order
    text, names = _standings_pdf(driver), _names(driver)
    positions = [text.index(f"{n} {n} {names[n]}") for n in range(1, 9)]
    assert positions == sorted(positions), text


# (smaller number, larger number, game of the tie) → winner's number or "=" (a draw)
_DECIDER = {(1, 4, 1): "=", (1, 4, 2): "=", (1, 4, 3): "=", (1, 4, 4): "=", (1, 4, 5): 4,
            (2, 3, 1): 2, (2, 3, 2): 2, (2, 4, 1): "=", (2, 4, 2): 2}


def test_knockout_tie_two_more_games_then_a_decider_worked_by_hand(driver):
    """Điều 25, the regulations' tie rule "đấu thêm hai ván nữa … bốc thăm màu quân đấu thêm
    một ván" (``two_then_decider``), 4 players, no placement match (002 Điều 11).

    Worked by hand from ``_DECIDER``: semi-final 1-4 drawn 1-1, games 3-4 drawn too (2-2),
    the decider (game 5, colours by a new lot) won by 4; semi-final 2-3 won 2-0 by 2 (no
    extra games). Final 2-4: a draw, then 2 wins → 2 champion, 4 second, 1 and 3 share
    3rd. Rounds: 1-2 both semi-finals, 3-5 only 1-4, 6-7 the final: 7 rounds. Points
    (every game counts, Điều 21.1): 2: 2 (v 3) + 1½ (final) = 3½; 4: 2 (four draws) + 1
    (decider) + ½ (final) = 3½; 1: four draws and a loss = 2; 3: 0. The ranking is by place, not points
    (4 and 2 are equal on points)."""
    driver.create(system="knockout", knockout_tie_rule="two_then_decider")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration")
    played_in: dict[int, list[tuple[int, int]]] = {}

    def choose(p) -> str:
        low, high = sorted((p["white_number"], p["black_number"]))
        played_in.setdefault(current[0], []).append((low, high))
        winner = _DECIDER[(low, high, p["game_number"])]
        if winner == "=":
            return "1/2-1/2"
        return "1-0" if winner == p["white_number"] else "0-1"

    current = [0]
    while True:
        response = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
        if response.status_code == 400:
            assert response.json()["error"]["code"] == "no_more_rounds"
            break
        current[0] += 1
        done = driver.job_worker.wait(response.json()["id"], timeout=300)
        assert done.state == "succeeded", done.error
        driver.play_round(current[0], random.Random(0), choose)
        assert current[0] < 10
    assert played_in == {1: [(1, 4), (2, 3)], 2: [(1, 4), (2, 3)], 3: [(1, 4)], 4: [(1, 4)],
                         5: [(1, 4)], 6: [(2, 4)], 7: [(2, 4)]}
    bracket = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/bracket/").json()
    semis, final = bracket["stages"]
    one_four, two_three = semis["matches"]
    assert [g["score_of_a"] for g in one_four["games"]] == [0.5, 0.5, 0.5, 0.5, 0.0]
    whites = [g["white"] for g in one_four["games"]]
    assert whites[0] != whites[1] and whites[2] != whites[3]  # colours alternate in 1-4
    assert one_four["winner"] == 4 and not one_four["decided_by_lot"]
    assert len(two_three["games"]) == 2 and two_three["winner"] == 2
    assert final["matches"][0]["winner"] == 2 and bracket["champion"] == 2
    table = driver.standings()
    assert sorted((r["rank"], r["starting_number"], r["points"]) for r in table["rows"]) == [
        (1, 2, 3.5), (2, 4, 3.5), (3, 1, 2.0), (3, 3, 0.0)]
    assert driver.finish_and_certify()["status"] == "certified"

    public = APIClient()
    assert public.get(f"/api/v1/public/tournaments/{driver.tid}/bracket/").json() == bracket
    rows = public.get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()["rows"]
    assert [(r["rank"], r["starting_number"]) for r in rows] == [
        (r["rank"], r["starting_number"]) for r in table["rows"]]
    assert_standings_rows(_standings_pdf(driver), driver.tid, table["rows"],
                          table["tiebreaks"])


def test_knockout_tie_two_more_games_then_lots_worked_by_hand(driver):
    """Điều 25, the other tie rule of the article: "đấu thêm hai ván nữa", then "bốc thăm
    may rủi" (``two_then_lots``), 4 players.

    Worked by hand: semi-final 1-4 drawn in all four games (2-2) → lots, no fifth game;
    2-3 won 2-0 by 2. Final: 2 against the winner of the lot, 2 wins 2-0. Rounds: 1-2
    both semi-finals, 3-4 only 1-4, 5-6 the final. Places: 2 first, the lot's winner
    second, the lot's loser and 3 share 3rd. Points (Điều 21.1): 2: 4; 1 and 4: 2 each;
    3: 0."""
    driver.create(system="knockout", knockout_tie_rule="two_then_lots")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration")
    played_in: dict[int, list[tuple[int, int]]] = {}
    number = 0

    def choose(p) -> str:
        low, high = sorted((p["white_number"], p["black_number"]))
        played_in.setdefault(number, []).append((low, high))
        if (low, high) == (1, 4):
            return "1/2-1/2"
        return "1-0" if p["white_number"] == 2 else "0-1"  # 2 wins his games

    while True:
        response = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
        if response.status_code == 400:
            assert response.json()["error"]["code"] == "no_more_rounds"
            break
        number += 1
        done = driver.job_worker.wait(response.json()["id"], timeout=300)
        assert done.state == "succeeded", done.error
        driver.play_round(number, random.Random(0), choose)
        assert number < 10
    bracket = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/bracket/").json()
    one_four = bracket["stages"][0]["matches"][0]
    lot = one_four["winner"]
    assert lot in (1, 4) and one_four["decided_by_lot"]
    assert [g["score_of_a"] for g in one_four["games"]] == [0.5] * 4
    assert played_in == {1: [(1, 4), (2, 3)], 2: [(1, 4), (2, 3)], 3: [(1, 4)],
                         4: [(1, 4)], 5: [tuple(sorted((2, lot)))],
                         6: [tuple(sorted((2, lot)))]}
    assert bracket["champion"] == 2
    table = driver.standings()
    assert sorted((r["rank"], r["starting_number"], r["points"]) for r in table["rows"]) == \
        sorted([(1, 2, 4.0), (2, lot, 2.0), (3, 5 - lot, 2.0), (3, 3, 0.0)])
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient()
    assert public.get(f"/api/v1/public/tournaments/{driver.tid}/bracket/").json() == bracket
    rows = public.get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()["rows"]
    assert [(r["rank"], r["starting_number"]) for r in rows] == [
        (r["rank"], r["starting_number"]) for r in table["rows"]]
    assert_standings_rows(_standings_pdf(driver), driver.tid, table["rows"],
                          table["tiebreaks"])
