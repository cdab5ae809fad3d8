"""The arbiter's record screen and the Asian control's final phase (seed 000 Điều 10.1.2):
the half-move it began at, each side's checks in it, and a check beyond four logged as a
technical fault (the hand-worked game of tests/games/test_games_final_phase.py)."""

from __future__ import annotations

import pytest

from chessrules.timecontrol import PRESETS
from games import services
from games.models import GameFault, GameRecord
from tests.games.test_games_final_phase import MOVES, START
from tests.workspace.arbiter_support import client_of, event, url
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def test_the_final_phase_on_the_arbiters_record_screen_dieu_10_1_2():
    t, arbiter, _staff = event(4, paired=1, discipline="xiangqi")
    Tournament.objects.filter(pk=t.pk).update(time_control_preset="asian",
                                              time_control=PRESETS["asian"])
    p = Pairing.objects.filter(round__tournament=t, kind="game").order_by("board").first()
    game, _job = services.create_game(user=arbiter, pairing=p, moves_text=MOVES,
                                      notation="iccs", start_fen=START)
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    client = client_of(arbiter)
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'id="phase-form"' in page and "10.1.2" in page
    game.refresh_from_db()
    too_early = client.post(url(t, f"ban/{p.pk}/bien-ban/phase/"),
                            {"ply": 1, "version": game.version})
    assert too_early.status_code == 400 and "nước 66" in too_early.content.decode()
    saved = client.post(url(t, f"ban/{p.pk}/bien-ban/phase/"), {"ply": 3, "version": game.version})
    assert saved.status_code == 302
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert "3, 5, 7, 9, 11" in page and 'id="apply-excess-checks"' in page
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/checks/")).status_code == 302
    fault = GameFault.objects.get(game__pairing=p)
    assert (fault.side, fault.kind, fault.article, fault.ply) == ("white", "technical",
                                                                  "10.1.2", 11)
    assert GameRecord.objects.get(pk=game.pk).final_phase_ply == 3


def test_no_phase_form_without_the_asian_control():
    t, arbiter, _staff = event(4, paired=1, discipline="xiangqi")
    p = Pairing.objects.filter(round__tournament=t, kind="game").order_by("board").first()
    client = client_of(arbiter)
    client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                {"moves_text": "P2-5 M8.7", "notation": "vn"})
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'id="phase-form"' not in page
