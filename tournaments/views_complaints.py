"""The API of complaints and appeals (Điều 11.1b, 15.5-15.6, 19, 29.4; 002 Phần 2 Điều 2.7)
and of annulled games (Điều 9.9a-b): thin views over ``tournaments.services``."""

from __future__ import annotations

from dataclasses import fields

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments import selectors_complaints, services
from tournaments.models import Complaint
from tournaments.serializers_complaints import (
    AppealSerializer,
    ComplaintFileSerializer,
    ComplaintSerializer,
    RulingSerializer,
)

_FILING_FIELDS = {f.name for f in fields(services.Filing)}


class ComplaintViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                       viewsets.GenericViewSet):
    """Complaints (khiếu nại). Read by staff, the event's organisers and arbiters, and the
    parties (the complainant, the players of the game, the player whose title it is about).
    ``POST`` files one (the player himself, a club's manager, or an arbiter or organiser
    recording a written complaint), refused after the event's ``complaint_limit_hours``
    (400 ``too_late``); ``decide`` at its level (chief arbiter; organisers; federation staff
    with ``tournaments.decide_complaint``); ``appeal`` takes a decided one to the next level.
    A decided complaint is never changed (409)."""

    serializer_class = ComplaintSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["tournament", "status", "level", "subject"]
    queryset = Complaint.objects.none()  # for the schema

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Complaint.objects.none()
        return selectors_complaints.complaints_for(self.request.user)

    @extend_schema(request=ComplaintFileSerializer, responses={201: ComplaintSerializer})
    def create(self, request, *args, **kwargs):
        data = ComplaintFileSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = dict(data.validated_data)
        tournament, filed_at = v.pop("tournament"), v.pop("filed_at")
        filing = services.Filing(**{k: val for k, val in v.items() if k in _FILING_FIELDS})
        complaint = services.file_complaint(tournament, filing, user=request.user,
                                            filed_at=filed_at)
        return Response(ComplaintSerializer(complaint).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=RulingSerializer, responses=ComplaintSerializer)
    @action(detail=True, methods=["post"])
    def decide(self, request, pk=None):
        """Decide: upheld or not, reasons and article, the effect of an upheld complaint
        (result corrected through the result service, game annulled and replayed, title
        reviewed); at the organisers' and federation's level a numbered decision (its PDF at
        /api/v1/documents/)."""
        data = RulingSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        complaint = services.decide_complaint(self.get_object(),
                                              services.Ruling(**data.validated_data),
                                              user=request.user)
        return Response(ComplaintSerializer(complaint).data)

    @extend_schema(request=AppealSerializer, responses={201: ComplaintSerializer})
    @action(detail=True, methods=["post"])
    def appeal(self, request, pk=None):
        """Appeal the decision to the next level (a new complaint, ``appeal_of`` this one)."""
        data = AppealSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        new = services.appeal(self.get_object(), user=request.user, **data.validated_data)
        return Response(ComplaintSerializer(new).data, status=status.HTTP_201_CREATED)
