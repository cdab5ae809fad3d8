"""API representations of the registry. No business rules here: views call services.

Private person fields (Person.PRIVATE_FIELDS) are dropped unless the request's
``PrivateAccess`` (context key ``private``) allows them for that person.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import textfields
from core.fields import DateField
from federation.models import (
    Attendance,
    BoardPosition,
    Body,
    Club,
    ClubBoardMember,
    ClubMeeting,
    ClubMembership,
    DuesPayment,
    Member,
    MemberEvent,
    MembershipApplication,
    Person,
    PlayGroup,
    Province,
    Resignation,
    Suspension,
    is_masked,
    mask_citizen_id,
)
from federation.serializers_privacy import ConsentInputSerializer


class ProvinceSerializer(serializers.ModelSerializer):
    class Meta:
        model = Province
        fields = ["id", "code", "name", "region"]


class BoardPositionSerializer(serializers.ModelSerializer):
    person_name = serializers.CharField(source="person.full_name", read_only=True)
    term_end = DateField(required=False, allow_null=True)

    class Meta:
        model = BoardPosition
        fields = ["id", "body", "person", "person_name", "role", "term_start", "term_end"]


class BodySerializer(serializers.ModelSerializer):
    province_code = serializers.CharField(source="province.code", read_only=True, default=None)
    term_years = serializers.IntegerField(read_only=True)

    class Meta:
        model = Body
        fields = ["id", "name", "level", "province", "province_code", "parent", "term_years",
                  "admission", "refusal_days"]


class ClubSerializer(serializers.ModelSerializer):
    province_code = serializers.CharField(source="province.code", read_only=True)
    province = serializers.PrimaryKeyRelatedField(queryset=Province.objects.all(), required=False)
    # a method field: a read-only field with a default is skipped from PATCH answers
    member_count = serializers.SerializerMethodField()
    managers = serializers.PrimaryKeyRelatedField(
        many=True, required=False, write_only=True,
        queryset=get_user_model().objects.all())  # Club.managers: users

    class Meta:
        model = Club
        fields = ["id", "name", "body", "province", "province_code", "kind", "plays_xiangqi",
                  "plays_chess", "address", "founded_on", "is_active", "member_count", "managers"]

    def get_member_count(self, club: Club) -> int | None:
        """Active members (annotated by the club list/detail queryset; None when not)."""
        return getattr(club, "member_count", None)


class ClubBoardMemberSerializer(serializers.ModelSerializer):
    person_name = serializers.CharField(source="person.full_name", read_only=True)

    class Meta:
        model = ClubBoardMember
        fields = ["person", "person_name", "role"]


class ClubMeetingSerializer(serializers.ModelSerializer):
    board = ClubBoardMemberSerializer(many=True)

    class Meta:
        model = ClubMeeting
        fields = ["id", "club", "held_on", "notes", "board"]


class PlayGroupSerializer(serializers.ModelSerializer):
    class Meta:
        model = PlayGroup
        fields = ["id", "club", "kind", "name", "address"]


class PersonMergeSerializer(serializers.Serializer):
    """The duplicate record merged into the person of the URL, and why (issue #28)."""

    duplicate = serializers.PrimaryKeyRelatedField(queryset=Person.objects.all())
    reason = serializers.CharField(max_length=1000)


class PersonSerializer(serializers.ModelSerializer):
    """Public: name, gender, province, FIDE id, current club and card. Private fields only
    for staff, the person himself and the officers/managers of his club."""

    # a method, not source="province.code" with default=None: DRF skips a defaulted field in
    # a PATCH's answer (partial), so a person PATCHed to no province lost the key
    province_code = serializers.SerializerMethodField()
    club = serializers.SerializerMethodField()
    card_number = serializers.SerializerMethodField()
    citizen_id = serializers.CharField(required=False, allow_null=True, allow_blank=True,
                                       max_length=20)
    fide_id = serializers.CharField(required=False, allow_null=True, allow_blank=True,
                                    max_length=12)

    class Meta:
        model = Person
        fields = ["id", "full_name", "gender", "province", "province_code", "fide_id",
                  "citizenship", "club", "card_number", *Person.PRIVATE_FIELDS]
        # Uniqueness is checked by the service (400 on the field, the service's message).
        validators: list = []

    def get_province_code(self, person) -> str | None:
        return person.province.code if person.province_id else None

    def get_club(self, person) -> dict | None:
        member = _active_member(person)
        if member is None:
            return None
        current = next((m for m in member.club_memberships.all() if m.ended_on is None), None)
        return {"id": current.club_id, "name": current.club.name} if current else None

    def get_card_number(self, person) -> str | None:
        member = _active_member(person)
        return member.card_number if member else None

    def validate_citizen_id(self, value):
        """A masked number sent back unchanged (a PATCH of what GET answered) keeps the stored
        one; any other masked text is refused."""
        if is_masked(value):
            stored = getattr(self.instance, "citizen_id", None)
            if stored and value == mask_citizen_id(stored):
                return stored
            raise serializers.ValidationError(_("Số CCCD đang bị che (chỉ hiện 4 số cuối): "
                                                "nhập đủ số hoặc bỏ trường này."))
        return value

    def to_representation(self, instance):
        data = super().to_representation(instance)
        access = self.context.get("private")
        shown = access.fields(instance) if access is not None else frozenset()
        for field in Person.PRIVATE_FIELDS:
            if field not in shown:
                data.pop(field, None)
        if shown and access is not None and hasattr(access, "shown"):
            access.shown(instance, frozenset(f for f in shown if data.get(f) not in (None, "")))
        if data.get("citizen_id"):  # minimisation: the last 4 digits; the whole on a reveal
            data["citizen_id"] = mask_citizen_id(data["citizen_id"])
        return data


def _active_member(person: Person) -> Member | None:
    return next((m for m in person.memberships.all() if m.status == Member.Status.ACTIVE), None)


class MemberPersonSerializer(PersonSerializer):
    class Meta(PersonSerializer.Meta):
        fields = ["id", "full_name", "gender", "province", "province_code", "fide_id",
                  *Person.PRIVATE_FIELDS]


class MemberSerializer(serializers.ModelSerializer):
    person = MemberPersonSerializer(read_only=True)
    club = serializers.SerializerMethodField()
    province_code = serializers.SerializerMethodField()

    class Meta:
        model = Member
        fields = ["id", "card_number", "status", "joined_on", "ended_on", "end_rule",
                  "reinstated_on", "person", "club", "province_code"]

    def _last_club(self, member):
        memberships = sorted(member.club_memberships.all(), key=lambda m: (m.started_on, m.pk))
        return memberships[-1].club if memberships else None

    def get_club(self, member) -> dict | None:
        club = self._last_club(member)
        return {"id": club.pk, "name": club.name} if club else None

    def get_province_code(self, member) -> str | None:
        club = self._last_club(member)
        return club.province.code if club else None

    def to_representation(self, instance):
        # Lets PrivateAccess decide from the prefetched memberships without a query.
        if instance.status == Member.Status.ACTIVE:
            current = next((m for m in instance.club_memberships.all() if m.ended_on is None),
                           None)
            instance.person.current_club_id = current.club_id if current else None
        return super().to_representation(instance)


class MemberEventSerializer(serializers.ModelSerializer):
    class Meta:
        model = MemberEvent
        fields = ["id", "kind", "date", "rule", "note", "at"]


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}]})
class MemberReferenceField(serializers.CharField):
    """In: a member's id or card number (text); out: the member's id (to_representation of
    the serializers below), so the schema says integer or string."""


