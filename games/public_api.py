"""Public (anonymous, read-only) games of certified events — issue 10.

Only records that are linked to a pairing of a CERTIFIED tournament (Điều 13: the players and
the arbiter signed; the federation certified the results) and whose moves were validated
(``valid`` or ``valid with warnings``) are shown. A game is given with its moves in the
notation asked for (``?notation=``: Điều 11.2a/b, Phụ lục 3, WXF, ICCS for xiangqi; SAN, the
Vietnamese letters or UCI for chess), converted by ``chessrules``, and as PGN (one game, a
round or a whole tournament). Nothing about who entered, decided or signed a record, nor any
person's private data, leaves through here.
"""

from __future__ import annotations

import django_filters
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from chessrules import chess as chess_rules
from chessrules.notation import xiangqi as xiangqi_notation
from chessrules.values import Discipline
from chessrules.xiangqi import Position as XiangqiPosition
from core.errors import ServiceError
from core.pagination import MAX_ID, is_whole_number
from core.public import (
    PublicFilterSet,
    PublicIdFilter,
    PublicReadOnlyViewSet,
)
from core.text import fold
from federation.models import Discipline as DisciplineChoices
from games import pgn_export
from games.cache_scopes import GAMES
from games.models import GameRecord, ValidationStatus
from tournaments.cache_scopes import ROWS
from tournaments.models import Tournament

#: Notations a public game can be shown in: its discipline's ``notations`` (the first is the
#: default); a PGN download's move formats: its ``export_notations`` (PGN readers know these).
ALL_NOTATIONS = tuple(dict.fromkeys(n for d in Discipline for n in d.notations))
ALL_PGN_NOTATIONS = tuple(dict.fromkeys(n for d in Discipline for n in d.export_notations))
PUBLIC_STATUSES = (ValidationStatus.VALID, ValidationStatus.WARNINGS)
PGN_CONTENT_TYPE = "application/x-chess-pgn; charset=utf-8"


def public_games():
    """Validated records of certified tournaments, with what their pages show (constant
    number of queries: the tournament, the round and both players are joined)."""
    return (GameRecord.objects
            .filter(pairing__round__tournament__status=Tournament.Status.CERTIFIED,
                    validation_status__in=PUBLIC_STATUSES)
            .select_related("pairing__round__tournament", "white", "black")
            .order_by("-played_on", "pairing__round__tournament_id", "round_number",
                      "board_number", "id"))


def requested_notation(request, discipline: str, allowed: tuple[str, ...]) -> str:
    """``?notation=`` checked against the discipline's ``allowed`` notations (the first is
    the default; 400 on the field ``notation``)."""
    value = request.query_params.get("notation", allowed[0])
    if value not in allowed:
        raise ServiceError(
            _("Cách ghi '%(value)s' không dùng cho môn %(discipline)s; chọn một trong: "
              "%(allowed)s.") % {"value": value, "discipline": discipline,
                                 "allowed": ", ".join(allowed)}, field="notation")
    return value


def moves_in(discipline: str, normalised: list[str], start_fen: str, notation: str) -> list[str]:
    """The game's moves (stored as ICCS / UCI) one string per half-move in ``notation``."""
    written = []
    if discipline == Discipline.XIANGQI:
        moves = xiangqi_notation.parse_moves(normalised, Discipline.XIANGQI.machine_notation,
                                             start_fen or None)
        position = XiangqiPosition.from_fen(start_fen or Discipline.XIANGQI.start_fen)
        for move in moves:
            written.append(xiangqi_notation.write_move(position, move, notation))
            position.push(move)
        return written
    board = chess_rules.board_from(start_fen or None)
    for chess_move in chess_rules.parse_moves(normalised, start_fen or None):
        written.append(chess_rules.write_move(board, chess_move, notation))
        board.push(chess_move)
    return written


# --- serializers ---------------------------------------------------------------------------

class PublicGamePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True, help_text="Person id (public profile)")
    name = serializers.CharField()


class PublicGameTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PublicGameSerializer(serializers.ModelSerializer):
    tournament = serializers.SerializerMethodField()
    round = serializers.IntegerField(source="round_number", allow_null=True)
    board = serializers.IntegerField(source="board_number", allow_null=True)
    white = serializers.SerializerMethodField()
    black = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()
    plies = serializers.SerializerMethodField()

    class Meta:
        model = GameRecord
        fields = ["id", "tournament", "round", "board", "played_on", "discipline", "white",
                  "black", "result", "decision", "decision_reason", "ending",
                  "validation_status", "plies"]

    @extend_schema_field(PublicGameTournamentSerializer)
    def get_tournament(self, game) -> dict:
        tournament = game.pairing.round.tournament
        return {"id": tournament.pk, "name": tournament.name}

    def _player(self, game, side: str) -> dict:
        person = getattr(game, side)
        name = getattr(game, f"{side}_name") or (person.full_name if person else "")
        return {"id": person.pk if person else None, "name": name}

    @extend_schema_field(PublicGamePlayerSerializer)
    def get_white(self, game) -> dict:
        return self._player(game, "white")

    @extend_schema_field(PublicGamePlayerSerializer)
    def get_black(self, game) -> dict:
        return self._player(game, "black")

    def get_result(self, game) -> str:
        """PGN result: 1-0, 0-1, 1/2-1/2, or * (both lose, Điều 7.1i, or none)."""
        return pgn_export.pgn_result(game)

    def get_plies(self, game) -> int:
        return len(game.moves_normalised or [])


