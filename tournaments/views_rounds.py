"""API of an event's rounds and boards (``tournament-rounds``, ``tournament-pairings``): the
round's pairing, publication and documents, and the board's result, corrections, pairing
changes and late arrivals; thin views over ``services`` (writes) and ``selectors`` (reads),
public to read, the assigned arbiters to write (see ``tournaments.selectors``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.errors import ServiceError
from tournaments import selectors, selectors_exports, services
from tournaments.models import (
    Pairing,
    Round,
)
from tournaments.serializers import (
    BulkResultSerializer,
    LateArrivalCancelSerializer,
    LateArrivalSerializer,
    PairingChangeRequestSerializer,
    PairingChangeSerializer,
    PairingSerializer,
    ResultChangeSerializer,
    ResultSerializer,
    RoundSerializer,
)
from tournaments.serializers_complaints import AnnulledGameSerializer, AnnulSerializer
from tournaments.views import ReadPublicWriteAuthenticated, csv_response


class RoundViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Rounds with their pairings; start a round; bulk result entry; pairings CSV."""

    serializer_class = RoundSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament", "number", "status"]

    def get_queryset(self):
        return Round.objects.filter(tournament__in=selectors.visible_tournaments(self.request.user)).prefetch_related(
            "pairings__white", "pairings__black", "team_matches").select_related("tournament")

    @extend_schema(request=None, responses=RoundSerializer)
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        """Start the paired round: manual pairing changes are no longer possible. Assigned
        arbiters or staff."""
        return Response(RoundSerializer(services.start_round(self.get_object(),
                                                             user=request.user)).data)

    @extend_schema(request=BulkResultSerializer, responses=PairingSerializer(many=True))
    @action(detail=True, methods=["post"], pagination_class=None)
    def results(self, request, pk=None):
        """Bulk entry, all or nothing: a stale ``version`` (409) or bad result saves none."""
        data = BulkResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        done = services.record_results(self.get_object(), data.validated_data["results"],
                                       user=request.user)
        return Response(PairingSerializer(done, many=True).data)

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"], url_path="csv")
    def as_csv(self, request, pk=None):
        """The round's pairings as CSV (board, players, ratings, result)."""
        rnd = self.get_object()
        return csv_response(selectors_exports.pairings_csv(rnd), f"pairings-{rnd.tournament_id}-{rnd.number}.csv")

    @extend_schema(responses=PairingChangeSerializer(many=True))
    @action(detail=True, methods=["get"], url_path="pairing-changes", pagination_class=None,
            filter_backends=[])
    def pairing_changes(self, request, pk=None):
        """Manual pairing changes made in this round: before, after, reason, who."""
        return Response(PairingChangeSerializer(self.get_object().pairing_changes.all(),
                                                many=True).data)


def _if_match_version(request) -> int | None:
    header = request.headers.get("If-Match", "").strip()
    if not header:
        return None
    try:
        return int(header.removeprefix("W/").strip('"'))
    except ValueError as exc:
        raise ServiceError(_("If-Match phải là ETag của cặp đấu"), field="version") from exc


class PairingViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Pairings (cặp đấu). ``GET`` gives an ``ETag`` (the version); result entry and manual
    changes take ``version`` (or ``If-Match``) and answer 409 when it is stale."""

    serializer_class = PairingSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["round", "round__tournament", "kind", "result"]

    def get_queryset(self):
        return Pairing.objects.filter(
            round__tournament__in=selectors.visible_tournaments(self.request.user)).select_related(
            "round", "white", "black")

    def retrieve(self, request, *args, **kwargs):
        pairing = self.get_object()
        response = Response(PairingSerializer(pairing).data)
        response["ETag"] = f'"{pairing.version}"'
        return response

    def _answer(self, pairing: Pairing) -> Response:
        response = Response(PairingSerializer(pairing).data)
        response["ETag"] = f'"{pairing.version}"'
        return response

    @extend_schema(request=ResultSerializer, responses=PairingSerializer,
                   parameters=[OpenApiParameter("If-Match", str, OpenApiParameter.HEADER)])
    @action(detail=True, methods=["put", "post"])
    def result(self, request, pk=None):
        """Record or correct the result of this board (assigned arbiters)."""
        data = ResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        version = data.validated_data.get("version", _if_match_version(request))
        if version is None:
            raise ServiceError(_("Thiếu version (hoặc tiêu đề If-Match)"), field="version",
                               code="version_required")
        pairing = services.record_result(self.get_object(), data.validated_data["result"],
                                         user=request.user, expected_version=version,
                                         source="api")
        return self._answer(pairing)

    @extend_schema(request=PairingChangeRequestSerializer, responses=PairingSerializer)
    @action(detail=True, methods=["post"])
    def change(self, request, pk=None):
        """Manual change before the round starts (swap colours or players), with a reason."""
        data = PairingChangeRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        version = v.get("version", _if_match_version(request))
        pairing = services.change_pairing(
            self.get_object(), user=request.user, reason=v["reason"], expected_version=version,
            swap_colours=v["swap_colours"], white=v.get("white"), black=v.get("black"))
        return self._answer(pairing)

    @extend_schema(request=LateArrivalSerializer, responses={201: LateArrivalSerializer})
    @action(detail=True, methods=["post"], url_path="late-arrival")
    def late_arrival(self, request, pk=None):
        """Điều 10.2.1a: the arbiter declares a player lost for arriving late (the board's
        result becomes the forfeit); refused when he came within the allowed minutes."""
        data = LateArrivalSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        late = services.record_late_arrival(
            self.get_object(), v["side"], user=request.user,
            scheduled_start=v.get("scheduled_start"), arrived_at=v.get("arrived_at"),
            decided_at=v.get("decided_at"), note=v.get("note", ""),
            expected_version=v.get("version", _if_match_version(request)))
        return Response(LateArrivalSerializer(late).data, status=201)

    @extend_schema(request=LateArrivalCancelSerializer, responses=PairingSerializer)
    @action(detail=True, methods=["post"], url_path="cancel-late-arrival")
    def cancel_late_arrival(self, request, pk=None):
        """Withdraw a late-arrival loss recorded by mistake (before certification)."""
        data = LateArrivalCancelSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pairing = self.get_object()
        late = get_object_or_404(pairing.late_arrivals, side=data.validated_data["side"])
        return self._answer(services.cancel_late_arrival(
            late, user=request.user,
            expected_version=data.validated_data.get("version", _if_match_version(request))))

    @extend_schema(request=AnnulSerializer, responses={201: AnnulledGameSerializer})
    @action(detail=True, methods=["post"])
    def annul(self, request, pk=None):
        """Điều 9.9a-b: the game is annulled (wrong set-up, wrong colours) and replayed on this
        board with the intended colours; refused once a result is recorded (9.9d-e)."""
        data = AnnulSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        annulled = services.annul_and_replay(
            self.get_object(), user=request.user, reason=v["reason"], note=v["note"],
            expected_version=v.get("version", _if_match_version(request)))
        return Response(AnnulledGameSerializer(annulled).data, status=201)

    @extend_schema(responses=AnnulledGameSerializer(many=True))
    @action(detail=True, methods=["get"], url_path="annulled-games", pagination_class=None,
            filter_backends=[])
    def annulled_games(self, request, pk=None):
        """The games annulled on this board (Điều 9.9a-b), the replay being the board."""
        return Response(AnnulledGameSerializer(self.get_object().annulled_games.select_related(
            "played_white", "played_black"), many=True).data)

    @extend_schema(responses=LateArrivalSerializer(many=True))
    @action(detail=True, methods=["get"], url_path="late-arrivals", pagination_class=None,
            filter_backends=[])
    def late_arrivals(self, request, pk=None):
        """Late arrivals recorded on this board (Điều 10.2.1a; chess 002 Điều 6.7): the side,
        scheduled start, arrival, the minutes allowed, when the arbiter ruled the loss, by
        whom."""
        return Response(LateArrivalSerializer(self.get_object().late_arrivals.select_related(
            "recorded_by"), many=True).data)

    @extend_schema(responses=ResultChangeSerializer(many=True))
    @action(detail=True, methods=["get"], url_path="result-changes", pagination_class=None,
            filter_backends=[])
    def result_changes(self, request, pk=None):
        """Every change of this board's result: old and new result, version, source (entry,
        bulk, game record…), who and when."""
        return Response(ResultChangeSerializer(self.get_object().result_changes.select_related(
            "changed_by"), many=True).data)
