"""Admin of the registry (Vietnamese by default). Actions call ``federation.services``.

Search by name works with or without diacritics (the folded query is matched on
``name_folded``); persons, clubs, members and club memberships keep a change history
(who changed what and when) through django-simple-history.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.db.models import Prefetch
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core import dashboard, dates
from core.admin import ReadOnlyAdmin, TouchesPublicCache
from core.admin_display import EMPTY
from core.admin_display import table as admin_table
from core.admin_history import HistoryAdmin, LabelledHistoryHelper
from core.admin_search import FoldedSearchMixin
from core.admin_service import ServiceAdmin
from core.errors import ServiceError
from core.hooks import provider
from core.official import why_official
from documents.models import Decision, Document
from federation import admin_merge, selectors, services
from federation.documents import member_card_pdf
from federation.models import (
    Attendance,
    BoardPosition,
    Body,
    CardSequence,
    Club,
    ClubBoardMember,
    ClubMeeting,
    ClubMembership,
    Consent,
    DataRequest,
    DuesPayment,
    Member,
    MemberEvent,
    MembershipApplication,
    Officer,
    Person,
    PlayGroup,
    PrivateDataAccess,
    Province,
    Resignation,
    Suspension,
    mask_citizen_id,
)
from federation.selectors import about_to_lapse_queryset, applications_to_decide
from federation.services import privacy


def service_validation_error(exc: ServiceError) -> forms.ValidationError:
    """A service refusal shown on the admin form's fields."""
    # a refusal about no field is the form's own error (a None key made Django raise ValueError)
    errors: dict[str, list[str]] = exc.fields or {NON_FIELD_ERRORS: [exc.message]}
    return forms.ValidationError(errors)


def run_form_action(modeladmin, request, queryset, *, form_class, title: str, apply):
    """An action with an intermediate form: show the form, then ``apply(obj, cleaned_data)``
    to each selected object, reporting each service error."""
    if "apply" in request.POST:
        form = form_class(request.POST)
        if form.is_valid():
            done = 0
            for obj in queryset:
                try:
                    message = apply(obj, form.cleaned_data)
                    done += 1
                    if message:
                        modeladmin.message_user(request, message, messages.SUCCESS)
                except ServiceError as exc:
                    modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
            if done:
                modeladmin.message_user(
                    request, ngettext("Đã xử lý %(n)d mục.", "Đã xử lý %(n)d mục.", done)
                    % {"n": done}, messages.SUCCESS)
            return None
    else:
        form = form_class()
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title, "form": form, "queryset": queryset,
        "action": request.POST.get("action"), "opts": modeladmin.model._meta,
        "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/federation/action_form.html", context)


# --- reference data and bodies ----------------------------------------------------------

@admin.register(Province)
class ProvinceAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["code", "name", "region"]
    list_filter = ["region"]
    search_fields = ["code", "name"]


class BoardPositionForm(forms.ModelForm):
    #: the body of the change page (BoardPositionInline sets it on the formset's form class)
    parent_body: Body | None = None

    class Meta:
        model = BoardPosition
        fields = ["person", "role", "term_start", "term_end"]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        body = self.instance.body if self.instance.body_id else self.parent_body
        if body and data.get("term_start") and data.get("term_end"):
            try:
                services.check_board_term(body, data["term_start"], data["term_end"])
            except ServiceError as exc:
                raise service_validation_error(exc) from exc
        return data


class BoardPositionInline(admin.TabularInline):
    model = BoardPosition
    form = BoardPositionForm
    extra = 0
    autocomplete_fields = ["person"]

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        if issubclass(formset.form, BoardPositionForm):  # the factory's subclass of it
            formset.form.parent_body = obj
        return formset


class OfficerInline(admin.TabularInline):
    model = Officer
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Body)
class BodyAdmin(ServiceAdmin, TouchesPublicCache, HistoryAdmin):
    list_display = ["name", "level", "province", "parent"]
    list_filter = ["level", "province"]
    list_select_related = ["province", "parent"]
    search_fields = ["name"]
    autocomplete_fields = ["parent"]
    inlines = [BoardPositionInline, OfficerInline]


