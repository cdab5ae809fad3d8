from celery import shared_task

from core.jobs import run_job
from documents import services


@shared_task(name="documents.tasks.render_document_task")
def render_document_task(job_id: str):
    return run_job(job_id, services.render_document)
