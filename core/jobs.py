"""Start, run and report long jobs (the job resource, ``GET /api/v1/jobs/{id}``).

One registry, one name per job: each app declares its jobs in its ``jobs.py``
(``register(kind, work)``; discovered in ``CoreConfig.ready``), and one generic
Celery task, :func:`run_job_task` (``core.run_job``), runs any registered kind.

* ``start_job(kind, params=…, key=…)`` records a :class:`~core.models.Job` and enqueues
  the generic task after the surrounding transaction commits. A ``key`` makes it
  idempotent: starting the same job twice returns the first one (a failed one is re-queued).
* ``run_job`` is what the task calls in the worker: it marks the job running, calls the
  kind's work function with a progress callback, and stores the result or error. A job
  that already succeeded is not run again, so a redelivered message (late acknowledgement
  after a worker died) is harmless.

Import direction (enforced by ``.importlinter``): an app's ``jobs.py`` and ``tasks.py``
import its services; services import only this module, never their app's tasks or jobs.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from core.errors import ServiceError
from core.models import Job

logger = logging.getLogger(__name__)

Progress = Callable[[float, str], None]
Work = Callable[[dict, Progress], Any]


@dataclass(frozen=True)
class JobKind:
    """A registered job: its one name (``kind``) and its work (a service function that
    touches the public cache scopes it changes, like every write)."""

    kind: str
    work: Work


_REGISTRY: dict[str, JobKind] = {}


def register(kind: str, work: Work) -> JobKind:
    """Declare a job kind (called from an app's ``jobs.py``). Registering a kind twice with
    another work function is a programming error."""
    entry = JobKind(kind, work)
    existing = _REGISTRY.get(kind)
    if existing is not None and existing.work is not work:
        raise ValueError(f"job kind {kind!r} is already registered to {existing.work!r}")
    _REGISTRY[kind] = entry
    return entry


def job_kind(kind: str) -> JobKind:
    try:
        return _REGISTRY[kind]
    except KeyError:
        raise LookupError(f"unknown job kind {kind!r} (declare it in its app's jobs.py)") from None


def registered_kinds() -> list[str]:
    return sorted(_REGISTRY)


def start_job(kind: str, *, params: dict | None = None, key: str | None = None,
              user=None) -> Job:
    """Create the job (or reuse the one with this ``key``) and enqueue it."""
    job_kind(kind)  # fail early, in the caller, for an undeclared kind
    job, created = _get_or_create_job(kind, params or {}, key, user)
    if not created and job.state != Job.State.FAILED:
        return job
    if not created:  # a failed job started again: retry it from the start
        Job.objects.filter(pk=job.pk).update(
            state=Job.State.QUEUED, progress=0, message="", error=None, finished_at=None)
        job.refresh_from_db()
    job_id = str(job.pk)
    transaction.on_commit(lambda: enqueue(job_id))
    return job


def enqueue(job_id: str) -> None:
    run_job_task.apply_async(args=[job_id], queue=settings.CELERY_TASK_DEFAULT_QUEUE)


def _get_or_create_job(kind, params, key, user) -> tuple[Job, bool]:
    user = user if getattr(user, "is_authenticated", False) else None
    if key is None:
        return Job.objects.create(kind=kind, params=params, created_by=user), True
    try:
        with transaction.atomic():
            return Job.objects.get_or_create(
                key=key, defaults={"kind": kind, "params": params, "created_by": user})
    except IntegrityError:  # a concurrent caller created it first
        return Job.objects.get(key=key), False


@shared_task(name="core.run_job")
def run_job_task(job_id: str) -> Any:
    """The one Celery task of every job: run the job's registered kind."""
    kind = Job.objects.filter(pk=job_id).values_list("kind", flat=True).first()
    if kind is None:
        logger.warning("job %s does not exist; nothing to run", job_id)
        return None
    return run_job(job_id, job_kind(kind).work)


def run_job(job_id: str, work: Work) -> Any:
    """Run ``work(params, progress)`` for the job and record its outcome."""
    job = Job.objects.filter(pk=job_id).first()
    if job is None:
        logger.warning("job %s does not exist; nothing to run", job_id)
        return None
    if job.state == Job.State.SUCCEEDED:
        return job.result
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.RUNNING, started_at=timezone.now(), attempts=F("attempts") + 1)

    def progress(percent: float, message: str = "") -> None:
        Job.objects.filter(pk=job.pk).update(
            progress=max(0, min(99, int(percent))), message=message[:300])

    try:
        result = work(job.params, progress)
    except ServiceError as exc:
        _finish(job, Job.State.FAILED, error={"code": exc.code, "message": exc.message,
                                              "fields": exc.fields})
        return None
    except Exception as exc:  # recorded on the job for the client; the worker goes on
        logger.exception("job %s (%s) failed", job.pk, job.kind)
        _finish(job, Job.State.FAILED, error={
            "code": "job_failed", "message": f"{type(exc).__name__}: {exc}",
            "detail": traceback.format_exc(limit=5)})
        return None
    _finish(job, Job.State.SUCCEEDED, result=result)
    return result


def _finish(job: Job, state: str, *, result=None, error=None) -> None:
    Job.objects.filter(pk=job.pk).update(
        state=state, result=result, error=error, finished_at=timezone.now(),
        progress=100 if state == Job.State.SUCCEEDED else F("progress"))
