"""The job sweeper (issue 14; celery beat ``core.tasks.sweep_jobs_task`` every
``JOB_SWEEP_SECONDS``): jobs whose worker died are run again or failed, queued jobs whose
message the broker lost are sent again."""

from __future__ import annotations

import logging
from datetime import datetime

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core import jobs
from core.jobs import job_kind, registered_kinds
from core.models import Job

logger = logging.getLogger("core.jobs")


def sweep(now: datetime | None = None) -> dict[str, list[str]]:
    """Recover lost jobs (celery beat every ``JOB_SWEEP_SECONDS``; safe to run anywhere, any
    number of times):

    * a running job whose heartbeat is older than the lease lost its worker (killed, machine
      gone): queued again and re-sent, or failed after ``JOB_MAX_RESTARTS`` lost runs;
    * queued jobs sent longer than the lease ago whose messages are no longer in the broker's
      queue (a broker restarted without persistence) are re-sent, oldest first.
    """
    now = now or timezone.now()
    cutoff = now - jobs.lease()
    rerun: list[str] = []
    failed: list[str] = []
    resent: list[str] = []
    silent = Job.objects.filter(state=Job.State.RUNNING).filter(
        Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, started_at__lt=cutoff))
    for job in silent:
        same = Job.objects.filter(pk=job.pk, state=Job.State.RUNNING, runner=job.runner,
                                  heartbeat_at=job.heartbeat_at)
        if job.restarts >= settings.JOB_MAX_RESTARTS:
            if same.update(state=Job.State.FAILED, finished_at=now,
                           error=jobs.lost_error(job.restarts + 1)):
                failed.append(str(job.pk))
                jobs.log_ended(job, Job.State.FAILED, "job_lost", job.started_at or now, now)
        elif same.update(state=Job.State.QUEUED, runner="", restarts=F("restarts") + 1,
                         message=_("Chạy lại: tiến trình trước đã dừng đột ngột.")[:300]):
            rerun.append(str(job.pk))
            jobs.enqueue(str(job.pk), jobs.mark_sent(job.pk), kind=job.kind)
    for queue, kinds in _kinds_by_queue().items():
        waiting = _messages_waiting(queue)
        queued = Job.objects.filter(state=Job.State.QUEUED, kind__in=kinds)
        missing = queued.count() - waiting if waiting is not None else queued.count()
        if missing <= 0:
            continue
        stale = queued.filter(Q(sent_at__lt=cutoff) | Q(sent_at__isnull=True,
                                                      created_at__lt=cutoff))
        for job_id, kind in stale.order_by("sent_at", "created_at").values_list(
                "pk", "kind")[:missing]:
            jobs.enqueue(str(job_id), jobs.mark_sent(job_id), kind=kind)
            resent.append(str(job_id))
    if rerun or failed or resent:
        logger.warning("job sweeper: re-run %s, failed %s, re-sent %s", rerun, failed, resent)
    return {"rerun": rerun, "failed": failed, "resent": resent}


def _kinds_by_queue() -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for kind in registered_kinds():
        grouped.setdefault(job_kind(kind).queue, []).append(kind)
    return grouped


def _messages_waiting(queue: str) -> int | None:
    """Messages waiting in a jobs' queue (None when the broker cannot tell)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return None
    from celery import current_app

    try:
        with current_app.connection_for_read() as conn:
            waiting: int = conn.default_channel.queue_declare(queue=queue,
                                                              passive=True).message_count
            return waiting
    except Exception:  # the queue is gone (a broker restarted empty): nothing waits
        return 0
