"""API shapes of the people and the schedule of an event: the round schedule (Phụ lục 5 mục
6), arbiters' boards (Điều 20.3b), the suspension (Điều 20.3d), the arbiters' count (002
Phần 2 Điều 6)."""

from __future__ import annotations

from rest_framework import serializers

from core import textfields
from tournaments.models import (
    BoardAssignment,
    Delegation,
    DelegationStaff,
    Prize,
    ScheduledRound,
    Suspension,
)
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


class TournamentSuspensionSerializer(serializers.ModelSerializer):
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
    suspended = TournamentSuspensionSerializer(allow_null=True)


# --- delegations and prizes (Điều 14-15, 19.4; Phụ lục 5 mục 10, 14) -------------------------

class DelegationStaffSerializer(serializers.ModelSerializer):
    person_name = serializers.CharField(source="person.full_name", read_only=True)

    class Meta:
        model = DelegationStaff
        fields = ["id", "delegation", "person", "person_name", "role"]
        read_only_fields = ["id"]
        validators: list = []  # one head a delegation: the service says so


class DelegationSerializer(serializers.ModelSerializer):
    staff = DelegationStaffSerializer(many=True, read_only=True)

    class Meta:
        model = Delegation
        fields = ["id", "tournament", "name", "club", "body", "staff"]
        read_only_fields = ["id", "staff"]
        validators: list = []  # a name once an event: the service says so


class DelegationEntriesSerializer(serializers.Serializer):
    entries = serializers.ListField(child=serializers.IntegerField(min_value=1),
                                    max_length=1000, help_text="Entry ids sent by the delegation")


class PrizeSerializer(serializers.ModelSerializer):
    winner = serializers.CharField(source="winner_name", read_only=True)
    amount = serializers.IntegerField(min_value=0, max_value=10**12, required=False,
                                      allow_null=True)

    class Meta:
        model = Prize
        fields = ["id", "tournament", "kind", "place", "name", "medal", "amount", "item",
                  "entry", "team", "delegation", "winner", "awarded_at"]
        read_only_fields = ["id", "entry", "team", "delegation", "winner", "awarded_at"]
        validators: list = []  # a place once: set_prize changes the prize of that place


class DelegationRankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    delegation = serializers.IntegerField()
    name = serializers.CharField()
    gold = serializers.IntegerField()
    silver = serializers.IntegerField()
    bronze = serializers.IntegerField()
    points = serializers.FloatField()


class DelegationRankingSerializer(serializers.Serializer):
    """The overall delegation ranking (Phụ lục 5 mục 10; docs/decisions-tournaments.md)."""

    after_round = serializers.IntegerField()
    order = serializers.CharField()
    rows = DelegationRankingRowSerializer(many=True)


class AwardRequestSerializer(serializers.Serializer):
    tournament = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
