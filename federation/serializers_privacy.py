"""API representations of personal data (Nghị định 13/2023/NĐ-CP, issue 31): consents, the
access log, the reveal of an ID number, the person's requests and his data copy."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core import textfields
from core.fields import DateField
from federation.models import Consent, DataRequest, PrivateDataAccess


class ConsentInputSerializer(serializers.Serializer):
    """The consent given with an application (Nghị định 13/2023/NĐ-CP Điều 11, 20)."""

    given_by = serializers.CharField(max_length=200, help_text=_(
        "Họ tên người đồng ý: chính người xin gia nhập, hoặc cha, mẹ, người giám hộ nếu người "
        "đó chưa đủ 16 tuổi"))
    relation = serializers.ChoiceField(choices=Consent.Relation.choices, help_text=_(
        "Quan hệ của người đồng ý với người xin gia nhập"))
    given_on = DateField(required=False, help_text=_("Ngày đồng ý (mặc định: ngày nộp đơn)"))
    child_agreed = serializers.BooleanField(required=False, default=False, help_text=_(
        "Trẻ em cũng đồng ý: bắt buộc khi người xin gia nhập từ đủ 7 đến dưới 16 tuổi "
        "(Nghị định 13/2023/NĐ-CP, Điều 20.3)"))


class ConsentSerializer(serializers.ModelSerializer):
    recorded_by = serializers.CharField(source="recorded_by.get_username", default=None,
                                        read_only=True)
    withdrawn_by = serializers.CharField(source="withdrawn_by.get_username", default=None,
                                         read_only=True)

    class Meta:
        model = Consent
        fields = ["id", "person", "application", "data_collected", "purposes", "given_on",
                  "given_by", "relation", "child_agreed", "recorded_by", "recorded_at", "withdrawn_on",
                  "withdrawn_by", "withdrawal_note"]
        read_only_fields = fields


class ConsentWithdrawSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=textfields.NOTE, required=False, allow_blank=True,
                                 default="")


class RevealSerializer(serializers.Serializer):
    citizen_id = serializers.CharField(allow_blank=True)


class DataRequestSerializer(serializers.ModelSerializer):
    handled_by = serializers.CharField(source="handled_by.get_username", default=None,
                                       read_only=True)

    class Meta:
        model = DataRequest
        fields = ["id", "person", "kind", "details", "received_at", "deadline", "state",
                  "outcome", "handled_by", "handled_at"]
        read_only_fields = ["received_at", "deadline", "state", "outcome", "handled_by",
                            "handled_at"]


class ExportQuerySerializer(serializers.Serializer):
    output = serializers.ChoiceField(choices=["json", "pdf"], required=False, default="json")


class DataRequestHandleSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=textfields.NOTE, required=False, allow_blank=True,
                                   default="")
    changes = serializers.DictField(required=False, default=dict, help_text=_(
        "Chỉnh sửa: các trường của hồ sơ và giá trị mới (như PATCH /persons/{id}/)"))


class DataRequestRefuseSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=textfields.NOTE)


class PrivateDataAccessSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.get_username", default=None, read_only=True)
    private_fields = serializers.SerializerMethodField(help_text="The private fields shown.")

    class Meta:
        model = PrivateDataAccess
        fields = ["id", "at", "user", "private_fields", "via", "path"]
        read_only_fields = fields

    def get_private_fields(self, row) -> list[str]:
        return [f for f in row.fields.split(",") if f]
