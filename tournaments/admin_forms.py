"""The tournament form of the admin in the order of the work (issue 28): named groups, the
rarely used ones collapsed, and the time control (Điều 10) as a small table of periods
(moves, minutes, repeated) and the seconds added per move — never a JSON box. The table is
parsed into the stored control (``chessrules.timecontrol.TimeControl``, the one validator) and
the service checks the rest (``resolve_time_control``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from chessrules import timecontrol
from tournaments.documents import TIEBREAK_NAMES

if TYPE_CHECKING:
    from django.contrib.admin.options import _FieldOpts  # the stubs' shape of a fieldset
    from django_stubs_ext import StrOrPromise

_COLLAPSED = ("collapse",)

#: The tournament form in the order of the work: what the event is, when and where, its time
#: control, its format; then the groups a given format or the regulations need (collapsed).
TOURNAMENT_FIELDSETS: list[tuple[StrOrPromise | None, _FieldOpts]] = [
    (_("Giải đấu"), {"fields": [
        "name", "discipline", "system", "category", ("start_date", "end_date"), "venue",
        ("organiser_body", "organiser_club"), "rated", "amendment_reason"]}),
    (_("Thời gian thi đấu (Điều 10)"), {"fields": [
        "time_control_class", "time_control_preset", "time_control", "time_control_words",
        "time_control_note", "late_arrival_minutes", "max_games_per_day",
        "complaint_limit_hours"]}),
    (_("Số ván và xếp hạng"), {"fields": [
        "number_of_rounds", "size_warnings", "tiebreaks", "bye_score", "requested_bye_score",
        "swiss_withdrawal"]}),
    (_("Đối tượng và đăng ký"), {"fields": [
        "entrants", "gender_section", "age_group", "womens_championship",
        "registration_deadline", "quota_per_unit", "eligibility", "wildcards", "fees",
        "registration_form"]}),
    (_("Đồng đội (Điều 30)"), {"classes": _COLLAPSED, "fields": [
        "boards_per_team", "reserves_per_team", "team_ranking", "team_match_form",
        "board_min_games", "match_scoring"]}),
    (_("Loại trực tiếp và đối kháng (Điều 25; 002 Điều 8)"), {"classes": _COLLAPSED, "fields": [
        "knockout_tie_rule", "knockout_double_forfeit", "knockout_placement",
        "match_target_points", "match_target_wins"]}),
    (_("Vòng loại và chung kết (Điều 17.3)"), {"classes": _COLLAPSED, "fields": [
        "qualifies_to", "qualifiers"]}),
    (_("Luật và kỷ luật"), {"classes": _COLLAPSED, "fields": [
        "move_rule_reference", "no_capture_move_limit", "illegal_moves_to_lose", "excess_check",
        "disqualification_scoring",
        "awards_and_discipline", "material_terms"]}),
    (_("Điều lệ (Điều 18)"), {"classes": _COLLAPSED, "fields": [
        "purpose", "host_and_sponsors", "schedule", "prizes", "delegation_ranking",
        "title_criteria",
        "regulation_document"]}),
    (_("Trạng thái"), {"classes": _COLLAPSED, "fields": [
        "status", "lot_seed", "created_by", "created_at", "certified_at", "certified_by"]}),
]


def tournament_add_fieldsets() -> list:
    """The add form: the same groups without what only a saved event has."""
    shown_later = {"time_control_words", "size_warnings", "amendment_reason"}
    return [(name, {**options, "fields": [f for f in options["fields"] if f not in shown_later]})
            for name, options in TOURNAMENT_FIELDSETS[:-1]]


#: Rows of the period table (the longest preset, the Asian control, has 6 periods).
ROWS = 6


def _control(value: Any) -> timecontrol.TimeControl | None:
    if isinstance(value, str):
        import json

        try:
            value = json.loads(value) if value.strip() else None
        except ValueError:
            return None
    if not value:
        return None
    try:
        return timecontrol.TimeControl.parse(value)
    except timecontrol.TimeControlError:
        return None


class TimeControlWidget(forms.Widget):
    """A table: one row a period ("số nước" empty = the rest of the game, "phút", "lặp lại"),
    then "giây cộng thêm mỗi nước"."""

    def __init__(self, attrs: dict | None = None, rows: int = ROWS):
        super().__init__(attrs)
        self.rows = rows

    def value_from_datadict(self, data, files, name) -> dict:
        periods = []
        for i in range(self.rows):
            periods.append({"moves": (data.get(f"{name}_{i}_moves") or "").strip(),
                            "minutes": (data.get(f"{name}_{i}_minutes") or "").strip(),
                            "repeat": bool(data.get(f"{name}_{i}_repeat"))})
        return {"periods": periods,
                "increment_seconds": (data.get(f"{name}_increment") or "").strip()}

    def value_omitted_from_data(self, data, files, name) -> bool:
        return not any(key.startswith(f"{name}_") for key in data)

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        rows = self._rows(value)
        body = format_html_join("", (
            "<tr><td>{}</td>"
            '<td><input type="number" min="1" max="{}" name="{}_{}_moves" value="{}" '
            'aria-label="{}" style="width:6em"></td>'
            '<td><input type="number" min="1" max="{}" name="{}_{}_minutes" value="{}" '
            'aria-label="{}" style="width:6em"></td>'
            '<td><input type="checkbox" name="{}_{}_repeat"{} aria-label="{}"></td></tr>'), (
            (i + 1, timecontrol.MAX_PERIOD_MOVES, name, i, moves, _("số nước"),
             timecontrol.MAX_PERIOD_MINUTES, name, i, minutes, _("phút"), name, i,
             SafeString(" checked") if repeat else "", _("lặp lại"))
            for i, (moves, minutes, repeat) in enumerate(rows)))
        increment = self._increment(value)
        return format_html(
            '<table class="time-control" id="id_{}"><thead><tr><th>{}</th><th>{}</th>'
            "<th>{}</th><th>{}</th></tr></thead><tbody>{}</tbody></table>"
            '<p><label for="id_{}_increment">{}</label> '
            '<input type="number" min="0" max="{}" id="id_{}_increment" name="{}_increment" '
            'value="{}" style="width:6em"></p>',
            name, _("Giai đoạn"), _("Số nước (trống: hết ván)"), _("Phút mỗi bên"),
            _("Lặp lại đến hết ván"), body, name, _("Giây cộng thêm mỗi nước"),
            timecontrol.MAX_INCREMENT_SECONDS, name, name, increment)

    def _rows(self, value) -> list[tuple[Any, Any, bool]]:
        rows: list[tuple[Any, Any, bool]] = []
        control = _control(value)
        if control is not None:
            rows = [(p.moves or "", p.minutes, p.repeat) for p in control.periods]
        elif isinstance(value, dict):  # a posted table with an error: shown as typed
            rows = [(p.get("moves", ""), p.get("minutes", ""), bool(p.get("repeat")))
                    for p in value.get("periods", []) if isinstance(p, dict)]
            while rows and rows[-1][:2] == ("", "") and not rows[-1][2]:
                rows.pop()
        return rows + [("", "", False)] * max(self.rows - len(rows), 0)

    @staticmethod
    def _increment(value) -> Any:
        control = _control(value)
        if control is not None:
            return control.increment_seconds or 0
        if isinstance(value, dict):
            return value.get("increment_seconds", "")
        return ""


class TimeControlField(forms.Field):
    """The table typed, as the stored control (``TimeControl.to_dict``); an empty table is
    "take the preset" (``{}``)."""

    widget = TimeControlWidget

    def __init__(self, **kwargs):
        for unused in ("encoder", "decoder", "max_length"):
            kwargs.pop(unused, None)
        kwargs.setdefault("required", False)
        kwargs.setdefault("help_text", _(
            "Điều 10: mỗi dòng một giai đoạn — số nước phải đi trong số phút (bỏ trống số "
            "nước: hết ván); \"lặp lại\" ở dòng cuối: cứ bấy nhiêu phút bấy nhiêu nước đến "
            "hết ván. Để trống cả bảng thì lấy theo mẫu thời gian đã chọn."))
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        return value

    def to_python(self, value: Any) -> dict:
        if not value:
            return {}
        if not isinstance(value, dict) or "periods" not in value:
            control = _control(value)
            return control.to_dict() if control is not None else {}
        periods = []
        for number, row in enumerate(value["periods"], 1):
            moves, minutes = row.get("moves", ""), row.get("minutes", "")
            if moves in ("", None) and minutes in ("", None) and not row.get("repeat"):
                continue
            if minutes in ("", None):
                raise forms.ValidationError(
                    _("Giai đoạn %(n)s: cần số phút.") % {"n": number}, code="invalid")
            period: dict[str, Any] = {
                "moves": _number(moves, number, _("số nước"), 1,
                                 timecontrol.MAX_PERIOD_MOVES) if moves not in ("", None)
                else None,
                "minutes": _number(minutes, number, _("số phút"), 1,
                                   timecontrol.MAX_PERIOD_MINUTES)}
            if row.get("repeat"):
                period["repeat"] = True
            periods.append(period)
        increment = value.get("increment_seconds")
        if not periods:
            if increment not in ("", None, 0, "0"):
                raise forms.ValidationError(_("Giây cộng thêm cần ít nhất một giai đoạn."),
                                            code="invalid")
            return {}
        seconds = 0 if increment in ("", None) else _number(
            increment, None, _("giây cộng thêm"), 0, timecontrol.MAX_INCREMENT_SECONDS)
        data = {"periods": periods, "increment_seconds": seconds}
        try:
            return timecontrol.TimeControl.parse(data).to_dict()
        except timecontrol.TimeControlError as exc:
            raise forms.ValidationError(_explain(exc), code="invalid") from exc

    def has_changed(self, initial: Any, data: Any) -> bool:
        try:
            return _normal(initial) != _normal(self.to_python(data))
        except forms.ValidationError:
            return True


def _normal(value: Any) -> dict:
    control = _control(value)
    return control.to_dict() if control is not None else {}


def _number(text: Any, row: int | None, what, low: int, high: int) -> int:
    try:
        number = int(str(text).strip())
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        where = (_("Giai đoạn %(n)s: ") % {"n": row}) if row else ""
        raise forms.ValidationError(
            _("%(where)s%(what)s phải là số nguyên từ %(low)s đến %(high)s.")
            % {"where": where, "what": what, "low": low, "high": high}, code="invalid")
    return number


def _explain(exc: timecontrol.TimeControlError) -> str:
    """The validator's finding in Vietnamese (its field names the period)."""
    if exc.field.endswith(".repeat"):
        return str(_("Chỉ giai đoạn cuối được lặp lại, và giai đoạn lặp lại cần số nước."))
    if exc.field.endswith(".moves") and "rest of the game (no moves)" in exc.message:
        return str(_("Giai đoạn cuối: bỏ trống số nước (hết ván) hoặc đánh dấu \"lặp lại\"."))
    if exc.field.endswith(".moves"):
        return str(_("Chỉ giai đoạn cuối được bỏ trống số nước (hết ván); các giai đoạn "
                     "trước cần số nước."))
    if exc.field == "periods":
        return str(_("Tối đa %(n)s giai đoạn.") % {"n": timecontrol.MAX_PERIODS})
    return str(_("Thời gian thi đấu không hợp lệ."))


