"""Shared pieces of the ratings services: the progress callback type and the staff check."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from core.errors import NotAllowedError

Progress = Callable[[float, str], None]


def _no_progress(_percent: float, _message: str = "") -> None:
    return None


def _require_staff(user: object) -> None:
    if not getattr(user, "is_staff", False):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn được thực hiện việc này."))
