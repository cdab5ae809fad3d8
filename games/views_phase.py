"""The API of the Asian time control's final phase (seed 000 Điều 10.1.2), mixed into
``games.views.GameRecordViewSet``: ``/api/v1/games/{id}/final-phase/`` (GET the phase and
each side's checks in it; POST the half-move it began at) and
``/api/v1/games/{id}/excess-checks/`` (POST: the event's rule for the checks beyond four).
Writes: :mod:`games.services.phase`."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers as drf_serializers
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from games import selectors_phase, services
from games.serializers import (
    FinalPhaseSerializer,
    FinalPhaseWriteSerializer,
    GameFaultSerializer,
    GameRecordSerializer,
)


class FinalPhaseActions:
    """Actions of the game record's viewset (it provides ``get_object`` and ``_respond``)."""

    @extend_schema(methods=["GET"], responses=FinalPhaseSerializer)
    @extend_schema(methods=["POST"], request=FinalPhaseWriteSerializer,
                   responses=GameRecordSerializer)
    @action(detail=True, methods=["get", "post"], url_path="final-phase",
            pagination_class=None, filter_backends=[])
    def final_phase(self, request: Request, pk: str | None = None) -> Response:
        """Điều 10.1.2: GET the recorded final phase, the checks each side gave in it and
        those beyond four. POST ``{ply, version}``: the half-move the phase began at (the
        arbiter's entry; null clears it); the record is validated again."""
        game = self.get_object()  # type: ignore[attr-defined]
        if request.method == "GET":
            return Response({"final_phase_ply": game.final_phase_ply,
                             "excess_check": selectors_phase.excess_check_rule(game),
                             "checks": selectors_phase.phase_checks(game)})
        serializer = FinalPhaseWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game, job = services.set_final_phase(game, ply=data["ply"], user=request.user,
                                             expected_version=data["version"])
        response: Response = self._respond(game, job)  # type: ignore[attr-defined]
        return response

    @extend_schema(request=None, responses={201: inline_serializer("ExcessChecksApplied", {
        "faults": GameFaultSerializer(many=True), "game": drf_serializers.DictField()})})
    @action(detail=True, methods=["post"], url_path="excess-checks")
    def excess_checks(self, request: Request, pk: str | None = None) -> Response:
        """Điều 10.1.2: apply the event's rule to each check beyond four in the phase — a
        technical fault with article 10.1.2 on its half-move (default), or the loss proposed
        for the arbiter to confirm (``confirm-proposal``)."""
        game = self.get_object()  # type: ignore[attr-defined]
        faults, game = services.apply_excess_checks(game, user=request.user)
        return Response({"faults": GameFaultSerializer(faults, many=True).data,
                         "game": {"version": game.version,
                                  "proposed_decision": game.proposed_decision,
                                  "proposed_reason": game.proposed_reason}},
                        status=status.HTTP_201_CREATED)
