"""Printing (Điều 11.2a, Phụ lục 4), board diagrams (Điều 2) and the admin pages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from games import services, svg
from games.models import GameRecord
from tests.factories import make_staff
from tests.helpers import client_for

SVG_NS = "{http://www.w3.org/2000/svg}"


def _validated_game(user, **data) -> GameRecord:
    game, _job = services.create_game(user=user, **data)
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    return GameRecord.objects.get(pk=game.pk)


def test_xiangqi_board_has_the_lines_river_palaces_and_32_pieces():
    """Start position: 10 ranks and 9 files of lines (the 7 inner files broken at the river:
    2 + 7*2 vertical segments), 2 diagonals in each palace, 32 pieces."""
    root = ET.fromstring(svg.xiangqi_svg(""))
    lines = root.findall(f".//{SVG_NS}line")
    horizontal = [ln for ln in lines if ln.get("y1") == ln.get("y2")]
    vertical = [ln for ln in lines if ln.get("x1") == ln.get("x2")]
    diagonal = [ln for ln in lines if ln not in horizontal and ln not in vertical]
    assert (len(horizontal), len(vertical), len(diagonal)) == (10, 16, 4)
    pieces = root.findall(f".//{SVG_NS}g[@data-piece]")
    assert len(pieces) == 32
    assert sum(p.get("data-piece").isupper() for p in pieces) == 16
    texts = "".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert "SỞ HÀ" in texts and "HÁN GIỚI" in texts


def test_xiangqi_board_draws_the_final_position():
    """After the perpetual-check example only the two generals and Red's chariot remain."""
    root = ET.fromstring(svg.xiangqi_svg("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"))
    pieces = sorted(p.get("data-piece") for p in root.findall(f".//{SVG_NS}g[@data-piece]"))
    assert pieces == ["K", "R", "k"]
    labels = sorted(t.text for p in root.findall(f".//{SVG_NS}g[@data-piece]")
                    for t in p.iter(f"{SVG_NS}text"))
    assert labels == ["Tg", "Tg", "X"]  # Điều 11.2 letters: Tướng, Xe


def test_chess_board_is_an_8_by_8_diagram():
    text = svg.board_svg("chess", "")
    assert text.startswith("<svg") and text.count('class="square') == 64


@pytest.mark.django_db
def test_scoresheet_prints_vietnamese_moves_like_the_form_of_phu_luc_4():
    staff = make_staff()
    game = _validated_game(staff, discipline="xiangqi", notation="iccs",
                           moves_text="h2e2 b9c7 b0c2 h7e7 i0i1", event_name="Giải Hà Nội",
                           white_name="Lại Lý Huynh", black_name="Nguyễn Thành Bảo",
                           round_number=3, board_number=2, declared_score="1-0")
    text = client_for(staff).get(f"/api/v1/games/{game.pk}/scoresheet/").content.decode()
    assert "Tên giải: Giải Hà Nội" in text and "Trắng: Lại Lý Huynh" in text
    moves = [line for line in text.splitlines() if re.match(r"^\d+\. ", line)]
    assert moves == ["1. P2-5  M2.3", "2. M8.7  P8-5", "3. X1.1"]
    assert "Tỷ số ván đấu: 1-0" in text


@pytest.mark.django_db
def test_board_endpoint_and_admin_page_show_the_final_position():
    staff = make_staff()
    game = _validated_game(staff, discipline="xiangqi", notation="iccs",
                           start_fen="4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
                           moves_text="a8a9 e9e8")
    client = client_for(staff)
    board = client.get(f"/api/v1/games/{game.pk}/board/")
    assert board["Content-Type"] == "image/svg+xml"
    assert 'data-piece="R"' in board.content.decode()
    from django.test import Client

    browser = Client()
    browser.force_login(staff)
    page = browser.get(f"/admin/games/gamerecord/{game.pk}/change/").content.decode()
    assert "<svg" in page and 'data-piece="k"' in page
    # a8a9: Red chariot on file 9 (Red counts from its right: a = 9) forward 1; e9e8: Black's
    # general on file 5 moves towards Red, which is forward ("tiến") for Black
    assert "1. X9.1  Tg5.1" in page


