"""Pages as documented everywhere in the API: ``page`` and ``page_size`` whole numbers in
range, or a 400 naming them (DRF silently ignored ``page_size=null`` and the like)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from django.utils.translation import gettext as _
from rest_framework.pagination import PageNumberPagination

if TYPE_CHECKING:
    from django.db.models import QuerySet
    from rest_framework.request import Request
    from rest_framework.views import APIView

_Row = TypeVar("_Row")

MAX_ID = 2**31 - 1  # PostgreSQL integer: a larger number in a query is a database error


def is_whole_number(raw: str) -> bool:
    """ASCII digits only (``"²".isdigit()`` is true, and ``int("²")`` fails)."""
    return raw.isascii() and raw.isdigit()


class StandardPagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request: Request) -> int | None:
        from core.errors import ServiceError

        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None and not (is_whole_number(raw) and 1 <= int(raw) <= self.max_page_size):
            raise ServiceError(_("page_size phải là số nguyên từ 1 đến %(max)s.")
                               % {"max": self.max_page_size}, field="page_size")
        return super().get_page_size(request)

    def paginate_queryset(self, queryset: QuerySet[Any, _Row] | Sequence[_Row], request: Request,
                          view: APIView | None = None) -> list[_Row] | None:
        from core.errors import ServiceError

        raw = request.query_params.get(self.page_query_param)
        if raw is not None and not (is_whole_number(raw) and 1 <= int(raw) <= MAX_ID):
            raise ServiceError(_("page phải là số nguyên từ 1."), field="page")
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view: APIView) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": MAX_ID}
            elif parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1,
                                       "maximum": self.max_page_size}
        return parameters
