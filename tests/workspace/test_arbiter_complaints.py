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
