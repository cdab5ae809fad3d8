"""Admin for federation staff: tournaments with inline officials and rounds, rounds with inline
pairings, entries, and actions that call the services (open registration, draw numbers, pair
next round, certify, reopen with a reason).

The pages live in sibling modules this one imports: ``admin_tournament_actions`` (the
tournament's actions), ``admin_rounds`` (rounds, pairings, late arrivals, boards, change
logs), ``admin_entries`` (entries, teams, sanction proposals), ``admin_awards``,
``admin_bulk``, ``admin_complaints``, ``admin_lifecycle``, ``admin_playoff``.

Every write goes through ``tournaments.services``: the forms call the services' checks to
show a refusal on the form, and a certified tournament (an official record, see
``core.official``) is read-only here, never deleted, and its history is not reverted.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.urls import path
from django.utils.translation import gettext_lazy as _

from core import textfields
from core.admin import TouchesPublicCache
from core.admin_history import HistoryAdmin
from core.admin_official import OfficialParentInline, OfficialRecordAdmin
from core.admin_search import FoldedSearchMixin
from core.admin_service import ServiceAdmin, add_service_error, adopt
from core.errors import ServiceError
from tournaments import (
    admin_awards,
    admin_bulk,
    admin_complaints,
    admin_entries,  # noqa: F401  (registers the entries' and teams' pages)
    admin_lifecycle,
    admin_playoff,
    engine,
    selectors,
    services,
)
from tournaments import documents as document_actions
from tournaments.admin_forms import (
    TOURNAMENT_FIELDSETS,
    TieBreakField,
    TimeControlField,
    tournament_add_fieldsets,
)
from tournaments.admin_rounds import round_system_label
from tournaments.admin_tournament_actions import (
    advance_qualifiers,
    certify,
    draw_numbers,
    finish,
    open_registration,
    pair_next_round,
    publish_regulations,
    reopen,
    resume,
    suspend,
)
from tournaments.models import (
    Official,
    RegulationAmendment,
    Round,
    ScheduledRound,
    StatusChange,
    Suspension,
    Tournament,
)


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


admin_complaints.register(admin.site)
admin_playoff.register(admin.site)
