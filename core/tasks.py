"""Celery beat entry of the core app: the job sweeper (jobs themselves run as ``core.run_job``)."""

from typing import Any

from celery import Task, shared_task

from core import backup_schedule, job_sweep, notifications

# celery ships no type hints: its task decorator is untyped (the ignores below say only that)


@shared_task(name="core.tasks.sweep_jobs_task")  # type: ignore[untyped-decorator]
def sweep_jobs_task() -> dict[str, list[str]]:
    """Re-run jobs whose worker died, re-send queued jobs whose message was lost."""
    return job_sweep.sweep()


@shared_task(name=notifications.SEND_TASK, bind=True,  # type: ignore[untyped-decorator]
             max_retries=None)
def send_notification_task(self: Task, notification_id: int) -> str:
    """Send one notification of the outbox; a refusal of the mail server is retried with the
    outbox's backoff (the row's claim keeps a duplicate message from sending it twice)."""
    outcome = notifications.deliver(notification_id)
    if outcome.state == "retry" and not self.request.is_eager:
        raise self.retry(countdown=outcome.retry_in)
    return outcome.state


@shared_task(name="core.tasks.sweep_notifications_task")  # type: ignore[untyped-decorator]
def sweep_notifications_task() -> dict[str, Any]:
    """Send the notifications that are due (broker or mail server down when they were written)."""
    return notifications.sweep()


@shared_task(name="core.tasks.backup_task")  # type: ignore[untyped-decorator]
def backup_task() -> str:
    """Celery beat, daily: dump the database with its manifest and apply the retention."""
    return str(backup_schedule.scheduled_backup())
