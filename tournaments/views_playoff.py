"""The API of play-offs (thi đấu bổ sung, 002 Phần 2 Điều 2.3): play-off games between tied
players and play-off matches between tied teams ("Thi đấu thêm"), read with the event,
recorded by its arbiters; the tie-break ``PO`` ranks the tied by their points in them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.models import Entry, PlayOffGame, PlayOffMatch, TeamEntry, Tournament
from tournaments.views import ReadPublicWriteAuthenticated


class PlayOffGameSerializer(serializers.ModelSerializer):
    white_name = serializers.CharField(source="white.name", read_only=True)
    black_name = serializers.CharField(source="black.name", read_only=True)
    result = serializers.CharField(max_length=8, help_text="1-0, 1/2-1/2, 0-1, +-, -+")
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all())
    white = serializers.PrimaryKeyRelatedField(queryset=Entry.objects.all())
    black = serializers.PrimaryKeyRelatedField(queryset=Entry.objects.all())
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")

    class Meta:
        model = PlayOffGame
        fields = ["id", "tournament", "number", "white", "white_name", "black", "black_name",
                  "result", "note", "recorded_by", "recorded_at", "match", "board"]
        read_only_fields = ["number", "recorded_by", "recorded_at", "match", "board"]


class PlayOffGameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Play-off games of an event (002 Phần 2 Điều 2.3, Phần 3 Phụ lục 1): ``POST`` records
    one (the event's arbiters); when the regulations' tie-breaks list ``PO`` the standings
    rank players equal on points by their points in these games."""

    serializer_class = PlayOffGameSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament"]
    queryset = PlayOffGame.objects.none()  # for the schema

    def get_queryset(self):
        return PlayOffGame.objects.filter(
            tournament__in=selectors.visible_tournaments(self.request.user)).select_related(
            "white", "black").order_by("tournament", "number")

    @extend_schema(request=PlayOffGameSerializer, responses={201: PlayOffGameSerializer})
    def create(self, request, *args, **kwargs):
        data = PlayOffGameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        game = services.record_playoff_game(v["tournament"], white=v["white"], black=v["black"],
                                            result=v["result"], user=request.user,
                                            note=v.get("note", ""))
        return Response(PlayOffGameSerializer(game).data, status=status.HTTP_201_CREATED)


class PlayOffBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField(min_value=1, max_value=64)
    white = serializers.PrimaryKeyRelatedField(queryset=Entry.objects.all())
    black = serializers.PrimaryKeyRelatedField(queryset=Entry.objects.all())
    result = serializers.CharField(max_length=8, help_text="1-0, 1/2-1/2, 0-1, +-, -+")


class PlayOffMatchGameSerializer(serializers.ModelSerializer):
    white_name = serializers.CharField(source="white.name", read_only=True)
    black_name = serializers.CharField(source="black.name", read_only=True)

    class Meta:
        model = PlayOffGame
        fields = ["board", "white", "white_name", "black", "black_name", "result"]


class PlayOffMatchSerializer(serializers.ModelSerializer):
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all())
    home = serializers.PrimaryKeyRelatedField(queryset=TeamEntry.objects.all())
    away = serializers.PrimaryKeyRelatedField(queryset=TeamEntry.objects.all())
    home_name = serializers.CharField(source="home.name", read_only=True)
    away_name = serializers.CharField(source="away.name", read_only=True)
    games = serializers.ListField(child=PlayOffBoardSerializer(), write_only=True, max_length=64)
    boards = serializers.SerializerMethodField()
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")

    class Meta:
        model = PlayOffMatch
        fields = ["id", "tournament", "number", "home", "home_name", "away", "away_name",
                  "games", "boards", "note", "recorded_by", "recorded_at"]
        read_only_fields = ["number", "recorded_by", "recorded_at"]

    @extend_schema_field(PlayOffMatchGameSerializer(many=True))
    def get_boards(self, obj) -> list:
        games = sorted(obj.games.all(), key=lambda g: g.board or 0)
        return list(PlayOffMatchGameSerializer(games, many=True).data)


class PlayOffMatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                          viewsets.GenericViewSet):
    """Play-off matches between tied teams ("Thi đấu thêm", 002 Phần 2 Điều 2.3): ``POST``
    records one with its board games (the event's arbiters); when the regulations list
    ``PO`` the team table ranks the teams equal on every criterion by the match points they
    won in these matches."""

    serializer_class = PlayOffMatchSerializer
    permission_classes = [ReadPublicWriteAuthenticated]
    filterset_fields = ["tournament"]
    queryset = PlayOffMatch.objects.none()  # for the schema

    def get_queryset(self):
        return (PlayOffMatch.objects.filter(
            tournament__in=selectors.visible_tournaments(self.request.user))
            .select_related("home", "away").prefetch_related("games__white", "games__black")
            .order_by("tournament", "number"))

    @extend_schema(request=PlayOffMatchSerializer, responses={201: PlayOffMatchSerializer})
    def create(self, request, *args, **kwargs):
        data = PlayOffMatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        match = services.record_team_playoff(
            v["tournament"], home=v["home"], away=v["away"], user=request.user,
            note=v.get("note", ""),
            games=[services.PlayOffBoard(g["board"], g["white"], g["black"], g["result"])
                   for g in v["games"]])
        match = (PlayOffMatch.objects.select_related("home", "away")
                 .prefetch_related("games__white", "games__black").get(pk=match.pk))
        return Response(PlayOffMatchSerializer(match).data, status=status.HTTP_201_CREATED)
