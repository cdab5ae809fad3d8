"""Celery tasks of the ratings app (thin: the work is in ``ratings.services``)."""

from celery import shared_task

from core.jobs import run_job
from ratings import services


@shared_task(name="ratings.tasks.compute_period_task")
def compute_period_task(job_id):
    return run_job(job_id, services.compute_period_job)


@shared_task(name="ratings.tasks.recompute_from_task")
def recompute_from_task(job_id):
    return run_job(job_id, services.recompute_from_job)


@shared_task(name="ratings.tasks.check_titles_task")
def check_titles_task(job_id):
    return run_job(job_id, services.check_titles_job)


@shared_task(name="ratings.tasks.monthly_rating_periods_task")
def monthly_rating_periods_task():
    """Celery beat, monthly: start the jobs computing last month's period of every list."""
    return services.schedule_monthly_periods()
