from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework import mixins, permissions, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from core import selectors
from core.jobs import all_queues
from core.models import Job
from core.serializers import JobSerializer, WorkerStatusSerializer


class JobViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin,
                 viewsets.GenericViewSet[Job]):
    """Long jobs: state (queued, running, succeeded, failed), percent, result or error.

    A user sees the jobs he started; federation staff see all.
    """

    queryset = Job.objects.all()  # the schema's model (id type, filters); get_queryset scopes
    serializer_class = JobSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["kind", "state"]

    def get_queryset(self) -> QuerySet[Job]:
        jobs = Job.objects.all()
        if self.request.user.is_staff:
            return jobs
        return jobs.filter(created_by_id=self.request.user.pk)  # IsAuthenticated: a user

    @extend_schema(responses=WorkerStatusSerializer, filters=False)
    @action(detail=False, methods=["get"], filter_backends=[], pagination_class=None)
    def workers(self, request: Request) -> Response:
        """Whether any worker is processing jobs, per queue (issue 31 §6): live workers and
        the age of the last heartbeat; ``message`` says plainly when a queue has none."""
        in_process = selectors.in_process()
        queues = [] if in_process else [selectors.queue_status(q)
                                         for q in dict.fromkeys(all_queues())]
        idle = [q for q in queues if q.workers == 0]
        if in_process:
            message = _("Công việc chạy ngay trong tiến trình web (không có hàng đợi).")
        elif idle:
            message = " ".join(selectors.no_worker_message(q) for q in idle)
        else:
            message = _("Mọi hàng đợi công việc đều có tiến trình đang xử lý.")
        data = {"processing": in_process or not idle, "in_process": in_process,
                "queues": [{"name": q.name, "workers": q.workers, "last_beat": q.last_beat,
                            "age_seconds": q.age_seconds} for q in queues],
                "message": message}
        return Response(WorkerStatusSerializer(data).data)


class SchemaView(SpectacularAPIView):
    """/api/schema/ with an ASCII filename: drf-spectacular names the file after the title,
    whose Vietnamese letters Django sends as RFC 2047 (``=?utf-8?b?…?=``), which
    ``curl -OJ`` and ``wget --content-disposition`` take literally (issue 29)."""

    def _get_filename(self, request: Request, version: str | None) -> str:
        suffix = self.perform_content_negotiation(request, force=True)[0].format
        return f"vcf-api-schema{'-' + version if version else ''}.{suffix}"
