"""Celery beat entry of the core app: the job sweeper (jobs themselves run as ``core.run_job``)."""

from celery import shared_task

from core import jobs


@shared_task(name="core.tasks.sweep_jobs_task")
def sweep_jobs_task() -> dict:
    """Re-run jobs whose worker died, re-send queued jobs whose message was lost."""
    return jobs.sweep()
