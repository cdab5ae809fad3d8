"""The Celery app. Without CELERY_BROKER_URL tasks run in-process (eager)."""

import logging
import os
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("vcf")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# celery ships no type hints: its signals' decorators are untyped
@signals.after_setup_logger.connect  # type: ignore[untyped-decorator]
@signals.after_setup_task_logger.connect  # type: ignore[untyped-decorator]
def _json_lines(logger: logging.Logger, **kwargs: Any) -> None:
    """The worker's log handlers (stderr or ``-f FILE``) write JSON lines too, like the web
    processes (core.logs, settings.LOG_FORMAT)."""
    from django.conf import settings

    # here, not at the top: config/__init__ imports this module before Django is set up,
    # and core.logs imports Django's utilities and core.metrics
    from core.logs import JsonFormatter

    if settings.LOG_FORMAT == "json":
        for handler in logger.handlers:
            handler.setFormatter(JsonFormatter())
