"""Public (anonymous, read-only) rating lists and titled players — issue 10.

Rating lists (FIDE B.02 through ``ratings``): the current list of a discipline × time-control
class (the latest PUBLISHED period) and every past published period (``?period=`` as an id or
``YYYY-MM``), filtered by province, club, gender, title (Phụ lục 6) and birth-year range —
the age filter takes years and no birth date or year is ever returned. Titled players: the
national titles with the number and date of their decision.

Rows come from ``ratings.selectors.list_rows`` (explicit public columns). Only published
periods are visible; unpublished (computed, draft) ones answer 400 on ``period``.
"""

from __future__ import annotations

import re
from typing import Any

import django_filters
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.decorators import action

from core.errors import ServiceError
from core.pagination import MAX_ID, is_whole_number
from core.public import (
    PublicFilterSet,
    PublicNotFound,
    PublicPagination,
    PublicReadOnlyViewSet,
)
from core.text import fold
from documents.cache_scopes import DECISIONS
from federation.cache_scopes import PLAYERS
from federation.models import Gender
from ratings import selectors
from ratings.cache_scopes import RATINGS
from ratings.models import PlayerTitle, RatingList, RatingPeriod, TitleCode
from ratings.serializers import ListRowSerializer

PUBLISHED = RatingPeriod.Status.PUBLISHED
#: rows show names, provinces and clubs too, titles their decisions
RATING_SCOPES = (RATINGS, PLAYERS, DECISIONS)


def published_periods():
    return RatingPeriod.objects.filter(status=PUBLISHED)


def current_periods():
    """The latest published period of every list (one subquery, no per-list query)."""
    later = published_periods().filter(rating_list=OuterRef("rating_list"),
                                       start__gt=OuterRef("start"))
    return published_periods().exclude(Exists(later))


# --- serializers ---------------------------------------------------------------------------

class PublicPeriodSerializer(serializers.ModelSerializer):
    class Meta:
        model = RatingPeriod
        fields = ["id", "start", "end", "published_at"]


class PublicRatingListSerializer(serializers.ModelSerializer):
    current_period = serializers.SerializerMethodField()

    class Meta:
        model = RatingList
        fields = ["id", "discipline", "time_control_class", "name", "current_period"]

    @extend_schema_field(PublicPeriodSerializer(allow_null=True))
    def get_current_period(self, rating_list) -> dict | None:
        periods = rating_list.public_periods  # prefetched, newest first
        return PublicPeriodSerializer(periods[0]).data if periods else None


class PublicRatingListDetailSerializer(PublicRatingListSerializer):
    periods = serializers.SerializerMethodField()

    class Meta(PublicRatingListSerializer.Meta):
        fields = PublicRatingListSerializer.Meta.fields + ["periods"]

    @extend_schema_field(PublicPeriodSerializer(many=True))
    def get_periods(self, rating_list) -> list[dict]:
        """Every published period, newest first (the past lists)."""
        return list(PublicPeriodSerializer(rating_list.public_periods, many=True).data)


