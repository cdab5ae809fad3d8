"""API shapes of the tournaments app (no business logic: writes go to ``services``).

No serializer here exposes a person's date of birth, citizen ID, phone, email or address.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core import textfields
from core.fields import DateField
from documents.models import Signatory
from federation.models import Gender, Member, Person
from tournaments import engine, selectors
from tournaments.models import (
    Entry,
    LateArrival,
    Official,
    Pairing,
    PairingChange,
    ResultChange,
    Round,
    SanctionProposal,
    StatusChange,
    TeamEntry,
    TeamMatch,
    Tournament,
)
from tournaments.services import TOURNAMENT_FIELDS


class TournamentSerializer(serializers.ModelSerializer):
    current_round = serializers.SerializerMethodField()
    time_control = serializers.JSONField(
        required=False,
        help_text="Điều 10: {\"periods\": [{\"moves\": 40 | null, \"minutes\": 90, "
                  "\"repeat\": false}], \"increment_seconds\": 30}; filled from "
                  "time_control_preset when only the preset is sent.")
    time_control_text = serializers.SerializerMethodField(
        help_text="The time control in words (Accept-Language).")
    amendment_reason = serializers.CharField(
        write_only=True, required=False, allow_blank=True, max_length=textfields.NOTE,
        help_text="Phụ lục 5: why published regulations change (required once published).")
    amendments = serializers.SerializerMethodField(help_text="Amendments (Phụ lục 5).")
    warnings = serializers.SerializerMethodField(
        help_text="Điều 27 guidance for a Swiss (fewer than 20 players, rounds outside "
                  "the article's numbers): warnings, not refusals.")

    class Meta:
        model = Tournament
        fields = ["id", *sorted(TOURNAMENT_FIELDS - {"regulation_document"}),
                  "regulation_document", "regulations_published_at", "status", "lot_seed", "current_round", "created_at",
                  "certified_at", "warnings", "time_control_text", "amendment_reason",
                  "amendments"]
        read_only_fields = ["status", "lot_seed", "created_at", "certified_at",
                            "regulation_document", "regulations_published_at"]

    def get_current_round(self, obj: Tournament) -> int:
        return obj.rounds.count()

    def get_time_control_text(self, obj: Tournament) -> str:
        return selectors.time_control_text(obj.time_control)

    def get_amendments(self, obj: Tournament) -> list[dict]:
        return [{"number": a.number, "amended_at": a.amended_at, "reason": a.reason,
                 "status_at_change": a.status_at_change,
                 "amended_by": a.amended_by.username if a.amended_by else None,
                 "changes": selectors.amendment_lines(a)}
                for a in obj.amendments.all()]  # prefetched by the view, in number order

    def get_warnings(self, obj: Tournament) -> list[str]:
        return engine.swiss_guidance(obj)


class OfficialSerializer(serializers.ModelSerializer):
    person_name = serializers.CharField(source="person.full_name", read_only=True)

    class Meta:
        model = Official
        fields = ["id", "tournament", "person", "person_name", "role"]
        validators: list = []  # one chief, one head, a person once: the service says so


class EntrySerializer(serializers.ModelSerializer):
    team_name = serializers.CharField(source="team.name", read_only=True, default=None)
    removal_decision_number = serializers.CharField(
        source="removal_decision.formatted_number", read_only=True, default=None)

    class Meta:
        model = Entry
        fields = ["id", "tournament", "member", "person", "name", "gender", "fide_id",
                  "federation_code", "rating", "title", "starting_number", "team", "team_name",
                  "board_order", "group", "is_wildcard", "is_late", "late_reason", "joins_in_round",
                  "withdrawn_on", "withdrawn_after_round", "disqualified_at",
                  "disqualified_after_round", "removal_decision", "removal_decision_number",
                  "requested_byes", "registered_at", "delegation"]
        read_only_fields = [f for f in fields if f not in ("tournament", "member", "rating",
                                                           "title", "group")]


class EntryCreateSerializer(serializers.Serializer):
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all())
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.select_related("person"))
    rating = serializers.IntegerField(min_value=0, max_value=3500, default=0)
    title = serializers.CharField(max_length=4, required=False, allow_blank=True, default="")
    group = serializers.CharField(
        max_length=1, required=False, allow_blank=True, default="",
        help_text="Individual Scheveningen (002 Điều 10): the player's group, A or B.")
    wildcard = serializers.BooleanField(
        required=False, default=False,
        help_text="A wildcard (đặc cách, Phụ lục 5 item 4): not counted in the unit's quota.")


class GuestEntrySerializer(serializers.Serializer):
    """A guest or foreign player (Điều 17.2): a registry ``person`` who is not a member, or
    the player's details."""

    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all())
    person = serializers.PrimaryKeyRelatedField(queryset=Person.objects.all(), required=False,
                                                allow_null=True, default=None)
    name = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    gender = serializers.ChoiceField(Gender.choices, required=False, allow_blank=True,
                                     default="")
    birth_year = serializers.IntegerField(min_value=1900, max_value=2100, required=False,
                                          allow_null=True, default=None)
    federation_code = serializers.CharField(max_length=3, required=False, default="VIE")
    fide_id = serializers.CharField(max_length=12, required=False, allow_blank=True,
                                    default="")
    rating = serializers.IntegerField(min_value=0, max_value=3500, default=0)
    title = serializers.CharField(max_length=4, required=False, allow_blank=True, default="")
    late_reason = serializers.CharField(max_length=2000, required=False, allow_blank=True,
                                        default="")


class SanctionReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class RemovalSerializer(SanctionReasonSerializer):
    signatory = serializers.PrimaryKeyRelatedField(queryset=Signatory.objects.all(),
                                                   required=False, allow_null=True,
                                                   default=None)
    issued_on = DateField(required=False, allow_null=True, default=None)


class SanctionProposalSerializer(serializers.ModelSerializer):
    decision_number = serializers.CharField(source="decision.formatted_number", read_only=True,
                                            default=None)
    person_name = serializers.CharField(source="person.full_name", read_only=True)

    class Meta:
        model = SanctionProposal
        fields = ["id", "tournament", "entry", "person", "person_name", "years", "reason",
                  "article", "proposed_by", "proposed_at", "status", "reviewed_by",
                  "reviewed_at", "rejection_reason", "decision", "decision_number",
                  "suspension"]
        read_only_fields = [f for f in fields if f not in ("entry", "years", "reason",
                                                           "article")]
        extra_kwargs = {"reason": {"max_length": 2000}}


class ProposalApproveSerializer(serializers.Serializer):
    starts_on = DateField(required=False, allow_null=True, default=None)
    years = serializers.IntegerField(min_value=1, max_value=3, required=False, allow_null=True,
                                     default=None)
    signatory = serializers.PrimaryKeyRelatedField(queryset=Signatory.objects.all(),
                                                   required=False, allow_null=True,
                                                   default=None)
    issued_on = DateField(required=False, allow_null=True, default=None)


class BulkEntrySerializer(serializers.Serializer):
    """A list of entries (``entries``) or a CSV file (``file``) with a header row."""

    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all())
    entries = serializers.ListField(
        child=serializers.DictField(), required=False,
        help_text='[{"member": id or card number, "rating": 1850, "title": "FM"}, …]')
    file = serializers.FileField(
        required=False, help_text="CSV: member/Số thẻ, rating/Hệ số, title/Danh hiệu columns.")
    csv = serializers.CharField(
        required=False, trim_whitespace=False,
        help_text="The same CSV as text (JSON clients); the request body limit applies.")
    late_reason = serializers.CharField(
        max_length=textfields.NOTE, required=False, allow_blank=True, default="",
        help_text="After the deadline: why the whole list is accepted late.")

    def validate(self, attrs):
        if sum(name in attrs for name in ("entries", "file", "csv")) != 1:
            raise serializers.ValidationError(
                {"entries": [_("Gửi danh sách “entries” hoặc tệp CSV “file” (một trong hai).")]})
        return attrs


class BulkEntryListSerializer(BulkEntrySerializer):
    """Schema only: the declared (JSON) form of a bulk registration (issue 29)."""

    file = None  # type: ignore[assignment]  # JSON carries the CSV as text (csv)


class BulkEntryResultSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    entries = EntrySerializer(many=True)


class LateEntrySerializer(EntryCreateSerializer):
    reason = serializers.CharField(max_length=textfields.NOTE, help_text="Why the entry is accepted after the deadline.")


class RosterItemSerializer(serializers.Serializer):
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.select_related("person"))
    board_order = serializers.IntegerField(min_value=1, max_value=9)
    rating = serializers.IntegerField(min_value=0, default=0)


class TeamEntrySerializer(serializers.ModelSerializer):
    roster = EntrySerializer(many=True, read_only=True)

    class Meta:
        model = TeamEntry
        fields = ["id", "tournament", "name", "club", "starting_number", "withdrawn_on",
                  "roster"]
        read_only_fields = ["starting_number", "withdrawn_on", "roster"]


class TeamCreateSerializer(serializers.Serializer):
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all())
    name = serializers.CharField(max_length=200)
    club = serializers.IntegerField(required=False, allow_null=True)
    roster = RosterItemSerializer(many=True)


class PairingSerializer(serializers.ModelSerializer):
    round_number = serializers.IntegerField(source="round.number", read_only=True)
    white_number = serializers.IntegerField(source="white.starting_number", read_only=True,
                                            default=None)
    white_name = serializers.CharField(source="white.name", read_only=True, default=None)
    black_number = serializers.IntegerField(source="black.starting_number", read_only=True,
                                            default=None)
    black_name = serializers.CharField(source="black.name", read_only=True, default=None)

    class Meta:
        model = Pairing
        fields = ["id", "round", "round_number", "board", "kind", "white", "white_number",
                  "white_name", "black", "black_number", "black_name", "result", "bye_points",
                  "team_match", "match_board", "match_key", "game_number", "version",
                  "updated_at"]
        read_only_fields = fields


