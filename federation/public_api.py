"""Public (anonymous, read-only) clubs — issue 10.

The players' public profiles (a player's club, titles, ratings and events) are
``ratings.public_players``: they show what apps above federation own (issue 33, the layers
contract).
"""

from __future__ import annotations

from datetime import timedelta

import django_filters
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import action

from chessrules.values import Discipline
from core.public import PublicFilterSet, PublicNotFound, PublicReadOnlyViewSet
from core.text import fold
from documents.models import Document
from documents.public import current_pdf
from federation.cache_scopes import CLUBS, PLAYERS
from federation.models import Club, ClubMembership, Member, Suspension


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


# --- disciplinary sanctions announced publicly (Điều 16.2) ---------------------------------

#: the public states of a sanction on a given day
SANCTION_STATES = ("upcoming", "current", "past")


class PublicSanctionSerializer(serializers.ModelSerializer):
    """The public part of a suspension (Điều 15.6, 16.2: "Ban tổ chức giải phải tuyên bố hình
    thức kỷ luật này bằng văn bản"): the name, the club and province, the sanction, its dates
    and its decision. Never the reason (free text that may name private facts), the birth
    date, the ID number or contacts (docs/decisions-federation.md)."""

    name = serializers.CharField(source="person.full_name")
    club = serializers.CharField(source="club_name", default=None)
    province = serializers.SerializerMethodField()
    sanction = serializers.SerializerMethodField()
    decision_number = serializers.CharField(source="decision_reference")
    decision_issued_on = serializers.DateField(source="decision.issued_on", default=None,
                                               allow_null=True)
    state = serializers.SerializerMethodField()

    class Meta:
        model = Suspension
        fields = ["id", "name", "club", "province", "sanction", "article", "starts_on",
                  "ends_on", "lifted_on", "decision_number", "decision_issued_on", "state"]

    def get_province(self, suspension) -> str | None:
        return suspension.person.province.name if suspension.person.province else None

    def get_sanction(self, suspension) -> str:
        return _("Truất quyền thi đấu (Điều %(article)s)") % {"article": suspension.article}

    def get_state(self, suspension) -> str:
        return sanction_state(suspension, timezone.localdate())


def sanction_state(suspension: Suspension, today) -> str:
    """upcoming / current / past on ``today`` (a lifted one is past from its lifted_on)."""
    if suspension.starts_on > today:
        return "upcoming"
    ended = suspension.lifted_on if suspension.lifted_on else suspension.ends_on + timedelta(1)
    return "past" if ended <= today else "current"


class PublicSanctionFilter(PublicFilterSet):
    state = django_filters.ChoiceFilter(choices=[(s, s) for s in SANCTION_STATES],
                                        method="filter_state")
    name = django_filters.CharFilter(method="filter_name")

    class Meta:
        model = Suspension
        fields = ["state", "name"]

    def filter_name(self, queryset, name, value):
        return queryset.filter(person__name_folded__icontains=fold(value))

    def filter_state(self, queryset, name, value):
        today = timezone.localdate()
        current = (Q(starts_on__lte=today, ends_on__gte=today)
                   & (Q(lifted_on__isnull=True) | Q(lifted_on__gt=today)))
        if value == "upcoming":
            return queryset.filter(starts_on__gt=today)
        if value == "current":
            return queryset.filter(current)
        return queryset.filter(starts_on__lte=today).exclude(current)


class PublicSanctionViewSet(PublicReadOnlyViewSet):
    """Disciplinary sanctions announced publicly (Điều 16.2), current and past."""

    serializer_class = PublicSanctionSerializer
    filterset_class = PublicSanctionFilter
    ordering_fields = ["starts_on", "ends_on"]
    cache_scopes = (PLAYERS,)
    queryset = (Suspension.objects.select_related("person__province", "decision")
                .annotate(club_name=Subquery(ClubMembership.objects.filter(
                    member__person=OuterRef("person_id"), ended_on__isnull=True,
                    member__status=Member.Status.ACTIVE).values("club__name")[:1]))
                .order_by("-starts_on", "-id"))

    @extend_schema(parameters=[OpenApiParameter("year", {"type": "integer", "minimum": 2000,
                                                         "maximum": 2999}, OpenApiParameter.PATH)],
                   responses={(200, "application/pdf"): OpenApiTypes.BINARY,
                              202: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["get"], filter_backends=[], pagination_class=None,
            url_path=r"documents/(?P<year>[0-9]{4})")
    def document(self, request, year=None):
        """The year's sanctions printed (PDF, Điều 16.2: announced in writing) when the stored
        one is current; otherwise 202: its rendering was started, ask again after
        ``Retry-After`` seconds."""
        if not 2000 <= int(year or 0) <= 2999:
            raise PublicNotFound(_("Không có năm %(year)s.") % {"year": year}, field="year")
        return current_pdf(Document.Kind.SANCTIONS, f"year:{int(year)}")
