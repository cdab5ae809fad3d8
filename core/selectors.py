"""Reads of the shared infrastructure (jobs) for the admin and the API."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Max, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core.models import Job, WorkerBeat


def failed_jobs(since: datetime) -> QuerySet[Job]:
    """Jobs that ended in failure since ``since``, newest first (the staff's daily queue)."""
    return Job.objects.filter(state=Job.State.FAILED, finished_at__gte=since).order_by(
        "-finished_at")


@dataclass(frozen=True)
class QueueStatus:
    """Who serves one jobs' queue (issue 31 §6): live workers (heartbeat within the lease)
    and the last heartbeat of any worker that ever served it."""

    name: str
    workers: int
    last_beat: datetime | None

    @property
    def age_seconds(self) -> int | None:
        return seconds_since(self.last_beat)


def seconds_since(moment: datetime | None) -> int | None:
    return None if moment is None else max(0, int((timezone.now() - moment).total_seconds()))


def in_process() -> bool:
    """Jobs run in the web process itself (no broker): there is no worker to wait for."""
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


def queue_status(queue: str) -> QueueStatus:
    serving = WorkerBeat.objects.filter(queues__contains=f",{queue},")
    cutoff = timezone.now() - timedelta(seconds=settings.JOB_LEASE_SECONDS)
    return QueueStatus(queue, serving.filter(beat_at__gte=cutoff).count(),
                       serving.aggregate(last=Max("beat_at"))["last"])


def no_worker_message(status: QueueStatus) -> str:
    if status.last_beat is None:
        return (_("Không có tiến trình nào đang xử lý công việc (hàng đợi %(queue)s): chưa "
                  "tiến trình nào từng hoạt động. Công việc sẽ chạy khi có tiến trình.")
                % {"queue": status.name})
    return (_("Không có tiến trình nào đang xử lý công việc (hàng đợi %(queue)s): tín hiệu "
              "sống cuối cùng cách đây %(seconds)s giây. Công việc sẽ chạy khi có tiến trình "
              "hoạt động trở lại.") % {"queue": status.name, "seconds": status.age_seconds})
