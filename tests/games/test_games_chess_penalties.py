"""Chess penalties (Luật Cờ Vua in seed 002: 7.4b illegal moves, 13.4 the arbiter's
penalties; FIDE Laws 7.5.5 and 12.9): the path from the faults log to the decision works
for the chess law as it does for xiangqi (Điều 7.1n), through the API."""

from __future__ import annotations

import pytest

from chessrules.timecontrol import PRESETS
from federation.models import Province
from tests.factories import make_staff, national_body
from tests.factories.tournaments import make_entry, make_official, make_round, make_tournament
from tests.games.conftest import EVENT, NAMES
from tests.helpers import assert_error, client_for
from tournaments.models import Pairing


def _chess_event(**settings):
    Province.objects.get_or_create(code="01", defaults={"name": "Hà Nội"})
    tournament = make_tournament(**(EVENT | {"discipline": "chess", "name": "Giải Cờ vua thử nghiệm"}),
                                 **settings)
    arbiter = make_official(tournament)
    entries = [make_entry(tournament, name, i) for i, name in enumerate(NAMES[:2], 1)]
    _rnd, [pairing] = make_round(tournament, 1, [(entries[0], entries[1])])
    client = client_for(arbiter)
    game = client.post("/api/v1/games/", {"pairing": pairing.pk, "moves_text": "1. e4 e5"},
                       format="json")
    assert game.status_code == 201, game.content
    return tournament, client, pairing, game.json()


