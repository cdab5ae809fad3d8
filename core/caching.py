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

import contextvars
import functools
import hashlib
import logging
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeAlias, TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.utils.http import http_date, parse_http_date_safe
from django.utils.translation import get_language
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from core import after_response, cache_cas, warm_marks
from core.gc_pause import no_collection
from core.hot_urls import hot_urls
from core.inprocess import get_request
from core.metrics import observe_public_cache, scope_label

_T = TypeVar("_T")
_P = ParamSpec("_P")
#: a request as the public views hand it: Django's, or DRF's (which passes the rest through)
AnyRequest: TypeAlias = HttpRequest | Request

STAMP_PREFIX = "stamp:"
#: the scope of every response: touched when all data may have changed (a restore)
EVERYTHING = "everything"
BODY_PREFIX = "public-body:v2:"  # v2: a Rendered (body, status, content type)
BODY_TIMEOUT = 24 * 60 * 60
#: a miss while another process builds the same answer waits for it (a burst after a result
#: costs one build, not one per request), at most this long, polling every BUILD_POLL
BUILDING_PREFIX = "public-building:"
BUILD_WAIT = 10.0
BUILD_POLL = 0.02
API, PAGE = "api", "page"  # the public cache metrics' ``area`` (core.metrics)


logger = logging.getLogger(__name__)

#: during a warm-ahead build: the stamps the touched scopes will have once it is published
_STAMP_OVERRIDE: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar(
    "public_stamp_override", default=None)


def touch(*scopes: str) -> float:
    """Mark scopes as changed now (invalidates every response depending on them); returns
    the stamp they were given."""
    now = time.time()
    cache.set_many({STAMP_PREFIX + scope: now for scope in scopes}, timeout=None)
    return now


def stamps(scopes: Iterable[str]) -> dict[str, float]:
    scopes = list(scopes)
    override = _STAMP_OVERRIDE.get()
    if override:
        ahead = {scope: override[scope] for scope in scopes if scope in override}
        if ahead:
            return {**stamps([s for s in scopes if s not in ahead]), **ahead} \
                if len(ahead) < len(scopes) else ahead
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


# --- warm-ahead: a write publishes its scopes with the hot answers already built -----------

def warming() -> bool:
    """True while a warm-ahead build runs (the public views skip their throttles: the
    requests are the server's own)."""
    return _STAMP_OVERRIDE.get() is not None


#: what a warm-ahead build has already read (one transaction, one state of the data)
_WARM_MEMO: contextvars.ContextVar[dict[Hashable, Any] | None] = contextvars.ContextVar(
    "public_warm_memo", default=None)


def warm_memo(key: Hashable, compute: Callable[[], _T]) -> _T:
    """``compute()``, kept for the rest of the warm-ahead build that asks (its answers read the
    same rows — e.g. an event's snapshot for the standings and the crosstable, in both
    languages); outside a build, just ``compute()``."""
    memo = _WARM_MEMO.get()
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    return cast(_T, memo[key])


def touch_and_warm(*scopes: str, hot: str) -> None:
    """Like :func:`touch_now_and_on_commit`, but the readers after the write's answer find
    the hot answers of scope ``hot`` (:func:`hot_urls`) already built: call it at the end of
    the writing service's transaction, after its last write (``PUBLIC_WARM_AHEAD``).

    Nothing is built inside the transaction (issue 33: that held the row locks for ~0.3 s
    for a 1,000-player event): its commit runs :func:`warm_and_publish`, which builds from
    the committed data and publishes before the writer's caller gets its answer. Readers
    until then keep the previous version (the write has not answered); every reader after
    the write's answer gets the new one, built once. A rolled-back write builds nothing.
    """
    urls: list[str] = []
    if getattr(settings, "PUBLIC_WARM_AHEAD", True) and connection.in_atomic_block:
        try:
            with transaction.atomic():  # a failing query must not abort the write's transaction
                urls = hot_urls(hot)
        except Exception:
            logger.exception("warm-ahead of %s: hot URLs failed", hot)
    if not urls:
        touch_now_and_on_commit(*scopes)
        return
    transaction.on_commit(lambda: warm_and_publish(urls, scopes, hot))


