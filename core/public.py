"""Base of the public, anonymous, read-only API under ``/api/v1/public/``.

Responses are cacheable (ETag, Last-Modified, Cache-Control) and served from the
server-side cache, finished and live data alike (every write touches the scopes a response
depends on). A request the cache can answer is answered first thing in ``dispatch``: no
authentication, throttling or database work, so a burst of cached reads costs two cache
reads each. Anonymous clients are throttled per address on the requests that build.
Public serializers list their fields explicitly: no private data (date of birth,
ID number, contact) ever leaves through here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import django_filters
from django import forms
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, permissions, serializers, viewsets
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from core import caching
from core.errors import ServiceError
from core.filters import strict_is_valid
from core.pagination import MAX_ID, StandardPagination, is_whole_number
from core.schema import DescribedAutoSchema
from core.throttling import AnonThrottle, UserThrottle

if TYPE_CHECKING:
    from django.http.request import _ImmutableQueryDict
    from drf_spectacular.utils import Direction, _SchemaType
    from rest_framework.request import Request
    from rest_framework.throttling import BaseThrottle


class PublicNotFound(ServiceError):
    """A well-formed parameter naming something that does not exist (a round, a period)."""

    status_code = 404
    default_code = "not_found"


# django-filter ships no type hints: its classes are Any to mypy
@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class PublicIdFilter(django_filters.NumberFilter):  # type: ignore[misc]
    """A whole-number id filter (1 .. 2^31-1); anything else is a 400 on the parameter."""

    field_class = forms.IntegerField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


class PublicFilterSet(django_filters.FilterSet):  # type: ignore[misc]  # (no hints, above)
    """Filters as documented (``core.filters``): an empty or non-boolean value is a 400."""

    _strict = True  # the backend need not check it again

    def is_valid(self) -> bool:
        return strict_is_valid(self, super().is_valid())


class PublicPagination(StandardPagination):
    """Pages as documented (``core.pagination``: whole numbers in range, or a 400)."""


class ErrorDetailSerializer(serializers.Serializer[dict[str, Any]]):
    code = serializers.CharField()
    message = serializers.CharField()
    # SerializerMetaclass moves declared fields into _declared_fields: this does not replace
    # Serializer.fields at run time, which the stubs cannot express
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()))
    retry_after = serializers.IntegerField(required=False, allow_null=True)


class PublicErrorSerializer(serializers.Serializer[dict[str, Any]]):
    """The error shape of every API error (core.errors.api_exception_handler)."""

    error = ErrorDetailSerializer()


class PublicAutoSchema(DescribedAutoSchema):
    """Documents what every public endpoint may answer besides its 200: 304 on revalidation
    (ETag / Last-Modified), 400 for a bad parameter, 404, 429 when throttled."""

    extra_codes = ("400", "404", "429")

    def _get_response_bodies(self, direction: Direction = "response") -> _SchemaType:
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        # drf-spectacular's own helper, without type hints
        responses.setdefault("304", self._get_response_for_code(  # type: ignore[no-untyped-call]
            None, "304"))
        for code in self.extra_codes:
            responses.setdefault(code, self._get_response_for_code(  # type: ignore[no-untyped-call]
                PublicErrorSerializer, code))
        return responses


def _drop_nul_characters(request: Request) -> None:
    """PostgreSQL refuses NUL in text; no name or code contains one, so it is dropped."""
    params = request._request.GET
    if not any("\x00" in value for _name, values in params.lists() for value in values):
        return
    cleaned = params.copy()
    for name, values in params.lists():
        cleaned.setlist(name, [value.replace("\x00", "") for value in values])
    cleaned._mutable = False
    request._request.GET = cast("_ImmutableQueryDict", cleaned)  # immutable again (above)


class PublicReadOnlyViewSet(viewsets.ReadOnlyModelViewSet[Any]):
    permission_classes = [permissions.AllowAny]
    renderer_classes = [JSONRenderer]
    throttle_classes = [AnonThrottle, UserThrottle]  # atomic counters (core.throttling)
    schema = PublicAutoSchema()
    #: ids are database integers: anything else (or a number past the column's range, which
    #: PostgreSQL would refuse) is not found — with the error shape, not Django's HTML page
    lookup_value_regex = r"[^/]+"  # anything reaches the view, which answers a JSON 404
    pagination_class = PublicPagination
    #: scopes every response of this viewset depends on
    cache_scopes: tuple[str, ...] = ()
    #: actions whose answers are the same in every language (no translated text in a 200):
    #: one cached body for all languages (core.caching.validators ``any_language``)
    any_language_actions: tuple[str, ...] = ()
    #: the validators read when the request came in (see :meth:`dispatch`)
    _found: caching.Validators | None = None

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        """Answer from the cache before anything else when it can (the stamps are read
        before any database read, so a body is never kept under newer stamps than its
        data); otherwise the normal DRF path, which builds and keeps the answer."""
        self._found = None
        if request.method == "GET":
            action = self.action_map.get("get")
            scopes = self.request_scopes(action, kwargs)
            if scopes is not None:
                self._found = caching.validators(
                    request, scopes, any_language=action in self.any_language_actions)
                hit = caching.from_cache(request, self._found)
                if hit is not None:
                    return hit
        return super().dispatch(request, *args, **kwargs)

    def get_throttles(self) -> list[BaseThrottle]:
        """No throttle on the server's own warm-ahead requests (core.caching.warm)."""
        return [] if caching.warming() else super().get_throttles()

    def request_scopes(self, action: str | None,
                       kwargs: dict[str, Any]) -> tuple[str, ...] | None:
        """The scopes of a request from its URL alone (None: not known before the view)."""
        return self.cache_scopes

    def cached(self, build: Callable[[], HttpResponse]) -> HttpResponse:
        """The cached answer of this request, or ``build()`` kept for the next ones."""
        scopes = self.request_scopes(self.action, self.kwargs) or ()
        found = self._found or caching.validators(
            self.request, scopes, any_language=self.action in self.any_language_actions)
        return caching.cached_response(self.request, scopes, build, found=found)

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        pk = self.kwargs.get(self.lookup_url_kwarg or self.lookup_field)
        if pk is not None and not (is_whole_number(pk) and int(pk) <= MAX_ID):
            raise exceptions.NotFound()
        _drop_nul_characters(request)

    # a cached answer is the kept HttpResponse, not a DRF Response (DRF's finalize_response
    # takes any HttpResponse; the stubs say Response)
    def list(  # type: ignore[override]
            self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.cached(lambda: super(PublicReadOnlyViewSet, self).list(
            request, *args, **kwargs))

    def detail_object(self, obj: Any) -> Any:
        """The object as the detail serializer needs it (with its related rows). By default
        ``obj`` itself; a viewset whose detail needs heavy prefetches looks ``obj`` up lightly
        (``get_queryset``) and loads the rest here, only when the cache misses."""
        return obj

    def retrieve(  # type: ignore[override]  # as list (above)
            self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        obj = self.get_object()  # 404
        return self.cached(lambda: Response(self.get_serializer(self.detail_object(obj)).data))
