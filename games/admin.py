"""Admin of game records: the move list in Vietnamese notation and the final position as SVG."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from chessrules.values import Discipline
from core.admin import TouchesPublicCache
from core.admin_display import readable_json, table
from core.admin_history import HistoryAdmin
from core.admin_official import OfficialParentInline, OfficialRecordAdmin, reason_action
from core.admin_service import ServiceAdmin, adopt
from games import admin_penalty, engine, pgn_export, selectors, selectors_phase, services, svg
from games.documents import scoresheet_pdf
from games.models import GameFault, GameRecord, GameUpload, GameWarning, MoveLimitClaim, Notation


class GameRecordAdminForm(forms.ModelForm):
    """The services (``create_game``, ``update_game``) check the record when the admin saves
    (``ServiceAdmin``): a refusal shows on the form."""

    class Meta:
        model = GameRecord
        fields = [*services.EDITABLE_FIELDS, "final_phase_ply"]  # the last: services.set_final_phase


class GameFaultInline(OfficialParentInline, admin.TabularInline):
    model = GameFault
    extra = 0
    readonly_fields = ["side", "kind", "scoresheet_omission", "article", "ply", "note", "recorded_by",
                       "recorded_at"]
    fields = tuple(readonly_fields)
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # faults go through services.add_fault (it proposes the loss)


class GameWarningInline(OfficialParentInline, admin.TabularInline):
    model = GameWarning
    extra = 0
    readonly_fields = ["side", "reason", "level", "fault", "article", "ply", "note", "recorded_by",
                       "recorded_at"]
    fields = tuple(readonly_fields)
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # through "Nhắc nhở, cảnh cáo" (services.add_warning applies the ladder)


class ServiceAddForm(forms.ModelForm):
    """An add form whose record is written by a service (``record(data, user)``), called by
    the admin's ``save_model``; a refusal shows on the form (``ServiceAdmin``). The model
    form's own validation is skipped: the service fills and checks the row."""

    def record(self, data, user):
        raise NotImplementedError

    def _post_clean(self):
        pass  # the service validates the record when the admin saves


class GameWarningAddForm(ServiceAddForm):
    """A reminder or caution through ``services.add_warning`` (Điều 9.6, 9.8, 15.7b, 16.1)."""

    decide_loss = forms.BooleanField(
        label=_("Xử thua ngay khi đủ 3 lỗi cùng loại (Điều 7.1n)"), required=False,
        initial=True)

    class Meta:
        model = GameWarning
        fields = ["game", "side", "reason", "ply", "note"]

    def record(self, data, user):
        warning, _game = services.add_warning(
            data["game"], side=data["side"], reason=data["reason"], user=user,
            note=data.get("note") or "", ply=data.get("ply"),
            decide_loss=bool(data.get("decide_loss")))
        return warning


@admin.register(GameWarning)
class GameWarningAdmin(ServiceAdmin, admin.ModelAdmin):
    """Reminders and cautions: added through the service (it escalates), never edited or
    deleted (they are part of the game's record)."""

    list_display = ["game", "side", "reason", "level", "fault", "recorded_by", "recorded_at"]
    list_select_related = ["game__white", "game__black", "fault", "recorded_by"]
    list_filter = ["reason", "level"]
    raw_id_fields = ["game"]
    readonly_fields = ["level", "fault", "article", "recorded_by", "recorded_at"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = GameWarningAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["game", "side", "reason", "ply", "note", "decide_loss"]
        return super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return [f.name for f in GameWarning._meta.fields]

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.record(form.cleaned_data, request.user))

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class MoveLimitClaimInline(OfficialParentInline, admin.TabularInline):
    model = MoveLimitClaim
    extra = 0
    readonly_fields = ["side", "ply", "counted", "limit", "minutes_to_opponent", "article", "note",
                       "recorded_by", "recorded_at"]
    fields = tuple(readonly_fields)
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # through "Đề nghị hòa 50 nước sai" (the service checks the record)


class MoveLimitClaimAddForm(ServiceAddForm):
    """A false 50-move claim through ``services.add_false_move_limit_claim`` (Điều 12b); a
    refusal (the claim was right, 12a) shows on the form."""

    class Meta:
        model = MoveLimitClaim
        fields = ["game", "side", "ply", "note"]

    def record(self, data, user):
        return services.add_false_move_limit_claim(
            data["game"], side=data["side"], ply=data["ply"], user=user,
            note=data.get("note") or "")