class ApplicationSerializer(serializers.ModelSerializer):
    sponsor = MemberReferenceField(  # answered as the sponsor's id (to_representation)
        help_text=_("Hội viên giới thiệu: mã (id) hoặc số thẻ hội viên"))
    sponsor_card = serializers.CharField(source="sponsor.card_number", read_only=True)
    person_name = serializers.CharField(source="person.full_name", read_only=True)
    card_number = serializers.CharField(source="member.card_number", read_only=True, default=None)
    submitted_on = DateField(required=False)
    citizen_id = serializers.CharField(
        write_only=True, required=False, allow_blank=True, max_length=20,
        help_text=_("Số CCCD của người xin gia nhập, nhập từ đơn giấy (người đã có hồ sơ): "
                    "phải khớp với hồ sơ"))
    date_of_birth = DateField(
        write_only=True, required=False,
        help_text=_("Ngày sinh của người xin gia nhập, nhập từ đơn giấy (người đã có hồ sơ): "
                    "phải khớp với hồ sơ"))
    proof_fields = serializers.SerializerMethodField(
        help_text=_("Các trường dữ liệu riêng mà đơn đang chờ duyệt cho câu lạc bộ xem: chỉ "
                    "những gì người nộp đơn đã tự nhập"))
    consent = ConsentInputSerializer(
        write_only=True, error_messages={
            "required": _("Thiếu sự đồng ý xử lý dữ liệu cá nhân (Nghị định 13/2023/NĐ-CP, "
                          "Điều 11): ghi người đồng ý (given_by), quan hệ (relation) và ngày "
                          "đồng ý (given_on)."),
            "null": _("Thiếu sự đồng ý xử lý dữ liệu cá nhân (Nghị định 13/2023/NĐ-CP, "
                      "Điều 11).")},
        help_text=_("Sự đồng ý xử lý dữ liệu cá nhân đi kèm đơn (bắt buộc; Nghị định "
                    "13/2023/NĐ-CP Điều 11, 20)"))

    class Meta:
        model = MembershipApplication
        fields = ["id", "person", "person_name", "club", "sponsor", "sponsor_card",
                  "submitted_on", "status", "rejection_reason", "decided_at", "member",
                  "card_number", "citizen_id", "date_of_birth", "proof", "proof_fields",
                  "consent", "admitted_by_club", "refusal_until", "annulled_on",
                  "annulment_reason"]
        read_only_fields = ["status", "rejection_reason", "decided_at", "member", "proof",
                            "admitted_by_club", "refusal_until", "annulled_on",
                            "annulment_reason"]

    def get_proof_fields(self, application) -> list[str]:
        Proof = MembershipApplication.Proof
        if application.proof in (Proof.ENTERED, Proof.CONFIRMED):
            return list(Person.PRIVATE_FIELDS)
        return sorted(application.typed_fields)

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["sponsor"] = instance.sponsor_id
        return data


