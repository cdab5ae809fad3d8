"""API shapes of complaints and appeals (Điều 15.5-15.6, 19; 002 Phần 2 Điều 2.7) and of
annulled games (Điều 9.9a-b). No business logic: the services check and write."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import DateField
from documents.models import Signatory
from federation.models import Club
from tournaments.models import AnnulledGame, Complaint, Entry, Pairing, Round, TeamEntry, Tournament

TEXT_MAX = 2000


class ComplaintSerializer(serializers.ModelSerializer):
    """A complaint as its parties, arbiters and organisers read it."""

    level_label = serializers.CharField(source="get_level_display", read_only=True)
    subject_label = serializers.CharField(source="get_subject_display", read_only=True)
    status_label = serializers.CharField(source="get_status_display", read_only=True)
    decision_number = serializers.CharField(source="decision.formatted_number", read_only=True,
                                            default=None)
    corrected_result = serializers.CharField(read_only=True)
    appeal_of_number = serializers.IntegerField(source="appeal_of.number", read_only=True,
                                                default=None)

    class Meta:
        model = Complaint
        fields = ["id", "tournament", "number", "level", "level_label", "appeal_of",
                  "appeal_of_number", "complainant_kind", "complainant_entry",
                  "complainant_team", "complainant_club", "complainant_name", "subject",
                  "subject_label", "pairing", "round", "subject_entry", "grounds", "filed_at",
                  "filed_by", "status", "status_label", "reasons", "article", "effect",
                  "corrected_result", "decided_by", "decided_at", "decision",
                  "decision_number"]
        read_only_fields = fields


class ComplaintFileSerializer(serializers.Serializer):
    """A written complaint: who, about what, why; ``filed_at`` when it was handed in (default
    now; an arbiter recording a paper complaint gives the time it was received)."""

    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all())
    complainant_kind = serializers.ChoiceField(choices=Complaint.Complainant.choices)
    subject = serializers.ChoiceField(choices=Complaint.Subject.choices)
    level = serializers.ChoiceField(
        choices=[Complaint.Level.CHIEF_ARBITER, Complaint.Level.ORGANISERS],
        default=Complaint.Level.CHIEF_ARBITER)
    grounds = serializers.CharField(max_length=TEXT_MAX)
    complainant_entry = serializers.PrimaryKeyRelatedField(
        queryset=Entry.objects.all(), required=False, allow_null=True, default=None)
    complainant_team = serializers.PrimaryKeyRelatedField(
        queryset=TeamEntry.objects.all(), required=False, allow_null=True, default=None)
    complainant_club = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.all(), required=False, allow_null=True, default=None)
    complainant_name = serializers.CharField(max_length=200, required=False, allow_blank=True,
                                             default="")
    pairing = serializers.PrimaryKeyRelatedField(
        queryset=Pairing.objects.select_related("round"), required=False, allow_null=True,
        default=None)
    round = serializers.PrimaryKeyRelatedField(
        queryset=Round.objects.all(), required=False, allow_null=True, default=None)
    subject_entry = serializers.PrimaryKeyRelatedField(
        queryset=Entry.objects.all(), required=False, allow_null=True, default=None)
    filed_at = serializers.DateTimeField(required=False, allow_null=True, default=None)


class AppealSerializer(serializers.Serializer):
    grounds = serializers.CharField(max_length=TEXT_MAX)
    filed_at = serializers.DateTimeField(required=False, allow_null=True, default=None)


class RulingSerializer(serializers.Serializer):
    """The decision: ``upheld`` or not, ``reasons`` and ``article``; for an upheld complaint
    about a game its ``effect`` (``corrected_result``, or ``replay_reason`` for a replay,
    Điều 9.9a-b); ``written`` asks for (or against) a numbered decision."""

    upheld = serializers.BooleanField()
    reasons = serializers.CharField(max_length=TEXT_MAX)
    article = serializers.CharField(max_length=80)
    effect = serializers.ChoiceField(choices=Complaint.Effect.choices,
                                     default=Complaint.Effect.NONE)
    corrected_result = serializers.CharField(max_length=8, required=False, allow_blank=True,
                                             default="")
    replay_reason = serializers.CharField(
        max_length=14, required=False, allow_blank=True, default="",
        help_text="Điều 9.9a-b: wrong_setup | wrong_colours (for the effect replay).")
    written = serializers.BooleanField(required=False, allow_null=True, default=None)
    signatory = serializers.PrimaryKeyRelatedField(queryset=Signatory.objects.all(),
                                                   required=False, allow_null=True, default=None)
    issued_on = DateField(required=False, allow_null=True, default=None)


class AnnulSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=14,
                                   help_text="wrong_setup (Điều 9.9a) | wrong_colours (9.9b)")
    note = serializers.CharField(max_length=TEXT_MAX, required=False, allow_blank=True,
                                 default="")
    version = serializers.IntegerField(required=False, min_value=1)


class AnnulledGameSerializer(serializers.ModelSerializer):
    reason = serializers.CharField(read_only=True)
    result_at_annulment = serializers.CharField(read_only=True)
    reason_label = serializers.CharField(source="get_reason_display", read_only=True)
    played_white_name = serializers.CharField(source="played_white.name", read_only=True)
    played_black_name = serializers.CharField(source="played_black.name", read_only=True)

    class Meta:
        model = AnnulledGame
        fields = ["id", "pairing", "reason", "reason_label", "played_white", "played_white_name",
                  "played_black", "played_black_name", "result_at_annulment", "note",
                  "complaint", "annulled_by", "annulled_at"]
        read_only_fields = fields
