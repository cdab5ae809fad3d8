"""The arbiter's screens, "Bàn trọng tài" (issue 27), through the test client: every write goes
through the services with their permissions, version checks and official-record rules; every
refusal is a Vietnamese message next to what it concerns, and nothing is written."""

from __future__ import annotations

import io
import re
from datetime import datetime

import pytest
from django.test import Client
from django.utils import timezone
from openpyxl import load_workbook

from core.models import Job
from games.models import GameRecord
from tests.documents.documents_support import pdf_pages
from tests.factories import make_club, make_club_manager
from tests.workspace.arbiter_support import arbiter_user, client_of, event, url
from tournaments import services
from tournaments.models import LateArrival, Official, Pairing, ResultChange, Round

pytestmark = pytest.mark.django_db

ILLEGAL = "P2-5 M8.7 X1.5 X9-8"  # ply 3: Đỏ's chariot on file 1 cannot pass its soldier
LEGAL = "P2-5 M8.7 M2.3 X9-8"


def _boards(t, number=1):
    return list(Pairing.objects.filter(round__tournament=t, round__number=number,
                                       kind=Pairing.Kind.GAME).order_by("board"))


def _text(response) -> str:
    return response.content.decode()


def _enter(client, t, p, result, version=None):
    return client.post(url(t, f"ban/{p.pk}/ket-qua/"),
                       {"result": result, "version": p.version if version is None else version})


def _play_round(t, user, number=1):
    rnd = t.rounds.get(number=number)
    services.record_results(rnd, [{"pairing": p.pk, "result": "1-0", "version": p.version}
                                  for p in _boards(t, number)], user=user)


# --- who sees what ---------------------------------------------------------------------------

def test_the_arbiter_sees_only_the_events_he_officiates():
    mine, arbiter, _staff = event(4, name="Giải Của Tôi")
    other, _other_arbiter, _ = event(4, name="Giải Người Khác")
    page = client_of(arbiter).get("/lam-viec/trong-tai/")
    assert page.status_code == 200
    text = _text(page)
    assert "Giải Của Tôi" in text and "Giải Người Khác" not in text
    assert "Tổng trọng tài" in text and "04/05/2026" in text  # role in words, dd/mm/yyyy


def test_permission_walk_every_page_and_form():
    """Anonymous users go to the sign-in page; the arbiter of another event and a club
    manager get 404 on every page and form of the event, and nothing is written."""
    t, arbiter, _staff = event(4, paired=1)
    p = _boards(t)[0]
    entry = t.entries.first()
    other = arbiter_user("Trọng Tài Giải Khác")
    event(4, arbiter=other, name="Giải Khác")
    manager = make_club_manager(make_club())
    job = Job.objects.create(kind="tournaments.pair_round", key=services.pairing_job_key(t, 2),
                             params={"tournament": t.pk, "round": 2})
    pages = ["", "?van=1", "dau-thu/", f"dau-thu/{entry.pk}/", f"ban/{p.pk}/den-muon/",
             f"ban/{p.pk}/bien-ban/", f"ban/{p.pk}/doi-cap/", f"xep-cap/{job.pk}/",
             f"xep-cap/{job.pk}/tien-do/",
             "in/xep-hang/", "in/cap-dau/?van=1"]
    forms = {f"ban/{p.pk}/ket-qua/": {"result": "1-0", "version": p.version},
             f"ban/{p.pk}/hoan-tac/": {"change": 1},
             f"ban/{p.pk}/den-muon/": {"side": "white"},
             f"ban/{p.pk}/den-muon/huy/": {"side": "white", "version": 1},
             f"ban/{p.pk}/bien-ban/moves/": {"moves_text": LEGAL, "notation": "auto"},
             f"ban/{p.pk}/doi-cap/": {"swap_colours": "on", "reason": "x", "version": 1},
             "xep-cap/": {"round": 2}, "van/1/bat-dau/": {}, "ket-thuc/": {},
             f"dau-thu/{entry.pk}/": {"action": "withdraw", "bo-confirm": "on"}}
    anonymous = Client()
    for path in pages:
        response = anonymous.get(url(t, path))
        assert response.status_code == 302 and response["Location"].startswith("/dang-nhap/?next="), path
    for path, data in forms.items():
        assert anonymous.post(url(t, path), data).status_code == 302, path
    for user in (other, manager):
        client = client_of(user)
        for path in pages:
            assert client.get(url(t, path)).status_code == 404, (user, path)
        for path, data in forms.items():
            assert client.post(url(t, path), data).status_code == 404, (user, path)
    assert client_of(manager).get("/lam-viec/trong-tai/").status_code == 403
    own = client_of(arbiter)
    for path in pages[:7]:  # the event's own arbiter: no player's private data on any page
        text = _text(own.get(url(t, path)))
        assert "01/01/1990" not in text and "1990-01-01" not in text, path
    p.refresh_from_db()
    entry.refresh_from_db()
    assert p.result == "" and entry.withdrawn_on is None
    assert not GameRecord.objects.exists() and not LateArrival.objects.exists()
    assert t.rounds.count() == 1 and t.rounds.get().status == Round.Status.PAIRED
    assert p.version == 1


