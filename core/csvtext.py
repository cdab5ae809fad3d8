"""CSV for people (issue 29): UTF-8 with a byte order mark, which Excel needs to read
Vietnamese names (without it Excel takes the file as the system's code page)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

BOM = "\ufeff"


def csv_text(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The header (translated by the caller) and the rows as CSV text, BOM first."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([str(cell) for cell in header])
    writer.writerows(rows)
    return BOM + out.getvalue()


def points_text(points: object) -> str:
    """Points as every CSV writes them: one decimal (``0.0``, ``0.5``, ``1.0``)."""
    return "" if points is None else f"{float(str(points)):.1f}"
