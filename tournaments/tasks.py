"""Celery tasks of the tournaments app (thin: the work is in ``services``)."""

from celery import shared_task

from core.jobs import run_job
from tournaments import services


@shared_task(name="tournaments.tasks.pair_round_task")
def pair_round_task(job_id: str):
    """Pair the next round (idempotent; safe to redeliver after a worker dies)."""
    return run_job(job_id, services.pair_round_job)
