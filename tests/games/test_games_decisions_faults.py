"""Decisions, pairing results, signatures and faults (Điều 7, 11.1b, 13.1, 9, 15.7, 16)."""

from __future__ import annotations

from tests.factories import make_staff
from tests.factories.tournaments import make_official, make_tournament
from tests.helpers import assert_error, client_for
from tournaments.models import Pairing


def _record_for(client, pairing, **extra):
    response = client.post("/api/v1/games/", {"pairing": pairing.pk, "moves_text":
                                              "1. P2-5 M8.7 2. M2.3 X9-8", **extra},
                           format="json")
    assert response.status_code == 201, response.content[:500]
    return response.json()


def test_record_takes_players_round_and_board_from_its_pairing(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[1])
    assert (game["round_number"], game["board_number"]) == (1, 2)
    assert (game["white_name"], game["black_name"]) == ("Nguyễn Thành Bảo", "Nguyễn Hoàng Lâm")
    assert game["discipline"] == "xiangqi"
    assert game["tournament"] == event.tournament.pk


def test_decision_updates_the_pairing_result(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[0])
    response = client.post(f"/api/v1/games/{game['id']}/decision/",
                           {"decision": "white_wins", "reason": "resignation",
                            "version": game["version"]}, format="json")
    assert response.status_code == 200, response.content
    pairing = Pairing.objects.get(pk=event.pairings[0].pk)
    assert pairing.result == "1-0"
    assert pairing.result_changes.get().source == "game_record"
    assert response.json()["decision_reason_label"] == "Xin thua"


def test_conflicting_decision_is_refused_with_the_reason(event):
    """The pairing already has 0-1 (entered by hand): a record saying White won is refused."""
    from tournaments.services import record_result

    pairing = event.pairings[0]
    record_result(pairing, "0-1", user=event.arbiter, expected_version=pairing.version)
    client = client_for(event.arbiter)
    game = _record_for(client, pairing)
    response = client.post(f"/api/v1/games/{game['id']}/decision/",
                           {"decision": "white_wins", "reason": "resignation",
                            "version": game["version"]}, format="json")
    error = assert_error(response, 409, "result_conflict", "decision")
    assert "0-1" in error["message"]
    assert Pairing.objects.get(pk=pairing.pk).result == "0-1"
    same = client.post(f"/api/v1/games/{game['id']}/decision/",
                       {"decision": "black_wins", "reason": "resignation",
                        "version": game["version"]}, format="json")
    assert same.status_code == 200


def test_both_lose_scores_nothing_for_either_dieu_7_1i(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[2])
    response = client.post(f"/api/v1/games/{game['id']}/decision/",
                           {"decision": "both_lose", "reason": "sealed_move_error",
                            "version": game["version"]}, format="json")
    assert response.status_code == 200
    assert Pairing.objects.get(pk=event.pairings[2].pk).result == "--"


def test_unknown_reason_is_refused(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[0])
    response = client.post(f"/api/v1/games/{game['id']}/decision/",
                           {"decision": "draw", "reason": "tired", "version": game["version"]},
                           format="json")
    assert_error(response, 400, "invalid", "reason")


def test_signatures_follow_the_decision_dieu_11_1b(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[0])
    url = f"/api/v1/games/{game['id']}"
    early = client.post(f"{url}/sign/", {"who": "white", "version": game["version"]},
                        format="json")
    assert_error(early, 400, "no_decision")
    decided = client.post(f"{url}/decision/", {"decision": "draw", "reason": "agreed_draw",
                                               "version": game["version"]}, format="json").json()
    version = decided["version"]
    for who in ("arbiter", "white", "black"):
        signed = client.post(f"{url}/sign/", {"who": who, "version": version}, format="json")
        assert signed.status_code == 200, signed.content
        version = signed.json()["version"]
    final = client.get(f"{url}/").json()
    assert final["arbiter_signed_at"] and final["white_signed_at"] and final["black_signed_at"]
    locked = client.patch(f"{url}/", {"moves_text": "1. P2-5", "version": version},
                          format="json")
    assert_error(locked, 409, "record_confirmed")


def test_third_technical_fault_proposes_the_loss_dieu_7_1n(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[0])
    url = f"/api/v1/games/{game['id']}/faults/"
    for n in range(1, 4):
        response = client.post(url, {"side": "black", "kind": "technical", "article": "9.1",
                                     "note": f"chạm quân lần {n}"}, format="json")
        assert response.status_code == 201
        proposal = response.json()["game"]
        expected = ("white_wins", "three_technical_faults") if n == 3 else ("", "")
        assert (proposal["proposed_decision"], proposal["proposed_reason"]) == expected
    assert Pairing.objects.get(pk=event.pairings[0].pk).result == ""  # only proposed
    current = client.get(f"/api/v1/games/{game['id']}/").json()
    confirmed = client.post(f"/api/v1/games/{game['id']}/confirm-proposal/",
                            {"version": current["version"]}, format="json")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["decision"] == "white_wins"
    assert confirmed.json()["proposed_decision"] == ""
    assert Pairing.objects.get(pk=event.pairings[0].pk).result == "1-0"


