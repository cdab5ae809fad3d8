from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import selectors
from core.jobs import job_kind
from core.models import Job


class JobSerializer(serializers.ModelSerializer[Job]):
    """A job's state and, while it is unfinished, whether anything is working on it (issue
    31 §6): its last heartbeat and its age, the queue it waits in, whether a live worker
    serves that queue and, when none does, a plain notice saying so."""

    heartbeat_age_seconds = serializers.SerializerMethodField(
        help_text="Seconds since the running job's last heartbeat (null before it runs).")
    queue = serializers.SerializerMethodField()
    worker_alive = serializers.SerializerMethodField(
        help_text="Unfinished job: whether a live worker serves its queue (always true when "
                  "jobs run in-process); null once finished.")
    notice = serializers.SerializerMethodField(
        help_text="Unfinished job that nothing is processing: says so, plainly.")

    class Meta:
        model = Job
        fields = ["id", "kind", "state", "progress", "message", "result", "error", "attempts",
                  "created_at", "started_at", "finished_at", "heartbeat_at",
                  "heartbeat_age_seconds", "queue", "worker_alive", "notice"]
        read_only_fields = fields

    #: each queue's status, read once per answer (set by the first job that asks)
    _queue_statuses: dict[str, selectors.QueueStatus]

    def _status(self, job: Job) -> selectors.QueueStatus | None:
        if job.is_finished or selectors.in_process():
            return None
        if not hasattr(self, "_queue_statuses"):
            self._queue_statuses = {}
        statuses = self._queue_statuses
        queue = self.get_queue(job)
        if queue not in statuses:
            statuses[queue] = selectors.queue_status(queue)
        return statuses[queue]

    def get_heartbeat_age_seconds(self, job: Job) -> int | None:
        return selectors.seconds_since(job.heartbeat_at)

    def get_queue(self, job: Job) -> str:
        try:
            return job_kind(job.kind).queue
        except LookupError:
            from django.conf import settings

            return settings.CELERY_TASK_DEFAULT_QUEUE

    @extend_schema_field(serializers.BooleanField(allow_null=True))
    def get_worker_alive(self, job: Job) -> bool | None:
        if job.is_finished:
            return None
        status = self._status(job)
        return True if status is None else status.workers > 0

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_notice(self, job: Job) -> str | None:
        status = self._status(job)
        if status is None or status.workers > 0:
            return None
        return selectors.no_worker_message(status)


class QueueStatusSerializer(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField()
    workers = serializers.IntegerField(help_text="Live workers serving it.")
    last_beat = serializers.DateTimeField(allow_null=True)
    age_seconds = serializers.IntegerField(allow_null=True)


class WorkerStatusSerializer(serializers.Serializer[dict[str, Any]]):
    processing = serializers.BooleanField(help_text="Every jobs' queue has a live worker.")
    in_process = serializers.BooleanField(help_text="Jobs run in the web process (no broker).")
    queues = QueueStatusSerializer(many=True)
    message = serializers.CharField()