@admin.register(MoveLimitClaim)
class MoveLimitClaimAdmin(ServiceAdmin, admin.ModelAdmin):
    """False claims of the 50-move draw (Điều 12b): added through the service, never edited
    or deleted (part of the game's record)."""

    list_display = ["game", "side", "ply", "minutes_to_opponent", "recorded_by", "recorded_at"]
    list_select_related = ["game__white", "game__black", "recorded_by"]
    list_filter = ["side"]
    raw_id_fields = ["game"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = MoveLimitClaimAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["game", "side", "ply", "note"]
        return super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else [f.name for f in MoveLimitClaim._meta.fields]

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.record(form.cleaned_data, request.user))

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


correct_record = reason_action(
    "correct_record", _("Sửa biên bản đã ký (ghi lý do)"),
    _("Biên bản đã được trọng tài ký là hồ sơ chính thức. Sửa biên bản gỡ các chữ ký (phán "
      "quyết giữ nguyên cho đến khi trọng tài ghi lại) và ghi lý do vào lịch sử; sau đó "
      "trọng tài ghi phán quyết và các bên ký lại. Kết quả bàn đấu luôn theo phán quyết."),
    lambda game, *, user, reason: services.correct_record(game, user=user, reason=reason),
    _("đã mở để sửa"))


