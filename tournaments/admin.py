"""Admin for federation staff: tournaments with inline officials and rounds, rounds with inline
pairings, and actions that call the services (open registration, draw numbers, pair next
round, certify)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from core.admin import TouchesPublicCache
from core.errors import ServiceError
from documents import admin_actions as document_actions
from tournaments import services
from tournaments.models import (
    Entry,
    Official,
    Pairing,
    PairingChange,
    ResultChange,
    Round,
    StatusChange,
    TeamEntry,
    Tournament,
)


class OfficialInline(admin.TabularInline):
    model = Official
    extra = 0
    raw_id_fields = ["person"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "status", "system", "engine_version", "seed", "paired_at",
              "completed_at"]
    readonly_fields = fields
    show_change_link = True
    can_delete = False


class StatusChangeInline(admin.TabularInline):
    model = StatusChange
    extra = 0
    fields = ["from_status", "to_status", "reason", "changed_by", "changed_at"]
    readonly_fields = fields
    can_delete = False


def _run(modeladmin, request, queryset, service, done: str, **kwargs) -> None:
    for tournament in queryset:
        try:
            result = service(tournament, user=request.user, **kwargs)
        except ServiceError as exc:
            modeladmin.message_user(request, f"{tournament}: {exc.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: {done} {result or ''}",
                                    messages.SUCCESS)


@admin.action(description=_("Mở đăng ký"))
def open_registration(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.open_registration, _("đã mở đăng ký"))


@admin.action(description=_("Khóa đăng ký và bốc số thứ tự"))
def draw_numbers(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.close_registration, _("đã bốc số"))


@admin.action(description=_("Xếp cặp ván tiếp theo (công việc nền)"))
def pair_next_round(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.request_pairing, _("công việc xếp cặp"))


@admin.action(description=_("Công nhận kết quả"))
def certify(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.certify_tournament, _("đã công nhận"))


@admin.register(Tournament)
class TournamentAdmin(TouchesPublicCache, SimpleHistoryAdmin):
    list_display = ["name", "discipline", "system", "status", "start_date", "rated"]
    list_filter = ["status", "discipline", "system", "category"]
    search_fields = ["name", "venue"]
    readonly_fields = ["status", "lot_seed", "created_by", "created_at", "certified_at",
                       "certified_by"]
    inlines = [OfficialInline, RoundInline, StatusChangeInline]
    actions = [open_registration, draw_numbers, pair_next_round, certify,
               *document_actions.TOURNAMENT_ACTIONS]


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ["board", "kind", "white", "black", "result", "bye_points", "match_board",
              "match_key", "version"]
    readonly_fields = ["board", "kind", "white", "black", "bye_points", "match_board",
                       "match_key", "version"]
    can_delete = False


@admin.register(Round)
class RoundAdmin(TouchesPublicCache, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "system", "engine_version", "seed"]
    list_filter = ["status", "system"]
    readonly_fields = ["tournament", "number", "system", "engine_version", "seed", "warnings",
                       "draw", "job", "paired_at", "started_at", "completed_at"]
    inlines = [PairingInline]
    actions = document_actions.ROUND_ACTIONS

    def save_formset(self, request, form, formset, change):
        """Results typed in the inline go through ``record_result`` (versioned, logged)."""
        if formset.model is not Pairing:
            return super().save_formset(request, form, formset, change)
        # nothing is saved by the formset itself (the change message reads these lists)
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for inline_form in formset.forms:
            if "result" not in inline_form.changed_data:
                continue
            pairing = inline_form.instance
            original = Pairing.objects.get(pk=pairing.pk)
            try:
                services.record_result(original, inline_form.cleaned_data["result"],
                                       user=request.user, expected_version=original.version,
                                       source="admin")
            except ServiceError as exc:
                self.message_user(request, f"{pairing}: {exc.message}", messages.ERROR)


@admin.register(Entry)
class EntryAdmin(TouchesPublicCache, SimpleHistoryAdmin):
    list_display = ["name", "tournament", "starting_number", "rating", "title", "team",
                    "withdrawn_on"]
    list_filter = ["tournament"]
    search_fields = ["name", "fide_id"]
    raw_id_fields = ["member", "team"]
    actions = [document_actions.tracking_card_pdf]


@admin.register(TeamEntry)
class TeamEntryAdmin(TouchesPublicCache, admin.ModelAdmin):
    list_display = ["name", "tournament", "starting_number"]
    list_filter = ["tournament"]


@admin.register(ResultChange)
class ResultChangeAdmin(TouchesPublicCache, admin.ModelAdmin):
    list_display = ["pairing", "old_result", "new_result", "version", "source", "changed_by",
                    "changed_at"]
    readonly_fields = list_display


@admin.register(PairingChange)
class PairingChangeAdmin(TouchesPublicCache, admin.ModelAdmin):
    list_display = ["round", "pairing", "reason", "changed_by", "changed_at"]
    readonly_fields = ["round", "pairing", "before", "after", "reason", "changed_by",
                       "changed_at"]
