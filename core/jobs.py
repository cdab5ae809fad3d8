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
* Jobs always end (issue 14): a running job writes a heartbeat from its own connection
  (with its progress, so clients see it move while the work's transaction is open); the
  sweeper (:func:`sweep`, celery beat every ``JOB_SWEEP_SECONDS``) re-runs a job whose
  heartbeat is older than ``JOB_LEASE_SECONDS`` (its worker died) and re-sends queued jobs
  whose message the broker lost; asking again for a failed or lost job starts a new attempt.
  Each message carries a token: a duplicate message never runs a job that is alive.

Import direction (enforced by ``.importlinter``): an app's ``jobs.py`` and ``tasks.py``
import its services; services import only this module, never their app's tasks or jobs.
"""

from __future__ import annotations

import logging
import signal
import threading
import traceback
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias
from uuid import UUID

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Case, F, PositiveSmallIntegerField, Q, When
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import KombuError
from kombu.exceptions import OperationalError as BrokerError

from core.errors import ServiceError, ServiceUnavailableError
from core.job_heartbeat import (
    HeartbeatReporter,
    Progress,
    direct_progress,
    stop_reporter,
)
from core.logs import current_request_id, request_id_var
from core.metrics import observe_job
from core.models import KIND_LABELS, Job

if TYPE_CHECKING:
    from celery import Task
    from django.contrib.auth.models import AnonymousUser, User

logger = logging.getLogger(__name__)
#: one JSON line per job that ends (core.logs): kind, id, state, duration, request id
job_logger = logging.getLogger("vcf.job")

#: a job's work: (params, progress) -> its result (JSON)
Work = Callable[[dict[str, Any], Progress], Any]
#: who starts a job: the request's user (an anonymous one is recorded as nobody) or nobody
Starter: TypeAlias = "User | AnonymousUser | None"


#: Someone waits for it (a pairing, a result's validation, an upload's import): the
#: interactive queue, ``CELERY_TASK_DEFAULT_QUEUE``.
INTERACTIVE = "interactive"
#: Nobody waits for it (documents, warm-ups, the daily lapse, rating periods, title checks):
#: the background queue, ``CELERY_BACKGROUND_QUEUE``, served by workers of its own, so an
#: interactive job never waits behind it (issue 31 §7; docs/production.md).
BACKGROUND = "background"


@dataclass(frozen=True)
class JobKind:
    """A registered job: its one name (``kind``), its work (a service function that
    touches the public cache scopes it changes, like every write) and its queue."""

    kind: str
    work: Work
    priority: str = INTERACTIVE
    #: the job's name for a person (the admin's job pages, issue 28), e.g. "Xếp cặp ván"
    label: Any = ""
    #: params -> the row the job is about (linked from the job's page), or None
    subject: Callable[[dict[str, Any]], Any] | None = None

    @property
    def queue(self) -> str:
        return queue_name(self.priority)


def queue_name(priority: str) -> str:
    if priority == BACKGROUND:
        return settings.CELERY_BACKGROUND_QUEUE
    return settings.CELERY_TASK_DEFAULT_QUEUE


def all_queues() -> list[str]:
    """Every queue a worker of this deployment may have to serve (interactive first)."""
    return [queue_name(INTERACTIVE), queue_name(BACKGROUND)]


_REGISTRY: dict[str, JobKind] = {}


def register(kind: str, work: Work, *, priority: str = INTERACTIVE, label: Any = "",
             subject: Callable[[dict[str, Any]], Any] | None = None) -> JobKind:
    """Declare a job kind (called from an app's ``jobs.py``, the kind a constant of the app's
    services, which start it). A kind is named ``<app>.<name>`` after the app of its work;
    ``priority`` is :data:`INTERACTIVE` (someone waits for it) or :data:`BACKGROUND`;
    ``label`` its name for a person and ``subject`` what it is about. Registering a kind twice
    with another work function is a programming error."""
    app = getattr(work, "__module__", "").split(".")[0]
    if kind.partition(".")[0] != app or not kind.partition(".")[2]:
        raise ValueError(f"job kind {kind!r}: name it '{app}.<name>' (the app of its work)")
    if priority not in (INTERACTIVE, BACKGROUND):
        raise ValueError(f"job kind {kind!r}: unknown priority {priority!r}")
    entry = JobKind(kind, work, priority, label, subject)
    if label:
        KIND_LABELS[kind] = label
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


def kind_label(kind: str) -> str:
    """The job's name for a person; an unknown kind (an old row) reads as "Công việc"."""
    entry = _REGISTRY.get(kind)
    return str(entry.label) if entry is not None and entry.label else _("Công việc khác")


def job_subject(job: Job) -> Any:
    """The row the job is about (a tournament, a game, a period…), or None."""
    entry = _REGISTRY.get(job.kind)
    if entry is None or entry.subject is None:
        return None
    try:
        return entry.subject(job.params or {})
    except (KeyError, TypeError, ValueError):
        return None


def start_job(kind: str, *, params: dict[str, Any] | None = None, key: str | None = None,
              user: Starter = None) -> Job:
    """Create the job (or reuse the one with this ``key``) and enqueue it.

    An existing job is returned as it is unless it failed or was lost (see
    :func:`needs_new_attempt`): then it is queued again as a new attempt.
    """
    job_kind(kind)  # fail early, in the caller, for an undeclared kind
    # The broker down: 503 before anything is written, so the caller's transaction (an
    # upload's row, ...) rolls back and nothing is left waiting for a job that never runs.
    check_broker()
    job, created = _get_or_create_job(kind, params or {}, key, user)
    if not created:
        if not needs_new_attempt(job):
            return job
        # only if nobody changed it meanwhile (a worker claiming it, another request)
        if not Job.objects.filter(pk=job.pk, state=job.state, runner=job.runner).update(
                state=Job.State.QUEUED, progress=0, message="", error=None,
                finished_at=None, result=None, restarts=0, runner="",
                request_id=current_request_id() or job.request_id):
            job.refresh_from_db()
            return job
    token = mark_sent(job.pk)
    job.refresh_from_db()
    job_id = str(job.pk)
    transaction.on_commit(lambda: _send_or_fail(job_id, token))
    return job


def run_now(kind: str, *, params: dict[str, Any] | None = None, key: str | None = None,
            user: Starter = None) -> Job:
    """Record the job (or take the one with this ``key``) and run it in this process, without
    the broker (a management command); returns the job as it ended. A job already succeeded
    is not run again (:func:`run_job`)."""
    job, _created = _get_or_create_job(kind, params or {}, key, user)
    run_job(str(job.pk), job_kind(kind).work)
    job.refresh_from_db()
    return job


def needs_new_attempt(job: Job, now: datetime | None = None) -> bool:
    """A failed job, or one that is lost: running without a heartbeat for the lease, or
    queued for longer than the lease (its message may be lost; a duplicate is harmless)."""
    if job.state == Job.State.FAILED:
        return True
    cutoff = (now or timezone.now()) - lease()
    if job.state == Job.State.RUNNING:
        beat = job.heartbeat_at or job.started_at
        return beat is None or beat < cutoff
    if job.state == Job.State.QUEUED:
        sent = job.sent_at or job.created_at
        return sent is None or sent < cutoff
    return False


def lease() -> timedelta:
    return timedelta(seconds=settings.JOB_LEASE_SECONDS)


def mark_sent(job_id: UUID | str) -> str:
    Job.objects.filter(pk=job_id).update(sent_at=timezone.now())
    return uuid.uuid4().hex


def check_broker() -> None:
    """Raise :class:`ServiceUnavailableError` (503) when the broker cannot be reached (no
    check when jobs run in-process)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    from celery import current_app

    try:
        with current_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=0, timeout=settings.JOB_BROKER_CHECK_SECONDS)
    except Exception as exc:
        logger.error("the broker cannot be reached: %s", exc)
        raise ServiceUnavailableError(
            _("Hàng đợi công việc tạm thời không truy cập được; hãy thử lại sau."),
            code="broker_unavailable") from exc


def _send_or_fail(job_id: str, token: str) -> None:
    """Send the job's message (after commit). Should the broker fail in the moment between
    :func:`check_broker` and the commit, the job stays queued: the sweeper re-sends queued
    jobs whose message is missing, so it runs once the broker is back (the answer was given
    for a job that was recorded; it is never a 503 with rows written)."""
    try:
        enqueue(job_id, token)
    except (BrokerError, KombuError, ConnectionError, OSError) as exc:
        logger.error("job %s could not be sent to the broker (the sweeper re-sends it): %s",
                     job_id, exc)


def enqueue(job_id: str, token: str = "", kind: str | None = None) -> None:
    if kind is None:
        kind = Job.objects.filter(pk=job_id).values_list("kind", flat=True).first()
    queue = job_kind(kind).queue if kind in _REGISTRY else settings.CELERY_TASK_DEFAULT_QUEUE
    run_job_task.apply_async(args=[job_id, token], queue=queue)


def _get_or_create_job(kind: str, params: dict[str, Any], key: str | None,
                       user: Starter) -> tuple[Job, bool]:
    user = user if user is not None and user.is_authenticated else None
    request_id = current_request_id()
    if key is None:
        return Job.objects.create(kind=kind, params=params, created_by=user,
                                  request_id=request_id), True
    try:
        with transaction.atomic():
            return Job.objects.get_or_create(
                key=key, defaults={"kind": kind, "params": params, "created_by": user,
                                   "request_id": request_id})
    except IntegrityError:  # a concurrent caller created it first
        return Job.objects.get(key=key), False


# celery ships no type hints: its task decorator is untyped
@shared_task(name="core.run_job", bind=True)  # type: ignore[untyped-decorator]
def run_job_task(self: Task, job_id: str, token: str = "") -> Any:
    """The one Celery task of every job: run the job's registered kind."""
    kind = Job.objects.filter(pk=job_id).values_list("kind", flat=True).first()
    if kind is None:
        logger.warning("job %s does not exist; nothing to run", job_id)
        return None
    limit = None if self.request.is_eager else settings.CELERY_TASK_SOFT_TIME_LIMIT
    return run_job(job_id, job_kind(kind).work, token=token or None, soft_time_limit=limit)


def run_job(job_id: str, work: Work, *, token: str | None = None,
            soft_time_limit: float | None = None) -> Any:
    """Run ``work(params, progress)`` for the job and record its outcome.

    ``token`` is the message's: a message runs a queued job, the running job it was sent
    for (redelivered after its worker died), or a running job whose heartbeat stopped; a
    duplicate message for a job that is alive or finished does nothing. Without a token (an
    in-process call, e.g. ``manage.py lapse_members``) any job not yet succeeded runs.
    """
    job = _claim(job_id, token)
    if job is None:
        return None
    if job.state == Job.State.SUCCEEDED:
        return job.result
    # the logs of the work carry the request id of the request that started the job
    context = request_id_var.set(job.request_id or request_id_var.get())
    try:
        return _run_claimed(job, work, soft_time_limit)
    finally:
        request_id_var.reset(context)


def _run_claimed(job: Job, work: Work, soft_time_limit: float | None) -> Any:
    runner = job.runner
    if job.restarts > settings.JOB_MAX_RESTARTS:
        _finish(job, runner, Job.State.FAILED, error=lost_error(job.restarts))
        return None
    reporter = HeartbeatReporter(job.pk, runner) if connection.vendor != "sqlite" else None
    progress = reporter.report if reporter else direct_progress(job.pk, runner)
    try:
        with _soft_time_limit(soft_time_limit):
            result = work(job.params, progress)
    except ServiceError as exc:
        stop_reporter(reporter)
        _finish(job, runner, Job.State.FAILED, error={
            "code": exc.code, "message": exc.message, "fields": exc.fields,
            "status": exc.status_code})
        return None
    except SoftTimeLimitExceeded:
        stop_reporter(reporter)
        limit = settings.CELERY_TASK_SOFT_TIME_LIMIT
        logger.error("job %s (%s) stopped at its time limit (%s s)", job.pk, job.kind, limit)
        _finish(job, runner, Job.State.FAILED, error={
            "code": "time_limit", "fields": {}, "message": _(
                "Công việc chạy quá giới hạn thời gian (%(seconds)s giây) và đã bị dừng.")
            % {"seconds": limit}})
        return None
    except Exception as exc:  # recorded on the job for the client; the worker goes on
        stop_reporter(reporter)
        logger.exception("job %s (%s) failed", job.pk, job.kind)
        _finish(job, runner, Job.State.FAILED, error={
            "code": "job_failed", "message": f"{type(exc).__name__}: {exc}",
            "detail": traceback.format_exc(limit=5)})
        return None
    stop_reporter(reporter)
    _finish(job, runner, Job.State.SUCCEEDED, result=result)
    return result


@contextmanager
def _soft_time_limit(seconds: float | None) -> Iterator[None]:
    """Raise SoftTimeLimitExceeded in the work after ``seconds`` (worker main thread only).

    Celery's own soft limit is configured too (CELERY_TASK_SOFT_TIME_LIMIT) but depends on
    the pool (the solo pool has none, prefork's did not fire in our tests); this alarm is
    the same limit, enforced in the process that runs the work."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum: int, frame: FrameType | None) -> NoReturn:
        raise SoftTimeLimitExceeded(f"soft time limit ({seconds} s) exceeded")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _claim(job_id: str, token: str | None) -> Job | None:
    """Mark the job running for this message (one atomic update) and return it; None when
    this message must not run it. A running job taken over counts as a restart."""
    now = timezone.now()
    job = Job.objects.filter(pk=job_id).first()
    if job is None:
        logger.warning("job %s does not exist; nothing to run", job_id)
        return None
    if job.state == Job.State.SUCCEEDED:
        return job
    if token is None:  # in-process: whatever its state
        allowed = ~Q(state=Job.State.SUCCEEDED)
    else:
        cutoff = now - lease()
        allowed = Q(state=Job.State.QUEUED) | Q(state=Job.State.RUNNING) & (
            Q(runner=token) | Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True))
    runner = token or uuid.uuid4().hex
    claimed = Job.objects.filter(pk=job_id).filter(allowed).update(
        restarts=Case(When(state=Job.State.RUNNING, then=F("restarts") + 1),
                      default=F("restarts"), output_field=PositiveSmallIntegerField()),
        state=Job.State.RUNNING, runner=runner, started_at=now, heartbeat_at=now,
        attempts=F("attempts") + 1, error=None, finished_at=None)
    if not claimed:
        logger.info("job %s is %s elsewhere; duplicate message %s ignored",
                    job_id, job.state, token)
        return None
    return Job.objects.get(pk=job_id)


def lost_error(restarts: int) -> dict[str, Any]:
    return {"code": "job_lost", "fields": {}, "message": _(
        "Tiến trình chạy công việc đã dừng đột ngột %(n)s lần; công việc được đánh dấu thất "
        "bại. Hãy yêu cầu lại để chạy lần mới.") % {"n": restarts}}


def _finish(job: Job, runner: str, state: str, *, result: Any = None,
            error: dict[str, Any] | None = None) -> None:
    finished = timezone.now()
    updated = Job.objects.filter(pk=job.pk, runner=runner).update(
        state=state, result=result, error=error, finished_at=finished,
        progress=100 if state == Job.State.SUCCEEDED else F("progress"))
    if not updated:  # another run took the job over meanwhile (this worker was presumed dead)
        logger.warning("job %s was taken over by another run; outcome %s not stored",
                       job.pk, state)
    log_ended(job, state if updated else "taken_over", (error or {}).get("code"),
               job.started_at or finished, finished)


def log_ended(job: Job, outcome: str, error_code: str | None, started: datetime,
              finished: datetime) -> None:
    """The job's one JSON log line and its metrics (core.logs, core.metrics)."""
    seconds = (finished - started).total_seconds()
    observe_job(job.kind, outcome, seconds)
    job_logger.info("job", extra={"fields": {
        "event": "job", "kind": job.kind, "job_id": str(job.pk), "state": outcome,
        "error_code": error_code, "duration_ms": round(seconds * 1000, 1),
        "request_id": job.request_id or current_request_id(), "attempt": job.attempts,
        "user_id": job.created_by_id}})


def wait_briefly(job: Job, seconds: float) -> Job:
    """The job as it is once finished, or after ``seconds`` (polling the row; in-process
    jobs have already run). For requests that answer a quick job at once and a long one with
    the job to poll (202)."""
    import time

    deadline = time.monotonic() + (0 if settings.CELERY_TASK_ALWAYS_EAGER else seconds)
    while True:
        job.refresh_from_db()
        if job.is_finished or time.monotonic() >= deadline:
            return job
        time.sleep(0.1)