# --- results ---------------------------------------------------------------------------------

def test_a_result_is_recorded_through_the_service_and_the_page_moves_to_the_next_board():
    t, arbiter, _staff = event(8, paired=1)
    first, second, *_rest = _boards(t)
    client = client_of(arbiter)
    response = _enter(client, t, first, "1/2-1/2")
    assert response.status_code == 302
    assert response["Location"].endswith(f"?van=1#ban-{second.board}")
    first.refresh_from_db()
    assert first.result == "1/2-1/2" and first.version == 2
    change = ResultChange.objects.get(pairing=first)
    assert (change.source, change.changed_by) == ("workspace", arbiter)
    page = _text(client.get(url(t, "?van=1")))
    assert "Bàn 1: Hòa." in page  # the notice, in words
    assert 'aria-pressed="true"' in page and "do Trọng Tài Chính ghi lúc" in page
    assert t.rounds.get().status == Round.Status.STARTED


@pytest.mark.parametrize("data, message", [
    ({"version": 1}, "Hãy bấm một kết quả."),
    ({"result": "2-0", "version": 1}, "Kết quả không hợp lệ; hãy bấm một trong các nút."),
    ({"result": "1-0"}, "Thiếu phiên bản của bàn; hãy tải lại trang."),
])
def test_bad_result_input_is_refused_on_the_board_and_nothing_is_written(data, message):
    t, arbiter, _staff = event(4, paired=1)
    p = _boards(t)[0]
    response = client_of(arbiter).post(url(t, f"ban/{p.pk}/ket-qua/"), data)
    assert response.status_code == 400
    text = _text(response)
    assert f'<p class="error" role="alert" id="error-ban-{p.board}">{message}</p>' in text
    p.refresh_from_db()
    assert p.result == "" and not ResultChange.objects.exists()


def test_a_stale_version_shows_who_entered_what_and_lets_the_arbiter_choose():
    t, arbiter, _staff = event(4, paired=1)
    deputy = arbiter_user("Phó Trọng Tài")
    Official.objects.create(tournament=t, person=deputy.person, role=Official.Role.DEPUTY)
    p = _boards(t)[0]
    seen = p.version
    assert _enter(client_of(deputy), t, p, "1-0").status_code == 302
    client = client_of(arbiter)
    conflict = _enter(client, t, p, "0-1", version=seen)
    assert conflict.status_code == 409
    text = _text(conflict)
    assert "do Phó Trọng Tài ghi lúc" in text
    assert re.search(r'id="theirs"><strong class="res">1-0</strong> Đỏ thắng', text)
    assert re.search(r'id="mine"><strong class="res">0-1</strong> Đen thắng', text)
    p.refresh_from_db()
    assert p.result == "1-0"  # nothing written by the stale entry
    assert 'name="version" value="2"' in text  # "mine" is offered against the stored version
    chosen = _enter(client, t, p, "0-1", version=2)
    assert chosen.status_code == 302
    p.refresh_from_db()
    assert p.result == "0-1" and p.version == 3


