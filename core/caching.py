"""HTTP caching of public responses: ETag / Last-Modified / Cache-Control, and a
server-side response cache (Redis when configured) invalidated when data changes.

Every cached response depends on a few *scopes* (e.g. ``"tournament:12"``,
``"ratings"``) and on :data:`EVERYTHING`. A scope's stamp is the time of its last change,
kept in the cache. Each app declares its scopes in ``<app>/cache_scopes.py``, and the
service that writes calls that module's touch function (bulk writes and worker jobs
included; admin saves that bypass services through ``core.admin.TouchesPublicCache``).
The ETag is a hash of the URL, the language and the stamps, so a change of any
scope changes the ETag and misses the server cache; nothing needs to be deleted.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils.http import http_date, parse_http_date_safe
from django.utils.translation import get_language
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

STAMP_PREFIX = "stamp:"
#: the scope of every response: touched when all data may have changed (a restore)
EVERYTHING = "everything"
BODY_PREFIX = "public-body:v2:"  # v2: a Rendered (body, status, content type)
BODY_TIMEOUT = 24 * 60 * 60


def touch(*scopes: str) -> None:
    """Mark scopes as changed now (invalidates every response depending on them)."""
    now = time.time()
    cache.set_many({STAMP_PREFIX + scope: now for scope in scopes}, timeout=None)


def stamps(scopes: Iterable[str]) -> dict[str, float]:
    keys = [STAMP_PREFIX + scope for scope in scopes]
    found = cache.get_many(keys)
    missing = {key: time.time() for key in keys if key not in found}
    if missing:  # first use or an emptied cache: start from now
        cache.set_many(missing, timeout=None)
        found.update(missing)
    return {key[len(STAMP_PREFIX):]: value for key, value in found.items()}


def touch_now_and_on_commit(*scopes: str) -> None:
    """Touch now, and again when the surrounding transaction commits.

    A reader between the write and the commit still sees the old rows; had it been served
    under the new stamp only, the cache would keep that old body until the next change. The
    second touch after commit gives the committed data a stamp of its own.
    """
    touch(*scopes)
    transaction.on_commit(lambda: touch(*scopes))


def touches(touch_scopes: Callable[[], None]):
    """Decorator of a writing service: ``touch_scopes()`` once the service has written (an
    app's ``cache_scopes.touches``, for apps whose every write touches the same scopes)."""

    def decorate(service):
        @functools.wraps(service)
        def wrapper(*args, **kwargs):
            result = service(*args, **kwargs)
            touch_scopes()
            return result

        return wrapper

    return decorate


def touch_everything() -> None:
    """Every public response is stale (a restored database, a bulk load)."""
    touch(EVERYTHING)


def cached_response(request, scopes: Iterable[str], build: Callable[[], HttpResponse], *,
                    max_age: int = 30, finished: bool = True) -> HttpResponse:
    """Answer from the caches when possible, else ``build()`` the response.

    ``finished``: the data changes only through writes that touch the scopes (finished
    events, lists), so the ETag comes from the scope stamps and the rendered JSON is kept
    server-side. Otherwise (a live event, where bulk writes may bypass model signals) the
    body is built every time and the ETag is a hash of the body itself.
    """
    scope_stamps = stamps((*scopes, EVERYTHING))
    last_modified = max(scope_stamps.values())
    if finished:
        etag = _etag(repr((request.get_full_path(), get_language(),
                           sorted(scope_stamps.items()))).encode())
        if _not_modified(request, etag, last_modified):
            response = HttpResponse(status=304)
        else:
            stored = cache.get(BODY_PREFIX + etag)
            if stored is None:
                stored = _render(build())
                if stored.status == 200:
                    cache.set(BODY_PREFIX + etag, stored, BODY_TIMEOUT)
            response = stored.response()
        response["Last-Modified"] = http_date(last_modified)
    else:
        rendered = _render(build())
        etag = _etag(rendered.body)
        response = (HttpResponse(status=304) if etag in _if_none_match(request)
                    else rendered.response())
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={max_age}"
    response["Vary"] = "Accept, Accept-Language"
    return response


@dataclass(frozen=True)
class Rendered:
    """A response reduced to what the cache keeps (picklable, no request attached)."""

    body: bytes
    status: int
    content_type: str = "application/json"
    disposition: str | None = None

    def response(self) -> HttpResponse:
        response = HttpResponse(self.body, status=self.status, content_type=self.content_type)
        if self.disposition:
            response["Content-Disposition"] = self.disposition
        return response


def _render(response: HttpResponse) -> Rendered:
    """DRF responses are rendered as JSON; plain ones (PGN, CSV) are kept as they are."""
    if isinstance(response, Response):
        return Rendered(JSONRenderer().render(response.data), response.status_code)
    return Rendered(response.content, response.status_code, response["Content-Type"],
                    response.get("Content-Disposition"))


def _etag(data: bytes) -> str:
    return '"' + hashlib.sha1(data).hexdigest() + '"'


def _if_none_match(request) -> set[str]:
    header = request.headers.get("If-None-Match") or ""
    return {tag.strip() for tag in header.split(",") if tag.strip()}


def _not_modified(request, etag: str, last_modified: float) -> bool:
    tags = _if_none_match(request)
    if tags:
        return etag in tags or "*" in tags
    since = parse_http_date_safe(request.headers.get("If-Modified-Since") or "")
    return since is not None and int(last_modified) <= since
