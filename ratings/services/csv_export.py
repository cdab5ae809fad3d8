"""CSV and Excel exports of rating lists (for people: ``core.csvtext``, BOM and translated headers)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from core.csvtext import csv_text


def list_header() -> list[str]:
    """The columns of a rating list CSV, in the reader's language."""
    return [_("Hạng"), _("Mã đấu thủ"), _("Họ tên"), _("Giới tính"), _("Tỉnh/thành"),
            _("Câu lạc bộ"), _("Danh hiệu"), _("Hệ số"), _("Số ván"), _("Thay đổi"), _("K")]


def list_rows(rows: Iterable[dict[str, Any]]) -> list[list[object]]:
    """A whole list's rows as printed (public columns only: never date of birth or
    contact); the CSV and the Excel workbook write the same rows."""
    return [
        [row["rank"] or "", row["person_id"], row["name"], row["gender"],
         row["province"] or "", row["club"] or "", row["title"] or "",
         row["rating"] if row["rating"] is not None else "",
         row["games"], "" if row["change"] is None else row["change"], row["k"] or ""]
        for row in rows]


def list_csv(rows: Iterable[dict[str, Any]]) -> str:
    """A whole list as CSV."""
    return csv_text(list_header(), list_rows(rows))