class PublicGameDetailSerializer(PublicGameSerializer):
    start_fen = serializers.SerializerMethodField()
    final_fen = serializers.CharField()
    notation = serializers.SerializerMethodField()
    moves = serializers.SerializerMethodField()

    class Meta(PublicGameSerializer.Meta):
        fields = PublicGameSerializer.Meta.fields + ["start_fen", "final_fen", "notation",
                                                     "moves"]

    def get_start_fen(self, game) -> str:
        return game.start_fen or Discipline(game.discipline).start_fen

    def get_notation(self, game) -> str:
        return self.context["notation"]

    def get_moves(self, game) -> list[str]:
        """One string per half-move (White, Black, ...) in the requested notation."""
        normalised = pgn_export.current_moves(game)[0]
        return moves_in(game.discipline, normalised, game.start_fen, self.context["notation"])


# --- filters -------------------------------------------------------------------------------

class PublicGameFilter(PublicFilterSet):
    tournament = PublicIdFilter(field_name="pairing__round__tournament_id")
    round = PublicIdFilter(field_name="round_number")
    player = django_filters.CharFilter(method="filter_player",
                                       help_text="Tên đấu thủ, không dấu cũng được")
    discipline = django_filters.ChoiceFilter(choices=DisciplineChoices.choices)

    class Meta:
        model = GameRecord
        fields = ["tournament", "round", "player", "discipline"]

    def filter_player(self, queryset, name, value):
        folded = fold(value)
        return queryset.filter(Q(white__name_folded__contains=folded)
                               | Q(black__name_folded__contains=folded)
                               | Q(pairing__white__name__icontains=value)
                               | Q(pairing__black__name__icontains=value))


def _per_discipline(notations: dict[Discipline, tuple[str, ...]]) -> str:
    """"Cờ tướng: vn (mặc định), vn-words, …. Cờ vua: san (mặc định), …." for the docs."""
    return " ".join(f"{d.label}: {', '.join((f'{codes[0]} (mặc định)', *codes[1:]))}."
                    for d, codes in notations.items())


notation_parameter = OpenApiParameter(
    "notation", str, enum=list(ALL_NOTATIONS), required=False,
    description="Cách ghi nước đi. " + _per_discipline({d: d.notations for d in Discipline})
                + " Cách ghi không hợp với môn: 400.")
pgn_notation_parameter = OpenApiParameter(
    "notation", str, enum=list(ALL_PGN_NOTATIONS), required=False,
    description="Nước đi trong PGN. "
                + _per_discipline({d: d.export_notations for d in Discipline}))
PGN_RESPONSE = {(200, "application/x-chess-pgn"): str}


class PublicGameViewSet(PublicReadOnlyViewSet):
    """Games of certified events: list, one game with its moves, PGN downloads."""

    filterset_class = PublicGameFilter
    ordering_fields = ["played_on", "round_number", "board_number"]
    #: only certified events' games are public: an event's status decides
    cache_scopes = (GAMES, ROWS)
    queryset = GameRecord.objects.none()  # the model, for tools; requests use get_queryset

    def get_queryset(self):
        return public_games()

    def get_serializer_class(self):
        return PublicGameDetailSerializer if self.action == "retrieve" else PublicGameSerializer

    @extend_schema(parameters=[notation_parameter])
    def retrieve(self, request, *args, **kwargs):
        game = self.get_object()
        notation = requested_notation(request, game.discipline,
                                      Discipline(game.discipline).notations)
        return self.cached(lambda: Response(
            PublicGameDetailSerializer(game, context={"notation": notation}).data))

    @extend_schema(parameters=[pgn_notation_parameter], responses=PGN_RESPONSE)
    @action(detail=True, methods=["get"], filter_backends=[])
    def pgn(self, request, pk=None):
        """One game as PGN (Content-Type ``application/x-chess-pgn``)."""
        game = self.get_object()
        notation = requested_notation(request, game.discipline,
                                      Discipline(game.discipline).export_notations)
        return self.cached(lambda: pgn_file(
            pgn_export.export_game(game, notation), f"game-{game.pk}.pgn"))

    @extend_schema(parameters=[
        OpenApiParameter("tournament", {"type": "integer", "minimum": 1, "maximum": MAX_ID},
                         required=True),
        OpenApiParameter("round", {"type": "integer", "minimum": 1, "maximum": 32767},
                         required=False, description="Chỉ một vòng"),
        pgn_notation_parameter], responses=PGN_RESPONSE)
    @action(detail=False, methods=["get"], filter_backends=[], pagination_class=None)
    def export(self, request):
        """All public games of a certified tournament (or of one round) as one PGN file."""
        tournament = get_object_or_404(
            Tournament.objects.filter(status=Tournament.Status.CERTIFIED),
            pk=_int_param(request, "tournament", required=True))
        round_number = _int_param(request, "round")
        notation = requested_notation(request, tournament.discipline,
                                      Discipline(tournament.discipline).export_notations)

        def build():
            games = public_games().filter(pairing__round__tournament=tournament).order_by(
                "round_number", "board_number", "id").select_related(
                "pairing__round__tournament", "pairing__white", "pairing__black")
            name = f"tournament-{tournament.pk}"
            if round_number is not None:
                games = games.filter(round_number=round_number)
                name += f"-round-{round_number}"
            return pgn_file(pgn_export.export_games(games, notation), f"{name}.pgn")

        return self.cached(build)


def pgn_file(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type=PGN_CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _int_param(request, name: str, *, required: bool = False) -> int | None:
    raw = request.query_params.get(name)
    if raw is None and not required:
        return None
    raw = raw or ""
    if not is_whole_number(raw) or not 1 <= int(raw) <= MAX_ID:
        raise ServiceError(_("%(name)s phải là số nguyên dương.") % {"name": name}, field=name)
    return int(raw)
