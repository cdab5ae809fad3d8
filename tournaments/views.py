"""API of the tournaments app: thin views over ``services`` (writes) and ``selectors`` (reads).

Reading published tournaments, rounds, pairings and standings is public; every write needs
an authenticated organiser or assigned arbiter (see ``tournaments.selectors``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core import xlsx
from core.errors import NotAllowedError, ServiceError
from core.jobs import wait_briefly
from core.limits import body_too_large
from core.models import Job
from core.serializers import JobSerializer
from federation.models import Club
from tournaments import selectors, services, systems
from tournaments.models import (
    Entry,
    Official,
    Pairing,
    Round,
    SanctionProposal,
    TeamEntry,
    Tournament,
)
from tournaments.serializers import (
    BulkEntryListSerializer,
    BulkEntryResultSerializer,
    BulkEntrySerializer,
    BulkResultSerializer,
    ByeRequestSerializer,
    EntryCreateSerializer,
    EntrySerializer,
    GuestEntrySerializer,
    LateArrivalCancelSerializer,
    LateArrivalSerializer,
    LateEntrySerializer,
    OfficialSerializer,
    PairingChangeRequestSerializer,
    PairingChangeSerializer,
    PairingSerializer,
    PairRequestSerializer,
    ProposalApproveSerializer,
    ReasonSerializer,
    RemovalSerializer,
    ResultChangeSerializer,
    ResultSerializer,
    RoundSerializer,
    SanctionProposalSerializer,
    SanctionReasonSerializer,
    SeedSerializer,
    StatusChangeSerializer,
    TeamCreateSerializer,
    TeamEntrySerializer,
    TournamentSerializer,
    TournamentStandingsSerializer,
    WithdrawSerializer,
)
from tournaments.serializers_complaints import AnnulledGameSerializer, AnnulSerializer
from tournaments.serializers_officials import (
    ArbiterCheckSerializer,
    ResumeSerializer,
    SuspendSerializer,
    TournamentSuspensionSerializer,
)
from tournaments.serializers_trf import TrfImportSerializer
from tournaments.services import trf_import_job

AFTER_ROUND = OpenApiParameter("after_round", int, description="Standings after this round "
                               "(default: the last complete round).")
AS_CSV = OpenApiParameter("output", str, enum=["json", "csv", "xlsx"],
                          description="csv: a CSV file; xlsx: an Excel workbook")
AS_XLSX = OpenApiParameter("output", str, enum=["json", "xlsx"],
                           description="xlsx: an Excel workbook")
XLSX = (200, xlsx.CONTENT_TYPE)


class ReadPublicWriteAuthenticated(permissions.BasePermission):
    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated)


MAX_ROUNDS = 999  # no event has more rounds


def _after_round(request) -> int | None:
    value = request.query_params.get("after_round")
    if value in (None, ""):
        return None
    try:
        number = int(value)
    except ValueError as exc:
        raise ServiceError(_("after_round phải là một số"), field="after_round") from exc
    if not 0 <= number <= MAX_ROUNDS:  # a huge number kept the crosstable busy for minutes
        raise ServiceError(_("after_round phải từ 0 đến %(max)d") % {"max": MAX_ROUNDS},
                           field="after_round")
    return number


def _csv(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _visible(user):
    return selectors.visible_tournaments(user)


class TournamentViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        mixins.CreateModelMixin, mixins.UpdateModelMixin,
                        viewsets.GenericViewSet):
    """Tournaments (giải đấu): regulations, lifecycle, pairing job, standings, TRF/CSV."""

    serializer_class = TournamentSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["status", "system", "discipline", "category"]
    ordering_fields = ["start_date", "name"]

    def get_queryset(self):  # the amendments each answer lists: one query for the page
        return _visible(self.request.user).prefetch_related("amendments__amended_by")

    def perform_create(self, serializer):
        fields = dict(serializer.validated_data)
        fields.pop("amendment_reason", None)  # a new event has no published regulations
        serializer.instance = services.create_tournament(user=self.request.user, **fields)

    def perform_update(self, serializer):
        serializer.instance = services.update_tournament(
            serializer.instance, user=self.request.user, **serializer.validated_data)

    def _done(self, tournament) -> Response:
        return Response(TournamentSerializer(tournament).data)

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"], url_path="open-registration")
    def open_registration(self, request, pk=None):
        """Open registration (Bản nháp → Đang nhận đăng ký); organisers only. A
        tournament in another status answers 400 (``invalid_state``)."""
        return self._done(services.open_registration(self.get_object(), user=request.user))

    @extend_schema(request=SeedSerializer, responses=TournamentSerializer)
    @action(detail=True, methods=["post"], url_path="close-registration")
    def close_registration(self, request, pk=None):
        """Close registration and draw the lots (``seed`` optional, for a
        reproducible draw); entries get their starting numbers. Organisers only; 400
        (``invalid_state``) when not open for registration."""
        data = SeedSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._done(services.close_registration(
            self.get_object(), user=request.user, seed=data.validated_data.get("seed")))

    @extend_schema(request=PairRequestSerializer, responses={202: JobSerializer})
    @action(detail=True, methods=["post"], url_path="pair-next-round")
    def pair_next_round(self, request, pk=None):
        """Start the pairing job; poll ``/api/v1/jobs/{id}/``. Idempotent per round: send
        ``round`` to get the same job back when retrying."""
        data = PairRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = services.request_pairing(self.get_object(), user=request.user,
                                       round_number=data.validated_data.get("round"))
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def finish(self, request, pk=None):
        """Finish the event when every round is played (knockout: a champion is known);
        organisers or its arbiters. Missing rounds or results answer 400 naming them."""
        return self._done(services.finish_tournament(self.get_object(), user=request.user))

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def certify(self, request, pk=None):
        """Công nhận kết quả: lock the finished event (an official record) and start the
        rating and title checks after commit. Organisers only; missing results answer 400."""
        return self._done(services.certify_tournament(self.get_object(), user=request.user))

    @extend_schema(request=SuspendSerializer, responses={201: TournamentSuspensionSerializer})
    @action(detail=True, methods=["post"])
    def suspend(self, request, pk=None):
        """Điều 20.3d: the chief arbiter (or a deputy standing in) suspends the event for a
        special cause, with the reason and the new time and place; no round is paired or
        started until ``resume``."""
        data = SuspendSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        suspension = services.suspend_tournament(
            self.get_object(), user=request.user, reason=data.validated_data["reason"],
            resume_plan=data.validated_data.get("resume_plan", ""))
        return Response(TournamentSuspensionSerializer(suspension).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=ResumeSerializer, responses=TournamentSuspensionSerializer)
    @action(detail=True, methods=["post"])
    def resume(self, request, pk=None):
        """Điều 20.3d: the suspended event goes on (the suspension keeps its record)."""
        data = ResumeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        suspension = services.resume_tournament(
            self.get_object(), user=request.user,
            resume_plan=data.validated_data.get("resume_plan"))
        return Response(TournamentSuspensionSerializer(suspension).data)

    @extend_schema(responses=ArbiterCheckSerializer)
    @action(detail=True, methods=["get"], url_path="arbiter-check")
    def arbiter_check(self, request, pk=None):
        """The event's people by role (Điều 19, 20.1) and the warnings of 002 Phần 2 Điều 6
        (at least 2 arbiters; one arbiter to at most 4 boards in national events, 6 in
        local ones); its suspension in force (Điều 20.3d), if any."""
        tournament = self.get_object()
        return Response(ArbiterCheckSerializer({
            "officials": selectors.officials_in_order(tournament),
            "boards_per_arbiter": selectors.boards_per_arbiter(tournament),
            "warnings": selectors.arbiter_guidance(tournament),
            "suspended": selectors.open_suspension(tournament)}).data)

    @extend_schema(responses=TournamentSuspensionSerializer(many=True))
    @action(detail=True, methods=["get"])
    def suspensions(self, request, pk=None):
        """Every suspension of the event and when it resumed (Điều 20.3d)."""
        return Response(TournamentSuspensionSerializer(selectors.suspensions(self.get_object()),
                                             many=True).data)

    @extend_schema(request=ReasonSerializer, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def reopen(self, request, pk=None):
        """Reopen a certified event for a correction, with a ``reason`` kept in its history
        (federation staff only)."""
        data = ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._done(services.reopen_tournament(self.get_object(), user=request.user,
                                                     reason=data.validated_data["reason"]))

    @extend_schema(parameters=[AFTER_ROUND, AS_CSV],
                   responses={(200, "application/json"): TournamentStandingsSerializer,
                              (200, "text/csv"): OpenApiTypes.STR, XLSX: OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        """Standings with the tie-breaks of the regulations, after round ``after_round``
        (default: the last played); ``output=csv`` answers CSV, ``output=xlsx`` Excel."""
        tournament = self.get_object()
        after = _after_round(request)
        output = request.query_params.get("output")
        if output == "csv":
            return _csv(selectors.standings_csv(tournament, after),
                        f"standings-{tournament.pk}.csv")
        if output == "xlsx":
            return xlsx.xlsx_response(_("Bảng xếp hạng"),
                                      *selectors.standings_table(tournament, after),
                                      filename=f"standings-{tournament.pk}.xlsx")
        return Response(selectors.standings(tournament, after))

    @extend_schema(parameters=[AFTER_ROUND, AS_XLSX],
                   responses={(200, "application/json"): OpenApiTypes.OBJECT,
                              XLSX: OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def crosstable(self, request, pk=None):
        """The crosstable (each player's result against each opponent), after round
        ``after_round``; ``output=xlsx`` answers an Excel workbook."""
        tournament = self.get_object()
        if request.query_params.get("output") == "xlsx":
            return xlsx.xlsx_response(
                _("Bảng chéo"), *selectors.crosstable_table(tournament, _after_round(request)),
                filename=f"crosstable-{tournament.pk}.xlsx")
        return Response(selectors.crosstable(tournament, _after_round(request)))

    @extend_schema(parameters=[AFTER_ROUND], responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], url_path="team-standings")
    def team_standings(self, request, pk=None):
        """Điều 30.1.5: game points, then board 1's score, board 2's, …"""
        return Response(selectors.team_standings(self.get_object(), _after_round(request)))

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"], url_path="publish-regulations")
    def publish_regulations(self, request, pk=None):
        """Điều 18a: publish the regulations (once; the time is kept): the public then sees
        the event and its regulations. Opening registration publishes them if not done."""
        return self._done(services.publish_regulations(self.get_object(), user=request.user))

    @extend_schema(request=None, responses=EntrySerializer(many=True))
    @action(detail=True, methods=["post"], url_path="advance-qualifiers")
    def advance_qualifiers(self, request, pk=None):
        """Điều 17.3: enter the top finishers of every certified qualifying group into this
        final (all or none; those already entered are skipped). Organisers only."""
        entries = services.advance_qualifiers(self.get_object(), user=request.user)
        return Response(EntrySerializer(entries, many=True).data)

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def overall(self, request, pk=None):
        """Điều 17.3: the overall result of a multi-stage event (the final, then the
        players out in the groups by group place and points)."""
        return Response(selectors.overall_standings(self.get_object()))

    @extend_schema(parameters=[AFTER_ROUND], responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], url_path="board-standings")
    def board_standings(self, request, pk=None):
        """Per-board individual ranking of a team event (Điều 30.1.2-30.1.3; minimum of
        games, 002 Điều 2.3)."""
        tournament = self.get_object()
        if not tournament.is_team_event:
            raise ServiceError(_("Chỉ giải đồng đội có xếp hạng theo bảng."),
                               code="not_team_event")
        return Response(selectors.board_standings(tournament, _after_round(request)))

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def bracket(self, request, pk=None):
        """Knockout bracket (Điều 25): stages, mini-matches, games, winners, champion."""
        tournament = self.get_object()
        if not systems.spec_of(tournament.system).bracket or tournament.lot_seed is None:
            raise ServiceError(_("Giải không phải hệ loại trực tiếp đã bốc số"), code="not_knockout")
        return Response(selectors.knockout_bracket(tournament))

    @extend_schema(responses=StatusChangeSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def history(self, request, pk=None):
        """The event's status changes: from, to, who, when and why."""
        return Response(StatusChangeSerializer(
            self.get_object().status_changes.all(), many=True).data)

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"], url_path="trf")
    def export_trf(self, request, pk=None):
        """FIDE TRF16 with the TRF-2026 XXR/XXC lines (organisers and arbiters only)."""
        tournament = self.get_object()
        if not (selectors.can_manage(request.user, tournament)
                or selectors.can_arbitrate(request.user, tournament)):
            raise NotAllowedError(_("Chỉ ban tổ chức và trọng tài của giải tải được tệp TRF "
                                    "(có năm sinh đấu thủ)."))
        response = HttpResponse(selectors.trf_text(tournament),
                                content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="tournament-{pk}.trf"'
        return response

    @extend_schema(request=TrfImportSerializer,
                   responses={201: OpenApiTypes.OBJECT, 202: JobSerializer})
    @action(detail=False, methods=["post"], url_path="import-trf")
    def import_trf(self, request):
        """Create a tournament from a TRF file; report of players matched/unmatched to
        members. An error names the line and the reason, and nothing is imported. The import
        is a job: 201 with the tournament and the report when it ends within
        TRF_IMPORT_WAIT_SECONDS, else 202 with the job to poll (its result: the tournament's
        id and the report)."""
        data = TrfImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)  # the file's size limits (players, lines)
        fields = dict(data.validated_data)
        text = fields.pop("trf")
        # a job (issue 31 §4): a file that takes long is answered 202 with the job to poll
        job = wait_briefly(trf_import_job.start_trf_import(text, user=request.user, **fields),
                           settings.TRF_IMPORT_WAIT_SECONDS)
        if job.state == Job.State.SUCCEEDED:
            result = job.result or {}  # the import job's answer: the tournament and a report
            tournament = Tournament.objects.get(pk=result["tournament"]["id"])
            return Response({"tournament": TournamentSerializer(tournament).data,
                             "report": result["report"], "job": str(job.pk)},
                            status=status.HTTP_201_CREATED)
        if job.state == Job.State.FAILED:
            error = job.error or {}
            failure = ServiceError(error.get("message", ""), code=error.get("code"),
                                   fields=error.get("fields"))
            failure.status_code = error.get("status") or (
                status.HTTP_500_INTERNAL_SERVER_ERROR if error.get("code") == "job_failed"
                else status.HTTP_400_BAD_REQUEST)
            raise failure
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class OfficialViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, mixins.DestroyModelMixin,
                      viewsets.GenericViewSet):
    """Officials (Điều 20): chief arbiter, deputies, arbiters of a tournament."""

    serializer_class = OfficialSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament", "role"]

    def get_queryset(self):
        return Official.objects.filter(tournament__in=_visible(self.request.user)).select_related(
            "person")

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.assign_official(
            data["tournament"], data["person"], data["role"], user=self.request.user)

    def perform_destroy(self, instance):
        services.remove_official(instance, user=self.request.user)


class EntryViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                   viewsets.GenericViewSet):
    """Entries (đấu thủ): registration with eligibility, withdrawal, requested byes."""

    serializer_class = EntrySerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament", "team", "is_late"]
    ordering_fields = ["starting_number", "rating", "name"]

    def get_queryset(self):
        return Entry.objects.filter(tournament__in=_visible(self.request.user)).select_related(
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
            tournament__in=_visible(self.request.user)).prefetch_related("roster")

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


class RoundViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Rounds with their pairings; start a round; bulk result entry; pairings CSV."""

    serializer_class = RoundSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament", "number", "status"]

    def get_queryset(self):
        return Round.objects.filter(tournament__in=_visible(self.request.user)).prefetch_related(
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
        return _csv(selectors.pairings_csv(rnd), f"pairings-{rnd.tournament_id}-{rnd.number}.csv")

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
            round__tournament__in=_visible(self.request.user)).select_related(
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


def _csv_text(upload) -> str:
    """An uploaded CSV as text (UTF-8, with or without BOM); the body limit already applies."""
    if upload.size > settings.API_MAX_BODY_BYTES:
        raise body_too_large()
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ServiceError(_("Tệp CSV phải được lưu dạng UTF-8."), field="file",
                           code="invalid_csv") from None
