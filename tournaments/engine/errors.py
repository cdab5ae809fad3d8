"""Refusals of the engine and of the systems' specs: a code, a Vietnamese message with
its parameters, and the field it concerns.

The engine is pure (no Django): it keeps the message untranslated (the msgid, marked with
``gettext_noop`` so that ``makemessages`` finds it) and the service boundary translates it
in the request's language (``tournaments.services._common.refusal``): Vietnamese by
default, English with ``Accept-Language: en``.
"""

from __future__ import annotations

__all__ = ["EngineError", "gettext_noop"]


def gettext_noop(message: str) -> str:
    """Marks ``message`` for translation without translating it (Django's name, so that
    ``makemessages`` extracts it); the service boundary translates it."""
    return message


class EngineError(ValueError):
    """The rules refused the input (no legal pairing, no further round, inconsistent data).

    ``message`` is the Vietnamese msgid with ``%(name)s`` placeholders filled from
    ``params``; ``str(exc)`` is the Vietnamese text."""

    def __init__(self, message: str, *, code: str = "pairing_failed", field: str | None = None,
                 **params: object) -> None:
        self.message = message
        self.code = code
        self.field = field
        self.params = params
        super().__init__(message % params if params else message)
