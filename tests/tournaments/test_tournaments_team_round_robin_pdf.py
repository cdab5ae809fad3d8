"""The team standings PDF of a team round robin (Điều 30.4, ranking 30.1.5) against an
example worked out by hand, the event driven through the API with the real worker."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from tests.documents.documents_support import download, pdf_pages, request
from tournaments.models import Entry, TeamEntry, TeamMatch

#: points of the lower-numbered team on boards 1-3 in each match (the other team: 1 - p)
_MATCHES = {(1, 2): (0.5, 1.0, 0.0), (1, 3): (1.0, 1.0, 0.0), (1, 4): (0.0, 1.0, 1.0),
            (2, 3): (1.0, 0.0, 1.0), (2, 4): (1.0, 1.0, 0.0), (3, 4): (0.5, 0.5, 0.5)}


def _result(p) -> str:
    white, black = (Entry.objects.get(pk=p["white"]), Entry.objects.get(pk=p["black"]))
    x, y = white.team.starting_number, black.team.starting_number
    board = white.board_order
    points = _MATCHES[(x, y)][board - 1] if x < y else 1 - _MATCHES[(y, x)][board - 1]
    return {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[points]


def test_team_round_robin_standings_pdf_worked_by_hand(driver):
    """Four teams of 3 boards, Berger table of 30.4 (3 rounds), board i against board i.

    Worked by hand from ``_MATCHES`` (team: boards 1, 2, 3 = game points):
    team 1: ½+1+0, 1+1+1, 0+0+1 = 1½, 3, 1 = 5½ (drew 2, beat 3 and 4: match points 1+2+2 = 5);
    team 2: ½+1+1, 0+0+1, 1+1+0 = 2½, 1, 2 = 5½ (5);
    team 3: 0+0+½, 0+1+½, 1+0+½ = ½, 1½, 1½ = 3½ (drew 4: 1);
    team 4: 1+0+½, 0+0+½, 0+1+½ = 1½, ½, 1½ = 3½ (1).
    30.1.5 "Nếu hai đội bằng điểm nhau, thì … xét thành tích của … bảng 1": 2 (2½) before 1
    (1½), 4 (1½) before 3 (½). Opponents' game points (002 Điều 2.3, listed): 1 and 2:
    5½ + 3½ + 3½ = 12½; 3 and 4: 5½ + 5½ + 3½ = 14½. Results table (row against column):
    1: X 1½ 2 2 | 2: 1½ X 2 2 | 3: 1 1 X 1½ | 4: 1 1 1½ X."""
    driver.create(system="team_round_robin", boards_per_team=3, reserves_per_team=1,
                  discipline="xiangqi")
    driver.action("open-registration")
    driver.register_teams(4, players=4)
    assert driver.action("close-registration", {"seed": 3})["number_of_rounds"] == 3
    driver.run_all_rounds(3, random.Random(0), choose=_result)
    assert {frozenset((m.home.starting_number, m.away.starting_number))
            for m in TeamMatch.objects.filter(round__tournament_id=driver.tid)} == {
        frozenset(pair) for pair in _MATCHES}
    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    assert [(r["rank"], r["starting_number"], r["game_points"], r["match_points"],
             r["opponents_points"], r["boards"]) for r in table["rows"]] == [
        (1, 2, 5.5, 5, 12.5, [2.5, 1.0, 2.0]), (2, 1, 5.5, 5, 12.5, [1.5, 3.0, 1.0]),
        (3, 4, 3.5, 1, 14.5, [1.5, 0.5, 1.5]), (4, 3, 3.5, 1, 14.5, [0.5, 1.5, 1.5])]
    assert driver.finish_and_certify()["status"] == "certified"

    n = dict(TeamEntry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))  # the teams' numbers are drawn by lot (30.1.3)
    public = APIClient()
    shown = public.get(f"/api/v1/public/tournaments/{driver.tid}/team-standings/").json()
    assert [(r["rank"], r["starting_number"], r["game_points"], r["match_points"],
             r["boards"]) for r in shown["rows"]] == [
        (1, 2, 5.5, 5, [2.5, 1.0, 2.0]), (2, 1, 5.5, 5, [1.5, 3.0, 1.0]),
        (3, 4, 3.5, 1, [1.5, 0.5, 1.5]), (4, 3, 3.5, 1, [0.5, 1.5, 1.5])]
    [text] = pdf_pages(download(public, request(
        public, "team_standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert "BẢNG XẾP HẠNG ĐỒNG ĐỘI SAU VÒNG 3" in text
    # rank, number, team, game points, match points, opponents' points, boards 1-3
    assert f"1 2 {n[2]} 5,5 5 12,5 2,5 1 2 2 1 {n[1]} 5,5 5 12,5 1,5 3 1 " \
        f"3 4 {n[4]} 3,5 1 14,5 1,5 0,5 1,5 4 3 {n[3]} 3,5 1 14,5 0,5 1,5 1,5" in text, text
    assert "BẢNG KẾT QUẢ CÁC TRẬN (ĐIỀU 30.4) Số Đội 1 2 3 4 Điểm ván " \
        f"1 {n[1]} X 1,5 2 2 5,5 2 {n[2]} 1,5 X 2 2 5,5 3 {n[3]} 1 1 X 1,5 3,5 " \
        f"4 {n[4]} 1 1 1,5 X 3,5" in text, text
    assert "Cách xếp hạng đồng đội: Tổng điểm, rồi bảng 1, bảng 2… (Điều 30.1.5)." in text


#: the regulations' choice decides the winner: team 4 has the most game points, team 1
#: the most match points (lower-numbered team's points on boards 1-3, as ``_MATCHES``)
_CHOICE = {(1, 2): (1.0, 1.0, 0.0), (1, 3): (1.0, 0.0, 1.0), (1, 4): (0.0, 0.0, 0.0),
           (2, 3): (1.0, 0.5, 0.0), (2, 4): (0.5, 1.0, 0.5), (3, 4): (1.0, 0.5, 0.5)}


def _choice_result(p) -> str:
    white, black = (Entry.objects.get(pk=p["white"]), Entry.objects.get(pk=p["black"]))
    x, y = white.team.starting_number, black.team.starting_number
    board = white.board_order
    points = _CHOICE[(x, y)][board - 1] if x < y else 1 - _CHOICE[(y, x)][board - 1]
    return {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[points]


@pytest.mark.parametrize(("ranking", "order", "legend"), [
    ("game_boards", [4, 2, 3, 1], "Tổng điểm, rồi bảng 1, bảng 2… (Điều 30.1.5)."),
    ("match_game_boards", [1, 2, 3, 4], "Điểm trận trước, rồi tổng điểm, bảng 1, bảng 2…"),
])
def test_match_points_first_or_game_points_first_is_the_regulations_choice(
        driver, ranking, order, legend):
    """Điều 30.1.5 ranks teams by game points; 002 Điều 16 / 2.3 lets the regulations put
    match points first (a match won 2, drawn 1). Same results, both choices.

    Worked by hand from ``_CHOICE`` (team: boards 1, 2, 3; match result):
    team 1: beat 2 2-1, beat 3 2-1, lost to 4 0-3 → boards 2, 1, 1 = 4 game points, 4
    match points; team 4: beat 1 3-0, lost to 2 1-2 and to 3 1-2 → 1½, 1½, 2 = 5, 2;
    team 2: lost to 1, drew 3 1½-1½, beat 4 → 1½, 1½, 1½ = 4½, 3; team 3: lost to 1,
    drew 2, beat 4 → 1, 2, 1½ = 4½, 3 (total 18 = 6 matches × 3 boards). Game points
    first: 4 (5), 2 and 3 (4½, board 1 decides: 1½ before 1), 1 (4). Match points first:
    1 (4), 2 and 3 (3, equal game points, board 1), 4 (2). Opponents' game points: 1:
    4½ + 4½ + 5 = 14; 2 and 3: 4 + 4½ + 5 = 13½; 4: 4 + 4½ + 4½ = 13."""
    driver.create(system="team_round_robin", boards_per_team=3, reserves_per_team=1,
                  discipline="chess", team_ranking=ranking)
    driver.action("open-registration")
    driver.register_teams(4, players=4)
    assert driver.action("close-registration", {"seed": 7})["number_of_rounds"] == 3
    driver.run_all_rounds(3, random.Random(0), choose=_choice_result)
    hand = {1: (4.0, 4, 14.0, [2.0, 1.0, 1.0]), 2: (4.5, 3, 13.5, [1.5, 1.5, 1.5]),
            3: (4.5, 3, 13.5, [1.0, 2.0, 1.5]), 4: (5.0, 2, 13.0, [1.5, 1.5, 2.0])}
    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    assert table["ranking"] == ranking
    assert [(r["rank"], r["starting_number"], r["game_points"], r["match_points"],
             r["opponents_points"], r["boards"]) for r in table["rows"]] == [
        (rank, number, *hand[number]) for rank, number in enumerate(order, start=1)]
    assert driver.finish_and_certify()["status"] == "certified"

    public = APIClient()
    shown = public.get(f"/api/v1/public/tournaments/{driver.tid}/team-standings/").json()
    assert shown["ranking"] == ranking
    assert [r["starting_number"] for r in shown["rows"]] == order
    n = dict(TeamEntry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))
    [text] = pdf_pages(download(public, request(
        public, "team_standings", f"tournament:{driver.tid}"), driver.job_worker))
    rows = {1: "4 4 14 2 1 1", 2: "4,5 3 13,5 1,5 1,5 1,5", 3: "4,5 3 13,5 1 2 1,5",
            4: "5 2 13 1,5 1,5 2"}  # game, match, opponents' points, boards 1-3
    assert " ".join(f"{rank} {number} {n[number]} {rows[number]}"
                    for rank, number in enumerate(order, start=1)) in text, text
    assert f"Cách xếp hạng đồng đội: {legend}" in text