class ApplicationApproveSerializer(serializers.Serializer):
    date = DateField(required=False)


class AdmissionRefuseSerializer(serializers.Serializer):
    """The body refuses a member its club admitted (Phụ lục 2 Điều 15.2)."""

    reason = serializers.CharField(max_length=textfields.NOTE)
    date = DateField(required=False)


class ApplicationRejectSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=textfields.NOTE, allow_blank=True)


class DuesSerializer(serializers.ModelSerializer):
    member = MemberReferenceField(help_text=_("Hội viên: mã (id) hoặc số thẻ"))
    card_number = serializers.CharField(source="member.card_number", read_only=True)
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all(), required=False)
    paid_on = DateField(required=False)

    class Meta:
        model = DuesPayment
        fields = ["id", "member", "card_number", "club", "amount", "period_start", "period_end",
                  "receipt_number", "paid_on", "recorded_by", "recorded_at"]
        read_only_fields = ["recorded_by", "recorded_at"]
        validators: list = []

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["member"] = instance.member_id
        return data


class AttendanceSerializer(serializers.ModelSerializer):
    member = MemberReferenceField(help_text=_("Hội viên: mã (id) hoặc số thẻ"))
    card_number = serializers.CharField(source="member.card_number", read_only=True)
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all(), required=False,
                                              allow_null=True)

    class Meta:
        model = Attendance
        fields = ["id", "member", "card_number", "club", "date", "kind", "note"]
        validators: list = []

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["member"] = instance.member_id
        return data


class AttendanceSessionSerializer(serializers.Serializer):
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    date = DateField()
    members = serializers.ListField(child=serializers.CharField(), allow_empty=False,
                                    help_text=_("Hội viên: mã (id) hoặc số thẻ"))
    note = serializers.CharField(max_length=textfields.NOTE, required=False, allow_blank=True, default="")


class ResignationSerializer(serializers.ModelSerializer):
    card_number = serializers.CharField(source="member.card_number", read_only=True)
    effective_on = DateField(required=False)

    class Meta:
        model = Resignation
        fields = ["id", "member", "card_number", "applied_on", "effective_on", "card_returned",
                  "card_returned_on", "note"]
        validators: list = []


class ResignationCardReturnSerializer(serializers.Serializer):
    date = DateField(required=False)


class SuspensionSerializer(serializers.ModelSerializer):
    person_name = serializers.CharField(source="person.full_name", read_only=True)

    class Meta:
        model = Suspension
        fields = ["id", "person", "person_name", "starts_on", "ends_on", "decision",
                  "decision_reference", "article", "reason", "lifted_on"]
        read_only_fields = ["decision_reference", "lifted_on"]
        # required on create (the service refuses null: 400 naming "decision"); older rows
        # recorded before decisions were issued here read null
        extra_kwargs = {"decision": {"required": True, "allow_null": True}}


class SuspensionLiftSerializer(serializers.Serializer):
    date = DateField(required=False)


class ClubMembershipSerializer(serializers.ModelSerializer):
    card_number = serializers.CharField(source="member.card_number", read_only=True)
    club_name = serializers.CharField(source="club.name", read_only=True)

    class Meta:
        model = ClubMembership
        fields = ["id", "member", "card_number", "club", "club_name", "started_on", "ended_on"]


class MemberTransferSerializer(serializers.Serializer):
    member = serializers.CharField(help_text=_("Hội viên: mã (id) hoặc số thẻ"))
    to_club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    date = DateField(required=False)
    note = serializers.CharField(max_length=textfields.NOTE, required=False, allow_blank=True, default="")


class MemberReinstateSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=textfields.NOTE, allow_blank=True)
    date = DateField(required=False)


class LapseJobStartSerializer(serializers.Serializer):
    date = DateField(required=False)

    def validate(self, attrs):
        # A form's empty ``date=`` is "not given" to DRF: it started today's job (issue 14).
        if "date" in self.initial_data and self.initial_data.get("date") in ("", None):
            raise serializers.ValidationError({"date": [_("Ngày không được để trống; bỏ "
                                                          "trường này để dùng hôm nay.")]})
        return attrs


class AboutToLapseQuerySerializer(serializers.Serializer):
    date = DateField(required=False)
    within = serializers.IntegerField(required=False, default=30, min_value=1, max_value=366)


class LapseDueSerializer(serializers.Serializer):
    member = serializers.IntegerField(source="member_id")
    card_number = serializers.CharField()
    full_name = serializers.CharField()
    rule = serializers.CharField()
    reference = DateField()
    deadline = DateField()
