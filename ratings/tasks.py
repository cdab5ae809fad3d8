"""Celery beat entry of the ratings app (jobs themselves run as ``core.run_job``)."""

from celery import shared_task

from ratings import services


@shared_task(name="ratings.tasks.monthly_rating_periods_task")
def monthly_rating_periods_task():
    """Celery beat, monthly: start the jobs computing last month's period of every list."""
    return services.schedule_monthly_periods()