def warm_and_publish(urls: list[str], scopes: Iterable[str], hot: str) -> None:
    """After the write's commit. In a request (the arbiter's call: someone waits for the
    answer) with ``PUBLIC_WARM_AHEAD_AFTER_ANSWER`` (off by default: the readers' wait for a
    build of ~0.25 s CPU broke the live p99, docs/performance.md) :func:`publish_then_build`;
    otherwise build ``urls`` and publish them (no row lock held) before the write answers:

    1. take the event's build lock (``warm_marks.build_lock``: one build per ``hot`` scope at a
       time; a second writer waits for the first build, then builds with both results);
    2. read the scopes' stamps (``before``) — after the commit and before any data is read,
       so the build sees this write and everything committed before it — and build every
       URL with :func:`stamps` reporting ``ahead`` for ``scopes``: each body is stored under
       the ETag readers compute once ``ahead`` is published. Meanwhile readers keep
       ``before`` and its stored bodies (no touch before the build: it would send every
       reader to the cold path for the whole build);
    3. compare-and-set, scope by scope (:func:`_publish`): a stamp becomes ``ahead`` only if
       it is still ``before`` — a touch since (another writer's commit) means a body may miss
       something, and that scope is touched plainly instead (the next reader rebuilds).

    ``ahead`` is a second after both now and every ``before`` stamp: unique to this build, and
    in a later second than any Last-Modified a reader got before, so such a copy is never
    answered 304 against ``ahead``. A failed build is logged and the plain touch is done: the
    write (committed already) never fails for it.
    """
    scopes = tuple(scopes)
    if after_response.in_request() and getattr(settings, "PUBLIC_WARM_AHEAD_AFTER_ANSWER", False):
        publish_then_build(urls, scopes, hot)
        return
    try:
        with transaction.atomic():  # the build lock's span; the build only reads
            warm_marks.build_lock(hot)  # raises when not granted within its wait
            before = stamps(scopes)
            ahead = max(time.time(), *before.values()) + 1.0
            warm(urls, {scope: ahead for scope in scopes})
            _publish(before, ahead)  # under the lock: the next build starts from ``ahead``
    except Exception:
        logger.exception("warm-ahead of %s failed; the next readers rebuild", hot)
        touch(*scopes)


def publish_then_build(urls: list[str], scopes: tuple[str, ...], hot: str) -> None:
    """The write answers at its commit (issue 33: the arbiter's call ≤ 50 ms), and every
    reader after its answer still gets the new version: ``ahead`` is published now, with a
    mark (``core.warm_marks``) naming the hot paths being built under it, and the build runs
    once the answer is sent (``core.after_response``). A reader of a hot path meanwhile finds
    no body under ``ahead`` and waits for the one being built (bounded; then builds it
    itself); a reader of anything else builds as after any write. The bodies are stored one
    by one, whole: no reader gets a half-built or a previous answer."""
    try:
        before = stamps(scopes)
        ahead = max(time.time(), *before.values()) + 1.0
        warm_marks.announce(hot, ahead, urls)  # before the stamp: no reader misses the mark
        published = _publish(before, ahead)
    except Exception:
        logger.exception("warm-ahead of %s: publishing failed; the next readers rebuild", hot)
        touch(*scopes)
        return
    if hot not in published:  # touched by someone else since: the readers rebuild
        warm_marks.done(hot, ahead)
        return

    def build() -> None:
        try:
            warm(urls, {scope: ahead for scope in published})
        except Exception:
            logger.exception("warm-ahead of %s failed; the waiting readers rebuild", hot)
        finally:
            warm_marks.done(hot, ahead)

    after_response.defer(build)


def warm(urls: Iterable[str], ahead: dict[str, float]) -> int:
    """Build ``urls`` as an anonymous reader's GET would (the view resolved and called with
    the site's default language; the site's pages choose theirs from the path) with
    :func:`stamps` reporting ``ahead``; returns how many bodies were stored."""
    from django.urls import resolve
    from django.utils import translation

    built = 0
    token = _STAMP_OVERRIDE.set(dict(ahead))
    memo = _WARM_MEMO.set({})
    try:
        with no_collection():  # one pause for the whole build, not a collection per answer
            for url in urls:
                match = resolve(url.split("?", 1)[0])
                request = get_request(url)
                with translation.override(settings.LANGUAGE_CODE):
                    response = match.func(request, *match.args, **match.kwargs)
                built += response.status_code == 200
    finally:
        _WARM_MEMO.reset(memo)
        _STAMP_OVERRIDE.reset(token)
    return built


def _publish(before: dict[str, float], ahead: float) -> list[str]:
    """Each scope on its own: ``ahead`` where nobody touched it since ``before``, a plain
    touch where somebody did. Scope by scope, because the bodies built ahead are keyed by
    every scope they depend on: an answer of this event (its scope only) is served as built
    even when another event touched the list of events meanwhile (a pairing job elsewhere
    does every second or so); an answer that also depends on the list is rebuilt. Returns
    the scopes published as ``ahead``."""
    published = []
    for scope, stamp in before.items():
        if compare_and_set({scope: stamp}, ahead):
            published.append(scope)
        else:
            touch(scope)
    return published


def compare_and_set(expected: dict[str, float], new: float) -> bool:
    """Set every scope's stamp to ``new`` if each one still has its ``expected`` stamp
    (atomic: ``core.cache_cas``)."""
    return cache_cas.compare_and_set(
        {STAMP_PREFIX + scope: stamp for scope, stamp in expected.items()}, new)


def touches(touch_scopes: Callable[[], None]) -> Callable[[Callable[_P, _T]], Callable[_P, _T]]:
    """Decorator of a writing service: ``touch_scopes()`` once the service has written (an
    app's ``cache_scopes.touches``, for apps whose every write touches the same scopes)."""

    def decorate(service: Callable[_P, _T]) -> Callable[_P, _T]:
        @functools.wraps(service)
        def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _T:
            result = service(*args, **kwargs)
            touch_scopes()
            return result

        return wrapper

    return decorate