@admin.register(GameRecord)
class GameRecordAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, HistoryAdmin):
    form = GameRecordAdminForm
    list_select_related = ["white", "black"]
    # newest first: an index scan whatever the table's size (issue #28); headers still sort
    ordering = ["-id"]
    list_display = ["__str__", "discipline", "event_name", "round_number", "board_number",
                    "decision", "validation_status", "version"]
    list_filter = ["discipline", "validation_status", "decision"]
    search_fields = ["white_name", "black_name", "event_name", "white__name_folded",
                     "black__name_folded"]
    raw_id_fields = ["pairing", "upload"]
    autocomplete_fields = ["white", "black"]
    inlines = [GameFaultInline, GameWarningInline, MoveLimitClaimInline]
    actions = ["revalidate", correct_record, scoresheet_pdf]
    readonly_fields = [
                 "board_diagram", "moves_vietnamese", "moves_normalised", "final_fen", "ending",
                 "validation_status", "validation_summary", "validation_flags_words",
                 "validation_warnings", "validation_consistency_words", "validated_at", "decision", "decision_reason_label",
                 "decided_by", "decided_at", "proposed_decision", "proposed_reason",
                 "repetition_proposal_display", "final_phase_checks_words", "white_signed_at", "black_signed_at", "arbiter_signed_at", "arbiter_signed_by",
                 "version", "created_by", "created_at", "updated_at",
             ]
    fieldsets = [
        (pgettext_lazy("game", "Ván đấu"), {"fields": ["pairing", "discipline", "event_name", "played_on",
                                   "round_number", "board_number", "white", "white_name",
                                   "black", "black_name"]}),
        (_("Biên bản"), {"fields": ["start_fen", "notation", "moves_text", "declared_score",
                                    "white_time_used", "black_time_used"]}),
        (_("Kiểm tra"), {"fields": ["validation_status", "validation_summary",
                                    "moves_vietnamese", "board_diagram", "ending", "final_fen",
                                    "moves_normalised", "validation_flags_words",
                                    "validation_warnings", "validation_consistency_words",
                                    "validated_at"]}),
        (_("Giai đoạn cuối kiểu châu Á (Điều 10.1.2)"), {"fields": [
            "final_phase_ply", "final_phase_checks_words"]}),
        (_("Phán quyết và chữ ký"), {"fields": [
            "decision", "decision_reason_label", "decided_by", "decided_at",
            "proposed_decision", "proposed_reason", "repetition_proposal_display",
            "white_signed_at", "black_signed_at",
            "arbiter_signed_at", "arbiter_signed_by"]}),
        (_("Hệ thống"), {"fields": ["version", "created_by", "created_at", "updated_at"]}),
    ]

    @admin.display(description=_("Thế cờ cuối"))
    def board_diagram(self, game: GameRecord) -> str:
        if not game.pk:
            return "-"
        return mark_safe(svg.board_svg(game.discipline, game.final_fen or game.start_fen,
                                       size=360))  # our own SVG, every text escaped

    @admin.display(description=_("Nước đi (cách ghi Việt Nam)"))
    def moves_vietnamese(self, game: GameRecord) -> str:
        text = "\n".join(pgn_export.move_lines(game)) if game.pk else ""
        return format_html('<pre style="white-space:pre-wrap">{}</pre>', text or "-")

    @admin.display(description=_("dấu hiệu (lặp, chiếu mãi, đuổi bắt)"))
    def validation_flags_words(self, game: GameRecord) -> str:
        return evidence_table(game, game.validation_flags, FLAG_LABELS)

    @admin.display(description=_("tỷ số và thế cờ cuối"))
    def validation_consistency_words(self, game: GameRecord) -> str:
        return evidence_table(game, game.validation_consistency, CONSISTENCY_LABELS)

    @admin.display(description=_("Lỗi đầu tiên"))
    def validation_summary(self, game: GameRecord) -> str:
        error = game.validation_error
        if not error:
            return "-"
        return format_html(str(_("Nửa nước {} (nước {}, {}): “{}” — {}")), error.get("ply"),
                           error.get("move_number"), error.get("side"), error.get("text"),
                           error.get("reason_vi") or error.get("reason"))

    @admin.display(description=_("Đề xuất xử lặp (Điều 23-24)"))
    def repetition_proposal_display(self, game: GameRecord) -> str:
        """Read-only: the program's proposal for each repetition cycle, with its article;
        the arbiter decides (the decision above is his)."""
        shown = selectors.repetition_proposals(game) if game.pk else []
        if not shown:
            return "-"
        return format_html_join(
            "", "<p><b>{}</b> — {}<br>{}<br><small>{} {}-{}: {}{}</small></p>",
            ((p["ruling_label"], p["article"], p["text"], _("Nửa nước"), p["first_ply"],
              p["last_ply"], " ".join(p["cycle_moves"]), _agreement(p)) for p in shown))

    @admin.display(description=_("Nước chiếu trong giai đoạn cuối"))
    def final_phase_checks_words(self, game: GameRecord) -> str:
        """Điều 10.1.2: each side's checks in the phase (half-moves), those beyond four."""
        checks = selectors_phase.phase_checks(game) if game.pk else None
        if checks is None:
            return "-"
        excess = ", ".join(str(e["ply"]) for e in checks["excess"]) or "-"
        return format_html(str(_("Đỏ: {}; Đen: {}; quá bốn lần ở nửa nước: {}")),
                           ", ".join(map(str, checks["checks"]["w"])) or "-",
                           ", ".join(map(str, checks["checks"]["b"])) or "-", excess)

    @admin.display(description=_("Lý do phán quyết"))
    def decision_reason_label(self, game: GameRecord) -> str:
        return engine.reason_label(game.decision_reason) if game.decision_reason else "-"

    def save_model(self, request, obj: GameRecord, form, change) -> None:
        if change and self.official_reason(obj):
            return
        data = {name: form.cleaned_data[name] for name in form.changed_data
                if name in services.EDITABLE_FIELDS}
        if change:
            if data:  # a refusal (e.g. confirmed meanwhile) shows on the form (ServiceAdmin)
                services.update_game(GameRecord.objects.get(pk=obj.pk), user=request.user,
                                     expected_version=None, **data)
            if "final_phase_ply" in form.changed_data:  # Điều 10.1.2, its own checks
                services.set_final_phase(
                    GameRecord.objects.get(pk=obj.pk), ply=form.cleaned_data["final_phase_ply"],
                    user=request.user, expected_version=None)
            return
        created, _job = services.create_game(user=request.user, **{
            name: form.cleaned_data[name] for name in services.EDITABLE_FIELDS
            if name in form.cleaned_data})
        adopt(obj, created)

    @admin.action(description=_("Kiểm tra lại các biên bản đã chọn"))
    def revalidate(self, request, queryset) -> None:
        for game in queryset:
            services.start_validation(game, user=request.user)
        self.message_user(request, _("Đã xếp %d việc kiểm tra.") % queryset.count())


