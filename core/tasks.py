"""Tasks of the core app: a health-check job that proves the worker reaches the database."""

from celery import shared_task

from core import services
from core.jobs import run_job


@shared_task(name="core.tasks.health_check_task")
def health_check_task(job_id: str):
    return run_job(job_id, services.health_check)
