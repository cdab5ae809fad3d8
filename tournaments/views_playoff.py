"""The API of play-off games (thi đấu bổ sung, 002 Phần 2 Điều 2.3): read with the event,
recorded by its arbiters; the tie-break ``PO`` ranks the tied by their points in them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.models import Entry, PlayOffGame, Tournament
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
                  "result", "note", "recorded_by", "recorded_at"]
        read_only_fields = ["number", "recorded_by", "recorded_at"]


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
            "white", "black")

    @extend_schema(request=PlayOffGameSerializer, responses={201: PlayOffGameSerializer})
    def create(self, request, *args, **kwargs):
        data = PlayOffGameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        game = services.record_playoff_game(v["tournament"], white=v["white"], black=v["black"],
                                            result=v["result"], user=request.user,
                                            note=v.get("note", ""))
        return Response(PlayOffGameSerializer(game).data, status=status.HTTP_201_CREATED)
