"""The arbiter records a play-off match between tied teams on his screen ("Bàn trọng tài" ›
Thi đấu thêm; seed 002 Phần 2 Điều 2.3 "Trong thi đấu đồng đội. - Thi đấu thêm."): the real
form is posted; refusals are on their field.

Hand-worked example: the team round robin of tests/tournaments/test_tournaments_team_playoff.py
(Hà Nội and Đà Nẵng equal on every criterion). The arbiter enters board 1 "Đội thứ nhất
thắng" (Hà Nội), boards 2 and 3 drawn: the match is no. 1, 2 – 1; board 2's White is Đà
Nẵng's player (the first team White/Red on odd boards, 30.4), so its game is stored ½-½ with
Đà Nẵng White; the team table puts Hà Nội 1st, Đà Nẵng 2nd.
"""

from __future__ import annotations

import pytest

from tests.factories import make_user
from tests.tournaments.test_tournaments_team_playoff import CANTHO, DANANG, HANOI, TeamEvent
from tests.workspace.arbiter_support import client_of, url
from tournaments.models import PlayOffMatch

pytestmark = pytest.mark.django_db


def test_arbiter_records_a_team_playoff_match_002_phan_2_dieu_2_3():
    event = TeamEvent()
    client = client_of(event.chief)
    t = event.t
    assert url(t, "thi-dau-them/") in client.get(url(t, "dau-bo-sung/")).content.decode()
    page = client.get(url(t, "thi-dau-them/")).content.decode()
    assert "Điều 2.3" in page and "Chưa có trận thi đấu thêm nào." in page
    assert 'name="board_3"' in page and 'name="board_4"' not in page
    home, away = event.teams[HANOI].pk, event.teams[DANANG].pk
    form = {"home": home, "away": away, "board_1": "home", "board_2": "draw",
            "board_3": "draw", "note": "Cờ nhanh."}
    same = client.post(url(t, "thi-dau-them/"), {**form, "away": home})
    assert same.status_code == 400
    assert 'id="error-away">Trận thi đấu thêm phải giữa hai đội khác nhau' in (
        same.content.decode())
    empty = client.post(url(t, "thi-dau-them/"), {"home": home, "away": away})
    assert empty.status_code == 400 and "Trận thi đấu thêm có từ 1 đến 3 ván" in (
        empty.content.decode())
    bad = client.post(url(t, "thi-dau-them/"), {**form, "board_1": "both"})
    assert bad.status_code == 400 and 'id="error-board_1"' in bad.content.decode()
    assert not PlayOffMatch.objects.exists()
    done = client.post(url(t, "thi-dau-them/"), form)
    assert done.status_code == 302
    match = PlayOffMatch.objects.get()
    games = {g.board: g for g in match.games.select_related("white__team")}
    assert (games[1].white.team.name, games[1].result) == (HANOI, "1-0")
    assert (games[2].white.team.name, games[2].result) == (DANANG, "1/2-1/2")
    listed = client.get(url(t, "thi-dau-them/")).content.decode()
    assert 'id="thi-dau-them-1"' in listed and "<td>2 – 1</td>" in listed
    assert [r["name"] for r in event.table()["rows"]] == [HANOI, DANANG, CANTHO]
    assert client_of(make_user()).get(url(t, "thi-dau-them/")).status_code == 404
    english = client.get(url(t, "thi-dau-them/", lang="en")).content.decode()
    assert "Play-off match between teams" in english
