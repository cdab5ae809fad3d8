"""API of the schedule and the arbiters' boards of an event: thin views over ``services``
(writes) and ``selectors`` (reads). The suspension and the arbiters' check are actions of
the tournament (``tournaments.views.TournamentViewSet``)."""

from __future__ import annotations

from rest_framework import mixins, status, viewsets
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.models import BoardAssignment, ScheduledRound
from tournaments.serializers_officials import BoardAssignmentSerializer, ScheduledRoundSerializer
from tournaments.views import ReadPublicWriteAuthenticated


def _visible(user):
    return selectors.visible_tournaments(user)


class ScheduledRoundViewSet(mixins.ListModelMixin, mixins.CreateModelMixin,
                            mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """The schedule (Phụ lục 5 mục 6): each round's day and start time. POST sets round
    ``number`` (again: changes it) until the round has started; organisers only."""

    serializer_class = ScheduledRoundSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament"]

    def get_queryset(self):
        return ScheduledRound.objects.filter(
            tournament__in=_visible(self.request.user)).order_by("tournament", "number")

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.set_round_schedule(
            data["tournament"], data["number"], data["day"], data["start_time"],
            user=self.request.user, note=data.get("note", ""))

    def perform_destroy(self, instance):
        services.remove_round_schedule(instance, user=self.request.user)


class BoardAssignmentViewSet(mixins.ListModelMixin, mixins.CreateModelMixin,
                             mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """Điều 20.3b: the chief arbiter gives each board arbiter boards of a round. POST answers
    the assignment with ``warnings`` (002 Phần 2 Điều 6.1: too many boards for one)."""

    serializer_class = BoardAssignmentSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["round", "official"]

    def get_queryset(self):
        return (BoardAssignment.objects.filter(round__tournament__in=_visible(self.request.user))
                .select_related("official__person").order_by("round", "first_board"))

    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        assignment, warnings = services.assign_boards(
            data["round"], data["official"], data["first_board"], data["last_board"],
            user=request.user)
        return Response({**BoardAssignmentSerializer(assignment).data, "warnings": warnings},
                        status=status.HTTP_201_CREATED)

    def perform_destroy(self, instance):
        services.unassign_boards(instance, user=self.request.user)
