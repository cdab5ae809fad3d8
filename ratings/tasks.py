"""Celery beat entry of the ratings app (jobs themselves run as ``core.run_job``)."""

from celery import shared_task

from ratings import services

# celery ships no type hints: its task decorator is untyped (the ignore says only that)


@shared_task(name="ratings.tasks.monthly_rating_periods_task")  # type: ignore[untyped-decorator]
def monthly_rating_periods_task() -> object:
    """Celery beat, monthly: start the jobs computing last month's period of every list."""
    return services.schedule_monthly_periods()
