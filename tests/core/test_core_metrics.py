"""Issue 32: /metrics in Prometheus' format, behind METRICS_TOKEN — requests by route and
status with latency, jobs by kind and outcome with durations, queue depth from the Job table."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings
from prometheus_client.parser import text_string_to_metric_families

from core.jobs import start_job
from core.models import Job

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
