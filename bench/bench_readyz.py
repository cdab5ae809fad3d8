"""What a healthy ``/readyz`` costs (issue 32: "cheap, <= 5 ms when healthy").

Runs against the configured stack (PostgreSQL ``DATABASE_URL``, Redis ``CELERY_BROKER_URL``
and ``CACHE_URL``): writes a fresh worker heartbeat for every jobs' queue (so the answer is
200 without a worker running), asks once to pass the migration check (kept afterwards, as
in a long-lived process), then times ``--samples`` requests. Prints the whole request's
p50/p95/max through Django's full middleware stack (in-process test client) and the median
of each part's own time as the answer reports it; ``--url`` times a running server over
HTTP instead (its ``Host`` must be allowed), e.g. gunicorn started with the same settings.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \
    CACHE_URL=redis://127.0.0.1:6379/1 python bench/bench_readyz.py [--samples 500]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def fresh_heartbeats() -> None:
    from django.utils import timezone

    from core.jobs import all_queues
    from core.models import WorkerBeat

    now = timezone.now()
    WorkerBeat.objects.update_or_create(
        name="bench-readyz@bench", defaults={"queues": "," + ",".join(all_queues()) + ",",
                                             "started_at": now, "beat_at": now})


class ServerSide(logging.Handler):
    """The request's own time as its log line reports it (``vcf.request``, duration_ms: from
    the first middleware in to the response out, without the test client's work)."""

    def __init__(self) -> None:
        super().__init__()
        self.durations: list[float] = []

    def emit(self, record: logging.LogRecord) -> None:
        fields = getattr(record, "fields", {})
        if fields.get("route") == "readyz":
            self.durations.append(float(fields["duration_ms"]))


def in_process() -> Callable[[], tuple[int, dict]]:
    from django.test import Client

    client = Client()

    def ask() -> tuple[int, dict]:
        response = client.get("/readyz")
        return response.status_code, json.loads(response.content)
    return ask


def over_http(url: str) -> Callable[[], tuple[int, dict]]:
    def ask() -> tuple[int, dict]:
        try:
            with urllib.request.urlopen(url.rstrip("/") + "/readyz", timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
    return ask


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8000")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings

    if settings.CELERY_TASK_ALWAYS_EAGER:
        print("note: no broker configured (embedded default): broker and workers not checked")
    fresh_heartbeats()
    ask = over_http(args.url) if args.url else in_process()
    status, body = ask()  # the migration check passes once, then is kept
    if status != 200:
        print(f"/readyz is not ready ({status}): {json.dumps(body)}")
        return 1
    server_side = ServerSide()
    logging.getLogger("vcf.request").addHandler(server_side)
    whole: list[float] = []
    parts: dict[str, list[float]] = {}
    cpu_started = time.process_time()
    for _ in range(args.samples):
        started = time.perf_counter()
        status, body = ask()
        whole.append((time.perf_counter() - started) * 1000)
        assert status == 200, body
        for name, check in body["checks"].items():
            parts.setdefault(name, []).append(float(check["ms"]))
    cpu_ms = (time.process_time() - cpu_started) * 1000 / args.samples
    where = args.url or "in-process (Django's middleware stack, test client)"
    print(f"/readyz healthy, {args.samples} requests, {where}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"  whole request: p50 {statistics.median(whole):.2f} ms, "
          f"p95 {percentile(whole, 0.95):.2f} ms, max {max(whole):.2f} ms")
    if server_side.durations:
        d = server_side.durations
        print(f"  server side (the request log's duration_ms): p50 {statistics.median(d):.2f} ms, "
              f"p95 {percentile(d, 0.95):.2f} ms")
    if not args.url:  # this process's CPU: the request's own work, whatever the machine's load
        print(f"  CPU of this process per request (mean): {cpu_ms:.2f} ms")
    print("  parts (median of each answer's own ms): " + ", ".join(
        f"{name} {statistics.median(values):.2f}" for name, values in parts.items()))
    print(f"  sum of the parts' medians: {sum(statistics.median(v) for v in parts.values()):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
