"""The Điều 15.5 lapse job: no dues for 6 months or no activity for 6 months → expelled.

Six months count from the end of the last paid dues period (dues rule) and from
the last attendance (activity rule), never from before joining or reinstatement;
the member lapses the day after the deadline (docs/decisions-federation.md).
"""

from __future__ import annotations

from datetime import date

import pytest
from django.core.management import call_command

from core.models import Job
from federation import services
from federation.models import Member, MemberEvent
from federation.selectors import members_about_to_lapse
from tests import factories as f


@pytest.fixture(autouse=True)
def sponsor_in_good_standing(world):
    """Keep the world's sponsor (joined 2020) out of the counts: paid and active far ahead."""
    f.make_dues(world.sponsor, date(2020, 1, 1), date(2099, 12, 31))
    f.make_attendance(world.sponsor, date(2099, 1, 1))


def _run(on: date) -> dict:
    return services.lapse_members({"date": on.isoformat()}, lambda p, m="": None)


@pytest.mark.django_db
def test_new_member_without_dues_lapses_day_after_six_months_dues_rule(world):
    member = f.make_member(club=world.club_a, joined_on=date(2026, 1, 15))
    assert _run(date(2026, 7, 15))["lapsed"] == 0  # the deadline day itself is still fine
    result = _run(date(2026, 7, 16))
    assert member.card_number in result["cards"]
    member.refresh_from_db()
    assert (member.status, member.end_rule, member.ended_on) == (
        "lapsed", Member.EndRule.NO_DUES, date(2026, 7, 16))
    event = member.events.get(kind=MemberEvent.Kind.LAPSED)
    assert event.rule == "15.5-dues" and event.date == date(2026, 7, 16)
    assert member.club_memberships.get().ended_on == date(2026, 7, 16)


@pytest.mark.django_db
def test_paid_dues_but_no_activity_lapses_by_activity_rule(world):
    member = f.make_member(club=world.club_a, joined_on=date(2025, 12, 1))
    f.make_dues(member, date(2026, 1, 1), date(2026, 12, 31))
    f.make_attendance(member, date(2026, 2, 28))
    assert _run(date(2026, 8, 28))["lapsed"] == 0
    _run(date(2026, 8, 29))
    member.refresh_from_db()
    assert (member.status, member.end_rule) == ("lapsed", Member.EndRule.NO_ACTIVITY)


@pytest.mark.django_db
def test_active_and_paid_member_stays(world):
    member = f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    f.make_dues(member, date(2026, 1, 1), date(2026, 6, 30))
    f.make_attendance(member, date(2026, 6, 1))
    assert _run(date(2026, 11, 30))["lapsed"] == 0  # deadlines 31/12 (dues), 1/12 (activity)
    member.refresh_from_db()
    assert member.status == "active"


@pytest.mark.django_db
def test_tournament_play_counts_as_activity(world):
    member = f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    f.make_dues(member, date(2026, 1, 1), date(2026, 12, 31))
    services.record_tournament_activity(member, date(2026, 5, 10), "Giải vô địch Hà Nội")
    services.record_tournament_activity(member, date(2026, 5, 10))  # idempotent
    assert member.attendance.count() == 1
    assert _run(date(2026, 11, 10))["lapsed"] == 0
    assert _run(date(2026, 11, 11))["lapsed"] == 1


@pytest.mark.django_db
def test_reinstated_member_clock_restarts(world, staff_user):
    member = f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    _run(date(2026, 3, 1))
    member.refresh_from_db()
    assert member.status == "lapsed"
    services.reinstate_member(member, note="Nhầm lẫn", on=date(2026, 3, 2), by=staff_user)
    assert _run(date(2026, 3, 3))["lapsed"] == 0
    assert _run(date(2026, 9, 3))["lapsed"] == 1  # six months after the reinstatement


@pytest.mark.django_db
def test_running_twice_lapses_nobody_twice(world):
    member = f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    assert _run(date(2026, 1, 1))["lapsed"] == 1
    assert _run(date(2026, 1, 1))["lapsed"] == 0
    assert _run(date(2026, 2, 1))["lapsed"] == 0
    member.refresh_from_db()
    assert member.ended_on == date(2026, 1, 1)
    assert member.events.filter(kind=MemberEvent.Kind.LAPSED).count() == 1


