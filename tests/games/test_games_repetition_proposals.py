"""Repetition rulings proposed for the arbiter (Điều 23-24) on game records: computed by the
validation job in the real worker, shown in the API (record detail and the decision flow),
in the admin (read-only, Vietnamese labels) and on the scoresheet PDF; a signed record's
proposal is never replaced silently (docs/official-records.md).

Positions are those of tests/chessrules/xiangqi/test_xiangqi_rulings.py: Điều 24.14 hình 33
(the chariot chases an unprotected cannon: Red must change or loses, Điều 23 điểm 3) and
Điều 24.13 hình 29 (the cannon is really protected: draw, Điều 23 điểm 6).
"""

from __future__ import annotations

from django.test import Client

from games import services
from games.models import GameRecord
from tests.admin_forms import form_data
from tests.documents.documents_support import download, pdf_pages, request
from tests.factories import make_staff
from tests.helpers import client_for

HINH_33 = {"start_fen": "4k4/9/8c/9/9/9/7R1/9/9/3K5 w - - 0 1",
           "moves_text": " ".join(["h3i3 i7h7 i3h3 h7i7"] * 3)}
HINH_29 = {"start_fen": "4k4/9/6rc1/9/9/9/8R/9/9/3K5 w - - 0 1",
           "moves_text": " ".join(["i3h3 h7i7 h3i3 i7h7"] * 3)}


def _validated(client, job_worker, **data) -> dict:
    created = client.post("/api/v1/games/", {"discipline": "xiangqi", "notation": "iccs",
                                             "event_name": "Giao hữu", **data}, format="json")
    assert created.status_code == 201, created.content[:800]
    job = job_worker.wait(created.json()["validation_job"]["id"])
    assert job.state == "succeeded", job.error
    return client.get(f"/api/v1/games/{created.json()['id']}/").json()


def test_worker_attaches_the_proposal_and_the_decision_flow_shows_it(job_worker):
    client = client_for(make_staff())
    game = _validated(client, job_worker, **HINH_33)
    [proposal] = game["repetition_proposals"]
    assert proposal["ruling"] == "red loses"
    assert proposal["ruling_label"] == "Trắng phải đổi nước đi, nếu không bị xử thua"
    assert proposal["article"].startswith("Điều 23 điểm 3 (Điều 24.14 hình 32-38")
    assert (proposal["first_ply"], proposal["last_ply"]) == (1, 12)
    assert proposal["cycle_moves"] == ["h3i3", "i7h7", "i3h3", "h7i7"]
    assert (proposal["suggested_decision"], proposal["suggested_reason"]) == \
        ("black_wins", "forbidden_repetition")
    assert proposal["agrees_with_decision"] is None  # nothing decided yet
    assert "Trọng tài quyết định" in proposal["text"]

    # the arbiter still decides; the answer of the decision flow carries the proposal
    decided = client.post(f"/api/v1/games/{game['id']}/decision/",
                          {"decision": "draw", "reason": "agreed_draw",
                           "version": game["version"]}, format="json")
    assert decided.status_code == 200, decided.content[:500]
    body = decided.json()
    assert body["decision"] == "draw"
    assert body["repetition_proposals"][0]["agrees_with_decision"] is False

    draw = _validated(client, job_worker, **HINH_29)
    [proposal] = draw["repetition_proposals"]
    assert proposal["ruling"] == "draw" and "Điều 23 điểm 6" in proposal["article"]
    assert proposal["suggested_reason"] == "mutual_repetition"


def test_scoresheet_pdf_prints_the_proposal_with_its_article(job_worker):
    staff = make_staff()
    client = client_for(staff)
    game = _validated(client, job_worker, **HINH_33)
    content = download(client, request(client, "scoresheet", f"game:{game['id']}"), job_worker)
    text = " ".join(pdf_pages(content))
    assert "Đề xuất xử lặp (nửa nước 1-12)" in text
    assert "Trắng phải đổi nước đi, nếu không bị xử thua" in text
    assert "Điều 23 điểm 3" in text and "Trọng tài quyết định" in text


def _record(**data) -> GameRecord:
    staff = make_staff()
    game, _job = services.create_game(user=staff, discipline="xiangqi", notation="iccs",
                                      event_name="Giao hữu", **data)
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    game.refresh_from_db()
    return game


def test_admin_shows_the_proposal_read_only_and_an_edit_goes_through_the_service(
        db, django_capture_on_commit_callbacks):
    game = _record(**HINH_33)
    browser = Client()
    browser.force_login(make_staff())
    url = f"/admin/games/gamerecord/{game.pk}/change/"
    page = browser.get(url).content.decode()
    assert "Đề xuất xử lặp (Điều 23-24)" in page
    assert "Trắng phải đổi nước đi, nếu không bị xử thua" in page
    assert "Điều 23 điểm 3" in page
    assert 'name="repetition_proposals"' not in page  # read-only, not a form field

    data = form_data(page, "gamerecord_form")
    data["moves_text"] = ["h3i3 i7h7 i3h3 h7i7"]  # the cycle once: nothing to rule on
    data["_save"] = ["1"]
    with django_capture_on_commit_callbacks(execute=False):
        saved = browser.post(url, data)
    assert saved.status_code == 302, saved.content.decode()[:2000]
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    game.refresh_from_db()
    assert game.version == 2 and game.repetition_proposals == []
    assert "Đề xuất xử lặp (Điều 23-24)" in browser.get(url).content.decode()


def test_a_signed_record_keeps_its_stored_proposal(db):
    """Official record: a new reading never replaces the signed one silently; it is
    reported in the warnings (the record is corrected with a reason to take it)."""
    game = _record(**HINH_33)
    arbiter = make_staff()
    game, _job = services.decide(game, decision="black_wins", reason="forbidden_repetition",
                                 user=arbiter, expected_version=game.version)
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    game = services.sign(GameRecord.objects.get(pk=game.pk), who="arbiter", user=arbiter,
                         expected_version=game.version)
    stored = game.repetition_proposals
    assert stored and stored[0]["ruling"] == "red loses"
    # as if the record had been validated by an older reading: a different stored proposal
    older = [{**stored[0], "points": "Điều 23 điểm 3 (older reading)"}]
    GameRecord.objects.filter(pk=game.pk).update(repetition_proposals=older,
                                                 validated_input="")
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    game.refresh_from_db()
    assert game.repetition_proposals == older
    assert any("Đề xuất xử lặp mới khác đề xuất đã lưu" in w for w in game.validation_warnings)
    assert game.validation_status == "warnings"

    client = client_for(arbiter)
    shown = client.get(f"/api/v1/games/{game.pk}/").json()["repetition_proposals"]
    assert shown[0]["article"] == "Điều 23 điểm 3 (older reading)"
    assert shown[0]["agrees_with_decision"] is True
