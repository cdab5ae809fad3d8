"""API shapes of game records, faults and uploads (no business logic: see services)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core import textfields
from core.fields import DateField
from core.limits import upload_too_large
from federation.models import Discipline, Person
from games import engine, selectors
from games.models import (
    Decision,
    DeclaredScore,
    FaultKind,
    GameFault,
    GamePenalty,
    GameRecord,
    GameUpload,
    GameWarning,
    MoveLimitClaim,
    Notation,
    PenaltyKind,
    Side,
    WarningReason,
)
from tournaments.models import Pairing, Tournament


class GamePlayerSerializer(serializers.ModelSerializer):
    """A player as shown with a game: public fields only (never birth date, ID, contact)."""

    class Meta:
        model = Person
        fields = ["id", "full_name"]
        read_only_fields = fields


class GameFaultSerializer(serializers.ModelSerializer):
    class Meta:
        model = GameFault
        fields = ["id", "side", "kind", "scoresheet_omission", "article", "ply", "note",
                  "recorded_by", "recorded_at"]
        read_only_fields = ["id", "recorded_by", "recorded_at"]


class GamePenaltySerializer(serializers.ModelSerializer):
    """A chess arbiter's penalty (Luật Cờ Vua 13.4 in 002; FIDE 12.9), or the two minutes
    an illegal move gave the opponent (7.4b; ``fault`` names it)."""

    kind_label = serializers.CharField(source="get_kind_display", read_only=True)

    class Meta:
        model = GamePenalty
        fields = ["id", "side", "kind", "kind_label", "minutes", "points", "fault", "article",
                  "ply", "note", "recorded_by", "recorded_at"]
        read_only_fields = fields


class GamePenaltyWriteSerializer(serializers.Serializer):
    side = serializers.ChoiceField(Side.choices)
    kind = serializers.ChoiceField(PenaltyKind.choices)
    minutes = serializers.IntegerField(min_value=1, max_value=60, required=False,
                                       allow_null=True, default=None)
    points = serializers.DecimalField(
        max_digits=2, decimal_places=1, required=False, allow_null=True, default=None,
        help_text="13.4e (reduce_points): the points of the game the offender keeps, 0 or 0.5.")
    article = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
    ply = serializers.IntegerField(min_value=1, max_value=32767, required=False,
                                   allow_null=True, default=None)
    note = serializers.CharField(max_length=textfields.NOTE, required=False, allow_blank=True,
                                 default="")


class GameWarningSerializer(serializers.ModelSerializer):
    class Meta:
        model = GameWarning
        fields = ["id", "side", "reason", "level", "fault", "article", "ply", "note",
                  "recorded_by", "recorded_at"]
        read_only_fields = fields


class GameWarningWriteSerializer(serializers.Serializer):
    side = serializers.ChoiceField(Side.choices)
    reason = serializers.ChoiceField(WarningReason.choices)
    ply = serializers.IntegerField(min_value=1, max_value=32767, required=False,
                                   allow_null=True, default=None)
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=1000)
    decide_loss = serializers.BooleanField(
        required=False, default=True,
        help_text="Decide the loss at once when the fault is the third of its kind (7.1n).")


class MoveLimitClaimSerializer(serializers.ModelSerializer):
    """Điều 12b: a false claim of the no-capture draw; the opponent got the minutes."""

    beneficiary = serializers.CharField(read_only=True)

    class Meta:
        model = MoveLimitClaim
        fields = ["id", "side", "ply", "counted", "limit", "minutes_to_opponent",
                  "beneficiary", "article", "note", "recorded_by", "recorded_at"]
        read_only_fields = fields


class MoveLimitClaimWriteSerializer(serializers.Serializer):
    side = serializers.ChoiceField(Side.choices, help_text="The side that claimed the draw.")
    ply = serializers.IntegerField(min_value=1, max_value=32767,
                                   help_text="Half-moves played when the claim was made.")
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=1000)


class GameRecordSerializer(serializers.ModelSerializer):
    # null for a standalone game without a registered player (issue 29: declared nullable)
    white = GamePlayerSerializer(read_only=True, allow_null=True)
    black = GamePlayerSerializer(read_only=True, allow_null=True)
    tournament = serializers.SerializerMethodField()
    decision_reason_label = serializers.SerializerMethodField()
    proposed_reason_label = serializers.SerializerMethodField()
    faults = GameFaultSerializer(many=True, read_only=True)
    warnings = GameWarningSerializer(many=True, read_only=True)
    penalties = GamePenaltySerializer(many=True, read_only=True)
    move_limit_claims = MoveLimitClaimSerializer(many=True, read_only=True)
    repetition_proposals = serializers.SerializerMethodField(
        help_text="Proposed repetition rulings (Điều 23-24), evidence for the arbiter.")

    class Meta:
        model = GameRecord
        fields = [
            "id", "version", "pairing", "tournament", "discipline", "white", "black",
            "white_name", "black_name", "event_name", "played_on", "round_number",
            "board_number", "start_fen", "moves_text", "notation", "moves_normalised",
            "moves_federation", "final_fen", "ending", "declared_score", "decision",
            "decision_reason", "decision_reason_label", "decided_by", "decided_at",
            "proposed_decision", "proposed_reason", "proposed_reason_label",
            "white_time_used", "black_time_used", "white_signed_at", "black_signed_at",
            "arbiter_signed_at", "arbiter_signed_by", "validation_status", "validation_error",
            "validation_flags", "validation_warnings", "validation_consistency",
            "validated_at", "repetition_proposals", "faults", "warnings", "penalties",
            "move_limit_claims", "final_phase_ply", "upload", "created_by", "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_tournament(self, game: GameRecord) -> int | None:
        return game.pairing.round.tournament_id if game.pairing else None

    def get_repetition_proposals(self, game: GameRecord) -> list[dict]:
        return selectors.repetition_proposals(game)

    def get_decision_reason_label(self, game: GameRecord) -> str:
        return engine.reason_label(game.decision_reason) if game.decision_reason else ""

    def get_proposed_reason_label(self, game: GameRecord) -> str:
        return engine.reason_label(game.proposed_reason) if game.proposed_reason else ""


class GameWriteSerializer(serializers.Serializer):
    """Fields an arbiter enters from the score sheet (Phụ lục 4)."""

    pairing = serializers.PrimaryKeyRelatedField(queryset=Pairing.objects.all(), required=False,
                                                 allow_null=True)
    discipline = serializers.ChoiceField(Discipline.choices, required=False)
    white = serializers.PrimaryKeyRelatedField(queryset=Person.objects.all(), required=False,
                                               allow_null=True)
    black = serializers.PrimaryKeyRelatedField(queryset=Person.objects.all(), required=False,
                                               allow_null=True)
    white_name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    black_name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    event_name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    played_on = DateField(required=False, allow_null=True)
    round_number = serializers.IntegerField(min_value=1, max_value=999, required=False,
                                            allow_null=True)
    board_number = serializers.IntegerField(min_value=1, max_value=9999, required=False,
                                            allow_null=True)
    start_fen = serializers.CharField(max_length=120, required=False, allow_blank=True)
    moves_text = serializers.CharField(max_length=textfields.MOVES, required=False, allow_blank=True, trim_whitespace=False)
    notation = serializers.ChoiceField(Notation.choices, required=False)
    declared_score = serializers.ChoiceField(
        [("", ""), *DeclaredScore.choices],  # GameRecord.declared_score's
        required=False, allow_blank=True)
    white_time_used = serializers.DurationField(required=False, allow_null=True)
    black_time_used = serializers.DurationField(required=False, allow_null=True)
    version = serializers.IntegerField(required=False, write_only=True)

    def validate(self, attrs):
        creating = self.instance is None
        if creating and not attrs.get("pairing") and not attrs.get("discipline"):
            raise serializers.ValidationError(
                {"discipline": [_("Ván lẻ (không thuộc cặp đấu) phải ghi môn.")]})
        if not creating and "version" not in attrs:
            raise serializers.ValidationError(
                {"version": [_("Gửi phiên bản (version) đã đọc để tránh ghi đè.")]})
        return attrs


class GameDecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(Decision.choices)
    reason = serializers.CharField(max_length=40)
    version = serializers.IntegerField()

    def validate_reason(self, value: str) -> str:
        if not engine.is_decision_reason(value):
            raise serializers.ValidationError(
                _("Lý do không có trong danh mục: %s") % ", ".join(engine.DECISION_REASONS))
        return value


class GameVersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()


class FinalPhaseWriteSerializer(GameVersionSerializer):
    ply = serializers.IntegerField(
        min_value=1, max_value=32767, allow_null=True,
        help_text="Điều 10.1.2: the first half-move of the Asian control's final phase "
                  "(null clears it).")


class FinalPhaseSerializer(serializers.Serializer):
    final_phase_ply = serializers.IntegerField(allow_null=True)
    excess_check = serializers.CharField(help_text="The event's rule for a check beyond four.")
    checks = serializers.JSONField(allow_null=True, help_text=(
        "{from_ply, checks: {w: [plies], b: [plies]}, excess: [{side, ply}]}"))


class GameCorrectionSerializer(GameVersionSerializer):
    reason = serializers.CharField(max_length=textfields.NOTE, help_text="Why the signed record is opened for correction.")


class GameSignSerializer(GameVersionSerializer):
    who = serializers.ChoiceField([(Side.WHITE, Side.WHITE.label), (Side.BLACK, Side.BLACK.label),
                                   ("arbiter", _("Trọng tài"))])


class GameFaultWriteSerializer(serializers.Serializer):
    side = serializers.ChoiceField(Side.choices)
    kind = serializers.ChoiceField(FaultKind.choices)
    scoresheet_omission = serializers.BooleanField(required=False, default=False)
    article = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
    ply = serializers.IntegerField(min_value=1, max_value=32767,  # PositiveSmallIntegerField
                                   required=False, allow_null=True, default=None)
    note = serializers.CharField(max_length=textfields.NOTE, required=False, allow_blank=True, default="")


class GameUploadSerializer(serializers.ModelSerializer):
    file = serializers.FileField(write_only=True, required=False)
    content = serializers.CharField(required=False, trim_whitespace=False)
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all(),
                                                    required=False, allow_null=True)
    round = serializers.IntegerField(source="round_number", min_value=1, required=False,
                                     allow_null=True)

    class Meta:
        model = GameUpload
        fields = ["id", "file", "content", "file_name", "tournament", "round", "notation",
                  "keep_valid", "event_name", "state", "report", "job", "uploaded_by",
                  "uploaded_at"]
        read_only_fields = ["id", "state", "report", "job", "uploaded_by", "uploaded_at"]
        extra_kwargs = {"content": {"write_only": True}}

    def validate(self, attrs):
        upload = attrs.pop("file", None)
        limit = settings.PGN_UPLOAD_MAX_BYTES
        if upload is not None:
            if upload.size > limit:
                raise upload_too_large("file")
            raw = upload.read()
            attrs["content"] = engine.xqf_upload_text(raw, upload.name or "") \
                or self._utf8(raw)  # an XQF file (binary) is kept as base64 text
            attrs.setdefault("file_name", upload.name)
        if not attrs.get("content"):
            raise serializers.ValidationError({"file": [_("Gửi tệp PGN (file) hoặc nội dung "
                                                          "(content).")]})
        if upload is None and len(attrs["content"].encode("utf-8")) > limit:
            raise upload_too_large("content")
        return attrs

    @staticmethod
    def _utf8(raw: bytes) -> str:
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise serializers.ValidationError(
                {"file": [_("Tệp PGN phải mã hóa UTF-8 (byte %s).") % exc.start]}) from exc


class GameUploadDetailSerializer(GameUploadSerializer):
    """An upload with its per-game report (the content itself is not echoed)."""

    class Meta(GameUploadSerializer.Meta):
        fields = [f for f in GameUploadSerializer.Meta.fields if f not in ("file", "content")]
        read_only_fields = fields


class GameUploadListSerializer(GameUploadSerializer):
    """An upload in a list: no per-game report (``GET game-uploads/{id}/`` has it) — the list
    inlined every report and answered 34.6 MB (issue 14)."""

    class Meta(GameUploadSerializer.Meta):
        fields = [f for f in GameUploadSerializer.Meta.fields
                  if f not in ("file", "content", "report")]
        read_only_fields = fields
