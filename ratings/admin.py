"""Admin: Vietnamese names, change history, and actions that call the services."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from core.admin import TouchesPublicCache
from core.errors import ServiceError
from ratings import services
from ratings.models import (
    ForeignTitle,
    PlayerRating,
    PlayerTitle,
    RatingList,
    RatingPeriod,
    TitleCriteriaTable,
    TitleQualification,
)


@admin.register(RatingList)
class RatingListAdmin(TouchesPublicCache, SimpleHistoryAdmin):
    list_display = ["name", "discipline", "time_control_class"]

    def save_model(self, request, obj, form, change):
        try:
            services.update_list_rules(obj, obj.rules, user=request.user)
        except ServiceError as exc:
            self.message_user(request, exc.message, messages.ERROR)


@admin.register(RatingPeriod)
class RatingPeriodAdmin(TouchesPublicCache, admin.ModelAdmin):
    list_display = ["rating_list", "start", "end", "status", "computed_at", "published_at"]
    list_filter = ["rating_list", "status"]
    readonly_fields = ["status", "computed_at", "published_at", "job", "computations", "summary"]
    actions = ["compute", "publish"]

    @admin.action(description=_("Tính (lại) và công bố kỳ"))
    def compute(self, request, queryset):
        for period in queryset:
            services.request_period_computation(period, user=request.user)
        self.message_user(request, _("Đã bắt đầu công việc tính hệ số."))

    @admin.action(description=_("Công bố kỳ"))
    def publish(self, request, queryset):
        for period in queryset:
            try:
                services.publish_period(period, user=request.user)
            except ServiceError as exc:
                self.message_user(request, f"{period}: {exc.message}", messages.ERROR)


@admin.register(PlayerRating)
class PlayerRatingAdmin(TouchesPublicCache, admin.ModelAdmin):
    list_display = ["period", "person", "rating", "rank", "games", "change", "k"]
    list_filter = ["period__rating_list", "published"]
    search_fields = ["person__name_folded"]
    raw_id_fields = ["person", "period"]

    def has_change_permission(self, request, obj=None):
        return False  # computed data: re-run the period instead


@admin.register(TitleCriteriaTable)
class TitleCriteriaTableAdmin(TouchesPublicCache, SimpleHistoryAdmin):
    list_display = ["code", "discipline", "valid_from", "valid_to"]

    def save_model(self, request, obj, form, change):
        try:
            services.save_criteria_table(user=request.user, code=obj.code, data=obj.data,
                                         discipline=obj.discipline, source=obj.source,
                                         table=obj)
        except ServiceError as exc:
            self.message_user(request, exc.message, messages.ERROR)


@admin.register(TitleQualification)
class TitleQualificationAdmin(TouchesPublicCache, SimpleHistoryAdmin):
    list_display = ["person", "title", "criterion_id", "tournament", "event_date", "status",
                    "decision"]
    list_filter = ["status", "title", "section"]
    search_fields = ["person__name_folded"]
    readonly_fields = ["person", "title", "criterion_id", "criterion_text", "table", "section",
                       "tournament", "foreign_title", "event_date", "evidence", "status",
                       "reviewed_by", "reviewed_at", "decision"]
    fields = readonly_fields + ["rejection_reason"]
    actions = ["approve", "reject"]

    @admin.action(description=_("Duyệt và ra quyết định phong cấp"))
    def approve(self, request, queryset):
        name = request.user.get_full_name() or request.user.get_username()
        for q in queryset:
            try:
                title = services.approve_qualification(q, user=request.user, signer_name=name)
                self.message_user(request, f"{q}: {title.decision}")
            except ServiceError as exc:
                self.message_user(request, f"{q}: {exc.message}", messages.ERROR)

    @admin.action(description=_("Không duyệt (ghi lý do vào ô lý do trước)"))
    def reject(self, request, queryset):
        for q in queryset:
            try:
                services.reject_qualification(q, user=request.user,
                                              reason=q.rejection_reason or "")
            except ServiceError as exc:
                self.message_user(request, f"{q}: {exc.message}", messages.ERROR)


@admin.register(PlayerTitle)
class PlayerTitleAdmin(TouchesPublicCache, SimpleHistoryAdmin):
    list_display = ["person", "title", "awarded_on", "decision"]
    list_filter = ["title"]
    search_fields = ["person__name_folded"]
    raw_id_fields = ["person", "decision", "qualification"]


@admin.register(ForeignTitle)
class ForeignTitleAdmin(TouchesPublicCache, admin.ModelAdmin):
    list_display = ["person", "title", "awarded_on", "reference"]
    raw_id_fields = ["person"]

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        services.record_foreign_title(obj.person, obj.title, obj.awarded_on, user=request.user,
                                      reference=obj.reference)
