"""JSON held by a record (a qualification's evidence, a period's summary) shown in the admin
as lines a person reads, not as raw JSON (issue #18)."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

EMPTY = "—"


def readable_json(value: Any) -> SafeString | str:
    """A dict as "key: value" lines, a list as bullet lines, nested the same way."""
    if value in (None, "", [], {}):
        return EMPTY
    if isinstance(value, dict):
        return format_html("<ul>{}</ul>", format_html_join(
            "", "<li>{}: {}</li>", ((key, readable_json(item)) for key, item in value.items())))
    if isinstance(value, list):
        return format_html("<ul>{}</ul>", format_html_join(
            "", "<li>{}</li>", ((readable_json(item),) for item in value)))
    return str(value)


def table(headers: list, rows: list[tuple]) -> SafeString | str:
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
