"""Duplicate persons in the admin (issue #28): the possible duplicates shown before a person is
saved, and the merge of two records of the same person (staff only, with a reason) through
``federation.services.merge_persons`` on a confirmation page."""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from federation import selectors, services
from federation.models import Person, PrivateDataAccess, is_masked
from federation.services import privacy


def _day(day) -> str:
    return day.strftime("%d/%m/%Y") if day else "—"


def duplicate_links(persons) -> str:
    """The possible duplicates as links to their pages (name, birth date, province, cards)."""
    return format_html_join(
        "", '<li><a href="{}">{}</a> — {} {}, {}{}</li>',
        ((reverse("admin:federation_person_change", args=[p.pk]), p.full_name,
          _("sinh ngày"), _day(p.date_of_birth), p.province or "—",
          (", " + _("thẻ") + " " + ", ".join(m.card_number for m in p.memberships.all()))
          if p.memberships.all() else "")
         for p in persons))


class PersonDuplicateCheckForm(forms.ModelForm):
    """The person form, refusing to save while a possible duplicate is shown and not
    dismissed (the same name and birth date, or the same ID number)."""

    not_duplicate = forms.BooleanField(
        label=gettext_lazy("Đã kiểm tra: không phải người đã có trong danh bạ"), required=False,
        help_text=gettext_lazy("Chỉ đánh dấu khi danh bạ báo có thể trùng và bạn đã xem người "
                               "đó: đây là một người khác."))

    class Meta:
        model = Person
        fields = ["full_name", "gender", "date_of_birth", "citizen_id", "phone", "email",
                  "address", "fide_id", "citizenship", "province", "user"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # minimisation (Nghị định 13/2023): the ID number masked; the whole on a logged reveal
        if self.instance.pk and self.instance.citizen_id and "citizen_id" in self.fields:
            self.initial["citizen_id"] = self.instance.masked_citizen_id
            self.fields["citizen_id"].help_text = _(
                "Chỉ hiện 4 số cuối. Giữ nguyên để không đổi; nhập đủ số mới để sửa; bấm "
                "“Xem đủ số CCCD” (được ghi vào nhật ký truy cập) để xem.")

    def clean_citizen_id(self):
        value = self.cleaned_data.get("citizen_id")
        if is_masked(value):
            if self.instance.pk and value == self.instance.masked_citizen_id:
                return self.instance.citizen_id  # unchanged
            raise forms.ValidationError(_("Số CCCD đang bị che: nhập đủ số mới hoặc giữ "
                                          "nguyên."))
        return value

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.errors or data.get("not_duplicate"):
            return data
        found = list(selectors.possible_duplicates(
            full_name=data.get("full_name") or "", date_of_birth=data.get("date_of_birth"),
            citizen_id=data.get("citizen_id"), exclude_pk=self.instance.pk)
            .prefetch_related("memberships")[:selectors.DUPLICATES_SHOWN])
        if found:
            raise forms.ValidationError(format_html(
                "{}<ul>{}</ul>{}", _("Có thể trùng với người đã có trong danh bạ (cùng họ tên và "
                                     "ngày sinh, hoặc cùng số CCCD):"),
                duplicate_links(found),
                _("Nếu đúng là một người, đừng lưu: hãy dùng hồ sơ đã có (hoặc gộp hai hồ sơ). "
                  "Nếu là người khác, đánh dấu ô “Đã kiểm tra” rồi lưu.")),
                code="possible_duplicate")
        return data


class MergeForm(forms.Form):
    keep = forms.TypedChoiceField(label=gettext_lazy("Giữ hồ sơ"), coerce=int,
                                  widget=forms.RadioSelect)
    reason = forms.CharField(label=gettext_lazy("Lý do gộp"), max_length=1000,
                             widget=forms.Textarea(attrs={"rows": 3, "cols": 60}))

    def __init__(self, persons, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["keep"]).choices = [(p.pk, f"{p.full_name} (#{p.pk})") for p in persons]


@admin.action(description=gettext_lazy("Gộp hai hồ sơ của cùng một người (ghi lý do)"))
def merge_persons(modeladmin, request, queryset):
    """Two selected persons: a confirmation page (both records side by side, which one is
    kept, the reason), then ``services.merge_persons``. Staff only (the service checks)."""
    persons = list(queryset.select_related("province").prefetch_related("memberships")
                   .order_by("pk")[:3])
    if len(persons) != 2:
        modeladmin.message_user(request, _("Chọn đúng hai người để gộp."), messages.ERROR)
        return None
    form = MergeForm(persons, request.POST if "apply" in request.POST else None)
    if form.is_bound and form.is_valid():
        keep = next(p for p in persons if p.pk == form.cleaned_data["keep"])
        duplicate = next(p for p in persons if p.pk != keep.pk)
        try:
            services.merge_persons(keep, duplicate, reason=form.cleaned_data["reason"],
                                   by=request.user)
        except ServiceError as exc:
            modeladmin.message_user(request, exc.message, messages.ERROR)
        else:
            modeladmin.message_user(request, _("Đã gộp %(dup)s (#%(d)s) vào %(keep)s (#%(k)s).")
                                    % {"dup": duplicate.full_name, "d": duplicate.pk,
                                       "keep": keep.full_name, "k": keep.pk}, messages.SUCCESS)
            return None
    rows = [(_("Họ và tên"), [p.full_name for p in persons]),
            (_("Ngày sinh"), [_day(p.date_of_birth) for p in persons]),
            (_("Tỉnh/thành phố"), [p.province or "—" for p in persons]),
            (_("Số CCCD"), [p.masked_citizen_id or "—" for p in persons]),
            (_("Thẻ hội viên"), [", ".join(f"{m.card_number} ({m.get_status_display()})"
                                           for m in p.memberships.all()) or "—"
                                 for p in persons])]
    for person in persons:  # the birth dates shown: a read of private data (issue 31)
        privacy.record_person_read(request.user, person, ("date_of_birth",),
                                   via=PrivateDataAccess.Via.ADMIN, path=request.get_full_path())
    context = {**modeladmin.admin_site.each_context(request),
               "title": _("Gộp hai hồ sơ của cùng một người"), "opts": Person._meta,
               "persons": persons, "rows": rows, "form": form,
               "action_checkbox_name": ACTION_CHECKBOX_NAME}
    return TemplateResponse(request, "admin/federation/person/merge.html", context)
