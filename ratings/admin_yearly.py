"""The yearly report in the staff site (issue 32): ``/admin/bao-cao-nam/?year=2026`` shows the
figures with bar charts drawn in CSS (no script, no CDN); ``&format=pdf`` is the PDF with the
federation's official header (WeasyPrint, ``documents.render``), ``&format=xlsx`` the
spreadsheet (openpyxl). Staff only; the figures are ``ratings.yearly_report``'s."""

from __future__ import annotations

import io

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font

from documents.render import render_pdf
from ratings.yearly_report import YearlyReport, yearly_report

#: years the report may be asked for (the federation's records start in 1990)
FIRST_YEAR = 1990
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _year(request) -> int:
    this_year = timezone.localdate().year
    text = (request.GET.get("year") or "").strip()
    if text.isdigit() and FIRST_YEAR <= int(text) <= this_year:
        return int(text)
    return this_year


def chart_sections(report: YearlyReport) -> list[dict]:
    """Each table with its rows' bar widths (percent of the table's largest first value)."""
    sections = []
    for title, headers, rows in report.sections():
        largest = max((float(r.values[0] or 0) for r in rows), default=0) or 1
        sections.append({"title": title, "headers": headers, "rows": [
            {"label": r.label, "values": [grouped(v) for v in r.values],
             "width": round(100 * float(r.values[0] or 0) / largest, 1)} for r in rows]})
    return sections


def grouped(value) -> str:
    """A whole number as written in Vietnamese: 48.420.000."""
    return f"{int(value or 0):,}".replace(",", ".")


def xlsx_bytes(report: YearlyReport) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = f"Báo cáo năm {report.year}"
    bold = Font(bold=True)
    sheet.append([f"LIÊN ĐOÀN CỜ VIỆT NAM — BÁO CÁO NĂM {report.year}"])
    sheet["A1"].font = Font(bold=True, size=13)
    sheet.append(["Hội viên đang sinh hoạt ngày 31/12", report.members_total])
    sheet.append(["Hội phí thu trong năm (đồng)", int(report.dues_total)])
    for title, headers, rows in report.sections():
        sheet.append([])
        sheet.append([title, *headers])
        for cell in sheet[sheet.max_row]:
            cell.font = bold
        for row in rows:
            sheet.append([row.label, *[int(v) for v in row.values]])
    sheet.column_dimensions["A"].width = 48
    for column in "BCD":
        sheet.column_dimensions[column].width = 16
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _download(body: bytes, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def yearly_report_view(request):
    if not request.user.is_staff:
        raise PermissionDenied
    year = _year(request)
    report = yearly_report(year)
    kind = request.GET.get("format")
    if kind == "xlsx":
        return _download(xlsx_bytes(report), XLSX, f"bao-cao-nam-{year}.xlsx")
    context = {"report": report, "sections": chart_sections(report), "year": year,
               "issued_on": timezone.localdate(), "dues_total": grouped(report.dues_total)}
    if kind == "pdf":
        pdf, _pages = render_pdf("ratings/yearly_report.html", context)
        return _download(pdf, "application/pdf", f"bao-cao-nam-{year}.pdf")
    this_year = timezone.localdate().year
    return TemplateResponse(request, "admin/ratings/yearly_report.html", {
        **admin.site.each_context(request), **context,
        "title": _("Báo cáo năm %(year)s") % {"year": year},
        "years": list(range(this_year, max(FIRST_YEAR, this_year - 10) - 1, -1))})