def test_undo_takes_back_the_last_entry_within_the_round_only():
    t, arbiter, _staff = event(4, paired=1)
    client = client_of(arbiter)
    first, second = _boards(t)
    _enter(client, t, first, "1-0")
    change = ResultChange.objects.get(pairing=first)
    page = _text(client.get(url(t)))
    assert "Hoàn tác (về chưa có kết quả)" in page
    response = client.post(url(t, f"ban/{first.pk}/hoan-tac/"), {"change": change.pk})
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.result == "" and first.version == 3
    again = client.post(url(t, f"ban/{first.pk}/hoan-tac/"), {"change": change.pk})
    assert again.status_code == 409 and "Chỉ hoàn tác được lần ghi kết quả cuối cùng" in _text(again)
    first.refresh_from_db()
    assert first.result == ""
    # once the next round is paired, round 1 is no longer undone
    _enter(client, t, first, "1-0")
    first.refresh_from_db()
    _enter(client, t, second, "0-1")
    services.pair_round_job({"tournament": t.pk, "round": 2, "seed": 1}, lambda *a: None)
    last = ResultChange.objects.filter(pairing=first).order_by("-version").first()
    late = client.post(url(t, f"ban/{first.pk}/hoan-tac/"), {"change": last.pk})
    assert late.status_code == 400 and "Ván 1 đã qua" in _text(late)
    first.refresh_from_db()
    assert first.result == "1-0"


def test_a_certified_event_shows_no_buttons_and_refuses_a_result():
    t, arbiter, staff = event(4, paired=1, rounds=1)
    _play_round(t, staff)
    services.finish_tournament(t, user=staff)
    services.certify_tournament(t, user=staff)
    p = _boards(t)[0]
    client = client_of(arbiter)
    page = _text(client.get(url(t)))
    assert "Giải đã được công nhận kết quả và bị khóa" in page and "result-buttons" not in page
    response = _enter(client, t, p, "0-1")
    assert response.status_code == 400
    assert "Giải đã được công nhận kết quả và bị khóa" in _text(response)
    p.refresh_from_db()
    assert p.result == "1-0"


# --- rounds and pairing ------------------------------------------------------------------------

def test_start_round_then_pair_the_next_with_its_progress(jobs_in_process, django_capture_on_commit_callbacks):
    t, arbiter, _staff = event(6, paired=1)
    client = client_of(arbiter)
    assert client.post(url(t, "van/1/bat-dau/")).status_code == 302
    assert t.rounds.get(number=1).status == Round.Status.STARTED
    refused = client.post(url(t, "xep-cap/"), {"round": 2})
    assert refused.status_code == 400
    assert "Ván 1 chưa đủ kết quả; chưa xếp được ván 2." in _text(refused)
    assert not Job.objects.exists()
    for p in _boards(t):
        _enter(client, t, p, "1-0")
    assert "Xếp cặp ván 2" in _text(client.get(url(t)))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url(t, "xep-cap/"), {"round": 2})
    assert response.status_code == 302 and "/xep-cap/" in response["Location"]
    job = Job.objects.get()
    progress = client.get(response["Location"])
    text = _text(progress)
    assert 'id="pairing-bar" max="100" value="100"' in text and "Đã xếp xong ván 2" in text
    assert "Xem cặp đấu ván 2" in text and "tournaments.pair_round" not in text
    data = client.get(url(t, f"xep-cap/{job.pk}/tien-do/")).json()
    assert data["done"] and data["percent"] == 100 and data["next"].endswith("?van=2")
    assert t.rounds.count() == 2


