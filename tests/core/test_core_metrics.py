"""Issue 32: /metrics in Prometheus' format, behind METRICS_TOKEN — requests by route and
status with latency, jobs by kind and outcome with durations, queue depth from the Job table,
sent notifications and the public answers' cache hits and misses."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings
from prometheus_client.parser import text_string_to_metric_families

from core.jobs import start_job
from core.models import Job, NotificationKind
from federation.reference_data import load_reference_data
from tests.factories import (
    make_body,
    make_club,
    make_club_manager,
    make_member,
    make_officer,
    make_person,
    make_user,
)
from tests.helpers import client_for

TOKEN = "scrape-secret-32"

#: the job runs in this process (its log line and counters are this process's); with a
#: broker the real-worker test covers the request id's way to the worker
IN_PROCESS = pytest.mark.skipif(bool(settings.CELERY_BROKER_URL),
                                reason="jobs run in the worker when a broker is configured")


def scrape(client) -> dict[tuple, float]:
    response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples, name, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_without_the_token_setting_there_is_no_metrics_path(client):
    with override_settings(METRICS_TOKEN=""):
        assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 404


@override_settings(METRICS_TOKEN=TOKEN)
def test_a_wrong_or_missing_token_is_refused(client):
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer nope").status_code == 401
    assert b"vcf_" not in client.get("/metrics").content


@IN_PROCESS
@pytest.mark.django_db(transaction=True)
@override_settings(METRICS_TOKEN=TOKEN)
def test_a_scrape_after_a_request_and_a_job(client, staff_client):
    before = scrape(client)
    assert client.get("/healthz").status_code == 200
    assert staff_client.post("/api/v1/lapse-jobs/", {"date": "2026-01-10"},
                             format="json").status_code in (200, 201, 202)
    job = Job.objects.get()
    Job.objects.create(kind="core.health_check")  # waiting (no message sent)
    Job.objects.create(kind="core.health_check")
    after = scrape(client)

    def delta(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("vcf_http_requests_total", route="healthz", method="GET", status="200") == 1
    assert delta("vcf_http_request_duration_seconds_count", route="healthz", method="GET") == 1
    assert delta("vcf_http_request_duration_seconds_bucket", route="healthz", method="GET",
                 le="+Inf") == 1
    assert delta("vcf_jobs_total", kind=job.kind, outcome="succeeded") == 1
    assert delta("vcf_job_duration_seconds_count", kind=job.kind) == 1
    assert value(after, "vcf_jobs_waiting", kind="core.health_check", state="queued") == 2
    assert value(after, "vcf_jobs_waiting", kind=job.kind, state="queued") == 0
    start_job("core.health_check")  # runs in-process: the queue depth is back to 2
    assert value(scrape(client), "vcf_jobs_waiting", kind="core.health_check",
                 state="queued") == 2


def _paired_event_with_a_result() -> tuple[int, str]:
    """An event of 4 through the API: round 1 paired by its job (pairings published to the
    entered club's manager by mail) and one result entered; returns its id and the job's kind."""
    load_reference_data()  # a transactional test starts without the migrated rows
    body = make_body()
    club = make_club(body)
    manager = make_club_manager(club)
    manager.email = "clb@example.vn"
    manager.save()
    organiser, arbiter = client_for(make_officer(body)), make_user()
    make_person(full_name="Trọng Tài Chính", user=arbiter)
    created = organiser.post("/api/v1/tournaments/", {
        "name": "Giải đo đếm", "discipline": "chess", "system": "round_robin",
        "start_date": "2026-05-04",
        "end_date": "2026-05-10", "organiser_body": body.pk}, format="json")
    assert created.status_code == 201, created.content
    t = created.json()
    assert organiser.post("/api/v1/tournament-officials/", {
        "tournament": t["id"], "person": arbiter.person.pk, "role": "chief"},
        format="json").status_code == 201
    assert organiser.post(f"/api/v1/tournaments/{t['id']}/open-registration/").status_code == 200
    for rating in (2400, 2300, 2200, 2100):
        assert organiser.post("/api/v1/tournament-entries/", {
            "tournament": t["id"], "member": make_member(club=club).pk, "rating": rating},
            format="json").status_code == 201
    assert organiser.post(f"/api/v1/tournaments/{t['id']}/close-registration/",
                          {"seed": 5}, format="json").status_code == 200
    arbiter_client = client_for(arbiter)
    queued = arbiter_client.post(f"/api/v1/tournaments/{t['id']}/pair-next-round/")
    assert queued.status_code == 202, queued.content
    job = Job.objects.get(pk=queued.json()["id"])
    assert job.state == Job.State.SUCCEEDED, job.error  # in-process: already run
    rnd = arbiter_client.get("/api/v1/tournament-rounds/",
                             {"tournament": t["id"], "number": 1}).json()["results"][0]
    board = rnd["pairings"][0]
    assert arbiter_client.post(f"/api/v1/tournament-rounds/{rnd['id']}/results/", {"results": [
        {"pairing": board["id"], "result": "1-0", "version": board["version"]}]},
        format="json").status_code == 200
    return t["id"], job.kind


@pytest.mark.django_db(transaction=True)
@override_settings(METRICS_TOKEN=TOKEN)
def test_a_scrape_after_a_pairing_job_and_a_result(client, jobs_in_process):
    """Requests, the pairing job, the queue depth, the pairings' mail and the public cache:
    one public read twice is one miss, then one hit (the ratio's two terms). The job and the
    mail run in this process: Celery's own setting too, not only Django's (with a broker
    configured, Django's alone left the message on the broker when no earlier test had
    read Celery's configuration yet)."""
    before = scrape(client)
    tournament_id, kind = _paired_event_with_a_result()
    Job.objects.create(kind=kind)  # waiting (no message sent)
    detail = f"/api/v1/public/tournaments/{tournament_id}/"
    first, second = client.get(detail), client.get(detail)
    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    revalidated = client.get(detail, HTTP_IF_NONE_MATCH=second["ETag"])
    assert revalidated.status_code == 304
    after = scrape(client)

    def delta(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("vcf_http_requests_total", route="tournament-pair-next-round", method="POST",
                 status="202") == 1
    assert delta("vcf_http_requests_total", route="tournament-round-results", method="POST",
                 status="200") == 1  # the result
    assert delta("vcf_http_request_duration_seconds_count", route="tournament-round-results",
                 method="POST") == 1
    assert delta("vcf_http_request_duration_seconds_count",
                 route="public-tournament-detail", method="GET") == 3
    assert delta("vcf_jobs_total", kind=kind, outcome="succeeded") == 1
    assert delta("vcf_job_duration_seconds_count", kind=kind) == 1
    assert value(after, "vcf_jobs_waiting", kind=kind, state="queued") == 1
    assert delta("vcf_notifications_total", kind=NotificationKind.PAIRINGS_PUBLISHED,
                 outcome="sent") == 1
    cache = {outcome: delta("vcf_public_cache_total", area="api", scope="tournament",
                            outcome=outcome) for outcome in ("miss", "hit", "not_modified")}
    assert cache == {"miss": 1, "hit": 1, "not_modified": 1}


@pytest.mark.django_db
@override_settings(METRICS_TOKEN=TOKEN)
def test_a_failed_job_is_counted_as_failed(client, settings):
    """A job failed by the sweeper (its worker died too often): outcome "failed", its time."""
    from datetime import timedelta

    from django.utils import timezone

    from core.job_sweep import sweep

    before = scrape(client)
    long_ago = timezone.now() - timedelta(seconds=settings.JOB_LEASE_SECONDS * 3)
    Job.objects.create(kind="core.health_check", state=Job.State.RUNNING, started_at=long_ago,
                       heartbeat_at=long_ago, runner="gone", restarts=settings.JOB_MAX_RESTARTS)
    assert len(sweep()["failed"]) == 1
    after = scrape(client)
    for name, labels in (("vcf_jobs_total", {"outcome": "failed"}),
                         ("vcf_job_duration_seconds_count", {})):
        labels = {"kind": "core.health_check", **labels}
        assert value(after, name, **labels) - value(before, name, **labels) == 1, name
    assert value(after, "vcf_job_duration_seconds_sum", kind="core.health_check") - value(
        before, "vcf_job_duration_seconds_sum", kind="core.health_check") >= 3 * 60
