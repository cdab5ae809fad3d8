"""The club manager's forms (issue 27). Each only shapes what was typed; the rules are the
services' (``federation.services``, ``tournaments.services``), whose refusals come back on
the field through :func:`workspace.forms.apply_service_error`.

Every choice is a list (gender, province, sponsor, members, kinds): nobody types a code.
Limits: the models' lengths; amounts up to 100 million đồng.
"""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from federation.models import Attendance, Consent, Gender, Person, Province
from federation.services.privacy import ConsentGiven
from workspace.forms import DateField, PickList, QuickSelect

MAX_AMOUNT = 100_000_000  # đồng: dues are far below; a typo with extra zeros is refused


def member_choices(members) -> list[tuple[str, str]]:
    """Members as (id, "card — name") for a list to choose from."""
    return [(str(m.pk), f"{m.person.full_name} — {m.card_number}") for m in members]


class DuesForm(forms.Form):
    """Dues paid (Điều 9.3, 15.4)."""

    amount = forms.IntegerField(label=_("Số tiền (đồng)"), min_value=1, max_value=MAX_AMOUNT,
                                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    period_start = DateField(label=_("Kỳ hội phí từ ngày"))
    period_end = DateField(label=_("Đến ngày"))
    receipt_number = forms.CharField(label=_("Số biên lai"), max_length=40)
    paid_on = DateField(label=_("Ngày nộp"), required=False,
                        help_text=_("Để trống: hôm nay."))


class AttendanceForm(forms.Form):
    """A member's activity on a day (Điều 9.3; counts against the Điều 15.5 lapse)."""

    day = DateField(label=_("Ngày sinh hoạt"))
    kind = forms.ChoiceField(label=_("Loại"), choices=Attendance.Kind.choices,
                             initial=Attendance.Kind.CLUB_SESSION)
    note = forms.CharField(label=_("Ghi chú"), max_length=200, required=False)


class SessionForm(forms.Form):
    """A club session: the members present on a day."""

    day = DateField(label=_("Ngày sinh hoạt"))
    members = forms.MultipleChoiceField(label=_("Hội viên có mặt"), widget=PickList)
    note = forms.CharField(label=_("Ghi chú"), max_length=200, required=False)

    def __init__(self, *args, members=(), **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["members"]).choices = member_choices(members)


class ResignationForm(forms.Form):
    """A resignation (Điều 10.4, 15.5)."""

    applied_on = DateField(label=_("Ngày làm đơn xin ra"))
    effective_on = DateField(label=_("Ngày có hiệu lực"), required=False,
                             help_text=_("Để trống: ngày làm đơn."))
    card_returned = forms.BooleanField(label=_("Đã trả thẻ hội viên"), required=False)
    note = forms.CharField(label=_("Ghi chú"), max_length=1000, required=False,
                           widget=forms.Textarea(attrs={"rows": 3}))


class PersonSearchForm(forms.Form):
    """Find a person already recorded: by name, and by a date of birth or an ID the manager
    knows (those must match exactly; they are never shown for persons outside the club)."""

    name = forms.CharField(label=_("Họ và tên"), max_length=200, required=False)
    born = DateField(label=_("Ngày sinh"), required=False)
    citizen_id = forms.CharField(label=_("Số CCCD/CMND"), max_length=20, required=False)

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if not any(data.get(name) for name in ("name", "born", "citizen_id")):
            raise forms.ValidationError(_("Nhập họ tên, ngày sinh hoặc số CCCD để tìm."))
        return data


NEW_PERSON = "new"
PERSON_FIELDS = ("full_name", "gender", "date_of_birth", "citizen_id", "phone", "email",
                 "address", "province")


class ApplicationForm(forms.Form):
    """A membership application (Điều 8.2-8.3): the person (found, or new), the sponsor
    chosen from the club's active members, the date it was handed in."""

    person = forms.ChoiceField(label=_("Người xin gia nhập"), widget=forms.RadioSelect)
    full_name = forms.CharField(label=_("Họ và tên"), max_length=200, required=False)
    gender = forms.ChoiceField(label=_("Giới tính"), required=False,
                               choices=[("", "—"), *Gender.choices])
    date_of_birth = DateField(label=_("Ngày sinh"), required=False)
    citizen_id = forms.CharField(label=_("Số CCCD/CMND"), max_length=20, required=False)
    phone = forms.CharField(label=_("Điện thoại"), max_length=30, required=False)
    email = forms.EmailField(label=_("Email"), max_length=254, required=False)
    address = forms.CharField(label=_("Địa chỉ"), max_length=300, required=False)
    province = forms.ModelChoiceField(label=_("Tỉnh/thành phố"), required=False,
                                      queryset=Province.objects.order_by("name"),
                                      empty_label="—")
    sponsor = forms.ChoiceField(label=_("Hội viên giới thiệu"), widget=QuickSelect)
    submitted_on = DateField(label=_("Ngày nộp đơn"), required=False,
                             help_text=_("Để trống: hôm nay."))
    # Nghị định 13/2023/NĐ-CP Điều 11, 20: the consent signed on the paper form
    consent_given = forms.BooleanField(
        label=_("Đơn có chữ ký đồng ý xử lý dữ liệu cá nhân"),
        error_messages={"required": _("Cần sự đồng ý xử lý dữ liệu cá nhân (Nghị định "
                                      "13/2023/NĐ-CP, Điều 11) trước khi nộp đơn.")},
        help_text=_("Liên đoàn thu thập họ tên, ngày sinh, số CCCD, liên lạc để quản lý hội "
                    "viên, xếp cặp thi đấu, tính hệ số."))
    consent_given_by = forms.CharField(
        label=_("Người đồng ý"), max_length=200,
        help_text=_("Chính người xin gia nhập; cha, mẹ hoặc người giám hộ nếu chưa đủ 16 tuổi."))
    consent_relation = forms.ChoiceField(label=_("Quan hệ với người xin gia nhập"),
                                         choices=Consent.Relation.choices)
    consent_child_agreed = forms.BooleanField(
        label=_("Trẻ em cũng đồng ý"), required=False,
        help_text=_("Bắt buộc khi người xin gia nhập từ đủ 7 đến dưới 16 tuổi (Nghị định "
                    "13/2023/NĐ-CP, Điều 20.3): chính trẻ em đã ký hoặc đồng ý trên đơn."))

    def consent(self) -> ConsentGiven:
        data = self.cleaned_data
        return ConsentGiven(given_by=data["consent_given_by"], relation=data["consent_relation"],
                            given_on=data.get("submitted_on"),
                            child_agreed=bool(data.get("consent_child_agreed")))

    def __init__(self, *args, persons=(), sponsors=(), labels=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.persons = {str(p.pk): p for p in persons}
        cast(forms.ChoiceField, self.fields["person"]).choices = [
            *[(str(p.pk), (labels or {}).get(p.pk, p.full_name)) for p in persons],
            (NEW_PERSON, _("Người chưa có trong hồ sơ: nhập mới bên dưới"))]
        cast(forms.ChoiceField, self.fields["sponsor"]).choices = [("", "—"), *member_choices(sponsors)]
        if not persons:
            self.fields["person"].initial = NEW_PERSON

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if data.get("person") == NEW_PERSON:
            for name in ("full_name", "gender"):
                if not data.get(name):
                    self.add_error(name, _("Trường này là bắt buộc với người mới."))
        return data

    def chosen_person(self) -> Person | None:
        return self.persons.get(self.cleaned_data.get("person") or "")

    def new_person_data(self) -> dict:
        return {name: self.cleaned_data.get(name) for name in PERSON_FIELDS
                if self.cleaned_data.get(name) not in (None, "")}


class DecisionApproveForm(forms.Form):
    on = DateField(label=_("Ngày duyệt"), required=False, help_text=_("Để trống: hôm nay."))


class DecisionRejectForm(forms.Form):
    reason = forms.CharField(label=_("Lý do từ chối"), max_length=1000,
                             widget=forms.Textarea(attrs={"rows": 3}))


class AdmissionRefuseForm(forms.Form):
    """The body refuses a member its club admitted (Phụ lục 2 Điều 15.2)."""

    reason = forms.CharField(label=_("Lý do từ chối kết nạp"), max_length=1000,
                             widget=forms.Textarea(attrs={"rows": 3}))
    on = DateField(label=_("Ngày từ chối"), required=False, help_text=_("Để trống: hôm nay."))


class EntriesForm(forms.Form):
    """The club's members to send to an event (each entered by ``register_entry``)."""

    members = forms.MultipleChoiceField(label=_("Đấu thủ của câu lạc bộ"), widget=PickList)

    def __init__(self, *args, members=(), **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["members"]).choices = member_choices(members)


class TeamForm(forms.Form):
    """The club's team: its name and a member for each board, then the reserves
    (Điều 30.1.3: the board order is fixed)."""

    name = forms.CharField(label=_("Tên đội"), max_length=200)

    def __init__(self, *args, members=(), boards: int = 0, reserves: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—"), *member_choices(members)]
        for order in range(1, boards + reserves + 1):
            label = (_("Bàn %(n)s") % {"n": order} if order <= boards
                     else _("Dự bị %(n)s") % {"n": order - boards})
            self.fields[f"board_{order}"] = forms.ChoiceField(
                label=label, choices=choices, required=order <= boards, widget=QuickSelect)
        self.orders = list(range(1, boards + reserves + 1))

    def clean(self):
        super().clean()
        data = self.cleaned_data
        chosen = [data.get(f"board_{order}") for order in self.orders]
        seen: set[str] = set()
        for order, value in zip(self.orders, chosen, strict=True):
            if value and value in seen:
                self.add_error(f"board_{order}", _("Hội viên này đã có ở bàn khác."))
            seen.add(value or "")
        filled = [order for order, value in zip(self.orders, chosen, strict=True) if value]
        if filled != list(range(1, len(filled) + 1)):
            self.add_error(None, _("Các dự bị điền liên tiếp, không bỏ trống ở giữa "
                                   "(Điều 30.1.3)."))
        return data

    def roster(self) -> list[tuple[str, int]]:
        return [(self.cleaned_data[f"board_{order}"], order) for order in self.orders
                if self.cleaned_data.get(f"board_{order}")]