@pytest.mark.django_db
def test_chess_export_in_san_and_uci_reads_back():
    from games import engine, pgn_export

    staff = make_staff()
    game = _validated_game(staff, discipline="chess", notation="vn",
                           moves_text="1. e4 e5 2. Mf3 Mc6 3. Tb5 a6", white_name="A",
                           black_name="B", declared_score="1/2-1/2")
    for fmt, first in (("san", "1. e4 e5 2. Nf3"), ("uci", "1. e2e4 e7e5 2. g1f3")):
        text = pgn_export.export_game(game, fmt)
        assert first in text and '[Result "1/2-1/2"]' in text and "Variant" not in text
        (read,) = engine.read_pgn(text)
        report = engine.validate("chess", read.movetext)
        assert report["moves"] == game.moves_normalised


@pytest.mark.django_db
def test_admin_lists_adds_and_shows_upload_reports(django_capture_on_commit_callbacks):
    """The admin pages render; a record added in the admin goes through the service (it is
    validated and gets version 1), and a wrong notation is shown on the form."""
    from django.test import Client

    from games.models import GameUpload

    staff = make_staff()
    browser = Client()
    browser.force_login(staff)
    assert browser.get("/admin/games/gamerecord/").status_code == 200
    assert browser.get("/admin/games/gamerecord/add/").status_code == 200
    form = {"discipline": "xiangqi", "notation": "vn", "moves_text": "1. P2-5 M8.7",
            "white_name": "A", "black_name": "B", "start_fen": "", "event_name": "",
            "declared_score": "", "_save": "1"}
    for inline in ("faults", "warnings", "move_limit_claims"):  # the page's inline formsets
        form |= {f"{inline}-TOTAL_FORMS": "0", f"{inline}-INITIAL_FORMS": "0"}
    refused = browser.post("/admin/games/gamerecord/add/", {**form, "notation": "san"})
    assert refused.status_code == 200 and "chỉ dùng cho cờ vua" in refused.content.decode()
    with django_capture_on_commit_callbacks() as queued:  # the validation job, not run here
        added = browser.post("/admin/games/gamerecord/add/", form)
    assert added.status_code == 302, added.content.decode()[:2000]
    assert any("start_job" in callback.__qualname__ for callback in queued)
    game = GameRecord.objects.get()
    services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    game.refresh_from_db()
    assert (game.validation_status, game.moves_normalised, game.version) == \
        ("valid", ["h2e2", "h9g7"], 1)
    history = browser.get(f"/admin/games/gamerecord/{game.pk}/history/")
    assert history.status_code == 200 and game.history.count() == 1
    upload = GameUpload.objects.create(content="x", report={
        "written": 0, "total": 1, "games": [{"index": 1, "white": "A", "black": "B",
                                             "status": "invalid", "errors": [
                                                 {"message": "nước 2 không hợp lệ"}]}]})
    page = browser.get(f"/admin/games/gameupload/{upload.pk}/change/").content.decode()
    assert "nước 2 không hợp lệ" in page


@pytest.mark.django_db
def test_export_of_a_record_not_yet_validated_replays_its_moves():
    """The validation job has not run (no worker in this test): the PGN and the printed
    move list still show the record's moves, replayed on the spot."""
    from games import pgn_export

    game, _job = services.create_game(user=make_staff(), discipline="xiangqi", notation="vn",
                                      moves_text="1. P2-5 M8.7")
    assert game.validation_status == "pending"
    assert "1. h2e2 h9g7" in pgn_export.export_game(game)
    assert "1. P2-5  M8.7" in pgn_export.scoresheet_text(game)
