"""Admin of the registry (Vietnamese by default). Actions call ``federation.services``.

This module (which Django's admin loads) holds the reference data, bodies, clubs and
persons and imports the other pages: ``admin_members`` (members, dues, suspensions),
``admin_applications`` (membership applications), ``admin_privacy`` (personal data) and
``admin_merge`` (duplicate persons); ``admin_base`` is what they share.

Search by name works with or without diacritics (the folded query is matched on
``name_folded``); persons, clubs, members and club memberships keep a change history
(who changed what and when) through django-simple-history.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import dashboard
from core.admin import TouchesPublicCache
from core.admin_display import EMPTY
from core.admin_display import table as admin_table
from core.admin_history import HistoryAdmin, LabelledHistoryHelper
from core.admin_search import FoldedSearchMixin
from core.admin_service import ServiceAdmin
from core.errors import ServiceError
from federation import admin_applications, admin_merge, admin_privacy, services  # noqa: F401
from federation.admin_base import _day, service_validation_error
from federation.admin_members import LAPSE_WARNING_DAYS
from federation.models import (
    BoardPosition,
    Body,
    Club,
    ClubBoardMember,
    ClubMeeting,
    Member,
    MembershipApplication,
    Officer,
    Person,
    PlayGroup,
    PrivateDataAccess,
    Province,
    mask_citizen_id,
)
from federation.selectors import about_to_lapse_queryset, applications_to_decide
from federation.services import privacy

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

    def changelist_view(self, request, extra_context=None):
        """The list shows each person's birth year (issue 31): a read of the page's persons'
        birth dates, logged in one insert (his own row left out)."""
        response = super().changelist_view(request, extra_context)
        changelist = getattr(response, "context_data", {}).get("cl")
        if request.method == "GET" and changelist is not None:
            own = getattr(request.user, "pk", None)
            shown = {p.pk: frozenset({"birth_year"}) for p in changelist.result_list
                     if p.date_of_birth and (own is None or p.user_id != own)}
            privacy.record_private_reads(request.user, shown, via=PrivateDataAccess.Via.ADMIN,
                                         path=request.get_full_path())
        return response

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


# --- applications ----------------------------------------------------------------------------


# --- members ---------------------------------------------------------------------------------


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
