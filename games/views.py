"""API of game records (arbiters of the tournament and federation staff).

Endpoints (under /api/v1/):
- ``games/`` list (filters: tournament, round, validation_status, discipline) and create;
  ``games/{id}/`` read, PATCH (with ``version``), DELETE (staff, unsigned records);
- ``games/{id}/validate/`` re-validate (202 + job), ``decision/``, ``confirm-proposal/``,
  ``sign/``, ``faults/`` (GET, POST), ``warnings/`` (GET, POST: reminders and cautions,
  Điều 9.6, 9.8, 15.7b, 16.1, escalating to faults and the loss), ``move-limit-claims/``
  (GET, POST: a false 50-move claim, Điều 12b: 2 minutes to the opponent);
- ``games/{id}/pgn/?moves=iccs|wxf|san|uci``, ``games/{id}/scoresheet/`` (Vietnamese move
  list, text), ``games/{id}/board/`` (final position, SVG), ``games/{id}/dhtmlxq/`` and
  ``games/{id}/xqf/`` (xiangqi: DhtmlXQ text, XQF file);
- ``games/export/?tournament=&round=&moves=`` PGN of a round or a whole tournament;
- ``game-uploads/`` PGN upload (202 + job; also DhtmlXQ text and XQF files), list and report.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, permissions, status, viewsets
from rest_framework import serializers as drf_serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from chessrules.values import Discipline
from core.errors import NotAllowedError, ServiceError
from core.serializers import JobSerializer
from games import pgn_export, selectors, services, svg
from games.models import GameRecord, GameUpload
from games.serializers import (
    GameCorrectionSerializer,
    GameDecisionSerializer,
    GameFaultSerializer,
    GameFaultWriteSerializer,
    GamePenaltySerializer,
    GamePenaltyWriteSerializer,
    GameRecordSerializer,
    GameSignSerializer,
    GameUploadDetailSerializer,
    GameUploadListSerializer,
    GameUploadSerializer,
    GameVersionSerializer,
    GameWarningSerializer,
    GameWarningWriteSerializer,
    GameWriteSerializer,
    MoveLimitClaimSerializer,
    MoveLimitClaimWriteSerializer,
)
from games.views_phase import FinalPhaseActions
from tournaments.models import Tournament


def _job_json(job) -> dict | None:
    return JobSerializer(job).data if job is not None else None


#: ``?notation=`` as on the public API (issue 29: one name for one meaning); ``?moves=``, the
#: staff API's old name, still read (deprecated in the schema)
NOTATION_PARAMETERS = [
    OpenApiParameter("notation", str, description="iccs|wxf|san|uci"),
    OpenApiParameter("moves", str, deprecated=True,
                     description="Deprecated alias of notation (iccs|wxf|san|uci)."),
]


def _fmt(request, discipline: str) -> str:
    formats = Discipline(discipline).export_notations
    fmt = (request.query_params.get("notation") or request.query_params.get("moves")
           or formats[0])
    if fmt not in formats:
        raise ServiceError(_("Cách ghi nước đi khi xuất PGN: %s") % ", ".join(formats),
                           field="notation")
    return fmt


class GameFaultAddedSerializer(GameFaultSerializer):
    """Schema only: the added fault and the game's new version and proposed decision."""

    game = inline_serializer("GameAfterFault", fields={
        "version": drf_serializers.IntegerField(),
        "proposed_decision": drf_serializers.CharField(),
        "proposed_reason": drf_serializers.CharField()})

    class Meta(GameFaultSerializer.Meta):
        fields = [*GameFaultSerializer.Meta.fields, "game"]


class GameWarningAddedSerializer(GameWarningSerializer):
    """Schema only: the warning and the record after its escalation."""

    game = inline_serializer("GameAfterWarning", fields={
        "version": drf_serializers.IntegerField(),
        "decision": drf_serializers.CharField(),
        "decision_reason": drf_serializers.CharField(),
        "proposed_decision": drf_serializers.CharField()})

    class Meta(GameWarningSerializer.Meta):
        fields = [*GameWarningSerializer.Meta.fields, "game"]


