"""Public (anonymous, read-only) tournaments, pairings, standings and crosstables — issue 10.

Drafts are never shown. Every event's pages — live ones included — are cached server-side
under its scope ``tournament:<id>``, which every write of the event touches in the service
that writes (``tournaments/cache_scopes.py``): a result committed before a request is in
its answer, and the next request after a result rebuilds once for everyone.
"""

from __future__ import annotations

import django_filters
from django.contrib.auth.models import AnonymousUser
from django.db.models import Case, Prefetch, Q, When
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from core.errors import ServiceError
from core.pagination import MAX_ID, is_whole_number
from core.public import (
    PublicFilterSet,
    PublicNotFound,
    PublicReadOnlyViewSet,
)
from core.text import fold
from documents import selectors as document_selectors
from documents.models import Document
from documents.public import RETRY_AFTER, current_pdf
from federation.cache_scopes import CLUBS
from tournaments import cache_scopes, selectors, selectors_awards, selectors_complaints, systems
from tournaments.documents import PUBLIC_KINDS, public_target
from tournaments.models import (
    Delegation,
    DelegationStaff,
    Official,
    Prize,
    Round,
    ScheduledRound,
    Suspension,
    Tournament,
)
from tournaments.public_standings import (
    CrosstableSerializer,
    PublicPairingSerializer,
    StandingsSerializer,
    pairings_data,
    table_answer,
    team_rows,
)


class PublicTournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.SerializerMethodField()
    time_control_text = serializers.SerializerMethodField()
    province = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = ["id", "name", "discipline", "category", "age_group", "gender_section",
                  "womens_championship", "time_control_class", "time_control_preset", "time_control",
                  "time_control_text", "late_arrival_minutes", "system", "number_of_rounds",
                  "start_date", "end_date", "venue", "organiser", "province", "rated", "status",
                  "tiebreaks", "match_scoring"]

    def get_time_control_text(self, t) -> str:
        return selectors.time_control_text(t.time_control)

    def get_organiser(self, t) -> str | None:
        organiser = t.organiser_club or t.organiser_body
        return organiser.name if organiser else None

    def get_province(self, t) -> str | None:
        if t.organiser_club_id:
            return t.organiser_club.province.name
        if t.organiser_body_id and t.organiser_body.province_id:
            return t.organiser_body.province.name
        return None


class PublicRoundSerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ["number", "status", "system", "paired_at", "completed_at"]


class PublicOfficialSerializer(serializers.Serializer):
    """An arbiter of the event (Điều 20): role and name only."""

    role = serializers.CharField()
    role_name = serializers.CharField(source="get_role_display")
    name = serializers.CharField(source="person.full_name")


class PublicAmendmentSerializer(serializers.Serializer):
    """A change of the published regulations (Phụ lục 5): its number, date, reason and the
    items changed in words; not who typed it."""

    number = serializers.IntegerField()
    amended_at = serializers.DateTimeField()
    reason = serializers.CharField()
    changes = serializers.SerializerMethodField()

    def get_changes(self, amendment) -> list[dict]:
        return selectors.amendment_lines(amendment)


class PublicScheduledRoundSerializer(serializers.Serializer):
    """A round of the schedule (Phụ lục 5 mục 6)."""

    number = serializers.IntegerField()
    day = serializers.DateField()
    start_time = serializers.TimeField(format="%H:%M")
    note = serializers.CharField()


class PublicSuspensionSerializer(serializers.Serializer):
    """The chief arbiter's suspension of the event (Điều 20.3d)."""

    reason = serializers.CharField()
    resume_plan = serializers.CharField()
    suspended_at = serializers.DateTimeField()
    resumed_at = serializers.DateTimeField(allow_null=True)


class PublicPrizeSerializer(serializers.Serializer):
    """A prize of the regulations and, once awarded, its winner's name (Phụ lục 5 mục 10)."""

    kind = serializers.CharField()
    kind_name = serializers.CharField(source="get_kind_display")
    place = serializers.IntegerField()
    name = serializers.CharField()
    medal = serializers.CharField()
    amount = serializers.IntegerField(allow_null=True)
    item = serializers.CharField()
    winner = serializers.CharField(source="winner_name")
    awarded_at = serializers.DateTimeField(allow_null=True)


class PublicDelegationStaffSerializer(serializers.Serializer):
    role = serializers.CharField()
    role_name = serializers.CharField(source="get_role_display")
    name = serializers.CharField(source="person.full_name")


