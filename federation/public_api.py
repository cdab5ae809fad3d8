"""Public (anonymous, read-only) clubs and player profiles — issue 10.

A player profile shows the name, gender, current club and province, and (from the
ratings app) titles with their decisions and ratings. Never the date of birth, the
citizen ID or contact details: the serializers below list every field they show.
"""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch, Q
from rest_framework import serializers

from core.public import PublicReadOnlyViewSet
from core.text import fold
from federation.models import Club, ClubMembership, Member, Person


class PublicClubSerializer(serializers.ModelSerializer):
    province = serializers.CharField(source="province.name")
    province_code = serializers.CharField(source="province.code")
    body = serializers.CharField(source="body.name")

    class Meta:
        model = Club
        fields = ["id", "name", "kind", "province", "province_code", "body",
                  "plays_xiangqi", "plays_chess", "founded_on", "is_active"]


class PublicClubFilter(django_filters.FilterSet):
    province = django_filters.CharFilter(field_name="province__code")
    name = django_filters.CharFilter(method="filter_name")
    discipline = django_filters.ChoiceFilter(choices=[("xiangqi", "xiangqi"), ("chess", "chess")],
                                             method="filter_discipline")

    class Meta:
        model = Club
        fields = ["province", "name", "discipline", "is_active"]

    def filter_name(self, queryset, name, value):
        return queryset.filter(name_folded__icontains=fold(value))

    def filter_discipline(self, queryset, name, value):
        return queryset.filter(**{f"plays_{value}": True})


class PublicClubViewSet(PublicReadOnlyViewSet):
    """Clubs of the federation (Phụ lục 2)."""

    serializer_class = PublicClubSerializer
    filterset_class = PublicClubFilter
    ordering_fields = ["name", "founded_on"]
    cache_scopes = ("clubs",)
    queryset = Club.objects.select_related("province", "body").order_by("name", "id")


def _current_club(person: Person) -> Club | None:
    for member in person.public_members:
        for stint in member.public_stints:
            return stint.club
    return None


class PublicPlayerSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="full_name")
    club = serializers.SerializerMethodField()
    province = serializers.SerializerMethodField()

    class Meta:
        model = Person
        fields = ["id", "name", "gender", "fide_id", "club", "province"]

    def get_club(self, person) -> dict | None:
        club = _current_club(person)
        return {"id": club.pk, "name": club.name} if club else None

    def get_province(self, person) -> str | None:
        club = _current_club(person)
        if club is not None:
            return club.province.name
        return person.province.name if person.province_id else None


class PublicPlayerFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(method="filter_name")
    club = django_filters.NumberFilter(method="filter_club")
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


def public_players():
    """Persons who are or were members (anyone the federation lists as a player)."""
    open_stints = ClubMembership.objects.filter(ended_on__isnull=True).select_related(
        "club__province")
    members = Member.objects.filter(status=Member.Status.ACTIVE).prefetch_related(
        Prefetch("club_memberships", queryset=open_stints, to_attr="public_stints"))
    return (Person.objects.filter(memberships__isnull=False).distinct()
            .select_related("province")
            .prefetch_related(Prefetch("memberships", queryset=members, to_attr="public_members"))
            .order_by("name_folded", "id"))


class PublicPlayerViewSet(PublicReadOnlyViewSet):
    """Players' public profiles: name, gender, club, province (no private data)."""

    serializer_class = PublicPlayerSerializer
    filterset_class = PublicPlayerFilter
    ordering_fields = ["name_folded"]
    cache_scopes = ("players",)

    def get_queryset(self):
        return public_players()
