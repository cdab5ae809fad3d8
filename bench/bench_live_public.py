"""Live event under load (issue 15): standings, crosstable and current pairings of a running
event served from the public cache while an arbiter enters one result per second.

Builds a running PLAYERS-player, ROUNDS-round event (rounds 1..ROUNDS-1 complete, the last
round paired with its results pending) in the configured database, starts gunicorn on
127.0.0.1 and drives the three live pages with the open-loop generator (bench/loadgen.py).
Meanwhile an arbiter records one result per second through the API, as arbiters do
(``POST /api/v1/tournament-pairings/<id>/result/`` to the same gunicorn, token authentication:
the write answers at its commit and its server worker builds the event's hot answers once the
answer is sent, unless ``--cold``) and, right after each answer, requests the current
pairings and standings: it prints how long the arbiter's call took (issue 33: ≤ 50 ms), how
long that first request took and whether it already showed the result (freshness; every
answer must). ``--arbiter service`` records through the service in a process of its own
instead (the build then runs before the service returns), its transaction and build apart.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench \\
    CACHE_URL=redis://127.0.0.1:6379/2 python bench/bench_live_public.py [--players 1000]

``--port``, ``--queue``, ``--cache-url`` and ``--cache-prefix`` choose gunicorn's port, the
pairing worker's queue and the cache (defaults: a free port, a queue of this run's own,
CACHE_URL and CACHE_KEY_PREFIX). The load stops at its deadline (``--seconds``; what the
server could not take by then is counted as not sent), and everything the run started
(gunicorn, the worker, the helper processes) is stopped on the way out, whatever ends it
(the end, an error, Ctrl-C, SIGTERM, SIGHUP).

``--hog TRF`` runs ``python -m chessrules pair TRF`` again and again beside the server at
the same priority (the contended case of issue 34: a 2,000-player pairing in another
process).

With ``--pairing-players 500`` (the default) a Celery worker process is started on a queue of
its own and pairs round 2 of another event of that size again and again while the load runs
(each finished round is deleted and the job started anew), as the issue's target asks.

Needs PostgreSQL and Redis (the production setup); CELERY_BROKER_URL for the pairing job.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

TARGET_P99_MS, TARGET_COLD_MS = 50.0, 100.0


def build_live_event(players: int, rounds: int) -> int:
    """Written directly (random pairings: the bench measures serving, not pairing)."""
    from django.db import transaction
    from random_rounds import write_random_rounds

    from federation.reference_data import load_reference_data
    from tests.factories import make_body, make_club, make_member, make_person
    from tournaments import cache_scopes
    from tournaments.models import Entry, Pairing, Tournament

    load_reference_data()
    name = f"Bench live {players} x {rounds}"
    existing = Tournament.objects.filter(name=name).first()
    if existing is not None:  # a previous run's event: its last round pending again
        Pairing.objects.filter(round__tournament=existing, round__number=rounds).update(
            result="", version=1)
        cache_scopes.touch_event(existing.pk)
        return existing.pk
    rng = random.Random(2026)
    with transaction.atomic():  # names of their own: the database may hold other benches' rows
        body = make_body(name=f"Liên đoàn {name}")
        club = make_club(body, name=f"Câu lạc bộ {name}")
        t = Tournament.objects.create(
            name=name, discipline="chess", system="dutch", number_of_rounds=rounds,
            start_date=date(2026, 6, 1), end_date=date(2026, 6, 11), organiser_body=body,
            status=Tournament.Status.RUNNING, lot_seed=1)
        entries = []
        for number in range(1, players + 1):
            member = make_member(make_person(full_name=f"Đấu Thủ Trực Tiếp {number}"), club,
                                 card_number=f"01-2020-L{number:04d}")  # cards of its own
            entries.append(Entry(tournament=t, member=member, name=member.person.full_name,
                                 rating=2600 - number, starting_number=number))
        entries = Entry.objects.bulk_create(entries)
        write_random_rounds(t, entries, rounds, rng, last_pending=True)
        cache_scopes.touch_event(t.pk)
    return t.pk


def build_pairing_event(players: int) -> int:
    """A Dutch event with round 1 complete (1 v n/2+1, ...) and round 2 to pair."""
    from django.db import transaction

    from tests.factories import make_body, make_club, make_member, make_person
    from tournaments.models import Entry, Pairing, Round, Tournament

    name = f"Bench pairing {players}"
    existing = Tournament.objects.filter(name=name).first()
    if existing is not None:
        existing.rounds.filter(number__gt=1).delete()
        return existing.pk
    rng = random.Random(2027)
    with transaction.atomic():  # names of their own: the database may hold other benches' rows
        body = make_body(name=f"Liên đoàn {name}")
        club = make_club(body, name=f"Câu lạc bộ {name}")
        t = Tournament.objects.create(
            name=name, discipline="chess", system="dutch", number_of_rounds=9,
            start_date=date(2026, 6, 1), end_date=date(2026, 6, 9), organiser_body=body,
            status=Tournament.Status.RUNNING, lot_seed=1)
        entries = Entry.objects.bulk_create(
            Entry(tournament=t, member=make_member(make_person(full_name=f"Xếp Cặp {n}"), club,
                                                card_number=f"01-2020-X{n:04d}"),
                  name=f"Xếp Cặp {n}", rating=2500 - n, starting_number=n)
            for n in range(1, players + 1))
        rnd = Round.objects.create(tournament=t, number=1, system="dutch", status="complete",
                                   engine_version="bench")
        half = players // 2
        Pairing.objects.bulk_create(
            Pairing(round=rnd, board=board, white=entries[board - 1] if board % 2 else
                    entries[half + board - 1], black=entries[half + board - 1] if board % 2
                    else entries[board - 1], result=rng.choice(["1-0", "0-1", "1/2-1/2"]))
            for board in range(1, half + 1))
    return t.pk


def start_worker(started, queue: str, priority: str) -> subprocess.Popen:
    """The job worker, at the CPU priority docs/production.md gives workers that share the
    machine with the web server (a pairing job must not take the readers' core):
    ``idle`` — Linux's SCHED_IDLE (``chrt --idle 0``): it runs only on a core nothing else
    wants, and a core running only it counts as free when a server worker wakes up;
    ``nice`` — ``nice -n 10``; ``normal`` — as the web server."""
    env = dict(os.environ, CELERY_QUEUE=queue)
    prefix = {"idle": ["chrt", "--idle", "0"], "nice": ["nice", "-n", "10"], "normal": []}
    return started.popen(
        [*prefix[priority], sys.executable, "-m", "celery", "-A", "config", "worker",
         "-Q", queue, "-c", "1", "-l", "warning", "-n", f"{queue}@%h"], cwd=REPO, env=env,
        stdout=subprocess.DEVNULL)


def keep_pairing(tournament_id: int, stop: threading.Event, report: dict) -> None:
    """Pair round 2 in the worker, again and again, until the load ends (warm worker)."""
    from django.db import close_old_connections

    from core.jobs import start_job
    from core.models import Job
    from tournaments.models import Round
    from tournaments.services import PAIR_ROUND_JOB

    attempt = 0
    while not stop.is_set():
        attempt += 1
        Round.objects.filter(tournament_id=tournament_id, number__gt=1).delete()
        key = f"bench.pair:{tournament_id}:{os.getpid()}:{attempt}:{time.time()}"
        job = start_job(PAIR_ROUND_JOB, key=key,
                        params={"tournament": tournament_id, "round": 2, "seed": 1, "key": key})
        started = time.perf_counter()
        while not stop.wait(0.2):
            job.refresh_from_db()
            if job.state in (Job.State.SUCCEEDED, Job.State.FAILED):
                break
        if job.state == Job.State.SUCCEEDED:
            report["pairing_s"].append(time.perf_counter() - started)
        elif job.state == Job.State.FAILED:
            report["pairing_failed"] += 1
    close_old_connections()


def pairing_process(tournament_id: int, go, stop, queue) -> None:
    """The job's client (start, poll, delete the round) in a process of its own: its ORM work
    (a cascade delete of a round) must not hold the load generator's interpreter lock."""
    report: dict = {"pairing_s": [], "pairing_failed": 0}
    go.wait()
    keep_pairing(tournament_id, stop, report)
    queue.put(report)


def get(url: str) -> tuple[float, bytes]:
    started = time.perf_counter()
    body = urllib.request.urlopen(url, timeout=60).read()
    return (time.perf_counter() - started) * 1000, body


def post_result(base: str, token: str, pairing, result: str) -> float:
    """The arbiter's call: the result through the API; returns its wall time (ms)."""
    request = urllib.request.Request(
        f"{base.rsplit('/public', 1)[0]}/tournament-pairings/{pairing.pk}/result/",
        data=json.dumps({"result": result, "version": pairing.version}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST")
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()
        assert response.status == 200, response.status
    return (time.perf_counter() - started) * 1000


def arbiter_token() -> str:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    user, _ = get_user_model().objects.get_or_create(
        username="bench-live-arbiter", defaults={"is_staff": True, "is_superuser": True})
    return Token.objects.get_or_create(user=user)[0].key


def arbiter(tournament_id: int, rounds: int, base: str, stop: threading.Event,
            report: dict, via: str = "api") -> None:
    """One result per second (through the API, or the service); then the next requests,
    checked."""
    from django.db import close_old_connections

    from core import caching
    from tournaments import services
    from tournaments.models import Pairing

    real_build, built_ms = caching.warm_and_publish, []

    def timed_build(*args, **kwargs):  # the warm-ahead after the commit (issue 33), apart
        began = time.perf_counter()
        try:
            return real_build(*args, **kwargs)
        finally:
            built_ms.append((time.perf_counter() - began) * 1000)

    caching.warm_and_publish = timed_build
    pending = list(Pairing.objects.filter(round__tournament_id=tournament_id,
                                          round__number=rounds).order_by("board"))
    live = f"{base}/tournaments/{tournament_id}"
    token = arbiter_token() if via == "api" else ""
    for pairing in pending:
        if stop.wait(1.0):
            break
        del built_ms[:]
        if via == "api":
            report["call_ms"].append(post_result(base, token, pairing, "1-0"))
        else:
            started = time.perf_counter()
            services.record_result(pairing, "1-0", user=None,
                                   expected_version=pairing.version, source="bench")
            report["write_ms"].append((time.perf_counter() - started) * 1000)
            report["build_ms"].append(sum(built_ms))
            report["transaction_ms"].append(report["write_ms"][-1] - sum(built_ms))
        cold, body = get(f"{live}/pairings/?round={rounds}")
        shown = {row["board"]: row["result"] for row in json.loads(body)}
        report["fresh"].append(shown.get(pairing.board) == "1-0")
        report["cold_pairings_ms"].append(cold)
        cold, _body = get(f"{live}/standings/?after_round={rounds}")
        report["cold_standings_ms"].append(cold)
    close_old_connections()


def arbiter_process(tournament_id: int, rounds: int, base: str, go, stop, queue,
                    via: str = "api") -> None:
    """The arbiter in a process of its own, as the write runs in a server worker in
    production: its work (the result's warm-ahead build) must not hold the load generator's
    interpreter lock and delay the requests being measured."""
    report: dict = {"fresh": [], "cold_pairings_ms": [], "cold_standings_ms": [],
                    "write_ms": [], "transaction_ms": [], "build_ms": [], "call_ms": []}
    go.wait()
    arbiter(tournament_id, rounds, base, stop, report, via)
    queue.put(report)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1,
                        help="threads per gunicorn worker (more than 1: the gthread worker "
                             "class, where a reader waiting for a build holds a thread, not "
                             "a worker; default 1: sync workers)")
    parser.add_argument("--port", type=int, default=0,
                        help="gunicorn's port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--queue", default="",
                        help="the pairing worker's Celery queue (default: bench-live-<pid>)")
    parser.add_argument("--cache-url", default="",
                        help="Redis for the cache (default: CACHE_URL)")
    parser.add_argument("--cache-prefix", default="",
                        help="cache key prefix (default: CACHE_KEY_PREFIX)")
    parser.add_argument("--no-results", action="store_true",
                        help="no arbiter: the cost of cached reads alone")
    parser.add_argument("--worker-priority", choices=("idle", "nice", "normal"), default="normal",
                        help="CPU priority of the pairing worker (docs/production.md; normal: "
                             "the same as the web server)")
    parser.add_argument("--site", action="store_true",
                        help="also load the results site's event and crosstable pages (issue "
                             "20: the pages meet the same targets), in Vietnamese and English")
    parser.add_argument("--cold", action="store_true",
                        help="warm-ahead off (PUBLIC_WARM_AHEAD=0): readers rebuild after a result")
    parser.add_argument("--hog", metavar="TRF",
                        help="a CPU hog beside the server: `python -m chessrules pair TRF` "
                             "run again and again in a process of its own at the server's "
                             "priority while the load runs (e.g. a 2,000-player round 2 from "
                             "bench_pairing_corpus.py --write DIR)")
    parser.add_argument("--build-after-answer", action="store_true",
                        help="the server builds a result's hot answers after the write "
                             "answers (PUBLIC_WARM_AHEAD_AFTER_ANSWER=1, issue 33's opt-in "
                             "mode); by default, as the service's default, before it")
    parser.add_argument("--build-before-answer", action="store_true",
                        help="the service's default (PUBLIC_WARM_AHEAD_AFTER_ANSWER=0), "
                             "named for the commands in docs/performance.md")
    parser.add_argument("--arbiter", choices=("api", "service"), default="api",
                        help="how the arbiter records results: through the API to the same "
                             "server (the default: the whole call timed), or the service in a "
                             "process of its own")
    parser.add_argument("--pairing-players", type=int, default=500,
                        help="size of the other event paired in a worker meanwhile (0: none)")
    args = parser.parse_args()
    args.build_before_answer = not args.build_after_answer
    return args


def main() -> None:
    from processes import Started

    args = parse_args()
    if args.cache_url:
        os.environ["CACHE_URL"] = args.cache_url
    if args.cache_prefix:
        os.environ["CACHE_KEY_PREFIX"] = args.cache_prefix
    if "postgres" not in os.environ.get("DATABASE_URL", "") or not os.environ.get("CACHE_URL"):
        raise SystemExit("set DATABASE_URL (PostgreSQL) and CACHE_URL (Redis): see the docstring")
    started = Started()
    started.on_signals()
    try:
        run(args, started)
    finally:
        started.stop_all()


def run(args: argparse.Namespace, started) -> None:
    queue = args.queue or f"bench-live-{os.getpid()}"  # the worker's and the job sender's queue
    os.environ["CELERY_QUEUE"] = queue
    import django

    django.setup()
    from bench_public_load import free_port, wait_until_up
    from django.conf import settings
    from django.core.management import call_command

    settings.PUBLIC_WARM_AHEAD = not args.cold  # the arbiter's writes
    print(f"warm-ahead {'off (cold path)' if args.cold else 'on'}"
          f"{', built before the write answers' if args.build_before_answer else ''}")
    call_command("migrate", verbosity=0)
    tournament_id = build_live_event(args.players, args.rounds)
    pairing_id = build_pairing_event(args.pairing_players) if args.pairing_players else None
    if pairing_id and not os.environ.get("CELERY_BROKER_URL"):
        raise SystemExit("set CELERY_BROKER_URL (Redis) for the pairing job, or --pairing-players 0")
    if pairing_id:
        start_worker(started, queue, args.worker_priority)
    import multiprocessing

    from django.db import connections

    connections.close_all()  # the arbiter process opens its own
    fork = multiprocessing.get_context("fork")
    go, stop_arbiter, arbiter_queue = fork.Event(), fork.Event(), fork.Queue()
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}/api/v1/public"
    arbiter_proc = None
    if not args.no_results:  # forked before any thread of this process starts
        arbiter_proc = fork.Process(target=arbiter_process, args=(
            tournament_id, args.rounds, base, go, stop_arbiter, arbiter_queue, args.arbiter))
        started.fork(arbiter_proc)
    stop_pairing, pairing_queue = fork.Event(), fork.Queue()
    pairer = fork.Process(target=pairing_process, args=(
        pairing_id, go, stop_pairing, pairing_queue)) if pairing_id else None
    if pairer:
        started.fork(pairer)
    env = dict(os.environ, DEBUG="0", ALLOW_EMBEDDED="1", ANON_THROTTLE_RATE="1000000/min",
               SECURE_SSL_REDIRECT="0",  # plain HTTP on 127.0.0.1
               ALLOWED_HOSTS="127.0.0.1,localhost",
               PUBLIC_WARM_AHEAD="0" if args.cold else "1",  # the API's writes, in the server
               PUBLIC_WARM_AHEAD_AFTER_ANSWER="0" if args.build_before_answer else "1")
    if args.site:  # the pages name their static files through the manifest (DEBUG=0)
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                       cwd=REPO, check=True, env=env)
    started.popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--preload", "--workers",
         str(args.workers), "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
         *(("--worker-class", "gthread", "--threads", str(args.threads))
           if args.threads > 1 else ())],
        cwd=REPO, env=env)
    live = f"{base}/tournaments/{tournament_id}"
    urls = [f"{live}/standings/?after_round={args.rounds}",
            f"{live}/crosstable/?after_round={args.rounds}",
            f"{live}/pairings/?round={args.rounds}"]
    if args.site:
        site = f"http://127.0.0.1:{port}"
        urls += [f"{site}{prefix}/giai-dau/{tournament_id}/{page}"
                 for prefix in ("", "/en") for page in ("", "bang-cheo/")]
    wait_until_up(f"{base}/tournaments/")
    import loadgen

    for url in urls:
        first, _body = get(url)
        print(f"first build {first:8.1f} ms  {url.split('127.0.0.1:')[1].split('/', 1)[1]}")
    loadgen.run(urls, args.rate, 3)  # warm every worker
    report: dict = {"fresh": [], "cold_pairings_ms": [], "cold_standings_ms": [],
                    "write_ms": [], "call_ms": [], "pairing_s": [], "pairing_failed": 0}
    load_before = os.getloadavg()
    if args.hog:  # a shell loop, one process group: stopped with everything else
        started.popen(["sh", "-c", 'while :; do "$0" -m chessrules pair "$1" >/dev/null; done',
                       sys.executable, args.hog], cwd=REPO)
    go.set()
    figures = loadgen.run(urls, args.rate, args.seconds)
    stop_pairing.set()
    stop_arbiter.set()
    if arbiter_proc:
        report.update(arbiter_queue.get(timeout=120))
        arbiter_proc.join(30)
    if pairer:
        report.update(pairing_queue.get(timeout=600))
        pairer.join(30)
    print_report(args, figures, report, load_before, queue, port)


