"""Play-off games as a tie-break ("thi đấu bổ sung", seed 002 Phần 2 Điều 2.3: "Để phân định
thứ hạng trong trường hợp bằng điểm nhau ... Thi đấu bổ sung"; Phần 3 Phụ lục 1).

Hand-worked example (4-player xiangqi round robin, tie-breaks "PO,LOT", standings after
round 1): board 1 White wins, board 2 White wins, so the two Whites have 1 point and the two
Blacks 0. The arbiter records a play-off between the two leaders: board 2's winner (White in
the play-off) beats board 1's winner. PO: 1 for him, 0 for the other, 0 for the two who did
not play: he is first, board 1's winner second; the two on 0 points stay ranked by lots.
"""

from __future__ import annotations

import pytest

from tests.helpers import assert_error, client_for
from tests.tournaments.test_tournaments_complaints import Event
from tournaments import services
from tournaments.models import PlayOffGame


@pytest.fixture
def event(db):
    return Event(tiebreaks="PO,LOT")


def _ranks(event):
    rows = client_for(event.chief).get(f"/api/v1/tournaments/{event.t.pk}/standings/",
                                       {"after_round": 1}).json()["rows"]
    return {r["name"]: (r["rank"], r["points"], r["tiebreaks"].get("PO")) for r in rows}


def test_playoff_decides_between_players_tied_on_points_phan_2_dieu_2_3(event):
    b1, b2 = event.round.pairings.get(board=1), event.round.pairings.get(board=2)
    for board in (b1, b2):
        services.record_result(board, "1-0", user=event.chief, expected_version=board.version)
    before = _ranks(event)
    assert before[b1.white.name][1] == before[b2.white.name][1] == 1
    chief = client_for(event.chief)
    response = chief.post("/api/v1/playoff-games/", {
        "tournament": event.t.pk, "white": b2.white.pk, "black": b1.white.pk,
        "result": "1-0", "note": "Ván bổ sung 15 phút."}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["number"] == 1
    after = _ranks(event)
    assert after[b2.white.name] == (1, 1, 1)
    assert after[b1.white.name] == (2, 1, 0)
    assert {after[b1.black.name][0], after[b2.black.name][0]} == {3, 4}  # lots, not PO
    listed = chief.get("/api/v1/playoff-games/", {"tournament": event.t.pk}).json()
    assert [g["white_name"] for g in listed["results"]] == [b2.white.name]


def test_playoff_refusals(event):
    b1 = event.round.pairings.get(board=1)
    chief = client_for(event.chief)
    data = {"tournament": event.t.pk, "white": b1.white.pk, "black": b1.black.pk}
    assert_error(chief.post("/api/v1/playoff-games/", {**data, "result": ""},
                            format="json"), 400, None, "result")
    assert_error(chief.post("/api/v1/playoff-games/", {**data, "black": b1.white.pk,
                                                        "result": "1-0"}, format="json"),
                 400, None, "black")
    player = client_for(event.user_of(b1.white))
    assert_error(player.post("/api/v1/playoff-games/", {**data, "result": "1-0"},
                             format="json"), 403)
    assert not PlayOffGame.objects.exists()


def test_admin_records_a_playoff_game_by_its_form(event, client):
    """The staff site's add form records through the service (refusals on the form)."""
    from tests.admin_forms import form_data
    from tests.factories import make_staff

    client.force_login(make_staff())
    b1 = event.round.pairings.get(board=1)
    url = "/admin/tournaments/playoffgame/add/"
    data = form_data(client.get(url).content.decode(), "playoffgame_form")
    data.update({"tournament": [str(event.t.pk)], "white": [str(b1.white_id)],
                 "black": [str(b1.white_id)], "result": ["1-0"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and not PlayOffGame.objects.exists()
    assert "hai đấu thủ khác nhau" in refused.content.decode()
    data.update({"black": [str(b1.black_id)]})
    assert client.post(url, data).status_code == 302
    assert PlayOffGame.objects.get().result == "1-0"
