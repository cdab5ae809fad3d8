"""Admin for federation staff: tournaments with inline officials and rounds, rounds with inline
pairings, entries, and actions that call the services (open registration, draw numbers, pair
next round, certify, reopen with a reason).

Every write goes through ``tournaments.services``: the forms call the services' checks to
show a refusal on the form, and a certified tournament (an official record, see
``core.official``) is read-only here, never deleted, and its history is not reverted.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from django import forms
from django.contrib import admin, messages
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core import textfields
from core.admin import ReadOnlyAdmin, TouchesPublicCache
from core.admin_display import readable_json
from core.admin_history import HistoryAdmin
from core.admin_official import OfficialParentInline, OfficialRecordAdmin, reason_action
from core.admin_search import FoldedSearchMixin
from core.admin_service import ServiceAdmin, add_service_error, adopt
from core.errors import ServiceError
from core.models import Job
from tournaments import (
    admin_awards,
    admin_bulk,
    admin_complaints,
    admin_lifecycle,
    admin_playoff,
    engine,
    selectors,
    services,
)
from tournaments import documents as document_actions
from tournaments.admin_filters import RecentTournamentFilter
from tournaments.admin_forms import (
    TOURNAMENT_FIELDSETS,
    TieBreakField,
    TimeControlField,
    tournament_add_fieldsets,
)
from tournaments.models import (
    BoardAssignment,
    Entry,
    LateArrival,
    Official,
    Pairing,
    PairingChange,
    RegulationAmendment,
    ResultChange,
    Round,
    SanctionProposal,
    ScheduledRound,
    StatusChange,
    Suspension,
    TeamEntry,
    Tournament,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class OfficialForm(forms.ModelForm):
    class Meta:
        model = Official
        fields = ["person", "role"]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        tournament = self.instance.tournament if self.instance.tournament_id else None
        if tournament is not None and not self.errors and self.has_changed():
            try:
                services.check_official(tournament, data["person"], data["role"])
            except ServiceError as exc:
                add_service_error(self, exc)
        return data


class OfficialInline(OfficialParentInline, admin.TabularInline):
    model = Official
    form = OfficialForm
    extra = 0
    autocomplete_fields = ["person"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("person")


class ScheduledRoundForm(forms.ModelForm):
    """A round of the schedule (Phụ lục 5 mục 6), checked by the service's rules."""

    class Meta:
        model = ScheduledRound
        fields = ["number", "day", "start_time", "note"]
        widgets = {"start_time": forms.TimeInput(format="%H:%M")}

    def clean(self):
        super().clean()
        data = self.cleaned_data
        tournament = self.instance.tournament if self.instance.tournament_id else None
        if tournament is not None and not self.errors and self.has_changed():
            try:
                services.check_round_schedule(tournament, data["number"], data["day"],
                                              data.get("note", ""))
            except ServiceError as exc:
                add_service_error(self, exc)
        return data


class ScheduledRoundInline(OfficialParentInline, admin.TabularInline):
    """Lịch thi đấu: each round's day and start (late arrivals read it, Điều 10.2.1a)."""

    model = ScheduledRound
    form = ScheduledRoundForm
    extra = 0


