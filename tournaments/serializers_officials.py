"""API shapes of the people and the schedule of an event: the round schedule (Phụ lục 5 mục
6), arbiters' boards (Điều 20.3b), the suspension (Điều 20.3d), the arbiters' count (002
Phần 2 Điều 6)."""

from __future__ import annotations

from rest_framework import serializers

from core import textfields
from tournaments.models import BoardAssignment, ScheduledRound, Suspension
from tournaments.serializers import OfficialSerializer


class ScheduledRoundSerializer(serializers.ModelSerializer):
    """One round of the schedule (Phụ lục 5 mục 6): POST sets or changes round ``number``."""

    start_time = serializers.TimeField(format="%H:%M", input_formats=["%H:%M", "%H:%M:%S"])

    class Meta:
        model = ScheduledRound
        fields = ["id", "tournament", "number", "day", "start_time", "note"]
        read_only_fields = ["id"]
        validators: list = []  # the service upserts by (tournament, number)


class BoardAssignmentSerializer(serializers.ModelSerializer):
    """Điều 20.3b: an arbiter's boards in a round."""

    official_name = serializers.CharField(source="official.person.full_name", read_only=True)
    role = serializers.CharField(source="official.role", read_only=True)
    first_board = serializers.IntegerField(min_value=1, max_value=9999)
    last_board = serializers.IntegerField(min_value=1, max_value=9999)

    class Meta:
        model = BoardAssignment
        fields = ["id", "round", "official", "official_name", "role", "first_board",
                  "last_board", "assigned_at"]
        read_only_fields = ["id", "assigned_at"]
        validators: list = []  # the service replaces an arbiter's boards in the round


class SuspensionSerializer(serializers.ModelSerializer):
    """Điều 20.3d: the chief arbiter's suspension of the event."""

    class Meta:
        model = Suspension
        fields = ["id", "tournament", "reason", "resume_plan", "suspended_at", "resumed_at"]
        read_only_fields = fields


class SuspendSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=textfields.NOTE)
    resume_plan = serializers.CharField(max_length=textfields.NOTE, required=False,
                                        allow_blank=True,
                                        help_text="The new time and place (Điều 20.3d)")


class ResumeSerializer(serializers.Serializer):
    resume_plan = serializers.CharField(max_length=textfields.NOTE, required=False,
                                        allow_blank=True)


class ArbiterCheckSerializer(serializers.Serializer):
    """The officials in order and the warnings of 002 Phần 2 Điều 6 (number of arbiters)."""

    officials = OfficialSerializer(many=True)
    boards_per_arbiter = serializers.IntegerField()
    warnings = serializers.ListField(child=serializers.CharField())
    suspended = SuspensionSerializer(allow_null=True)