def test_conduct_faults_of_both_players_propose_both_lose_dieu_15_7b(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[1])
    url = f"/api/v1/games/{game['id']}/faults/"
    for side in ("white", "black"):
        for _ in range(3):
            last = client.post(url, {"side": side, "kind": "conduct"}, format="json")
    assert last.json()["game"]["proposed_decision"] == "both_lose"
    assert last.json()["game"]["proposed_reason"] == "three_conduct_faults"
    assert last.json()["article"] == "15.7"


def test_two_kinds_do_not_add_up(event):
    """Two technical and two conduct faults are not three of either kind (Điều 7.1n)."""
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[2])
    url = f"/api/v1/games/{game['id']}/faults/"
    for kind in ("technical", "conduct", "technical", "conduct"):
        last = client.post(url, {"side": "white", "kind": kind}, format="json")
    assert last.json()["game"]["proposed_decision"] == ""


def test_three_scoresheet_omissions_lose_dieu_7_1m(event):
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[2])
    url = f"/api/v1/games/{game['id']}/faults/"
    for _ in range(3):
        last = client.post(url, {"side": "white", "kind": "technical",
                                 "scoresheet_omission": True}, format="json")
    assert last.json()["article"] == "11.3b"
    assert (last.json()["game"]["proposed_decision"], last.json()["game"]["proposed_reason"]) \
        == ("black_wins", "missing_moves")


def test_arbiter_sees_only_the_games_of_his_tournaments(event):
    client = client_for(event.arbiter)
    mine = _record_for(client, event.pairings[0])
    other = make_tournament(name="Giải khác")
    stranger = make_official(other)
    stranger_client = client_for(stranger)
    assert stranger_client.get(f"/api/v1/games/{mine['id']}/").status_code == 404
    assert stranger_client.get("/api/v1/games/").json()["count"] == 0
    refused = stranger_client.post("/api/v1/games/", {"pairing": event.pairings[1].pk,
                                                      "moves_text": ""}, format="json")
    assert_error(refused, 403, "permission_denied")
    assert client_for(make_staff()).get(f"/api/v1/games/{mine['id']}/").status_code == 200


def test_a_pairing_has_one_record_and_a_bye_none(event):
    client = client_for(event.arbiter)
    _record_for(client, event.pairings[0])
    again = client.post("/api/v1/games/", {"pairing": event.pairings[0].pk}, format="json")
    assert_error(again, 409, "already_recorded", "pairing")
    bye = Pairing.objects.create(round=event.round, board=9, white=event.entries[0],
                                 kind=Pairing.Kind.PAB)
    refused = client.post("/api/v1/games/", {"pairing": bye.pk}, format="json")
    assert_error(refused, 400, "bye", "pairing")


def test_standalone_records_belong_to_the_arbiter_who_entered_them(event):
    client = client_for(event.arbiter)
    response = client.post("/api/v1/games/", {"discipline": "xiangqi", "moves_text": "h2e2",
                                              "white_name": "Khách A",
                                              "black_name": "Khách B"}, format="json")
    assert response.status_code == 201
    other = client_for(make_official(event.tournament))
    assert other.get(f"/api/v1/games/{response.json()['id']}/").status_code == 404
    assert client.get(f"/api/v1/games/{response.json()['id']}/").status_code == 200


def test_reason_must_fit_the_decision_and_the_discipline(event):
    """A draw reason (Điều 7.2) cannot back a win, a win reason (7.1) cannot back a draw, and
    threefold repetition is a chess rule (FIDE 9.2), not a xiangqi one."""
    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[0])
    url = f"/api/v1/games/{game['id']}/decision/"
    for decision, reason, code in (("white_wins", "agreed_draw", "reason_mismatch"),
                                   ("draw", "checkmate", "reason_mismatch"),
                                   ("draw", "threefold_repetition", "reason_not_applicable")):
        response = client.post(url, {"decision": decision, "reason": reason,
                                     "version": game["version"]}, format="json")
        assert_error(response, 400, code, "reason")


def test_list_filters_and_bad_parameters(event):
    client = client_for(event.arbiter)
    _record_for(client, event.pairings[0])
    listed = client.get(f"/api/v1/games/?tournament={event.tournament.pk}&round=1").json()
    assert listed["count"] == 1
    assert client.get("/api/v1/games/?round=2").json()["count"] == 0
    assert_error(client.get("/api/v1/games/?round=abc"), 400, "invalid", "round")
    assert_error(client.get("/api/v1/games/export/?tournament=x"), 400, "invalid", "tournament")


def test_decision_conflict_hook_for_result_entry(event):
    """What the tournaments app can ask before a hand entry: does a decided record say
    otherwise?"""
    from games.selectors import decision_conflict

    client = client_for(event.arbiter)
    game = _record_for(client, event.pairings[0])
    assert decision_conflict(event.pairings[0], "1-0") is None  # no decision yet
    client.post(f"/api/v1/games/{game['id']}/decision/",
                {"decision": "black_wins", "reason": "time_forfeit",
                 "version": game["version"]}, format="json")
    assert decision_conflict(event.pairings[0], "0-1") is None
    conflict = decision_conflict(event.pairings[0], "1-0")
    assert f"Biên bản số {game['id']}" in conflict and "0-1" in conflict