def test_the_progress_moves_while_the_job_runs():
    t, arbiter, _staff = event(4, paired=1)
    job = Job.objects.create(kind="tournaments.pair_round", key=services.pairing_job_key(t, 2),
                             params={"tournament": t.pk, "round": 2}, state=Job.State.RUNNING,
                             progress=44, message="pairing")
    client = client_of(arbiter)
    data = client.get(url(t, f"xep-cap/{job.pk}/tien-do/")).json()
    assert (data["percent"], data["text"], data["done"]) == (44, "Đang xếp cặp", False)
    Job.objects.filter(pk=job.pk).update(progress=80, message="writing")
    assert client.get(url(t, f"xep-cap/{job.pk}/tien-do/")).json()["text"] == \
        "Đang ghi các cặp đấu"
    english = client.get(url(t, f"xep-cap/{job.pk}/tien-do/", lang="en")).json()
    assert english["text"] == "Writing the pairings" and "/en/" in english["next"]
    Job.objects.filter(pk=job.pk).update(state=Job.State.FAILED, error={
        "code": "pairing_failed", "message": "Không xếp được: thiếu đấu thủ.", "fields": {}})
    page = _text(client.get(url(t, f"xep-cap/{job.pk}/")))
    assert "Không xếp được: thiếu đấu thủ." in page and "pairing_failed" not in page


# --- late arrivals (Điều 10.2.1a) -------------------------------------------------------------------

def test_late_arrival_prefills_the_start_refuses_in_time_and_records_the_forfeit():
    t, arbiter, _staff = event(4, paired=1, late_minutes=30)
    client = client_of(arbiter)
    client.post(url(t, "van/1/bat-dau/"))
    rnd = t.rounds.get(number=1)
    start = timezone.make_aware(datetime(2026, 5, 4, 8, 0))
    Round.objects.filter(pk=rnd.pk).update(started_at=start)
    p = _boards(t)[0]
    form = _text(client.get(url(t, f"ban/{p.pk}/den-muon/")))
    assert 'name="scheduled_start" value="08:00"' in form and 'value="04/05/2026"' in form
    data = {"side": "black", "day": "04/05/2026", "scheduled_start": "08:00",
            "arrived_at": "08:20", "decided_at": "09:00", "note": "Kẹt xe", "version": p.version}
    refused = client.post(url(t, f"ban/{p.pk}/den-muon/"), data)
    assert refused.status_code == 400
    text = _text(refused)
    assert re.search(r'id="error-arrived_at">Đấu thủ đến lúc 08:20, trong thời gian cho phép', text)
    assert "Kẹt xe" in text and not LateArrival.objects.exists()
    empty = client.post(url(t, f"ban/{p.pk}/den-muon/"), {"day": "31/02/2026"})
    assert empty.status_code == 400
    assert 'id="error-side">Chọn đấu thủ đến muộn.' in _text(empty)
    data["arrived_at"] = ""
    done = client.post(url(t, f"ban/{p.pk}/den-muon/"), data)
    assert done.status_code == 302
    p.refresh_from_db()
    assert p.result == "+-"
    late = LateArrival.objects.get()
    assert late.scheduled_start == start and late.side == "black"
    page = _text(client.get(url(t)))
    assert "thua do đến muộn (Điều 10.2.1a)" in page
    cancel = client.post(url(t, f"ban/{p.pk}/den-muon/huy/"), {"side": "black",
                                                              "version": p.version})
    assert cancel.status_code == 302
    p.refresh_from_db()
    assert p.result == "" and not LateArrival.objects.exists()


# --- withdrawals and requested byes --------------------------------------------------------------

