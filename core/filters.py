"""Filters as documented everywhere in the API (issue 14, schema drift): a filter given with
an empty value (other than free text), or a yes/no filter with another word than true/false,
is a 400 naming it — django-filter would ignore it and answer the unfiltered list."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import django_filters
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend

if TYPE_CHECKING:
    from django.db.models import QuerySet
    from rest_framework.request import Request
    from rest_framework.views import APIView

TRUE_FALSE = {"true", "false", "True", "False", "1", "0"}


def strict_is_valid(filterset: django_filters.FilterSet, valid: bool) -> bool:
    """Add the strict errors to ``filterset.form``; whether it is still valid."""
    for name, filter_ in filterset.filters.items():
        if name not in filterset.data:
            continue
        raw = filterset.data.get(name)
        if isinstance(filter_, django_filters.BooleanFilter):
            if raw not in TRUE_FALSE:
                filterset.form.add_error(name, _("Chỉ nhận true hoặc false."))
                valid = False
        elif raw == "" and not _is_free_text(filter_):
            filterset.form.add_error(name, _("Không được để trống."))
            valid = False
    return valid


def _is_free_text(filter_: django_filters.Filter) -> bool:
    return type(filter_) is django_filters.CharFilter


# django-filter ships no type hints: its classes are Any to mypy
class StrictFilterBackend(DjangoFilterBackend):  # type: ignore[misc]
    """django-filter's backend with :func:`strict_is_valid` on every filterset."""

    def get_filterset(self, request: Request, queryset: QuerySet[Any],
                      view: APIView) -> django_filters.FilterSet | None:
        filterset = super().get_filterset(request, queryset, view)
        if filterset is not None and not getattr(filterset, "_strict", False):
            original = filterset.is_valid

            def is_valid() -> bool:
                return strict_is_valid(filterset, original())

            filterset.is_valid = is_valid
            filterset._strict = True
        return filterset
