from rest_framework import mixins, permissions, viewsets

from core.models import Job
from core.serializers import JobSerializer


class JobViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Long jobs: state (queued, running, succeeded, failed), percent, result or error.

    A user sees the jobs he started; federation staff see all.
    """

    queryset = Job.objects.all()  # the schema's model (id type, filters); get_queryset scopes
    serializer_class = JobSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["kind", "state"]

    def get_queryset(self):
        jobs = Job.objects.all()
        if self.request.user.is_staff:
            return jobs
        return jobs.filter(created_by=self.request.user)