# --- clubs ----------------------------------------------------------------------------------

class PlayGroupInline(admin.TabularInline):
    model = PlayGroup
    extra = 0


@admin.register(Club)
class ClubAdmin(ServiceAdmin, TouchesPublicCache, FoldedSearchMixin, HistoryAdmin):
    list_display = ["name", "body", "province", "kind", "plays_xiangqi", "plays_chess",
                    "is_active"]
    list_filter = ["kind", "is_active", "plays_xiangqi", "plays_chess", "province", "body"]
    list_select_related = ["body", "province"]
    search_fields = ["name"]
    autocomplete_fields = ["body"]
    filter_horizontal = ["managers"]
    inlines = [PlayGroupInline]


class ClubBoardMemberInline(admin.TabularInline):
    model = ClubBoardMember
    extra = 0
    autocomplete_fields = ["person"]


@admin.register(ClubMeeting)
class ClubMeetingAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["club", "held_on"]
    list_select_related = ["club"]
    list_filter = ["club__province"]
    date_hierarchy = "held_on"
    autocomplete_fields = ["club"]
    inlines = [ClubBoardMemberInline]


# --- persons --------------------------------------------------------------------------------

@admin.register(Person)
class PersonAdmin(ServiceAdmin, TouchesPublicCache, FoldedSearchMixin, HistoryAdmin):
    # minimisation (Nghị định 13/2023): the list shows the birth year and the ID number's last
    # 4 digits; the change page shows (and logs) the rest, the whole ID on a logged reveal
    list_display = ["full_name", "gender", "birth_year", "province", "masked_citizen_id",
                    "fide_id"]
    list_filter = ["gender", "province"]
    # the name through its folded form (FoldedSearchMixin: with or without diacritics); the
    # numbers and addresses whole: no "contains" scan of five columns of 50,000 rows (issue 28)
    search_fields = ["=citizen_id", "=fide_id", "=phone", "=email"]
    autocomplete_fields = ["user"]
    list_select_related = ["province"]
    form = admin_merge.PersonDuplicateCheckForm  # possible duplicates shown before saving
    actions = [admin_merge.merge_persons]
    readonly_fields = ["merged_into", "merged_at", "merged_by", "merge_reason",
                       "consent_withdrawn_on", "consents_panel", "privacy_panel"]

    @admin.display(description=gettext_lazy("sự đồng ý xử lý dữ liệu cá nhân"))
    def consents_panel(self, person):
        """Consents and withdrawals (Nghị định 13/2023 Điều 11, 12), as lines (no inline
        formset: they are written by the services only)."""
        if person.pk is None:
            return EMPTY
        return admin_table(
            [_("Ngày"), _("Người đồng ý"), _("Quan hệ"), _("Trẻ em cũng đồng ý"), _("Mục đích"),
             _("Rút lại ngày")],
            [(_day(c.given_on), c.given_by, c.get_relation_display(),
              _("Có") if c.child_agreed else EMPTY, c.purposes, _day(c.withdrawn_on))
             for c in person.consents.all()])

    @admin.display(description=gettext_lazy("năm sinh"), ordering="date_of_birth")
    def birth_year(self, person):
        return person.date_of_birth.year if person.date_of_birth else EMPTY

    @admin.display(description=gettext_lazy("số CCCD"))
    def masked_citizen_id(self, person):
        return person.masked_citizen_id or EMPTY

    @admin.display(description=gettext_lazy("dữ liệu cá nhân"))
    def privacy_panel(self, person):
        if person.pk is None:
            return EMPTY
        links = [(reverse("admin:federation_privatedataaccess_changelist")
                  + f"?person__id__exact={person.pk}", _("Nhật ký truy cập dữ liệu riêng")),
                 (reverse("admin:federation_datarequest_changelist")
                  + f"?person__id__exact={person.pk}", _("Yêu cầu về dữ liệu"))]
        if person.citizen_id:
            links.insert(0, (reverse("admin:federation_person_reveal", args=[person.pk]),
                             _("Xem đủ số CCCD (ghi vào nhật ký)")))
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

    def get_urls(self):
        from django.urls import path

        return [path("<int:pk>/xem-cccd/", self.admin_site.admin_view(self.reveal_view),
                     name="federation_person_reveal"), *super().get_urls()]

    def reveal_view(self, request, pk):
        """The whole ID number on an explicit click, written to the access log."""
        person = get_object_or_404(Person, pk=pk)
        if not self.has_view_permission(request, person):
            raise PermissionDenied
        value = privacy.reveal_citizen_id(person, by=request.user, path=request.get_full_path())
        self.message_user(request, _("Số CCCD của %(name)s: %(id)s (đã ghi vào nhật ký truy "
                                     "cập).") % {"name": person.full_name, "id": value})
        return HttpResponseRedirect(reverse("admin:federation_person_change", args=[pk]))

    def get_historical_record_context_helper(self, request, historical_record):
        return MaskedPersonHistoryHelper(self.model, historical_record)

    def history_view(self, request, object_id, extra_context=None):
        """The changes, past private values among them: the read is logged (issue 31)."""
        response = super().history_view(request, object_id, extra_context)
        self._log_history_read(request, object_id, response, version_id=None)
        return response

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        """One past version in the form (the ID number masked by the form): logged."""
        response = super().history_form_view(request, object_id, version_id, extra_context)
        self._log_history_read(request, object_id, response, version_id=version_id)
        return response

    def _log_history_read(self, request, object_id, response, *, version_id) -> None:
        if request.method != "GET" or getattr(response, "status_code", 0) != 200:
            return
        person = Person.objects.filter(pk=object_id).first()
        if person is None:
            return
        versions = person.history.all()
        if version_id is not None:
            versions = versions.filter(history_id=version_id)
        privacy.record_history_read(request.user, person, versions,
                                    via=PrivateDataAccess.Via.ADMIN,
                                    path=request.get_full_path())

    def change_view(self, request, object_id, form_url="", extra_context=None):
        response = super().change_view(request, object_id, form_url, extra_context)
        if request.method == "GET" and getattr(response, "status_code", 0) == 200:
            person = Person.objects.filter(pk=object_id).first()
            if person is not None:  # the page shows these (the ID number masked)
                privacy.record_person_read(
                    request.user, person, [f for f in Person.PRIVATE_FIELDS if f != "citizen_id"],
                    via=PrivateDataAccess.Via.ADMIN, path=request.get_full_path())
        return response


