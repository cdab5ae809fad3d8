"""Validation throughput of a 1,000-game PGN upload, end to end (issue 7).

Run: ``.venv/bin/python bench/bench_games_upload.py [--games N] [--notation vn|wxf|iccs]``
(``DATABASE_URL`` chooses the database, as for the service; a throw-away test database is
created and dropped). Without ``CELERY_BROKER_URL`` the import job runs in-process; with it (and
PostgreSQL) the script starts its own Celery worker on a private queue and the throw-away
database, and the time includes the queue and the worker.

It builds a PGN of N real xiangqi games from ../shared/data/xiangqi-games (the 20-game sample in
tests/data/games, repeated, when ../shared is absent), POSTs it to ``/api/v1/game-uploads/`` as
a staff user and waits until the job has stored every record's validation status. Printed: the
wall time from the request to the stored statuses, milliseconds per game (target: at most 5),
and how the job spent it (reading + validating through chessrules, writing).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def games_source(count: int, notation: str) -> list[tuple[str, str]]:
    full = REPO.parent / "shared" / "data" / "xiangqi-games" / f"games_{notation}.txt"
    path = full if full.exists() else REPO / "tests" / "data" / "games" / \
        f"xiangqi_sample_{notation}.txt"
    lines = [tuple(line.split("\t", 1)) for line in
             path.read_text(encoding="utf-8").splitlines()]
    print(f"games from {path} ({len(lines)} lines)")
    return [lines[i % len(lines)] for i in range(count)]


def build_pgn(games: list[tuple[str, str]]) -> str:
    parts = []
    for i, (result, moves) in enumerate(games, 1):
        parts.append(f'[Event "Bench"]\n[Round "{i // 100 + 1}"]\n[Board "{i % 100 + 1}"]\n'
                     f'[White "Red {i}"]\n[Black "Black {i}"]\n[Result "{result}"]\n'
                     f'[Variant "xiangqi"]\n\n{moves} {result}\n')
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--notation", default="vn", choices=["vn", "wxf", "iccs"])
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["*"]
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, keepdb=False)
    from processes import Started

    started = Started()  # the worker stopped on exit, error, Ctrl-C, SIGTERM, SIGHUP
    started.on_signals()
    try:
        if settings.CELERY_BROKER_URL:
            start_worker(started)
        run(args)
    finally:
        started.stop_all()
        connection.creation.destroy_test_db(old_name, verbosity=0)


def start_worker(started):
    """A celery worker on a private queue, reading the throw-away database."""
    import subprocess
    import tempfile
    import uuid

    from django.conf import settings
    from django.db import connection

    db = connection.settings_dict
    if "postgresql" not in db["ENGINE"]:
        raise SystemExit("a worker needs PostgreSQL: set DATABASE_URL, or unset CELERY_BROKER_URL")
    auth = f"{db['USER']}{':' + db['PASSWORD'] if db.get('PASSWORD') else ''}@" \
        if db.get("USER") else ""
    url = f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    queue = f"bench-{uuid.uuid4().hex[:10]}"
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    log = Path(tempfile.mkdtemp()) / "worker.log"
    env = dict(os.environ, DATABASE_URL=url, CELERY_QUEUE=queue)
    worker = started.popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queue, "-P", "solo",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "info",
         "-n", f"{queue}@%h", "-f", str(log)], cwd=REPO, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while " ready." not in (log.read_text(errors="replace") if log.exists() else ""):
        if worker.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"worker did not start; see {log}")
        time.sleep(0.2)
    return worker


def run(args) -> None:
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from core.models import Job
    from games.models import GameRecord

    games = games_source(args.games, args.notation)
    content = build_pgn(games)
    plies = sum(1 for _r, moves in games for word in moves.split()
                if not word.rstrip(".)").isdigit())
    staff = get_user_model().objects.create_user("bench", is_staff=True, is_superuser=True)
    client = APIClient()
    client.force_authenticate(staff)
    print(f"{len(games)} games, {plies} plies ({plies / len(games):.0f} per game), "
          f"{len(content) / 1e6:.2f} MB of PGN, notation {args.notation}, "
          f"database {connection_vendor()}, jobs {'worker' if broker() else 'in-process'}")

    started = time.perf_counter()
    response = client.post("/api/v1/game-uploads/",
                           {"content": content, "keep_valid": True}, format="json")
    assert response.status_code == 202, response.content[:500]
    job_id = response.json()["id"]
    while True:
        job = Job.objects.get(pk=job_id)
        if job.is_finished:
            break
        time.sleep(0.05)
    elapsed = time.perf_counter() - started
    assert job.state == "succeeded", job.error
    stored = GameRecord.objects.exclude(validation_status="pending").count()
    report = job.result
    print(f"written {report['written']} / {report['total']} (invalid {report['invalid']}); "
          f"records with a stored status: {stored}")
    if job.started_at and job.finished_at:
        seconds = report.get("seconds", {})
        print(f"job run time: {(job.finished_at - job.started_at).total_seconds():.2f} s "
              f"(read + validate through chessrules {seconds.get('read_and_validate')} s, "
              f"bulk write {seconds.get('write')} s)")
    print(f"end to end (API -> stored status): {elapsed:.2f} s, "
          f"{1000 * elapsed / len(games):.2f} ms per game (target <= 5 ms)")
    alone = time.perf_counter()
    from chessrules.validation import validate_game

    for _result, moves in games:
        validate_game("xiangqi", moves)
    alone = time.perf_counter() - alone
    print(f"for comparison, chessrules.validation.validate_game alone on the same games: "
          f"{1000 * alone / len(games):.2f} ms per game")
    print(f"load average: {os.getloadavg()[0]:.2f} (shared 2-core machine)")


def connection_vendor() -> str:
    from django.db import connection

    return connection.vendor


def broker() -> bool:
    from django.conf import settings

    return bool(settings.CELERY_BROKER_URL)


if __name__ == "__main__":
    main()
