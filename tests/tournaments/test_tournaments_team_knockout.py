"""Team knockout (Điều 30.3) in the English form with a 3rd-place match, from registration
to certification through the API with the real worker; the team table, the bracket, the
public API and the team standings PDF checked against the example worked out by hand below.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import date, timedelta

import pytest
from rest_framework.test import APIClient

from tests.admin_forms import form_data
from tests.documents.documents_support import download, pdf_pages, request
from tests.factories import make_staff, national_body
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.models import Entry, Pairing, TeamEntry, TeamMatch, Tournament

#: (winning team, its board, losing team, its board): the only decisive games; every other
#: game of ties 2-3 and 1-3 is drawn. Ties 1-4 and 2-4 follow ``_BOARD_ORDER`` below.
_WINS = {(3, 1, 2, 2), (2, 3, 3, 3), (3, 2, 1, 2)}
#: ties where the better board (lower board order) wins; equal boards: this team wins
_BOARD_ORDER = {frozenset((1, 4)): 1, frozenset((2, 4)): 4}


def _team_board(number: int) -> tuple[int, int]:
    """(team, board) of a starting number: 4 places a team (3 boards and a reserve)."""
    return (number - 1) // 4 + 1, (number - 1) % 4 + 1


def _points(x: int, i: int, y: int, j: int) -> float:
    """Points of board ``i`` of team ``x`` against board ``j`` of team ``y``."""
    strong = _BOARD_ORDER.get(frozenset((x, y)))
    if strong is not None:
        return float(i < j) if i != j else float(x == strong)
    if (x, i, y, j) in _WINS:
        return 1.0
    return 0.0 if (y, j, x, i) in _WINS else 0.5


def _result(p) -> str:
    (wt, wb), (bt, bb) = _team_board(p["white_number"]), _team_board(p["black_number"])
    return {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[_points(wt, wb, bt, bb)]


def test_team_knockout_english_form_with_a_third_place_match(driver):
    """Điều 30.3: "các đội gặp nhau theo thể thức đối kháng, thường là đối kháng kiểu Anh" —
    the default form: each tie is the Scheveningen of 30.2.2 (3 boards: 3 rounds, every
    player meets every player of the other team once, A and B by lot); the regulations ask
    for a 3rd-place match (002 Điều 11, ``knockout_placement`` "third"), played alongside
    the final. A drawn tie goes to board 1, board 2, … (30.1.5), then lots.

    Worked by hand (teams 1-4, boards 1-3; 2 stages × 3 rounds = 6 rounds):
    - semi-final 1-4: the better board wins, equal boards team 1 → team 1 boards 3, 2, 1
      = 6, team 4 boards 2, 1, 0 = 3: team 1.
    - semi-final 2-3: all drawn but 3/1 beats 2/2 and 2/3 beats 3/3 → team 2 boards 1½, 1,
      2 = 4½, team 3 2, 1½, 1 = 4½; board 1: 2 > 1½ → team 3 (30.1.5, no lots).
    - final 1-3: all drawn but 3/2 beats 1/2 → team 3 5 (1½, 2, 1½), team 1 4 (1½, 1, 1½).
    - 3rd place 4-2 (the losers in bracket order): the better board wins, equal boards
      team 4 → team 4 6 (3, 2, 1), team 2 3 (2, 1, 0).
    Places 3, 1, 4, 2. Totals: 1: 10 (4½, 3, 2½), 2: 7½ (3½, 2, 2), 3: 9½ (3½, 3½, 2½),
    4: 9 (5, 3, 1). Match points (a tie is one match, 2/1/0): 1: 2, 2: 1, 3: 3, 4: 2.
    Opponents' game points: 1: 9 + 9½, 2: 9½ + 9, 3: 7½ + 10, 4: 10 + 7½."""
    driver.create(system="team_knockout", boards_per_team=3, reserves_per_team=1,
                  discipline="xiangqi", knockout_placement="third")
    assert driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/").json()[
        "team_match_form"] == "scheveningen"
    driver.action("open-registration")
    driver.register_teams(4, players=4)
    closed = driver.action("close-registration", {"seed": 9})
    assert closed["number_of_rounds"] == 6
    for number in range(1, 7):
        driver.pair_next()
        driver.play_round(number, random.Random(0), choose=_result)
    assert_error(driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/"),
                 400, "no_more_rounds", "round")

    matches = TeamMatch.objects.filter(round__tournament_id=driver.tid).select_related(
        "round", "home", "away")
    ties = Counter((m.round.number - 1) // 3 + 1 for m in matches)
    assert ties == {1: 6, 2: 6}  # two ties a stage, each 3 rounds
    assert {(m.round.number, frozenset((m.home.starting_number, m.away.starting_number)))
            for m in matches} == {(r, frozenset(p)) for r in (1, 2, 3) for p in ((1, 4), (2, 3))} \
        | {(r, frozenset(p)) for r in (4, 5, 6) for p in ((1, 3), (2, 4))}
    games = Pairing.objects.filter(round__tournament_id=driver.tid).select_related(
        "white", "black", "team_match__home", "team_match__away", "round")
    met: Counter = Counter()
    for p in games:
        met[frozenset((p.white.starting_number, p.black.starting_number))] += 1
        home = p.team_match.home.starting_number
        (white_team, wb), (_, bb) = (_team_board(p.white.starting_number),
                                     _team_board(p.black.starting_number))
        a_white = white_team == home
        # 30.2.2 round r of the tie: A_i meets B_j, j = i - r (mod 3); colours: A White
        # against the same parity, Black against the other
        r = (p.round.number - 1) % 3 + 1
        a_board, b_board = (wb, bb) if a_white else (bb, wb)
        assert b_board == (a_board - r - 1) % 3 + 1, (p.round.number, wb, bb)
        assert a_white == (a_board % 2 == b_board % 2)
    assert len(met) == 36 and set(met.values()) == {1}  # 4 ties × 9 pairs, each once

    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    rows = [(r["rank"], r["starting_number"], r["game_points"], r["match_points"],
             r["opponents_points"], r["boards"]) for r in table["rows"]]
    assert rows == [(1, 3, 9.5, 3, 17.5, [3.5, 3.5, 2.5]), (2, 1, 10.0, 2, 18.5, [4.5, 3.0, 2.5]),
                    (3, 4, 9.0, 2, 17.5, [5.0, 3.0, 1.0]), (4, 2, 7.5, 1, 18.5, [3.5, 2.0, 2.0])]
    assert table["match_form"] == "scheveningen"
    tie = lambda a, b, pa, pb, w: {"a": a, "b": b, "points": [pa, pb],  # noqa: E731
                                   "winner": w, "decided_by_lot": False}
    assert table["bracket"] == [[tie(1, 4, 6.0, 3.0, 1), tie(2, 3, 4.5, 4.5, 3)],
                                [tie(1, 3, 4.0, 5.0, 3)]]
    assert table["placement_matches"] == [{"place": "3", "stage": 2,
                                           "ties": [tie(4, 2, 6.0, 3.0, 4)]}]
    assert driver.finish_and_certify()["status"] == "certified"

    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/team-standings/").json()
    assert [(r["rank"], r["starting_number"], r["game_points"]) for r in public["rows"]] == [
        (1, 3, 9.5), (2, 1, 10.0), (3, 4, 9.0), (4, 2, 7.5)]
    assert public["bracket"] == table["bracket"]
    assert public["placement_matches"] == table["placement_matches"]
    assert public["match_form"] == "scheveningen"
    site = APIClient().get(f"/giai-dau/{driver.tid}/").content.decode()
    names = {r["starting_number"]: r["name"] for r in public["rows"]}
    third = site[site.index("Tranh hạng 3"):]
    assert third.index(names[4]) < third.index(names[2]) < third.index("6 – 3")
    assert '<span class="winner">' + names[3] in site  # the final's winner
    english = APIClient().get(f"/en/giai-dau/{driver.tid}/").content.decode()
    assert "Place 3 match" in english
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "team_standings", f"tournament:{driver.tid}"), driver.job_worker))
    # rank, number, team, game points, match points, opponents' points, boards 1-3
    assert "1 3 Đội 3 9,5 3 17,5 3,5 3,5 2,5 2 1 Đội 1 10 2 18,5 4,5 3 2,5 " \
        "3 4 Đội 4 9 2 17,5 5 3 1 4 2 Đội 2 7,5 1 18,5 3,5 2 2" in text, text
    assert "Bán kết: Đội 1 6 – 3 Đội 4; Đội 2 4,5 – 4,5 Đội 3 (Đội 3 thắng theo bàn, " \
        "Điều 30.1.5)" in text, text
    assert "Chung kết: Đội 1 4 – 5 Đội 3" in text
    assert "Tranh hạng 3: Đội 4 6 – 3 Đội 2" in text