class MaskedPersonHistoryHelper(LabelledHistoryHelper):
    """A person's changes with past ID numbers masked (last 4 digits), as everywhere else
    (Nghị định 13/2023/NĐ-CP Điều 3.6, minimisation; the whole only on a logged reveal)."""

    def prepare_delta_change_value(self, change, value):
        if change.field == "citizen_id" and value:
            return mask_citizen_id(value)
        return super().prepare_delta_change_value(change, value)


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

    @admin.action(description=gettext_lazy("Cung cấp bản sao dữ liệu (Điều 14)"))
    def complete_export(self, request, queryset):
        return run_form_action(
            self, request, queryset, form_class=HandleRequestForm,
            title=_("Cung cấp bản sao dữ liệu"),
            apply=lambda row, data: privacy.complete_export(
                row, reason=data["reason"], by=request.user) and None)

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
        return run_form_action(
            self, request, queryset, form_class=HandleRequestForm,
            title=_("Xóa dữ liệu không phải hồ sơ chính thức"),
            apply=lambda row, data: privacy.erase_personal_data(
                row, reason=data["reason"], by=request.user) and None)

    @admin.action(description=gettext_lazy("Từ chối yêu cầu (ghi lý do)"))
    def refuse(self, request, queryset):
        return run_form_action(
            self, request, queryset, form_class=HandleRequestForm,
            title=_("Từ chối yêu cầu về dữ liệu"),
            apply=lambda row, data: privacy.refuse_request(
                row, reason=data["reason"], by=request.user) and None)


# --- applications ----------------------------------------------------------------------------

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


# --- members ---------------------------------------------------------------------------------

class ClubMembershipInline(admin.TabularInline):
    model = ClubMembership
    extra = 0
    can_delete = False
    readonly_fields = ["club", "started_on", "ended_on"]

    def has_add_permission(self, request, obj=None):
        return False