#: Rows of the tie-break picker (the longest default order has 4 codes).
TIEBREAK_ROWS = 6
#: The modifiers a person picks for a tie-break that takes them (FIDE C.07: -C1, -M1…).
CUTS = [("", _("tính tất cả")), ("C1", _("bỏ 1 giá trị thấp nhất")),
        ("C2", _("bỏ 2 giá trị thấp nhất")), ("M1", _("bỏ 1 giá trị cao nhất và 1 thấp nhất")),
        ("M2", _("bỏ 2 giá trị cao nhất và 2 thấp nhất"))]


class TieBreakWidget(forms.Widget):
    """The tie-breaks in order, one row each: which one (by its name) and, for those that
    take it, which values are left out — never a line of codes."""

    def value_from_datadict(self, data, files, name) -> list[tuple[str, str]]:
        return [((data.get(f"{name}_{i}") or "").strip(), (data.get(f"{name}_{i}_cut") or ""))
                for i in range(TIEBREAK_ROWS)]

    def value_omitted_from_data(self, data, files, name) -> bool:
        return not any(key.startswith(f"{name}_") for key in data)

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        rows = _tiebreak_rows(value)
        names = _tiebreak_choices()
        body = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", (
            (i + 1, _select(f"{name}_{i}", names, code), _select(f"{name}_{i}_cut", CUTS, cut))
            for i, (code, cut) in enumerate(rows)))
        return format_html('<table class="tiebreaks" id="id_{}"><thead><tr><th>{}</th><th>{}'
                           "</th><th>{}</th></tr></thead><tbody>{}</tbody></table>", name,
                           _("Thứ tự"), _("Hệ số phụ"), _("Bỏ giá trị (Búcgôn, Bécgơ…)"), body)


