"""Base of the public, anonymous, read-only API under ``/api/v1/public/``.

Responses are cacheable (ETag, Last-Modified, Cache-Control) and served from the
server-side cache for finished data; anonymous clients are throttled per address.
Public serializers list their fields explicitly: no private data (date of birth,
ID number, contact) ever leaves through here.
"""

from __future__ import annotations

from rest_framework import permissions, viewsets
from rest_framework.renderers import JSONRenderer
from rest_framework.throttling import AnonRateThrottle

from core.caching import cached_response


class PublicReadOnlyViewSet(viewsets.ReadOnlyModelViewSet):
    permission_classes = [permissions.AllowAny]
    renderer_classes = [JSONRenderer]
    throttle_classes = [AnonRateThrottle]
    #: scopes every response of this viewset depends on
    cache_scopes: tuple[str, ...] = ()

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
