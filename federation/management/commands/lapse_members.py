"""``manage.py lapse_members [--date YYYY-MM-DD]``: run the Điều 15.5 lapse job now, in-process.

It uses the same job (key ``lapse:<date>``) as celery beat and the API, so running it
twice on one day lapses nobody twice and reports the first run's result.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from core.models import Job
from federation import services


class Command(BaseCommand):
    help = "Expel members without dues or activity for 6 months (Điều 15.5), as of a date."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--date", help="the day to judge (YYYY-MM-DD); default: today")

    def handle(self, *args: object, **options: Any) -> None:
        try:
            on = date.fromisoformat(options["date"]) if options["date"] else timezone.localdate()
        except ValueError as exc:
            raise CommandError(f"--date: {exc}") from exc
        job = services.run_lapse_job_now(on)
        if job.state != Job.State.SUCCEEDED:
            raise CommandError(f"lapse job {job.pk} {job.state}: {json.dumps(job.error)}")
        result = job.result or {}  # a succeeded lapse job's summary (services.lapse_job)
        self.stdout.write(f"job {job.pk}: {result['lapsed']} member(s) lapsed on {result['date']} "
                          f"(dues: {result['by_rule'].get('15.5-dues', 0)}, "
                          f"activity: {result['by_rule'].get('15.5-activity', 0)})")
