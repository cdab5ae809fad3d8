"""The staff pages of rounds and boards: a round with its pairings, late arrivals (Điều
10.2.1a), arbiters' boards, and the logs of result and pairing changes."""

from __future__ import annotations

import re

from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from core.admin import ReadOnlyAdmin, TouchesPublicCache
from core.admin_display import readable_json
from core.admin_official import OfficialParentInline, OfficialRecordAdmin
from core.admin_service import ServiceAdmin, add_service_error, adopt
from core.errors import ServiceError
from tournaments import documents as document_actions
from tournaments import services
from tournaments.admin_tournament_actions import _each
from tournaments.models import (
    BoardAssignment,
    LateArrival,
    Pairing,
    PairingChange,
    ResultChange,
    Round,
    Tournament,
)


class PairingForm(forms.ModelForm):
    """``seen_version``: the version shown, so a result typed over a newer one is a 409."""

    seen_version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Pairing
        fields = ["result"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["seen_version"].initial = self.instance.version


class PairingInline(OfficialParentInline, admin.TabularInline):
    model = Pairing
    form = PairingForm
    extra = 0
    fields = ["board", "kind", "white", "black", "result", "bye_points", "match_board",
              "match_key", "version", "seen_version"]
    readonly_fields = ["board", "kind", "white", "black", "bye_points", "match_board",
                                "match_key", "version"]
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("white", "black", "round")

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # boards come from the pairing job


@admin.register(Round)
class RoundAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "system_label", "paired_at"]
    list_select_related = ["tournament"]
    list_filter = ["status"]
    readonly_fields = ["tournament", "number", "status", "system_label", "warnings_list",
                                "job", "paired_at", "started_at", "completed_at", "seed",
                                "engine_version_label", "draw"]
    fieldsets = [
        (None, {"fields": ["tournament", "number", "status", "system_label", "warnings_list",
                           "paired_at", "started_at", "completed_at", "job"]}),
        (_("Dữ liệu bốc thăm (để kiểm tra lại)"), {"classes": ("collapse",), "fields": [
            "seed", "engine_version_label", "draw"]}),
    ]

    @admin.display(description=_("thể thức"))
    def system_label(self, rnd: Round) -> str:
        return round_system_label(rnd)

    @admin.display(description=_("cảnh báo khi xếp cặp"))
    def warnings_list(self, rnd: Round) -> str:
        return readable_json([round_warning_words(w if isinstance(w, str)
                                                  else (w.get("message") or str(w)))
                              for w in rnd.warnings or []])

    @admin.display(description=_("phiên bản chương trình xếp cặp"))
    def engine_version_label(self, rnd: Round) -> str:
        return rnd.engine_version or "-"
    inlines = [PairingInline]
    actions = document_actions.ROUND_ACTIONS

    def has_add_permission(self, request) -> bool:
        return False  # a round is made by the pairing job (tournament action)

    def save_model(self, request, obj, form, change):
        return None  # every field of a round is derived; results go through the inline

    def save_related(self, request, form, formsets, change):
        """Nothing of the round is saved here (``save_model``) and the inline's results go
        through ``record_result``, which touches the event and builds its hot public answers
        ahead (core.caching.touch_and_warm): the mixin's second touch would only send the
        readers after this save back to the cold path."""
        admin.ModelAdmin.save_related(self, request, form, formsets, change)

    def save_formset(self, request, form, formset, change):
        """Results typed in the inline go through ``record_result`` (versioned, logged,
        refused when a decided game record fixes the board's result)."""
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        if formset.model is not Pairing or self.official_reason(form.instance):
            return
        for inline_form in formset.forms:
            if "result" not in inline_form.changed_data:
                continue
            pairing = Pairing.objects.get(pk=inline_form.instance.pk)
            seen = inline_form.cleaned_data.get("seen_version")
            try:
                services.record_result(pairing, inline_form.cleaned_data["result"],
                                       user=request.user,
                                       expected_version=seen if seen is not None
                                       else pairing.version, source="admin")
            except ServiceError as exc:  # no result of this save is kept (ServiceAdmin)
                raise ServiceError(_("Bàn %(board)s: %(why)s") % {
                    "board": pairing.board, "why": exc.message}, code=exc.code) from exc
            formset.changed_objects.append((pairing, ["result"]))


#: The pairing planners' warnings (chessrules writes some in English) in Vietnamese.
_ROUND_WARNINGS = [
    (re.compile(r"^Điều 27: colour limits waived in the last round$"),
     _("Điều 27: ván cuối, không giữ giới hạn màu quân.")),
    (re.compile(r"^Điều 27: no pairing keeps the colour limits; .*$"),
     _("Điều 27: không cách xếp nào giữ được giới hạn màu quân; ván này bỏ giới hạn đó.")),
    (re.compile(r"^Điều 28\.4: the median group could not be completed; the groups met at "
                r"(?P<points>[\d.]+) points$"),
     _("Điều 28.4: không hoàn thành được nhóm giữa; các nhóm gặp nhau ở mức %(points)s "
       "điểm.")),
    (re.compile(r"^Điều 28: .*; the remaining players (?P<players>\[.*\]) were paired by the "
                r"smallest score difference$"),
     _("Điều 28: không xếp được hết theo 28.3-28.6; các đấu thủ còn lại (số %(players)s) được "
       "xếp theo chênh lệch điểm nhỏ nhất.")),
    (re.compile(r"^Điều 28: .*; the whole round was paired by the smallest score "
                r"differences$"),
     _("Điều 28: không xếp được theo 28.3-28.6; cả ván được xếp theo chênh lệch điểm nhỏ "
       "nhất.")),
]


