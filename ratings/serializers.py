"""Serializers of the ratings API: explicit public fields only (no date of birth, citizen ID or
contact of a person is ever serialised here)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from core.fields import DateField
from documents.models import Signatory
from ratings.models import (
    ForeignTitle,
    PlayerTitle,
    RatingList,
    RatingPeriod,
    TitleCriteriaTable,
    TitleQualification,
)


class RatingListSerializer(serializers.ModelSerializer):
    current_period = serializers.SerializerMethodField()

    class Meta:
        model = RatingList
        fields = ["id", "discipline", "time_control_class", "name", "rules", "current_period"]
        read_only_fields = ["id", "discipline", "time_control_class", "current_period"]

    def get_current_period(self, obj) -> dict | None:
        from ratings.selectors import current_period

        period = current_period(obj)
        return None if period is None else {"id": period.pk, "start": period.start,
                                            "end": period.end}


class RatingPeriodSerializer(serializers.ModelSerializer):
    class Meta:
        model = RatingPeriod
        fields = ["id", "rating_list", "start", "end", "status", "computed_at", "published_at",
                  "job", "computations", "summary"]
        read_only_fields = ["id", "status", "computed_at", "published_at", "job",
                            "computations", "summary"]


class ListRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    person_id = serializers.IntegerField()
    name = serializers.CharField()
    gender = serializers.CharField()
    province = serializers.CharField(allow_null=True)
    club = serializers.CharField(allow_null=True)
    title = serializers.CharField(allow_null=True)
    rating = serializers.IntegerField(allow_null=True)
    old_rating = serializers.IntegerField(allow_null=True)
    games = serializers.IntegerField()
    change = serializers.IntegerField(allow_null=True)
    k = serializers.IntegerField(allow_null=True)
    became_rated = serializers.BooleanField()
    delisted = serializers.BooleanField()


class PersonRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField()
    gender = serializers.CharField()


class DecisionRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.CharField(source="formatted_number")
    issued_on = DateField()
    signer_name = serializers.CharField()


class PlayerTitleSerializer(serializers.ModelSerializer):
    person = PersonRefSerializer(read_only=True)
    title_name = serializers.CharField(source="get_title_display", read_only=True)
    decision = DecisionRefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = PlayerTitle
        fields = ["id", "person", "title", "title_name", "awarded_on", "decision"]


class QualificationSerializer(serializers.ModelSerializer):
    person = PersonRefSerializer(read_only=True)
    title_name = serializers.CharField(source="get_title_display", read_only=True)
    tournament_name = serializers.CharField(source="tournament.name", read_only=True,
                                            default=None)
    table = serializers.CharField(source="table.code", read_only=True)
    decision = DecisionRefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = TitleQualification
        fields = ["id", "person", "title", "title_name", "criterion_id", "criterion_text",
                  "table", "section", "tournament", "tournament_name", "foreign_title",
                  "event_date", "evidence", "status", "reviewed_at", "rejection_reason",
                  "decision", "created_at"]
        read_only_fields = fields


class PeriodReviewTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField(help_text="Rated games counted from this tournament")
    duplicate_of = serializers.IntegerField(
        allow_null=True, help_text="Set when the tournament repeats the games of another one "
                                   "already counted: its games are not counted again")


class PeriodReviewWarningSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="e.g. tournament_counted_twice")
    tournament = serializers.IntegerField()
    duplicate_of = serializers.IntegerField(required=False)
    message = serializers.CharField()


class PeriodReviewChangeSerializer(serializers.Serializer):
    person = serializers.IntegerField()
    name = serializers.CharField()
    old_rating = serializers.IntegerField(allow_null=True)
    rating = serializers.IntegerField(allow_null=True)
    change = serializers.IntegerField(allow_null=True)
    games = serializers.IntegerField()
    score = serializers.FloatField()
    k = serializers.IntegerField(allow_null=True)
    became_rated = serializers.BooleanField()


class PeriodPublicationSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    published_at = serializers.DateTimeField()
    reason = serializers.CharField()


class PublishSerializer(serializers.Serializer):
    """Why a period is published before it has ended (required then, issue #28)."""

    reason = serializers.CharField(required=False, allow_blank=True, max_length=1000)


class PeriodReviewSerializer(serializers.Serializer):
    """The computed result of a period, reviewed before it is published."""

    period = serializers.IntegerField()
    status = serializers.CharField()
    computed_at = serializers.DateTimeField(allow_null=True)
    published_at = serializers.DateTimeField(allow_null=True)
    computations = serializers.IntegerField()
    games = serializers.IntegerField()
    players = serializers.IntegerField()
    warnings = PeriodReviewWarningSerializer(many=True)
    correction = serializers.DictField(allow_null=True)
    corrections_pending = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Tournaments rated in this published period and certified again since: "
                  "recompute with a reason to apply the correction")
    tournaments = PeriodReviewTournamentSerializer(many=True)
    changes = PeriodReviewChangeSerializer(many=True)
    publications = PeriodPublicationSerializer(many=True)


class RecomputeSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="",
                                   help_text="Required when a published period is recomputed "
                                             "(a correction)")


class ApproveSerializer(serializers.Serializer):
    signatory = serializers.PrimaryKeyRelatedField(
        queryset=Signatory.objects.filter(active=True), required=False, allow_null=True,
        help_text="Who signs the decision (GET /api/v1/signatories/); default: the national "
                  "federation's default signatory (400 signatory_required when there is none)")
    issued_on = DateField(required=False, allow_null=True)


class RejectSerializer(serializers.Serializer):
    reason = serializers.CharField()


class CriteriaTableSerializer(serializers.ModelSerializer):
    class Meta:
        model = TitleCriteriaTable
        fields = ["id", "code", "discipline", "valid_from", "valid_to", "source", "data"]
        read_only_fields = ["id", "valid_from", "valid_to"]


class ForeignTitleSerializer(serializers.ModelSerializer):
    person_name = serializers.CharField(source="person.full_name", read_only=True)

    class Meta:
        model = ForeignTitle
        fields = ["id", "person", "person_name", "title", "awarded_on", "reference",
                  "recorded_at"]
        read_only_fields = ["id", "person_name", "recorded_at"]


class PeriodCreateSerializer(serializers.Serializer):
    rating_list = serializers.PrimaryKeyRelatedField(queryset=RatingList.objects.all())
    start = DateField()
    end = DateField(required=False, allow_null=True)


class SeedRowSerializer(serializers.Serializer):
    person = serializers.IntegerField()
    rating = serializers.IntegerField(min_value=0, max_value=4000)
    games = serializers.IntegerField(min_value=0, default=0)


@extend_schema_serializer(component_name="RatingSeed")  # tournaments has a SeedSerializer too
class SeedSerializer(serializers.Serializer):
    """A starting list (ratings from FIDE or an earlier federation list)."""

    rating_list = serializers.PrimaryKeyRelatedField(queryset=RatingList.objects.all())
    start = DateField()
    end = DateField()
    ratings = SeedRowSerializer(many=True)