def _illegal_move(client, game, side="white"):
    response = client.post(f"/api/v1/games/{game['id']}/faults/",
                           {"side": side, "kind": "illegal_move", "ply": 3}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_second_illegal_move_loses_by_default_fide_7_5_5(db):
    """Hand-worked: White completes an illegal move — Black gets 2 minutes (7.4b / FIDE
    7.5.5), no decision; White's second illegal move proposes "Black wins, illegal moves",
    the arbiter confirms and the board reads 0-1."""
    _t, client, pairing, game = _chess_event()
    first = _illegal_move(client, game)
    assert first["article"] == "7.4b"
    assert (first["game"]["proposed_decision"], first["game"]["proposed_reason"]) == ("", "")
    [penalty] = client.get(f"/api/v1/games/{game['id']}/penalties/").json()
    assert (penalty["side"], penalty["kind"], penalty["minutes"], penalty["fault"]) == (
        "white", "add_time", 2, first["id"])
    second = _illegal_move(client, game)
    assert (second["game"]["proposed_decision"], second["game"]["proposed_reason"]) == (
        "black_wins", "illegal_moves")
    assert len(client.get(f"/api/v1/games/{game['id']}/penalties/").json()) == 1  # no 2 min
    current = client.get(f"/api/v1/games/{game['id']}/").json()
    confirmed = client.post(f"/api/v1/games/{game['id']}/confirm-proposal/",
                            {"version": current["version"]}, format="json")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["decision_reason"] == "illegal_moves"
    assert Pairing.objects.get(pk=pairing.pk).result == "0-1"


def test_third_illegal_move_loses_when_the_event_follows_002_article_7_4b(db):
    """002 Điều 7.4b as written: "đối với hai nước đi không hợp lệ đầu tiên ... thêm hai
    phút trong mỗi trường hợp, ... lần thứ ba ... thua" — the event's setting 3: two
    illegal moves give 2 + 2 minutes, the third proposes the loss."""
    _t, client, _pairing, game = _chess_event(illegal_moves_to_lose=3)
    for _ in range(2):
        assert _illegal_move(client, game, "black")["game"]["proposed_decision"] == ""
    penalties = client.get(f"/api/v1/games/{game['id']}/penalties/").json()
    assert [(p["side"], p["minutes"]) for p in penalties] == [("black", 2), ("black", 2)]
    third = _illegal_move(client, game, "black")
    assert (third["game"]["proposed_decision"], third["game"]["proposed_reason"]) == (
        "white_wins", "illegal_moves")


def test_the_setting_is_a_choice_of_2_or_3_in_the_api(db):
    """The event's rule (2: FIDE 7.5.5, 3: 002 Điều 7.4b), set in its regulations."""
    tournament, _client, _pairing, _game = _chess_event(
        organiser_body=national_body(), time_control_preset="fide_90_30",
        time_control=dict(PRESETS["fide_90_30"]))
    api = client_for(make_staff())
    url = f"/api/v1/tournaments/{tournament.pk}/"
    assert api.get(url).json()["illegal_moves_to_lose"] == 2
    assert_error(api.patch(url, {"illegal_moves_to_lose": 4}, format="json"), 400,
                 field="illegal_moves_to_lose")
    changed = api.patch(url, {"illegal_moves_to_lose": 3}, format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["illegal_moves_to_lose"] == 3


def test_three_technical_faults_in_chess_are_no_longer_a_dead_end(db):
    """The issue's dead end: three technical faults in a chess game proposed the xiangqi
    loss (Điều 7.1n) that confirming refused (reason_not_applicable). Chess counts no
    technical faults: nothing is proposed, and the arbiter's penalty decides instead."""
    _t, client, _pairing, game = _chess_event()
    for _ in range(3):
        last = client.post(f"/api/v1/games/{game['id']}/faults/",
                           {"side": "white", "kind": "technical"}, format="json")
    assert last.json()["game"]["proposed_decision"] == ""
    current = client.get(f"/api/v1/games/{game['id']}/").json()
    assert_error(client.post(f"/api/v1/games/{game['id']}/confirm-proposal/",
                             {"version": current["version"]}, format="json"),
                 409, "no_proposal")


def test_the_arbiters_penalties_of_13_4(db):
    """Luật Cờ Vua 13.4 (002; FIDE 12.9): (b) 5 minutes to the opponent is recorded; a time
    penalty needs its minutes; (d) the game declared lost decides it at once (White
    penalised: 0-1, reason ``arbiter_penalty``); a second loss is refused (already
    decided)."""
    _t, client, pairing, game = _chess_event()
    url = f"/api/v1/games/{game['id']}/penalties/"
    added = client.post(url, {"side": "white", "kind": "add_time", "minutes": 5},
                        format="json")
    assert added.status_code == 201, added.content
    assert (added.json()["article"], added.json()["kind_label"]) == (
        "13.4", "Tăng thời gian cho đối phương")
    assert_error(client.post(url, {"side": "white", "kind": "reduce_time"}, format="json"),
                 400, field="minutes")
    assert_error(client.post(url, {"side": "white", "kind": "warning", "minutes": 3},
                             format="json"), 400, field="minutes")
    lost = client.post(url, {"side": "white", "kind": "loss", "note": "dùng điện thoại"},
                       format="json")
    assert lost.status_code == 201, lost.content
    assert lost.json()["game"]["decision"] == "black_wins"
    assert lost.json()["game"]["decision_reason"] == "arbiter_penalty"
    assert Pairing.objects.get(pk=pairing.pk).result == "0-1"
    assert_error(client.post(url, {"side": "black", "kind": "loss"}, format="json"), 409,
                 "already_decided")
    record = client.get(f"/api/v1/games/{game['id']}/").json()
    assert [p["kind"] for p in record["penalties"]] == ["add_time", "loss"]


@pytest.mark.parametrize("path, data", [
    ("faults", {"side": "white", "kind": "illegal_move"}),
    ("penalties", {"side": "white", "kind": "loss"}),
])
def test_chess_penalties_do_not_apply_to_xiangqi(event, path, data):
    """A xiangqi game follows Điều 9, 16 (faults, reminders, cautions): the chess kinds are
    refused naming the field."""
    client = client_for(event.arbiter)
    game = client.post("/api/v1/games/", {"pairing": event.pairings[0].pk,
                                          "moves_text": "1. P2-5 M8.7"}, format="json").json()
    assert_error(client.post(f"/api/v1/games/{game['id']}/{path}/", data, format="json"),
                 400, "kind_not_applicable", "kind")


def test_an_unfinished_chess_game_is_adjudicated_002_article_3_4(db):
    """002 Phần 2 Điều 3.4 ("những ván đấu đó sẽ đưa ra đánh giá") and 5.5 (the jury that
    adjudicates unfinished games): the decision kinds "adjudicated win / draw" for chess;
    the board's result follows (½-½ here)."""
    _t, client, pairing, game = _chess_event()
    refused = client.post(f"/api/v1/games/{game['id']}/decision/", {
        "decision": "white_wins", "reason": "adjudicated_draw", "version": game["version"]},
        format="json")
    assert_error(refused, 400, "reason_mismatch", "reason")
    done = client.post(f"/api/v1/games/{game['id']}/decision/", {
        "decision": "draw", "reason": "adjudicated_draw", "version": game["version"]},
        format="json")
    assert done.status_code == 200, done.content
    assert done.json()["decision_reason_label"] == "Ván chưa kết thúc được xử hòa (đánh giá)"
    assert Pairing.objects.get(pk=pairing.pk).result == "1/2-1/2"


def test_adjudication_is_not_a_xiangqi_decision(event):
    client = client_for(event.arbiter)
    game = client.post("/api/v1/games/", {"pairing": event.pairings[0].pk,
                                          "moves_text": "1. P2-5 M8.7"}, format="json").json()
    assert_error(client.post(f"/api/v1/games/{game['id']}/decision/", {
        "decision": "white_wins", "reason": "adjudicated_win", "version": game["version"]},
        format="json"), 400, "reason_not_applicable", "reason")
