"""The staff pages of membership applications (Điều 8): check, approve, reject, refuse
admission."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import dates
from core.admin import TouchesPublicCache
from core.admin_history import HistoryAdmin
from core.admin_search import FoldedSearchMixin
from core.admin_service import ServiceAdmin
from core.errors import ServiceError
from federation import services
from federation.admin_base import run_form_action, service_validation_error
from federation.models import Consent, MembershipApplication
from federation.services import privacy


class ApplicationForm(forms.ModelForm):
    # the consent signed with the application (Nghị định 13/2023/NĐ-CP Điều 11, 20)
    consent = forms.CharField(
        label=gettext_lazy("Người đồng ý xử lý dữ liệu cá nhân"), max_length=200,
        required=False, help_text=gettext_lazy(
            "Chính người xin gia nhập; cha, mẹ hoặc người giám hộ nếu chưa đủ 16 tuổi."))
    consent_relation = forms.ChoiceField(label=gettext_lazy("Quan hệ với người xin gia nhập"),
                                         choices=Consent.Relation.choices, required=False)
    consent_child_agreed = forms.BooleanField(
        label=gettext_lazy("Trẻ em cũng đồng ý"), required=False, help_text=gettext_lazy(
            "Bắt buộc khi người xin gia nhập từ đủ 7 đến dưới 16 tuổi (Nghị định "
            "13/2023/NĐ-CP, Điều 20.3): chính trẻ em đã ký hoặc đồng ý trên đơn."))

    class Meta:
        model = MembershipApplication
        fields = ["person", "club", "sponsor", "submitted_on"]

    def given_consent(self) -> privacy.ConsentGiven | None:
        data = self.cleaned_data
        if not data.get("consent"):
            return None  # the service refuses, on this field
        return privacy.ConsentGiven(given_by=data["consent"],
                                    relation=data.get("consent_relation") or "",
                                    given_on=data.get("submitted_on"),
                                    child_agreed=bool(data.get("consent_child_agreed")))

    def clean_submitted_on(self):
        value = self.cleaned_data.get("submitted_on")
        dates.check_not_future(value)  # an application is not dated next year (issue 18)
        return value

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.instance.pk is None and all(data.get(k) for k in ("person", "club", "sponsor")):
            try:
                services.check_application(data["person"], data["club"], data["sponsor"])
            except ServiceError as exc:
                raise service_validation_error(exc) from exc
            self._check_child_agreed(data)
        return data

    def _check_child_agreed(self, data) -> None:
        """The child's own consent (Điều 20.3) next to its box; the rest of the consent is
        checked by the service on save."""
        consent = self.given_consent()
        if consent is None:
            return
        try:
            privacy.check_consent(data["person"], consent,
                                  data.get("submitted_on") or timezone.localdate())
        except ServiceError as exc:
            if privacy.CHILD_AGREED_FIELD in exc.fields:
                self.add_error("consent_child_agreed", exc.fields[privacy.CHILD_AGREED_FIELD])


class RejectForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Lý do từ chối"), widget=forms.Textarea)


class RefuseAdmissionForm(forms.Form):
    """Phụ lục 2 Điều 15.2: the body refuses, within its window, a member its club admitted."""

    reason = forms.CharField(label=gettext_lazy("Lý do từ chối kết nạp"), widget=forms.Textarea,
                             max_length=1000)
    on = forms.DateField(label=gettext_lazy("Ngày từ chối"), required=False,
                         help_text=gettext_lazy("Để trống: hôm nay."))


@admin.register(MembershipApplication)
class MembershipApplicationAdmin(ServiceAdmin, TouchesPublicCache, FoldedSearchMixin, HistoryAdmin):
    folded_field = "person__name_folded"
    form = ApplicationForm
    list_display = ["person", "club", "sponsor", "submitted_on", "status", "member"]
    list_filter = ["status", "club__province", "club"]
    search_fields = ["person__full_name", "member__card_number"]
    autocomplete_fields = ["person", "club", "sponsor"]
    list_select_related = ["person", "club", "sponsor__person", "member__person"]
    readonly_fields = ["status", "decided_by", "decided_at", "member", "rejection_reason",
                       "admitted_by_club", "refusal_until", "annulled_by", "annulled_on",
                       "annulment_reason"]
    actions = ["approve_selected", "reject_selected", "refuse_admission_selected"]

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        created = services.submit_application(person=obj.person, club=obj.club,
                                              sponsor=obj.sponsor,
                                              submitted_on=obj.submitted_on, by=request.user,
                                              consent=form.given_consent())
        obj.pk = created.pk

    @admin.action(description=gettext_lazy("Duyệt các đơn đã chọn (cấp thẻ hội viên)"))
    def approve_selected(self, request, queryset):
        for application in queryset:
            try:
                member = services.approve_application(application, by=request.user)
            except ServiceError as exc:
                self.message_user(request, f"{application}: {exc.message}", messages.ERROR)
            else:
                self.message_user(request, _("%(name)s: đã cấp thẻ %(card)s") % {
                    "name": application.person.full_name, "card": member.card_number},
                    messages.SUCCESS)

    @admin.action(description=gettext_lazy("Từ chối các đơn đã chọn (ghi lý do)"))
    def reject_selected(self, request, queryset):
        return run_form_action(
            self, request, queryset, form_class=RejectForm, title=_("Từ chối đơn xin gia nhập"),
            apply=lambda app, data: services.reject_application(
                app, reason=data["reason"], by=request.user) and None)

    @admin.action(description=gettext_lazy(
        "Từ chối kết nạp hội viên do câu lạc bộ kết nạp (Phụ lục 2 Điều 15.2)"))
    def refuse_admission_selected(self, request, queryset):
        return run_form_action(
            self, request, queryset, form_class=RefuseAdmissionForm,
            title=_("Từ chối kết nạp (Phụ lục 2 Điều 15.2)"),
            apply=lambda app, data: services.refuse_admission(
                app, reason=data["reason"], on=data["on"], by=request.user) and None)
