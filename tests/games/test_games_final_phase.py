"""Seed 000 Điều 10.1.2 (the Asian control): "Sau đó cứ 5 phút phải đi đủ 10 nước cho đến khi
kết thúc ván cờ nhưng đấu thủ được miễn ghi biên bản. Lúc này biên bản do đại diện trọng tài
ghi. Trong khoảng thời gian này nước chiếu Tướng không được vượt quá bốn lần."

The hand-worked game starts at move 65 (a FEN: Red general e0, chariot a1, soldier e5;
Black general d9, chariot i7). Red's chariot checks on every one of its moves:

    ply 1  (move 65) a1a9+  — before the phase       ply 2  d9d8
    ply 3  (move 66) a9a8+  — 1st check in the phase  ply 4  d8d7
    ply 5  (move 67) a8a7+  — 2nd                     ply 6  d7d8
    ply 7  (move 68) a7d7+  — 3rd                     ply 8  d8e8
    ply 9  (move 69) d7d8+  — 4th                     ply 10 e8e9
    ply 11 (move 70) d8d9+  — 5th: beyond four       ply 12 e9e8

With the phase recorded from ply 3 (move 66, the earliest: 65 moves are due in 120 minutes)
Red gave checks at 3, 5, 7, 9, 11 and the one at ply 11 is the fifth.
"""

from __future__ import annotations

import pytest

from chessrules import timecontrol
from chessrules.xiangqi.final_phase import move_number_of_ply, phase_checks
from core.errors import ConflictError, ServiceError
from games import engine, services
from games.models import FaultKind, GameFault, GameRecord
from tests.admin_forms import form_data
from tests.factories import make_staff, national_body
from tests.factories.tournaments import make_tournament
from tests.games.conftest import EVENT
from tests.helpers import assert_error, client_for

START = "3k5/9/8r/9/4P4/9/9/9/R8/4K4 w - - 0 65"
MOVES = "a1a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7d7 d8e8 d7d8 e8e9 d8d9 e9e8"


def _asian(event):
    t = event.tournament
    t.time_control_preset = "asian"
    t.time_control = timecontrol.PRESETS["asian"]
    t.save()


def _game(event, moves: str = MOVES) -> GameRecord:
    pairing = event.pairings[0]
    game = GameRecord.objects.create(
        discipline="xiangqi", pairing=pairing, white=pairing.white.member.person,
        black=pairing.black.member.person, moves_text=moves, notation="iccs", start_fen=START)
    services.apply_report(game, engine.validate(**services.validation_inputs(game)))
    game.save()
    return game


def _validate(game: GameRecord) -> GameRecord:
    game.refresh_from_db()
    services.apply_report(game, engine.validate(**services.validation_inputs(game)))
    game.save()
    return game


def test_the_hand_worked_checks_dieu_10_1_2():
    """Pure count (chessrules): Red's checks at 3, 5, 7, 9, 11 from ply 3; the fifth is 11;
    the check at ply 1 lies before the phase. From ply 5 only four: none beyond."""
    moves = MOVES.split()
    counted = phase_checks(START, moves, 3)
    assert counted.checks == {"w": [3, 5, 7, 9, 11], "b": []}
    assert counted.excess == [("w", 11)]
    assert phase_checks(START, moves, 5).excess == []
    assert [move_number_of_ply(START, p) for p in (1, 2, 3, 11)] == [65, 65, 66, 70]