class MemberEventInline(admin.TabularInline):
    model = MemberEvent
    extra = 0
    can_delete = False
    readonly_fields = ["kind", "date", "rule", "note", "by", "at"]

    def has_add_permission(self, request, obj=None):
        return False


#: How far ahead the member list's filter and the dashboard look for Điều 15.5 deadlines.
LAPSE_WARNING_DAYS = 30


class AboutToLapseFilter(admin.SimpleListFilter):
    """Active members whose Điều 15.5 deadline falls within the next 30 days."""

    title = gettext_lazy("sắp bị khai trừ (Điều 15.5)")
    parameter_name = "about_to_lapse"

    def lookups(self, request, model_admin):
        return [("30", gettext_lazy("trong 30 ngày tới"))]

    def queryset(self, request, queryset):
        if self.value() != "30":
            return queryset
        due = about_to_lapse_queryset(timezone.localdate(), LAPSE_WARNING_DAYS)
        return queryset.filter(pk__in=due.values("pk"))


class DuesForm(forms.Form):
    amount = forms.DecimalField(label=gettext_lazy("Số tiền (đồng)"), min_value=1, decimal_places=0)
    period_start = forms.DateField(label=gettext_lazy("Từ ngày"))
    period_end = forms.DateField(label=gettext_lazy("Đến ngày"))
    receipt_number = forms.CharField(
        label=gettext_lazy("Số biên lai"),
        help_text=gettext_lazy("Khi chọn nhiều hội viên, mỗi người nhận số biên lai này kèm số thứ tự "
                        "(-1, -2, ...)."))
    paid_on = forms.DateField(label=gettext_lazy("Ngày nộp"), required=False)


class ResignationForm(forms.Form):
    applied_on = forms.DateField(label=gettext_lazy("Ngày làm đơn"))
    effective_on = forms.DateField(label=gettext_lazy("Ngày có hiệu lực"), required=False)
    card_returned = forms.BooleanField(label=gettext_lazy("Đã trả thẻ"), required=False)
    note = forms.CharField(label=gettext_lazy("Ghi chú"), required=False)


class ReinstateForm(forms.Form):
    note = forms.CharField(label=gettext_lazy("Lý do khôi phục"), widget=forms.Textarea)


MEMBER_PANELS = ["sponsor_panel", "dues_panel", "ratings_panel", "titles_panel",
                 "suspensions_panel", "documents_panel"]


def _day(day) -> str | None:
    return day.strftime("%d/%m/%Y") if day else None


def _admin_link(obj, text=None):
    """A link to ``obj``'s admin change page."""
    url = reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, text if text is not None else obj)


def _pdf_link(kind: str, target) -> str:
    url = reverse("admin:documents_document_open", args=[kind, str(target)])
    return format_html('<a href="{}">{}</a>', url, _("Mở PDF"))


