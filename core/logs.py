"""Structured logs (issue 32; docs/production.md "Reading the logs"): one JSON object a line.

* :class:`JsonFormatter` writes every record as one JSON line: time, level, logger, message,
  the request id of the request or job it happens in, and the ``fields`` a caller passes
  (``logger.info("…", extra={"fields": {...}})``).
* :class:`RequestLogMiddleware` (first in ``MIDDLEWARE``) gives each request an id (the
  incoming ``X-Request-ID`` when it is a plain token, else a new one), returns it in the
  ``X-Request-ID`` header and logs one line on ``vcf.request``: request id, user id, route
  name, method, status, duration in ms. Never a path's query string, a body or a header
  value: what a person sent (ID numbers, birth dates) is not logged. It also counts the
  request in the metrics (``core.metrics``).
* Jobs (``core.jobs``) store the request id of the request that started them and log one line
  on ``vcf.job`` when they end: kind, job id, state, duration, request id.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.functional import SimpleLazyObject, empty

from core.metrics import observe_request

request_logger = logging.getLogger("vcf.request")

#: The id of the request (or job) being served in this thread or task.
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")

_VALID_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


def current_request_id() -> str:
    return request_id_var.get()


class JsonFormatter(logging.Formatter):
    """One JSON object per line; the record's ``fields`` (a dict) merged in."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = request_id_var.get()
        if request_id:
            line["request_id"] = request_id
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def incoming_request_id(value: str | None) -> str:
    """The caller's ``X-Request-ID`` when it is a plain token (≤ 64 letters, digits, ``._:-``),
    else a new one: a header never carries arbitrary text into the logs."""
    if value and _VALID_ID.match(value):
        return value
    return uuid.uuid4().hex


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        request_id = incoming_request_id(request.META.get("HTTP_X_REQUEST_ID"))
        # an attribute of our own on the request (the logs read the context variable)
        request.request_id = request_id  # type: ignore[attr-defined]
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = request_id
            match = getattr(request, "resolver_match", None)
            seconds = time.perf_counter() - started
            observe_request(match.view_name if match else None, str(request.method),
                            response.status_code, seconds)
            request_logger.info("request", extra={"fields": {
                "event": "request",
                "request_id": request_id,
                "user_id": user_id(request),
                "route": match.view_name if match else None,
                "method": request.method,
                "status": response.status_code,
                "duration_ms": round(seconds * 1000, 1),
            }})
            return response
        finally:
            request_id_var.reset(token)


def user_id(request: HttpRequest) -> int | None:
    """The signed-in user's id, without loading a session the view did not read."""
    user = getattr(request, "user", None)
    if isinstance(user, SimpleLazyObject) and user._wrapped is empty:
        return None
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    pk: int = user.pk
    return pk
