"""Annul and replay (Luật Cờ Tướng 2004, seed 000, Điều 9.9a-b, 9.9d-e), through the API, the
complaints' decision and the admin.

Hand-worked example (4-player xiangqi round robin, round 1 board 1 A (Red/White) - D): the
players started with each other's colours, D (Black) moved first (9.9b). The arbiter annuls
the game: the annulled game keeps D as the side that played White (Red), A as Black; the
board's colours stay A White, D Black (the intended ones, 9.9e); the board has no result. The
replay ends 0-1: the standings after round 1 give A 0, D 1 — the annulled game counts for
nothing. On a board whose result is recorded the annulment is refused (9.9d).
"""

from __future__ import annotations

import pytest

from tests.admin_forms import form_data
from tests.helpers import assert_error, client_for
from tests.tournaments.test_tournaments_complaints import Event
from tournaments import services
from tournaments.models import AnnulledGame, Complaint


@pytest.fixture
def event(db):
    return Event()


def _points(event):
    rows = client_for(event.chief).get(f"/api/v1/tournaments/{event.t.pk}/standings/",
                                       {"after_round": 1}).json()["rows"]
    return {r["name"]: r["points"] for r in rows}


def test_wrong_colours_annulled_replay_counts_only_dieu_9_9b(event):
    board = event.board
    white, black = board.white, board.black
    chief = client_for(event.chief)
    response = chief.post(f"/api/v1/tournament-pairings/{board.pk}/annul/",
                          {"reason": "wrong_colours", "note": "Đen đi trước.",
                           "version": board.version}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["played_white"], body["played_black"]) == (black.pk, white.pk)
    board.refresh_from_db()
    assert (board.white_id, board.black_id, board.result) == (white.pk, black.pk, "")
    # the replay's result is the board's; the annulled game counts for nothing
    services.record_result(board, "0-1", user=event.chief, expected_version=board.version)
    points = _points(event)
    assert (points[white.name], points[black.name]) == (0, 1)
    listed = chief.get(f"/api/v1/tournament-pairings/{board.pk}/annulled-games/").json()
    assert [g["reason"] for g in listed] == ["wrong_colours"]


def test_finished_game_stands_and_others_may_not_annul_dieu_9_9d(event):
    board = event.board
    player = client_for(event.user_of(board.white))
    assert_error(player.post(f"/api/v1/tournament-pairings/{board.pk}/annul/",
                             {"reason": "wrong_setup"}, format="json"), 403)
    services.record_result(board, "1-0", user=event.chief, expected_version=board.version)
    board.refresh_from_db()
    assert_error(client_for(event.chief).post(
        f"/api/v1/tournament-pairings/{board.pk}/annul/", {"reason": "wrong_setup"},
        format="json"), 400, "result_recorded")
    assert_error(client_for(event.chief).post(
        f"/api/v1/tournament-pairings/{board.pk}/annul/", {"reason": "other"},
        format="json"), 400, None, "reason")
    assert not AnnulledGame.objects.exists()


def test_complaint_upheld_replays_the_game_dieu_9_9a(event):
    """The player's complaint during the game (15.6): the pieces were set up wrongly; the
    chief arbiter upholds it with the effect "replay" (9.9a): the annulled game is linked to
    the complaint and the board waits for the replay."""
    filed = event.complaint_of_black(grounds="Pháo đặt sai vị trí từ đầu ván.").json()
    decided = client_for(event.chief).post(f"/api/v1/complaints/{filed['id']}/decide/", {
        "upheld": True, "reasons": "Quân xếp sai từ đầu ván.", "article": "Điều 9.9a",
        "effect": "replay", "replay_reason": "wrong_setup"}, format="json")
    assert decided.status_code == 200, decided.content
    annulled = AnnulledGame.objects.get()
    assert annulled.complaint_id == filed["id"] and annulled.reason == "wrong_setup"
    assert annulled.annulled_by == event.chief
    assert (annulled.played_white_id, annulled.played_black_id) == (
        event.board.white_id, event.board.black_id)


def test_admin_records_and_decides_a_complaint_by_its_forms(event, client):
    """The staff site: the add form files the complaint (service), the pending complaint's
    page is the decision form; a refusal shows on the form; the decided one is read-only."""
    from tests.factories import make_staff

    staff = make_staff()
    client.force_login(staff)
    url = "/admin/tournaments/complaint/add/"
    data = form_data(client.get(url).content.decode(), "complaint_form")
    data.update({"tournament": [str(event.t.pk)], "complainant_kind": ["player"],
                 "complainant_entry": [str(event.board.black_id)], "subject": ["result"],
                 "pairing": [str(event.board.pk)], "grounds": ["Trọng tài ghi nhầm."],
                 "level": ["chief_arbiter"]})
    data.pop("filed_at", None)
    assert client.post(url, data).status_code == 302
    complaint = Complaint.objects.get()
    change = f"/admin/tournaments/complaint/{complaint.pk}/change/"
    data = form_data(client.get(change).content.decode(), "complaint_form")
    data.update({"upheld": ["1"], "reasons": ["Quân xếp sai."], "article": ["Điều 9.9a"],
                 "effect": ["replay"], "replay_reason": [""]})
    refused = client.post(change, data)
    assert refused.status_code == 200
    assert "9.9a" in refused.content.decode()  # the service's refusal on the form
    complaint.refresh_from_db()
    assert complaint.status == "pending"
    data.update({"replay_reason": ["wrong_setup"]})
    assert client.post(change, data).status_code == 302
    complaint.refresh_from_db()
    assert complaint.status == "upheld" and AnnulledGame.objects.count() == 1
    page = client.get(change).content.decode()
    assert 'name="reasons"' not in page  # decided: read-only
    assert client.post(f"/admin/tournaments/complaint/{complaint.pk}/delete/",
                       {"post": "yes"}).status_code in (302, 403)
    assert Complaint.objects.filter(pk=complaint.pk).exists()