class PublicRatingRowsSerializer(serializers.Serializer):
    """One page of a list (the pagination envelope plus the period shown)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    period = PublicPeriodSerializer(allow_null=True)
    results = ListRowSerializer(many=True)


class PublicDecisionSerializer(serializers.Serializer):
    """The decision (quyết định) that awarded a title: its number and date."""

    number = serializers.CharField(source="formatted_number")
    issued_on = serializers.DateField()


class PublicTitledPlayerSerializer(serializers.ModelSerializer):
    person = serializers.IntegerField(source="person_id")
    name = serializers.CharField(source="person.full_name")
    gender = serializers.CharField(source="person.gender")
    province = serializers.CharField(source="person.province.name", default=None,
                                     allow_null=True)
    title_name = serializers.CharField(source="get_title_display")
    decision = PublicDecisionSerializer(allow_null=True)

    class Meta:
        model = PlayerTitle
        fields = ["id", "person", "name", "gender", "province", "title", "title_name",
                  "awarded_on", "decision"]


# --- parameters ----------------------------------------------------------------------------

PERIOD_PATTERN = re.compile(r"^(\d{1,9}|\d{4}-(0?[1-9]|1[0-2]))$", re.ASCII)
PROVINCE_PATTERN = re.compile(r"^\d{2}$", re.ASCII)

LIST_PARAMETERS = [
    OpenApiParameter("period", {"type": "string", "pattern": PERIOD_PATTERN.pattern},
                     description="Kỳ đã công bố: id hoặc YYYY-MM (mặc định: "
                                                "kỳ hiện hành)"),
    OpenApiParameter("province", str, pattern=r"^\d{2}$", description="Mã tỉnh (vd. 01)"),
    OpenApiParameter("club", {"type": "integer", "minimum": 1, "maximum": MAX_ID},
                     description="Câu lạc bộ (đang sinh hoạt)"),
    OpenApiParameter("gender", str, enum=list(Gender.values)),
    OpenApiParameter("born_from", {"type": "integer", "minimum": 1900, "maximum": 2100},
                     description="Sinh từ năm (không trả về ngày sinh)"),
    OpenApiParameter("born_to", {"type": "integer", "minimum": 1900, "maximum": 2100},
                     description="Sinh đến năm"),
    OpenApiParameter("title", str, enum=list(TitleCode.values)),
    OpenApiParameter("search", str, description="Tên (không dấu cũng được)"),
    OpenApiParameter("page", {"type": "integer", "minimum": 1, "maximum": MAX_ID}),
    OpenApiParameter("page_size", {"type": "integer", "minimum": 1, "maximum": 500}),
]


def _int(params, name: str, low: int, high: int) -> int | None:
    raw = params.get(name)
    if raw is None:
        return None
    if not is_whole_number(raw) or not low <= int(raw) <= high:
        raise ServiceError(_("%(name)s phải là số nguyên từ %(low)s đến %(high)s.")
                           % {"name": name, "low": low, "high": high}, field=name)
    return int(raw)


def _choice(params, name: str, choices) -> str | None:
    value = params.get(name)
    if value is not None and value not in choices:
        raise ServiceError(_("%(name)s phải là một trong: %(choices)s.")
                           % {"name": name, "choices": ", ".join(choices)}, field=name)
    return value


def list_filters(params) -> dict:
    """The list filters of the query string, checked (400 naming the parameter)."""
    province = params.get("province")
    if province is not None and not PROVINCE_PATTERN.match(province):
        raise ServiceError(_("province phải là mã tỉnh hai chữ số (vd. 01)."),
                           field="province")
    return {"province": province, "club": _int(params, "club", 1, MAX_ID),
            "gender": _choice(params, "gender", Gender.values),
            "born_from": _int(params, "born_from", 1900, 2100),
            "born_to": _int(params, "born_to", 1900, 2100),
            "title": _choice(params, "title", TitleCode.values),
            "search": params.get("search") or None}


def period_of(rating_list: RatingList, value: str | None) -> RatingPeriod | None:
    if value is not None and not PERIOD_PATTERN.match(value):
        raise ServiceError(_("period phải là mã kỳ hoặc YYYY-MM."), field="period")
    period = selectors.resolve_period(rating_list, value, staff=False)
    if period is None and value:
        raise PublicNotFound(_("Bảng hệ số không có kỳ đã công bố này."), field="period")
    return period


# --- views ---------------------------------------------------------------------------------

class PublicRatingListFilter(PublicFilterSet):
    class Meta:
        model = RatingList
        fields = ["discipline", "time_control_class"]


class PublicRatingListViewSet(PublicReadOnlyViewSet):
    """Rating lists with their current and past published periods, and their players."""

    cache_scopes = RATING_SCOPES
    filterset_class = PublicRatingListFilter
    queryset = RatingList.objects.none()  # the model, for tools; requests use get_queryset
    ordering_fields = ["name"]

    def get_queryset(self):
        periods = published_periods().order_by("-start")
        return RatingList.objects.prefetch_related(
            Prefetch("periods", queryset=periods, to_attr="public_periods")).order_by(
            "discipline", "time_control_class", "id")

    def get_serializer_class(self):
        return (PublicRatingListDetailSerializer if self.action == "retrieve"
                else PublicRatingListSerializer)

    @extend_schema(parameters=LIST_PARAMETERS, responses=PublicRatingRowsSerializer)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def players(self, request, pk=None):
        """The players of a period, best first (unrated players last); one page."""
        rating_list = self.get_object()
        filters = list_filters(request.query_params)
        period = period_of(rating_list, request.query_params.get("period"))

        def build():
            rows: QuerySet[Any] | list[Any] = (selectors.list_rows(period, **filters)
                                               if period is not None else [])
            paginator = PublicPagination()
            page = paginator.paginate_queryset(rows, request, view=self)
            response = paginator.get_paginated_response(ListRowSerializer(page, many=True).data)
            response.data["period"] = (PublicPeriodSerializer(period).data
                                       if period is not None else None)
            return response

        return self.cached(build)


class PublicTitledPlayerFilter(PublicFilterSet):
    title = django_filters.ChoiceFilter(choices=TitleCode.choices)
    gender = django_filters.ChoiceFilter(field_name="person__gender", choices=Gender.choices)
    province = django_filters.CharFilter(field_name="person__province__code")
    name = django_filters.CharFilter(method="filter_name")

    class Meta:
        model = PlayerTitle
        fields = ["title", "gender", "province", "name"]

    def filter_name(self, queryset, name, value):
        return queryset.filter(Q(person__name_folded__contains=fold(value)))


class PublicTitledPlayerViewSet(PublicReadOnlyViewSet):
    """Players holding a national title (Phụ lục 6), with the decision that awarded it."""

    serializer_class = PublicTitledPlayerSerializer
    filterset_class = PublicTitledPlayerFilter
    ordering_fields = ["awarded_on"]
    cache_scopes = RATING_SCOPES
    queryset = (PlayerTitle.objects.select_related("person__province", "decision")
                .order_by("title", "person__name_folded", "id"))
