"""API of the ratings app: thin views over ``services`` (writes) and ``selectors`` (reads).

Public (anonymous) reads: rating lists of published periods, CSV, a player's rating history and
chart, his titles and qualification history, the titled players, performance ratings, the
criteria tables. Staff: list settings, periods and their jobs, the review of qualifications,
foreign titles, criteria tables.
"""

from __future__ import annotations

from datetime import date

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, permissions, status, viewsets
from rest_framework import serializers as drf_serializers
from rest_framework.decorators import action
from rest_framework.generics import get_object_or_404  # 404 (not 500) for a malformed id
from rest_framework.response import Response

from core import xlsx
from core.errors import NotAllowedError, ServiceError
from core.pagination import StandardPagination
from core.serializers import JobSerializer
from federation.models import Person
from ratings import charts, selectors, services
from ratings.models import (
    ForeignTitle,
    PlayerTitle,
    RatingList,
    RatingPeriod,
    TitleCriteriaTable,
    TitleQualification,
)
from ratings.serializers import (
    ApproveSerializer,
    CriteriaTableSerializer,
    ForeignTitleSerializer,
    ListRowSerializer,
    PeriodCreateSerializer,
    PeriodReviewSerializer,
    PlayerTitleSerializer,
    PublishSerializer,
    QualificationSerializer,
    RatingListSerializer,
    RatingPeriodSerializer,
    RecomputeSerializer,
    RejectSerializer,
    SeedSerializer,
)
from tournaments.models import Tournament
from tournaments.selectors import visible_tournaments

PERIOD = OpenApiParameter("period", str, description="Period id or YYYY-MM (default: current)")
LIST_FILTERS = [
    PERIOD,
    OpenApiParameter("province", str, description="Province code (e.g. 01) or id"),
    OpenApiParameter("club", int, description="Club id (active membership)"),
    OpenApiParameter("gender", str, enum=["M", "F"]),
    OpenApiParameter("born_from", int, description="Birth year at least (no dates returned)"),
    OpenApiParameter("born_to", int, description="Birth year at most"),
    OpenApiParameter("title", str, description="national_master, national_candidate_master, "
                                               "first_category"),
    OpenApiParameter("search", str, description="Name (without diacritics is fine)"),
]

PAGE_PARAMETERS = [OpenApiParameter("page", int), OpenApiParameter("page_size", int)]
#: The page of a list's rows as the players action answers it (page + the period shown).
LIST_PAGE = inline_serializer("RatingListPage", fields={
    "count": drf_serializers.IntegerField(),
    "next": drf_serializers.URLField(allow_null=True),
    "previous": drf_serializers.URLField(allow_null=True),
    "period": inline_serializer("RatingListPagePeriod", allow_null=True, fields={
        "id": drf_serializers.IntegerField(), "start": drf_serializers.DateField(),
        "end": drf_serializers.DateField(), "status": drf_serializers.CharField()}),
    "results": ListRowSerializer(many=True),
})


def _is_staff(request) -> bool:
    return bool(getattr(request.user, "is_staff", False))


class StaffWritePublicRead(permissions.BasePermission):
    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return _is_staff(request)