def touch_everything() -> None:
    """Every public response is stale (a restored database, a bulk load)."""
    touch(EVERYTHING)


@dataclass(frozen=True)
class Validators:
    """What a public response is keyed by: its ETag (URL, language, scope stamps) and its
    Last-Modified (the latest stamp). Read before any database read of the request, so a
    body is never stored under stamps newer than the data it was built from."""

    etag: str
    last_modified: float
    read_at: float
    metric: tuple[str, str] | None = None  # (area, scope kind) counted; None: a warm-ahead
    stamps: tuple[tuple[str, float], ...] = ()  # what the ETag was made of

    @property
    def settled(self) -> bool:
        """Last-Modified has a one-second resolution: it is only a validator if its second
        had passed when the stamps were read (a later write in that same second would
        otherwise get a false 304 to If-Modified-Since)."""
        return self.read_at >= int(self.last_modified) + 1


def validators(request: AnyRequest, scopes: Iterable[str], *, any_language: bool = False,
               area: str = API) -> Validators:
    """``any_language``: the body is the same in every language (numbers and names only, as
    the public standings, crosstable and pairings): one ETag and one stored body for all."""
    read_at, scopes = time.time(), tuple(scopes)
    scope_stamps = stamps((*scopes, EVERYTHING))
    etag = _etag(repr((request.get_full_path(), "" if any_language else get_language(),
                       sorted(scope_stamps.items()))).encode())
    return Validators(etag, max(scope_stamps.values()), read_at,
                      None if warming() else (area, scope_label(scopes)),
                      tuple(scope_stamps.items()))


def from_cache(request: AnyRequest, found: Validators, *,
               max_age: int = 30) -> HttpResponse | None:
    """The answer without building anything (304, or the stored body), else None."""
    if _not_modified(request, found):
        observe_public_cache(found.metric, "not_modified")
        return _finish(HttpResponse(status=304), found, max_age)
    stored: Rendered | None = cache.get(BODY_PREFIX + found.etag)
    if stored is None:
        return None
    observe_public_cache(found.metric, "hit")
    return _finish(stored.response(), found, max_age)


def cached_response(request: AnyRequest, scopes: Iterable[str],
                    build: Callable[[], HttpResponse], *,
                    max_age: int = 30, found: Validators | None = None,
                    area: str = API) -> HttpResponse:
    """Answer from the caches when possible, else ``build()`` the response and keep it.

    Every public response depends on scopes that every write touches (the services of each
    app, see ``<app>/cache_scopes.py``), so finished and live data alike are served from
    the cache until a write changes a stamp. ``found``: the validators read at the start of
    the request (``core.public``), before its first database read.
    """
    found = found or validators(request, scopes, area=area)
    response = from_cache(request, found, max_age=max_age)
    if response is not None:
        return response
    marks = [] if warming() else warm_marks.building(found.stamps, request.get_full_path())
    if marks:  # being built after a write's answer: wait for that one body (issue 33)
        built = warm_marks.wait_for(BODY_PREFIX + found.etag, marks)
        if isinstance(built, Rendered):
            observe_public_cache(found.metric, "hit")
            return _finish(built.response(), found, max_age)
    if not cache.add(BUILDING_PREFIX + found.etag, 1, BUILD_WAIT):
        stored = _built_by_another(found)  # one build per answer, not one per request
        if stored is not None:
            observe_public_cache(found.metric, "hit")
            return _finish(stored.response(), found, max_age)
    observe_public_cache(found.metric, "miss")
    try:
        with no_collection():
            stored = _render(build())
        if stored.status == 200:
            cache.set(BODY_PREFIX + found.etag, stored, BODY_TIMEOUT)
    finally:
        cache.delete(BUILDING_PREFIX + found.etag)
    return _finish(stored.response(), found, max_age)


def _built_by_another(found: Validators) -> Rendered | None:
    """Wait for the body another process is building under the same stamps (it read them
    before its data, so its body is as fresh as this request needs); None when that build
    ended without a body (an error answer) or took longer than :data:`BUILD_WAIT`."""
    deadline = time.monotonic() + BUILD_WAIT
    while time.monotonic() < deadline:
        time.sleep(BUILD_POLL)
        stored: Rendered | None = cache.get(BODY_PREFIX + found.etag)
        if stored is not None:
            return stored
        if cache.get(BUILDING_PREFIX + found.etag) is None:
            return cast("Rendered | None", cache.get(BODY_PREFIX + found.etag))
    return None


def _finish(response: HttpResponse, found: Validators, max_age: int) -> HttpResponse:
    response["ETag"] = found.etag
    if found.settled:
        response["Last-Modified"] = http_date(found.last_modified)
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


def _if_none_match(request: AnyRequest) -> set[str]:
    header = request.headers.get("If-None-Match") or ""
    return {tag.strip() for tag in header.split(",") if tag.strip()}


def _not_modified(request: AnyRequest, found: Validators) -> bool:
    tags = _if_none_match(request)
    if tags:
        return found.etag in tags or "*" in tags
    since = parse_http_date_safe(request.headers.get("If-Modified-Since") or "")
    return since is not None and found.settled and int(found.last_modified) <= since
