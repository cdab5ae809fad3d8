"""Shared helpers of the federation services: today, and who may act."""

from __future__ import annotations

from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotAllowedError
from federation import permissions as perms

# Texts stored in the records (event notes) stay in Vietnamese, whatever the request's
# language: ``_stored`` (gettext_noop) only marks them for translation catalogues.


def _today() -> date:
    return timezone.localdate()


def _require(allowed: bool, message: str | None = None) -> None:
    if not allowed:
        raise NotAllowedError(message or _("Bạn không có quyền thực hiện thao tác này."))


def _require_staff(by: object) -> None:
    _require(perms.is_staff(by), _("Chỉ cán bộ Liên đoàn (staff) được thực hiện thao tác này."))
