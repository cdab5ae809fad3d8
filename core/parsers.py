"""The API's JSON parser, with limits (issue 14): body size (413) and nesting depth (400).

DRF's parser let a body of 990 nested brackets reach Python's recursion limit (a 500) and
answered "Malformed request." for a body over Django's size limit.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import IO, Any, NoReturn

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from core.limits import PayloadTooLarge, body_too_large


class LimitedJSONParser(parsers.JSONParser):
    # any JSON value: the stubs' dict is only the common case (a list is a valid body too)
    def parse(self, stream: IO[Any] | None, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        limit = settings.API_MAX_BODY_BYTES
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise body_too_large()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
            data = json.loads(text, parse_constant=_refuse_constant)
        except RecursionError as exc:
            raise _too_deep() from exc
        except ValueError as exc:
            raise ParseError(_("JSON không hợp lệ: %(error)s") % {"error": exc}) from exc
        if _depth_exceeds(data, settings.JSON_MAX_DEPTH):
            raise _too_deep()
        return data


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not valid JSON")


def _too_deep() -> ParseError:
    return ParseError(_("JSON lồng nhau quá sâu: tối đa %(n)s cấp.")
                      % {"n": settings.JSON_MAX_DEPTH}, code="too_deep")


def _depth_exceeds(data: object, limit: int) -> bool:
    """Iterative (no recursion of our own): whether lists/objects nest deeper than ``limit``."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, (dict, list)))
    return False


__all__ = ["LimitedJSONParser", "PayloadTooLarge"]
