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


def _pair_more(t, arbiter, rounds: int) -> None:
    """Enter every result of the last paired round, then pair the next, ``rounds`` times."""
    for _ in range(rounds):
        last = t.rounds.filter(paired_at__isnull=False).order_by("-number").first()
        boards = last.pairings.filter(kind="game", black__isnull=False)
        services.record_results(last, [{"pairing": p.pk, "version": p.version, "result": "1-0"}
                                       for p in boards], user=arbiter)
        services.pair_round_job({"tournament": t.pk, "round": last.number + 1, "seed": 3},
                                lambda *a: None)


def test_arbiter_files_a_club_complaint_chosen_from_the_events_clubs_dieu_15_5():
    """Điều 15.5 (đấu thủ, lãnh đội, câu lạc bộ khiếu nại): the club is chosen from the
    event's clubs by name; about the draw it complains alone (15.5d), about a game only with
    its player (15.5b). Bad input: no club, a club not of the event, a club alone about a
    game; a club's manager is not an arbiter (the screen is not his)."""
    from tests.factories import make_club, make_club_manager

    t, arbiter, _staff = event(4, paired=1)
    club = t.entries.first().member.club_memberships.get().club
    other = make_club()
    client = client_of(arbiter)
    page = client.get(url(t, "khieu-nai/moi/")).content.decode()
    assert 'value="club"' in page and "Câu lạc bộ, đơn vị" in page
    assert f'<option value="{club.pk}">{club.name}</option>' in page
    assert other.name not in page and 'value="team_leader"' not in page
    rnd = t.rounds.get(number=1)
    form = {"complainant_kind": "club", "subject": "pairing", "round": rnd.pk,
            "level": "chief_arbiter", "grounds": "Bốc thăm sai màu quân."}
    missing = client.post(url(t, "khieu-nai/moi/"), form)
    assert missing.status_code == 400
    assert 'id="error-complainant_club">Hãy chọn câu lạc bộ' in missing.content.decode()
    stranger = client.post(url(t, "khieu-nai/moi/"), {**form, "complainant_club": other.pk})
    assert stranger.status_code == 400 and 'id="error-complainant_club"' in (
        stranger.content.decode())
    board = rnd.pairings.get(board=1)
    alone = client.post(url(t, "khieu-nai/moi/"), {
        **form, "complainant_club": club.pk, "subject": "result", "pairing": board.pk})
    assert alone.status_code == 400
    assert 'id="error-complainant_entry">Về một ván đấu chỉ đấu thủ' in alone.content.decode()
    assert not Complaint.objects.exists()
    done = client.post(url(t, "khieu-nai/moi/"), {**form, "complainant_club": club.pk})
    assert done.status_code == 302
    made = Complaint.objects.get()
    assert (made.complainant_kind, made.complainant_club_id, made.round_id) == (
        "club", club.pk, rnd.pk)
    manager = make_club_manager(club)
    assert client_of(manager).get(url(t, "khieu-nai/moi/")).status_code == 404
    assert client_of(manager).post(url(t, "khieu-nai/moi/"), {
        **form, "complainant_club": club.pk}).status_code == 404
    assert Complaint.objects.count() == 1


def test_a_club_not_of_the_event_is_refused_by_the_service_dieu_15_5():
    """The API and the service: a club with no player, team or delegation in the event is not
    a complainant of it (code ``not_of_the_event``), even for its own manager."""
    from tests.factories import make_club, make_club_manager
    from tests.helpers import assert_error, client_for

    t, _arbiter, _staff = event(4, paired=1)
    other = make_club()
    response = client_for(make_club_manager(other)).post("/api/v1/complaints/", {
        "tournament": t.pk, "complainant_kind": "club", "complainant_club": other.pk,
        "subject": "pairing", "round": t.rounds.get(number=1).pk, "grounds": "Sai."},
        format="json")
    assert_error(response, 400, "not_of_the_event", "complainant_club")
    assert not Complaint.objects.exists()


def test_the_filing_page_lists_one_rounds_boards_and_its_queries_stay_constant():
    """The board list is one round's (chosen first, ``?vong=N``; the last paired round by
    default): a 4-player event with 1 round and a 10-player event with 3 rounds render the
    page in the same number of queries, at most 15; a board of another round posted with the
    form is still accepted (it is the event's)."""
    small, arbiter, _staff = event(4, paired=1)
    client = client_of(arbiter)
    with CaptureQueriesContext(connection) as few:
        assert client.get(url(small, "khieu-nai/moi/")).status_code == 200
    big, big_arbiter, _ = event(10, paired=1, rounds=5, name="Giải lớn")
    _pair_more(big, big_arbiter, 2)
    big_client = client_of(big_arbiter)
    with CaptureQueriesContext(connection) as many:
        page = big_client.get(url(big, "khieu-nai/moi/")).content.decode()
    assert len(many) == len(few) <= 15, [q["sql"] for q in many.captured_queries]
    assert "Ván 3, bàn 1:" in page and "Ván 1, bàn 1:" not in page
    assert 'id="board-round"' in page and '<option value="3" selected>' in page
    first = big_client.get(url(big, "khieu-nai/moi/?vong=1")).content.decode()
    assert "Ván 1, bàn 1:" in first and "Ván 3, bàn 1:" not in first
    assert "Ván 3, bàn 1:" in big_client.get(url(big, "khieu-nai/moi/?vong=99")).content.decode()
    board = big.rounds.get(number=1).pairings.get(board=1)
    done = big_client.post(url(big, "khieu-nai/moi/?vong=3"), {
        "complainant_kind": "player", "complainant_entry": board.white_id, "subject": "result",
        "pairing": board.pk, "level": "chief_arbiter", "grounds": "Sai kết quả."})
    assert done.status_code == 302
    assert Complaint.objects.get(tournament=big).pairing_id == board.pk
    unknown = big_client.post(url(big, "khieu-nai/moi/"), {
        "complainant_kind": "player", "complainant_entry": board.white_id, "subject": "result",
        "pairing": 10**9, "level": "chief_arbiter", "grounds": "Sai."})
    assert unknown.status_code == 400 and 'id="error-pairing"' in unknown.content.decode()
