"""Fast bulk insert of many rows: COPY on PostgreSQL (the 100,000-player bench),
``bulk_create`` elsewhere."""

from __future__ import annotations

import json
from collections.abc import Iterable

from django.db import connection


def _bulk_insert(model, fields: list[str], rows: Iterable[dict], batch: int = 5000) -> None:
    """COPY on PostgreSQL (the 100,000-player bench), bulk_create elsewhere."""
    if connection.vendor == "postgresql":
        _copy_insert(model, fields, rows)
        return
    buffer = []
    for row in rows:
        buffer.append(model(**{name: row[name] for name in fields}))
        if len(buffer) >= batch:
            model.objects.bulk_create(buffer)
            buffer = []
    if buffer:
        model.objects.bulk_create(buffer)


class JsonText(str):
    """A JSON value already serialised (the COPY path writes it as it is)."""


def _copy_value(value) -> str:
    """One value in COPY text format (NULL, booleans, escaped text)."""
    if value is None:
        return "\\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, str):
        if "\\" in value or "\t" in value or "\n" in value or "\r" in value:
            value = (value.replace("\\", "\\\\").replace("\t", "\\t")
                     .replace("\n", "\\n").replace("\r", "\\r"))
        return value
    return str(value)


def _json_value(value) -> str:
    if value is None:
        return "\\N"
    if isinstance(value, JsonText):
        return _copy_value(value)
    if value == []:
        return "[]"
    return _copy_value(json.dumps(value))


def _copy_insert(model, fields: list[str], rows: Iterable[dict], batch: int = 5000) -> None:
    """COPY in text format, formatted here in batches (faster than adapting row by row)."""
    opts = model._meta
    column_of = {name: opts.get_field(name.removesuffix("_id")).column for name in fields}
    json_fields = [name for name in fields
                   if opts.get_field(name.removesuffix("_id")).get_internal_type() == "JSONField"]
    plain = [name for name in fields if name not in json_fields]
    columns = [column_of[name] for name in plain + json_fields]
    sql = f"COPY {opts.db_table} ({', '.join(columns)}) FROM STDIN"
    value, json_value = _copy_value, _json_value
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        lines: list[str] = []
        for row in rows:
            lines.append("\t".join([value(row[name]) for name in plain]
                                   + [json_value(row[name]) for name in json_fields]))
            if len(lines) >= batch:
                copy.write("\n".join(lines) + "\n")
                lines = []
        if lines:
            copy.write("\n".join(lines) + "\n")
