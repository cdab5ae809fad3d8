"""API of the schedule and the arbiters' boards of an event: thin views over ``services``
(writes) and ``selectors`` (reads). The suspension and the arbiters' check are actions of
the tournament (``tournaments.views.TournamentViewSet``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.errors import ServiceError
from tournaments import selectors, selectors_awards, services
from tournaments.models import (
    BoardAssignment,
    Delegation,
    DelegationStaff,
    Prize,
    ScheduledRound,
)
from tournaments.serializers_officials import (
    AwardRequestSerializer,
    BoardAssignmentSerializer,
    DelegationEntriesSerializer,
    DelegationRankingSerializer,
    DelegationSerializer,
    DelegationStaffSerializer,
    PrizeSerializer,
    ScheduledRoundSerializer,
)
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


class DelegationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Delegations of an event (Phụ lục 5 mục 14) with their heads, team leaders and coaches
    (Điều 14-15); ``entries`` sets the players each sent."""

    serializer_class = DelegationSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament"]

    def get_queryset(self):
        return (Delegation.objects.filter(tournament__in=_visible(self.request.user))
                .prefetch_related("staff__person").order_by("tournament", "name"))

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.create_delegation(
            data["tournament"], data["name"], user=self.request.user, club=data.get("club"),
            body=data.get("body"))

    @extend_schema(request=DelegationEntriesSerializer, responses=DelegationSerializer)
    @action(detail=True, methods=["post"])
    def entries(self, request, pk=None):
        """The players the delegation sent (entries of its event)."""
        delegation = self.get_object()
        data = DelegationEntriesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        wanted = data.validated_data["entries"]
        found = {e.pk: e for e in delegation.tournament.entries.filter(pk__in=wanted)}
        missing = [pk for pk in wanted if pk not in found]
        if missing:
            raise ServiceError(_("Không có đấu thủ %(ids)s trong giải này.")
                               % {"ids": ", ".join(map(str, missing))}, field="entries")
        for entry in found.values():
            services.set_entry_delegation(entry, delegation, user=request.user)
        return Response(DelegationSerializer(delegation).data)


    @extend_schema(parameters=[OpenApiParameter("tournament", int, required=True)],
                   responses=DelegationRankingSerializer)
    @action(detail=False, methods=["get"])
    def ranking(self, request):
        """The overall delegation ranking ("toàn đoàn", Phụ lục 5 mục 10) of ``tournament``
        after its last complete round, by the event's ``delegation_ranking``."""
        raw = request.query_params.get("tournament", "")
        if not raw.isdigit() or int(raw) > 2**31 - 1:
            raise ServiceError(_("Tham số tournament phải là mã số giải."), field="tournament")
        tournament = get_object_or_404(_visible(request.user), pk=int(raw))
        return Response(DelegationRankingSerializer(
            selectors_awards.delegation_ranking(tournament)).data)


class DelegationStaffViewSet(mixins.ListModelMixin, mixins.CreateModelMixin,
                             viewsets.GenericViewSet):
    """Heads of delegation, team leaders and coaches (Điều 14-15; Phụ lục 5 mục 14)."""

    serializer_class = DelegationStaffSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["delegation"]

    def get_queryset(self):
        return (DelegationStaff.objects
                .filter(delegation__tournament__in=_visible(self.request.user))
                .select_related("person").order_by("delegation", "role", "id"))

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.add_delegation_staff(
            data["delegation"], data["person"], data["role"], user=self.request.user)


class PrizeViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Prizes of the regulations (Phụ lục 5 mục 10): POST sets the prize of a place (until
    awarded); ``award`` gives every pending prize from the final standings (Điều 19.4)."""

    serializer_class = PrizeSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament", "kind"]

    def get_queryset(self):
        return (Prize.objects.filter(tournament__in=_visible(self.request.user))
                .select_related("entry", "team", "delegation")
                .order_by("tournament", "kind", "place"))

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.set_prize(
            data["tournament"], data["kind"], data["place"], data["name"],
            user=self.request.user, medal=data.get("medal", ""), amount=data.get("amount"),
            item=data.get("item", ""))

    @extend_schema(request=AwardRequestSerializer, responses=PrizeSerializer(many=True))
    @action(detail=False, methods=["post"])
    def award(self, request):
        """Điều 19.4: award the event's pending prizes from its final standings."""
        data = AwardRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = get_object_or_404(_visible(request.user),
                                       pk=data.validated_data["tournament"])
        return Response(PrizeSerializer(services.award_prizes(tournament, user=request.user),
                                        many=True).data)
