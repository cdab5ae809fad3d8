"""Rate limits and login lockout on the shared cache, atomic under parallel requests (issue 14).

DRF's ``SimpleRateThrottle`` reads a request history from the cache and writes it back: under
8 parallel clients about 1.9x the limit got through. Here every limit is a window counter:
``cache.add`` opens the window (key with its expiry), ``cache.incr`` counts (Redis ``INCR``,
one atomic step; the in-process cache increments under its lock), so N parallel requests
get exactly ``limit`` admissions. The count is taken *before* deciding, never
read-then-written.

- API requests: ``AnonThrottle`` (per client address) and ``UserThrottle`` (per signed-in
  user), rates in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``.
- Password guessing: :func:`login_attempt` guards every sign-in path at once, because it
  runs inside the authentication backend (``core.auth_backends.GuardedModelBackend``) that
  every password check goes through (``/api/v1/auth/token/``, ``/admin/login/``,
  ``/api-auth/login/``, any later login form): at most ``LOGIN_FAILURES_PER_ACCOUNT`` failed
  logins per username and ``LOGIN_FAILURES_PER_ADDRESS`` per client address in
  ``LOGIN_WINDOW_SECONDS``, one count shared by all paths; then 429 with Retry-After until the
  window ends (``core.middleware.LoginLockedMiddleware`` answers it for the HTML forms). A
  successful login gives its attempt back.
- The client address (:func:`client_address`, the one function every limiter uses) is the
  connection's peer address; ``X-Forwarded-For`` is read only when that peer is one of the
  configured ``TRUSTED_PROXIES`` (issue 31), walking the header from the right past the
  trusted proxies. An untrusted sender's header is ignored: rotating it gains nothing.
"""

from __future__ import annotations

import hashlib
import ipaddress
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from ipaddress import IPv4Network, IPv6Network
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from rest_framework import throttling
from rest_framework.exceptions import Throttled

if TYPE_CHECKING:
    from django.http import HttpRequest
    from rest_framework.request import Request
    from rest_framework.views import APIView


@dataclass(frozen=True)
class Window:
    """A window of ``seconds`` that opens at its first hit (not at a clock boundary, so a
    burst cannot straddle two windows): its counter key and when it closes."""

    key: str
    seconds: int

    @classmethod
    def of(cls, scope: str, ident: str, seconds: int) -> Window:
        digest = hashlib.sha256(str(ident).encode("utf-8", "replace")).hexdigest()[:32]
        return cls(f"throttle:{scope}:{digest}", seconds)

    @property
    def retry_after(self) -> int:
        opened = cache.get(f"{self.key}:opened")
        if opened is None:
            return 1
        return max(1, int(opened + self.seconds - time.time() + 0.999))


def hit(window: Window) -> int:
    """Count one request in ``window``, atomically; returns the count including this one.

    ``add`` opens the window (with its expiry) only if absent; ``incr`` keeps the expiry.
    With the cache unreachable (django-redis ignores the error and answers None) the count
    is 0: the service stays up without its limits rather than refusing everyone."""
    for _attempt in range(3):
        if cache.add(window.key, 0, timeout=window.seconds):
            cache.set(f"{window.key}:opened", time.time(), timeout=window.seconds)
        try:
            count = cache.incr(window.key)
        except ValueError:  # the window closed between add and incr: open a new one
            continue
        return count if isinstance(count, int) else 0
    return 0


def give_back(window: Window) -> None:
    try:
        cache.decr(window.key)
    except ValueError:
        pass


# --- API rate limits ------------------------------------------------------------------------

class _AtomicRateThrottle(throttling.SimpleRateThrottle):
    """``SimpleRateThrottle``'s rates with an atomic fixed-window counter; the client's
    identity is :func:`client_address` (never the raw ``X-Forwarded-For``)."""

    # set by SimpleRateThrottle.__init__ from the rate; djangorestframework-stubs omit them
    num_requests: int
    duration: int

    def get_ident(self, request: Request) -> str:
        return client_address(request)

    def allow_request(self, request: Request, view: APIView) -> bool:
        if self.rate is None or self.scope is None:  # a rate comes from the scope
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.window = Window.of(self.scope, self.key, self.duration)
        return hit(self.window) <= self.num_requests

    def wait(self) -> float | None:
        return self.window.retry_after