class GameRecordViewSet(FinalPhaseActions, viewsets.ModelViewSet):
    """Game records (biên bản, Điều 11, 13, Phụ lục 4) of the user's tournaments."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = GameRecordSerializer
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    queryset = GameRecord.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return GameRecord.objects.none()
        games = selectors.games_visible_to(self.request.user).prefetch_related(
            "faults", "warnings", "penalties", "move_limit_claims")
        params = self.request.query_params
        for name, lookup in (("tournament", "pairing__round__tournament"),
                             ("round", "round_number")):
            value = params.get(name)
            if value is not None and value != "":
                if not value.isdigit():
                    raise ServiceError(_("Tham số phải là số."), field=name)
                games = games.filter(**{lookup: int(value)})
        for name in ("validation_status", "discipline", "decision"):
            if params.get(name):
                games = games.filter(**{name: params[name]})
        return games

    def _respond(self, game: GameRecord, job=None, code=status.HTTP_200_OK) -> Response:
        game = self.get_queryset().get(pk=game.pk)
        data = dict(GameRecordSerializer(game).data)
        data["validation_job"] = _job_json(job)
        return Response(data, status=code)

    @extend_schema(request=GameWriteSerializer, responses={201: GameRecordSerializer})
    def create(self, request, *args, **kwargs):
        serializer = GameWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        data.pop("version", None)
        game, job = services.create_game(user=request.user, **data)
        return self._respond(game, job, status.HTTP_201_CREATED)

    @extend_schema(request=GameWriteSerializer, responses=GameRecordSerializer)
    def partial_update(self, request, *args, **kwargs):
        game = self.get_object()
        serializer = GameWriteSerializer(game, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        version = data.pop("version")
        game, job = services.update_game(game, user=request.user, expected_version=version,
                                         **data)
        return self._respond(game, job)

    def update(self, request, *args, **kwargs):
        return self.partial_update(request, *args, **kwargs)

    def destroy(self, request, *args, **kwargs):
        game = self.get_object()
        services.delete_game(game, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={202: JobSerializer})
    @action(detail=True, methods=["post"])
    def validate(self, request, pk=None):
        """Validate again (idempotent: the same inputs reuse the same job)."""
        game = self.get_object()
        if not selectors.may_arbitrate(request.user, game):
            raise NotAllowedError(_("Bạn không phải trọng tài của giải có ván đấu này."))
        job = services.start_validation(game, user=request.user)
        return Response(_job_json(job), status=status.HTTP_202_ACCEPTED)

    @extend_schema(request=GameDecisionSerializer, responses=GameRecordSerializer)
    @action(detail=True, methods=["post"])
    def decision(self, request, pk=None):
        """The arbiter's decision and reason (Điều 7); updates the pairing's result."""
        serializer = GameDecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game, job = services.decide(self.get_object(), decision=data["decision"],
                                    reason=data["reason"], user=request.user,
                                    expected_version=data["version"])
        return self._respond(game, job)

    @extend_schema(request=GameVersionSerializer, responses=GameRecordSerializer)
    @action(detail=True, methods=["post"], url_path="confirm-proposal")
    def confirm_proposal(self, request, pk=None):
        """Confirm the loss proposed by the faults log (Điều 7.1m, 7.1n)."""
        serializer = GameVersionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game, job = services.confirm_proposal(self.get_object(), user=request.user,
                                              expected_version=serializer.validated_data[
                                                  "version"])
        return self._respond(game, job)

    @extend_schema(request=GameCorrectionSerializer, responses=GameRecordSerializer)
    @action(detail=True, methods=["post"])
    def correct(self, request, pk=None):
        """Open a signed record for correction, with a reason: the signatures are removed,
        the reason is kept in the record's history; the arbiter then decides again (the
        board result follows the decision) and everyone signs again."""
        serializer = GameCorrectionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game = services.correct_record(self.get_object(), user=request.user,
                                       reason=data["reason"], expected_version=data["version"])
        return self._respond(game)

    @extend_schema(request=GameSignSerializer, responses=GameRecordSerializer)
    @action(detail=True, methods=["post"])
    def sign(self, request, pk=None):
        """Sign the record as the arbiter, White or Black (``who``; Điều 11.1b, 13.1). Sends the
        record's ``version``: a stale one answers 409. The arbiter signs after deciding (else 400
        ``no_decision``); then moves and score can no longer change."""
        serializer = GameSignSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game = services.sign(self.get_object(), who=data["who"], user=request.user,
                             expected_version=data["version"])
        return self._respond(game)

    @extend_schema(methods=["GET"], responses=GameFaultSerializer(many=True))
    @extend_schema(methods=["POST"], request=GameFaultWriteSerializer,
                   responses={201: GameFaultAddedSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def faults(self, request, pk=None):
        """GET: the faults logged on this game. POST: log a fault (Điều 9, 11.3b, 15.7, 16.3):
        the third of a kind proposes the loss (Điều 7.1m, 7.1n) for the arbiter to confirm;
        answers 201 with the game's new version and proposed decision."""
        game = self.get_object()
        if request.method == "GET":
            return Response(GameFaultSerializer(game.faults.all(), many=True).data)
        serializer = GameFaultWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        fault = services.add_fault(game, user=request.user, **serializer.validated_data)
        data = dict(GameFaultSerializer(fault).data)
        game.refresh_from_db()
        data["game"] = {"version": game.version, "proposed_decision": game.proposed_decision,
                        "proposed_reason": game.proposed_reason}
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses=GameWarningSerializer(many=True))
    @extend_schema(methods=["POST"], request=GameWarningWriteSerializer,
                   responses={201: GameWarningAddedSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def warnings(self, request, pk=None):
        """Reminders and cautions (Điều 16.1a-b); a repeat escalates (9.6, 9.8, 15.7b)."""
        game = self.get_object()
        if request.method == "GET":
            return Response(GameWarningSerializer(game.warnings.all(), many=True).data)
        serializer = GameWarningWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        warning, game = services.add_warning(game, user=request.user,
                                             **serializer.validated_data)
        data = dict(GameWarningSerializer(warning).data)
        data["game"] = {"version": game.version, "decision": game.decision,
                        "decision_reason": game.decision_reason,
                        "proposed_decision": game.proposed_decision}
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses=GamePenaltySerializer(many=True))
    @extend_schema(methods=["POST"], request=GamePenaltyWriteSerializer,
                   responses={201: GamePenaltySerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def penalties(self, request, pk=None):
        """Chess: the arbiter's penalties (Luật Cờ Vua 13.4 in 002; FIDE Laws 12.9). GET: the
        game's penalties (with the two minutes each illegal move gave, 7.4b). POST: record
        one; a loss (``kind=loss``) decides the game at once and writes the board's result."""
        game = self.get_object()
        if request.method == "GET":
            return Response(GamePenaltySerializer(game.penalties.all(), many=True).data)
        serializer = GamePenaltyWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        penalty, game = services.add_penalty(game, user=request.user,
                                             **serializer.validated_data)
        data = dict(GamePenaltySerializer(penalty).data)
        data["game"] = {"version": game.version, "decision": game.decision,
                        "decision_reason": game.decision_reason}
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses=MoveLimitClaimSerializer(many=True))
    @extend_schema(methods=["POST"], request=MoveLimitClaimWriteSerializer,
                   responses={201: MoveLimitClaimSerializer})
    @action(detail=True, methods=["get", "post"], url_path="move-limit-claims",
            pagination_class=None, filter_backends=[])
    def move_limit_claims(self, request, pk=None):
        """Điều 12b: false claims of the 50-move draw. POST records one (the opponent gets 2
        minutes); refused when the record shows the claim was right (12a: a draw)."""
        game = self.get_object()
        if request.method == "GET":
            return Response(MoveLimitClaimSerializer(game.move_limit_claims.all(),
                                                     many=True).data)
        serializer = MoveLimitClaimWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        claim = services.add_false_move_limit_claim(game, user=request.user,
                                                    **serializer.validated_data)
        return Response(MoveLimitClaimSerializer(claim).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={(200, "application/x-chess-pgn"): str},
                   parameters=NOTATION_PARAMETERS)
    @action(detail=True, methods=["get"])
    def pgn(self, request, pk=None):
        """The record as PGN, moves in the notation asked (``notation``: iccs, wxf, san, uci;
        ``moves`` is its deprecated alias)."""
        game = self.get_object()
        text = pgn_export.export_game(game, _fmt(request, game.discipline))
        return _pgn_response(text, f"game-{game.pk}.pgn")

    @extend_schema(responses={(200, "text/plain"): str})
    @action(detail=True, methods=["get"])
    def dhtmlxq(self, request, pk=None):
        """A xiangqi record as DhtmlXQ (UBB), the forum format of xiangqi sites (issue 29);
        400 for a chess game."""
        game = self.get_object()
        if game.discipline != Discipline.XIANGQI:
            raise ServiceError(_("DhtmlXQ chỉ dùng cho ván cờ tướng."), field="discipline")
        response = HttpResponse(pgn_export.export_dhtmlxq(game),
                                content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.dhtmlxq.txt"'
        return response

    @extend_schema(responses={(200, "application/octet-stream"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def xqf(self, request, pk=None):
        """A xiangqi record as an XQF file (XQStudio's binary format, version 1.0,
        unencrypted; issue 29); 400 for a chess game or a position XQF cannot hold."""
        game = self.get_object()
        if game.discipline != Discipline.XIANGQI:
            raise ServiceError(_("XQF chỉ dùng cho ván cờ tướng."), field="discipline")
        try:
            data = pgn_export.export_xqf(game)
        except ValueError as exc:
            raise ServiceError(_("Thế cờ ban đầu của ván không ghi được thành XQF (%(reason)s).")
                               % {"reason": exc}, field="start_fen") from exc
        response = HttpResponse(data, content_type="application/octet-stream")
        response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.xqf"'
        return response

    @extend_schema(responses={(200, "text/plain"): str})
    @action(detail=True, methods=["get"])
    def scoresheet(self, request, pk=None):
        """The move list in Vietnamese notation for printing (Điều 11.2a, Phụ lục 4)."""
        game = self.get_object()
        return HttpResponse(pgn_export.scoresheet_text(game),
                            content_type="text/plain; charset=utf-8")

    @extend_schema(responses={(200, "image/svg+xml"): str})
    @action(detail=True, methods=["get"])
    def board(self, request, pk=None):
        """The final position (or the start position) as an SVG board."""
        game = self.get_object()
        return HttpResponse(svg.board_svg(game.discipline, game.final_fen or game.start_fen),
                            content_type="image/svg+xml")

    @extend_schema(responses={(200, "application/x-chess-pgn"): str}, parameters=[
        OpenApiParameter("tournament", int, required=True), OpenApiParameter("round", int),
        *NOTATION_PARAMETERS])
    @action(detail=False, methods=["get"])
    def export(self, request):
        """PGN of a round (``?tournament=&round=``) or a whole tournament."""
        tournament_id = request.query_params.get("tournament")
        if not tournament_id or not tournament_id.isdigit():
            raise ServiceError(_("Chọn giải cần xuất."), field="tournament")
        tournament = get_object_or_404(selectors.tournaments_visible_to(request.user),
                                       pk=tournament_id)
        games = self.get_queryset().filter(pairing__round__tournament=tournament).order_by(
            "round_number", "board_number", "id").select_related(
            "pairing__round__tournament", "pairing__white", "pairing__black")
        text = pgn_export.export_games(games, _fmt(request, tournament.discipline))
        name = f"tournament-{tournament.pk}"
        if request.query_params.get("round"):
            name += f"-round-{request.query_params['round']}"
        return _pgn_response(text, f"{name}.pgn")


def _pgn_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class GameUploadViewSet(mixins.CreateModelMixin, mixins.ListModelMixin,
                        mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """PGN uploads for a round or a tournament: one import job each, with a report per game."""

    permission_classes = [permissions.IsAuthenticated]

    def get_serializer_class(self):
        if self.action == "create":
            return GameUploadSerializer
        return GameUploadListSerializer if self.action == "list" else GameUploadDetailSerializer

    queryset = GameUpload.objects.none()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return GameUpload.objects.none()
        uploads = GameUpload.objects.select_related("job").defer("content")
        if self.action == "list":
            uploads = uploads.defer("content", "report")
        user = self.request.user
        if user.is_staff:
            return uploads
        return uploads.filter(uploaded_by_id=user.pk)

    @extend_schema(request=GameUploadSerializer, responses={202: JobSerializer})
    def create(self, request, *args, **kwargs):
        serializer = GameUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        tournament: Tournament | None = data.get("tournament")
        upload, job = services.start_upload(
            user=request.user, content=data["content"], file_name=data.get("file_name", ""),
            tournament=tournament, round_number=data.get("round_number"),
            keep_valid=data.get("keep_valid", False),
            notation=data.get("notation", "auto"), event_name=data.get("event_name", ""))
        body = dict(JobSerializer(job).data)
        body["upload"] = upload.pk
        return Response(body, status=status.HTTP_202_ACCEPTED)
