"""The arbiter's complaints screens ("Bàn trọng tài" › Khiếu nại): Điều 11.1b, 15.6 (the chief
arbiter decides first), 9.9a (a replay), 002 Phần 2 Điều 2.7 (written complaints go to the
arbiters). The list, the decision form with the service's refusal on its field, the result
corrected, the query budget.

Hand-worked example: a 4-player xiangqi Swiss, round 1 board 1 entered 1-0; Black's written
complaint says the game was drawn; the chief arbiter upholds it with "Hòa" as the corrected
result: the board reads ½-½ and the list shows the complaint "Chấp nhận khiếu nại".
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_user
from tests.workspace.arbiter_support import client_of, event, url
from tournaments import services
from tournaments.models import Complaint

pytestmark = pytest.mark.django_db


def _complaint(t, arbiter, board, number_of_extra=0):
    filing = services.Filing(complainant_kind="player", subject="result",
                             grounds="Ván hòa, ghi nhầm.", complainant_entry=board.black,
                             pairing=board)
    return [services.file_complaint(t, filing, user=arbiter)
            for _ in range(1 + number_of_extra)][0]


def test_chief_arbiter_lists_and_decides_a_complaint_dieu_15_6():
    t, arbiter, _staff = event(4, paired=1)
    board = t.rounds.get(number=1).pairings.get(board=1)
    services.record_result(board, "1-0", user=arbiter, expected_version=board.version)
    board.refresh_from_db()
    complaint = _complaint(t, arbiter, board)
    client = client_of(arbiter)
    assert 'id="complaints-link"' in client.get(url(t)).content.decode()
    listing = client.get(url(t, "khieu-nai/")).content.decode()
    assert "Kết quả ván đấu" in listing and "Chờ giải quyết" in listing
    assert ">result<" not in listing and ">chief_arbiter<" not in listing  # words, not codes
    page_url = url(t, f"khieu-nai/{complaint.pk}/")
    page = client.get(page_url).content.decode()
    assert "Ván hòa, ghi nhầm." in page and 'id="decide-complaint"' in page
    refused = client.post(page_url, {"upheld": "1", "reasons": "Hai bên ký hòa.",
                                     "article": "Điều 11.1b", "effect": "result_corrected",
                                     "corrected_result": ""})
    assert refused.status_code == 400
    assert 'id="error-corrected_result">Hãy ghi kết quả sửa thành.' in refused.content.decode()
    done = client.post(page_url, {"upheld": "1", "reasons": "Hai bên ký hòa.",
                                  "article": "Điều 11.1b", "effect": "result_corrected",
                                  "corrected_result": "1/2-1/2"})
    assert done.status_code == 302
    board.refresh_from_db()
    assert board.result == "1/2-1/2"
    after = client.get(page_url).content.decode()
    assert "Chấp nhận khiếu nại" in after and "Hòa" in after
    assert 'id="decide-complaint"' not in after  # decided: no form


def test_complaints_screens_closed_to_others_and_query_budget():
    t, arbiter, _staff = event(4, paired=1)
    board = t.rounds.get(number=1).pairings.get(board=1)
    complaint = _complaint(t, arbiter, board, number_of_extra=5)
    assert client_of(make_user()).get(url(t, "khieu-nai/")).status_code == 404
    assert client_of(make_user()).get(
        url(t, f"khieu-nai/{complaint.pk}/")).status_code == 404
    client = client_of(arbiter)
    with CaptureQueriesContext(connection) as few:
        assert client.get(url(t, "khieu-nai/")).status_code == 200
    _complaint(t, arbiter, board, number_of_extra=10)
    with CaptureQueriesContext(connection) as many:
        assert client.get(url(t, "khieu-nai/")).status_code == 200
    assert len(many) == len(few) <= 25
    assert Complaint.objects.count() == 17


def test_arbiter_annuls_a_game_from_the_board_dieu_9_9b():
    """Điều 9.9b on the board's card: "Hủy ván, đấu lại" opens the form; the reason in words;
    the annulled game is listed and the board waits for the replay; a board with a result has
    no such link (9.9d)."""
    from tournaments.models import AnnulledGame

    t, arbiter, _staff = event(4, paired=1)
    board = t.rounds.get(number=1).pairings.get(board=1)
    other = t.rounds.get(number=1).pairings.get(board=2)
    services.record_result(other, "1-0", user=arbiter, expected_version=other.version)
    client = client_of(arbiter)
    round_page = client.get(url(t)).content.decode()
    assert url(t, f"ban/{board.pk}/huy-van/") in round_page
    assert url(t, f"ban/{other.pk}/huy-van/") not in round_page
    form = client.get(url(t, f"ban/{board.pk}/huy-van/")).content.decode()
    assert "Đi nhầm màu quân (Điều 9.9b)" in form
    empty = client.post(url(t, f"ban/{board.pk}/huy-van/"), {"version": board.version})
    assert empty.status_code == 400 and 'id="error-reason"' in empty.content.decode()
    done = client.post(url(t, f"ban/{board.pk}/huy-van/"),
                       {"reason": "wrong_colours", "note": "Đen đi trước.",
                        "version": board.version})
    assert done.status_code == 302
    annulled = AnnulledGame.objects.get()
    assert (annulled.played_white_id, annulled.played_black_id) == (board.black_id,
                                                                    board.white_id)
    again = client.get(url(t, f"ban/{board.pk}/huy-van/")).content.decode()
    assert "Đi nhầm màu quân (Điều 9.9b)" in again and board.white.name in again
    refused = client.post(url(t, f"ban/{other.pk}/huy-van/"),
                          {"reason": "wrong_setup", "version": other.version + 1})
    assert refused.status_code == 400