def round_warning_words(text: str) -> str:
    for pattern, words in _ROUND_WARNINGS:
        found = pattern.match(text)
        if found:
            values = {k: v.strip("[]") for k, v in found.groupdict().items()}
            return str(words) % values if values else str(words)
    return text


def round_system_label(rnd: Round) -> str:
    """The round's pairing system by its name (a round keeps the system it was paired by)."""
    return str(dict(Tournament.System.choices).get(rnd.system, rnd.system))


class LateArrivalForm(forms.ModelForm):
    """Điều 10.2.1a: the arbiter's declaration goes through ``record_late_arrival``, called by
    the admin's ``save_model``; a refusal shows on the form (``ServiceAdmin``)."""

    class Meta:
        model = LateArrival
        fields = ["pairing", "side", "scheduled_start", "arrived_at", "decided_at", "note"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "decided_at" in self.fields:  # the add form (a saved one is read-only)
            self.fields["decided_at"].required = False
            # default: the round's start in the schedule (Phụ lục 5 mục 6)
            self.fields["scheduled_start"].required = False
            self.fields["scheduled_start"].help_text = _(
                "Để trống: giờ bắt đầu ván theo lịch thi đấu của giải.")

    def record(self, user) -> LateArrival:
        data = self.cleaned_data
        return services.record_late_arrival(
            data["pairing"], data["side"], user=user,
            scheduled_start=data.get("scheduled_start"), arrived_at=data.get("arrived_at"),
            decided_at=data.get("decided_at"), note=data.get("note", ""))


@admin.action(description=_("Hủy xử thua do đến muộn (ghi nhầm)"))
def cancel_late_arrivals(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda late: services.cancel_late_arrival(late, user=request.user),
          lambda late, _result: f"{late}: {_('đã hủy')}")


@admin.register(LateArrival)
class LateArrivalAdmin(ServiceAdmin, admin.ModelAdmin):
    """Losses for late arrival: added through the service, never edited; a mistaken one is
    cancelled by the action (the board's result follows)."""

    form = LateArrivalForm
    list_display = ["pairing", "side", "scheduled_start", "arrived_at", "decided_at",
                    "allowed_minutes", "recorded_by"]
    list_filter = ["side"]
    raw_id_fields = ["pairing"]
    list_select_related = ["pairing__round", "pairing__white", "pairing__black", "recorded_by"]
    actions = [cancel_late_arrivals]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ["allowed_minutes"]
        return [*LateArrivalForm.Meta.fields, "allowed_minutes", "recorded_by", "recorded_at"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # the cancel action goes through the service

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.record(request.user))

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None and super().has_change_permission(request, obj)


class BoardAssignmentForm(forms.ModelForm):
    """Điều 20.3b: the chief arbiter gives an arbiter boards of a round (``assign_boards``)."""

    class Meta:
        model = BoardAssignment
        fields = ["round", "official", "first_board", "last_board"]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if not self.errors and data.get("round") and data.get("official"):
            try:
                services.check_boards(data["round"], data["official"], data["first_board"],
                                      data["last_board"])
            except ServiceError as exc:
                add_service_error(self, exc)
        return data


@admin.action(description=_("Bỏ phân công trọng tài bàn"))
def unassign_boards(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda a: services.unassign_boards(a, user=request.user),
          lambda a, _result: str(_("đã bỏ phân công")))


@admin.register(BoardAssignment)
class BoardAssignmentAdmin(ServiceAdmin, admin.ModelAdmin):
    """Arbiters' boards per round (Điều 20.3b); a warning of 002 Phần 2 Điều 6.1 (too many
    boards for one arbiter) shows after the save."""

    form = BoardAssignmentForm
    list_display = ["round", "official", "first_board", "last_board", "assigned_by",
                    "assigned_at"]
    raw_id_fields = ["round", "official"]
    list_select_related = ["round__tournament", "official__person", "assigned_by"]
    actions = [unassign_boards]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # the action goes through the service

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        saved, warnings = services.assign_boards(data["round"], data["official"],
                                                 data["first_board"], data["last_board"],
                                                 user=request.user)
        adopt(obj, saved)
        for warning in warnings:
            self.message_user(request, warning, messages.WARNING)


@admin.register(ResultChange)
class ResultChangeAdmin(ServiceAdmin, ReadOnlyAdmin):
    readonly_fields = ["pairing", "old_result", "new_result", "version", "source", "changed_by",
                       "changed_at"]
    list_display = tuple(readonly_fields)
    list_select_related = ["pairing__round", "pairing__white", "pairing__black", "changed_by"]
    # newest first: an index scan whatever the table's size (issue #28); headers still sort
    ordering = ["-id"]


@admin.register(PairingChange)
class PairingChangeAdmin(ServiceAdmin, ReadOnlyAdmin):
    list_display = ["round", "pairing", "reason", "changed_by", "changed_at"]
    list_select_related = ["round__tournament", "pairing__round", "pairing__white",
                           "pairing__black", "changed_by"]
    # newest first: an index scan whatever the table's size (issue #28); headers still sort
    ordering = ["-id"]
    readonly_fields = ["round", "pairing", "before", "after", "reason", "changed_by",
                       "changed_at"]
