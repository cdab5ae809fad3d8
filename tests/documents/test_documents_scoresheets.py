"""Scoresheets (biên bản thi đấu, Phụ lục 4) rendered by the worker job through the API.

The form of Phụ lục 4: event, round, date, White/Black with their numbers, the arbiter, 60
numbered move rows in two columns (1-30 and 31-60), the players' score, the arbiter's
decision and three signatures. Blank for a pairing without a record; filled from the game
record's moves in Vietnamese notation (xiangqi Điều 11.2; chess 002 appendix E).
"""

from __future__ import annotations

import pytest

from documents import selectors
from games import documents as game_documents
from games import services as game_services
from games.models import GameRecord
from tests.documents.documents_support import (
    assert_embedded_font_only,
    download,
    pdf_pages,
    pdf_words,
    request,
)
from tests.factories import make_staff, make_user
from tests.factories.tournaments import add_entries, make_official, make_tournament, play
from tests.helpers import assert_error, client_for

FORM_LABELS = ["LIÊN ĐOÀN CỜ VIỆT NAM", "BIÊN BẢN THI ĐẤU", "Tên giải:", "Vòng đấu:",
               "Trắng:", "Đen:", "Số:", "Trọng tài:", "Tỷ số ván đấu:",
               "Phán quyết của Trọng tài:", "Trắng ký", "Trọng tài ký", "Đen ký"]


def _event(discipline: str = "xiangqi"):
    """Round 1 of a running tournament (4 players), not played yet, and its chief arbiter."""
    tournament = make_tournament(discipline=discipline,
                                 name="Giải Cờ Tướng các Câu lạc bộ Hà Nội 2026")
    arbiter = make_official(tournament, role="chief", name="Phạm Quốc Hưng")
    entries = add_entries(tournament, 4, with_members=True)
    [rnd] = play(tournament, entries, [[(0, 3), (1, 2)]], complete=False)
    return tournament, arbiter, entries, rnd.pairings.order_by("board")


def _move_numbers(content: bytes) -> set[int]:
    return {int(w) for w in pdf_words(content) if w.isdigit()}


def test_blank_scoresheet_of_a_pairing_has_the_form_of_phu_luc_4(job_worker):
    tournament, arbiter, entries, pairings = _event()
    client = client_for(arbiter)
    content = download(client, request(client, "scoresheet", f"pairing:{pairings[0].pk}"),
                       job_worker)
    [text] = pdf_pages(content)  # one A4 page
    for label in FORM_LABELS:
        assert label in text, label
    assert "Giải Cờ Tướng các Câu lạc bộ Hà Nội 2026" in text
    assert "Vòng đấu: 1 Bàn: 1" in text
    white, black = entries[0], entries[3]
    assert f"Trắng: {white.name} Số: 1" in text
    assert f"Đen: {black.name} Số: 4" in text
    assert "Trọng tài: Phạm Quốc Hưng" in text
    assert "Ngày ..... tháng ..... năm" in text  # the round has not started: written by hand
    assert set(range(1, 61)) <= _move_numbers(content)  # 60 numbered rows
    assert 61 not in _move_numbers(content)
    assert_embedded_font_only(content)
    assert 5_000 < len(content) < 300_000


def _validated_game(job_worker, user, pairing, moves_text, notation, **extra) -> GameRecord:
    game, job = game_services.create_game(user=user, pairing=pairing, moves_text=moves_text,
                                          notation=notation, **extra)
    finished = job_worker.wait(job.pk)
    assert finished.state == "succeeded", finished.error
    game.refresh_from_db()
    assert game.validation_status in ("valid", "warnings"), game.validation_error
    return game


def test_filled_xiangqi_scoresheet_from_the_validated_record(job_worker):
    """The example rows printed on the form itself: 1. P2-5 M8.7, 2. M2.3 P2-4; the record
    was entered in WXF and is printed in Vietnamese notation; Black resigned after move 2
    and the arbiter decided "Trắng thắng" (Điều 7.1k)."""
    tournament, arbiter, entries, pairings = _event()
    pairing = pairings[0]
    game = _validated_game(job_worker, arbiter, pairing, "1. C2=5 H8+7 2. H2+3 C2=4", "wxf",
                           declared_score="1-0")
    game, _job = game_services.decide(game, decision="white_wins", reason="resignation",
                                      user=arbiter, expected_version=game.version)
    client = client_for(arbiter)
    content = download(client, request(client, "scoresheet", f"pairing:{pairing.pk}"),
                       job_worker)
    [text] = pdf_pages(content)
    assert "1 P2-5 M8.7" in text and "2 M2.3 P2-4" in text
    assert "Tỷ số ván đấu: Trắng: 1 Đen: 0" in text
    assert "Phán quyết của Trọng tài: Trắng thắng (Xin thua)" in text
    assert_embedded_font_only(content)

    by_game = download(client, request(client, "scoresheet", f"game:{game.pk}"), job_worker)
    assert "1 P2-5 M8.7" in pdf_pages(by_game)[0]