class SuspensionInline(admin.TabularInline):
    """Điều 20.3d: the suspensions of the event (added by the action, never edited)."""

    model = Suspension
    extra = 0
    can_delete = False
    fields = ("suspended_at", "reason", "resume_plan", "resumed_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    readonly_fields = ["number", "status", "system_label", "paired_at", "completed_at"]
    fields = tuple(readonly_fields)
    show_change_link = True

    @admin.display(description=_("thể thức"))
    def system_label(self, rnd: Round) -> str:
        return round_system_label(rnd)
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("tournament")  # the rows' names

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # rounds come from the pairing job


class StatusChangeInline(admin.TabularInline):
    model = StatusChange
    extra = 0
    readonly_fields = ["from_status", "to_status", "reason", "changed_by", "changed_at"]
    fields = tuple(readonly_fields)
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("changed_by")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class RegulationAmendmentInline(admin.TabularInline):
    """The amendments of the published regulations (Phụ lục 5), in words; recorded by the
    service when the event is changed with a reason, never edited here."""

    model = RegulationAmendment
    extra = 0
    readonly_fields = ["number", "amended_at", "changes_in_words", "reason", "amended_by"]
    fields = tuple(readonly_fields)
    can_delete = False

    @admin.display(description=_("nội dung sửa đổi"))
    def changes_in_words(self, obj) -> str:
        return "; ".join(f"{line['label']}: {line['before']} → {line['after']}"
                         for line in selectors.amendment_lines(obj))

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("amended_by")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


def _each(modeladmin, request, queryset, act, done) -> None:
    """An action on each selected record: ``act(record)`` calls the service; a refusal is an
    error naming the record, a success shows ``done(record, result)``."""
    for record in queryset:
        try:
            result = act(record)
        except ServiceError as exc:
            modeladmin.message_user(request, f"{record}: {exc.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, done(record, result), messages.SUCCESS)


def _run(modeladmin, request, queryset, service, done: StrOrPromise, **kwargs) -> None:
    _each(modeladmin, request, queryset,
          lambda tournament: service(tournament, user=request.user, **kwargs),
          lambda tournament, result: _done_message(tournament, done, result))


def _done_message(tournament, done, result):
    """A background job is named by a link to its page, not its raw id (issue #18)."""
    if isinstance(result, Job):
        url = reverse("admin:core_job_change", args=[result.pk])
        return format_html('{}: {} — <a href="{}">{}</a>', tournament, done, url,
                           _("xem tiến trình"))
    return f"{tournament}: {done} {result or ''}".rstrip()


@admin.action(description=_("Mở đăng ký"))
def open_registration(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.open_registration, _("đã mở đăng ký"))


@admin.action(description=_("Khóa đăng ký và bốc số thứ tự"))
def draw_numbers(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.close_registration, _("đã bốc số"))


@admin.action(description=_("Xếp cặp ván tiếp theo (công việc nền)"))
def pair_next_round(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.request_pairing, _("công việc xếp cặp"))


@admin.action(description=_("Đưa những người đứng đầu các bảng vào chung kết (Điều 17.3)"))
def advance_qualifiers(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda tournament: services.advance_qualifiers(tournament, user=request.user),
          lambda tournament, added: _("%(t)s: thêm %(n)s đấu thủ vào chung kết.")
          % {"t": tournament, "n": len(added)})


@admin.action(description=_("Công bố điều lệ (Điều 18a)"))
def publish_regulations(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda tournament: services.publish_regulations(tournament, user=request.user),
          lambda tournament, _result: _("%(t)s: điều lệ đã công bố.") % {"t": tournament})


def _lifecycle(modeladmin, request, queryset, service, done) -> None:
    """A lifecycle step on each selected event; a refusal says what must happen first and
    links to where it is done (issue 28)."""
    for tournament in queryset:
        try:
            service(tournament, user=request.user)
        except ServiceError as exc:
            modeladmin.message_user(request, format_html(
                "{}: {}", tournament, admin_lifecycle.refusal_with_link(tournament, exc)),
                messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: {done}", messages.SUCCESS)


@admin.action(description=_("Kết thúc giải"))
def finish(modeladmin, request, queryset):
    _lifecycle(modeladmin, request, queryset, services.finish_tournament, _("đã kết thúc"))


@admin.action(description=_("Công nhận kết quả"))
def certify(modeladmin, request, queryset):
    _lifecycle(modeladmin, request, queryset, services.certify_tournament, _("đã công nhận"))


suspend = reason_action(
    "suspend", _("Tạm đình chỉ giải (Điều 20.3d, ghi lý do)"),
    _("Do nguyên nhân đặc biệt không thể thi đấu được, tổng trọng tài tuyên bố tạm đình chỉ giải "
      "và định lại thời gian, địa điểm (Điều 20.3d). Không xếp cặp, không bắt đầu ván nào cho "
      "đến khi cho tiếp tục."),
    lambda t, *, user, reason: services.suspend_tournament(t, user=user, reason=reason),
    _("đã tạm đình chỉ"))


@admin.action(description=_("Cho giải tiếp tục sau tạm đình chỉ (Điều 20.3d)"))
def resume(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda t: services.resume_tournament(t, user=request.user),
          lambda t, _result: str(_("đã cho tiếp tục")))


reopen = reason_action(
    "reopen", _("Mở lại giải đã công nhận (ghi lý do)"),
    _("Giải đã công nhận là hồ sơ chính thức. Mở lại (chỉ cán bộ Liên đoàn) đưa giải về "
      "\"đã kết thúc\" để sửa; lý do được ghi vào lịch sử của giải."),
    lambda t, *, user, reason: services.reopen_tournament(t, user=user, reason=reason),
    lambda t: _reopened(t))


def _reopened(t: Tournament) -> str:
    """The titles awarded on this result stand (their decisions are official records): the
    message names them, so staff can withdraw a decision the correction invalidates."""
    numbers = sorted({f"{q.decision.number}/{q.decision.year}" for q in
                      t.title_qualifications.filter(decision__isnull=False)
                      .select_related("decision") if q.decision is not None})
    if not numbers:
        return str(_("đã mở lại"))
    return str(_("đã mở lại. Lưu ý: các quyết định phong cấp theo kết quả giải này (%(numbers)s) "
                 "vẫn có hiệu lực; nếu kết quả sửa làm mất tiêu chuẩn, hãy thu hồi quyết định "
                 "(có lý do).") % {"numbers": ", ".join(numbers)})


class TournamentAdminForm(forms.ModelForm):
    """The service checks the edit (locked after certification, format fields after the
    draw, dates, rounds that fit the dates…) when the admin saves (``ServiceAdmin``): the
    refusal shows on the form, next to its field."""

    time_control = TimeControlField(label=_("thời gian thi đấu"))
    tiebreaks = TieBreakField(label=_("hệ số phụ"))
    amendment_reason = forms.CharField(
        label=_("lý do sửa đổi điều lệ"), required=False, max_length=textfields.NOTE,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Phụ lục 5: điều lệ đã công bố thì không thay đổi, trừ khi có vấn đề đột "
                    "xuất về tổ chức. Mọi sửa đổi sau khi công bố cần lý do và được công bố "
                    "kèm ngày; sau khi giải bắt đầu chỉ còn sửa được địa điểm, chương trình, "
                    "ngày kết thúc, đơn vị đăng cai, quyền lợi vật chất."))

    class Meta:
        model = Tournament
        fields = sorted(services.TOURNAMENT_FIELDS)

    def service_fields(self) -> dict:
        """The posted values that differ from the stored tournament (a history "revert"
        posts an old version: the difference is what the service applies)."""
        # False from a file input is "cleared"; from a checkbox it is just False.
        files = {n for n, f in self.fields.items() if isinstance(f, forms.FileField)}
        data = {name: ("" if value is False and name in files else value)
                for name, value in self.cleaned_data.items()
                if name in services.TOURNAMENT_FIELDS}
        if data.get("regulation_document") is None:
            data["regulation_document"] = self.instance.regulation_document or ""
        if data.get("time_control") and "time_control_preset" not in self.changed_data:
            data.pop("time_control_preset", None)  # a table typed: the service finds its preset
        if self.instance.pk is None:
            return data
        current = Tournament.objects.get(pk=self.instance.pk)
        return {name: value for name, value in data.items()
                if getattr(current, name) != value}



@admin.register(Tournament)
class TournamentAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, FoldedSearchMixin, HistoryAdmin):
    """Search by name with or without diacritics ("ha noi" finds "Hà Nội": the folded
    term is matched on ``name_folded``, as the public events search)."""

    form = TournamentAdminForm
    fieldsets = TOURNAMENT_FIELDSETS
    list_display = ["name", "discipline", "system", "status", "start_date", "rated"]
    list_filter = ["status", "discipline", "system", "category"]
    search_fields = ["name", "venue"]
    autocomplete_fields = ["organiser_body", "organiser_club", "qualifies_to"]
    readonly_fields = ["status", "lot_seed", "created_by", "created_at", "certified_at",
                                "certified_by", "size_warnings", "time_control_words"]
    inlines = [OfficialInline, ScheduledRoundInline, SuspensionInline, RoundInline,
               StatusChangeInline, RegulationAmendmentInline]

    @admin.display(description=_("thời gian thi đấu (Điều 10)"))
    def time_control_words(self, obj) -> str:
        return selectors.time_control_text(obj.time_control) if obj and obj.pk else ""

    @admin.display(description=_("cảnh báo (Điều 27)"))
    def size_warnings(self, obj) -> str:
        return " ".join(engine.swiss_guidance(obj)) if obj and obj.pk else ""
    actions = [open_registration, admin_bulk.enter_players, draw_numbers, pair_next_round,
               finish, certify, reopen, advance_qualifiers, publish_regulations, suspend,
               resume, admin_awards.award_prizes,
               *document_actions.TOURNAMENT_ACTIONS]

    change_form_template = "admin/tournaments/tournament/change_form.html"

    def get_inlines(self, request, obj):
        """A new event has no rounds, suspensions, status changes or amendments yet: the add
        page builds and renders only the lines one enters with it (issue 28: the add form
        was the slowest form page, its four empty read-only tables a third of its work)."""
        if obj is None:
            return [OfficialInline, ScheduledRoundInline]
        return super().get_inlines(request, obj)

    def get_fieldsets(self, request, obj=None):
        if obj is None:
            return tournament_add_fieldsets()
        if self.official_reason(obj):  # read-only: the control in words, not its data
            return [(name, {**options, "fields": [f for f in options["fields"]
                                                  if f not in ("time_control",
                                                               "amendment_reason")]})
                    for name, options in super().get_fieldsets(request, obj)]
        return super().get_fieldsets(request, obj)

    def get_urls(self):
        view = self.admin_site.admin_view(
            lambda request, object_id: admin_lifecycle.next_step_view(self, request, object_id))
        return [path("<int:object_id>/next-step/", view,
                     name="tournaments_tournament_next_step"),
                *admin_bulk.urls(self), *super().get_urls()]

    def render_change_form(self, request, context, add=False, change=False, form_url="",
                           obj=None):
        """The change page shows the event's next step as one button (issue 28)."""
        if obj is not None and self.has_change_permission(request, obj):
            context.update(admin_lifecycle.panel_context(obj))
        return super().render_change_form(request, context, add, change, form_url, obj)

    def save_model(self, request, obj, form, change):
        """Through the service; a refusal rolls the save back and shows on the form
        (``ServiceAdmin``). An unchanged submit (also of a certified event) writes nothing."""
        if change and self.official_reason(obj):
            return
        fields = form.service_fields()
        if not change:
            adopt(obj, services.create_tournament(user=request.user, **fields))
        elif fields:
            adopt(obj, services.update_tournament(
                Tournament.objects.get(pk=obj.pk), user=request.user,
                amendment_reason=form.cleaned_data.get("amendment_reason", ""), **fields))

    def save_formset(self, request, form, formset, change):
        if formset.model is ScheduledRound and not self.official_reason(form.instance):
            # Phụ lục 5 mục 6: each line through set_round_schedule / remove_round_schedule
            return self._save_lines(formset, form, key="number", remove=lambda line: (
                services.remove_round_schedule(line, user=request.user)),
                save=lambda t, data: services.set_round_schedule(
                    t, data["number"], data["day"], data["start_time"], user=request.user,
                    note=data.get("note", "")))
        if formset.model is not Official or self.official_reason(form.instance):
            return super().save_formset(request, form, formset, change)
        return self._save_lines(formset, form, key="person", remove=lambda official: (
            services.remove_official(official, user=request.user)),
            save=lambda t, data: services.assign_official(t, data["person"], data["role"],
                                                          user=request.user))

    @staticmethod
    def _save_lines(formset, form, *, key: str, remove, save):
        """An inline's lines through the services: a deleted line through ``remove``, a changed
        one through ``save(tournament, data)`` (a changed ``key`` removes the old line first).
        A refusal refuses the whole save (ServiceAdmin), naming the line."""
        tournament = Tournament.objects.get(pk=form.instance.pk)
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for inline_form in formset.forms:
            line = inline_form.instance
            try:
                if inline_form in formset.deleted_forms:
                    if line.pk:
                        remove(line)
                        formset.deleted_objects.append(line)
                    continue
                if not inline_form.has_changed():
                    continue
                if line.pk and key in inline_form.changed_data:
                    remove(type(line).objects.get(pk=line.pk))
                saved = save(tournament, inline_form.cleaned_data)
                (formset.changed_objects.append((saved, inline_form.changed_data))
                 if line.pk else formset.new_objects.append(saved))
            except ServiceError as exc:
                raise ServiceError(f"{line}: {exc.message}", code=exc.code) from exc
        return None


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


class EntryAddForm(forms.ModelForm):
    """Registration through ``register_entry``; after the deadline only with a reason (late
    entry, recorded on the entry). Without a member, a guest or foreign player (Điều 17.2)
    through ``register_guest_entry`` when the tournament's "đối tượng tham dự" allows it.
    The admin's ``save_model`` calls the service; its refusal shows on the form
    (``ServiceAdmin``)."""

    user = None  # set by EntryAdmin.get_form
    late_reason = forms.CharField(
        label=_("Lý do nhận đăng ký muộn"), required=False, widget=forms.Textarea(
            attrs={"rows": 2}),
        help_text=_("Chỉ khi đã quá hạn đăng ký hoặc đã bốc số (đăng ký muộn)."))
    guest_name = forms.CharField(
        label=_("Khách mời: họ và tên"), required=False, max_length=200,
        help_text=_("Điều 17.2: đấu thủ không phải hội viên (bỏ trống ô hội viên)."))
    guest_gender = forms.ChoiceField(label=_("Khách mời: giới tính"), required=False,
                                     choices=[("", "-"), ("M", _("Nam")), ("F", _("Nữ"))])
    guest_birth_year = forms.IntegerField(label=_("Khách mời: năm sinh"), required=False,
                                          min_value=1900, max_value=2100)
    guest_federation = forms.CharField(label=_("Khách mời: liên đoàn"), required=False,
                                       max_length=3, initial="VIE",
                                       help_text=_("Mã 3 chữ cái, ví dụ VIE, CHN, MAS."))
    guest_fide_id = forms.CharField(label=_("Khách mời: mã FIDE"), required=False,
                                    max_length=12)

    class Meta:
        model = Entry
        fields = ["tournament", "member", "person", "rating", "title", "group", "is_wildcard"]

    def _post_clean(self):
        pass  # the service validated the entry (and wrote it): no model validation again

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if (not self.errors and data.get("member") is None and data.get("person") is None
                and not (data.get("guest_name") or "").strip()):
            self.add_error("member", _("Chọn hội viên, hoặc ghi khách mời (người trong "
                                       "danh bạ hoặc họ và tên)."))
        return data

    def register(self, user) -> Entry:
        """The entry written by the service (called by ``EntryAdmin.save_model``)."""
        data = self.cleaned_data
        if data.get("member") is None:
            return services.register_guest_entry(
                data["tournament"], user=user, person=data.get("person"),
                name=data.get("guest_name") or "", gender=data.get("guest_gender") or "",
                birth_year=data.get("guest_birth_year"),
                federation_code=data.get("guest_federation") or "VIE",
                fide_id=data.get("guest_fide_id") or "", rating=data.get("rating") or 0,
                title=data.get("title") or "", late_reason=data.get("late_reason") or "",
                group=data.get("group") or "")
        if data.get("late_reason", "").strip():
            return services.register_late_entry(
                data["tournament"], data["member"], user=user,
                rating=data.get("rating") or 0, title=data.get("title") or "",
                reason=data["late_reason"])
        return services.register_entry(
            data["tournament"], data["member"], user=user,
            rating=data.get("rating") or 0, title=data.get("title") or "",
            group=data.get("group") or "", wildcard=bool(data.get("is_wildcard")))


class EntryChangeForm(forms.ModelForm):
    class Meta:
        model = Entry
        fields = ["name", "fide_id", "federation_code", "rating", "title", "group",
                  "withdrawn_on"]


@admin.register(Entry)
class EntryAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, HistoryAdmin):
    """Entries: registered (or late-entered with a reason) and withdrawn through the
    services; the snapshot data of an entry is not edited here."""

    list_display = ["name", "tournament", "starting_number", "rating", "title", "team",
                    "is_late", "withdrawn_on"]
    list_filter = [RecentTournamentFilter, "is_late"]
    search_fields = ["name", "fide_id"]
    autocomplete_fields = ["tournament", "member", "person", "team"]
    list_select_related = ["tournament", "team"]
    # newest first: an index scan whatever the table's size (issue #28); headers still sort
    ordering = ["-id"]
    actions = [document_actions.tracking_card_pdf, "disqualify", "remove_from_list"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            # through the admin's factory: the member, person and tournament fields are
            # search boxes (autocomplete), not a dropdown of every member (issue #28)
            kwargs["form"] = EntryAddForm
            form = super().get_form(request, obj, change=change, **kwargs)
            return type("EntryAddForm", (form,), {"user": request.user})
        kwargs["form"] = EntryChangeForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["tournament", "member", "rating", "title", "group", "is_wildcard",
                    "late_reason", "person",
                    "guest_name", "guest_gender", "guest_birth_year", "guest_federation",
                    "guest_fide_id"]
        return super().get_fields(request, obj)

    disqualify = reason_action(
        "disqualify", _("Truất quyền thi đấu (Điều 16.1d)"),
        _("Tổng trọng tài truất quyền thi đấu (Điều 16.2): đấu thủ không được xếp cặp nữa, các "
          "ván chưa có kết quả bị xử thua, điểm số đạt được bị hủy bỏ (Điều 15.6) theo quy định "
          "“điểm khi truất quyền thi đấu” của giải."),
        lambda entry, *, user, reason: services.disqualify_entry(entry, user=user,
                                                                 reason=reason),
        _("đã truất quyền thi đấu"))
    remove_from_list = reason_action(
        "remove_from_list", _("Xóa tên khỏi danh sách giải (Điều 16.1e, ra quyết định)"),
        _("Xóa tên trong danh sách và kết quả thi đấu phải qua ý kiến của tổng trọng tài và "
          "trưởng ban tổ chức; ban tổ chức tuyên bố bằng văn bản (Điều 16.2): một quyết định "
          "kỷ luật được đánh số, ký bởi người ký mặc định của đơn vị tổ chức; mọi ván của đấu "
          "thủ bị hủy kết quả."),
        lambda entry, *, user, reason: services.remove_from_list(entry, user=user,
                                                                 reason=reason),
        lambda entry: _("đã xóa tên theo quyết định %(n)s")
        % {"n": entry.removal_decision.formatted_number})

    def get_readonly_fields(self, request, obj=None):
        readonly = super().get_readonly_fields(request, obj)
        if obj is None:
            return readonly
        editable = {*services.ENTRY_FIELDS, "id", "withdrawn_on"}
        names = [f.name for f in Entry._meta.fields if f.name not in editable]
        return [*readonly, *(n for n in names if n not in readonly)]

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.register(request.user))
            return
        if self.official_reason(obj):
            return
        fields = {name: form.cleaned_data[name] for name in form.changed_data
                  if name in services.ENTRY_FIELDS}
        if fields:
            services.update_entry(Entry.objects.get(pk=obj.pk), user=request.user, **fields)
        if "withdrawn_on" in form.changed_data and form.cleaned_data["withdrawn_on"]:
            services.withdraw_entry(Entry.objects.get(pk=obj.pk), user=request.user,
                                    on_date=form.cleaned_data["withdrawn_on"])


