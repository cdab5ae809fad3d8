"""Public API under load (issue 10): p99 ≤ 50 ms at 200 requests/s.

Builds a certified 500-player, 11-round event in the configured database, starts
gunicorn (4 workers) on 127.0.0.1, and drives the standings, the tournament list
and a player profile with the open-loop generator in bench/loadgen.py, one
endpoint at a time, printing the latency percentiles.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench \
    CACHE_URL=redis://127.0.0.1:6379/2 python bench/bench_public_load.py [--seconds 20]

Needs PostgreSQL and Redis (the production setup); refuses the embedded default.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import sys
import time
import urllib.request
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

PLAYERS, ROUNDS = 500, 11
TARGET_P99_MS = 50.0


def build_event() -> tuple[int, int]:
    """A certified Swiss event written directly (pairings random, no rematches needed here)."""
    from django.db import transaction
    from random_rounds import write_random_rounds

    from chessrules.values import System
    from federation.reference_data import load_reference_data
    from tests.factories import make_body, make_club, make_member, make_person
    from tournaments.models import Entry, Tournament

    load_reference_data()
    existing = Tournament.objects.filter(name="Bench 500 x 11").first()
    if existing:
        return existing.pk, existing.entries.first().member.person_id
    rng = random.Random(2026)
    with transaction.atomic():  # names of their own: the database may hold other benches' rows
        body = make_body(name="Liên đoàn Bench 500 x 11")
        club = make_club(body, name="Câu lạc bộ Bench 500 x 11")
        t = Tournament.objects.create(
            name="Bench 500 x 11", discipline="xiangqi", system=System.DUTCH, number_of_rounds=ROUNDS,
            start_date=date(2026, 6, 1), end_date=date(2026, 6, 9), organiser_body=body,
            status=Tournament.Status.CERTIFIED, lot_seed=1)
        entries = []
        for number in range(1, PLAYERS + 1):
            member = make_member(make_person(full_name=f"Đấu Thủ Thử Tải {number}"), club,
                                 card_number=f"01-2020-P{number:04d}")  # cards of its own
            entries.append(Entry(tournament=t, member=member, name=member.person.full_name,
                                 rating=2600 - number, starting_number=number))
        entries = Entry.objects.bulk_create(entries)
        write_random_rounds(t, entries, ROUNDS, rng)
    return t.pk, entries[0].member.person_id


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=5).read()
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"server did not answer {url}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    if "postgres" not in os.environ.get("DATABASE_URL", "") or not os.environ.get("CACHE_URL"):
        raise SystemExit("set DATABASE_URL (PostgreSQL) and CACHE_URL (Redis): see the docstring")

    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    tournament_id, person_id = build_event()
    port = free_port()
    env = dict(os.environ, DEBUG="0", ALLOW_EMBEDDED="1", ANON_THROTTLE_RATE="1000000/min",
               SECURE_SSL_REDIRECT="0",  # plain HTTP on 127.0.0.1
               ALLOWED_HOSTS="127.0.0.1,localhost")
    from processes import Started

    started = Started()  # gunicorn stopped on exit, error, Ctrl-C, SIGTERM, SIGHUP
    started.on_signals()
    started.popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--preload", "--workers",
         str(args.workers), "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        cwd=REPO, env=env)
    base = f"http://127.0.0.1:{port}/api/v1/public"
    try:
        wait_until_up(f"{base}/tournaments/")
        import loadgen

        targets = {
            "standings (500 players, 11 rounds)": f"{base}/tournaments/{tournament_id}/standings/",
            "tournament list": f"{base}/tournaments/",
            "player profile": f"{base}/players/{person_id}/",
        }
        print(f"open loop, {args.rate:.0f} requests/s for {args.seconds:.0f} s each, "
              f"gunicorn {args.workers} workers, load average {os.getloadavg()[0]:.1f}")
        for name, url in targets.items():
            started = time.perf_counter()
            urllib.request.urlopen(url, timeout=60).read()  # first build fills the cache
            first = (time.perf_counter() - started) * 1000
            loadgen.run([url], args.rate, 3)  # warm every worker; steady state is measured
            figures = loadgen.run([url], args.rate, args.seconds)
            verdict = "MET" if figures["p99_ms"] <= TARGET_P99_MS and not figures["errors"] \
                else "NOT MET"
            print(f"{name:36} first {first:7.1f} ms | achieved {figures['achieved_rate']:6.1f}/s "
                  f"p50 {figures['p50_ms']:6.1f} p90 {figures['p90_ms']:6.1f} "
                  f"p99 {figures['p99_ms']:6.1f} max {figures['max_ms']:7.1f} ms "
                  f"errors {figures['errors']} | target p99 ≤ {TARGET_P99_MS:.0f} ms: {verdict}")
    finally:
        started.stop_all()


if __name__ == "__main__":
    main()
