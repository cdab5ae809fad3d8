"""The worker heartbeat record (issue 31 §6): a Celery worker's main process writes its
:class:`core.models.WorkerBeat` row when it is ready and every ``JOB_HEARTBEAT_SECONDS`` after,
from a thread of its own (so a long job in the solo pool does not silence it), and deletes it
on a clean shutdown. A killed worker's row simply stops beating. Connected in
``CoreConfig.ready``; nothing happens in web processes (the signals are the worker's)."""

from __future__ import annotations

import logging
import os
import threading
from typing import Any

from celery import signals
from django.conf import settings
from django.db import connection
from django.utils import timezone

logger = logging.getLogger(__name__)

#: the worker's name and queues (from its setup) and its running beat
_state: dict[str, Any] = {}


# celery ships no type hints: its signals' decorators are untyped
@signals.celeryd_after_setup.connect  # type: ignore[untyped-decorator]
def _remember(sender: object, instance: Any, **kwargs: Any) -> None:
    try:
        queues = sorted(instance.app.amqp.queues.consume_from)
    except Exception:  # an unknown layout: the default queue
        queues = [settings.CELERY_TASK_DEFAULT_QUEUE]
    _state["name"], _state["queues"] = str(sender), queues


@signals.worker_ready.connect  # type: ignore[untyped-decorator]
def _start(sender: object = None, **kwargs: Any) -> None:
    name = _state.get("name") or str(getattr(sender, "hostname", "worker"))
    queues = _state.get("queues") or [settings.CELERY_TASK_DEFAULT_QUEUE]
    beat = _Beat(name, queues)
    beat.write()
    beat.start()
    _state["beat"] = beat


@signals.worker_shutdown.connect  # type: ignore[untyped-decorator]
def _stop(**kwargs: Any) -> None:
    beat = _state.pop("beat", None)
    if beat is not None:
        beat.stop()


class _Beat(threading.Thread):
    def __init__(self, name: str, queues: list[str]):
        super().__init__(name="worker-heartbeat", daemon=True)
        self.worker, self.queues = name, queues
        self.started = timezone.now()
        self._stopping = threading.Event()

    def write(self) -> None:
        from core.models import WorkerBeat

        try:
            WorkerBeat.objects.update_or_create(name=self.worker, defaults={
                "queues": "," + ",".join(self.queues) + ",", "pid": os.getpid(),
                "started_at": self.started, "beat_at": timezone.now()})
        except Exception:  # a missed beat is retried; the worker goes on
            logger.exception("worker heartbeat not written")
            connection.close()

    def run(self) -> None:
        try:
            while not self._stopping.wait(settings.JOB_HEARTBEAT_SECONDS):
                self.write()
        finally:
            connection.close()

    def stop(self) -> None:
        from core.models import WorkerBeat

        self._stopping.set()
        self.join(timeout=5)
        try:
            WorkerBeat.objects.filter(name=self.worker).delete()
        except Exception:
            logger.exception("worker heartbeat not removed")
