"""A rating list's FIDE B.02 settings as a form of named numbers (issue 28), not a JSON box:
each setting of ``chessrules.rating.RatingRules`` is one field with its article; the form
gives the service (``update_list_rules``, which checks them with ``RatingRules``) the same
object that is stored."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from chessrules import rating as rules_module
from ratings.models import RatingList, TitleCriteriaTable

#: setting -> (label, may be empty); the order is the article's
SETTINGS: list[tuple[str, Any, bool]] = [
    ("rating_difference_cap", _("Chênh lệch hệ số tối đa được tính (8.3.1)"), True),
    ("difference_cap_exempt_from", _("Không giới hạn chênh lệch từ hệ số (8.3.1, 10/2025)"),
     True),
    ("k_new_player", _("K của người mới (8.3.3)"), False),
    ("new_player_games", _("Số ván còn là người mới"), False),
    ("k_junior", _("K của đấu thủ trẻ"), False),
    ("junior_until_age", _("Trẻ đến hết năm tròn tuổi"), False),
    ("junior_below_rating", _("Trẻ khi hệ số dưới"), False),
    ("k_standard", _("K thông thường"), False),
    ("k_established", _("K khi đã đạt hệ số cao"), False),
    ("established_from_rating", _("Hệ số cao từ"), False),
    ("flat_k", _("K chung cho mọi đấu thủ (bỏ trống: theo các mức trên)"), True),
    ("k_games_cap", _("Giới hạn K × số ván (bỏ trống: không giới hạn)"), True),
    ("change_rounding", _("Làm tròn thay đổi hệ số (8.3.4)"), False),
    ("initial_min_games", _("Số ván tối thiểu để có hệ số đầu tiên (7.1)"), False),
    ("initial_window_months", _("Trong số tháng (bỏ trống: không hạn)"), True),
    ("initial_imaginary_games", _("Số ván giả định (8.2)"), False),
    ("initial_imaginary_rating", _("Hệ số đối thủ giả định"), False),
    ("initial_max", _("Hệ số đầu tiên tối đa (bỏ trống: không giới hạn)"), True),
    ("disregard_zero_first_event", _("Bỏ qua giải đầu tiên không ghi được điểm"), False),
    ("rating_floor", _("Hệ số sàn được công bố (7.1)"), False),
]
ROUNDING_LABELS = {
    "half_away_from_zero": _("Làm tròn nửa ra xa số 0 (FIDE)"),
    "half_up": _("Làm tròn nửa lên"),
    "toward_zero": _("Bỏ phần lẻ"),
}


def _field(name: str, label: Any, optional: bool, default: Any) -> forms.Field:
    if name == "name":
        return forms.CharField(label=label, max_length=120)
    if name == "change_rounding":
        return forms.ChoiceField(label=label, choices=[
            (mode, ROUNDING_LABELS.get(mode, mode)) for mode in rules_module.ROUNDING_MODES])
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False)
    return forms.IntegerField(label=label, required=not optional, min_value=0,
                              max_value=10_000)


class _RatingListFormBase(forms.ModelForm):
    """The list and its settings, one field each (``rules`` is built from them)."""

    class Meta:
        model = RatingList
        fields: list[str] = []  # the list itself is read-only; its settings below

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        stored = {**_DEFAULTS, **(self.instance.rules or {})}
        for name in _DEFAULTS:
            if f"rule_{name}" in self.fields:
                self.fields[f"rule_{name}"].initial = stored.get(name)

    def rules(self) -> dict:
        """The settings typed, as the stored object."""
        typed = {name: self.cleaned_data.get(f"rule_{name}") for name in _DEFAULTS
                 if f"rule_{name}" in self.fields}
        # the preset's name (e.g. "FIDE B.02 2024-03-01") is kept as stored
        return {**({"name": self.instance.rules["name"]} if "name" in (self.instance.rules
                                                                         or {}) else {}),
                **typed}


_DEFAULTS = rules_module.RatingRules().to_dict()
RatingListForm = type("RatingListForm", (_RatingListFormBase,), {
    f"rule_{name}": _field(name, label, optional, _DEFAULTS[name])
    for name, label, optional in SETTINGS if name in _DEFAULTS})


def rules_fieldsets() -> list:
    return [(_("Tham số tính hệ số (FIDE B.02)"), {"fields": [
        f"rule_{name}" for name, _label, _optional in SETTINGS]})]


def rules_value(name: str, value: Any) -> Any:
    """A stored setting as a person reads it."""
    if value is None:
        return _("không giới hạn")
    if isinstance(value, bool):
        return _("có") if value else _("không")
    if name == "change_rounding":
        return ROUNDING_LABELS.get(value, value)
    return value


#: The largest standards file accepted (the shipped Phụ lục 6 is about 20 kB).
MAX_TABLE_FILE_BYTES = 1_000_000


class TitleCriteriaTableForm(forms.ModelForm):
    """A version of the standards: its code, discipline and source typed; the standards
    themselves come as a file (the structured data of the regulations), never typed as JSON
    on a page; the service checks them (``save_criteria_table``)."""

    data_file = forms.FileField(
        label=_("Tệp bảng tiêu chuẩn"), required=False,
        help_text=_("Tệp dữ liệu của phụ lục (định dạng như bảng có sẵn). Bỏ trống khi chỉ "
                    "sửa mã, môn hoặc căn cứ."))

    class Meta:
        model = TitleCriteriaTable
        fields = ["code", "discipline", "source"]

    def clean_data_file(self) -> dict | None:
        upload = self.cleaned_data.get("data_file")
        if not upload:
            if self.instance.pk is None:
                raise forms.ValidationError(_("Cần tệp bảng tiêu chuẩn."), code="required")
            return None
        if upload.size > MAX_TABLE_FILE_BYTES:
            raise forms.ValidationError(_("Tệp quá lớn (tối đa 1 MB)."), code="too_large")
        try:
            data = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise forms.ValidationError(_("Không đọc được tệp: cần tệp dữ liệu UTF-8 như "
                                          "bảng có sẵn."), code="invalid") from None
        if not isinstance(data, dict):
            raise forms.ValidationError(_("Tệp không phải một bảng tiêu chuẩn."),
                                        code="invalid")
        return data

    def _post_clean(self) -> None:
        pass  # the service checks and fills the table (valid dates from its data)


def criteria_rows(table: TitleCriteriaTable) -> list[tuple]:
    """The standards as rows a person reads: criterion, section, title, text."""
    data = table.data or {}
    titles = {str(t.get("code")): t.get("name_vi") or t.get("code")
              for t in data.get("titles", [])}
    sections = {"men": _("Nam"), "women": _("Nữ")}
    return [(c.get("id", ""), sections.get(str(c.get("section")), c.get("section", "")),
             titles.get(str(c.get("title")), c.get("title", "")), c.get("text", ""))
            for c in data.get("criteria", []) if isinstance(c, dict)]
