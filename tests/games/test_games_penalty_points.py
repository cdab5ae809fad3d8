"""The chess arbiter's penalties 13.4e-g (Luật Cờ Vua in seed 002; FIDE Laws 12.9e-g) take
effect in the event: "giảm điểm số của ván đấu của đấu thủ vi phạm" (e), "tăng điểm số của ván
đấu của đối phương tới mức tối đa của ván đấu đó" (f) show in the standings, the crosstable
and the TRF total; "truất quyền thi đấu" (g) removes the player from the event (the Điều
15.6 / 16.1d procedure: not paired again).

Hand-worked: a 4-player chess Swiss, round 1. Board 1: White wins 1-0, then is penalised
for a breach after the game — his points reduced to ½ (13.4e): 1-0 counts ½-0. Board 2:
drawn ½-½, Black's conduct gives White the maximum (13.4f): ½-½ counts 1-½.
"""

from __future__ import annotations

import pytest

from games.models import GamePenalty
from tests.helpers import assert_error, client_for
from tests.workspace.arbiter_support import arbiter_user, event
from tournaments import services
from tournaments.models import Entry, Official, Pairing, ResultChange

pytestmark = pytest.mark.django_db


def _decided(client, pairing, decision: str, reason: str) -> dict:
    game = client.post("/api/v1/games/", {"pairing": pairing.pk, "moves_text": "1. e4 e5"},
                       format="json").json()
    done = client.post(f"/api/v1/games/{game['id']}/decision/",
                       {"decision": decision, "reason": reason, "version": game["version"]},
                       format="json")
    assert done.status_code == 200, done.content
    return done.json()


def _penalty(client, game: dict, **body):
    return client.post(f"/api/v1/games/{game['id']}/penalties/", body, format="json")


def _boards(t):
    return list(Pairing.objects.filter(round__tournament=t, round__number=1,
                                       kind=Pairing.Kind.GAME).order_by("board"))


def _points(client, t) -> dict[int, float]:
    rows = client.get(f"/api/v1/tournaments/{t.pk}/standings/").json()["rows"]
    return {row["starting_number"]: row["points"] for row in rows}


def test_reduced_and_raised_points_show_in_the_standings_13_4e_f():
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    client = client_for(arbiter)
    one, two = _boards(t)
    game1 = _decided(client, one, "white_wins", "resignation")
    game2 = _decided(client, two, "draw", "agreed_draw")
    w1, b1 = one.white.starting_number, one.black.starting_number
    w2, b2 = two.white.starting_number, two.black.starting_number
    assert _points(client, t) == {w1: 1.0, b1: 0.0, w2: 0.5, b2: 0.5}
    # (e) the points kept must be given, 0 or ½, and below what he has
    assert_error(_penalty(client, game1, side="white", kind="reduce_points"), 400,
                 field="points")
    assert_error(_penalty(client, game2, side="white", kind="reduce_points", points="0.5"),
                 400, "not_a_reduction", field="points")
    reduced = _penalty(client, game1, side="white", kind="reduce_points", points="0.5")
    assert reduced.status_code == 201, reduced.content
    assert reduced.json()["points"] == "0.5"
    raised = _penalty(client, game2, side="black", kind="raise_points")
    assert raised.status_code == 201, raised.content
    assert _points(client, t) == {w1: 0.5, b1: 0.0, w2: 1.0, b2: 0.5}
    one.refresh_from_db()
    assert one.result == "1-0" and float(one.white_points) == 0.5  # the result stays
    assert ResultChange.objects.filter(pairing=one, source="penalty").count() == 1
    # (f) once at the maximum, again is refused
    assert_error(_penalty(client, game2, side="black", kind="raise_points"), 400,
                 "already_maximum")
    cross = client.get(f"/api/v1/tournaments/{t.pk}/crosstable/").json()
    marks = {row["starting_number"]: row["rounds"][0]["mark"] for row in cross["rows"]}
    assert marks[w1] == "½" and marks[w2] == "1" and marks[b2] == "½"
    trf = client.get(f"/api/v1/tournaments/{t.pk}/trf/").content.decode()
    line = next(x for x in trf.splitlines() if x.startswith("001") and int(x[4:8]) == w1)
    assert line[80:84].strip() == "0.5", line


def test_points_wait_for_the_result_13_4e():
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    client = client_for(arbiter)
    one, _two = _boards(t)
    game = client.post("/api/v1/games/", {"pairing": one.pk, "moves_text": "1. e4 e5"},
                       format="json").json()
    assert_error(_penalty(client, game, side="white", kind="reduce_points", points="0"), 400,
                 "no_result", field="points")


def test_expulsion_removes_the_player_from_the_next_rounds_13_4g():
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    client = client_for(arbiter)
    one, two = _boards(t)
    game1 = _decided(client, one, "white_wins", "resignation")
    _decided(client, two, "draw", "agreed_draw")
    expelled = _penalty(client, game1, side="black", kind="expulsion", note="Gian lận")
    assert expelled.status_code == 201, expelled.content
    entry = Entry.objects.get(pk=one.black_id)
    assert entry.disqualified_at is not None and "13.4g" in entry.disqualification_reason
    services.pair_round_job({"tournament": t.pk, "round": 2, "seed": 3}, lambda *a: None)
    paired = Pairing.objects.filter(round__tournament=t, round__number=2)
    assert paired.exists()
    assert not paired.filter(white=entry).exists() and not paired.filter(black=entry).exists()


def test_expulsion_is_the_chief_arbiters_13_4g_and_dieu_16_2():
    """An arbiter who is not the chief cannot expel (Điều 16.2): 403, nothing recorded."""
    t, chief, _staff = event(4, paired=1, discipline="chess")
    arbiter = arbiter_user("Trọng Tài Bàn")
    Official.objects.create(tournament=t, person=arbiter.person, role=Official.Role.ARBITER)
    one, _two = _boards(t)
    game = _decided(client_for(chief), one, "white_wins", "resignation")
    assert_error(_penalty(client_for(arbiter), game, side="black", kind="expulsion"), 403)
    assert not GamePenalty.objects.filter(game_id=game["id"]).exists()
    assert Entry.objects.get(pk=one.black_id).disqualified_at is None
