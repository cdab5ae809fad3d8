"""The staff pages of entries and teams: entering a member or a guest, withdrawals, team
entries, and sanction proposals (Điều 15.6, 16)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from core.admin import TouchesPublicCache
from core.admin_history import HistoryAdmin
from core.admin_official import OfficialRecordAdmin, reason_action
from core.admin_service import ServiceAdmin, adopt
from tournaments import documents as document_actions
from tournaments import services
from tournaments.admin_filters import RecentTournamentFilter
from tournaments.admin_tournament_actions import _each
from tournaments.models import Entry, SanctionProposal, TeamEntry


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
