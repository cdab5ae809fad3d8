"""Celery tasks of the federation app (thin: the work is in ``federation.services``)."""

from __future__ import annotations

from celery import shared_task

from core.jobs import run_job


@shared_task(name="federation.tasks.lapse_members_task")
def lapse_members_task(job_id: str | None = None):
    """Điều 15.5 lapse job. Celery beat calls it daily without a job id: it then starts
    the day's job (key ``lapse:<date>``, so a second call the same day does nothing new),
    which enqueues this task again with the job id."""
    from federation import services

    if job_id is None:
        job = services.start_lapse_job()
        return str(job.pk)
    return run_job(job_id, services.lapse_members)
