"""Turn an unreachable database into a clean 503 in the API's error shape; refuse an
oversized API body with a 413 before anything reads it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _

from core.errors import error_body

#: what a middleware wraps: the rest of the chain and the view
GetResponse = Callable[[HttpRequest], HttpResponseBase]


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        try:
            return self.get_response(request)
        except (OperationalError, InterfaceError):
            return self.unavailable()

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponseBase | None:
        if isinstance(exception, (OperationalError, InterfaceError)):
            return self.unavailable()
        return None

    @staticmethod
    def unavailable() -> JsonResponse:
        response = JsonResponse(
            error_body("service_unavailable",
                       _("Cơ sở dữ liệu tạm thời không truy cập được; hãy thử lại sau.")),
            status=503,
        )
        response["Retry-After"] = "5"
        return response


class BodySizeLimitMiddleware:
    """413 in the error shape for an API request whose declared body exceeds
    ``API_MAX_BODY_BYTES`` (a body without Content-Length is cut by Django's
    DATA_UPLOAD_MAX_MEMORY_SIZE / the JSON parser, with the same answer)."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        from django.conf import settings

        if request.path.startswith("/api/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > settings.API_MAX_BODY_BYTES:
                return too_large_response()
        return self.get_response(request)


def too_large_response() -> JsonResponse:
    from core.limits import body_too_large_message

    return JsonResponse(error_body("too_large", body_too_large_message()), status=413)


class LoginLockedMiddleware:
    """A sign-in form (admin, ``/api-auth/login/``, …) whose password check was refused by the
    lockout (``core.auth_backends``): 429, plain text, Retry-After; the password is never
    checked. DRF views answer the same exception themselves, in the error shape."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponseBase | None:
        from django.http import HttpResponse

        from core.throttling import LoginLocked

        if not isinstance(exception, LoginLocked):
            return None
        response = HttpResponse(str(exception.detail), status=429,
                                content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(int(exception.wait or 1))
        return response


class ContentSecurityPolicyMiddleware:
    """``Content-Security-Policy`` on every response, from ``settings.CSP_POLICY`` (issue 31 §9).

    Each request carries a nonce, ``request.csp_nonce``, made only when a template renders it:
    a page that must have an inline script writes ``<script nonce="{{ request.csp_nonce }}">``
    and only then is the nonce added to ``script-src`` (the site's pages, cached for everyone,
    have no inline script and never carry one). ``CSP_REPORT_ONLY`` sends the report-only
    header instead."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        from django.conf import settings

        nonce = CspNonce()
        # an attribute of our own on the request (the templates read it)
        request.csp_nonce = nonce  # type: ignore[attr-defined]
        response = self.get_response(request)
        header = ("Content-Security-Policy-Report-Only" if settings.CSP_REPORT_ONLY
                  else "Content-Security-Policy")
        if header not in response:
            response[header] = policy_header(settings.CSP_POLICY, nonce.value)
        return response


class CspNonce:
    """A request's nonce, drawn when first rendered."""

    def __init__(self) -> None:
        self.value: str | None = None

    def __str__(self) -> str:
        if self.value is None:
            import secrets

            self.value = secrets.token_urlsafe(18)
        return self.value


def policy_header(policy: Mapping[str, Iterable[str]], nonce: str | None = None) -> str:
    parts = []
    for directive, allowed in policy.items():
        sources = list(allowed)
        if nonce and directive == "script-src":
            sources.append(f"'nonce-{nonce}'")
        parts.append(" ".join([directive, *sources]))
    return "; ".join(parts)
