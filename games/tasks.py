"""Celery tasks of the games app: thin wrappers; the work is in :mod:`games.services`."""

from celery import shared_task

from core.jobs import run_job
from games import services


@shared_task(name="games.tasks.validate_game_task")
def validate_game_task(job_id: str):
    """Validate one game record through chessrules and store the outcome (idempotent)."""
    return run_job(job_id, services.validate_game_work)


@shared_task(name="games.tasks.import_upload_task")
def import_upload_task(job_id: str):
    """Import an uploaded PGN file: validate, match pairings, write all or nothing."""
    return run_job(job_id, services.import_upload_work)
