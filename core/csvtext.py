"""CSV for people (issue 29): UTF-8 with a byte order mark, which Excel needs to read
Vietnamese names (without it Excel takes the file as the system's code page)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

BOM = "\ufeff"


class Points(float):
    """Points in a table: one decimal in CSV (``points_text``) and in Excel (``core.xlsx``)."""


def points(value: object) -> Points | None:
    """Stored points (Decimal, float, str) as ``Points``; None stays None."""
    return None if value is None else Points(float(str(value)))


def csv_text(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The header (translated by the caller) and the rows as CSV text, BOM first."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([str(cell) for cell in header])
    writer.writerows([points_text(cell) if isinstance(cell, Points) else cell for cell in row]
                     for row in rows)
    return BOM + out.getvalue()


def points_text(points: object) -> str:
    """Points as every CSV writes them: one decimal (``0.0``, ``0.5``, ``1.0``)."""
    return "" if points is None else f"{float(str(points)):.1f}"
