"""The arbiter's screens (issue 27) on a 1,000-player event: p50/p95 wall time and the
queries of each page, and of a result entered on the phone (target: ≤ 150 ms p95, ≤ 15
queries a page, not growing with the event).

Builds (or reuses) a running 1,000-player Swiss of ``--rounds`` rounds, the last one in
play (``bench_live_public.build_live_event``'s way: written directly), with its chief
arbiter, then ``--samples`` times through the whole Django stack in-process (test client,
signed in, no network):

* the events page, a round's first and last page of boards, the players' list (first page
  and a search), a player's page, a board's late-arrival form and game record, the pairing
  progress (JSON);
* a result entered with the big button and taken back with "undo" (two writes through
  ``tournaments.services.record_result``, warm-ahead of the public pages included).

Prints p50/p95 wall time, p95 CPU time of this process (the page's own work, less affected
by a loaded machine; the database server's time is not in it) and the queries.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench_workspace \\
    CACHE_URL=redis://127.0.0.1:6379/2 python bench/bench_workspace_arbiter.py [--players 1000]

The first run on a database builds the event; later runs find it by name (its last round set
back to pending) and only time. Each page's line ends with PASS/FAIL against the targets (the
two writes have none), the last line sums them up and the exit status is 1 on a FAIL. Runs
on the embedded default (SQLite) too, slower; prints the database used.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

TARGET_P95_MS, TARGET_QUERIES = 150.0, 15


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Timer:
    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.queries: list[int] = []

    def run(self, call):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            start, cpu = time.perf_counter(), time.process_time()
            response = call()
            self.wall.append((time.perf_counter() - start) * 1000)
            self.cpu.append((time.process_time() - cpu) * 1000)
        self.queries.append(len(captured))
        return response


def build(players: int, rounds: int):
    from bench_live_public import build_live_event
    from django.contrib.auth import get_user_model

    from core.models import Job
    from federation.models import Person
    from tournaments import services
    from tournaments.models import Official, ResultChange, Tournament

    tid = build_live_event(players, rounds)
    t = Tournament.objects.get(pk=tid)
    # a previous run's log of the last round (build_live_event set its boards back to pending)
    ResultChange.objects.filter(pairing__round__tournament=t,
                                pairing__round__number=rounds).delete()
    user, _created = get_user_model().objects.get_or_create(username="bench-arbiter")
    person = Person.objects.filter(user=user).first()
    if person is None:
        from tests.factories import make_person

        person = make_person(full_name="Trọng Tài Thử Tải", user=user)
    Official.objects.get_or_create(tournament=t, person=person,
                                   defaults={"role": Official.Role.ARBITER})
    key = services.pairing_job_key(t, rounds + 1)
    job, _created = Job.objects.get_or_create(
        key=key, defaults={"kind": "tournaments.pair_round", "state": Job.State.RUNNING,
                           "progress": 40, "message": "pairing",
                           "params": {"tournament": t.pk, "round": rounds + 1}})
    return t, user, job


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args()

    import django

    django.setup()
    import logging

    logging.getLogger("vcf.request").setLevel(logging.WARNING)  # a line a request
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client

    # Not django.test's setup_test_environment: its instrumented rendering copies the context
    # of every template rendered for the test client to keep, CPU and garbage a served page
    # does not make; the mail stays in memory as it would there.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("migrate", verbosity=0)
    t, user, job = build(args.players, args.rounds)
    client = Client()
    client.force_login(user)
    rnd = t.rounds.get(number=args.rounds)
    pairings = list(rnd.pairings.order_by("board"))
    entry = t.entries.order_by("starting_number").first()
    last_page = (len(pairings) - 1) // 40 + 1
    base = f"/lam-viec/trong-tai/giai/{t.pk}/"
    pages = {
        "events": "/lam-viec/trong-tai/",
        "round, first boards": f"{base}?van={args.rounds}",
        "round, last boards": f"{base}?van={args.rounds}&trang={last_page}",
        "round, only pending": f"{base}?van={args.rounds}&chua-xong=1",
        "players": f"{base}dau-thu/",
        "players, search": f"{base}dau-thu/?q=Tiếp 99",
        "a player": f"{base}dau-thu/{entry.pk}/",
        "late arrival form": f"{base}ban/{pairings[0].pk}/den-muon/",
        "game record": f"{base}ban/{pairings[1].pk}/bien-ban/",
        "pairing progress (JSON)": f"{base}xep-cap/{job.pk}/tien-do/",
    }
    from config.wsgi import freeze_startup_objects  # as under gunicorn: start-up's objects

    freeze_startup_objects()  # out of the garbage collector's walks (config/wsgi.py)
    timers = {name: Timer() for name in [*pages, "result entered", "result undone"]}
    for name, path in pages.items():  # warm once (templates, translations)
        assert client.get(path).status_code == 200, (name, path)
    board = pairings[-1]
    for _ in range(args.samples):
        for name, path in pages.items():
            response = timers[name].run(lambda path=path: client.get(path))
            assert response.status_code == 200, (name, response.status_code)
        board.refresh_from_db()
        response = timers["result entered"].run(lambda: client.post(
            f"{base}ban/{board.pk}/ket-qua/", {"result": "1-0", "version": board.version}))
        assert response.status_code == 302, response.content[:500]
        change = board.result_changes.order_by("-version").first()
        response = timers["result undone"].run(lambda change=change: client.post(
            f"{base}ban/{board.pk}/hoan-tac/", {"change": change.pk}))
        assert response.status_code == 302, response.content[:500]

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"arbiter's screens, {args.players} players, round {args.rounds} "
          f"({len(pairings)} boards), {args.samples} samples, database {engine}, "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"{'page':28} {'p50 ms':>8} {'p95 ms':>8} {'CPU p95':>8} {'queries':>8}  verdict")
    worst, failed, pages_n, most = 0.0, [], 0, 0
    for name, timer in timers.items():
        p95 = percentile(timer.wall, 0.95)
        queries = max(timer.queries)
        page = name not in ("result entered", "result undone")  # writes: no page target
        verdict = "-"
        if page:
            worst, most, pages_n = max(worst, p95), max(most, queries), pages_n + 1
            ok = p95 <= TARGET_P95_MS and queries <= TARGET_QUERIES
            verdict = "PASS" if ok else "FAIL"
            if not ok:
                failed.append(name)
        print(f"{name:28} {statistics.median(timer.wall):8.1f} {p95:8.1f} "
              f"{percentile(timer.cpu, 0.95):8.1f} {queries:8d}  {verdict}")
    print(f"{'FAIL' if failed else 'PASS'}: {pages_n - len(failed)} of {pages_n} pages meet "
          f"p95 ≤ {TARGET_P95_MS:.0f} ms and ≤ {TARGET_QUERIES} queries (worst p95 {worst:.1f} "
          f"ms, most queries {most}){': over: ' + ', '.join(failed) if failed else ''}; "
          f"load {os.getloadavg()[0]:.2f}")
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
