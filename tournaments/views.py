"""API of the tournaments app: thin views over ``services`` (writes) and ``selectors`` (reads).

Reading published tournaments, rounds, pairings and standings is public; every write needs
an authenticated organiser or assigned arbiter (see ``tournaments.selectors``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from chessrules.trf import encode_latin1
from core import xlsx
from core.errors import NotAllowedError, ServiceError
from core.jobs import wait_briefly
from core.models import Job
from core.serializers import JobSerializer
from federation.models import Person, PrivateDataAccess
from federation.services import privacy
from tournaments import selectors, selectors_exports, services, systems
from tournaments.models import (
    Official,
    Tournament,
)
from tournaments.serializers import (
    EntrySerializer,
    OfficialSerializer,
    PairRequestSerializer,
    ReasonSerializer,
    SeedSerializer,
    StatusChangeSerializer,
    TournamentSerializer,
    TournamentStandingsSerializer,
)
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


def csv_response(text: str, filename: str) -> HttpResponse:
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
    @action(detail=True, methods=["get"], pagination_class=None)  # a plain list, every one
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
            return csv_response(selectors_exports.standings_csv(tournament, after),
                        f"standings-{tournament.pk}.csv")
        if output == "xlsx":
            return xlsx.xlsx_response(_("Bảng xếp hạng"),
                                      *selectors_exports.standings_table(tournament, after),
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
                _("Bảng chéo"), *selectors_exports.crosstable_table(tournament, _after_round(request)),
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

    @extend_schema(parameters=[OpenApiParameter(
        "encoding", str, enum=["utf-8", "latin-1"],
        description="latin-1: what FIDE's TieBreakServer reads by default (Vietnamese "
                    "letters Latin-1 lacks lose their marks)")],
        responses={(200, "text/plain"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"], url_path="trf")
    def export_trf(self, request, pk=None):
        """FIDE TRF16 with the TRF-2026 XXR/XXC lines (organisers and arbiters only);
        UTF-8, or ``?encoding=latin-1``."""
        tournament = self.get_object()
        if not (selectors.can_manage(request.user, tournament)
                or selectors.can_arbitrate(request.user, tournament)):
            raise NotAllowedError(_("Chỉ ban tổ chức và trọng tài của giải tải được tệp TRF "
                                    "(có năm sinh đấu thủ)."))
        shown: dict[int, frozenset[str]] = {}
        text = selectors_exports.trf_text(tournament, shown)
        # the players' birth years: a read of private data, in the access log (issue 31)
        own = Person.objects.filter(user_id=request.user.pk).values_list("pk", flat=True)
        shown.pop(own.first() or 0, None)
        privacy.record_private_reads(request.user, shown, via=PrivateDataAccess.Via.DOCUMENT,
                                     path=request.get_full_path())
        if request.query_params.get("encoding", "").lower() in ("latin-1", "latin1",
                                                                "iso-8859-1"):
            response = HttpResponse(encode_latin1(text),
                                    content_type="text/plain; charset=iso-8859-1")
        else:
            response = HttpResponse(text, content_type="text/plain; charset=utf-8")
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