def test_withdrawal_and_requested_bye_with_errors_on_their_fields():
    t, arbiter, _staff = event(6, paired=1, rounds=4)
    client = client_of(arbiter)
    entry = t.entries.order_by("starting_number").first()
    listing = _text(client.get(url(t, "dau-thu/") + "?q=" + entry.name))
    assert entry.name in listing and "Đang thi đấu" in listing
    missing = client.post(url(t, f"dau-thu/{entry.pk}/"), {"action": "withdraw",
                                                           "bo-on_date": "32/13/2026"})
    assert missing.status_code == 400
    text = _text(missing)
    assert 'id="error-bo-confirm"' in text and 'id="error-bo-on_date"' in text
    assert 'value="32/13/2026"' in text  # what was typed is kept
    bye = client.post(url(t, f"dau-thu/{entry.pk}/"), {"action": "bye", "nghi-round": "1",
                                                       "nghi-points": "0.5"})
    assert bye.status_code == 400 and 'id="error-nghi-round"' in _text(bye)
    entry.refresh_from_db()
    assert entry.withdrawn_on is None and entry.requested_byes == []
    ok = client.post(url(t, f"dau-thu/{entry.pk}/"), {"action": "bye", "nghi-round": "3",
                                                     "nghi-points": "0.5"})
    assert ok.status_code == 302
    entry.refresh_from_db()
    assert entry.requested_byes == [{"round": 3, "points": 0.5}]
    gone = client.post(url(t, f"dau-thu/{entry.pk}/"), {"action": "withdraw",
                                                       "bo-on_date": "05/05/2026",
                                                       "bo-confirm": "on"})
    assert gone.status_code == 302
    entry.refresh_from_db()
    assert entry.withdrawn_on.strftime("%d/%m/%Y") == "05/05/2026"
    page = _text(client.get(url(t, f"dau-thu/{entry.pk}/")))
    assert "Đã bỏ cuộc ngày 05/05/2026" in page


def test_a_round_robin_refuses_a_requested_bye_in_words():
    t, arbiter, _staff = event(4, system="round_robin")
    entry = t.entries.first()
    response = client_of(arbiter).post(url(t, f"dau-thu/{entry.pk}/"),
                                       {"action": "bye", "nghi-round": "2",
                                        "nghi-points": "0"})
    assert response.status_code == 400
    assert "Chỉ hệ Thụy Sĩ nhận xin nghỉ." in _text(response)


# --- game records --------------------------------------------------------------------------------

