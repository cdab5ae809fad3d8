"""The staff pages of members (Điều 9-10, 15): the member's page and its actions (card, dues,
resignation, reinstatement), club memberships, dues, attendance, suspensions and the member's
events."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.admin import ReadOnlyAdmin, TouchesPublicCache
from core.admin_display import EMPTY
from core.admin_display import table as admin_table
from core.admin_history import HistoryAdmin
from core.admin_search import FoldedSearchMixin
from core.admin_service import ServiceAdmin
from core.errors import ServiceError
from core.hooks import provider
from core.official import why_official
from documents.models import Decision, Document
from federation import selectors, services
from federation.admin_base import _day, run_form_action, service_validation_error
from federation.documents import member_card_pdf
from federation.models import (
    Attendance,
    CardSequence,
    ClubMembership,
    DuesPayment,
    Member,
    MemberEvent,
    Resignation,
    Suspension,
)
from federation.selectors import about_to_lapse_queryset


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
