"""Turn an unreachable database into a clean 503 in the API's error shape; refuse an
oversized API body with a 413 before anything reads it."""

from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.utils.translation import gettext as _

from core.errors import error_body


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        except (OperationalError, InterfaceError):
            return self.unavailable()

    def process_exception(self, request, exception):
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

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
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

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        from django.http import HttpResponse

        from core.throttling import LoginLocked

        if not isinstance(exception, LoginLocked):
            return None
        response = HttpResponse(str(exception.detail), status=429,
                                content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(int(exception.wait or 1))
        return response
