"""Admin: Vietnamese names, change history, and actions that call the services."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.defaultfilters import truncatechars
from django.template.response import TemplateResponse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from core import dashboard
from core.admin import ReadOnlyAdmin, TouchesPublicCache
from core.admin_display import readable_json, table
from core.admin_history import HistoryAdmin
from core.admin_official import OfficialRecordAdmin
from core.admin_search import FoldedSearchMixin
from core.admin_service import ServiceAdmin, adopt
from core.errors import ServiceError
from documents.admin_actions import open_url
from documents.models import Document, Signatory
from documents.services import default_signatory
from ratings import admin_review, selectors, services
from ratings.admin_forms import (
    SETTINGS,
    RatingListForm,
    TitleCriteriaTableForm,
    criteria_rows,
    rules_fieldsets,
    rules_value,
)
from ratings.models import (
    ForeignTitle,
    PlayerRating,
    PlayerTitle,
    RatingList,
    RatingPeriod,
    RatingPublication,
    TitleCriteriaTable,
    TitleQualification,
)


@admin.register(RatingList)
class RatingListAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, HistoryAdmin):
    """The six lists (discipline × time control) come with the data; staff change a list's
    FIDE B.02 settings, one named field each (issue 28), through ``update_list_rules``."""

    form = RatingListForm
    list_display = ["name", "discipline", "time_control_class"]
    readonly_fields = ["name", "discipline", "time_control_class", "rules_table"]

    @admin.display(description=_("tham số tính hệ số"))
    def rules_table(self, rating_list):
        stored = rating_list.rules or {}
        return table([_("Tham số"), _("Giá trị")], [
            (label, rules_value(name, stored.get(name))) for name, label, _optional in SETTINGS
            if name in stored])

    def get_fieldsets(self, request, obj=None):
        head = [(None, {"fields": ["name", "discipline", "time_control_class"]})]
        if obj is not None and self.official_reason(obj):
            return [*head, (None, {"fields": ["rules_table"]})]
        return [*head, *rules_fieldsets()]

    def has_add_permission(self, request):
        return False  # one list per discipline and time control, made with the data

    def save_model(self, request, obj, form, change):
        if self.official_reason(obj) or not hasattr(form, "rules"):
            return
        services.update_list_rules(RatingList.objects.get(pk=obj.pk), form.rules(),
                                   user=request.user)  # a refusal shows on the form


@admin.register(RatingPeriod)
class RatingPeriodAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, admin.ModelAdmin):
    """Computing is not publishing (issue 13): "Tính kỳ" computes for review (the warnings are
    shown on the period's page); "Công bố kỳ" is a separate action that needs the permission
    ``ratings.publish_ratingperiod``. A published period (its rating list) is an official
    record: read-only, never deleted; a correction is a recomputation with a reason."""

    list_display = ["rating_list", "start", "end", "status", "computed_at", "published_at",
                    "warning_count"]
    list_filter = ["rating_list", "status"]
    readonly_fields = ["status", "computed_at", "published_at", "job", "computations",
                       "review", "summary_readable"]
    exclude = ["summary"]
    actions = ["compute", "publish"]

    @admin.display(description=_("tóm tắt"))
    def summary_readable(self, period):
        return admin_review.summary_words(period)  # labelled lines and the review's link

    @admin.display(description=_("cảnh báo"))
    def warning_count(self, period):
        return len((period.summary or {}).get("warnings", []))

    @admin.display(description=_("xem lại trước khi công bố"))
    def review(self, period):
        if period.pk is None:
            return "-"
        # the players' changes are on the review page (admin_review), 200 a page: not here
        data = selectors.period_review(period, with_changes=False)
        lines = [_("%(g)s ván được tính, %(p)s đấu thủ") % {"g": data["games"],
                                                            "p": data["players"]}]
        lines += [w["message"] for w in data["warnings"]]
        if data["corrections_pending"]:
            lines.append(_("Giải được công nhận lại sau khi công bố (cần tính lại có lý do): %s")
                         % ", ".join(f"#{t}" for t in data["corrections_pending"]))
        return format_html_join(mark_safe("<br>"), "{}", ((line,) for line in lines))

    @admin.action(description=_("Tính kỳ (để xem lại, chưa công bố)"))
    def compute(self, request, queryset):
        for period in queryset:
            try:
                services.request_period_computation(period, user=request.user)
            except ServiceError as exc:
                self.message_user(request, f"{period}: {exc.message}", messages.ERROR)
            else:
                self.message_user(request, _("%s: đã bắt đầu công việc tính hệ số.") % period)

    @admin.action(description=_("Công bố kỳ"), permissions=["publish"])
    def publish(self, request, queryset):
        return admin_review.publish_with_confirmation(self, request, queryset)

    def get_urls(self):
        return [*admin_review.urls(self), *super().get_urls()]

    def has_publish_permission(self, request):
        return request.user.has_perm(services.PUBLISH_PERMISSION)


@admin.register(RatingPublication)
class RatingPublicationAdmin(ServiceAdmin, ReadOnlyAdmin):
    """Publications are official records: read only, never deleted."""

    list_display = ["period", "number", "published_at", "published_by", "reason"]
    list_select_related = ["period__rating_list", "published_by"]
    list_filter = ["period__rating_list"]
    readonly_fields = ["period", "number", "published_at", "published_by", "reason",
                       "summary_readable"]
    exclude = ["rows", "summary"]

    @admin.display(description=_("tóm tắt"))
    def summary_readable(self, publication):
        return readable_json(publication.summary)



@admin.register(PlayerRating)
class PlayerRatingAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, FoldedSearchMixin,
                        admin.ModelAdmin):
    folded_field = "person__name_folded"  # with or without diacritics, the persons' index
    list_display = ["period", "person", "rating", "rank", "games", "change", "k"]
    list_filter = ["period__rating_list", "published"]
    search_fields = ["person__name_folded"]
    raw_id_fields = ["period"]
    autocomplete_fields = ["person"]
    # the persons of the page's rows come in a second query (get_queryset): joined, the sort
    # by rank waited for every row's person (45,000 persons hashed for 100 rows, issue #28)
    list_select_related = ["period__rating_list"]
    # the latest period first, by rank: no sort of the joined lists and periods (issue #28)
    ordering = ["-period_id", "rank", "person_id"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("person")

    def has_change_permission(self, request, obj=None):
        return False  # computed data: re-run the period instead

    def has_add_permission(self, request):
        return False  # computed by the period's job


@admin.register(TitleCriteriaTable)
class TitleCriteriaTableAdmin(ServiceAdmin, TouchesPublicCache, HistoryAdmin):
    """The standards shown as a table (issue 28); a new version comes as a file."""

    form = TitleCriteriaTableForm
    list_display = ["code", "discipline", "valid_from", "valid_to"]
    readonly_fields = ["valid_from", "valid_to", "criteria"]

    @admin.display(description=_("các tiêu chuẩn"))
    def criteria(self, table_row):
        if table_row is None or table_row.pk is None:
            return "-"
        return table([_("Mục"), _("Nội dung"), _("Danh hiệu"), _("Tiêu chuẩn")],
                     criteria_rows(table_row))

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data.get("data_file")
        if data is None and change:
            data = TitleCriteriaTable.objects.get(pk=obj.pk).data
        adopt(obj, services.save_criteria_table(  # a refusal shows on the form (ServiceAdmin)
            user=request.user, code=obj.code, data=data, discipline=obj.discipline,
            source=obj.source, table=obj))


class ApproveForm(forms.Form):
    signatory = forms.ModelChoiceField(queryset=Signatory.objects.filter(active=True),
                                       label=_("Người ký quyết định"))
    issued_on = forms.DateField(label=_("Ngày ban hành"), required=False,
                                help_text=_("Bỏ trống: hôm nay."))


#: The evidence of a qualification (chessrules.titles) in words.
EVIDENCE_LABELS = {
    "event_id": _("giải (mã)"), "rank": _("thứ hạng"), "ranks": _("thứ hạng"),
    "board_rank": _("thứ hạng theo bàn"), "score": _("điểm"), "games": _("số ván"),
    "rounds": _("số ván của giải"), "required_score": _("điểm cần đạt"),
    "minimum_games": _("số ván tối thiểu"), "foreign_titles": _("danh hiệu quốc tế"),
    "foreign_title": _("danh hiệu quốc tế"), "times": _("số lần"),
    "of_title": _("của danh hiệu"), "standards": _("các lần đạt"), "age_group": _("lứa tuổi"),
    "category": _("loại giải"), "end_date": _("ngày kết thúc"), "year": _("năm"),
    "section": _("nội dung"), "title": _("danh hiệu"), "criterion_id": _("tiêu chuẩn"),
}

#: The longest free text a list column shows (the rest in the change page).
SHORT_TEXT = 32


@admin.register(TitleQualification)
class TitleQualificationAdmin(ServiceAdmin, TouchesPublicCache, HistoryAdmin):
    # Fits 1,366 px (issue 18): the source is the event's name cut short (or the foreign
    # title), the decision its number only, so status and decision stay on screen.
    list_display = ["person", "title", "criterion_id", "source", "event_date", "status",
                    "decision_number"]
    list_select_related = ["person", "tournament", "foreign_title", "decision"]
    list_filter = ["status", "title", "section"]
    search_fields = ["person__name_folded"]
    readonly_fields = ["person", "title", "criterion_id", "criterion_text", "table", "section",
                       "tournament", "foreign_title", "event_date", "evidence_readable",
                       "status", "reviewed_by", "reviewed_at", "decision"]
    fields = (*readonly_fields, "rejection_reason")

    @admin.display(description=_("nguồn"), ordering="tournament__name")
    def source(self, qualification):
        if qualification.tournament_id:
            return truncatechars(qualification.tournament.name, SHORT_TEXT)
        return qualification.foreign_title.get_title_display() if \
            qualification.foreign_title_id else "—"

    @admin.display(description=_("quyết định"), ordering="decision__number")
    def decision_number(self, qualification):
        return qualification.decision.formatted_number if qualification.decision_id else "—"

    @admin.display(description=_("căn cứ"))
    def evidence_readable(self, qualification):
        return readable_json(qualification.evidence, EVIDENCE_LABELS)
    actions = ["approve", "reject"]

    def has_add_permission(self, request):
        return False  # qualifications come from the title check (a job), never typed

    @admin.action(description=_("Duyệt và ra quyết định phong cấp"))
    def approve(self, request, queryset):
        """Asks who signs (a signatory kept by staff, the national federation's default
        preselected) and the date, then issues one decision per qualification."""
        applying = "apply" in request.POST
        form = ApproveForm(request.POST if applying else None,
                           initial={"signatory": default_signatory()})
        if applying and form.is_valid():
            for q in queryset:
                try:
                    title = services.approve_qualification(
                        q, user=request.user, signatory=form.cleaned_data["signatory"],
                        issued_on=form.cleaned_data["issued_on"])
                    # the decision's PDF follows its issue (documents.services): one click opens it
                    self.message_user(request, format_html(
                        '{}: {} — <a href="{}" id="decision-pdf-{}">{}</a>', q, title.decision,
                        open_url(Document.Kind.DECISION, str(title.decision_id)),
                        title.decision_id, _("Mở PDF")), messages.SUCCESS)
                except ServiceError as exc:
                    self.message_user(request, f"{q}: {exc.message}", messages.ERROR)
            return None
        context = {**self.admin_site.each_context(request), "form": form, "queryset": queryset,
                   "opts": self.model._meta, "title": _("Duyệt và ra quyết định phong cấp"),
                   "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME}
        return TemplateResponse(request, "admin/ratings/titlequalification/approve.html",
                                context)

    @admin.action(description=_("Không duyệt (ghi lý do vào ô lý do trước)"))
    def reject(self, request, queryset):
        for q in queryset:
            try:
                services.reject_qualification(q, user=request.user,
                                              reason=q.rejection_reason or "")
            except ServiceError as exc:
                self.message_user(request, f"{q}: {exc.message}", messages.ERROR)


@admin.register(PlayerTitle)
class PlayerTitleAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, HistoryAdmin):
    list_display = ["person", "title", "awarded_on", "decision"]
    list_filter = ["title"]
    search_fields = ["person__name_folded"]
    raw_id_fields = ["decision", "qualification"]
    autocomplete_fields = ["person"]
    list_select_related = ["person", "decision"]


@admin.register(ForeignTitle)
class ForeignTitleAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["person", "title", "awarded_on", "reference"]
    autocomplete_fields = ["person"]
    list_select_related = ["person"]

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        services.record_foreign_title(obj.person, obj.title, obj.awarded_on, user=request.user,
                                      reference=obj.reference)


@dashboard.register
def ratings_queues(today) -> list[dashboard.Queue]:
    """The admin index's queue of title qualifications to review (Phụ lục 6)."""
    return [dashboard.Queue(
        _("Hồ sơ phong cấp chờ duyệt"), selectors.qualifications_to_review().count(),
        dashboard.changelist_url(TitleQualification, status__exact="pending"),
        dashboard.view_permission(TitleQualification),
        hint=_("Duyệt và ra quyết định, hoặc không duyệt (Phụ lục 6)"))]