class PublicDelegationSerializer(serializers.Serializer):
    """A delegation and its head, team leaders and coaches: names and roles only."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    staff = PublicDelegationStaffSerializer(many=True)


class PublicTournamentDetailSerializer(PublicTournamentSerializer):
    rounds = PublicRoundSerializer(many=True, read_only=True)
    amendments = PublicAmendmentSerializer(many=True, read_only=True)
    players = serializers.IntegerField(source="entry_count", read_only=True)
    officials = PublicOfficialSerializer(many=True, read_only=True)
    round_schedule = PublicScheduledRoundSerializer(many=True, read_only=True)
    suspensions = PublicSuspensionSerializer(many=True, read_only=True)
    prize_items = PublicPrizeSerializer(many=True, read_only=True)
    delegations = PublicDelegationSerializer(many=True, read_only=True)
    delegation_ranking = serializers.SerializerMethodField(
        help_text="The overall delegation ranking (Phụ lục 5 mục 10); null without delegations")

    class Meta(PublicTournamentSerializer.Meta):
        fields = PublicTournamentSerializer.Meta.fields + [
            # the published regulations (Điều 18; Phụ lục 5)
            "regulations_published_at", "host_and_sponsors", "eligibility", "title_criteria",
            "fees", "registration_deadline", "wildcards", "quota_per_unit", "material_terms",
            "registration_form", "awards_and_discipline",
            "purpose", "prizes", "schedule", "round_schedule", "players", "officials",
            "suspensions", "prize_items", "delegations", "delegation_ranking", "rounds",
            "amendments"]

    def get_delegation_ranking(self, t) -> dict | None:
        if not t.delegations.all():  # prefetched
            return None
        return selectors_awards.delegation_ranking(t)


class PublicTournamentFilter(PublicFilterSet):
    province = django_filters.CharFilter(method="filter_province")
    date_from = django_filters.DateFilter(field_name="end_date", lookup_expr="gte")
    date_to = django_filters.DateFilter(field_name="start_date", lookup_expr="lte")
    name = django_filters.CharFilter(method="filter_name",
                                     help_text="Tên giải (một phần, có dấu hoặc không dấu)")

    class Meta:
        model = Tournament
        fields = ["discipline", "category", "status", "gender_section", "time_control_class",
                  "province", "date_from", "date_to", "name"]

    def filter_name(self, queryset, name, value):
        """Matched on the folded name: "ha noi", "Hà Nội" and "HA NOI" find the same events."""
        return queryset.filter(name_folded__contains=fold(value))

    def filter_province(self, queryset, name, value):
        return queryset.filter(Q(organiser_club__province__code=value)
                               | Q(organiser_body__province__code=value))


after_round_parameter = OpenApiParameter("after_round", {"type": "integer", "minimum": 0,
                                                        "maximum": 99999}, required=False,
                                         description="Sau ván (mặc định: ván cuối đã đủ kết quả)")


#: seconds a client waits before asking again for a PDF being rendered
DOCUMENT_RETRY_AFTER = RETRY_AFTER  # the documents app's, one value


class PublicDocumentJobSerializer(serializers.Serializer):
    """The rendering under way (202): the job's id, state and progress (no user)."""

    job = serializers.UUIDField()
    state = serializers.CharField()
    progress = serializers.IntegerField()
    retry_after = serializers.IntegerField()


