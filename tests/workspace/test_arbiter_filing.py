"""The arbiter records a written complaint and an appeal, and the play-off games ("Bàn trọng
tài"): 002 Phần 2 Điều 2.7 (written complaints go to the arbiters), Điều 15.5a (about a game
only its players complain), 15.6 and 19 (an appeal goes to the next level), 002 Phần 2 Điều
2.3 (thi đấu bổ sung). The real forms are posted; refusals are on their field.

Hand-worked example: a 4-player xiangqi Swiss, round 1 board 1 entered 1-0. A player of board
2 complaining about board 1 is refused on "Đấu thủ khiếu nại" (15.5a); Black of board 1 files
it: complaint no. 1 at the chief arbiter's level. The chief arbiter rejects it; the appeal
form makes complaint no. 2 at the organisers' level (appeal of no. 1), and a second appeal of
no. 1 is refused. A play-off game between seeds 1 and 2 recorded "0-1" is listed as no. 1.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import make_user
from tests.workspace.arbiter_support import client_of, event, url
from tournaments import services
from tournaments.models import Complaint, PlayOffGame

pytestmark = pytest.mark.django_db


def _board_one(t, arbiter):
    rnd = t.rounds.get(number=1)
    board = rnd.pairings.get(board=1)
    services.record_result(board, "1-0", user=arbiter, expected_version=board.version)
    board.refresh_from_db()
    return board, rnd.pairings.get(board=2)


def test_arbiter_files_a_written_complaint_dieu_2_7_and_15_5a():
    t, arbiter, _staff = event(4, paired=1)
    board, other = _board_one(t, arbiter)
    client = client_of(arbiter)
    listing = client.get(url(t, "khieu-nai/")).content.decode()
    assert url(t, "khieu-nai/moi/") in listing
    page = client.get(url(t, "khieu-nai/moi/")).content.decode()
    assert "Ghi đơn khiếu nại" in page and "Ván 1, bàn 1:" in page and "Điều 2.7" in page
    empty = client.post(url(t, "khieu-nai/moi/"), {})
    assert empty.status_code == 400
    assert 'id="error-grounds"' in empty.content.decode()
    form = {"complainant_kind": "player", "subject": "result", "pairing": board.pk,
            "level": "chief_arbiter", "grounds": "Ván hòa, ghi nhầm."}
    not_party = client.post(url(t, "khieu-nai/moi/"),
                            {**form, "complainant_entry": other.white_id})
    assert not_party.status_code == 400
    assert 'id="error-complainant_entry">Đấu thủ' in not_party.content.decode()
    assert "Điều 15.5a" in not_party.content.decode()
    bad_time = client.post(url(t, "khieu-nai/moi/"), {**form, "complainant_entry":
                                                      board.black_id, "filed_at": "31/02/2026"})
    assert bad_time.status_code == 400 and 'id="error-filed_at"' in bad_time.content.decode()
    done = client.post(url(t, "khieu-nai/moi/"), {**form, "complainant_entry": board.black_id})
    assert done.status_code == 302
    made = Complaint.objects.get()
    assert done["Location"].endswith(url(t, f"khieu-nai/{made.pk}/"))
    assert (made.number, made.level, made.pairing_id, made.complainant_entry_id,
            made.filed_by_id) == (1, "chief_arbiter", board.pk, board.black_id, arbiter.pk)
    assert client_of(make_user()).get(url(t, "khieu-nai/moi/")).status_code == 404
    english = client.get(url(t, "khieu-nai/moi/", lang="en")).content.decode()
    assert "Record a written complaint" in english and "Complaint about" in english


def test_a_complaint_filed_too_late_is_refused_on_its_time_dieu_15_6():
    t, arbiter, _staff = event(4, paired=1)
    board, _other = _board_one(t, arbiter)
    # the limit runs from the result's record: 1 hour here, the result 3 hours old
    t.complaint_limit_hours = 1
    t.save(update_fields=["complaint_limit_hours"])
    board.result_changes.update(changed_at=timezone.now() - timedelta(hours=3))
    late = timezone.localtime(timezone.now())
    response = client_of(arbiter).post(url(t, "khieu-nai/moi/"), {
        "complainant_kind": "player", "subject": "result", "pairing": board.pk,
        "complainant_entry": board.white_id, "level": "chief_arbiter", "grounds": "Sai.",
        "filed_at": late.strftime("%H:%M %d/%m/%Y")})
    assert response.status_code == 400
    assert 'id="error-filed_at">Quá thời hạn khiếu nại: 1 giờ' in response.content.decode()
    assert not Complaint.objects.exists()


def test_appeal_of_a_decided_complaint_goes_to_the_organisers_dieu_19():
    t, arbiter, _staff = event(4, paired=1)
    board, _other = _board_one(t, arbiter)
    first = services.file_complaint(t, services.Filing(
        complainant_kind="player", subject="result", grounds="Ván hòa.",
        complainant_entry=board.black, pairing=board), user=arbiter)
    client = client_of(arbiter)
    pending = client.get(url(t, f"khieu-nai/{first.pk}/")).content.decode()
    assert 'id="appeal-complaint"' not in pending  # not decided yet: nothing to appeal
    refused = client.post(url(t, f"khieu-nai/{first.pk}/khang-nghi/"), {"grounds": "Sai."})
    assert refused.status_code == 400 and "chưa được giải quyết" in refused.content.decode()
    services.decide_complaint(first, services.Ruling(upheld=False, reasons="Biên bản ghi 1-0.",
                                                     article="Điều 11.1b"), user=arbiter)
    decided = client.get(url(t, f"khieu-nai/{first.pk}/")).content.decode()
    assert 'id="appeal-complaint"' in decided and "Kháng nghị lên cấp trên" in decided
    empty = client.post(url(t, f"khieu-nai/{first.pk}/khang-nghi/"), {"grounds": ""})
    assert empty.status_code == 400 and 'id="error-grounds"' in empty.content.decode()
    done = client.post(url(t, f"khieu-nai/{first.pk}/khang-nghi/"),
                       {"grounds": "Hai bên đã ký hòa trên biên bản."})
    assert done.status_code == 302
    second = Complaint.objects.get(appeal_of=first)
    assert (second.number, second.level, second.pairing_id) == (2, "organisers", board.pk)
    page = client.get(url(t, f"khieu-nai/{second.pk}/")).content.decode()
    assert "kháng nghị quyết định của khiếu nại số 1" in page
    again = client.post(url(t, f"khieu-nai/{first.pk}/khang-nghi/"), {"grounds": "Lần nữa."})
    assert again.status_code == 409 and "đã bị kháng nghị" in again.content.decode()
    assert Complaint.objects.count() == 2


def test_arbiter_records_a_playoff_game_002_dieu_2_3():
    t, arbiter, _staff = event(4, paired=1)
    client = client_of(arbiter)
    assert url(t, "dau-bo-sung/") in client.get(url(t)).content.decode()
    first, second = t.entries.order_by("starting_number")[:2]
    page = client.get(url(t, "dau-bo-sung/")).content.decode()
    assert "Điều 2.3" in page and "Chưa có ván bổ sung nào." in page and "Đỏ" in page
    same = client.post(url(t, "dau-bo-sung/"), {"white": first.pk, "black": first.pk,
                                                 "result": "0-1"})
    assert same.status_code == 400
    assert 'id="error-black">Hai bên của ván bổ sung' in same.content.decode()
    no_result = client.post(url(t, "dau-bo-sung/"), {"white": first.pk, "black": second.pk})
    assert no_result.status_code == 400 and 'id="error-result"' in no_result.content.decode()
    done = client.post(url(t, "dau-bo-sung/"), {"white": first.pk, "black": second.pk,
                                                 "result": "0-1", "note": "Cờ nhanh."})
    assert done.status_code == 302
    game = PlayOffGame.objects.get()
    assert (game.number, game.white_id, game.black_id, game.result) == (1, first.pk, second.pk,
                                                                        "0-1")
    with CaptureQueriesContext(connection) as few:
        listed = client.get(url(t, "dau-bo-sung/")).content.decode()
    assert 'id="bo-sung-1"' in listed and ">0-1<" not in listed  # words, not codes
    for _ in range(5):
        services.record_playoff_game(t, white=second, black=first, result="1/2-1/2",
                                     user=arbiter)
    with CaptureQueriesContext(connection) as many:
        client.get(url(t, "dau-bo-sung/"))
    assert len(many) == len(few) <= 25
    assert client_of(make_user()).get(url(t, "dau-bo-sung/")).status_code == 404
    assert "Record a play-off game" in client.get(url(t, "dau-bo-sung/", lang="en")).content.decode()