def test_chess_scoresheet_in_vietnamese_algebraic_notation(job_worker):
    """002 appendix E: V vua, H hậu, X xe, T tượng, M mã; pawns without a letter."""
    tournament, arbiter, entries, pairings = _event("chess")
    game = _validated_game(job_worker, arbiter, pairings[1],
                           "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O", "san")
    client = client_for(arbiter)
    content = download(client, request(client, "scoresheet", f"game:{game.pk}"), job_worker)
    [text] = pdf_pages(content)
    for row in ["1 e4 e5", "2 Mf3 Mc6", "3 Tb5 a6", "4 0-0"]:
        assert row in text, row
    assert f"Trắng: {entries[1].name} Số: 2" in text


def test_a_record_not_yet_validated_prints_no_moves(db):
    tournament, arbiter, entries, pairings = _event()
    GameRecord.objects.create(pairing=pairings[0], discipline="xiangqi", moves_text="1. P2-5",
                              moves_federation=["P2-5"], validation_status="pending")
    data = game_documents.scoresheet_data(f"pairing:{pairings[0].pk}")
    assert data["filled"] and data["note"]
    assert all(row["left"]["white"] == "" for row in data["pages"][0]["rows"])


def test_a_long_game_continues_on_a_second_sheet():
    """More than 60 moves: the next sheet is numbered 61-120, first column 61-90."""
    moves = [f"m{i}" for i in range(130)]  # 65 moves
    pages = game_documents._move_pages(moves, 1, False)
    assert len(pages) == 2
    first, second = pages
    assert [first["rows"][0]["left"]["number"], first["rows"][0]["right"]["number"],
            first["rows"][29]["right"]["number"]] == [1, 31, 60]
    assert first["rows"][29]["right"]["black"] == "m119"
    assert second["rows"][0]["left"] == {"number": 61, "white": "m120", "black": "m121"}
    assert second["rows"][4]["left"]["black"] == "m129"
    assert second["rows"][5]["left"]["white"] == ""


def test_a_set_up_position_with_black_to_move_starts_with_an_ellipsis():
    pages = game_documents._move_pages(["a", "b", "c"], 12, True)
    assert pages[0]["rows"][0]["left"] == {"number": 12, "white": "…", "black": "a"}
    assert pages[0]["rows"][1]["left"] == {"number": 13, "white": "b", "black": "c"}


@pytest.mark.django_db
def test_scoresheets_are_for_the_tournaments_arbiters_and_staff():
    tournament, arbiter, entries, pairings = _event()
    target = f"pairing:{pairings[0].pk}"
    other = make_tournament(name="Giải khác")
    other_arbiter = make_official(other, role="chief", name="Trọng Tài Khác")
    assert selectors.can_view(arbiter, "scoresheet", target)
    assert selectors.can_view(make_staff(), "scoresheet", target)
    assert not selectors.can_view(other_arbiter, "scoresheet", target)
    assert not selectors.can_view(make_user(), "scoresheet", target)
    from django.contrib.auth.models import AnonymousUser

    assert not selectors.can_view(AnonymousUser(), "scoresheet", target)


@pytest.mark.django_db
def test_bad_scoresheet_targets_are_clear_errors():
    staff = client_for(make_staff())
    error = assert_error(request(staff, "scoresheet", "tournament:1"), 400, field="target")
    assert "pairing:<id>" in error["message"]
    assert_error(request(staff, "scoresheet", "pairing:99999"), 400, code="not_found")


@pytest.mark.django_db
def test_malformed_targets_are_not_found_for_the_public(api_client):
    """Every kind answers a malformed target with 404 for the public (never a server error);
    staff get the 400 that names the accepted forms."""
    for kind in ("decision", "member_card", "scoresheet", "tracking_card", "standings",
                 "crosstable", "pairings"):
        for target in ("abc", "tournament:x", "1:2:3"):
            assert not selectors.can_view(make_user(), kind, target), (kind, target)
            assert_error(request(api_client, kind, target), 404)
