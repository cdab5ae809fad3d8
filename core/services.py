"""Writes and jobs of the core app."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from django.db import connection

from core.jobs import Starter, start_job

if TYPE_CHECKING:
    from core.job_heartbeat import Progress
    from core.models import Job

MAX_HOLD_SECONDS = 600
#: the job kinds of this app: one name each, registered by ``CoreConfig.ready`` and started here
HEALTH_CHECK_JOB = "core.health_check"
#: the same check on the background queue (are its workers alive?)
HEALTH_CHECK_BACKGROUND_JOB = "core.health_check.background"


def health_check(params: dict[str, Any], progress: Progress) -> dict[str, Any]:
    """Run inside a worker: report the database vendor and that queries work.

    With ``seconds`` the job also holds that long (at most 10 minutes), reporting progress,
    to watch heartbeats, progress and time limits of a running job (docs/production.md)."""
    progress(50, "querying the database")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        (one,) = cursor.fetchone()
    hold = min(float(params.get("seconds") or 0), MAX_HOLD_SECONDS)
    started = time.monotonic()
    while (elapsed := time.monotonic() - started) < hold:
        progress(50 + 49 * elapsed / hold, "holding")
        time.sleep(0.2)
    return {"database": connection.vendor, "query_ok": one == 1}


def start_health_check(user: Starter = None, *, seconds: float = 0, key: str | None = None,
                       background: bool = False) -> Job:
    params = {"seconds": seconds} if seconds else {}
    kind = HEALTH_CHECK_BACKGROUND_JOB if background else HEALTH_CHECK_JOB
    return start_job(kind, params=params, key=key, user=user)
