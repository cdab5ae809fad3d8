"""Điều 10.2.1a (seed 000): "Ai đến chậm quá thời gian do ban tổ chức quy định (15, 30 hay 60
phút theo quy định) thì bị tính thua ván cờ đó" — the arbiter records the loss with the
times, through the results service; the forfeit shows in the results and the standings."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from django.utils import timezone

from core.errors import ServiceError
from tests.admin_forms import form_data
from tests.factories import make_staff, make_user
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tournaments import selectors, services
from tournaments.models import LateArrival, Pairing, ResultChange

START = date(2026, 5, 4)
CLOCKS = timezone.make_aware(datetime(2026, 5, 4, 8, 0))


def _round_one(staff, late_minutes: int = 30):
    t = create_tournament(staff, ratings=[2000, 1900, 1800, 1700], seed=3, name="Giải đến muộn",
                          system="round_robin", end_date=START + timedelta(days=6),
                          late_arrival_minutes=late_minutes)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": 1}, lambda *a: None)
    return t, t.rounds.get(number=1)


def _late(pairing, side, staff, *, arrived=None, decided=None):
    return services.record_late_arrival(
        pairing, side, user=staff, scheduled_start=CLOCKS, arrived_at=arrived,
        decided_at=decided or CLOCKS + timedelta(minutes=61))


def test_arrival_within_the_allowed_minutes_is_refused(db):
    """30 minutes allowed: arriving at 08:30 is in time (no loss), 08:31 loses."""
    staff = make_staff()
    _t, rnd = _round_one(staff, late_minutes=30)
    board = rnd.pairings.filter(kind="game").first()
    with pytest.raises(ServiceError) as refused:
        _late(board, "white", staff, arrived=CLOCKS + timedelta(minutes=30))
    assert refused.value.code == "arrived_in_time" and "arrived_at" in refused.value.fields
    with pytest.raises(ServiceError) as early:
        _late(board, "white", staff, decided=CLOCKS + timedelta(minutes=20))
    assert early.value.code == "too_early"
    board.refresh_from_db()
    assert board.result == "" and not LateArrival.objects.exists()
    late = _late(board, "white", staff, arrived=CLOCKS + timedelta(minutes=31))
    board.refresh_from_db()
    assert board.result == "-+" and late.allowed_minutes == 30
    change = ResultChange.objects.get(pairing=board)
    assert (change.new_result, change.source) == ("-+", "late_arrival")


def test_both_late_is_a_double_forfeit_and_standings_show_forfeits(db):
    staff = make_staff()
    t, rnd = _round_one(staff)
    first, second = rnd.pairings.filter(kind="game").order_by("board")
    _late(first, "black", staff)
    _late(second, "white", staff)
    _late(second, "black", staff)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, second.result) == ("+-", "--")
    rows = {row["starting_number"]: row for row in selectors.standings(t)["rows"]}
    assert rows[first.white.starting_number]["points"] == 1
    assert rows[first.black.starting_number]["points"] == 0
    assert rows[second.white.starting_number]["points"] == 0
    table = selectors.crosstable(t)
    marks = {row["starting_number"]: row["rounds"][0]["mark"] for row in table["rows"]}
    assert marks[first.white.starting_number] == "+" and marks[first.black.starting_number] == "-"


def test_a_recorded_late_arrival_fixes_the_board_result_until_cancelled(db):
    staff = make_staff()
    _t, rnd = _round_one(staff)
    board = rnd.pairings.filter(kind="game").first()
    late = _late(board, "white", staff)
    board.refresh_from_db()
    with pytest.raises(ServiceError) as guarded:
        services.record_result(board, "1-0", user=staff, expected_version=board.version)
    assert guarded.value.code == "late_arrival_recorded"
    with pytest.raises(ServiceError):
        _late(board, "white", staff)  # once per side
    services.cancel_late_arrival(late, user=staff)
    board.refresh_from_db()
    assert board.result == "" and not board.late_arrivals.exists()
    services.record_result(board, "1-0", user=staff, expected_version=board.version)
    with pytest.raises(ServiceError) as played:
        _late(board, "black", staff)  # a played result is corrected first
    assert played.value.code == "result_conflict"


def test_api_records_lists_and_cancels(db):
    staff = make_staff()
    _t, rnd = _round_one(staff, late_minutes=15)
    board = rnd.pairings.filter(kind="game").first()
    api = client_for(staff)
    url = f"/api/v1/tournament-pairings/{board.pk}/"
    in_time = api.post(f"{url}late-arrival/", {
        "side": "black", "scheduled_start": CLOCKS.isoformat(),
        "arrived_at": (CLOCKS + timedelta(minutes=14)).isoformat(),
        "decided_at": (CLOCKS + timedelta(minutes=20)).isoformat(), "version": board.version},
        format="json")
    assert_error(in_time, 400, "arrived_in_time", field="arrived_at")
    stale = api.post(f"{url}late-arrival/", {
        "side": "black", "scheduled_start": CLOCKS.isoformat(),
        "decided_at": (CLOCKS + timedelta(minutes=16)).isoformat(),
        "version": board.version + 5}, format="json")
    assert_error(stale, 409)
    assert not LateArrival.objects.exists()  # nothing half-written
    made = api.post(f"{url}late-arrival/", {
        "side": "black", "scheduled_start": CLOCKS.isoformat(),
        "decided_at": (CLOCKS + timedelta(minutes=16)).isoformat(), "version": board.version,
        "note": "Không đến"}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["allowed_minutes"] == 15 and made.json()["arrived_at"] is None
    assert api.get(url).json()["result"] == "+-"
    assert [x["side"] for x in api.get(f"{url}late-arrivals/").json()] == ["black"]
    outsider = client_for(make_user())
    assert outsider.post(f"{url}cancel-late-arrival/", {"side": "black"},
                         format="json").status_code in (403, 404)
    cancelled = api.post(f"{url}cancel-late-arrival/", {"side": "black"}, format="json")
    assert cancelled.status_code == 200 and cancelled.json()["result"] == ""


def test_admin_add_form_goes_through_the_service(db, client):
    staff = make_staff()
    client.force_login(staff)
    _t, rnd = _round_one(staff, late_minutes=60)
    board = rnd.pairings.filter(kind="game").first()
    url = "/admin/tournaments/latearrival/add/"
    data = form_data(client.get(url).content.decode(), "latearrival_form")
    local = timezone.localtime(CLOCKS)
    data.update({"pairing": [str(board.pk)], "side": ["white"],
                 "scheduled_start_0": [local.strftime("%d/%m/%Y")],
                 "scheduled_start_1": [local.strftime("%H:%M:%S")],
                 "arrived_at_0": [local.strftime("%d/%m/%Y")],
                 "arrived_at_1": [(local + timedelta(minutes=45)).strftime("%H:%M:%S")],
                 "decided_at_0": [local.strftime("%d/%m/%Y")],
                 "decided_at_1": [(local + timedelta(minutes=45)).strftime("%H:%M:%S")],
                 "_save": ["Lưu"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and "Điều 10.2.1a" in refused.content.decode()
    assert not LateArrival.objects.exists()
    data.update({"arrived_at_1": [(local + timedelta(minutes=75)).strftime("%H:%M:%S")],
                 "decided_at_1": [(local + timedelta(minutes=75)).strftime("%H:%M:%S")]})
    saved = client.post(url, data)
    assert saved.status_code == 302, [line for line in saved.content.decode().splitlines()
                                      if "errorlist" in line]
    assert Pairing.objects.get(pk=board.pk).result == "-+"
    late = LateArrival.objects.get()
    assert late.allowed_minutes == 60 and late.recorded_by == staff
    changelist = "/admin/tournaments/latearrival/"
    client.post(changelist, {"action": "cancel_late_arrivals", "_selected_action": [late.pk]})
    assert not LateArrival.objects.exists()
    assert Pairing.objects.get(pk=board.pk).result == ""
