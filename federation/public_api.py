"""Public (anonymous, read-only) clubs — issue 10.

The players' public profiles (a player's club, titles, ratings and events) are
``ratings.public_players``: they show what apps above federation own (issue 33, the layers
contract).
"""

from __future__ import annotations

import django_filters
from rest_framework import serializers

from chessrules.values import Discipline
from core.public import PublicFilterSet, PublicReadOnlyViewSet
from core.text import fold
from federation.cache_scopes import CLUBS
from federation.models import Club


class PublicClubSerializer(serializers.ModelSerializer):
    province = serializers.CharField(source="province.name")
    province_code = serializers.CharField(source="province.code")
    body = serializers.CharField(source="body.name")

    class Meta:
        model = Club
        fields = ["id", "name", "kind", "province", "province_code", "body",
                  "plays_xiangqi", "plays_chess", "founded_on", "is_active"]


class PublicClubFilter(PublicFilterSet):
    province = django_filters.CharFilter(field_name="province__code")
    name = django_filters.CharFilter(method="filter_name")
    discipline = django_filters.ChoiceFilter(choices=[(d.value, d.value) for d in Discipline],
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
    cache_scopes = (CLUBS,)
    queryset = Club.objects.select_related("province", "body").order_by("name", "id")
