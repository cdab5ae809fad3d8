"""Query filters of the registry API: province (code), body (with the bodies below it), club,
status, discipline, and name with or without diacritics (matched on ``name_folded``)."""

from __future__ import annotations

import django_filters as filters
from django.db.models import Q

from core.text import fold
from federation.models import (
    Club,
    Discipline,
    Member,
    MembershipApplication,
    Person,
)
from federation.selectors import body_and_descendant_ids


def _folded_contains(field: str):
    def method(queryset, name, value):
        return queryset.filter(**{f"{field}__contains": fold(value)}) if value else queryset
    return method


def _discipline_q(prefix: str, value: str) -> Q:
    if value == Discipline.XIANGQI:
        return Q(**{f"{prefix}plays_xiangqi": True})
    if value == Discipline.CHESS:
        return Q(**{f"{prefix}plays_chess": True})
    return Q()


#: ids are positive database integers: a 400 for anything else (a huge number would reach
#: the database and fail there: OverflowError on SQLite, DataError on PostgreSQL)
ID_BOUNDS = {"min_value": 1, "max_value": 2**31 - 1}


class ClubFilter(filters.FilterSet):
    name = filters.CharFilter(method=lambda qs, n, v: _folded_contains("name_folded")(qs, n, v))
    province = filters.CharFilter(field_name="province__code")
    body = filters.NumberFilter(method="filter_body", **ID_BOUNDS)
    discipline = filters.ChoiceFilter(choices=Discipline.choices, method="filter_discipline")

    class Meta:
        model = Club
        fields = ["name", "province", "body", "kind", "is_active", "discipline"]

    def filter_body(self, queryset, name, value):
        return queryset.filter(body_id__in=body_and_descendant_ids({int(value)}))

    def filter_discipline(self, queryset, name, value):
        return queryset.filter(_discipline_q("", value))


class PersonFilter(filters.FilterSet):
    name = filters.CharFilter(method=lambda qs, n, v: _folded_contains("name_folded")(qs, n, v))
    province = filters.CharFilter(field_name="province__code")
    club = filters.NumberFilter(field_name="current_club_id", **ID_BOUNDS)

    class Meta:
        model = Person
        fields = ["name", "province", "gender", "club", "fide_id"]


class MemberFilter(filters.FilterSet):
    """Club, province, body and discipline refer to the member's latest club (the current
    one for an active member, the last one for a lapsed or resigned member)."""

    name = filters.CharFilter(
        method=lambda qs, n, v: _folded_contains("person__name_folded")(qs, n, v))
    club = filters.NumberFilter(field_name="last_club_id", **ID_BOUNDS)
    province = filters.CharFilter(method="filter_province")
    body = filters.NumberFilter(method="filter_body", **ID_BOUNDS)
    discipline = filters.ChoiceFilter(choices=Discipline.choices, method="filter_discipline")
    card_number = filters.CharFilter(field_name="card_number", lookup_expr="iexact")
    status = filters.MultipleChoiceFilter(choices=Member.Status.choices)

    class Meta:
        model = Member
        fields = ["name", "club", "province", "body", "discipline", "status", "card_number"]

    def filter_province(self, queryset, name, value):
        return queryset.filter(last_club_id__in=Club.objects.filter(province__code=value)
                               .values("pk"))

    def filter_body(self, queryset, name, value):
        clubs = Club.objects.filter(body_id__in=body_and_descendant_ids({int(value)}))
        return queryset.filter(last_club_id__in=clubs.values("pk"))

    def filter_discipline(self, queryset, name, value):
        return queryset.filter(last_club_id__in=Club.objects.filter(_discipline_q("", value))
                               .values("pk"))


class ApplicationFilter(filters.FilterSet):
    name = filters.CharFilter(
        method=lambda qs, n, v: _folded_contains("person__name_folded")(qs, n, v))

    class Meta:
        model = MembershipApplication
        fields = ["club", "status", "person", "name"]