class AnonThrottle(_AtomicRateThrottle):
    scope = "anon"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return self.get_ident(request)


class UserThrottle(_AtomicRateThrottle):
    scope = "user"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        if request.user and request.user.is_authenticated:
            return str(request.user.pk)
        return None


# --- login lockout --------------------------------------------------------------------------

class LoginLocked(Throttled):
    default_code = "login_locked"
    # set by Throttled.__init__ (seconds, or None); djangorestframework-stubs omit it
    wait: float | None


def _networks(entries: Iterable[object] | None) -> list[IPv4Network | IPv6Network]:
    networks: list[IPv4Network | IPv6Network] = []
    for entry in entries or ():
        try:
            networks.append(ipaddress.ip_network(str(entry).strip(), strict=False))
        except ValueError:
            continue  # config.settings refuses a malformed entry at start-up
    return networks


def _is_trusted(address: str, networks: Iterable[IPv4Network | IPv6Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request: HttpRequest | Request | None) -> str:
    """The client's address: the peer (``REMOTE_ADDR``) unless the peer is a configured
    proxy (``settings.TRUSTED_PROXIES``, addresses or networks); then the right-most
    ``X-Forwarded-For`` entry that is not itself a trusted proxy (each proxy appends the
    address it received from, so entries left of the first untrusted one are the sender's
    own claims and are ignored)."""
    meta = getattr(request, "META", {})
    remote = (meta.get("REMOTE_ADDR") or "").strip()
    networks = _networks(getattr(settings, "TRUSTED_PROXIES", ()))
    if not networks or not _is_trusted(remote, networks):
        return remote or "unknown"
    forwarded = [part.strip() for part in (meta.get("HTTP_X_FORWARDED_FOR") or "").split(",")]
    for candidate in reversed([part for part in forwarded if part]):
        if not _is_trusted(candidate, networks):
            try:
                return str(ipaddress.ip_address(candidate))
            except ValueError:
                return remote  # a garbled header from a trusted proxy: count the proxy
    return remote or "unknown"


def _login_windows(request: HttpRequest | None, username: str) -> list[tuple[Window, int]]:
    seconds = settings.LOGIN_WINDOW_SECONDS
    account = (username or "").strip().casefold()
    return [(Window.of("login-account", account, seconds), settings.LOGIN_FAILURES_PER_ACCOUNT),
            (Window.of("login-address", client_address(request), seconds),
             settings.LOGIN_FAILURES_PER_ADDRESS)]


class LoginAttempt:
    def __init__(self, windows: list[tuple[Window, int]]) -> None:
        self.windows = windows
        self.succeeded = False

    def success(self) -> None:
        self.succeeded = True


@contextmanager
def login_attempt(request: HttpRequest | None, username: str) -> Iterator[LoginAttempt]:
    """Reserve one login attempt for this account and address (atomically), or raise
    :class:`LoginLocked` (429) when either is used up. The body calls ``.success()`` when
    the password was right: the attempt is then given back."""
    windows = _login_windows(request, username)
    taken: list[Window] = []
    for window, limit in windows:
        taken.append(window)
        if hit(window) > limit:
            for reserved in taken:
                give_back(reserved)
            wait = max(w.retry_after for w, _limit in windows)
            raise LoginLocked(wait=wait, detail=_(
                "Quá nhiều lần đăng nhập sai: tối đa %(account)s lần cho một tài khoản và "
                "%(address)s lần cho một địa chỉ trong %(minutes)s phút; hãy thử lại sau "
                "%(wait)s giây.") % {"account": settings.LOGIN_FAILURES_PER_ACCOUNT,
                                     "address": settings.LOGIN_FAILURES_PER_ADDRESS,
                                     "minutes": settings.LOGIN_WINDOW_SECONDS // 60,
                                     "wait": wait})
    attempt = LoginAttempt(windows)
    try:
        yield attempt
    finally:
        if attempt.succeeded:
            for window, _limit in windows:
                give_back(window)