@admin.register(Member)
class MemberAdmin(ServiceAdmin, TouchesPublicCache, FoldedSearchMixin, HistoryAdmin):
    folded_field = "person__name_folded"
    # Fits 1,366 px (issue 18): the end rule's long label is a filter and on the member page,
    # not a column, so the end date stays on screen.
    list_display = ["card_number", "person", "current_club", "status", "joined_on", "ended_on"]
    list_filter = ["status", "end_rule", AboutToLapseFilter, "club_memberships__club__province"]
    # the name through its folded form (FoldedSearchMixin), not a second scan of the names
    search_fields = ["card_number"]
    readonly_fields = ["person", "card_number", "status", "joined_on", "ended_on", "end_rule",
                       "reinstated_on", *MEMBER_PANELS]
    fieldsets = [
        (None, {"fields": ["person", "card_number", "status", "joined_on", "ended_on",
                           "end_rule", "reinstated_on", "sponsor_panel"]}),
        (gettext_lazy("Hội phí và sinh hoạt"), {"fields": ["dues_panel"]}),
        (gettext_lazy("Hệ số và đẳng cấp"), {"fields": ["ratings_panel", "titles_panel"]}),
        (gettext_lazy("Đình chỉ và văn bản"), {"fields": ["suspensions_panel",
                                                          "documents_panel"]}),
    ]
    inlines = [ClubMembershipInline, MemberEventInline]
    actions = ["record_dues", "mark_resignation", "reinstate", member_card_pdf]

    def get_queryset(self, request):
        # The club column in one query for the page, not one per row.
        open_clubs = ClubMembership.objects.filter(ended_on__isnull=True).select_related("club")
        return super().get_queryset(request).select_related("person").prefetch_related(
            Prefetch("club_memberships", queryset=open_clubs, to_attr="open_club_memberships"))

    @admin.display(description=gettext_lazy("câu lạc bộ"))
    def current_club(self, member):
        return ", ".join(str(m.club) for m in member.open_club_memberships) or "—"

    # --- the member page's read-only panels (issue 18) ---

    @admin.display(description=gettext_lazy("hội viên giới thiệu"))
    def sponsor_panel(self, member):
        sponsor = selectors.sponsor_of(member)
        return _admin_link(sponsor) if sponsor else EMPTY

    @admin.display(description=gettext_lazy("tình trạng hội phí"))
    def dues_panel(self, member):
        status = selectors.dues_status(member)
        last = status.last_payment
        rows = [(_("Đóng hội phí đến hết ngày"), _day(status.paid_until)),
                (_("Lần nộp gần nhất"), last and _("%(amount)s đồng, biên lai %(receipt)s, "
                                                   "ngày %(day)s") % {
                    "amount": f"{last.amount:,.0f}".replace(",", "."),
                    "receipt": last.receipt_number, "day": _day(last.paid_on)}),
                (_("Sinh hoạt gần nhất"), _day(status.last_activity))]
        if status.lapse is not None:
            rows.append((_("Hạn khai trừ (Điều 15.5)"), f"{_day(status.lapse.deadline)} — "
                                                          f"{Member.EndRule(status.lapse.rule).label}"))
        return admin_table([_("Mục"), _("Giá trị")], rows)

    @admin.display(description=gettext_lazy("hệ số (các kỳ đã công bố)"))
    def ratings_panel(self, member):
        published_ratings_of = provider("published_ratings_of")  # the ratings app's
        return admin_table(
            [_("Bảng hệ số"), _("Kỳ"), _("Hệ số"), _("Thay đổi"), _("Thứ hạng")],
            [(r.period.rating_list, f"{r.period.start:%m/%Y}", r.rating, r.change, r.rank)
             for r in published_ratings_of(member.person)])

    @admin.display(description=gettext_lazy("đẳng cấp"))
    def titles_panel(self, member):
        titles_of = provider("titles_of")  # the ratings app's (settings.PROVIDERS)
        return admin_table([_("Đẳng cấp"), _("Ngày phong"), _("Quyết định")],
                           [(t.get_title_display(), _day(t.awarded_on),
                             _admin_link(t.decision) if t.decision else None)
                            for t in titles_of(member.person)])

    @admin.display(description=gettext_lazy("đình chỉ"))
    def suspensions_panel(self, member):
        return admin_table(
            [_("Từ ngày"), _("Đến ngày"), _("Số quyết định"), _("Lý do"), _("Ngày xóa đình chỉ")],
            [(_admin_link(s, _day(s.starts_on)), _day(s.ends_on),
              s.decision_reference, s.reason, _day(s.lifted_on))
             for s in selectors.suspensions_of(member.person)])

    @admin.display(description=gettext_lazy("văn bản"))
    def documents_panel(self, member):
        """The member card and the decisions about this person (titles, suspensions), each
        opened as its current PDF (rendered on demand)."""
        titles_of = provider("titles_of")  # the ratings app's (settings.PROVIDERS)
        rows = [(Document.Kind.MEMBER_CARD.label, member.card_number,
                 _pdf_link(Document.Kind.MEMBER_CARD, member.pk))]
        decisions = {t.decision for t in titles_of(member.person) if t.decision}
        suspensions = list(selectors.suspensions_of(member.person).select_related("decision"))
        decisions |= {s.decision for s in suspensions if s.decision}
        references = {s.decision_reference for s in suspensions if not s.decision}
        if references:  # older suspensions cite their decision by number only (Điều 15.6)
            decisions |= {d for d in Decision.objects.filter(kind=Decision.Kind.DISCIPLINARY)
                          if d.formatted_number in references}
        rows += [(d.get_kind_display(), _admin_link(d, d.formatted_number),
                  _pdf_link(Document.Kind.DECISION, d.pk))
                 for d in sorted(decisions, key=lambda d: (d.year, d.number))]
        return admin_table([_("Loại"), _("Số"), _("PDF")], rows)

    def has_add_permission(self, request):
        return False  # members are created by approving an application

    def has_delete_permission(self, request, obj=None):
        return False  # a card number is never reused: memberships are never deleted

    @admin.action(description=gettext_lazy("Ghi hội phí cho các hội viên đã chọn"))
    def record_dues(self, request, queryset):
        selected = list(queryset.order_by("pk"))

        def apply(member, data):
            receipt = data["receipt_number"]
            if len(selected) > 1:
                receipt = f"{receipt}-{selected.index(member) + 1}"
            services.record_dues(member=member, amount=data["amount"],
                                 period_start=data["period_start"], period_end=data["period_end"],
                                 receipt_number=receipt, paid_on=data["paid_on"], by=request.user)

        return run_form_action(self, request, queryset.order_by("pk"), form_class=DuesForm,
                               title=_("Ghi hội phí"), apply=apply)

    @admin.action(description=gettext_lazy("Ghi nhận xin ra Liên đoàn (Điều 10.4)"))
    def mark_resignation(self, request, queryset):
        return run_form_action(
            self, request, queryset, form_class=ResignationForm,
            title=_("Ghi nhận xin ra Liên đoàn"),
            apply=lambda member, data: services.resign_member(
                member, applied_on=data["applied_on"], effective_on=data["effective_on"],
                card_returned=data["card_returned"], note=data["note"], by=request.user) and None)

    @admin.action(description=gettext_lazy("Khôi phục hội viên bị khai trừ (Điều 15.5)"))
    def reinstate(self, request, queryset):
        return run_form_action(
            self, request, queryset, form_class=ReinstateForm, title=_("Khôi phục hội viên"),
            apply=lambda member, data: services.reinstate_member(
                member, note=data["note"], by=request.user) and None)


