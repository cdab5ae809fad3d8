"""Dates as a Vietnamese reader writes them (issue 28): dd/mm/yyyy everywhere a person reads a
date (admin columns, read-only fields, history, the site), times as HH:MM. Django's own
Vietnamese formats spell dates in words ("Ngày 05 tháng 3 năm 2026") or with dashes; the
decision's date line ("Hà Nội, ngày … tháng … năm …") is written by its template."""

DATE_FORMAT = "d/m/Y"
SHORT_DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = "d/m/Y H:i"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
TIME_FORMAT = "H:i"
YEAR_MONTH_FORMAT = "m/Y"
MONTH_DAY_FORMAT = "d/m"
DATE_INPUT_FORMATS = ["%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y"]
DATETIME_INPUT_FORMATS = ["%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M", "%d/%m/%Y",
                          "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"]
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
