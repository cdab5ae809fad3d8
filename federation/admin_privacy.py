"""The staff pages of personal data (Nghị định 13/2023/NĐ-CP): the access log, consents and
the persons' requests (access, correction, deletion)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.admin import ReadOnlyAdmin
from core.admin_history import HistoryAdmin
from core.admin_service import ServiceAdmin
from federation.admin_base import run_form_action
from federation.models import Consent, DataRequest, PrivateDataAccess
from federation.services import privacy


@admin.register(PrivateDataAccess)
class PrivateDataAccessAdmin(ServiceAdmin, ReadOnlyAdmin):
    """The access log of private data (Nghị định 13/2023/NĐ-CP): read only, for staff."""

    list_display = ["at", "person", "user", "fields_read", "via"]
    list_filter = ["via"]
    fields = ["at", "person", "user", "fields_read", "via", "path"]
    readonly_fields = ["at", "person", "user", "fields_read", "via", "path"]
    list_select_related = ["person", "user"]
    search_fields = ["person__full_name", "user__username"]
    date_hierarchy = "at"

    @admin.display(description=gettext_lazy("các trường"))
    def fields_read(self, row):
        return ", ".join(row.field_labels())


class WithdrawConsentForm(forms.Form):
    note = forms.CharField(label=gettext_lazy("Ghi chú (căn cứ: đơn, thư của người đó)"),
                           max_length=2000, widget=forms.Textarea)


@admin.register(Consent)
class ConsentAdmin(ServiceAdmin, admin.ModelAdmin):
    """Consents are recorded with applications (``services.submit_application``); staff record
    a withdrawal here from the person's letter (Điều 12)."""

    list_display = ["person", "given_on", "given_by", "relation", "child_agreed", "withdrawn_on"]
    list_filter = ["relation", "withdrawn_on"]
    list_select_related = ["person"]
    search_fields = ["person__full_name", "given_by"]
    readonly_fields = ["person", "application", "data_collected", "purposes", "given_on",
                       "given_by", "relation", "child_agreed", "recorded_by", "recorded_at",
                       "withdrawn_on", "withdrawn_by", "withdrawal_note"]
    actions = ["withdraw"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description=gettext_lazy("Ghi việc rút lại sự đồng ý (Điều 12)"))
    def withdraw(self, request, queryset):
        return run_form_action(
            self, request, queryset, form_class=WithdrawConsentForm,
            title=_("Rút lại sự đồng ý xử lý dữ liệu cá nhân"),
            apply=lambda consent, data: privacy.withdraw_consent(
                consent.person, note=data["note"], by=request.user) and None)


class DataRequestForm(forms.ModelForm):
    class Meta:
        model = DataRequest
        fields = ["person", "kind", "details", "received_at"]


class HandleRequestForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Kết quả và lý do"), max_length=2000,
                             widget=forms.Textarea)


class CorrectionForm(HandleRequestForm):
    """The fields to correct (empty: unchanged), applied by ``update_person``."""

    full_name = forms.CharField(label=gettext_lazy("Họ và tên"), max_length=200, required=False)
    date_of_birth = forms.DateField(label=gettext_lazy("Ngày sinh"), required=False,
                                    input_formats=["%d/%m/%Y", "%Y-%m-%d"])
    citizen_id = forms.CharField(label=gettext_lazy("Số CCCD"), max_length=20, required=False)
    phone = forms.CharField(label=gettext_lazy("Điện thoại"), max_length=30, required=False)
    email = forms.EmailField(label=gettext_lazy("Email"), required=False)
    address = forms.CharField(label=gettext_lazy("Địa chỉ"), max_length=300, required=False)

    def changes(self) -> dict:
        return {k: v for k, v in self.cleaned_data.items()
                if k != "reason" and v not in (None, "")}


@admin.register(DataRequest)
class DataRequestAdmin(ServiceAdmin, HistoryAdmin):
    """The person's requests (Nghị định 13/2023 Điều 9, 14-16): staff record one from his
    letter, then carry it out or refuse it with the reason; the deadline is 72 hours."""

    form = DataRequestForm
    list_display = ["person", "kind", "received_at", "deadline", "state", "handled_by"]
    list_filter = ["kind", "state"]
    list_select_related = ["person", "handled_by"]
    search_fields = ["person__full_name"]
    autocomplete_fields = ["person"]
    actions = ["complete_export", "correct", "erase", "refuse"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ["deadline", "state", "outcome", "handled_by", "handled_at"]
        return ["person", "kind", "details", "received_at", "deadline", "state", "outcome",
                "handled_by", "handled_at"]

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        if change:
            return
        created = privacy.file_data_request(obj.person, kind=obj.kind, details=obj.details,
                                            by=request.user, received_at=obj.received_at)
        obj.pk = created.pk

    def _handle_with_reason(self, request, queryset, *, title: str, handle):
        """An action whose form asks only the reason; ``handle(row, reason=, by=)`` is the
        privacy service carrying it out on each selected request."""
        return run_form_action(
            self, request, queryset, form_class=HandleRequestForm, title=title,
            apply=lambda row, data: handle(row, reason=data["reason"], by=request.user)
            and None)

    @admin.action(description=gettext_lazy("Cung cấp bản sao dữ liệu (Điều 14)"))
    def complete_export(self, request, queryset):
        return self._handle_with_reason(request, queryset, title=_("Cung cấp bản sao dữ liệu"),
                                        handle=privacy.complete_export)

    @admin.action(description=gettext_lazy("Chỉnh sửa dữ liệu theo yêu cầu (Điều 15)"))
    def correct(self, request, queryset):
        if "apply" in request.POST:
            bound = CorrectionForm(request.POST)
            changes = bound.changes() if bound.is_valid() else {}
        else:
            changes = {}
        return run_form_action(
            self, request, queryset, form_class=CorrectionForm,
            title=_("Chỉnh sửa dữ liệu theo yêu cầu"),
            apply=lambda row, data: privacy.apply_correction(
                row, changes, reason=data["reason"], by=request.user) and None)

    @admin.action(description=gettext_lazy("Xóa liên lạc và số CCCD theo yêu cầu (Điều 16)"))
    def erase(self, request, queryset):
        return self._handle_with_reason(
            request, queryset, title=_("Xóa dữ liệu không phải hồ sơ chính thức"),
            handle=privacy.erase_personal_data)

    @admin.action(description=gettext_lazy("Từ chối yêu cầu (ghi lý do)"))
    def refuse(self, request, queryset):
        return self._handle_with_reason(request, queryset,
                                        title=_("Từ chối yêu cầu về dữ liệu"),
                                        handle=privacy.refuse_request)