def _int_param(request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError:
        raise ServiceError(f"{name} must be a whole number", field=name) from None


def _year_param(request, name: str) -> int | None:
    """A year 1..9999 (a date's range: a larger one would fail in the year lookup)."""
    year = _int_param(request, name)
    if year is not None and not 1 <= year <= 9999:
        raise ServiceError(f"{name} must be a year from 1 to 9999", field=name)
    return year


def _job_response(job) -> Response:
    return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class RatingListViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        mixins.UpdateModelMixin, viewsets.GenericViewSet):
    """Rating lists (discipline × time-control class) with their FIDE B.02 settings."""

    queryset = RatingList.objects.all()
    serializer_class = RatingListSerializer
    permission_classes = [StaffWritePublicRead]
    pagination_class = None
    filterset_fields = ["discipline", "time_control_class"]

    def update(self, request, *args, **kwargs):
        rating_list = self.get_object()
        if "rules" not in request.data:
            raise ServiceError("rules is required", field="rules")
        services.update_list_rules(rating_list, request.data["rules"], user=request.user)
        return Response(RatingListSerializer(rating_list).data)

    def _period(self, request, rating_list):
        value = request.query_params.get("period")
        period = selectors.resolve_period(rating_list, value, staff=_is_staff(request))
        if period is None and value:
            raise ServiceError("no such (published) period of this list", field="period",
                               code="not_found")
        return period

    def _rows(self, request, rating_list):
        period = self._period(request, rating_list)
        if period is None:
            return None, []
        return period, selectors.list_rows(
            period, province=request.query_params.get("province"),
            club=_int_param(request, "club"), gender=request.query_params.get("gender"),
            born_from=_year_param(request, "born_from"), born_to=_year_param(request, "born_to"),
            title=request.query_params.get("title"), search=request.query_params.get("search"))

    @extend_schema(parameters=LIST_FILTERS + PAGE_PARAMETERS, responses=LIST_PAGE)
    @action(detail=True, methods=["get"])
    def players(self, request, pk=None):
        """The list of a period (default: the current, i.e. latest published, one)."""
        rating_list = self.get_object()
        period, rows = self._rows(request, rating_list)
        page = self.paginator_for_rows.paginate_queryset(rows, request, view=self)
        data = ListRowSerializer(page, many=True).data
        response = self.paginator_for_rows.get_paginated_response(data)
        response.data["period"] = None if period is None else {
            "id": period.pk, "start": period.start, "end": period.end, "status": period.status}
        return response

    @property
    def paginator_for_rows(self):
        if not hasattr(self, "_rows_paginator"):
            self._rows_paginator = StandardPagination()
        return self._rows_paginator

    @extend_schema(parameters=LIST_FILTERS, responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"])
    def csv(self, request, pk=None):
        """The whole list as CSV (same filters)."""
        rating_list = self.get_object()
        period, rows = self._rows(request, rating_list)
        text = services.list_csv(rows)
        stamp = f"{period.start:%Y-%m}" if period else "empty"
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = (
            f'attachment; filename="rating-{rating_list.discipline}-'
            f'{rating_list.time_control_class}-{stamp}.csv"')
        return response

    @extend_schema(parameters=LIST_FILTERS,
                   responses={(200, xlsx.CONTENT_TYPE): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"], url_path="xlsx")
    def excel(self, request, pk=None):
        """The whole list as an Excel workbook (same filters and columns as the CSV)."""
        rating_list = self.get_object()
        period, rows = self._rows(request, rating_list)
        stamp = f"{period.start:%Y-%m}" if period else "empty"
        return xlsx.xlsx_response(
            _("Danh sách hệ số"), services.list_header(), services.list_rows(rows),
            filename=f"rating-{rating_list.discipline}-{rating_list.time_control_class}-"
                     f"{stamp}.xlsx")


class RatingPeriodViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                          mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Rating periods; staff create them and start their jobs (202 with the job)."""

    serializer_class = RatingPeriodSerializer
    permission_classes = [StaffWritePublicRead]
    filterset_fields = ["rating_list", "status"]

    def get_queryset(self):
        periods = RatingPeriod.objects.select_related("rating_list").order_by("rating_list",
                                                                              "-start")
        if not _is_staff(self.request):
            periods = periods.filter(status=RatingPeriod.Status.PUBLISHED)
        return periods

    @extend_schema(request=PeriodCreateSerializer, responses=RatingPeriodSerializer)
    def create(self, request, *args, **kwargs):
        form = PeriodCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        if data.get("end"):
            period = services.create_period(data["rating_list"], data["start"], data["end"],
                                            user=request.user)
        else:
            period = services.get_or_create_period(data["rating_list"], data["start"])
        return Response(RatingPeriodSerializer(period).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=SeedSerializer, responses={201: RatingPeriodSerializer})
    @action(detail=False, methods=["post"])
    def seed(self, request):
        """Load a starting list as a published period (before any other period of the list)."""
        form = SeedSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        known = set(Person.objects.filter(pk__in=[r["person"] for r in data["ratings"]])
                    .values_list("pk", flat=True))
        missing = [r["person"] for r in data["ratings"] if r["person"] not in known]
        if missing:
            raise ServiceError(f"unknown person id(s): {missing[:10]}", field="ratings")
        period = services.seed_period(
            data["rating_list"], data["start"], data["end"],
            {r["person"]: (r["rating"], r["games"]) for r in data["ratings"]}, user=request.user)
        return Response(RatingPeriodSerializer(period).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={202: JobSerializer})
    @action(detail=True, methods=["post"])
    def compute(self, request, pk=None):
        """Compute (or re-compute: the rows are replaced) the period for review; it is NOT
        published (see ``review/`` and ``publish/``). A published period answers 409
        ``published``: correct it with ``recompute/`` and a reason."""
        return _job_response(services.request_period_computation(self.get_object(),
                                                                 user=request.user))

    @extend_schema(request=RecomputeSerializer, responses={202: JobSerializer})
    @action(detail=True, methods=["post"])
    def recompute(self, request, pk=None):
        """Recompute this period and every later computed one (after a correction). A
        published period among them goes back to "computed" for review: ``reason`` required
        (400 ``reason_required``); it is published again with ``publish/``."""
        form = RecomputeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        return _job_response(services.request_recompute(
            self.get_object(), user=request.user, reason=form.validated_data["reason"]))

    @extend_schema(responses=PeriodReviewSerializer)
    @action(detail=True, methods=["get"])
    def review(self, request, pk=None):
        """The computed result to review before publishing (staff): tournaments and games
        counted, warnings (a tournament counted twice), pending corrections, the change of
        every player who played, and the earlier publications."""
        if not _is_staff(request):
            raise NotAllowedError(_("Chỉ cán bộ Liên đoàn được xem kết quả tính chưa công bố."))
        return Response(PeriodReviewSerializer(selectors.period_review(self.get_object())).data)

    @extend_schema(request=PublishSerializer, responses=RatingPeriodSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request, pk=None):
        """Publish the reviewed period (a separate act, permission
        ``ratings.publish_ratingperiod``; 403 without it). 409 when it is already published
        or the previous period is not; 400 ``period_not_ended`` before its last day has passed
        unless a ``reason`` is given (recorded on the publication). Each publication is kept
        (never deleted)."""
        body = PublishSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        period = services.publish_period(self.get_object(), user=request.user,
                                         reason=body.validated_data.get("reason", ""))
        return Response(RatingPeriodSerializer(period).data)


class PlayerRatingViewSet(viewsets.GenericViewSet):
    """A player's rating history (per list, with per-event numbers), chart, titles."""

    queryset = Person.objects.all()
    permission_classes = [permissions.AllowAny]
    pagination_class = None

    def _lists(self, request):
        list_id = _int_param(request, "list")
        if list_id is not None:
            return [get_object_or_404(RatingList, pk=list_id)]
        return list(RatingList.objects.all())

    @extend_schema(parameters=[OpenApiParameter("list", int)], responses=OpenApiTypes.OBJECT)
    def retrieve(self, request, pk=None):
        person = self.get_object()
        lists = []
        for rating_list in self._lists(request):
            history = selectors.player_history(person, rating_list, staff=_is_staff(request))
            if history:
                lists.append({"list": rating_list.pk, "name": rating_list.name,
                              "current": history[-1]["rating"], "history": history})
        return Response({"person": {"id": person.pk, "full_name": person.full_name,
                                    "gender": person.gender},
                         "title": selectors.highest_title(person), "lists": lists})

    @extend_schema(parameters=[OpenApiParameter("list", int, required=True)],
                   responses={(200, "image/svg+xml"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"])
    def chart(self, request, pk=None):
        """Rating history chart rendered on the server (SVG)."""
        person = self.get_object()
        if _int_param(request, "list") is None:
            raise ServiceError("list is required", field="list")
        rating_list = self._lists(request)[0]
        history = selectors.player_history(person, rating_list, staff=_is_staff(request))
        svg = charts.rating_chart_svg([(row["start"], row["rating"]) for row in history],
                                      f"{person.full_name} — {rating_list.name}")
        return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def titles(self, request, pk=None):
        """National titles (with their decisions) and the qualification history."""
        person = self.get_object()
        qualifications = (TitleQualification.objects.filter(person=person)
                          .select_related("person", "tournament", "table", "decision"))
        return Response({
            "person": {"id": person.pk, "full_name": person.full_name},
            "titles": PlayerTitleSerializer(selectors.titles_of(person), many=True).data,
            "foreign_titles": ForeignTitleSerializer(person.foreign_titles.all(), many=True).data,
            "qualifications": QualificationSerializer(qualifications, many=True).data})


class PerformanceViewSet(viewsets.GenericViewSet):
    """Performance ratings (Rp = Ra + dp, FIDE B.02 8.1.1) of a tournament's players."""

    permission_classes = [permissions.AllowAny]
    pagination_class = None

    def get_queryset(self):
        return visible_tournaments(self.request.user)

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def retrieve(self, request, pk=None):
        tournament = get_object_or_404(self.get_queryset(), pk=pk)
        return Response(selectors.tournament_performances(tournament))


class QualificationViewSet(viewsets.ReadOnlyModelViewSet):
    """Staff review of title qualifications: approve (decision + title) or reject."""

    serializer_class = QualificationSerializer
    permission_classes = [permissions.IsAdminUser]
    filterset_fields = ["status", "tournament", "person", "title"]

    def get_queryset(self):
        return TitleQualification.objects.select_related("person", "tournament", "table",
                                                         "decision")

    @extend_schema(request=ApproveSerializer, responses={201: PlayerTitleSerializer})
    @action(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        """Approve a pending qualification: issue the numbered title-award decision signed
        by a signatory kept by staff (the default if none is sent) and award the title (201).
        Staff only; a qualification already reviewed or a title already held answers 409."""
        form = ApproveSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        title = services.approve_qualification(self.get_object(), user=request.user,
                                               **form.validated_data)
        return Response(PlayerTitleSerializer(title).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=RejectSerializer, responses=QualificationSerializer)
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        """Reject a pending qualification with a ``reason`` (staff only); one already
        reviewed answers 409."""
        form = RejectSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        q = services.reject_qualification(self.get_object(), user=request.user,
                                          reason=form.validated_data["reason"])
        return Response(QualificationSerializer(q).data)

    @extend_schema(request=None, responses={202: JobSerializer})
    @action(detail=False, methods=["post"], url_path=r"check/(?P<tournament_id>\d+)")
    def check(self, request, tournament_id=None):
        """Re-run the title check of a certified tournament (normally started on certification)."""
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return _job_response(services.request_title_check(tournament, user=request.user))


class TitledPlayerViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Public list of players holding a national title."""

    serializer_class = PlayerTitleSerializer
    permission_classes = [permissions.AllowAny]
    filterset_fields = ["title"]

    def get_queryset(self):
        return (PlayerTitle.objects.select_related("person", "decision")
                .order_by("title", "person__name_folded"))


class CriteriaTableViewSet(viewsets.ModelViewSet):
    """Versions of the title standards (Phụ lục 6 and later adjustments); staff edit."""

    queryset = TitleCriteriaTable.objects.all()
    serializer_class = CriteriaTableSerializer
    permission_classes = [StaffWritePublicRead]
    http_method_names = ["get", "post", "put", "patch", "head", "options"]

    def create(self, request, *args, **kwargs):
        form = CriteriaTableSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        table = services.save_criteria_table(user=request.user, **form.validated_data)
        return Response(CriteriaTableSerializer(table).data, status=status.HTTP_201_CREATED)

    def update(self, request, *args, **kwargs):
        table = self.get_object()
        form = CriteriaTableSerializer(table, data=request.data,
                                       partial=kwargs.get("partial", False))
        form.is_valid(raise_exception=True)
        values = {"code": table.code, "discipline": table.discipline, "source": table.source,
                  "data": table.data} | form.validated_data
        table = services.save_criteria_table(user=request.user, table=table, **values)
        return Response(CriteriaTableSerializer(table).data)


class ForeignTitleViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """WXF/AXF master titles recorded by staff (→ national master qualification)."""

    serializer_class = ForeignTitleSerializer
    permission_classes = [permissions.IsAdminUser]
    queryset = ForeignTitle.objects.select_related("person")

    def create(self, request, *args, **kwargs):
        form = ForeignTitleSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        foreign = services.record_foreign_title(
            data["person"], data["title"], data.get("awarded_on") or date.today(),
            user=request.user, reference=data.get("reference", ""))
        return Response(ForeignTitleSerializer(foreign).data, status=status.HTTP_201_CREATED)
