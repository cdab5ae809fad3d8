"""Public (anonymous, read-only) player profiles — issue 10.

A player profile shows the name, gender, current club and province, and (from the
ratings app) national titles with their decisions (Phụ lục 6: number and date of the
decision), the current rating on every list (the latest published period) and, on the
profile itself, the rating history of every published period and the events played. Never
the date of birth, the citizen ID or contact details: the serializers below list every field
they show.

It lives in ``ratings`` (issue 33): a profile joins the registry (federation), the events
(tournaments) and the ratings and titles, and ratings is the highest of those apps in the
layers contract (docs/architecture.md).

Every related row is prefetched, so the list and the profile take a fixed number of queries
whatever the number of players, titles or periods.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Prefetch, Q
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.public import PublicFilterSet, PublicIdFilter, PublicReadOnlyViewSet
from core.text import fold
from documents.cache_scopes import DECISIONS
from federation.cache_scopes import CLUBS, PLAYERS
from federation.models import Club, Member, Person
from federation.selectors import shown_club_memberships
from ratings.cache_scopes import RATINGS
from ratings.models import PlayerRating, PlayerTitle
from ratings.public_api import PUBLISHED, PublicDecisionSerializer, current_periods
from tournaments import selectors as tournament_selectors
from tournaments.cache_scopes import LIST as EVENTS


def _current_club(person: Any) -> Club | None:
    """The club of the person's open stint: ``person`` is a Person of ``public_players``,
    whose prefetches (``public_members``, their ``public_stints``) no type declares."""
    for member in person.public_members:
        for stint in member.public_stints:
            return stint.club
    return None


class PublicClubRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PublicPlayerTitleSerializer(serializers.ModelSerializer):
    title_name = serializers.CharField(source="get_title_display")
    decision = PublicDecisionSerializer(allow_null=True)

    class Meta:
        model = PlayerTitle
        fields = ["title", "title_name", "awarded_on", "decision"]


class PublicCurrentRatingSerializer(serializers.ModelSerializer):
    """The player's rating on one list's current (latest published) period."""

    list = serializers.IntegerField(source="period.rating_list_id")
    list_name = serializers.CharField(source="period.rating_list.name")
    discipline = serializers.CharField(source="period.rating_list.discipline")
    time_control_class = serializers.CharField(source="period.rating_list.time_control_class")
    period = serializers.IntegerField(source="period_id")
    period_start = serializers.DateField(source="period.start")

    class Meta:
        model = PlayerRating
        fields = ["list", "list_name", "discipline", "time_control_class", "period",
                  "period_start", "rating", "rank", "games", "change", "peak_rating"]


class PublicRatingPointSerializer(serializers.ModelSerializer):
    """One published period of the player's history on a list."""

    period = serializers.IntegerField(source="period_id")
    start = serializers.DateField(source="period.start")
    end = serializers.DateField(source="period.end")

    class Meta:
        model = PlayerRating
        fields = ["period", "start", "end", "rating", "old_rating", "change", "games",
                  "score", "rank"]


class PublicRatingHistorySerializer(serializers.Serializer):
    list = serializers.IntegerField()
    list_name = serializers.CharField()
    discipline = serializers.CharField()
    time_control_class = serializers.CharField()
    periods = PublicRatingPointSerializer(many=True)


class PublicPlayerSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="full_name")
    club = serializers.SerializerMethodField()
    province = serializers.SerializerMethodField()
    titles = PublicPlayerTitleSerializer(source="public_titles", many=True)
    ratings = PublicCurrentRatingSerializer(source="current_ratings", many=True)

    class Meta:
        model = Person
        fields = ["id", "name", "gender", "fide_id", "club", "province", "titles", "ratings"]

    @extend_schema_field(PublicClubRefSerializer(allow_null=True))
    def get_club(self, person) -> dict | None:
        club = _current_club(person)
        return {"id": club.pk, "name": club.name} if club else None

    def get_province(self, person) -> str | None:
        club = _current_club(person)
        if club is not None:
            return club.province.name
        return person.province.name if person.province_id else None


class PublicPlayerFilter(PublicFilterSet):
    name = django_filters.CharFilter(method="filter_name")
    club = PublicIdFilter(method="filter_club")
    province = django_filters.CharFilter(method="filter_province")

    class Meta:
        model = Person
        fields = ["name", "club", "province", "gender"]

    def filter_name(self, queryset, name, value):
        return queryset.filter(name_folded__icontains=fold(value))

    def filter_club(self, queryset, name, value):
        return queryset.filter(memberships__status=Member.Status.ACTIVE,
                               memberships__club_memberships__ended_on__isnull=True,
                               memberships__club_memberships__club_id=value)

    def filter_province(self, queryset, name, value):
        return queryset.filter(Q(province__code=value) | Q(
            memberships__club_memberships__ended_on__isnull=True,
            memberships__club_memberships__club__province__code=value)).distinct()


class PublicPlayerEventSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    name = serializers.CharField()
    discipline = serializers.CharField()
    start_date = serializers.DateField()
    status = serializers.CharField()
    starting_number = serializers.IntegerField(allow_null=True)
    performance = serializers.IntegerField(
        allow_null=True, help_text="Hệ số thi đấu (B.02 8.1.1) qua các ván với đối thủ có hệ số")
    rated_games = serializers.IntegerField(help_text="Số ván với đối thủ có hệ số")


class PublicPlayerDetailSerializer(PublicPlayerSerializer):
    rating_history = serializers.SerializerMethodField()
    events = serializers.SerializerMethodField()

    class Meta(PublicPlayerSerializer.Meta):
        fields = PublicPlayerSerializer.Meta.fields + ["rating_history", "events"]

    @extend_schema_field(PublicPlayerEventSerializer(many=True))
    def get_events(self, person) -> list[dict]:
        """The published events the player entered, newest first, with his performance
        rating in each (issue 20; rule: ``tournaments.selectors.public_performances_of``)."""
        performances = tournament_selectors.public_performances_of(person.pk)
        return [_event_played(row, performances.get(row["tournament_id"]))
                for row in tournament_selectors.public_events_of(person.pk)]

    @extend_schema_field(PublicRatingHistorySerializer(many=True))
    def get_rating_history(self, person) -> list[dict]:
        """Per list, every published period the player is on, oldest first."""
        lists: dict[int, dict] = {}
        for row in person.rating_rows:  # ordered by list, then period start
            rating_list = row.period.rating_list
            entry = lists.setdefault(rating_list.pk, {
                "list": rating_list.pk, "list_name": rating_list.name,
                "discipline": rating_list.discipline,
                "time_control_class": rating_list.time_control_class, "periods": []})
            entry["periods"].append(PublicRatingPointSerializer(row).data)
        return list(lists.values())


def _event_played(row: dict, performance) -> dict:
    return {"tournament": row["tournament_id"], "name": row["tournament__name"],
            "discipline": row["tournament__discipline"],
            "start_date": row["tournament__start_date"].isoformat(),
            "status": row["tournament__status"], "starting_number": row["starting_number"],
            "performance": performance.rating if performance else None,
            "rated_games": performance.games if performance else 0}


def public_players(*, with_history: bool = False):
    """Persons who are or were members (anyone the federation lists as a player), with their
    current club, titles and current ratings (and their rating history for a profile)."""
    open_stints = shown_club_memberships().select_related("club__province")
    members = Member.objects.filter(status=Member.Status.ACTIVE).prefetch_related(
        Prefetch("club_memberships", queryset=open_stints, to_attr="public_stints"))
    titles = PlayerTitle.objects.select_related("decision").order_by("-awarded_on", "id")
    current = (PlayerRating.objects.filter(period__in=current_periods(), rating__isnull=False)
               .select_related("period__rating_list").order_by("period__rating_list_id"))
    prefetches = [Prefetch("memberships", queryset=members, to_attr="public_members"),
                  Prefetch("titles", queryset=titles, to_attr="public_titles"),
                  Prefetch("ratings", queryset=current, to_attr="current_ratings")]
    if with_history:
        history = (PlayerRating.objects.filter(period__status=PUBLISHED)
                   .select_related("period__rating_list")
                   .order_by("period__rating_list_id", "period__start"))
        prefetches.append(Prefetch("ratings", queryset=history, to_attr="rating_rows"))
    return (Person.objects.filter(memberships__isnull=False).distinct()
            .select_related("province").prefetch_related(*prefetches)
            .order_by("name_folded", "id"))


class PublicPlayerViewSet(PublicReadOnlyViewSet):
    """Players' public profiles: name, gender, club, province, titles with their decisions,
    current ratings; the profile adds the rating history (no private data)."""

    filterset_class = PublicPlayerFilter
    ordering_fields = ["name_folded"]
    #: profiles show clubs, ratings and titles with their decisions (and the events played)
    cache_scopes = (PLAYERS, CLUBS, RATINGS, DECISIONS)

    def request_scopes(self, action, kwargs):
        """A profile also lists the events played: every event's writes touch LIST."""
        return (*self.cache_scopes, EVENTS) if action == "retrieve" else self.cache_scopes
    queryset = Person.objects.none()  # the model, for tools; requests use get_queryset

    def get_queryset(self):
        if self.action == "retrieve":  # found (or 404) lightly; loaded on a cache miss
            return Person.objects.filter(memberships__isnull=False).distinct()
        return public_players()

    def detail_object(self, obj):
        return public_players(with_history=True).get(pk=obj.pk)

    def get_serializer_class(self):
        return (PublicPlayerDetailSerializer if self.action == "retrieve"
                else PublicPlayerSerializer)