@pytest.mark.django_db
def test_management_command_is_idempotent(world, capsys):
    f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    call_command("lapse_members", "--date", "2026-01-01")
    call_command("lapse_members", "--date", "2026-01-01")
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("1 member(s) lapsed on 2026-01-01 (dues: 1, activity: 0)")
    assert out[0] == out[1]  # the second run reports the same job
    assert Job.objects.filter(key="lapse:2026-01-01").count() == 1
    assert MemberEvent.objects.filter(kind="lapsed").count() == 1


@pytest.mark.django_db
def test_members_about_to_lapse_within_30_days(world, staff_client):
    soon = f.make_member(club=world.club_a, joined_on=date(2025, 12, 20))    # deadline 20/06
    later = f.make_member(club=world.club_a, joined_on=date(2026, 2, 1))     # deadline 01/08
    f.make_member(club=world.club_c, joined_on=date(2025, 12, 25))           # other province
    due = members_about_to_lapse(date(2026, 6, 1), 30)
    ids = [d.member_id for d in due]
    assert soon.pk in ids and later.pk not in ids
    response = world.client(world.manager_a).get(
        "/api/v1/members/about-to-lapse/?date=2026-06-01")
    assert response.status_code == 200
    rows = response.json()["results"]
    assert [r["card_number"] for r in rows] == [soon.card_number]  # club_a only for its manager
    assert rows[0]["deadline"] == "2026-06-20" and rows[0]["rule"] == "15.5-dues"
    page = staff_client.get("/api/v1/members/about-to-lapse/?date=2026-06-01&page_size=1")
    assert page.json()["count"] == 2 and len(page.json()["results"]) == 1  # a list that grows


def test_lapse_job_runs_in_worker_through_api(job_worker, world, staff_client):
    lapsing = f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    keeping = f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    f.make_dues(keeping, date(2025, 7, 1), date(2026, 6, 30))
    f.make_attendance(keeping, date(2025, 12, 1))
    response = staff_client.post("/api/v1/lapse-jobs/", {"date": "2026-01-10"}, format="json")
    assert response.status_code == 202, response.content
    job = job_worker.wait(response.json()["id"])
    assert job.state == Job.State.SUCCEEDED, job.error
    assert job.result["date"] == "2026-01-10"
    assert lapsing.card_number in job.result["cards"]
    assert keeping.card_number not in job.result["cards"]
    lapsing.refresh_from_db()
    assert lapsing.status == "lapsed"
    polled = staff_client.get(f"/api/v1/jobs/{job.pk}/").json()
    assert polled["state"] == "succeeded" and polled["progress"] == 100
    again = staff_client.post("/api/v1/lapse-jobs/", {"date": "2026-01-10"}, format="json")
    assert again.json()["id"] == str(job.pk)  # same day: the same job, nothing lapses twice


def test_beat_call_without_job_id_starts_the_days_job(job_worker, world):
    from django.utils import timezone

    from federation.tasks import lapse_members_task

    f.make_member(club=world.club_a, joined_on=date(2020, 1, 1))
    lapse_members_task.apply(args=[]).get()  # as celery beat calls it: no job id
    job = Job.objects.get(key=f"lapse:{timezone.localdate().isoformat()}")
    job = job_worker.wait(job.pk)
    assert job.state == Job.State.SUCCEEDED and job.result["lapsed"] >= 1
    lapse_members_task.apply(args=[]).get()
    assert Job.objects.filter(kind="federation.lapse").count() == 1


@pytest.mark.django_db
def test_about_to_lapse_bad_query_is_400(world, staff_client):
    from tests.helpers import assert_error

    assert_error(staff_client.get("/api/v1/members/about-to-lapse/?within=abc"), 400,
                 field="within")
    assert_error(staff_client.get("/api/v1/members/about-to-lapse/?date=2026-13-01"), 400,
                 field="date")


def test_beat_schedules_the_registered_lapse_task_daily():
    from django.conf import settings

    from config.celery import app

    entry = next(e for e in settings.CELERY_BEAT_SCHEDULE.values()
                 if e["task"] == "federation.tasks.lapse_members_task")
    assert entry["schedule"] == 24 * 60 * 60
    app.loader.import_default_modules()
    assert "federation.tasks.lapse_members_task" in app.tasks
