"""Entering an event's players in one step from the admin (issue #28).

The page ``/admin/tournaments/tournament/<id>/bulk-entries/`` (the tournament list's action
"Nhập danh sách đấu thủ" leads there) takes a pasted list, one player a line (a card number, a
member's id or a member's full name, optionally "; rating"), and/or the members of a club
ticked from its list. Everything goes through ``services.register_entries``: all or nothing,
each row under the single registration's rules (Điều 8-9, 17, 20, the deadline); a refusal
names each refused line ("Dòng N: …") or ticked member, in Vietnamese.
"""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from federation.models import Club, Member
from tournaments import services
from tournaments.models import Tournament

#: The most members of a club listed to tick (a club larger than this is entered by list).
CLUB_LIST_LIMIT = 300


class BulkEntriesForm(forms.Form):
    lines = forms.CharField(
        label=gettext_lazy("Danh sách đấu thủ (mỗi dòng một người)"), required=False,
        max_length=100_000, widget=forms.Textarea(attrs={"rows": 12, "cols": 60}),
        help_text=gettext_lazy("Số thẻ hội viên (ví dụ 01-2026-00033) hoặc họ và tên hội viên; "
                               "có thể thêm hệ số sau dấu chấm phẩy: “01-2026-00033; 1850”."))
    club = forms.ModelChoiceField(
        label=gettext_lazy("Hoặc chọn hội viên của một câu lạc bộ"), required=False,
        queryset=Club.objects.all(),
        widget=AutocompleteSelect(Tournament._meta.get_field("organiser_club"), admin.site))
    members = forms.ModelMultipleChoiceField(
        label=gettext_lazy("Hội viên của câu lạc bộ (đánh dấu người thi đấu)"), required=False,
        queryset=Member.objects.none(), widget=forms.CheckboxSelectMultiple)
    late_reason = forms.CharField(
        label=gettext_lazy("Lý do nhận đăng ký muộn"), required=False, max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
        help_text=gettext_lazy("Chỉ khi đã quá hạn đăng ký (cho cả danh sách)."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        club_id = self.data.get("club") if self.is_bound else None
        if club_id and str(club_id).isdigit():
            self._members_field().queryset = (
                Member.objects.filter(status=Member.Status.ACTIVE,
                                      club_memberships__club_id=int(club_id),
                                      club_memberships__ended_on__isnull=True)
                .select_related("person").order_by("person__name_folded", "card_number"))

    def club_members(self):
        queryset = self._members_field().queryset
        return list(queryset[:CLUB_LIST_LIMIT]) if queryset is not None else []

    def _members_field(self) -> forms.ModelMultipleChoiceField:
        return cast(forms.ModelMultipleChoiceField, self.fields["members"])


def _rows(form: BulkEntriesForm) -> tuple[list[tuple[int, dict]], dict[int, Member]]:
    """The service's rows: the pasted lines (numbered as typed), then the ticked members
    (numbered after the last line; ``ticked`` maps those numbers back to the member)."""
    rows = services.rows_from_lines(form.cleaned_data["lines"])
    after = len(form.cleaned_data["lines"].splitlines())
    ticked = {}
    for offset, member in enumerate(form.cleaned_data["members"], start=1):
        rows.append((after + offset, {"member": str(member.pk)}))
        ticked[after + offset] = member
    return rows, ticked


def _refusals(exc: ServiceError, ticked: dict[int, Member]) -> list[str]:
    """Each refused row in words: a line keeps its "Dòng N:", a ticked member is named."""
    found = []
    for key, errors in exc.fields.items():
        number = key[len("rows["):key.index("]")] if key.startswith("rows[") else ""
        member = ticked.get(int(number)) if number.isdigit() else None
        for error in errors:
            if member is not None:
                error = f"{member}: {error.split(': ', 1)[-1]}"
            found.append(error)
    return found or [exc.message]


def bulk_entries_view(model_admin, request, object_id):
    tournament = get_object_or_404(Tournament, pk=object_id)
    if not model_admin.has_change_permission(request, tournament):
        raise PermissionDenied
    form = BulkEntriesForm(request.POST or None)
    refusals: list[str] = []
    if request.method == "POST" and "_register" in request.POST and form.is_valid():
        rows, ticked = _rows(form)
        try:
            entries = services.register_entries(
                tournament, rows, user=request.user, late_reason=form.cleaned_data["late_reason"])
        except ServiceError as exc:
            refusals = _refusals(exc, ticked)
            model_admin.message_user(request, exc.message, messages.ERROR)
        else:
            model_admin.message_user(request, _("Đã đăng ký %(n)d đấu thủ cho %(t)s.")
                                     % {"n": len(entries), "t": tournament}, messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:tournaments_entry_changelist")
                                        + f"?tournament__id__exact={tournament.pk}")
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Nhập danh sách đấu thủ: %(t)s") % {"t": tournament},
        "opts": Tournament._meta, "original": tournament, "form": form,
        "media": model_admin.media + form.media, "refusals": refusals,
        "club_members": form.club_members() if form.is_bound else [],
        "club_list_limit": CLUB_LIST_LIMIT,
    }
    return TemplateResponse(request, "admin/tournaments/tournament/bulk_entries.html", context)


def urls(model_admin) -> list:
    """The page's URL, added to ``TournamentAdmin.get_urls``."""
    view = model_admin.admin_site.admin_view(
        lambda request, object_id: bulk_entries_view(model_admin, request, object_id))
    return [path("<int:object_id>/bulk-entries/", view,
                 name="tournaments_tournament_bulk_entries")]


@admin.action(description=gettext_lazy("Nhập danh sách đấu thủ (nhiều người một lần)"))
def enter_players(modeladmin, request, queryset):
    """Leads to the bulk entry page of the one selected tournament."""
    selected = list(queryset[:2])
    if len(selected) != 1:
        modeladmin.message_user(request, _("Chọn đúng một giải để nhập danh sách đấu thủ."),
                                messages.ERROR)
        return None
    return HttpResponseRedirect(reverse("admin:tournaments_tournament_bulk_entries",
                                        args=[selected[0].pk]))
