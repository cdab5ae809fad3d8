"""Forms of the arbiter's screens (issue 27): shapes and limits only — every rule is the
service's, and its refusal lands on the field it names (``workspace.forms.apply_service_error``).
Choices are lists in words, never codes to guess."""

from __future__ import annotations

from datetime import datetime, time
from typing import cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chessrules.values import Discipline, Result
from games import engine as games_engine
from games.models import (
    AUTO_NOTATION,
    Decision,
    DeclaredScore,
    FaultKind,
    Notation,
    WarningReason,
)
from workspace.arbiter.reads import colour
from workspace.forms import DateField

#: Longest move list a screen accepts (a 300-move game written in words stays far below).
MOVES_MAX = 20000
NOTE_MAX = 1000


def set_choices(form: forms.BaseForm, name: str, choices) -> None:
    cast(forms.ChoiceField, form.fields[name]).choices = choices
REASON_MAX = 2000


class ResultForm(forms.Form):
    """One board's result: the button pressed (a value of ``chessrules.values.Result``) and
    the version of the board the arbiter saw (the services' optimistic check)."""

    result = forms.ChoiceField(choices=[(r.value, r.value) for r in Result
                                        if r is not Result.BYE])
    version = forms.IntegerField(min_value=1, max_value=10**9)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["result"].error_messages["invalid_choice"] = _(
            "Kết quả không hợp lệ; hãy bấm một trong các nút.")
        self.fields["result"].error_messages["required"] = _("Hãy bấm một kết quả.")
        self.fields["version"].error_messages["required"] = _(
            "Thiếu phiên bản của bàn; hãy tải lại trang.")


class UndoForm(forms.Form):
    change = forms.IntegerField(min_value=1)


def _time_field(label, required: bool, help_text=""):
    return forms.TimeField(label=label, required=required, help_text=help_text,
                           input_formats=["%H:%M", "%H:%M:%S", "%Hh%M", "%H.%M"],
                           widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))


class LateArrivalForm(forms.Form):
    """Điều 10.2.1a: who came late, when the clocks started (pre-filled), when he came (empty:
    he did not come) and when the loss is declared (default: now)."""

    side = forms.ChoiceField(label=_("Đấu thủ đến muộn"), widget=forms.RadioSelect)
    day = DateField(label=_("Ngày thi đấu"))
    scheduled_start = _time_field(_("Giờ bắt đầu ván (bấm đồng hồ)"), True)
    arrived_at = _time_field(_("Giờ đấu thủ đến"), False,
                             _("Để trống nếu đấu thủ không đến."))
    decided_at = _time_field(_("Giờ xử thua"), True)
    note = forms.CharField(label=_("Ghi chú"), required=False, max_length=NOTE_MAX,
                           widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, pairing=None, discipline: str = Discipline.CHESS, **kwargs):
        super().__init__(*args, **kwargs)
        choices = []
        for side in ("white", "black"):
            entry = getattr(pairing, side, None) if pairing is not None else None
            name = entry.name if entry is not None else ""
            choices.append((side, f"{colour(discipline, side)}: {name}"))
        set_choices(self, "side", choices)
        self.fields["side"].error_messages["required"] = _("Chọn đấu thủ đến muộn.")

    def moment(self, name: str):
        value = self.cleaned_data.get(name)
        day = self.cleaned_data.get("day")
        if value is None or day is None:
            return None
        return timezone.make_aware(datetime.combine(day, value))

    @staticmethod
    def initial_for(start) -> dict:
        now = timezone.localtime()
        start = timezone.localtime(start) if start else None
        return {"day": (start or now).date(),
                "scheduled_start": start.time().replace(second=0, microsecond=0) if start
                else time(now.hour, 0),
                "decided_at": now.time().replace(second=0, microsecond=0)}


class PairingChangeForm(forms.Form):
    """A manual change of a board before the round starts (swap the colours, or put another
    player in by his starting number), with its reason (kept with the change)."""

    swap_colours = forms.BooleanField(label=_("Đổi màu quân hai đấu thủ"), required=False)
    white_number = forms.IntegerField(required=False, min_value=1, max_value=99999,
                                      help_text=_("Để trống nếu không đổi."))
    black_number = forms.IntegerField(required=False, min_value=1, max_value=99999,
                                      help_text=_("Để trống nếu không đổi."))
    reason = forms.CharField(label=_("Lý do thay đổi"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 2}))
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, discipline: str = Discipline.CHESS, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["white_number"].label = _("Bên %(side)s: số thứ tự đấu thủ mới") % {
            "side": colour(discipline, "white")}
        self.fields["black_number"].label = _("Bên %(side)s: số thứ tự đấu thủ mới") % {
            "side": colour(discipline, "black")}


class CancelLateForm(forms.Form):
    side = forms.ChoiceField(choices=[("white", "white"), ("black", "black")])
    version = forms.IntegerField(min_value=1)


class WithdrawForm(forms.Form):
    on_date = DateField(label=_("Ngày bỏ cuộc"), required=False,
                        help_text=_("dd/mm/yyyy; để trống là hôm nay."))
    confirm = forms.BooleanField(label=_("Tôi xác nhận đấu thủ bỏ cuộc (Điều 21.5)"))


class ByeForm(forms.Form):
    round = forms.TypedChoiceField(label=_("Xin nghỉ ván"), coerce=int)
    points = forms.TypedChoiceField(label=_("Điểm được tính"), coerce=float, choices=[
        ("0", "0"), ("0.5", "½"), ("1", "1")],
        help_text=_("Theo điều lệ giải (Điều 28.7)."))

    def __init__(self, *args, rounds: list[int] = (), **kwargs):  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        set_choices(self, "round", [(n, _("Ván %(n)s") % {"n": n}) for n in rounds])


