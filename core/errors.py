"""One error shape for every API error.

    {"error": {"code": "invalid", "message": "…", "fields": {"sponsor": ["…"]}}}

``code`` is a stable machine code, ``message`` is human text in the request's
language (Accept-Language: vi by default, en), ``fields`` maps field names to
messages (empty when the error is not about a field).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DatabaseError, DataError, IntegrityError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler


class ServiceError(Exception):
    """A business rule refused a write. Raised by services, shown as HTTP 400 by default."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"
    #: seconds a client should wait before trying again (the Retry-After header), if any
    retry_after: int | None = None

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None,
                 fields: dict[str, list[str]] | None = None):
        super().__init__(message)
        self.message = str(message)
        self.code = code or self.default_code
        self.fields = dict(fields or {})
        if field:
            self.fields.setdefault(field, []).append(self.message)


class ConflictError(ServiceError):
    """The data changed since the client read it (stale version), or a state conflict."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


class NotAllowedError(ServiceError):
    """The user may not do this (object-level permission decided in a service)."""

    status_code = status.HTTP_403_FORBIDDEN
    default_code = "permission_denied"


class ServiceUnavailableError(ServiceError):
    """A service the write needs (the job broker) is down: try again later (503)."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "service_unavailable"
    retry_after = 30


def error_body(code: str, message: str, fields: Mapping[str, list[str]] | None = None,
               **extra: object) -> dict[str, dict[str, object]]:
    body: dict[str, object] = {"code": code, "message": str(message), "fields": fields or {}}
    body.update(extra)
    return {"error": body}


def _flatten_fields(detail: object) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        fields: dict[str, list[str]] = {}
        for name, value in detail.items():
            key = "non_field_errors" if name in ("__all__", "non_field_errors") else name
            if isinstance(value, dict):
                for sub, messages in _flatten_fields(value).items():
                    fields[f"{key}.{sub}"] = messages
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                for index, item in enumerate(value):
                    for sub, messages in _flatten_fields(item).items():
                        fields[f"{key}[{index}].{sub}"] = messages
            else:
                fields[key] = [str(v) for v in (value if isinstance(value, list) else [value])]
        return fields
    if isinstance(detail, list):
        return {"non_field_errors": [str(v) for v in detail]}
    return {}


def _first_message(fields: dict[str, list[str]], default: str) -> str:
    for name, messages in fields.items():
        if messages:
            return messages[0] if name == "non_field_errors" else f"{name}: {messages[0]}"
    return default


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF exception handler producing the service's error shape."""
    if isinstance(exc, ServiceError):
        response = Response(error_body(exc.code, exc.message, exc.fields),
                            status=exc.status_code)
        if exc.retry_after:
            response["Retry-After"] = str(exc.retry_after)
        return response
    if isinstance(exc, RequestDataTooBig):  # a form body over DATA_UPLOAD_MAX_MEMORY_SIZE
        from core.limits import body_too_large

        exc = body_too_large()
    if isinstance(exc, DjangoValidationError):
        messages = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        exc = exceptions.ValidationError(detail=messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, IntegrityError):
        return Response(
            error_body("conflict", _("Dữ liệu xung đột với bản ghi đã có; hãy tải lại và thử lại.")),
            status=status.HTTP_409_CONFLICT,
        )
    elif isinstance(exc, DataError):
        # a value the database cannot store (number out of range, text too long) that no
        # serializer bounded: bad input (400), not an unavailable database (503)
        return Response(error_body("invalid", str(exceptions.ValidationError.default_detail)),
                        status=status.HTTP_400_BAD_REQUEST)
    elif isinstance(exc, (OperationalError, DatabaseError)):
        return database_unavailable_response()

    handled = exception_handler(exc, context)
    if handled is None:
        return None
    response = handled
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten_fields(exc.detail)
        message = _first_message(fields, _("Dữ liệu không hợp lệ."))
        response.data = error_body("invalid", message, fields)
    elif isinstance(exc, exceptions.Throttled):
        # Throttled.__init__ sets ``wait``; djangorestframework-stubs do not declare it
        wait = int(exc.wait or 1)  # type: ignore[attr-defined]
        message = (str(exc.detail) if exc.get_codes() == "login_locked"
                   else _("Quá nhiều yêu cầu; hãy thử lại sau %(wait)s giây.") % {"wait": wait})
        response.data = error_body(str(exc.get_codes()), message, retry_after=wait)
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
        detail = exc.detail
        fields = {} if isinstance(detail, str) else _flatten_fields(detail)
        message = detail if isinstance(detail, str) else _first_message(
            fields, str(exc.default_detail))
        response.data = error_body(str(code), str(message), fields)
    return response


def database_unavailable_response() -> Response:
    response = Response(
        error_body("service_unavailable",
                   _("Cơ sở dữ liệu tạm thời không truy cập được; hãy thử lại sau.")),
        status=status.HTTP_503_SERVICE_UNAVAILABLE,
    )
    response["Retry-After"] = "5"
    return response


# --- Django's own error views (URL not matched, unhandled exception, bad request) ------------
# Wired as handler404/handler500/handler400 in config/urls.py: under /api/ they answer in the
# error shape (JSON) instead of Django's HTML page; elsewhere (admin, docs) Django's page stays.

def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def api_page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return JsonResponse(error_body("not_found", str(exceptions.NotFound.default_detail)), status=404)


def api_server_error(request: HttpRequest) -> HttpResponse:
    if not _is_api(request):
        return defaults.server_error(request)
    return JsonResponse(error_body("server_error", str(exceptions.APIException.default_detail)),
                        status=500)


def api_bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    return JsonResponse(error_body("bad_request", str(exceptions.ParseError.default_detail)), status=400)
