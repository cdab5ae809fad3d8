"""Reads of the shared infrastructure (jobs) for the admin and the API."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet

from core.models import Job


def failed_jobs(since: datetime) -> QuerySet[Job]:
    """Jobs that ended in failure since ``since``, newest first (the staff's daily queue)."""
    return Job.objects.filter(state=Job.State.FAILED, finished_at__gte=since).order_by(
        "-finished_at")
