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


def display_for_field(value: Any, field: Any, empty_value_display: str, **kwargs: Any) -> Any:
    """Django admin's ``display_for_field`` (read-only fields, list columns), except that a
    JSON value reads as lines (``readable_json``), never as JSON (issue 28). Installed by
    ``core.apps.AdminConfig``; an admin shows a record's JSON in its own words where it has
    them (a time control in words, a document's target by name)."""
    from django.contrib.admin import utils
    from django.db import models

    if isinstance(field, models.JSONField) and value not in (None, "", [], {}):
        return readable_json(value)
    return utils.display_for_field(value, field, empty_value_display, **kwargs)
