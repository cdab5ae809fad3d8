"""Điều 12b (seed 000): "Nếu trọng tài phát hiện ra chưa đủ 50 nước thì sẽ phạt người đề nghị
bằng cách tăng thêm thời gian 2 phút cho đối phương rồi cho tiến hành tiếp ván cờ" — the false
claim is recorded on the game; 12a: a claim that was right is a draw, not a penalty; 12c: a
later claim counts the earlier moves without capture."""

from __future__ import annotations

import pytest

from core.errors import ConflictError, ServiceError
from games import engine, services
from games.models import GameRecord, MoveLimitClaim
from tests.admin_forms import form_data
from tests.factories import make_staff, make_user
from tests.helpers import assert_error, client_for

# horses going back and forth: no capture, no check; 55 moves each
SHUFFLE = " ".join((["h0g2", "h9g7", "g2h0", "g7h9"] * 28)[:110])


def _game(event, moves: str = SHUFFLE, discipline: str = "xiangqi") -> GameRecord:
    pairing = event.pairings[0]
    game = GameRecord.objects.create(
        discipline=discipline, pairing=pairing, white=pairing.white.member.person,
        black=pairing.black.member.person, moves_text=moves, notation="iccs")
    services.apply_report(game, engine.validate(**services.validation_inputs(game)))
    game.save()
    return game


def test_a_short_claim_gives_the_opponent_two_minutes_dieu_12b(event):
    """After 60 half-moves (30 moves each) Red claims: short of 50, Black gets 2 minutes."""
    game = _game(event)
    version = game.version
    claim = services.add_false_move_limit_claim(game, side="white", ply=60,
                                                user=event.arbiter)
    assert (claim.minutes_to_opponent, claim.beneficiary, claim.article) == (2, "black", "12b")
    assert claim.counted == {"w": 30, "b": 30} and claim.limit == 50
    game.refresh_from_db()
    assert game.version == version + 1 and game.decision == ""


def test_a_right_claim_is_refused_as_a_draw_dieu_12a(event):
    """After 100 half-moves, 50 moves each without a capture: the claim is right (12a)."""
    game = _game(event)
    with pytest.raises(ServiceError) as right:
        services.add_false_move_limit_claim(game, side="black", ply=100, user=event.arbiter)
    assert right.value.code == "claim_correct"
    assert not MoveLimitClaim.objects.exists()


def test_the_tournaments_limit_is_the_count_dieu_12_and_seed_001(event):
    """With the regulations' 60 (seed 001) a claim at 50 moves each is short."""
    event.tournament.no_capture_move_limit = 60
    event.tournament.save()
    game = _game(event)
    claim = services.add_false_move_limit_claim(game, side="black", ply=100,
                                                user=event.arbiter)
    assert claim.limit == 60 and claim.beneficiary == "white"


def test_repeated_claims_each_cost_two_minutes_dieu_12c(event):
    game = _game(event)
    services.add_false_move_limit_claim(game, side="white", ply=40, user=event.arbiter)
    services.add_false_move_limit_claim(game, side="white", ply=80, user=event.arbiter)
    claims = list(game.move_limit_claims.order_by("ply"))
    assert [c.counted["w"] for c in claims] == [20, 40]
    assert sum(c.minutes_to_opponent for c in claims) == 4


def test_bad_claims_are_refused(event):
    game = _game(event)
    with pytest.raises(ServiceError) as beyond:
        services.add_false_move_limit_claim(game, side="white", ply=500, user=event.arbiter)
    assert "ply" in beyond.value.fields and "110" in beyond.value.message
    with pytest.raises(ServiceError):
        services.add_false_move_limit_claim(game, side="red", ply=10, user=event.arbiter)
    with pytest.raises(ServiceError):
        services.add_false_move_limit_claim(game, side="white", ply=10, user=make_user())
    GameRecord.objects.filter(pk=game.pk).update(arbiter_signed_at="2026-05-01T10:00Z")
    with pytest.raises(ConflictError):
        services.add_false_move_limit_claim(game, side="white", ply=10, user=event.arbiter)
    assert not MoveLimitClaim.objects.exists()


def test_api_records_and_lists_claims(event):
    game = _game(event)
    api = client_for(event.arbiter)
    url = f"/api/v1/games/{game.pk}/move-limit-claims/"
    made = api.post(url, {"side": "black", "ply": 61, "note": "Đen đề nghị hòa"},
                    format="json")
    assert made.status_code == 201, made.content
    assert made.json()["beneficiary"] == "white" and made.json()["minutes_to_opponent"] == 2
    assert_error(api.post(url, {"side": "black", "ply": 101}, format="json"), 400,
                 "claim_correct", field="ply")
    assert_error(api.post(url, {"side": "black", "ply": 0}, format="json"), 400, field="ply")
    assert [c["ply"] for c in api.get(url).json()] == [61]
    detail = api.get(f"/api/v1/games/{game.pk}/").json()
    assert [c["side"] for c in detail["move_limit_claims"]] == ["black"]


def test_admin_add_form_goes_through_the_service(event, client):
    staff = make_staff()
    client.force_login(staff)
    game = _game(event)
    url = "/admin/games/movelimitclaim/add/"
    data = form_data(client.get(url).content.decode(), "movelimitclaim_form")
    data.update({"game": [str(game.pk)], "side": ["white"], "ply": ["100"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and "Điều 12a" in refused.content.decode()
    data.update({"ply": ["30"]})
    saved = client.post(url, data)
    assert saved.status_code == 302, saved.content.decode()[-2000:]
    claim = MoveLimitClaim.objects.get()
    assert claim.recorded_by == staff and claim.beneficiary == "black"
    page = client.get(f"/admin/games/gamerecord/{game.pk}/change/").content.decode()
    assert "12b" in page
