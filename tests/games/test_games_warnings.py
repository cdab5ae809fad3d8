"""Reminders and cautions per game and player, and their escalation (Luật Cờ Tướng, seed 000:
Điều 9.6, 9.8, 15.7b, 16.1a-b; three faults of a kind lose, 7.1n and 20.4 b.9)."""

from __future__ import annotations

import pytest

from chessrules.values import Infraction, Sanction, next_sanction
from games.models import GameFault, GameRecord, GameWarning
from tests.admin_forms import form_data
from tests.factories import make_staff
from tests.helpers import assert_error, client_for
from tournaments.models import Pairing


def _record(client, pairing) -> dict:
    response = client.post("/api/v1/games/", {"pairing": pairing.pk,
                                              "moves_text": "1. P2-5 M8.7"}, format="json")
    assert response.status_code == 201, response.content[:500]
    return response.json()


def _warn(client, game_id: int, side: str, reason: str, **extra):
    return client.post(f"/api/v1/games/{game_id}/warnings/",
                       {"side": side, "reason": reason, **extra}, format="json")


@pytest.mark.parametrize(("infraction", "steps"), [
    # 9.6: reminder, caution, then dealt with as an intentional touch (9.1-9.4 at the board)
    (Infraction.ACCIDENTAL_TOUCH, ["reminder", "caution", "intentional", "intentional"]),
    # 9.8: reminder, then a technical fault for every repeat
    (Infraction.PIECE_BETWEEN_POINTS, ["reminder", "technical", "technical"]),
    # 15.7b: caution, then a conduct fault for every repeat
    (Infraction.CONDUCT, ["caution", "conduct", "conduct"]),
    (Infraction.OTHER, ["reminder", "caution", "caution"]),
])
def test_ladders_follow_the_articles(infraction, steps):
    assert [next_sanction(infraction, n).value for n in range(len(steps))] == steps
    assert next_sanction(infraction, 0) in (Sanction.REMINDER, Sanction.CAUTION)


def test_accidental_touch_reminder_then_caution_then_intentional_dieu_9_6(event):
    client = client_for(event.arbiter)
    game = _record(client, event.pairings[0])
    levels = []
    for _n in range(3):
        response = _warn(client, game["id"], "white", "touch")
        assert response.status_code == 201, response.content
        levels.append(response.json()["level"])
    assert levels == ["reminder", "caution", "intentional"]
    assert not GameFault.objects.exists()  # 9.6 alone writes no fault
    # per player: Black starts his own ladder
    assert _warn(client, game["id"], "black", "touch").json()["level"] == "reminder"
    listed = client.get(f"/api/v1/games/{game['id']}/warnings/").json()
    assert [(w["side"], w["article"]) for w in listed][-1] == ("black", "9.6")
    assert len(client.get(f"/api/v1/games/{game['id']}/").json()["warnings"]) == 4


def test_conduct_caution_then_faults_then_the_loss_is_recorded_dieu_15_7b_7_1n(event):
    """15.7b: caution, then conduct faults; the third conduct fault loses (7.1n) and the
    board result is written through the results service (source game_record)."""
    client = client_for(event.arbiter)
    pairing = event.pairings[1]
    game = _record(client, pairing)
    first = _warn(client, game["id"], "black", "conduct").json()
    assert (first["level"], first["fault"]) == ("caution", None)
    for _n in range(2):
        body = _warn(client, game["id"], "black", "conduct").json()
        assert body["level"] == "" and body["fault"] is not None
        assert body["game"]["decision"] == ""
    assert GameFault.objects.filter(kind="conduct", side="black").count() == 2
    # a conduct fault recorded directly counts too: the next repeat is the third
    third = _warn(client, game["id"], "black", "conduct").json()
    assert third["game"]["decision"] == "white_wins"
    assert third["game"]["decision_reason"] == "three_conduct_faults"
    pairing = Pairing.objects.get(pk=pairing.pk)
    assert pairing.result == "1-0"
    assert pairing.result_changes.get().source == "game_record"


def test_loss_can_be_left_as_a_proposal(event):
    client = client_for(event.arbiter)
    game = _record(client, event.pairings[2])
    for _n in range(3):
        response = _warn(client, game["id"], "white", "between_points", decide_loss=False)
    _warn(client, game["id"], "white", "between_points", decide_loss=False)
    record = GameRecord.objects.get(pk=game["id"])
    assert GameFault.objects.filter(kind="technical", side="white").count() == 3
    assert record.decision == "" and record.proposed_decision == "black_wins"
    assert response.status_code == 201
    assert Pairing.objects.get(pk=event.pairings[2].pk).result == ""


def test_warning_refused_for_other_arbiters_and_bad_input(event):
    from tests.factories.tournaments import make_official, make_tournament

    client = client_for(event.arbiter)
    game = _record(client, event.pairings[0])
    stranger = make_official(make_tournament(name="Giải khác"))
    assert _warn(client_for(stranger), game["id"], "white", "touch").status_code in (403, 404)
    assert_error(_warn(client, game["id"], "white", "sneezing"), 400, field="reason")
    assert_error(_warn(client, game["id"], "white", "touch", note="x" * 1001), 400,
                 field="note")
    assert not GameWarning.objects.exists()


def test_no_warning_on_a_signed_record(event):
    client = client_for(event.arbiter)
    game = _record(client, event.pairings[0])
    client.post(f"/api/v1/games/{game['id']}/decision/",
                {"decision": "draw", "reason": "agreed_draw", "version": game["version"]},
                format="json")
    version = GameRecord.objects.get(pk=game["id"]).version
    signed = client.post(f"/api/v1/games/{game['id']}/sign/",
                         {"who": "arbiter", "version": version}, format="json")
    assert signed.status_code == 200, signed.content
    assert_error(_warn(client, game["id"], "white", "touch"), 409, "record_confirmed")


def test_admin_add_form_applies_the_ladder(event, client):
    """The admin's add form (posted as a browser would) goes through the service."""
    staff = make_staff()
    client.force_login(staff)
    game = _record(client_for(event.arbiter), event.pairings[0])
    url = "/admin/games/gamewarning/add/"
    for expected in ("caution", ""):
        data = form_data(client.get(url).content.decode(), "gamewarning_form")
        data.update({"game": [str(game["id"])], "side": ["white"], "reason": ["conduct"]})
        response = client.post(url, data)
        assert response.status_code == 302, response.content.decode()[-2000:]
        assert GameWarning.objects.order_by("-pk").first().level == expected
    assert GameFault.objects.get().kind == "conduct"
    data = form_data(client.get(url).content.decode(), "gamewarning_form")
    data.update({"game": [str(game["id"])], "side": ["white"], "reason": ["nonsense"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and GameWarning.objects.count() == 2
    page = client.get(f"/admin/games/gamerecord/{game['id']}/change/")
    assert page.status_code == 200 and "Cảnh cáo" in page.content.decode()
