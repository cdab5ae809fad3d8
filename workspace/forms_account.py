"""Forms of the user's own account (issue 32): the sign-in code, a password-reset request,
what he receives by email."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.models import NotificationPreference


class CodeForm(forms.Form):
    token = forms.CharField(
        label=_("Mã xác thực (6 chữ số)"), max_length=8, strip=True,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "one-time-code",
                                      "size": "8"}),
        help_text=_("Mã đang hiện trong ứng dụng xác thực trên điện thoại của bạn."))


class ResetRequestForm(forms.Form):
    email = forms.EmailField(label=_("Email của tài khoản"), max_length=254)


class PreferenceForm(forms.Form):
    language = forms.ChoiceField(label=_("Ngôn ngữ thư"),
                                 choices=NotificationPreference.Language.choices)
    applications = forms.BooleanField(label=_("Đơn xin gia nhập: nộp và kết quả xét"),
                                      required=False)
    lapse = forms.BooleanField(label=_("Hội viên sắp bị khai trừ (Điều 15.5)"), required=False)
    decisions = forms.BooleanField(label=_("Quyết định (phong cấp, kỷ luật) và đình chỉ"),
                                   required=False)
    events = forms.BooleanField(label=_("Cặp đấu được công bố, kết quả giải được công nhận"),
                                required=False)
