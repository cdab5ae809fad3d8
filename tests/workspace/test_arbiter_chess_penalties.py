"""The arbiter's screen logs a chess illegal move (Luật Cờ Vua 7.4b in 002; FIDE Laws
7.5.5): the first gives the opponent 2 minutes, the second proposes the loss; a xiangqi
record's form does not offer it (Điều 9, 16 apply there)."""

from __future__ import annotations

import pytest

from games.models import GamePenalty, GameRecord
from tests.workspace.arbiter_support import client_of, event, url
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def _first_board(t):
    return Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME).order_by(
        "round__number", "board").first()


def test_illegal_moves_on_the_arbiters_record_screen():
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    p = _first_board(t)
    client = client_of(arbiter)
    client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"), {"moves_text": "e4 e5", "notation": "san"})
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'value="illegal_move"' in page
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                       {"side": "white", "kind": "illegal_move", "ply": 3}).status_code == 302
    game = GameRecord.objects.get(pairing=p)
    assert game.proposed_decision == ""
    assert GamePenalty.objects.get(game=game).minutes == 2  # to Black, 7.4b
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                       {"side": "white", "kind": "illegal_move", "ply": 5}).status_code == 302
    game.refresh_from_db()
    assert (game.proposed_decision, game.proposed_reason) == ("black_wins", "illegal_moves")


def test_a_xiangqi_record_does_not_offer_the_chess_illegal_move():
    t, arbiter, _staff = event(4, paired=1, discipline="xiangqi")
    p = _first_board(t)
    client = client_of(arbiter)
    created = client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                          {"moves_text": "P2-5 M8.7 M2.3 X9-8", "notation": "vn"})
    assert created.status_code == 302
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'value="technical"' in page and 'value="illegal_move"' not in page


def test_the_arbiter_adjudicates_an_unfinished_chess_game_002_dieu_3_4():
    """002 Phần 2 Điều 3.4 ("những ván đấu đó sẽ đưa ra đánh giá"), 5.5: the chess record's
    decision form offers the adjudicated win and draw; the arbiter's "draw — adjudicated"
    gives the board ½-½. A xiangqi record does not offer it."""
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    p = _first_board(t)
    client = client_of(arbiter)
    client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"), {"moves_text": "e4 e5", "notation": "san"})
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'value="adjudicated_draw"' in page and 'value="adjudicated_win"' in page
    game = GameRecord.objects.get(pairing=p)
    done = client.post(url(t, f"ban/{p.pk}/bien-ban/decision/"), {
        "decision": "draw", "reason": "adjudicated_draw", "version": game.version})
    assert done.status_code == 302, done.content.decode()[:2000]
    game.refresh_from_db()
    assert (game.decision, game.decision_reason) == ("draw", "adjudicated_draw")
    assert Pairing.objects.get(pk=p.pk).result == "1/2-1/2"

    x, x_arbiter, _x_staff = event(4, paired=1, discipline="xiangqi")
    xp = _first_board(x)
    x_client = client_of(x_arbiter)
    x_client.post(url(x, f"ban/{xp.pk}/bien-ban/moves/"),
                  {"moves_text": "P2-5 M8.7", "notation": "vn"})
    assert 'value="adjudicated_draw"' not in x_client.get(
        url(x, f"ban/{xp.pk}/bien-ban/")).content.decode()
