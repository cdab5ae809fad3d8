"""One home for dates typed by people (issue 18): dd/mm/yyyy (what Vietnamese users type) and
ISO yyyy-mm-dd, in the API and the admin; impossible dates named as such; plausibility of
dates of birth, applications and events; citizen ID numbers by their official formats.

``parse_date`` and the ``check_*`` functions raise Django's ``ValidationError``, which DRF
fields, admin forms and services (``as_service_error``) all show on the field.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from core.errors import ServiceError

#: The formats the admin's date fields accept (settings.DATE_INPUT_FORMATS): the first one is
#: what the admin calendar writes into the field.
INPUT_FORMATS = ["%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y"]

_DMY = re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")

#: Oldest plausible date of birth, in years before today.
MAX_AGE_YEARS = 120
#: Earliest plausible event date (results recorded by the federation start after this year).
EARLIEST_EVENT_YEAR = 1950
#: How far ahead an event may be planned, in years.
EVENT_YEARS_AHEAD = 5


def _format_error() -> ValidationError:
    return ValidationError(
        _("Ngày không hợp lệ: nhập theo dạng dd/mm/yyyy (ví dụ 31/12/1990) hoặc yyyy-mm-dd."),
        code="invalid")


def _build(year: int, month: int, day: int) -> date:
    if not 1 <= month <= 12:
        raise ValidationError(_("Tháng %(month)d không tồn tại (tháng từ 1 đến 12).")
                              % {"month": month}, code="invalid")
    last = calendar.monthrange(year, month)[1] if year >= 1 else 31
    if not 1 <= day <= last:
        raise ValidationError(
            _("Ngày %(day)d không có trong tháng %(month)d/%(year)d (tháng này có %(last)d ngày).")
            % {"day": day, "month": month, "year": year, "last": last}, code="invalid")
    return date(year, month, day)


def parse_date(value: object) -> date:
    """A ``date`` from dd/mm/yyyy (also with - or .) or yyyy-mm-dd; a clear error otherwise."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = str(value or "").strip()
    if match := _ISO.match(text):
        year, month, day = (int(g) for g in match.groups())
    elif match := _DMY.match(text):
        day, month, year = (int(g) for g in match.groups())
    else:
        raise _format_error()
    if year < 1:
        raise _format_error()
    return _build(year, month, day)


def as_service_error(exc: ValidationError, field: str) -> ServiceError:
    """The check's refusal as a service error on ``field`` (the API error shape)."""
    from core.errors import ServiceError

    return ServiceError(exc.messages[0], field=field, code=exc.code or "invalid")


def _today(today: date | None) -> date:
    return today or timezone.localdate()


def check_not_future(value: date | None, *, today: date | None = None) -> None:
    """An application, a payment, a decision: not dated after today."""
    if value and value > _today(today):
        raise ValidationError(_("Ngày %(date)s ở tương lai: ngày này không được sau hôm nay.")
                              % {"date": value.strftime("%d/%m/%Y")}, code="future")


def check_birth_date(value: date | None, *, today: date | None = None) -> None:
    """A date of birth: not in the future, not more than MAX_AGE_YEARS ago."""
    if not value:
        return
    now = _today(today)
    if value > now:
        raise ValidationError(_("Ngày sinh %(date)s ở tương lai.")
                              % {"date": value.strftime("%d/%m/%Y")}, code="future")
    if value.year < now.year - MAX_AGE_YEARS:
        raise ValidationError(_("Ngày sinh %(date)s quá xa: không quá %(years)d năm trước.")
                              % {"date": value.strftime("%d/%m/%Y"), "years": MAX_AGE_YEARS},
                              code="implausible")


def check_event_date(value: date | None, *, today: date | None = None) -> None:
    """A tournament's dates: from EARLIEST_EVENT_YEAR to EVENT_YEARS_AHEAD years ahead."""
    if not value:
        return
    latest = _today(today).year + EVENT_YEARS_AHEAD
    if not EARLIEST_EVENT_YEAR <= value.year <= latest:
        raise ValidationError(
            _("Ngày %(date)s không hợp lý cho một giải đấu (từ năm %(first)d đến năm %(last)d).")
            % {"date": value.strftime("%d/%m/%Y"), "first": EARLIEST_EVENT_YEAR, "last": latest},
            code="implausible")


# --- citizen ID numbers ------------------------------------------------------------------

_CCCD = re.compile(r"^\d{12}$")
_CMND = re.compile(r"^\d{9}$")


def normalize_citizen_id(value: str | None) -> str | None:
    """Spaces and dots people type between digit groups are dropped; empty is no ID."""
    if value is None:
        return None
    text = re.sub(r"[\s.]", "", str(value))
    return text or None


def check_citizen_id(value: str | None) -> None:
    """A 12-digit CCCD (căn cước công dân) or a 9-digit CMND (chứng minh nhân dân)."""
    text = normalize_citizen_id(value)
    if text is None:
        return
    if not (_CCCD.match(text) or _CMND.match(text)):
        raise ValidationError(
            _("Số CCCD/CMND không hợp lệ: CCCD gồm 12 chữ số, CMND gồm 9 chữ số "
              "(nhận được “%(value)s”).") % {"value": str(value)[:30]}, code="invalid")


def dmy(value: date | None) -> str:
    """A date as a person reads it: dd/mm/yyyy (issue 28); nothing for no date."""
    return value.strftime("%d/%m/%Y") if value else ""
