"""Turn an unreachable database into a clean 503 in the API's error shape."""

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
