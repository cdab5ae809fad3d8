"""JSON held by a record (a qualification's evidence, a period's summary) shown in the admin
as lines a person reads, not as raw JSON (issue #18)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

EMPTY = "—"


def readable_json(value: Any, labels: dict[str, Any] | None = None) -> SafeString | str:
    """A dict as "key: value" lines, a list as bullet lines, nested the same way; ``labels``
    names the keys for a person (a key without a label is shown as it is)."""
    if value in (None, "", [], {}):
        return EMPTY
    if isinstance(value, bool):
        return str(_("có") if value else _("không"))
    if isinstance(value, dict):
        names = labels or {}
        return format_html("<ul>{}</ul>", format_html_join(
            "", "<li>{}: {}</li>", ((names.get(key, key), readable_json(item, labels))
                                   for key, item in value.items())))
    if isinstance(value, list):
        return format_html("<ul>{}</ul>", format_html_join(
            "", "<li>{}</li>", ((readable_json(item, labels),) for item in value)))
    return str(value)


def table(headers: Sequence[object], rows: Sequence[tuple[object, ...]]) -> SafeString | str:
    """A small read-only table for a panel of an admin page; a dash when there is no row.
    Cells are escaped unless already safe (e.g. a link made with ``format_html``)."""
    if not rows:
        return EMPTY
    head = format_html_join("", "<th>{}</th>", ((h,) for h in headers))
    body = format_html_join("", "<tr>{}</tr>", (
        (format_html_join("", "<td>{}</td>", ((EMPTY if c in (None, "") else c,)
                                               for c in row)),) for row in rows))
    return format_html('<table class="panel"><thead><tr>{}</tr></thead><tbody>{}</tbody>'
                       "</table>", head, body)


#: Words for keys that recur in the records' JSON (a requested bye, a time control, a period's
#: summary), used where an admin has no display of its own for the field.
COMMON_KEYS = {
    "round": gettext_lazy("ván"), "points": gettext_lazy("điểm"),
    "periods": gettext_lazy("giai đoạn"), "moves": gettext_lazy("số nước"),
    "minutes": gettext_lazy("phút"), "repeat": gettext_lazy("lặp lại"),
    "increment_seconds": gettext_lazy("giây cộng thêm mỗi nước"),
    "games": gettext_lazy("số ván"), "players": gettext_lazy("số đấu thủ"),
    "warnings": gettext_lazy("cảnh báo"), "reason": gettext_lazy("lý do"),
    # the two sides, as chessrules names them
    "w": gettext_lazy("bên Đỏ (Trắng)"), "b": gettext_lazy("bên Đen"),
}


def display_for_field(value: Any, field: Any, empty_value_display: str, **kwargs: Any) -> Any:
    """Django admin's ``display_for_field`` (read-only fields, list columns), except that a
    JSON value reads as lines (``readable_json``), never as JSON (issue 28). Installed by
    ``core.apps.AdminConfig``; an admin shows a record's JSON in its own words where it has
    them (a time control in words, a document's target by name)."""
    from django.contrib.admin import utils
    from django.db import models

    if isinstance(field, models.JSONField) and value not in (None, "", [], {}):
        return readable_json(value, COMMON_KEYS)
    return utils.display_for_field(value, field, empty_value_display, **kwargs)