class MovesForm(forms.Form):
    """The score sheet's moves as written, in a notation of the event's discipline."""

    moves_text = forms.CharField(label=_("Nước đi (như trên biên bản)"), required=False,
                                 max_length=MOVES_MAX,
                                 widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false",
                                                              "autocapitalize": "off"}))
    notation = forms.ChoiceField(label=_("Cách ghi"))
    declared_score = forms.ChoiceField(label=_("Tỷ số đấu thủ ghi"), required=False)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, discipline: str = Discipline.CHESS, **kwargs):
        super().__init__(*args, **kwargs)
        readable = set(Discipline(discipline).notations)
        set_choices(self, "notation", [(value, label) for value, label in Notation.choices
                                       if value == AUTO_NOTATION or value in readable])
        set_choices(self, "declared_score", [("", _("Chưa ghi"))] + [
            (value, label) for value, label in DeclaredScore.choices])


def reason_choices(discipline: str, language: str) -> list[tuple[str, str]]:
    return [(code, f"{r.label_en if language == 'en' else r.label_vi} ({r.article})")
            for code, r in games_engine.DECISION_REASONS.items()
            if discipline in r.outcome]


def decision_choices(discipline: str) -> list[tuple[str, str]]:
    """The decisions (Phụ lục 4) with the event's colours (Đỏ/Đen or Trắng/Đen)."""
    return [
        (Decision.WHITE_WINS, _("%(side)s thắng") % {"side": colour(discipline, "white")}),
        (Decision.DRAW, str(Decision.DRAW.label)),
        (Decision.BLACK_WINS, _("%(side)s thắng") % {"side": colour(discipline, "black")}),
        (Decision.BOTH_LOSE, str(Decision.BOTH_LOSE.label))]


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(label=_("Phán quyết"))
    reason = forms.ChoiceField(label=_("Lý do (Điều 7)"))
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, discipline: str = Discipline.CHESS, language: str = "vi", **kwargs):
        super().__init__(*args, **kwargs)
        set_choices(self, "decision", decision_choices(discipline))
        set_choices(self, "reason", reason_choices(discipline, language))


class SignForm(forms.Form):
    who = forms.ChoiceField(choices=[("arbiter", "arbiter"), ("white", "white"),
                                     ("black", "black")])
    version = forms.IntegerField()


class VersionForm(forms.Form):
    version = forms.IntegerField()


class CorrectForm(forms.Form):
    reason = forms.CharField(label=_("Lý do sửa biên bản"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 2}))
    version = forms.IntegerField(widget=forms.HiddenInput)


def _side_field(discipline: str, label) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, widget=forms.RadioSelect, choices=[
        ("white", colour(discipline, "white")), ("black", colour(discipline, "black"))])


class WarningForm(forms.Form):
    """A reminder or caution (Điều 16.1a-b); a repeat climbs the article's ladder."""

    side = forms.ChoiceField(label=_("Đấu thủ"))
    reason = forms.ChoiceField(label=_("Vi phạm"), choices=WarningReason.choices)
    ply = forms.IntegerField(label=_("Ở nửa nước"), required=False, min_value=1,
                             max_value=2000, help_text=_("Không bắt buộc."))
    note = forms.CharField(label=_("Ghi chú"), required=False, max_length=NOTE_MAX)

    def __init__(self, *args, discipline: str = Discipline.CHESS, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"] = _side_field(discipline, _("Đấu thủ"))
        self.order_fields(["side", "reason", "ply", "note"])


class FaultForm(forms.Form):
    """A technical or conduct fault (Điều 9, 11.3b, 15.7, 16.3); the third loses (7.1n). Chess
    adds the completed illegal move (Luật Cờ Vua 7.4b in 002; FIDE 7.5.5)."""

    side = forms.ChoiceField(label=_("Đấu thủ"))
    kind = forms.ChoiceField(label=_("Loại lỗi"), choices=FaultKind.choices)
    scoresheet_omission = forms.BooleanField(
        label=_("Sót 4 nước liên tục trên biên bản (Điều 11.3b)"), required=False)
    ply = forms.IntegerField(label=_("Ở nửa nước"), required=False, min_value=1,
                             max_value=2000, help_text=_("Không bắt buộc."))
    note = forms.CharField(label=_("Ghi chú"), required=False, max_length=NOTE_MAX)

    def __init__(self, *args, discipline: str = Discipline.CHESS, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"] = _side_field(discipline, _("Đấu thủ"))
        if Discipline(discipline) is not Discipline.CHESS:  # Luật Cờ Vua 7.4b is chess's
            self.fields["kind"] = forms.ChoiceField(
                label=_("Loại lỗi"),
                choices=[c for c in FaultKind.choices if c[0] != FaultKind.ILLEGAL_MOVE])
        self.order_fields(["side", "kind", "scoresheet_omission", "ply", "note"])


class FinalPhaseForm(forms.Form):
    """Điều 10.1.2 (Asian control): the half-move the final phase began at."""

    ply = forms.IntegerField(label=_("Giai đoạn cuối từ nửa nước"), required=False, min_value=1,
                             max_value=2000, help_text=_("Nửa nước đầu tiên đi sau khi hết 120 "
                                                         "phút. Để trống: xóa."))
    version = forms.IntegerField(widget=forms.HiddenInput)
