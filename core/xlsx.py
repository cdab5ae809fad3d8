"""Excel (.xlsx) exports of the lists the staff print (issue 29), with openpyxl.

One sheet: the header row (translated by the caller: Vietnamese, English under /en/), then
the rows. Numbers stay numbers (a sort or a sum works in Excel), points keep one decimal
(``core.csvtext.Points``), dates are date cells shown dd/mm/yyyy.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal

from django.http import HttpResponse
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from core.csvtext import Points

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
#: Excel's limit on a sheet's name
SHEET_TITLE_MAX = 31
_WIDEST_COLUMN = 40


def _cell(value: object) -> object:
    """A value as openpyxl writes it: numbers and dates as such, anything else as text."""
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float, date)):
        return value
    if isinstance(value, Decimal):
        return float(value)
    return str(value)


def xlsx_bytes(title: str, header: Sequence[object],
               rows: Iterable[Sequence[object]]) -> bytes:
    """The workbook: one sheet named ``title`` (cut to Excel's 31 characters), the header
    in bold and frozen, the columns as wide as their longest text."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its sheet
    sheet.title = "".join(c for c in title if c not in "[]:*?/\\")[:SHEET_TITLE_MAX] or "1"
    sheet.append([str(cell) for cell in header])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    widths = [len(str(cell)) for cell in header]
    for row in rows:
        sheet.append([_cell(value) for value in row])
        for index, (cell, value) in enumerate(zip(sheet[sheet.max_row], row, strict=False)):
            if isinstance(value, Points):
                cell.number_format = "0.0"
            elif isinstance(value, date):
                cell.number_format = "dd/mm/yyyy"
            if index < len(widths):
                widths[index] = max(widths[index], len(str(value if value is not None else "")))
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = min(width + 2, _WIDEST_COLUMN)
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def xlsx_response(title: str, header: Sequence[object], rows: Iterable[Sequence[object]],
                  filename: str) -> HttpResponse:
    """The workbook as a download named ``filename`` (ASCII)."""
    response = HttpResponse(xlsx_bytes(title, header, rows), content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


__all__ = ["CONTENT_TYPE", "Points", "xlsx_bytes", "xlsx_response"]