def test_game_record_located_error_corrected_decided_and_signed(
        jobs_in_process, django_capture_on_commit_callbacks):
    t, arbiter, _staff = event(4, paired=1)
    p = _boards(t)[0]
    client = client_of(arbiter)
    page = _text(client.get(url(t, f"ban/{p.pk}/bien-ban/")))
    assert "Tạo biên bản" in page and "Việt Nam (P2-5)" in page and "SAN (cờ vua)" not in page
    with django_capture_on_commit_callbacks(execute=True):
        created = client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                              {"moves_text": ILLEGAL, "notation": "vn", "declared_score": ""})
    assert created.status_code == 302
    game = GameRecord.objects.get(pairing=p)
    text = _text(client.get(url(t, f"ban/{p.pk}/bien-ban/")))
    assert "Không hợp lệ" in text
    assert re.search(r"Nước 2 của Đỏ: “X1.5”", text)
    assert '<li class="tok bad" id="bad-move" aria-current="true"><mark>X1.5</mark></li>' in text
    assert '<li class="tok unread">X9-8</li>' in text
    assert ILLEGAL in text  # the typed moves stay in the box
    stale = client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                        {"moves_text": LEGAL, "notation": "vn", "version": game.version + 5})
    assert stale.status_code == 409
    assert "Biên bản đã được sửa" in _text(stale) and LEGAL in _text(stale)
    with django_capture_on_commit_callbacks(execute=True):
        fixed = client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                            {"moves_text": LEGAL, "notation": "vn", "declared_score": "1-0",
                             "version": game.version})
    assert fixed.status_code == 302
    game.refresh_from_db()
    assert game.validation_status in ("valid", "warnings") and game.validation_error is None
    early = client.post(url(t, f"ban/{p.pk}/bien-ban/sign/"), {"who": "arbiter",
                                                              "version": game.version})
    assert early.status_code == 400
    assert "Trọng tài phải ghi phán quyết trước khi ký." in _text(early)
    wrong = client.post(url(t, f"ban/{p.pk}/bien-ban/decision/"),
                        {"decision": "draw", "reason": "resignation", "version": game.version})
    assert wrong.status_code == 400
    assert re.search(r'id="error-reason">Lý do “Xin thua” không khớp', _text(wrong))
    with django_capture_on_commit_callbacks(execute=True):
        decided = client.post(url(t, f"ban/{p.pk}/bien-ban/decision/"),
                              {"decision": "white_wins", "reason": "resignation",
                               "version": game.version})
    assert decided.status_code == 302
    p.refresh_from_db()
    assert p.result == "1-0"
    game.refresh_from_db()
    for who in ("arbiter", "white", "black"):
        game.refresh_from_db()
        assert client.post(url(t, f"ban/{p.pk}/bien-ban/sign/"),
                           {"who": who, "version": game.version}).status_code == 302
    game.refresh_from_db()
    assert game.arbiter_signed_by == arbiter and game.white_signed_at and game.black_signed_at
    signed = _text(client.get(url(t, f"ban/{p.pk}/bien-ban/")))
    assert "Mở biên bản để sửa" in signed and 'id="moves-form"' not in signed


def test_cautions_and_faults_on_the_record():
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    p = _boards(t)[0]
    client = client_of(arbiter)
    client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"), {"moves_text": "e4 e5", "notation": "san"})
    empty = client.post(url(t, f"ban/{p.pk}/bien-ban/warning/"), {"reason": "conduct"})
    assert empty.status_code == 400 and 'id="error-side"' in _text(empty)
    long = client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                       {"side": "white", "kind": "technical", "note": "x" * 1001})
    assert long.status_code == 400 and 'id="error-note"' in _text(long)
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/warning/"),
                       {"side": "black", "reason": "conduct"}).status_code == 302
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                       {"side": "white", "kind": "technical"}).status_code == 302
    page = _text(client.get(url(t, f"ban/{p.pk}/bien-ban/")))
    assert "Vi phạm tác phong (Điều 15.7)" in page and "Lỗi kỹ thuật" in page
    assert "Trắng: 1 lỗi kỹ thuật, 0 lỗi tác phong" in page


# --- printing --------------------------------------------------------------------------------

