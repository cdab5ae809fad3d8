"""Base of the public, anonymous, read-only API under ``/api/v1/public/``.

Responses are cacheable (ETag, Last-Modified, Cache-Control) and served from the
server-side cache for finished data; anonymous clients are throttled per address.
Public serializers list their fields explicitly: no private data (date of birth,
ID number, contact) ever leaves through here.
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from rest_framework import permissions, serializers, viewsets
from rest_framework.renderers import JSONRenderer
from rest_framework.throttling import AnonRateThrottle

from core.caching import cached_response
from core.errors import ServiceError


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    retry_after = serializers.IntegerField(required=False, allow_null=True)


class PublicErrorSerializer(serializers.Serializer):
    """The error shape of every API error (core.errors.api_exception_handler)."""

    error = ErrorDetailSerializer()


class PublicAutoSchema(AutoSchema):
    """Documents what every public endpoint may answer besides its 200: 304 on revalidation
    (ETag / Last-Modified), 400 for a bad parameter, 404, 429 when throttled."""

    extra_codes = ("400", "404", "429")

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        responses.setdefault("304", self._get_response_for_code(None, "304"))
        for code in self.extra_codes:
            responses.setdefault(code, self._get_response_for_code(PublicErrorSerializer, code))
        return responses


class PublicReadOnlyViewSet(viewsets.ReadOnlyModelViewSet):
    permission_classes = [permissions.AllowAny]
    renderer_classes = [JSONRenderer]
    throttle_classes = [AnonRateThrottle]
    schema = PublicAutoSchema()
    #: ids are database integers: anything else (or a number past the column's range, which
    #: PostgreSQL would refuse) is simply not found
    lookup_value_regex = r"[0-9]{1,9}"
    #: scopes every response of this viewset depends on
    cache_scopes: tuple[str, ...] = ()

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        for name, values in request.query_params.lists():
            if any("\x00" in value for value in values):  # PostgreSQL refuses NUL in text
                raise ServiceError("query parameters must not contain NUL characters",
                                   field=name)

    def scopes_for(self, obj=None) -> tuple[str, ...]:
        return self.cache_scopes

    def is_finished(self, obj=None) -> bool:
        return True

    def list(self, request, *args, **kwargs):
        return cached_response(request, self.scopes_for(),
                               lambda: super(PublicReadOnlyViewSet, self).list(
                                   request, *args, **kwargs))

    def retrieve(self, request, *args, **kwargs):
        obj = self.get_object()
        return cached_response(request, self.scopes_for(obj),
                               lambda: super(PublicReadOnlyViewSet, self).retrieve(
                                   request, *args, **kwargs),
                               finished=self.is_finished(obj))
