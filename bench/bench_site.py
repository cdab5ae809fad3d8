"""The results site's pages of a live event (issue 20) against the live-event targets
(issue 15: a cached read p99 ≤ 50 ms; the first request after a result ≤ 100 ms).

Builds (or reuses) the running event of ``bench_live_public.build_live_event`` (PLAYERS
players, ROUNDS rounds, the last one in progress), then ``--samples`` times: an arbiter
enters one result through ``services.record_result`` (which touches the event's scope),
and, in-process through the whole Django stack (test client, no network):

* the event page cold (its standings, pairings and detail fetched from the public API's
  views: built once, kept in the API's cache too), then the API's standings — answered
  from the cache the page filled (0 queries): pages and API share one cache;
* the event page again (cached: 0 queries) and its 304 revalidation (If-None-Match);
* the crosstable page cold (the event's detail already cached by the event page).

With warm-ahead (``PUBLIC_WARM_AHEAD``, on by default) the result's write builds these pages
before its commit, so the "first after a result" requests are cache hits and the build's cost
is in the write's line; ``PUBLIC_WARM_AHEAD=0`` measures the cold builds themselves.

Prints p50/p99 wall and server-process CPU per kind, the body sizes and the load average.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench \\
    CACHE_URL=redis://127.0.0.1:6379/2 python bench/bench_site.py [--players 1000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

TARGET_P99_MS, TARGET_COLD_MS = 50.0, 100.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Timer:
    """Wall and CPU milliseconds, and queries, of the requests of one kind."""

    def __init__(self):
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.queries: list[int] = []
        self.size = 0

    def get(self, client, url: str, **headers):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            started, started_cpu = time.perf_counter(), time.process_time()
            response = client.get(url, **headers)
            self.wall.append((time.perf_counter() - started) * 1000)
            self.cpu.append((time.process_time() - started_cpu) * 1000)
        self.queries.append(len(queries))
        self.size = max(self.size, len(response.content))
        return response

    def line(self, name: str, target: float | None) -> str:
        p99 = percentile(self.wall, 0.99)
        verdict = "" if target is None else \
            f" | target ≤ {target:.0f} ms: {'met' if p99 <= target else 'NOT met'}"
        return (f"{name:34} {self.size / 1024:6.0f} KB  p50 {statistics.median(self.wall):7.1f} "
                f"p99 {p99:7.1f} ms  CPU p50 {statistics.median(self.cpu):6.1f} ms  "
                f"queries {max(self.queries)}{verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    if "postgres" not in os.environ.get("DATABASE_URL", ""):
        raise SystemExit("set DATABASE_URL to a PostgreSQL database: see the docstring")

    import django

    django.setup()
    from bench_live_public import build_live_event
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from tournaments import services
    from tournaments.models import Pairing

    call_command("migrate", verbosity=0)
    tournament_id = build_live_event(args.players, args.rounds)
    staff, _ = get_user_model().objects.get_or_create(username="bench-site", is_staff=True)
    client = Client()
    page, cross = f"/giai-dau/{tournament_id}/", f"/giai-dau/{tournament_id}/bang-cheo/"
    api = f"/api/v1/public/tournaments/{tournament_id}/standings/"
    client.get(page), client.get(cross)  # warm the process (imports, templates)
    pending = list(Pairing.objects.filter(round__tournament_id=tournament_id,
                                          round__number=args.rounds, result="")
                   .order_by("board")[:args.samples])
    timers = {name: Timer() for name in ("cold", "api", "hit", "304", "cross")}
    rng = random.Random()
    print(f"{args.players} players, {args.rounds} rounds, the last in progress; "
          f"{len(pending)} results entered one by one; load average before "
          f"{os.getloadavg()[0]:.2f} (2 shared cores)")
    writes = Timer()  # the service's call: with warm-ahead it builds the hot pages too
    for pairing in pending:
        started, started_cpu = time.perf_counter(), time.process_time()
        services.record_result(pairing, rng.choice(["1-0", "0-1", "1/2-1/2"]), user=staff,
                               expected_version=pairing.version)
        writes.wall.append((time.perf_counter() - started) * 1000)
        writes.cpu.append((time.process_time() - started_cpu) * 1000)
        writes.queries.append(0)
        first = timers["cold"].get(client, page)
        assert first.status_code == 200
        assert timers["api"].get(client, api).status_code == 200
        timers["hit"].get(client, page)
        assert timers["304"].get(client, page, HTTP_IF_NONE_MATCH=first["ETag"]).status_code \
            == 304
        assert timers["cross"].get(client, cross).status_code == 200
    load = os.getloadavg()
    print(f"warm-ahead (PUBLIC_WARM_AHEAD): {'on' if settings.PUBLIC_WARM_AHEAD else 'off'}")
    print(writes.line("result entered (record_result)", None).replace("queries 0", ""))
    print(timers["cold"].line("event page, first after a result", TARGET_COLD_MS))
    print(timers["api"].line("API standings right after the page", TARGET_P99_MS))
    print(timers["hit"].line("event page, cached", TARGET_P99_MS))
    print(timers["304"].line("event page, 304 (If-None-Match)", TARGET_P99_MS))
    print(timers["cross"].line("crosstable page, first after a result", TARGET_COLD_MS))
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