#: The validation's evidence in words (issue 28): the keys chessrules reports, by label.
FLAG_LABELS = {
    "plies_since_capture": _("Số nửa nước chưa ăn quân (cuối ván)"),
    "no_capture_limit": _("Giới hạn số nước không ăn quân"),
    "counted_no_capture_moves": _("Số nước không ăn quân đã đếm"),
    "fifty_move_reached": _("Đã đủ số nước không ăn quân"),
    "fifty_move_ply": _("Đủ số nước không ăn quân ở nửa nước"),
    "repetitions": _("Lặp lại thế cờ"),
    "perpetual_checks": _("Chiếu mãi"),
    "chases": _("Đuổi bắt"),
    "no_attacking_material": _("Không bên nào còn quân tấn công"),
    "dead_position": _("Thế cờ chết (không bên nào chiếu hết được)"),
    "fifty_moves": _("Đủ 50 nước ở nửa nước"),
    "seventy_five_moves": _("Đủ 75 nước ở nửa nước"),
    "threefold_repetition": _("Lặp lại 3 lần ở nửa nước"),
    "fivefold_repetition": _("Lặp lại 5 lần ở nửa nước"),
    "halfmove_clock": _("Số nửa nước từ lần ăn quân hoặc đi tốt cuối"),
}
CONSISTENCY_LABELS = {
    "consistent": _("Tỷ số khớp với thế cờ cuối"),
    "problems": _("Chỗ không khớp"),
    "declared_result": _("Tỷ số ghi trên biên bản"),
    "declared_reason": _("Lý do ghi trên biên bản"),
    "board_winner": _("Bên thắng theo thế cờ"),
    "notation_read": _("Cách ghi nước đi đã đọc"),
}


def _side(game: GameRecord, code: object) -> str:
    if str(code) not in ("w", "b"):
        return str(code)
    return str(_(Discipline(game.discipline).colour_name(str(code))))


def _evidence_value(game: GameRecord, key: str, value: object) -> object:
    if isinstance(value, bool):
        return _("có") if value else _("không")
    if value in (None, "", [], {}):
        return "-"
    if key == "counted_no_capture_moves" and isinstance(value, dict):
        return ", ".join(f"{_side(game, side)}: {count}" for side, count in value.items())
    if key == "board_winner":
        return _side(game, value)
    if key == "declared_reason":
        return engine.reason_label(str(value))
    if key == "notation_read":
        return dict(Notation.choices).get(str(value), value)
    if isinstance(value, list):
        return readable_json([item if not isinstance(item, dict) else
                              (item.get("text") or item.get("message") or
                               _("nửa nước %(a)s-%(b)s") % {"a": item.get("first_ply", "?"),
                                                            "b": item.get("last_ply", "?")})
                              for item in value])
    return value


def evidence_table(game: GameRecord, data: dict, labels: dict) -> str:
    """A validation's evidence as a small table in words; keys without a label are left to
    the API."""
    rows = [(label, _evidence_value(game, key, data[key])) for key, label in labels.items()
            if key in (data or {})]
    return table([_("Nội dung"), _("Giá trị")], rows)


def _agreement(proposal: dict) -> str:
    if proposal["agrees_with_decision"] is None:
        return ""
    if proposal["agrees_with_decision"]:
        return " — " + str(_("phán quyết của trọng tài khớp đề xuất"))
    return " — " + str(_("phán quyết của trọng tài khác đề xuất"))


@admin.register(GameUpload)
class GameUploadAdmin(ServiceAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["__str__", "tournament", "round_number", "state", "keep_valid",
                    "uploaded_by", "uploaded_at"]
    list_filter = ["state"]
    readonly_fields = ["tournament", "round_number", "discipline", "event_name", "file_name",
                                "notation", "keep_valid", "state", "report_summary", "job",
                                "uploaded_by", "uploaded_at"]
    exclude = ["content", "report"]

    def has_add_permission(self, request) -> bool:
        return False  # uploads come through the API (one job per file)

    @admin.display(description=_("Báo cáo"))
    def report_summary(self, upload: GameUpload) -> str:
        report = upload.report or {}
        rows = format_html_join(
            "", "<tr><td>{}</td><td>{} – {}</td><td>{}</td><td>{}</td></tr>",
            ((g["index"], g["white"], g["black"], g.get("status", "-"),
              "; ".join(e["message"] for e in g["errors"]) or "✓")
             for g in report.get("games", [])))
        return format_html("<p>{}</p><table>{}</table>",
                           _("%(w)s/%(t)s ván đã ghi") % {"w": report.get("written", 0),
                                                          "t": report.get("total", 0)}, rows)


admin_penalty.register(admin.site)
