"""Metrics in Prometheus' text format (issue 32; docs/production.md "Scraping the metrics").

``GET /metrics`` answers only with ``Authorization: Bearer <METRICS_TOKEN>``; without the
setting the path does not exist (404). What it exposes (no private data, bounded labels):

* ``vcf_http_requests_total{route,method,status}`` and the latency histogram
  ``vcf_http_request_duration_seconds{route,method}`` — ``route`` is the URL's name
  (``job-list``, ``site:event``…), ``unmatched`` for a path that names no route;
* ``vcf_jobs_total{kind,outcome}`` and ``vcf_job_duration_seconds{kind}`` — every job that
  ended (``succeeded``, ``failed``, ``taken_over``), recorded by the process that ran it;
* ``vcf_notifications_total{kind,outcome}`` — attempts to send a notification (``sent``,
  ``failed``: the mail server refused or could not be reached; core.notifications);
* ``vcf_public_cache_total{area,scope,outcome}`` — public answers (``area``: ``api`` or the
  site's ``page``) by the kind of their first cache scope (``tournament``, ``ratings``…, the
  part before any ``:id``) and outcome: ``hit`` (stored body served), ``not_modified`` (304
  to the reader's validators), ``miss`` (built); core.caching; the server's own warm-ahead
  builds are not counted;
* ``vcf_jobs_waiting{kind,state}`` — queued and running jobs, counted from the Job table
  at each scrape (one grouped query on the unfinished jobs' partial index).

Several processes (gunicorn workers, Celery workers): set ``PROMETHEUS_MULTIPROC_DIR`` to an
empty directory shared by the processes of one machine (prometheus-client's multi-process
mode); the scrape then sums every process's files.
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Iterator

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

REQUESTS = Counter("vcf_http_requests", "HTTP requests answered, by route and status.",
                   ["route", "method", "status"])
REQUEST_SECONDS = Histogram(
    "vcf_http_request_duration_seconds", "Time to answer a request, by route.",
    ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
JOBS = Counter("vcf_jobs", "Jobs that ended, by kind and outcome.", ["kind", "outcome"])
JOB_SECONDS = Histogram(
    "vcf_job_duration_seconds", "Time a job ran, by kind.", ["kind"],
    buckets=(0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600))
NOTIFICATIONS = Counter("vcf_notifications", "Attempts to send a notification, by kind and "
                        "outcome (sent, failed).", ["kind", "outcome"])

PUBLIC_CACHE = Counter("vcf_public_cache", "Public answers by area, scope kind and cache "
                       "outcome (hit, not_modified, miss).", ["area", "scope", "outcome"])


def observe_request(route: str | None, method: str, status: int, seconds: float) -> None:
    route = route or "unmatched"
    REQUESTS.labels(route, method, str(status)).inc()
    REQUEST_SECONDS.labels(route, method).observe(seconds)


def observe_job(kind: str, outcome: str, seconds: float) -> None:
    JOBS.labels(kind, outcome).inc()
    JOB_SECONDS.labels(kind).observe(max(0.0, seconds))


def observe_notification(kind: str, outcome: str) -> None:
    NOTIFICATIONS.labels(kind, outcome).inc()


def scope_label(scopes: tuple[str, ...]) -> str:
    """The kind of the first scope (``tournament:12`` → ``tournament``): never an id."""
    return scopes[0].split(":", 1)[0] if scopes else "none"


def observe_public_cache(metric: tuple[str, str] | None, outcome: str) -> None:
    """``metric``: (area, scope kind) of the answer; None: not a reader's (a warm-ahead)."""
    if metric is not None:
        PUBLIC_CACHE.labels(*metric, outcome).inc()


class JobsWaitingCollector:
    """Queued and running jobs by kind, read from the Job table when scraped."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        from django.db.models import Count

        from core.models import Job

        family = GaugeMetricFamily("vcf_jobs_waiting", "Unfinished jobs (queue depth), by "
                                   "kind and state.", labels=["kind", "state"])
        rows = (Job.objects.filter(state__in=[Job.State.QUEUED, Job.State.RUNNING])
                .values_list("kind", "state").annotate(n=Count("pk")).order_by())
        for kind, state, count in rows:
            family.add_metric([kind, state], count)
        yield family


def _registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # prometheus_client: no hints
    else:
        registry = REGISTRY
    return registry


_WAITING = JobsWaitingCollector()


@never_cache
@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    token = settings.METRICS_TOKEN
    if not token:
        raise Http404
    sent = request.META.get("HTTP_AUTHORIZATION", "")
    if not hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
        response = HttpResponse("", status=401)
        response["WWW-Authenticate"] = "Bearer"
        return response
    registry = _registry()
    body = generate_latest(registry)
    waiting = CollectorRegistry()
    waiting.register(_WAITING)
    body += generate_latest(waiting)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)
