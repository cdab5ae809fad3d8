"""Celery beat entry of the federation app (jobs themselves run as ``core.run_job``)."""

from __future__ import annotations

from celery import shared_task

from federation import services
from federation.services import privacy

# celery ships no type hints: its task decorator is untyped (the ignores say only that)


@shared_task(name="federation.tasks.lapse_members_task")  # type: ignore[untyped-decorator]
def lapse_members_task() -> str:
    """Celery beat, daily: start the day's Điều 15.5 lapse job (key ``lapse:<date>``, so a
    second call the same day does nothing new) and return its id."""
    return str(services.start_lapse_job().pk)


@shared_task(name="federation.tasks.purge_access_log_task")  # type: ignore[untyped-decorator]
def purge_access_log_task() -> int:
    """Celery beat, daily: delete access-log rows older than PRIVATE_ACCESS_LOG_DAYS."""
    return privacy.purge_access_log()
