"""Game records through the API, validated by the job in the real worker (Điều 11, 13).

Expected ICCS moves are derived by hand from the law's own examples: Điều 11.2 ("1) Pháo 2
bình 5 / Mã 2 tiến 3; 2) Mã 8 tiến 7 / Pháo 8 bình 5") and Phụ lục 3 ("1. Phe2 Mg7 2. Pb1
Bg5"). Files are counted 1-9 from each player's right: Red's file 2 is h, Black's file 2 is b.
"""

from __future__ import annotations

import pytest

from games.models import GameRecord
from tests.factories import make_person, make_staff
from tests.helpers import assert_error, client_for

LAW_EXAMPLE_ICCS = ["h2e2", "b9c7", "b0c2", "h7e7"]
LAW_EXAMPLE = {
    "vn": "1) P2-5 M2.3 2) M8.7 P8-5",
    "vn-words": "1) Pháo 2 bình 5  Mã 2 tiến 3\n2) Mã 8 tiến 7  Pháo 8 bình 5",
    "asian": "1. P2=5 M2+3 2. M8+7 P8=5",
    "wxf": "1. C2=5 H2+3 2. H8+7 C8=5",
    "iccs": "1. h2e2 b9c7 2. b0c2 h7e7",
}


def _create(client, **data):
    response = client.post("/api/v1/games/", data, format="json")
    assert response.status_code == 201, response.content[:800]
    return response.json()


def _validated(client, job_worker, created) -> dict:
    job = job_worker.wait(created["validation_job"]["id"])
    assert job.state == "succeeded", job.error
    return client.get(f"/api/v1/games/{created['id']}/").json()


@pytest.mark.parametrize("notation", sorted(LAW_EXAMPLE))
def test_each_xiangqi_notation_is_validated_by_the_worker_dieu_11_2(job_worker, notation):
    """Every notation of Điều 11.2a/b, WXF and ICCS gives the same normalised moves."""
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", notation=notation,
                      moves_text=LAW_EXAMPLE[notation], event_name="Giao hữu")
    game = _validated(client, job_worker, created)
    assert game["validation_status"] == "valid", game["validation_error"]
    assert game["moves_normalised"] == LAW_EXAMPLE_ICCS
    assert game["moves_federation"] == ["P2-5", "M2.3", "M8.7", "P8-5"]


def test_coordinate_notation_of_phu_luc_3(job_worker):
    """Phụ lục 3's example: Phe2 (cannon h2 to e2: both cannons reach e2, so the file of
    departure is written), Mg7, Pb1 (cannon b2 back to b1), Bg5 (soldier g6 to g5)."""
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", notation="coord",
                      moves_text="1. Phe2 Mg7 2. Pb1 Bg5")
    game = _validated(client, job_worker, created)
    assert game["validation_status"] == "valid"
    assert game["moves_normalised"] == ["h2e2", "h9g7", "b2b1", "g6g5"]


@pytest.mark.parametrize("notation,moves", [
    ("san", "1. e4 e5 2. Nf3 Nc6 3. Bb5"),
    ("vn", "1. e4 e5 2. Mf3 Mc6 3. Tb5"),  # seed 002 appendix E: M Mã (knight), T Tượng
])
def test_chess_san_and_vietnamese_letters(job_worker, notation, moves):
    client = client_for(make_staff())
    created = _create(client, discipline="chess", notation=notation, moves_text=moves)
    game = _validated(client, job_worker, created)
    assert game["validation_status"] == "valid"
    assert game["moves_normalised"] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]


def test_illegal_move_names_the_ply_and_reason_dieu_4_3(job_worker):
    """2. M2.4: Red's horse h0 to f1 is blocked by its own elephant on g0 (the leg)."""
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", moves_text="1. P2-5 M8.7 2. M2.4 X9-8")
    game = _validated(client, job_worker, created)
    assert game["validation_status"] == "invalid"
    error = game["validation_error"]
    assert (error["ply"], error["move_number"], error["side"], error["text"]) == \
        (3, 2, "w", "M2.4")
    assert error["illegal_code"] == "blocked_leg"
    assert game["moves_normalised"] == ["h2e2", "h9g7"]  # the moves before the error


def test_unreadable_move_is_reported_not_crashed(job_worker):
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", notation="vn",
                      moves_text="1. P2-5 M8.7 2. Q9?9")
    game = _validated(client, job_worker, created)
    assert game["validation_status"] == "invalid"
    assert game["validation_error"]["ply"] == 3
    assert game["validation_error"]["code"] == "unreadable"