@admin.action(description=_("Ghi nhận đội bỏ cuộc"))
def withdraw_teams(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda team: services.withdraw_team(team, user=request.user),
          lambda team, _result: f"{team}: {_('đã ghi nhận bỏ cuộc')}")


class SanctionProposalAddForm(forms.ModelForm):
    """A proposal through ``propose_suspension`` (Điều 15.6), called by the admin's
    ``save_model``."""

    class Meta:
        model = SanctionProposal
        fields = ["entry", "years", "reason", "article"]

    def _post_clean(self):
        pass  # the service fills and checks the proposal

    def propose(self, user) -> SanctionProposal:
        data = self.cleaned_data
        return services.propose_suspension(
            data["entry"], user=user, years=data["years"], reason=data["reason"],
            article=data.get("article") or "15.6")


@admin.register(SanctionProposal)
class SanctionProposalAdmin(ServiceAdmin, HistoryAdmin):
    """Đề nghị kỷ luật (Điều 15.6): the organisers propose here; staff with the permission
    "Được quyết định đề nghị kỷ luật" approve (the decision is issued and the suspension
    recorded) or reject with a reason. Never edited or deleted."""

    list_display = ["person", "tournament", "years", "status", "decision", "proposed_at"]
    list_filter = ["status"]
    search_fields = ["person__full_name", "reason"]
    autocomplete_fields = ["entry"]
    list_select_related = ["person", "tournament", "decision"]
    actions = ["approve", "reject"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = SanctionProposalAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["entry", "years", "reason", "article"]
        return super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else [f.name for f in SanctionProposal._meta.fields]

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.propose(request.user))

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(description=_("Ra quyết định kỷ luật theo đề nghị (đình chỉ)"))
    def approve(self, request, queryset) -> None:
        self.each(request, queryset,
                  lambda proposal: services.approve_proposal(proposal, user=request.user),
                  lambda _proposal, done: _("%(p)s: đã ra quyết định %(n)s") % {
                      "p": done.person, "n": done.decision.formatted_number})

    reject = reason_action(
        "reject", _("Không chấp thuận đề nghị (ghi lý do)"),
        _("Liên đoàn không chấp thuận đề nghị kỷ luật; lý do được lưu với đề nghị."),
        lambda proposal, *, user, reason: services.reject_proposal(proposal, user=user,
                                                                   reason=reason),
        _("đã không chấp thuận"))


@admin.register(TeamEntry)
class TeamEntryAdmin(ServiceAdmin, OfficialRecordAdmin, TouchesPublicCache, admin.ModelAdmin):
    list_display = ["name", "tournament", "starting_number", "withdrawn_on"]
    list_filter = [RecentTournamentFilter]
    list_select_related = ["tournament"]
    search_fields = ["name"]
    readonly_fields = ["tournament", "starting_number", "withdrawn_on"]
    actions = [withdraw_teams]

    def has_add_permission(self, request) -> bool:
        return False  # teams are registered with their roster (API register_team)


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


admin_complaints.register(admin.site)
admin_playoff.register(admin.site)
