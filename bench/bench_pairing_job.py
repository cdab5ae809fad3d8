"""The service's pairing job beside the command line, on the same event (issue 34).

    DATABASE_URL=postgres://... .venv/bin/python bench/bench_pairing_job.py \
        [--generators bbp-like ours] [--sizes 500 1000 2000] [--round 2] [--trf FILE ...]

Issue 34 asks that "the service's job path [be] no slower than the CLI". For each event
(made by ``bench/bench_pairing_corpus.py``'s generators before ``--round``, or read from
``--trf`` files) the bench:

1. pairs the file with ``python -m chessrules pair FILE`` in a new process (its CPU from
   ``wait4``: what an arbiter or a script runs; its memory is not printed here, the child
   forked from this big process would report the parent's pages: see
   ``bench_pairing_corpus.py``);
2. imports the file into a scratch database through the service
   (``tournaments.services.import_trf``) and runs the pairing job's work
   (``tournaments.services.pair_round_job``: lock the event, load it, pair, write the round
   in one transaction), as a worker runs it: in a warm process. Printed: the job's CPU (this
   process, from ``getrusage``), its wall time (which includes the database server's share)
   and the part of it spent outside the pairing itself (load and write);
3. checks that the round written by the job is the command line's pairing, board for board.

The bench creates and drops its own test database (``test_<name>``), so no real data is
touched. CPU is the figure to read on a shared machine; the load average is printed.
No timed unit test: this prints figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from bench_pairing_corpus import SHAPES, make_round, run  # noqa: E402
from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from chessrules.values import System  # noqa: E402


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cli_boards(output: str) -> list[tuple[int, int]]:
    """The boards of ``chessrules pair``'s output (bbpPairings' format: the count, then
    "white black" per board, 0 for the bye)."""
    lines = output.split("\n")[1:]
    return [tuple(int(n) for n in line.split()) for line in lines if line.strip()]


def job_boards(tournament, number: int) -> list[tuple[int, int]]:
    from tournaments.models import Pairing

    rnd = tournament.rounds.get(number=number)
    boards = []
    paired = rnd.pairings.filter(kind__in=[Pairing.Kind.GAME, Pairing.Kind.PAB])
    for pairing in paired.select_related("white", "black").order_by("board"):
        white = pairing.white.starting_number if pairing.white else 0
        black = pairing.black.starting_number if pairing.black else 0
        boards.append((white, black))
    return boards


def measure(label: str, text: str, limit: float, user, body: int) -> None:
    from tournaments import services

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.trf"
        path.write_text(text)
        code, cli_cpu, _rss, output = run(
            [sys.executable, "-m", "chessrules", "pair", str(path)], limit)
    if code != 0:
        print(f"{label}: the command line failed (exit {code})", flush=True)
        return
    tournament, _report = services.import_trf(text, user=user, start_date=date(2026, 6, 1),
                                              end_date=date(2026, 6, 11),
                                              system=System.DUTCH, organiser_body=body)
    number = tournament.rounds.count() + 1
    engine_time = []

    def progress(percent: float, _message: str) -> None:
        engine_time.append((percent, cpu_seconds()))

    cpu, wall = cpu_seconds(), time.perf_counter()
    services.pair_round_job({"tournament": tournament.pk, "round": number}, progress)
    job_cpu, job_wall = cpu_seconds() - cpu, time.perf_counter() - wall
    # the engine runs between the job's 20 % and 80 % marks: the rest is load and write
    pairing_marks = [t for p, t in engine_time if 20 <= p <= 80]
    around = job_cpu - (pairing_marks[-1] - pairing_marks[0]) if len(pairing_marks) > 1 \
        else float("nan")
    ours, theirs = job_boards(tournament, number), cli_boards(output)
    same = ours == theirs
    if not same:  # the first boards that differ, to look into
        differ = [(a, b) for a, b in zip(ours, theirs, strict=False) if a != b][:5]
        print(f"{label}: job {len(ours)} boards, CLI {len(theirs)}; first differing {differ}")
    print(f"{label}: CLI {cli_cpu:7.2f} s CPU | job {job_cpu:7.2f} s CPU "
          f"({job_wall:7.2f} s wall; load and write {around:5.2f} s CPU) | job / CLI "
          f"{job_cpu / max(cli_cpu, 1e-3):4.2f} | {'identical' if same else 'DIFFERENT'} | "
          f"load {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generators", nargs="*", choices=sorted(SHAPES),
                        default=["bbp-like"])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000])
    parser.add_argument("--round", type=int, default=2, help="the round to pair")
    parser.add_argument("--trf", nargs="*", default=[], help="TRF(x) files to pair instead")
    parser.add_argument("--limit", type=float, default=900, help="seconds per CLI process")
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.create_superuser("bench", password="bench-pass-1")
        from federation.models import Body, Province

        body = Body.objects.create(name="Liên đoàn bench", level="provincial",
                                   province=Province.objects.first()).pk
        print(f"database: {connection.vendor}; load {os.getloadavg()[0]:.2f}", flush=True)
        for name in args.trf:
            measure(Path(name).name, Path(name).read_text(), args.limit, user, body)
        if not args.trf:
            for generator in args.generators:
                for size in args.sizes:
                    text = make_round(generator, size, args.round)
                    measure(f"{generator:>13} {size:>5} r{args.round}", text, args.limit, user, body)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        settings.DATABASES["default"]["NAME"] = old_name


if __name__ == "__main__":
    main()