@admin.register(ClubMembership)
class ClubMembershipAdmin(ServiceAdmin, TouchesPublicCache, HistoryAdmin):
    list_display = ["member", "club", "started_on", "ended_on"]
    list_filter = ["club__province", "club"]
    search_fields = ["member__card_number", "member__person__full_name"]
    list_select_related = ["member__person", "club"]
    # newest first: an index scan whatever the table's size (issue #28); headers still sort
    ordering = ["-id"]
    readonly_fields = ["member", "club", "started_on", "ended_on"]

    def has_add_permission(self, request):
        return False  # transfers go through the service (API)


@admin.register(DuesPayment)
class DuesPaymentAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["member", "club", "amount", "period_start", "period_end", "receipt_number",
                    "paid_on", "recorded_by"]
    list_filter = ["club__province", "club"]
    search_fields = ["receipt_number", "member__card_number"]
    autocomplete_fields = ["member", "club"]
    list_select_related = ["member__person", "club", "recorded_by"]
    date_hierarchy = "period_end"
    readonly_fields = ["recorded_by", "recorded_at"]

    def has_add_permission(self, request):
        return False  # use the "record dues" action on members (service checks)


@admin.register(Attendance)
class AttendanceAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["member", "club", "date", "kind"]
    list_filter = ["kind", "club"]
    date_hierarchy = "date"
    search_fields = ["member__card_number"]
    autocomplete_fields = ["member", "club"]
    list_select_related = ["member__person", "club"]


@admin.register(Resignation)
class ResignationAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["member", "applied_on", "effective_on", "card_returned", "card_returned_on"]
    list_filter = ["card_returned"]
    list_select_related = ["member__person"]
    readonly_fields = ["member", "applied_on", "effective_on"]

    def has_add_permission(self, request):
        return False  # use the "mark resignation" action on members