@pytest.fixture
def staff(db):
    return make_staff()


def test_admin_sets_the_team_match_form_through_the_service(client, staff):
    """The staff site posts the real form through the service: a friendly team knockout of
    8 boards (002 Điều 16 "không giới hạn") cannot be played in the English form, whose
    tables stop at 6 (30.2.2); board against board (30.2.1) it can."""
    client.force_login(staff)
    start = date(2026, 5, 4)
    t = services.create_tournament(
        user=staff, name="Giao hữu đồng đội", discipline="xiangqi", system="team_knockout",
        category="friendly", boards_per_team=4, reserves_per_team=0, start_date=start,
        end_date=start + timedelta(days=4), organiser_body=national_body())
    assert t.team_match_form == Tournament.TeamMatchForm.SCHEVENINGEN  # 30.3 "thường là"
    url = f"/admin/tournaments/tournament/{t.pk}/change/"
    data = form_data(client.get(url).content.decode(), "tournament_form")
    assert data["team_match_form"] == ["scheveningen"]
    data.update({"boards_per_team": ["8"], "_save": ["Lưu"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and "mỗi đội 3-6 bàn" in refused.content.decode()
    data.update({"team_match_form": ["simultaneous"]})
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert (t.boards_per_team, t.team_match_form) == (8, "simultaneous")


def test_a_team_match_form_is_refused_outside_the_team_knockout(organisation, client, staff):
    """Điều 30.3: the English form or board against board is the team knockout's rule; on a
    team round robin it would have no effect, so the API and the staff site refuse it (the
    error names the field) and keep the event as it was. An event migrated to board against
    board before the field (migration 0025) still saves its other changes."""
    body, _club, organiser, _arbiter = organisation
    api = client_for(organiser)
    start = date(2026, 5, 4)
    event = {"name": "Vòng tròn đồng đội", "discipline": "xiangqi",
             "system": "team_round_robin", "boards_per_team": 3, "reserves_per_team": 1,
             "start_date": str(start), "end_date": str(start + timedelta(days=6)),
             "organiser_body": body.pk}
    refused = api.post("/api/v1/tournaments/", {**event, "team_match_form": "simultaneous"},
                       format="json")
    error = assert_error(refused, 400, field="team_match_form")
    assert "Điều 30.3" in error["message"]
    english = api.post("/api/v1/tournaments/", {**event, "team_match_form": "simultaneous"},
                       format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert "Article 30.3" in assert_error(english, 400, field="team_match_form")["message"]
    assert not Tournament.objects.filter(name=event["name"]).exists()
    created = api.post("/api/v1/tournaments/", event, format="json")
    assert created.status_code == 201, created.content
    url = f"/api/v1/tournaments/{created.json()['id']}/"
    assert_error(api.patch(url, {"team_match_form": "simultaneous"}, format="json"), 400,
                 field="team_match_form")
    t = Tournament.objects.get(pk=created.json()["id"])
    assert t.team_match_form == Tournament.TeamMatchForm.SCHEVENINGEN

    client.force_login(staff)
    admin_url = f"/admin/tournaments/tournament/{t.pk}/change/"
    data = form_data(client.get(admin_url).content.decode(), "tournament_form")
    data.update({"team_match_form": ["simultaneous"], "_save": ["Lưu"]})
    page = client.post(admin_url, data)
    assert page.status_code == 200 and "Điều 30.3" in page.content.decode()
    t.refresh_from_db()
    assert t.team_match_form == Tournament.TeamMatchForm.SCHEVENINGEN

    Tournament.objects.filter(pk=t.pk).update(team_match_form="simultaneous")  # as migrated
    renamed = api.patch(url, {"name": "Vòng tròn đồng đội mở rộng",
                                "amendment_reason": "Sửa đổi điều lệ (thử)"}, format="json")
    assert renamed.status_code == 200, renamed.content
    data.update({"name": ["Vòng tròn đồng đội 2026"],
                 "amendment_reason": ["Sửa đổi điều lệ (thử)"]})
    assert client.post(admin_url, data).status_code == 302
    t.refresh_from_db()
    assert (t.name, t.team_match_form) == ("Vòng tròn đồng đội 2026", "simultaneous")


def _better_seed_wins_two_boards(p) -> str:
    white, black = Entry.objects.get(pk=p["white"]), Entry.objects.get(pk=p["black"])
    better_is_white = white.team.starting_number < black.team.starting_number
    better_wins = white.board_order in (1, 2)
    return "1-0" if better_is_white == better_wins else "0-1"


def test_team_knockout_board_against_board_with_places_5_to_8(driver):
    """The regulations choose board against board (30.2.1, one round a stage) and every
    place 1-8 (002 Điều 11, ``third_5_8``): 8 teams, 3 stages = 3 rounds.

    Worked by hand: in every tie the better seed wins boards 1 and 2, the other board 3 →
    2-1. Quarter-finals 1-8, 4-5, 2-7, 3-6; round 2: semi-finals 1-4, 2-3 and the 5-8
    matches of the quarter-final losers in bracket order, 8-5 and 7-6; round 3: final 1-2,
    3rd 4-3, 5th 5-6, 7th 8-7. Places = seeds. Each team plays 3 ties, 2 points a tie won
    and 1 a tie lost: 1 won 3 → 6; 2, 3, 5 won 2 → 5; 4, 6, 7 won 1 → 4; 8 → 3."""
    driver.create(system="team_knockout", boards_per_team=3, reserves_per_team=1,
                  discipline="xiangqi", team_match_form="simultaneous",
                  knockout_placement="third_5_8")
    driver.action("open-registration")
    driver.register_teams(8, players=4)
    assert driver.action("close-registration", {"seed": 5})["number_of_rounds"] == 3
    driver.run_all_rounds(3, random.Random(0), choose=_better_seed_wins_two_boards)
    assert_error(driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/"),
                 400, "no_more_rounds", "round")
    rounds = {r: sorted((m.home.starting_number, m.away.starting_number) for m in
                        TeamMatch.objects.filter(round__tournament_id=driver.tid,
                                                 round__number=r))
              for r in (1, 2, 3)}
    assert rounds == {1: [(1, 8), (2, 7), (3, 6), (4, 5)], 2: [(1, 4), (2, 3), (5, 8), (6, 7)],
                      3: [(1, 2), (3, 4), (5, 6), (7, 8)]}
    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    assert [(r["rank"], r["starting_number"], r["game_points"]) for r in table["rows"]] == [
        (1, 1, 6.0), (2, 2, 5.0), (3, 3, 5.0), (4, 4, 4.0), (5, 5, 5.0), (6, 6, 4.0),
        (7, 7, 4.0), (8, 8, 3.0)]
    assert table["match_form"] == "simultaneous"
    tie = lambda a, b, pa, w: {"a": a, "b": b, "points": [pa, 3.0 - pa],  # noqa: E731
                               "winner": w, "decided_by_lot": False}
    assert table["placement_matches"] == [
        {"place": "3", "stage": 3, "ties": [tie(4, 3, 1.0, 3)]},
        {"place": "5-8", "stage": 2, "ties": [tie(8, 5, 1.0, 5), tie(7, 6, 1.0, 6)]},
        {"place": "5", "stage": 3, "ties": [tie(5, 6, 2.0, 5)]},
        {"place": "7", "stage": 3, "ties": [tie(8, 7, 1.0, 7)]}]
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/team-standings/").json()
    assert [r["rank"] for r in public["rows"]] == list(range(1, 9))
    assert public["placement_matches"] == table["placement_matches"]
    n = dict(TeamEntry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "team_standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert f"Tranh hạng 5-8: {n[8]} 1 – 2 {n[5]}; {n[7]} 1 – 2 {n[6]}" in text, text
    assert f"Tranh hạng 7: {n[8]} 1 – 2 {n[7]}" in text
    assert "Thể thức trận (Điều 30.3): Đối kháng đồng loạt: bàn gặp bàn, một ván" in text


def test_a_reserve_in_the_english_form_counts_on_the_board_he_replaced(driver):
    """30.1.4 "đội được quyền thay đấu thủ dự bị vào đúng bảng có đấu thủ phải nghỉ": in the
    English form (30.2.2) B1 sits at table board 2 in round 1 (A2 - B1); B's reserve takes
    his place there, and his game counts on board 1, not on the table's board 2.

    Worked by hand (one tie of two teams, 3 rounds): every game drawn except the reserve's,
    which he wins. B: board 1 = 1 (reserve) + ½ + ½ = 2, boards 2 and 3 1½ → 5; A: A2 lost
    to him → boards 1½, 1, 1½ = 4. Per board (30.1.2), the reserve is in board 1's pool."""
    driver.create(system="team_knockout", boards_per_team=3, reserves_per_team=1,
                  discipline="xiangqi")
    driver.action("open-registration")
    driver.register_teams(2, players=4)
    assert driver.action("close-registration", {"seed": 2})["number_of_rounds"] == 3
    driver.pair_next()
    match = TeamMatch.objects.get(round__tournament_id=driver.tid, round__number=1)
    b1 = Entry.objects.get(team=match.away, board_order=1)
    reserve = Entry.objects.get(team=match.away, board_order=4)
    seat = next(p for p in driver.round(1)["pairings"] if b1.pk in (p["white"], p["black"]))
    assert seat["match_board"] == 2  # A2 - B1
    side = "white" if seat["white"] == b1.pk else "black"
    driver.post(driver.arbiter, f"/api/v1/tournament-pairings/{seat['id']}/change/",
                {"reason": "B1 ốm", side: reserve.pk})

    def result(p) -> str:
        if reserve.pk in (p["white"], p["black"]):
            return "1-0" if p["white"] == reserve.pk else "0-1"
        return "1/2-1/2"

    driver.play_round(1, random.Random(0), choose=result)
    for number in (2, 3):
        driver.pair_next()
        driver.play_round(number, random.Random(0), choose=result)
    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    b, a = match.away.starting_number, match.home.starting_number
    assert [(r["rank"], r["starting_number"], r["game_points"], r["boards"])
            for r in table["rows"]] == [(1, b, 5.0, [2.0, 1.5, 1.5]),
                                        (2, a, 4.0, [1.5, 1.0, 1.5])]
    pools = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/board-standings/").json()
    board1 = {r["starting_number"]: (r["points"], r["games"]) for r in pools["boards"][0]["rows"]}
    assert board1[reserve.starting_number] == (1.0, 1) and board1[b1.starting_number] == (1.0, 2)
    assert driver.finish_and_certify()["status"] == "certified"