def print_report(args: argparse.Namespace, figures: dict, report: dict, load_before,
                 queue: str, port: int) -> None:
    print(f"{args.players} players, {args.rounds} rounds, live; open loop {args.rate:.0f} "
          f"req/s for {args.seconds:.0f} s over standings, crosstable, pairings"
          f"{' and the site pages' if args.site else ''}; gunicorn "
          f"{args.workers} workers{f' x {args.threads} threads' if args.threads > 1 else ''} "
          f"on port {port}, queue {queue}; load average (1/5/15 min) "
          f"before {' '.join(f'{v:.1f}' for v in load_before)}, after "
          f"{' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    met = figures["p99_ms"] <= TARGET_P99_MS and not figures["errors"] and not figures["unsent"]
    print(f"  under load: achieved {figures['achieved_rate']:6.1f}/s p50 "
          f"{figures['p50_ms']:6.1f} p90 {figures['p90_ms']:6.1f} p99 "
          f"{figures['p99_ms']:6.1f} max {figures['max_ms']:7.1f} ms errors "
          f"{figures['errors']}, not sent by the deadline {figures['unsent']} | target p99 ≤ "
          f"{TARGET_P99_MS:.0f} ms: {'MET' if met else 'NOT MET'}")
    if args.hog:
        print(f"  beside a CPU hog at the server's priority: python -m chessrules pair {args.hog}"
              " in a loop")
    if args.pairing_players:
        times = report["pairing_s"]
        print(f"  meanwhile a worker paired round 2 of a {args.pairing_players}-player event "
              f"{len(times)} times (failed {report['pairing_failed']}; worker priority "
              f"{args.worker_priority})"
              + (f", {statistics.median(times):.1f} s each (p50)" if times else ""))
    results = len(report["fresh"])
    print(f"  results entered: {results}; next answer showed the result: "
          f"{sum(report['fresh'])}/{results}")
    if report["call_ms"]:
        calls = report["call_ms"]
        print(f"  the arbiter's call (POST .../result/ to this server; issue 33 target ≤ 50 ms): "
              f"p50 {statistics.median(calls):6.1f} p90 {sorted(calls)[int(0.9 * (len(calls) - 1))]:6.1f}"
              f" max {max(calls):7.1f} ms: {'MET' if statistics.median(calls) <= 50 else 'NOT MET'}"
              " (p50); " + ("the build before it answers" if args.build_before_answer
                            else "its build runs in the server after the answer"))
    if report["write_ms"]:
        print(f"  record_result (the write, warm-ahead included when on): p50 "
              f"{statistics.median(report['write_ms']):6.1f} max "
              f"{max(report['write_ms']):7.1f} ms")
        print(f"    its transaction (row locks held; issue 33 target ≤ 50 ms): p50 "
              f"{statistics.median(report['transaction_ms']):6.1f} max "
              f"{max(report['transaction_ms']):7.1f} ms; its warm-ahead build after the "
              f"commit: p50 {statistics.median(report['build_ms']):6.1f} max "
              f"{max(report['build_ms']):7.1f} ms")
    for name in ("cold_pairings_ms", "cold_standings_ms"):
        values = report[name]
        if values:
            print(f"  first {name[5:-3]} after a result: p50 {statistics.median(values):6.1f}"
                  f" max {max(values):7.1f} ms (target ≤ {TARGET_COLD_MS:.0f} ms for "
                  f"standings)")

if __name__ == "__main__":
    main()