def _tiebreak_choices() -> list[tuple[str, Any]]:
    return [("", "—"), *((str(code), label) for code, label in TIEBREAK_NAMES.items())]


def _select(name: str, choices, chosen: str) -> SafeString:
    return format_html('<select name="{}" aria-label="{}">{}</select>', name, name,
                       format_html_join("", '<option value="{}"{}>{}</option>', (
                           (value, SafeString(" selected") if value == chosen else "", label)
                           for value, label in choices)))


def _tiebreak_rows(value: Any) -> list[tuple[str, str]]:
    if isinstance(value, list):
        rows = [(code, cut) for code, cut in value if code]
    else:
        rows = []
        for part in str(value or "").split(","):
            code, _sep, cut = part.strip().partition("-")
            if code and f"{code}-{cut}" == "BH-VN":
                code, cut = "BH-VN", ""
            if code:
                rows.append((code, cut))
    return rows + [("", "")] * max(TIEBREAK_ROWS - len(rows), 0)


class TieBreakField(forms.Field):
    """The rows picked, as the stored text ("DE,SB,BH-C1"); the service checks the codes
    (``engine.check_tiebreak_codes``). No row: the default of the event's system."""

    widget = TieBreakWidget

    def __init__(self, **kwargs):
        kwargs.pop("max_length", None)
        kwargs.setdefault("required", False)
        kwargs.setdefault("help_text", _("Theo thứ tự áp dụng (Điều 21.3, 21.4). Để trống tất "
                                         "cả: mặc định theo thể thức."))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str:
        if not value:
            return ""
        if isinstance(value, str):
            return value
        parts = []
        for code, cut in value:
            if not code:
                continue
            if cut and code not in ("BH", "SB", "ARO", "PS"):
                raise forms.ValidationError(
                    _("Chỉ Búcgôn, Bécgơ, Elo trung bình và điểm lũy tiến mới bỏ giá trị."),
                    code="invalid")
            parts.append(f"{code}-{cut}" if cut else code)
        return ",".join(parts)

    def has_changed(self, initial: Any, data: Any) -> bool:
        try:
            return (initial or "") != self.to_python(data)
        except forms.ValidationError:
            return True