class SuspensionForm(forms.ModelForm):
    class Meta:
        model = Suspension
        fields = ["person", "starts_on", "ends_on", "decision", "article", "reason", "lifted_on"]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.instance.pk:
            self._check_lift(data)
            return data
        try:
            if not self.instance.pk:
                services.check_disciplinary_decision(data.get("decision"))
            if data.get("starts_on") and data.get("ends_on"):
                services.check_suspension_period(data["starts_on"], data["ends_on"])
        except ServiceError as exc:
            raise service_validation_error(exc) from exc
        return data


    def _check_lift(self, data) -> None:
        """On an existing suspension only the early end may be recorded (the service's rules:
        once, after the first day); the decision's terms are not edited."""
        if "lifted_on" not in self.changed_data:
            return
        lifted_on = data.get("lifted_on")
        if self.instance.lifted_on is not None or lifted_on is None:
            raise forms.ValidationError({"lifted_on": _("Ngày xóa đình chỉ đã ghi thì không "
                                                        "sửa hay bỏ được.")})
        if lifted_on <= self.instance.starts_on:
            raise forms.ValidationError({"lifted_on": _("Ngày xóa đình chỉ phải sau ngày bắt "
                                                        "đầu.")})


@admin.register(Suspension)
class SuspensionAdmin(ServiceAdmin, TouchesPublicCache, FoldedSearchMixin, HistoryAdmin):
    folded_field = "person__name_folded"
    form = SuspensionForm
    list_display = ["person", "starts_on", "ends_on", "decision_reference", "lifted_on"]
    search_fields = ["decision_reference", "person__full_name"]
    autocomplete_fields = ["person"]
    list_select_related = ["person"]
    raw_id_fields = ["decision"]

    def get_readonly_fields(self, request, obj=None):
        # the decision's terms are not edited afterwards; only an early end is recorded
        if obj is None:
            return ["decision_reference"]
        return ["person", "starts_on", "ends_on", "decision", "decision_reference", "article",
                "reason"]

    def has_delete_permission(self, request, obj=None) -> bool:
        # a decided suspension is an official record (federation.official): lifted, not deleted
        if obj is not None and why_official(obj):
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        if change:
            if "lifted_on" in form.changed_data:
                services.lift_suspension(Suspension.objects.get(pk=obj.pk),
                                         on=obj.lifted_on, by=request.user)
            return None
        created = services.suspend_person(
            person=obj.person, starts_on=obj.starts_on, ends_on=obj.ends_on,
            decision=obj.decision, reason=obj.reason, article=obj.article,
            by=request.user)
        obj.pk = created.pk


@admin.register(MemberEvent)
class MemberEventAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["member", "kind", "date", "rule", "by"]
    list_select_related = ["member__person", "by"]
    list_filter = ["kind", "rule"]
    date_hierarchy = "date"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(CardSequence)
class CardSequenceAdmin(ServiceAdmin, TouchesPublicCache, ReadOnlyAdmin):
    list_display = ["province_code", "year", "last"]



@dashboard.register
def federation_queues(today) -> list[dashboard.Queue]:
    """The admin index's queues: applications to decide (Điều 8.3) and members whose
    Điều 15.5 deadline (6 months without dues or activity) falls in the next 30 days."""
    return [
        dashboard.Queue(
            _("Đơn xin gia nhập chờ duyệt"), applications_to_decide().count(),
            dashboard.changelist_url(MembershipApplication, status__exact="pending"),
            dashboard.view_permission(MembershipApplication),
            hint=_("Duyệt hoặc từ chối (Điều 8.3)")),
        dashboard.Queue(
            _("Hội viên sắp bị khai trừ"),
            about_to_lapse_queryset(today, LAPSE_WARNING_DAYS).count(),
            dashboard.changelist_url(Member, about_to_lapse=str(LAPSE_WARNING_DAYS)),
            dashboard.view_permission(Member),
            hint=_("Hạn hội phí hoặc sinh hoạt (6 tháng, Điều 15.5) trong %(days)s ngày tới")
            % {"days": LAPSE_WARNING_DAYS}),
    ]