class TeamMatchSerializer(serializers.ModelSerializer):
    class Meta:
        model = TeamMatch
        fields = ["id", "table", "home", "away"]


class RoundSerializer(serializers.ModelSerializer):
    pairings = PairingSerializer(many=True, read_only=True)
    team_matches = TeamMatchSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["id", "tournament", "number", "status", "system", "engine_version", "seed",
                  "warnings", "job", "paired_at", "started_at", "completed_at", "team_matches",
                  "pairings"]
        read_only_fields = fields


class ResultSerializer(serializers.Serializer):
    result = serializers.CharField(allow_blank=True, max_length=10)
    version = serializers.IntegerField(
        required=False, help_text="The version read (or send If-Match with the ETag).")


class BulkResultItemSerializer(serializers.Serializer):
    pairing = serializers.IntegerField(required=False)
    board = serializers.IntegerField(required=False)
    result = serializers.CharField(allow_blank=True, max_length=10)
    version = serializers.IntegerField()

    def validate(self, attrs):
        if "pairing" not in attrs and "board" not in attrs:
            raise serializers.ValidationError("pairing or board is required")
        return attrs


class BulkResultSerializer(serializers.Serializer):
    results = BulkResultItemSerializer(many=True)


class PairingChangeRequestSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=textfields.NOTE)
    version = serializers.IntegerField(required=False)
    swap_colours = serializers.BooleanField(default=False)
    white = serializers.PrimaryKeyRelatedField(queryset=Entry.objects.all(), required=False)
    black = serializers.PrimaryKeyRelatedField(queryset=Entry.objects.all(), required=False)


class LateArrivalSerializer(serializers.ModelSerializer):
    """Điều 10.2.1a: a loss for late arrival (``allowed_minutes`` is the tournament's
    setting when it was recorded)."""

    recorded_by = serializers.CharField(source="recorded_by.username", default=None,
                                        read_only=True)
    version = serializers.IntegerField(
        write_only=True, required=False,
        help_text="The pairing's version read (or send If-Match with the ETag).")

    class Meta:
        model = LateArrival
        fields = ["id", "pairing", "side", "scheduled_start", "arrived_at", "decided_at",
                  "allowed_minutes", "note", "recorded_by", "recorded_at", "version"]
        read_only_fields = ["id", "pairing", "allowed_minutes", "recorded_by", "recorded_at"]
        extra_kwargs = {"decided_at": {"required": False},
                        "scheduled_start": {
                            "required": False,
                            "help_text": "Default: the round's start in the event's schedule "
                                         "(Phụ lục 5 mục 6)"},
                        "note": {"max_length": 2000}}


class LateArrivalCancelSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=LateArrival.Side.choices)
    version = serializers.IntegerField(required=False)


class ResultChangeSerializer(serializers.ModelSerializer):
    changed_by = serializers.CharField(source="changed_by.username", default=None)

    class Meta:
        model = ResultChange
        fields = ["id", "pairing", "old_result", "new_result", "version", "source",
                  "changed_by", "changed_at"]


class PairingChangeSerializer(serializers.ModelSerializer):
    changed_by = serializers.CharField(source="changed_by.username", default=None)

    class Meta:
        model = PairingChange
        fields = ["id", "pairing", "before", "after", "reason", "changed_by", "changed_at"]


class StatusChangeSerializer(serializers.ModelSerializer):
    class Meta:
        model = StatusChange
        fields = ["from_status", "to_status", "reason", "changed_by", "changed_at"]


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=textfields.NOTE)


class PairRequestSerializer(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=1,
                                     help_text="The round to pair (retries get the same job).")


class SeedSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62)


class WithdrawSerializer(serializers.Serializer):
    on_date = DateField(required=False)


class ByeRequestSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1)
    #: a number: ChoiceField compared str(1) with "1.0" (issue 29); the service checks 0/½/1
    points = serializers.FloatField(
        required=False, min_value=0, max_value=1,
        help_text="0, 0.5 or 1 (integers or decimals). Default: the tournament's "
                  "requested_bye_score (0 unless the regulations say otherwise).")


class OfficialPersonField(serializers.PrimaryKeyRelatedField):
    def get_queryset(self):
        return Person.objects.all()


class TournamentStandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    starting_number = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()
    title = serializers.CharField()
    rating = serializers.IntegerField()
    points = serializers.FloatField()
    tiebreaks = serializers.DictField()
    team = serializers.CharField(allow_null=True)
    withdrawn = serializers.BooleanField()


class TournamentStandingsSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = TournamentStandingRowSerializer(many=True)

