"""The round schedule as data (seed 000, Phụ lục 5 mục 6: "Lịch thi đấu: ngày tập trung, ...,
lịch thi đấu, ngày nghỉ giữa giải, ngày bế mạc") and the late arrival that reads it (Điều
10.2.1a: "Đến giờ thi đấu, nếu một hoặc cả hai đấu thủ đến chậm, trọng tài vẫn bấm đồng hồ chạy
... Ai đến chậm quá thời gian do ban tổ chức quy định (15, 30 hay 60 phút) thì bị tính thua").

Hand-worked example: the event runs 04/05/2026-10/05/2026 with 30 minutes allowed; round 1 is
scheduled on 05/05/2026 at 14:00. A player who comes at 14:25 is in time (25 ≤ 30); one who has
not come when the arbiter declares at 14:31 loses (31 > 30) and the record's start is 14:00,
which the arbiter did not type."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import ServiceError
from tests.admin_forms import form_data
from tests.factories import make_staff, make_user
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tests.workspace.arbiter_support import client_of, event, url
from tournaments import selectors, services
from tournaments.models import LateArrival, ScheduledRound

pytestmark = pytest.mark.django_db

START = date(2026, 5, 4)
ROUND_ONE = timezone.make_aware(datetime(2026, 5, 5, 14, 0))


def _round_one(staff, late_minutes: int = 30):
    t = create_tournament(staff, ratings=[2000, 1900, 1800, 1700], seed=3,
                          name="Giải lịch thi đấu", system="round_robin",
                          end_date=START + timedelta(days=6), late_arrival_minutes=late_minutes)
    services.set_round_schedule(t, 1, date(2026, 5, 5), time(14, 0), user=staff)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": 1}, lambda *a: None)
    return t, t.rounds.get(number=1)


def test_late_arrival_reads_the_round_start_from_the_schedule():
    """The example above: 14:25 in time, not come at 14:31 loses; start 14:00 from the
    schedule."""
    staff = make_staff()
    t, rnd = _round_one(staff)
    assert selectors.scheduled_start(t, 1) == ROUND_ONE
    board = rnd.pairings.filter(kind="game").order_by("board").first()
    with pytest.raises(ServiceError) as in_time:
        services.record_late_arrival(board, "white", user=staff,
                                     arrived_at=ROUND_ONE + timedelta(minutes=25),
                                     decided_at=ROUND_ONE + timedelta(minutes=31))
    assert in_time.value.code == "arrived_in_time"
    late = services.record_late_arrival(board, "white", user=staff,
                                        decided_at=ROUND_ONE + timedelta(minutes=31))
    board.refresh_from_db()
    assert late.scheduled_start == ROUND_ONE and board.result == "-+"


def test_a_round_the_schedule_does_not_name_needs_the_start_typed():
    staff = make_staff()
    t, rnd = _round_one(staff)
    ScheduledRound.objects.filter(tournament=t).delete()
    board = rnd.pairings.filter(kind="game").first()
    api = client_for(staff)
    error = assert_error(api.post(f"/api/v1/tournament-pairings/{board.pk}/late-arrival/", {
        "side": "black", "decided_at": (ROUND_ONE + timedelta(minutes=40)).isoformat()},
        format="json"), 400, "no_scheduled_start", "scheduled_start")
    assert "Phụ lục 5 mục 6" in error["message"]
    typed = api.post(f"/api/v1/tournament-pairings/{board.pk}/late-arrival/", {
        "side": "black", "scheduled_start": ROUND_ONE.isoformat(),
        "decided_at": (ROUND_ONE + timedelta(minutes=40)).isoformat()}, format="json")
    assert typed.status_code == 201, typed.content


def test_schedule_through_the_api_dd_mm_yyyy_limits_and_permissions():
    staff = make_staff()
    t, _rnd = _round_one(staff)
    api = client_for(staff)
    made = api.post("/api/v1/tournament-schedule/", {
        "tournament": t.pk, "number": 2, "day": "06/05/2026", "start_time": "08:30",
        "note": "Sáng"}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["day"] == "2026-05-06" and made.json()["start_time"] == "08:30"
    again = api.post("/api/v1/tournament-schedule/", {
        "tournament": t.pk, "number": 2, "day": "07/05/2026", "start_time": "14:00"},
        format="json")
    assert again.status_code == 201 and ScheduledRound.objects.filter(tournament=t).count() == 2
    error = assert_error(api.post("/api/v1/tournament-schedule/", {
        "tournament": t.pk, "number": 3, "day": "11/05/2026", "start_time": "08:00"},
        format="json"), 400, "outside_dates", "day")
    assert "04/05/2026" in error["message"] and "10/05/2026" in error["message"]
    # round 1 has started: its line is part of the record
    services.start_round(t.rounds.get(number=1), user=staff)
    assert_error(api.post("/api/v1/tournament-schedule/", {
        "tournament": t.pk, "number": 1, "day": "05/05/2026", "start_time": "15:00"},
        format="json"), 400, "round_started", "number")
    outsider = client_for(make_user())
    assert outsider.post("/api/v1/tournament-schedule/", {
        "tournament": t.pk, "number": 4, "day": "08/05/2026", "start_time": "08:00"},
        format="json").status_code == 403
    listed = api.get("/api/v1/tournament-schedule/", {"tournament": t.pk}).json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [(r["number"], r["day"], r["start_time"]) for r in rows] == [
        (1, "2026-05-05", "14:00"), (2, "2026-05-07", "14:00")]


def test_admin_schedule_inline_goes_through_the_service(client):
    staff = make_staff()
    client.force_login(staff)
    t, _rnd = _round_one(staff)
    page = client.get(f"/admin/tournaments/tournament/{t.pk}/change/")
    assert page.status_code == 200
    data = form_data(page.content.decode(), "tournament_form")
    data.update({"round_schedule-TOTAL_FORMS": ["2"],
                 "round_schedule-1-tournament": [str(t.pk)],
                 "round_schedule-1-number": ["2"], "round_schedule-1-day": ["12/05/2026"],
                 "round_schedule-1-start_time": ["08:00"], "round_schedule-1-note": [""],
                 "_save": ["Lưu"]})
    refused = client.post(f"/admin/tournaments/tournament/{t.pk}/change/", data)
    assert refused.status_code == 200 and "Phụ lục 5 mục 2, 6" in refused.content.decode()
    assert not ScheduledRound.objects.filter(tournament=t, number=2).exists()
    data["round_schedule-1-day"] = ["06/05/2026"]
    saved = client.post(f"/admin/tournaments/tournament/{t.pk}/change/", data)
    assert saved.status_code == 302, [line for line in saved.content.decode().splitlines()
                                      if "errorlist" in line][:5]
    line = ScheduledRound.objects.get(tournament=t, number=2)
    assert (line.day, line.start_time) == (date(2026, 5, 6), time(8, 0))


def test_admin_late_arrival_without_a_start_reads_the_schedule(client):
    staff = make_staff()
    client.force_login(staff)
    _t, rnd = _round_one(staff)
    board = rnd.pairings.filter(kind="game").first()
    url_add = "/admin/tournaments/latearrival/add/"
    data = form_data(client.get(url_add).content.decode(), "latearrival_form")
    data.update({"pairing": [str(board.pk)], "side": ["white"],
                 "scheduled_start_0": [""], "scheduled_start_1": [""],
                 "decided_at_0": ["05/05/2026"], "decided_at_1": ["14:31:00"],
                 "_save": ["Lưu"]})
    saved = client.post(url_add, data)
    assert saved.status_code == 302, [line for line in saved.content.decode().splitlines()
                                      if "errorlist" in line][:5]
    assert LateArrival.objects.get().scheduled_start == ROUND_ONE


def test_public_event_page_and_api_show_the_schedule():
    staff = make_staff()
    t, _rnd = _round_one(staff)
    services.set_round_schedule(t, 2, date(2026, 5, 6), time(8, 30), user=staff,
                                note="Sau lễ khai mạc")
    body = Client().get(f"/api/v1/public/tournaments/{t.pk}/").json()
    assert body["round_schedule"] == [
        {"number": 1, "day": "2026-05-05", "start_time": "14:00", "note": ""},
        {"number": 2, "day": "2026-05-06", "start_time": "08:30", "note": "Sau lễ khai mạc"}]
    page = Client().get(f"/giai-dau/{t.pk}/").content.decode()
    assert "Lịch thi đấu từng ván" in page
    assert "05/05/2026" in page and "14:00" in page and "Sau lễ khai mạc" in page
    assert "2026-05-06</time>" not in page  # the date is shown dd/mm/yyyy


def test_workspace_late_arrival_form_prefills_the_scheduled_start():
    t, arbiter, staff = event(4, paired=1, late_minutes=30)
    services.set_round_schedule(t, 1, date(2026, 5, 5), time(14, 0), user=staff)
    p = t.rounds.get(number=1).pairings.filter(kind="game").order_by("board").first()
    form = client_of(arbiter).get(url(t, f"ban/{p.pk}/den-muon/")).content.decode()
    assert 'name="scheduled_start" value="14:00"' in form and 'value="05/05/2026"' in form


def test_refusals_in_english_under_accept_language():
    staff = make_staff()
    t, _rnd = _round_one(staff)
    error = assert_error(client_for(staff).post("/api/v1/tournament-schedule/", {
        "tournament": t.pk, "number": 3, "day": "11/05/2026", "start_time": "08:00"},
        format="json", HTTP_ACCEPT_LANGUAGE="en"), 400, "outside_dates", "day")
    assert error["message"].startswith("Round 3's day (11/05/2026) must be within")
