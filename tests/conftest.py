"""Test harness shared by every app.

Jobs run in a **real Celery worker process** when ``CELERY_BROKER_URL`` is set
(as in CI: PostgreSQL + Redis); without a broker they run in-process, so the
suite also runs on the embedded default. Tests that need the worker take the
``job_worker`` fixture (which implies ``transactional_db``: the worker process
reads what the test committed).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.helpers import REPO


def _database_url_of_test_db() -> str:
    db = connection.settings_dict
    if "postgresql" not in db["ENGINE"]:
        raise RuntimeError("a worker process needs a shared database (PostgreSQL)")
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


class WorkerProcess:
    """A ``celery worker`` subprocess bound to this test session's own queues: the
    interactive one (``queue``) and its background one (``<queue>-background``, issue 31),
    or only those named in ``consume`` (e.g. a worker of one queue, as in production)."""

    def __init__(self, queue: str, database_url: str, log_dir: Path, *, pool: str = "solo",
                 env: dict | None = None, consume: list[str] | None = None):
        self.queue = queue
        self.background_queue = f"{queue}-background"
        self.consume = consume or [queue, self.background_queue]
        self.database_url = database_url
        self.log_dir = log_dir
        self.pool = pool  # "prefork": a main process and a child, as in production
        self.env = env or {}
        self.process: subprocess.Popen | None = None
        self.count = 0

    def start(self, timeout: float = 60) -> None:
        self.count += 1
        log = self.log_dir / f"worker-{self.count}.log"
        env = dict(os.environ, DATABASE_URL=self.database_url, CELERY_QUEUE=self.queue,
                   CELERY_BACKGROUND_QUEUE=self.background_queue,
                   DJANGO_SETTINGS_MODULE="config.settings", PYTHONUNBUFFERED="1", **self.env)
        pool = ["-P", "solo"] if self.pool == "solo" else ["-P", self.pool, "-c", "1"]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", ",".join(self.consume),
             *pool, "--without-gossip", "--without-mingle", "--without-heartbeat",
             "-l", "info", "-n", f"{self.queue}-{self.pool}-{self.count}-{uuid.uuid4().hex[:6]}@%h", "-f", str(log)],
            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: kill_all() reaches the children
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"celery worker exited early; see {log}:\n{_tail(log)}")
            if log.exists() and " ready." in log.read_text(errors="replace"):
                return
            time.sleep(0.2)
        raise RuntimeError(f"celery worker not ready after {timeout}s; see {log}:\n{_tail(log)}")

    def kill(self) -> None:
        """SIGKILL, as when a machine dies: the message in flight is not acknowledged."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def kill_all(self) -> None:
        """SIGKILL the main process and its children at once (a machine or container dies)."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()


def _tail(path: Path, lines: int = 30) -> str:
    if not path.exists():
        return "(no log)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


@pytest.fixture(scope="session")
def worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """The session's real worker process, or None when no broker is configured."""
    if not settings.CELERY_BROKER_URL:
        yield None
        return
    queue = f"test-{uuid.uuid4().hex[:12]}"
    settings.CELERY_TASK_DEFAULT_QUEUE = queue  # the test process publishes there
    settings.CELERY_BACKGROUND_QUEUE = f"{queue}-background"
    with django_db_blocker.unblock():
        database_url = _database_url_of_test_db()
    worker = WorkerProcess(queue, database_url, tmp_path_factory.mktemp("celery"))
    worker.start()
    yield worker
    worker.stop()


class JobWaiter:
    def __init__(self, worker: WorkerProcess | None):
        self.worker = worker

    @property
    def is_real(self) -> bool:
        return self.worker is not None

    def wait(self, job_id, timeout: float = 120):
        """Wait until the job has finished and return it (fails the test on time-out)."""
        from core.models import Job

        deadline = time.monotonic() + timeout
        while True:
            job = Job.objects.get(pk=job_id)
            if job.is_finished:
                return job
            if time.monotonic() > deadline:
                pytest.fail(f"job {job.kind} {job_id} still {job.state} ({job.progress}%) "
                            f"after {timeout}s")
            time.sleep(0.1)


@pytest.fixture
def job_worker(transactional_db, worker_process) -> JobWaiter:
    """Jobs of this test run in the real worker process (or in-process without a broker)."""
    from federation.reference_data import load_reference_data

    load_reference_data()  # transactional tests flush the migrated reference data
    if worker_process is not None and worker_process.process.poll() is not None:
        worker_process.start()  # a previous test killed it
    return JobWaiter(worker_process)


@pytest.fixture
def real_worker(job_worker) -> JobWaiter:
    """Like ``job_worker`` but skips when no broker is configured (e.g. killed-worker tests)."""
    if not job_worker.is_real:
        pytest.skip("needs a real Celery worker: set CELERY_BROKER_URL and DATABASE_URL "
                    "(PostgreSQL), as .ci/run does")
    return job_worker


# --- users and API clients ---------------------------------------------------------

@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def staff_user(django_user_model):
    return django_user_model.objects.create_user(
        "staff", password="staff-pass-123", is_staff=True, is_superuser=True)


@pytest.fixture
def staff_client(staff_user):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(staff_user)
    return client


@pytest.fixture(scope="session", autouse=True)
def _cache_clear_of_this_process_only():
    """With Redis, ``cache.clear()`` is FLUSHDB: under pytest-xdist it would also wipe the
    other test process's keys (rate limits, scope stamps, cached answers) in the middle of
    its test. Clear only the keys under this process's own KEY_PREFIX (settings.TEST_WORKER)."""
    try:
        from django_redis.cache import RedisCache
    except ImportError:  # pragma: no cover - django-redis is a requirement
        yield
        return
    patch = pytest.MonkeyPatch()
    patch.setattr(RedisCache, "clear", lambda self: self.delete_pattern("*"))
    yield
    patch.undo()


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """Every test starts with empty rate-limit and login counters (core.throttling keeps
    them in the shared cache; user ids and 127.0.0.1 repeat from test to test)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _site_language():
    """Every test starts in the site's language, as a new process does: a request through
    the test client leaves the language it activated (LocaleMiddleware, an /en/ page) in
    the thread, and code run outside a request (a model's __str__, a service's message)
    would read the previous test's language."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def jobs_in_process(settings, monkeypatch):
    """Jobs of this test run in-process, as on the embedded default, even when a broker is
    configured: for screen tests whose subject is the page around a job (its progress, its
    outcome), not the job machinery, which the ``job_worker`` tests cover on a real worker."""
    from config.celery import app

    # Celery's setting first: its old value is read from Django's settings, which must not
    # have been changed yet (else the undo would restore True and leak into later tests).
    monkeypatch.setitem(app.conf, "task_always_eager", app.conf.task_always_eager)
    app.conf.task_always_eager = True
    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.fixture
def smtp_server(tmp_path, settings):
    """A real SMTP server process (aiosmtpd) that this test's mail goes to (issue 32)."""
    from tests.smtp import SmtpServer

    server = SmtpServer(tmp_path / "maildir")
    server.start()
    for name, value in server.settings().items():
        setattr(settings, name, value)
    yield server
    server.stop()
