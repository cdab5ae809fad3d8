"""Reads of an event's regulations as a person reads them: the amendments of published
regulations (Phụ lục 5) line by line, and the time control in words (Điều 10).
Re-exported by ``tournaments.selectors``."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext as _

from chessrules import timecontrol
from tournaments import engine
from tournaments.models import (
    RegulationAmendment,
    Tournament,
)

# --- amendments of published regulations (Phụ lục 5) -------------------------------------

def amendment_lines(amendment: RegulationAmendment) -> list[dict[str, str]]:
    """Each change of an amendment in words: the item's name, before and after (labels
    of choices, dates dd/mm/yyyy, the time control and tie-breaks by name)."""
    return [{"field": name, "label": regulation_label(name),
             "before": value_words(name, before), "after": value_words(name, after)}
            for name, (before, after) in sorted(amendment.changes.items())]


def regulation_label(name: str) -> str:
    """The name of a regulation field, as the forms show it."""
    field: Any = Tournament._meta.get_field(name)
    return str(field.verbose_name)


def value_words(name: str, value: Any) -> str:
    """A stored regulation value (as an amendment records it) in words."""
    from tournaments.documents import tiebreak_name  # documents imports this module

    field: Any = Tournament._meta.get_field(name)
    if value in (None, "", [], {}):
        return _("(trống)")
    if name == "time_control":
        return time_control_text(value)
    if name == "tiebreaks":
        return ", ".join(tiebreak_name(code) for code in engine.parse_codes(value))
    if field.is_relation:
        row = field.related_model.objects.filter(pk=value).first()
        return str(row) if row is not None else str(value)
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(value, bool):
        return _("có") if value else _("không")
    if isinstance(value, str) and len(value) == 10 and value[4] == "-" and value[7] == "-":
        try:
            return date.fromisoformat(value).strftime("%d/%m/%Y")
        except ValueError:
            return value
    return str(value)


# --- time control (Điều 10) ----------------------------------------------------------------

def time_control_text(data: dict[str, Any]) -> str:
    """The control in words, for the API, the admin and the documents, e.g. "25 nước trong
    60 phút, 10 nước trong 15 phút (×4), rồi cứ 5 phút 10 nước" (Điều 10.1.2)."""
    try:
        control = timecontrol.TimeControl.parse(data)
    except timecontrol.TimeControlError:
        return ""
    parts: list[str] = []
    periods = list(control.periods)
    i = 0
    while i < len(periods):
        period, count = periods[i], 1
        while (i + count < len(periods) and periods[i + count] == period
               and not period.repeat):
            count += 1
        parts.append(_period_text(period, single=len(periods) == 1, times=count))
        i += count
    text = ", ".join(parts)
    if control.increment_seconds:
        text += _(", cộng %(s)s giây mỗi nước từ nước 1") % {"s": control.increment_seconds}
    return text


def _period_text(period: timecontrol.Period, *, single: bool, times: int) -> str:
    values = {"moves": period.moves, "minutes": period.minutes}
    if period.repeat:
        text = (_("cứ %(minutes)s phút %(moves)s nước") if single
                else _("rồi cứ %(minutes)s phút %(moves)s nước")) % values
    elif period.moves is None:
        text = (_("%(minutes)s phút mỗi bên") if single
                else _("%(minutes)s phút cho phần còn lại")) % values
    else:
        text = _("%(moves)s nước trong %(minutes)s phút") % values
    return text + (f" (×{times})" if times > 1 else "")