class PublicTournamentViewSet(PublicReadOnlyViewSet):
    """Published tournaments with rounds, pairings, results, standings and crosstables."""

    filterset_class = PublicTournamentFilter
    ordering_fields = ["start_date", "name"]
    queryset = Tournament.objects.none()  # the model, for tools; requests use get_queryset
    #: numbers, names, codes and results only: one body for Vietnamese and English readers
    #: (and one build; the site's English pages read the same answers)
    any_language_actions = ("standings", "crosstable", "pairings")

    def get_queryset(self):
        tournaments = (Tournament.objects.exclude(status=Tournament.Status.DRAFT,
                                           regulations_published_at__isnull=True)
                       .select_related("organiser_club__province", "organiser_body__province")
                       .order_by("-start_date", "name", "id"))
        if self.action == "retrieve":
            from django.db.models import Count

            officials = Official.objects.select_related("person").order_by(
                Case(*(When(role=role, then=i) for i, role in enumerate(selectors.ROLE_ORDER)),
                     default=99), "id")
            tournaments = tournaments.annotate(entry_count=Count("entries")).prefetch_related(
                "rounds", "amendments", Prefetch("officials", queryset=officials),
                Prefetch("round_schedule", queryset=ScheduledRound.objects.order_by("number")),
                Prefetch("suspensions",
                         queryset=Suspension.objects.order_by("suspended_at", "id")),
                Prefetch("prize_items", queryset=Prize.objects.select_related(
                    "entry", "team", "delegation").order_by("kind", "place", "id")),
                Prefetch("delegations", queryset=Delegation.objects.order_by("name")
                         .prefetch_related(Prefetch("staff", queryset=DelegationStaff.objects
                                                    .select_related("person")
                                                    .order_by("role", "id")))))
        return tournaments

    def get_serializer_class(self):
        return (PublicTournamentDetailSerializer if self.action == "retrieve"
                else PublicTournamentSerializer)

    def request_scopes(self, action, kwargs):
        """The list: every event (and organisers' names); one event's pages: its own scope
        only, so a result in another event leaves them cached (its detail also shows the
        organiser's name); its detail and complaints: its frame, so a result of the event
        leaves them cached too unless it changes them (``cache_scopes.frame``)."""
        pk = kwargs.get("pk")
        if pk is None:
            return (cache_scopes.LIST, CLUBS)
        if not is_whole_number(pk) or int(pk) > MAX_ID:
            return None  # a 404 in the view, never cached
        if action == "complaints":  # a result changes no complaint (cache_scopes.frame)
            return (cache_scopes.frame(int(pk)),)
        if action == "retrieve":  # nor, mostly, the detail (what does: cache_scopes.frame)
            return (cache_scopes.frame(int(pk)), CLUBS)
        event = cache_scopes.event(int(pk))
        return (event, CLUBS) if action == "document" else (event,)

    def _tournament(self, pk) -> Tournament:
        return get_object_or_404(Tournament.objects.exclude(status=Tournament.Status.DRAFT,
                                           regulations_published_at__isnull=True),
                                 pk=pk)

    def _after_round(self, tournament) -> int | None:
        raw = self.request.query_params.get("after_round")
        if raw is None:
            return None
        if not is_whole_number(raw) or len(raw) > 5:
            raise ServiceError(_("after_round phải là số ván đã đấu (0..số ván)."),
                               field="after_round")
        if int(raw) > tournament.rounds.count():
            raise PublicNotFound(_("Giải chưa có ván này (after_round lớn hơn số ván)."),
                                 field="after_round")
        return int(raw)

    @extend_schema(parameters=[after_round_parameter], responses=StandingsSerializer)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def standings(self, request, pk=None):
        """Standings with the regulations' tie-breaks after round ``after_round`` (default:
        the last with results); 404 for an event not published."""
        tournament = self._tournament(pk)
        after = self._after_round(tournament)
        return self.cached(lambda: table_answer(tournament, after, cross=False))

    @extend_schema(parameters=[after_round_parameter], responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None,
            url_path="team-standings")
    def team_standings(self, request, pk=None):
        """Team table (Điều 30.1.5, or 002 Điều 2.3 as the regulations choose): game and
        match points, opponents' points, points per board."""
        tournament = self._team_event(pk)
        after = self._after_round(tournament)
        return self.cached(lambda: Response(team_rows(
            selectors.team_standings(tournament, after))))

    @extend_schema(parameters=[after_round_parameter], responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None,
            url_path="board-standings")
    def board_standings(self, request, pk=None):
        """Per-board individual ranking (Điều 30.1.2-30.1.3; minimum of games, 002 Điều
        2.3)."""
        tournament = self._team_event(pk)
        after = self._after_round(tournament)
        return self.cached(lambda: Response(selectors.board_standings(tournament, after)))

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def entries(self, request, pk=None):
        """The event's entries — name, title and rating at registration, team, club and
        public profile — strongest first: who plays, before the draw gives the standings
        (withdrawn entries left out)."""
        tournament = self._tournament(pk)
        return self.cached(lambda: Response({"entries": selectors.public_entries(tournament)}))

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def overall(self, request, pk=None):
        """Điều 17.3: the overall result of a multi-stage event (the final's ranking, then
        those out in the qualifying groups)."""
        tournament = self._tournament(pk)
        return self.cached(lambda: Response(selectors.overall_standings(tournament)))

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def complaints(self, request, pk=None):
        """The decided complaints of the event and their outcomes (Điều 15.6, 19; 002 Phần 2
        Điều 2.7): level, subject, the game, outcome, reasons, article, effect, the numbered
        decision. No grounds, no filer, no private data; pending complaints are not shown."""
        tournament = self._tournament(pk)
        return self.cached(lambda: Response(
            {"complaints": selectors_complaints.public_complaints(tournament)}))

    def _team_event(self, pk) -> Tournament:
        tournament = self._tournament(pk)
        if not tournament.is_team_event or tournament.lot_seed is None:
            raise ServiceError(_("Không phải giải đồng đội đã bốc số."), code="not_team_event")
        return tournament

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def bracket(self, request, pk=None):
        """Knockout bracket (Điều 25): stages, placement matches and places (002 Điều 11)."""
        tournament = self._tournament(pk)
        if not systems.spec_of(tournament.system).bracket or tournament.lot_seed is None:
            raise ServiceError(_("Không phải giải loại trực tiếp đã bốc số."),
                               code="not_knockout")
        return self.cached(lambda: Response(selectors.knockout_bracket(tournament)))

    @extend_schema(parameters=[after_round_parameter], responses=CrosstableSerializer)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def crosstable(self, request, pk=None):
        """The crosstable (each player's results against each opponent) after round
        ``after_round``."""
        tournament = self._tournament(pk)
        after = self._after_round(tournament)
        return self.cached(lambda: table_answer(tournament, after, cross=True))

    @extend_schema(parameters=[
        OpenApiParameter("kind", str, OpenApiParameter.PATH, enum=list(PUBLIC_KINDS)),
        OpenApiParameter("round", {"type": "integer", "minimum": 1, "maximum": 99999},
                         required=False, description="Ván (bắt buộc với pairings; với "
                                                     "standings, crosstable: sau ván này)")],
        responses={(200, "application/pdf"): bytes, 202: PublicDocumentJobSerializer})
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None,
            url_path=r"documents/(?P<kind>[^/]+)")
    def document(self, request, pk=None, kind=None):
        """The event's printed standings, crosstable or pairings of a round (PDF) when the
        stored one is current; otherwise 202: its rendering was started (the documents job),
        ask again after ``Retry-After`` seconds. Other kinds are not public (404)."""
        tournament = self._tournament(pk)
        if kind not in PUBLIC_KINDS:
            raise PublicNotFound(_("Không có văn bản công khai loại này (chỉ %(kinds)s).")
                                 % {"kinds": ", ".join(PUBLIC_KINDS)}, field="kind")
        target = public_target(tournament.pk, kind, self._document_round(tournament, kind))
        if not document_selectors.can_view(AnonymousUser(), kind, target):
            raise PublicNotFound(_("Văn bản này chưa công khai."), field="kind")
        response = self.cached(lambda: current_pdf(kind, target))
        if response.status_code == 202:
            response["Cache-Control"] = "no-store"
            response["Retry-After"] = str(DOCUMENT_RETRY_AFTER)
        return response

    def _document_round(self, tournament, kind: str) -> int | None:
        raw = self.request.query_params.get("round")
        if raw is None and kind != Document.Kind.PAIRINGS:
            return None
        if raw is None or not is_whole_number(raw) or len(raw) > 5 or int(raw) < 1:
            raise ServiceError(_("round phải là số thứ tự của ván."), field="round")
        if not tournament.rounds.filter(number=int(raw)).exists():
            raise PublicNotFound(_("Không có ván này trong giải."), field="round")
        return int(raw)

    @extend_schema(parameters=[OpenApiParameter(
        "round", {"type": "integer", "minimum": 0, "maximum": 99999}, required=True)],
                   responses=PublicPairingSerializer(many=True))
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def pairings(self, request, pk=None):
        """The pairings and results of round ``round``; 404 when the event has no such
        round, 400 when ``round`` is not a whole number."""
        tournament = self._tournament(pk)
        raw = request.query_params.get("round", "")
        if not is_whole_number(raw) or len(raw) > 5:
            raise ServiceError(_("round phải là số thứ tự của ván."), field="round")
        round_ = tournament.rounds.filter(number=int(raw)).first()
        if round_ is None:
            raise PublicNotFound(_("Không có ván này trong giải."), field="round")
        return self.cached(lambda: Response(pairings_data(
            selectors.pairing_rows(round_))))
