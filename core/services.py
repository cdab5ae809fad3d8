"""Writes and jobs of the core app."""

from django.db import connection

from core.jobs import start_job


def health_check(params: dict, progress) -> dict:
    """Run inside a worker: report the database vendor and that queries work."""
    progress(50, "querying the database")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        (one,) = cursor.fetchone()
    return {"database": connection.vendor, "query_ok": one == 1}


def start_health_check(user=None):
    return start_job("health_check", user=user)
