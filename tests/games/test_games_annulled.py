"""The arbiter's decision "annulled" on a game record (Luật Cờ Tướng 2004, Điều 9.9a-b): the
game is cancelled and replayed. The record leaves the board (the replay gets its own record),
keeps its moves, is decided "Hủy ván, đấu lại" with the reason and linked to the annulment;
the board has no result and takes a new record. A confirmed record stands (9.9d)."""

from __future__ import annotations

from games.models import GameRecord
from tests.helpers import assert_error, client_for
from tournaments.models import AnnulledGame, Pairing


def _record_for(client, pairing):
    response = client.post("/api/v1/games/", {"pairing": pairing.pk, "moves_text":
                                              "1. P2-5 M8.7 2. M2.3 X9-8"}, format="json")
    assert response.status_code == 201, response.content[:500]
    return response.json()


def test_annulled_decision_detaches_the_record_and_the_board_awaits_the_replay(event):
    client = client_for(event.arbiter)
    board = event.pairings[0]
    game = _record_for(client, board)
    assert_error(client.post(f"/api/v1/games/{game['id']}/decision/",
                             {"decision": "annulled", "reason": "resignation",
                              "version": game["version"]}, format="json"),
                 400, "reason_not_applicable", "reason")
    response = client.post(f"/api/v1/games/{game['id']}/decision/",
                           {"decision": "annulled", "reason": "wrong_colours",
                            "version": game["version"]}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["decision"] == "annulled"
    assert body["decision_reason_label"] == "Đi nhầm màu quân (Điều 9.9b)"
    record = GameRecord.objects.get(pk=game["id"])
    annulled = AnnulledGame.objects.get()
    assert record.pairing_id is None and record.annulment == annulled
    assert record.moves_text.startswith("1. P2-5")  # the annulled game's moves are kept
    assert (annulled.played_white_id, annulled.played_black_id) == (board.black_id,
                                                                    board.white_id)
    assert Pairing.objects.get(pk=board.pk).result == ""
    replay = _record_for(client, board)  # the replay takes a record of its own
    decided = client.post(f"/api/v1/games/{replay['id']}/decision/",
                          {"decision": "black_wins", "reason": "resignation",
                           "version": replay["version"]}, format="json")
    assert decided.status_code == 200, decided.content
    assert Pairing.objects.get(pk=board.pk).result == "0-1"


def test_decided_game_is_not_annulled_dieu_9_9d(event):
    client = client_for(event.arbiter)
    board = event.pairings[1]
    game = _record_for(client, board)
    done = client.post(f"/api/v1/games/{game['id']}/decision/",
                       {"decision": "white_wins", "reason": "resignation",
                        "version": game["version"]}, format="json").json()
    assert_error(client.post(f"/api/v1/games/{game['id']}/decision/",
                             {"decision": "annulled", "reason": "wrong_setup",
                              "version": done["version"]}, format="json"),
                 400, "result_recorded")
    assert not AnnulledGame.objects.exists()