def test_perpetual_check_cycle_is_flagged_dieu_23(job_worker):
    """Red's chariot checks from a9 and a8 in turn while Black's general steps e9-e8-e9: every
    Red move of the repeated cycle checks (Điều 23 point 1), so Red must change or lose."""
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", notation="iccs",
                      start_fen="4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
                      moves_text="a8a9 e9e8 a9a8 e8e9 " * 3, declared_score="0-1")
    game = _validated(client, job_worker, created)
    assert game["validation_status"] == "valid"
    checks = game["validation_flags"]["perpetual_checks"]
    assert [c["side"] for c in checks] == ["w"]
    assert game["validation_flags"]["repetitions"][0]["count"] >= 3


def test_stalemate_is_a_loss_and_cannot_be_declared_drawn_dieu_7_1b(job_worker):
    """Soldier d7-d8 leaves Black's general on e9 without a move (d9, e8 and f9 are all
    guarded by the soldiers): Black loses (Điều 7.1b); a declared draw is flagged."""
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", notation="iccs", moves_text="d7d8",
                      start_fen="4k4/5P3/3P5/9/9/9/9/9/9/3K5 w - - 0 1",
                      declared_score="1/2-1/2")
    game = _validated(client, job_worker, created)
    assert game["ending"] == "stalemate"
    assert game["validation_status"] == "warnings"
    assert game["validation_consistency"]["consistent"] is False
    assert game["validation_consistency"]["problems"]


def test_chess_stalemate_is_a_draw(job_worker):
    """Qe7-f7 leaves the king on h8 without a move and not in check (FIDE 5.2a, seed 002)."""
    client = client_for(make_staff())
    created = _create(client, discipline="chess", notation="san", moves_text="Qf7",
                      start_fen="7k/4Q3/6K1/8/8/8/8/8 w - - 0 1", declared_score="1/2-1/2")
    game = _validated(client, job_worker, created)
    assert (game["ending"], game["validation_status"]) == ("stalemate", "valid")


def test_revalidation_is_idempotent(job_worker):
    """Validating the same inputs again reuses the job and leaves the stored state equal."""
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", moves_text=LAW_EXAMPLE["vn"])
    first = _validated(client, job_worker, created)
    response = client.post(f"/api/v1/games/{created['id']}/validate/")
    assert response.status_code == 202
    assert response.json()["id"] == created["validation_job"]["id"]
    again = client.get(f"/api/v1/games/{created['id']}/").json()
    assert again == first


def test_work_reruns_safely_and_ignores_superseded_inputs(db):
    """A redelivered job finds the stored state and writes nothing new; a job for inputs the
    record no longer has does not overwrite the newer state."""
    from games import services

    staff = make_staff()
    game, _job = services.create_game(user=staff, discipline="xiangqi",
                                      moves_text=LAW_EXAMPLE["vn"])
    first = services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    stamp = GameRecord.objects.get(pk=game.pk).validated_at
    again = services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    assert again["reused"] is True and first["status"] == again["status"] == "valid"
    assert GameRecord.objects.get(pk=game.pk).validated_at == stamp


def test_edit_needs_the_current_version(job_worker):
    client = client_for(make_staff())
    created = _create(client, discipline="xiangqi", moves_text=LAW_EXAMPLE["vn"])
    url = f"/api/v1/games/{created['id']}/"
    stale = client.patch(url, {"moves_text": "1. P2-5", "version": created["version"] + 5},
                         format="json")
    assert_error(stale, 409, "stale_version", "version")
    missing = client.patch(url, {"moves_text": "1. P2-5"}, format="json")
    assert_error(missing, 400, "invalid", "version")
    ok = client.patch(url, {"moves_text": "1. P2-5", "version": created["version"]},
                      format="json")
    assert ok.status_code == 200
    assert ok.json()["version"] == created["version"] + 1
    game = _validated(client, job_worker, ok.json())
    assert game["moves_normalised"] == ["h2e2"]


def test_players_are_shown_without_private_fields(db):
    client = client_for(make_staff())
    white, black = make_person(full_name="Lê Văn Trắng"), make_person(full_name="Lê Văn Đen")
    created = _create(client, discipline="xiangqi", white=white.pk, black=black.pk,
                      moves_text="")
    assert created["white"] == {"id": white.pk, "full_name": "Lê Văn Trắng"}
    assert "date_of_birth" not in str(created)


def test_anonymous_and_unassigned_users_are_refused(db):
    from rest_framework.test import APIClient

    from tests.factories import make_user

    anonymous = APIClient().get("/api/v1/games/")
    assert anonymous.status_code in (401, 403)
    response = client_for(make_user()).post(
        "/api/v1/games/", {"discipline": "xiangqi", "moves_text": "h2e2"}, format="json")
    assert_error(response, 403, "permission_denied")
