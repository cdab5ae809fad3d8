"""API of an event's field (``tournament-entries``, ``tournament-teams``,
``sanction-proposals``): entries one by one, in bulk and late, guests, withdrawals and byes,
teams, and the sanction proposals of the arbiters; thin views over ``services`` (writes) and
``selectors`` (reads), public to read, organisers and arbiters to write."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.errors import ServiceError
from core.limits import body_too_large
from federation.models import Club
from tournaments import selectors, services
from tournaments.models import (
    Entry,
    SanctionProposal,
    TeamEntry,
)
from tournaments.serializers import (
    BulkEntryListSerializer,
    BulkEntryResultSerializer,
    BulkEntrySerializer,
    ByeRequestSerializer,
    EntryCreateSerializer,
    EntrySerializer,
    GuestEntrySerializer,
    LateEntrySerializer,
    ProposalApproveSerializer,
    RemovalSerializer,
    SanctionProposalSerializer,
    SanctionReasonSerializer,
    TeamCreateSerializer,
    TeamEntrySerializer,
    WithdrawSerializer,
)
from tournaments.views import ReadPublicWriteAuthenticated


class EntryViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                   viewsets.GenericViewSet):
    """Entries (đấu thủ): registration with eligibility, withdrawal, requested byes."""

    serializer_class = EntrySerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament", "team", "is_late"]
    ordering_fields = ["starting_number", "rating", "name"]

    def get_queryset(self):
        return Entry.objects.filter(tournament__in=selectors.visible_tournaments(self.request.user)).select_related(
            "team")

    @extend_schema(request=EntryCreateSerializer, responses={201: EntrySerializer})
    def create(self, request, *args, **kwargs):
        data = EntryCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        entry = services.register_entry(v["tournament"], v["member"], user=request.user,
                                        rating=v["rating"], title=v["title"],
                                        group=v["group"], wildcard=v["wildcard"])
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=LateEntrySerializer, responses={201: EntrySerializer})
    @action(detail=False, methods=["post"])
    def late(self, request):
        """Late entry (after the regulations' deadline, or after the draw in a Swiss): only
        with a reason, kept on the entry (``late_reason``); 400 ``not_late`` before it."""
        data = LateEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        entry = services.register_late_entry(v["tournament"], v["member"], user=request.user,
                                             rating=v["rating"], title=v["title"],
                                             reason=v["reason"])
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    # one declared content type (issue 29): JSON, the CSV as text (csv); multipart file read
    @extend_schema(request={"application/json": BulkEntryListSerializer},
                   responses={201: BulkEntryResultSerializer})
    @action(detail=False, methods=["post"])
    def bulk(self, request):
        """Register many entries at once, all or none: a JSON list (``entries``) or a CSV file
        (``file``: columns member/Số thẻ, rating/Hệ số, title/Danh hiệu; as text ``csv`` in
        JSON). Each row goes through the single registration's rules; 400 ``invalid_rows`` names every refused row
        (``rows[N].field``, N = list position from 1 or CSV line), ``too_many_rows`` names the
        limit (BULK_MAX_ROWS). After the deadline the list needs ``late_reason``."""
        data = BulkEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        if "file" in v:
            rows = services.rows_from_csv(_csv_text(v["file"]))
        elif "csv" in v:
            rows = services.rows_from_csv(v["csv"].removeprefix("\ufeff"))
        else:
            rows = list(enumerate(v["entries"], start=1))  # the service checks the count
        entries = services.register_entries(v["tournament"], rows, user=request.user,
                                            late_reason=v["late_reason"])
        return Response({"count": len(entries), "entries": EntrySerializer(entries, many=True).data},
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=GuestEntrySerializer, responses={201: EntrySerializer})
    @action(detail=False, methods=["post"])
    def guest(self, request):
        """A guest or foreign player (Điều 17.2), when the tournament's ``entrants`` allows it
        (400 ``members_only`` / ``not_international`` otherwise); after the deadline only
        with ``late_reason``."""
        data = GuestEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = dict(data.validated_data)
        entry = services.register_guest_entry(v.pop("tournament"), user=request.user, **v)
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=SanctionReasonSerializer, responses=EntrySerializer)
    @action(detail=True, methods=["post"])
    def disqualify(self, request, pk=None):
        """Truất quyền thi đấu (Điều 15.6, 16.1d, 16.2): the chief arbiter or staff; pending
        games are lost by forfeit and his points annulled (``disqualification_scoring``)."""
        data = SanctionReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.disqualify_entry(self.get_object(), user=request.user,
                                          reason=data.validated_data["reason"])
        return Response(EntrySerializer(entry).data)

    @extend_schema(request=RemovalSerializer, responses=EntrySerializer)
    @action(detail=True, methods=["post"], url_path="remove-from-list")
    def remove_from_list(self, request, pk=None):
        """Xóa tên (Điều 16.1e, 16.2): the organisers' written decision (numbered, its PDF at
        /api/v1/documents/), every game of the player annulled."""
        data = RemovalSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.remove_from_list(self.get_object(), user=request.user,
                                          **data.validated_data)
        return Response(EntrySerializer(entry).data)

    @extend_schema(request=WithdrawSerializer, responses=EntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        """Record a withdrawal (``on_date`` optional; Điều 21.5): Swiss — results kept, no
        longer paired; round robin — his games annulled (half or fewer played) or the rest
        lost by forfeit. Arbiters or organisers; a certified event answers 400."""
        data = WithdrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.withdraw_entry(self.get_object(), user=request.user,
                                        on_date=data.validated_data.get("on_date"))
        return Response(EntrySerializer(entry).data)

    @extend_schema(request=ByeRequestSerializer, responses=EntrySerializer)
    @action(detail=True, methods=["post"], url_path="request-bye")
    def request_bye(self, request, pk=None):
        """Record a requested bye (xin nghỉ) for a future round of a Swiss (``round``;
        ``points`` default to the regulations' requested-bye score, Điều 28.7). Arbiters or
        organisers."""
        data = ByeRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.request_bye(self.get_object(), data.validated_data["round"],
                                     user=request.user,
                                     points=data.validated_data.get("points"))
        return Response(EntrySerializer(entry).data)

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], url_path="tracking-card")
    def tracking_card(self, request, pk=None):
        """Thẻ theo dõi (Điều 29.1)."""
        return Response(selectors.tracking_card(self.get_object()))


class SanctionProposalViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                              mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Proposals of a 1-3 year suspension (Điều 15.6): the organisers or the chief arbiter
    propose (POST), federation staff with ``tournaments.decide_sanctionproposal`` approve
    (a disciplinary decision is issued, the suspension recorded) or reject. Read by staff and
    by the organisers and arbiters of the tournament."""

    serializer_class = SanctionProposalSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["tournament", "person", "status"]
    queryset = SanctionProposal.objects.none()  # for the schema

    def get_queryset(self):
        rows = SanctionProposal.objects.select_related("person", "decision")
        user = self.request.user
        if getattr(self, "swagger_fake_view", False):
            return rows.none()
        if user.is_staff:
            return rows
        mine = [t.pk for t in selectors.visible_tournaments(user)
                if selectors.can_manage(user, t) or selectors.can_arbitrate(user, t)]
        return rows.filter(tournament_id__in=mine)

    def perform_create(self, serializer):
        v = serializer.validated_data
        serializer.instance = services.propose_suspension(
            v["entry"], user=self.request.user, years=v["years"], reason=v["reason"],
            article=v.get("article", "15.6"))

    @extend_schema(request=ProposalApproveSerializer, responses=SanctionProposalSerializer)
    @action(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        """The federation decides (Điều 15.6): issue the numbered disciplinary decision and
        record the suspension from ``starts_on`` (default: the decision's date) for the proposed
        years (or ``years``, 1-3). Staff with the deciding permission; a proposal already
        decided answers 409."""
        data = ProposalApproveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        proposal = services.approve_proposal(self.get_object(), user=request.user,
                                             **data.validated_data)
        return Response(self.get_serializer(proposal).data)

    @extend_schema(request=SanctionReasonSerializer, responses=SanctionProposalSerializer)
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        """Reject a pending proposal with a ``reason`` (staff with the deciding permission)."""
        data = SanctionReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        proposal = services.reject_proposal(self.get_object(), user=request.user,
                                            reason=data.validated_data["reason"])
        return Response(self.get_serializer(proposal).data)


class TeamViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                  viewsets.GenericViewSet):
    """Team entries with roster and board order (Điều 30.1.3)."""

    serializer_class = TeamEntrySerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament"]

    def get_queryset(self):
        return TeamEntry.objects.filter(
            tournament__in=selectors.visible_tournaments(self.request.user)).prefetch_related("roster")

    @extend_schema(request=TeamCreateSerializer, responses={201: TeamEntrySerializer})
    def create(self, request, *args, **kwargs):
        data = TeamCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        club = get_object_or_404(Club, pk=v["club"]) if v.get("club") else None
        team = services.register_team(
            v["tournament"], v["name"],
            [(item["member"], item["board_order"]) for item in v["roster"]],
            user=request.user, club=club,
            ratings={item["member"].pk: item["rating"] for item in v["roster"]})
        return Response(TeamEntrySerializer(team).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=WithdrawSerializer, responses=TeamEntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        """A team withdraws (``on_date`` optional): results played stay; its remaining
        boards are lost by forfeit, or it is no longer drawn (team Swiss). Arbiters or
        organisers; a certified event answers 400."""
        data = WithdrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = services.withdraw_team(self.get_object(), user=request.user,
                                      on_date=data.validated_data.get("on_date"))
        return Response(TeamEntrySerializer(team).data)


def _csv_text(upload) -> str:
    """An uploaded CSV as text (UTF-8, with or without BOM); the body limit already applies."""
    if upload.size > settings.API_MAX_BODY_BYTES:
        raise body_too_large()
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ServiceError(_("Tệp CSV phải được lưu dạng UTF-8."), field="file",
                           code="invalid_csv") from None