def test_print_the_pairings_in_one_click(jobs_in_process, django_capture_on_commit_callbacks):
    """The PDF at once when current; else the page that waits for its rendering and asks
    again by itself (here the rendering job runs when the request's transaction ends)."""
    t, arbiter, _staff = event(4, paired=1)
    client = client_of(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        first = client.get(url(t, "in/cap-dau/?van=1"))
    if first.status_code == 202:
        text = _text(first)
        assert 'http-equiv="refresh" content="3"' in text and "Đang tạo tệp PDF" in text
        first = client.get(url(t, "in/cap-dau/?van=1"))  # what the page's refresh does
    assert first.status_code == 200 and first["Content-Type"] == "application/pdf"
    assert b"".join(first.streaming_content).startswith(b"%PDF")
    assert client.get(url(t, "in/khac/")).status_code == 404
    assert client.get(url(t, "in/cap-dau/?van=7")).status_code == 404


def test_print_every_board_s_score_sheet_of_a_round_in_one_pdf(
        jobs_in_process, django_capture_on_commit_callbacks):
    """The venue's pile (Phụ lục 4): one PDF, one sheet per board in board order, the
    boards' players on their sheet; another arbiter's event and a round not paired: 404."""
    t, arbiter, _staff = event(6, paired=1)
    boards = _boards(t)
    client = client_of(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        first = client.get(url(t, "in/bien-ban-van/?van=1"))
    if first.status_code == 202:
        first = client.get(url(t, "in/bien-ban-van/?van=1"))
    assert first.status_code == 200 and first["Content-Type"] == "application/pdf"
    pages = pdf_pages(b"".join(first.streaming_content))
    assert len(pages) == len(boards) == 3
    for page, p in zip(pages, boards, strict=True):
        assert "BIÊN BẢN THI ĐẤU" in page and p.white.name in page and p.black.name in page
    assert 'id="print-scoresheets"' in _text(client.get(url(t, "?van=1")))
    assert client.get(url(t, "in/bien-ban-van/?van=2")).status_code == 404
    other, _other_arbiter, _ = event(4, paired=1)
    assert client.get(url(other, "in/bien-ban-van/?van=1")).status_code == 404


def test_standings_and_crosstable_as_excel_in_the_pages_language():
    """Issue 29: the lists the arbiter prints also as .xlsx, read back with openpyxl;
    Vietnamese headers, English under /en/; only for the event's officials."""
    t, arbiter, _staff = event(4, paired=1)
    _play_round(t, arbiter)
    client = client_of(arbiter)
    assert url(t, "excel/xep-hang/") in _text(client.get(url(t)))

    def header(path, lang=""):
        response = client.get(url(t, path, lang))
        assert response.status_code == 200, response.status_code
        book = load_workbook(io.BytesIO(response.content))
        return [list(row) for row in book.active.iter_rows(values_only=True)]

    standings = header("excel/xep-hang/")
    assert standings[0][:3] == ["Hạng", "Số xếp", "Họ tên"] and len(standings) == 5
    assert {row[2] for row in standings[1:]} == {f"Kỳ Thủ Giải Cờ Tướng Thử {i}"
                                                  for i in range(1, 5)}
    assert header("excel/xep-hang/", "en")[0][0] == "Rank"
    assert header("excel/bang-cheo/")[0][:5] == ["Hạng", "Số xếp", "Họ tên", "Elo", "V1"]
    assert client.get(url(t, "excel/khac/")).status_code == 404
    assert client_of(arbiter_user("Người Khác")).get(url(t, "excel/xep-hang/")).status_code \
        == 404


# --- language and query counts ------------------------------------------------------------------

def test_english_under_en():
    t, arbiter, _staff = event(4, paired=1)
    response = client_of(arbiter).get(url(t, lang="en"))
    assert response.status_code == 200
    text = _text(response)
    assert '<html lang="en">' in text and "/en/lam-viec/trong-tai/giai/" in text
    assert "Board 1" in text and ">Red</span>" in text and "Pair round" not in text
    assert 'title="Red wins by forfeit"' in text and "Bàn 1" not in text
    p = _boards(t)[0]
    refused = client_of(arbiter).post(url(t, f"ban/{p.pk}/ket-qua/", lang="en"),
                                      {"result": "9-9", "version": p.version})
    assert "Invalid result; press one of the buttons." in _text(refused)


def _queries(client, path) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


def test_query_counts_do_not_grow_with_the_event():
    """Every page of an 8-player and a 90-player event (two pages of boards) takes the same
    number of queries, at most 15."""
    small, arbiter, staff = event(8, paired=1)
    large, _a, _s = event(90, paired=1, arbiter=arbiter, staff=staff, name="Giải Lớn")
    client = client_of(arbiter)
    counts = {}
    for t in (small, large):
        boards = _boards(t)
        for p in boards[:3]:
            services.record_result(p, "1-0", user=staff, expected_version=p.version)
        entry = t.entries.order_by("starting_number").first()
        paths = ["", "?chua-xong=1", "dau-thu/", "dau-thu/?q=Kỳ", f"dau-thu/{entry.pk}/",
                 f"ban/{boards[0].pk}/den-muon/", f"ban/{boards[1].pk}/bien-ban/",
                 f"ban/{boards[2].pk}/doi-cap/"]
        counts[t.pk] = [_queries(client, url(t, path)) for path in paths]
    assert counts[small.pk] == counts[large.pk], counts
    assert max(counts[large.pk]) <= 15, counts


def test_home_query_count_does_not_grow():
    arbiter = arbiter_user()
    event(4, arbiter=arbiter, paired=1)
    client = client_of(arbiter)
    one = _queries(client, "/lam-viec/trong-tai/")
    event(4, arbiter=arbiter, paired=1, name="Giải Thứ Hai")
    event(4, arbiter=arbiter, name="Giải Thứ Ba")
    assert _queries(client, "/lam-viec/trong-tai/") == one <= 15


def test_jump_to_a_board_opens_its_page():
    t, arbiter, _staff = event(90, paired=1)
    response = client_of(arbiter).get(url(t) + "?van=1&ban=44")
    assert response.status_code == 302
    assert response["Location"].endswith("?van=1&trang=2#ban-44")
    page = _text(client_of(arbiter).get(url(t) + "?van=1&trang=2"))
    assert 'id="ban-44"' in page and 'id="ban-1"' not in page


def test_a_pairing_changed_before_the_start_with_its_reason():
    t, arbiter, _staff = event(8, paired=1)
    client = client_of(arbiter)
    first, second = _boards(t)[:2]
    assert "Đổi cặp" in _text(client.get(url(t)))
    empty = client.post(url(t, f"ban/{first.pk}/doi-cap/"),
                        {"swap_colours": "on", "version": first.version})
    assert empty.status_code == 400 and 'id="error-reason"' in _text(empty)
    unknown = client.post(url(t, f"ban/{first.pk}/doi-cap/"),
                          {"white_number": "77", "reason": "Nhầm bàn", "version": first.version})
    assert unknown.status_code == 400
    assert 'id="error-white_number">Giải không có đấu thủ số 77.' in _text(unknown)
    assert "Nhầm bàn" in _text(unknown)  # the reason typed is kept
    white, black = first.white, first.black
    done = client.post(url(t, f"ban/{first.pk}/doi-cap/"),
                       {"swap_colours": "on", "reason": "Đổi màu theo Điều 27",
                        "version": first.version})
    assert done.status_code == 302
    first.refresh_from_db()
    assert (first.white, first.black) == (black, white)
    stale = client.post(url(t, f"ban/{first.pk}/doi-cap/"),
                        {"swap_colours": "on", "reason": "Lại", "version": 1})
    assert stale.status_code == 409 and "Cặp đấu đã bị thay đổi" in _text(stale)
    client.post(url(t, "van/1/bat-dau/"))
    assert "Đổi cặp" not in _text(client.get(url(t)))
    late = client.post(url(t, f"ban/{second.pk}/doi-cap/"),
                       {"swap_colours": "on", "reason": "Muộn", "version": second.version})
    assert late.status_code == 400
    assert "Ván đã bắt đầu; không thay đổi cặp đấu được nữa." in _text(late)
    second.refresh_from_db()
    assert second.version == 1


def test_finish_the_event_after_its_last_round():
    t, arbiter, _staff = event(4, paired=1, rounds=1)
    client = client_of(arbiter)
    early = client.post(url(t, "ket-thuc/"))
    assert early.status_code == 400
    assert "Còn 2 bàn thiếu kết quả" in _text(early)
    for p in _boards(t):
        _enter(client, t, p, "1-0")
    page = _text(client.get(url(t)))
    assert "Kết thúc giải" in page and "Xếp cặp ván 2" not in page
    assert client.post(url(t, "ket-thuc/")).status_code == 302
    t.refresh_from_db()
    assert t.status == t.Status.FINISHED