def test_api_records_the_phase_and_validation_locates_the_fifth_check_dieu_10_1_2(event):
    _asian(event)
    game = _game(event)
    api = client_for(event.arbiter)
    url = f"/api/v1/games/{game.pk}/final-phase/"
    answer = api.post(url, {"ply": 3, "version": game.version}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["final_phase_ply"] == 3
    assert api.get(url).json()["checks"] is None  # until the record is validated again
    game = _validate(game)
    phase = api.get(url).json()
    assert phase["checks"]["checks"] == {"w": [3, 5, 7, 9, 11], "b": []}
    assert phase["checks"]["excess"] == [{"side": "w", "ply": 11}]
    assert phase["excess_check"] == "technical_fault"
    assert any("10.1.2" in w and "nửa nước 11" in w and "lần thứ 5" in w
               for w in game.validation_warnings), game.validation_warnings


def test_the_phase_is_refused_where_the_article_does_not_apply_dieu_10_1_2(event):
    game = _game(event)
    api = client_for(event.arbiter)
    url = f"/api/v1/games/{game.pk}/final-phase/"
    # the event plays 90 minutes, not the Asian control
    assert_error(api.post(url, {"ply": 3, "version": game.version}, format="json"), 400,
                 "not_asian_control", field="final_phase_ply")
    _asian(event)
    # before move 66 (65 moves are due in the 120 minutes), after the record's last move
    assert_error(api.post(url, {"ply": 1, "version": game.version}, format="json"), 400,
                 "too_early", field="final_phase_ply")
    assert_error(api.post(url, {"ply": 13, "version": game.version}, format="json"), 400,
                 "beyond_record", field="final_phase_ply")
    assert_error(api.post(url, {"ply": 3, "version": game.version - 1}, format="json"), 409,
                 "stale_version")
    GameRecord.objects.filter(pk=game.pk).update(arbiter_signed_at="2026-05-01T10:00Z")
    assert_error(api.post(url, {"ply": 3, "version": game.version}, format="json"), 409,
                 "record_confirmed")
    game.refresh_from_db()
    assert game.final_phase_ply is None


def test_an_omission_inside_the_phase_is_not_the_players_fault_dieu_10_1_2(event):
    """In the phase the sheet is the arbiter representative's: an omission of four moves
    (Điều 11.3b, 16.3) at ply 5 is refused; one at ply 2, before it, is logged."""
    _asian(event)
    game = _game(event)
    services.set_final_phase(game, ply=3, user=event.arbiter, expected_version=None)
    api = client_for(event.arbiter)
    url = f"/api/v1/games/{game.pk}/faults/"
    body = {"side": "white", "kind": "technical", "scoresheet_omission": True, "ply": 5}
    assert_error(api.post(url, body, format="json"), 400, "in_final_phase", field="ply")
    assert api.post(url, {**body, "ply": 2}, format="json").status_code == 201
    # cleared, an omission at ply 6 is the player's; the phase cannot then cover it
    services.set_final_phase(game, ply=None, user=event.arbiter, expected_version=None)
    assert api.post(url, {**body, "ply": 6}, format="json").status_code == 201
    with pytest.raises(ServiceError) as over:
        services.set_final_phase(_validate(game), ply=3, user=event.arbiter,
                                       expected_version=None)
    assert over.value.code == "omission_in_phase"


def test_the_fifth_check_is_logged_as_a_technical_fault_dieu_10_1_2(event):
    _asian(event)
    game = _game(event)
    services.set_final_phase(game, ply=3, user=event.arbiter, expected_version=None)
    game = _validate(game)
    api = client_for(event.arbiter)
    url = f"/api/v1/games/{game.pk}/excess-checks/"
    done = api.post(url, format="json")
    assert done.status_code == 201, done.content
    (fault,) = done.json()["faults"]
    assert (fault["side"], fault["kind"], fault["article"], fault["ply"]) == (
        "white", "technical", "10.1.2", 11)
    assert "lần thứ 5" in fault["note"]
    assert_error(api.post(url, format="json"), 409, "already_logged")
    assert GameFault.objects.filter(game=game, kind=FaultKind.TECHNICAL).count() == 1


def test_four_checks_are_allowed_dieu_10_1_2(event):
    _asian(event)
    game = _game(event)
    services.set_final_phase(game, ply=5, user=event.arbiter, expected_version=None)
    game = _validate(game)
    assert not any("10.1.2" in w for w in game.validation_warnings)
    with pytest.raises(ServiceError) as none:
        services.apply_excess_checks(game, user=event.arbiter)
    assert none.value.code == "no_excess_check"


def test_the_event_may_make_the_fifth_check_lose_dieu_10_1_2(event):
    """The regulations' choice (``excess_check = loss``): the loss is proposed (Điều 7.1l),
    the arbiter confirms it; Black wins."""
    _asian(event)
    event.tournament.excess_check = "loss"
    event.tournament.save()
    game = _game(event)
    services.set_final_phase(game, ply=3, user=event.arbiter, expected_version=None)
    faults, game = services.apply_excess_checks(_validate(game), user=event.arbiter)
    assert faults == []
    assert (game.proposed_decision, game.proposed_reason) == ("black_wins", "rule_violation")
    api = client_for(event.arbiter)
    confirmed = api.post(f"/api/v1/games/{game.pk}/confirm-proposal/",
                         {"version": game.version}, format="json")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["decision"] == "black_wins"
    with pytest.raises(ConflictError) as decided:  # the game is decided now
        services.apply_excess_checks(_validate(game), user=event.arbiter)
    assert decided.value.code == "already_decided"


def test_admin_change_form_records_the_phase_through_the_service(event, client):
    _asian(event)
    game = _game(event)
    client.force_login(make_staff())
    url = f"/admin/games/gamerecord/{game.pk}/change/"
    data = form_data(client.get(url).content.decode(), "gamerecord_form")
    data["final_phase_ply"] = ["1"]
    refused = client.post(url, data)
    assert refused.status_code == 200 and "nước 66" in refused.content.decode()
    data["final_phase_ply"] = ["3"]
    saved = client.post(url, data)
    assert saved.status_code == 302, saved.content.decode()[-2000:]
    game = _validate(game)
    assert game.final_phase_ply == 3
    page = client.get(url).content.decode()
    assert "Đỏ: 3, 5, 7, 9, 11" in page


def test_the_rule_is_an_event_setting_in_the_api_dieu_10_1_2(db):
    """The regulations choose what a fifth check calls for (the law does not say)."""
    tournament = make_tournament(**EVENT, organiser_body=national_body(),
                                 time_control_preset="asian",
                                 time_control=dict(timecontrol.PRESETS["asian"]))
    api = client_for(make_staff())
    url = f"/api/v1/tournaments/{tournament.pk}/"
    assert api.get(url).json()["excess_check"] == "technical_fault"
    assert_error(api.patch(url, {"excess_check": "warning"}, format="json"), 400,
                 field="excess_check")
    changed = api.patch(url, {"excess_check": "loss"}, format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["excess_check"] == "loss"
