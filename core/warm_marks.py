"""The marks of a warm-ahead being built (issue 33): a result answered at its commit has
published its event's new stamp, and its hot answers are built right after its answer; a
reader who asks one of them meanwhile waits for that answer (single flight, bounded) instead
of building it again — and never gets the previous version.

A mark is kept under the scope and the stamp being built (``public-warming:<scope>:<stamp>``)
and holds the paths being built. It is set before the stamp is published and deleted when
the build ends (done or failed), so a reader who finds no body and no mark builds the answer
itself (the cold path): the wait is bounded by :data:`WAIT` and by the mark's life.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterable

from django.core.cache import cache
from django.db import connection

PREFIX = "public-warming:"
#: how long a mark lives if its build never ends (its process died): readers stop waiting
LIFE = 10
#: how long a reader waits for the answer being built before building it itself
WAIT = 2.0
#: how often a waiting reader looks (one round trip of two keys)
POLL = 0.004


def key(scope: str, stamp: float) -> str:
    return f"{PREFIX}{scope}:{stamp!r}"


def announce(scope: str, stamp: float, paths: Iterable[str]) -> None:
    """``paths`` are being built under ``stamp`` of ``scope`` (before it is published)."""
    cache.set(key(scope, stamp), frozenset(paths), LIFE)


def done(scope: str, stamp: float) -> None:
    cache.delete(key(scope, stamp))


def building(stamps: Iterable[tuple[str, float]], path: str) -> list[str]:
    """The marks under which ``path`` is being built for these stamps (none: no build)."""
    keys = [key(scope, stamp) for scope, stamp in stamps]
    return [mark for mark, paths in cache.get_many(keys).items() if path in paths]


def wait_for(body_key: str, marks: list[str], wait: float = WAIT) -> object | None:
    """The body stored under ``body_key`` once the build marked by ``marks`` has stored it;
    None when the build ended without it (failed, or superseded) or ``wait`` ran out. The
    body and the marks are read together (one MGET): the builder stores the body before it
    deletes the mark, so a missing mark with no body means it will not come."""
    deadline = time.monotonic() + wait
    while True:
        found = cache.get_many([body_key, *marks])
        if body_key in found:
            body: object = found[body_key]
            return body
        if not any(mark in found for mark in marks) or time.monotonic() >= deadline:
            return None
        time.sleep(POLL)


LOCK_WAIT = "5s"  # a writer's build waits this long for another's of the same event


def build_lock(hot: str) -> None:
    """One warm-ahead build per scope at a time when the write builds before it publishes
    (PostgreSQL: an advisory lock of the build's own read-only transaction): a second writer
    builds after the first (and sees its result). Waiting is safe — the build holds no row
    lock — but bounded (:data:`LOCK_WAIT`)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT}'")
        cursor.execute("SELECT pg_advisory_xact_lock(%s)",
                       [zlib.crc32(f"warm-ahead:{hot}".encode())])
