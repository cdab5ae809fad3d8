"""A running job's heartbeat and progress (issue 14): written from a thread of its own, on its
own database connection, so outside the work's transaction and alive while the work waits on
a lock; on SQLite (tests without a server) written directly. Used by ``core.jobs.run_job``."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import connection
from django.utils import timezone

from core.models import Job

logger = logging.getLogger("core.jobs")

#: what a job's work is given to report its progress: (percent, message)
Progress = Callable[[float, str], None]


def direct_progress(job_id: UUID, runner: str) -> Progress:
    def progress(percent: float, message: str = "") -> None:
        Job.objects.filter(pk=job_id, runner=runner).update(
            progress=_percent(percent), message=message[:300], heartbeat_at=timezone.now())
    return progress


def _percent(percent: float) -> int:
    return max(0, min(99, int(percent)))


class HeartbeatReporter(threading.Thread):
    """Writes the job's heartbeat and progress from its own thread, so on its own database
    connection: outside the work's transaction (clients see progress move while the work
    runs) and alive while the work waits on a lock or computes."""

    def __init__(self, job_id: UUID, runner: str) -> None:
        super().__init__(name=f"job-heartbeat-{job_id}", daemon=True)
        self.job_id, self.runner = job_id, runner
        self.interval = settings.JOB_HEARTBEAT_SECONDS
        self._pending: tuple[int, str] | None = None
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self.start()

    def report(self, percent: float, message: str = "") -> None:
        with self._lock:
            self._pending = (_percent(percent), message[:300])
        self._wake.set()

    def run(self) -> None:
        try:
            while not self._stopping.is_set():
                self._wake.wait(self.interval)
                self._wake.clear()
                self._write()
        finally:
            connection.close()  # this thread's own connection

    def _write(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, None
        fields: dict[str, Any] = {"heartbeat_at": timezone.now()}
        if pending is not None:
            fields["progress"], fields["message"] = pending
        try:
            Job.objects.filter(pk=self.job_id, runner=self.runner,
                               state=Job.State.RUNNING).update(**fields)
        except Exception:  # a missed beat is retried; the work must go on
            logger.exception("job %s: heartbeat not written", self.job_id)
            connection.close()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        self.join(timeout=10)


def stop_reporter(reporter: HeartbeatReporter | None) -> None:
    if reporter is not None:
        reporter.stop()
