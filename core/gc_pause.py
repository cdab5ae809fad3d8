"""No cyclic garbage collection while a public answer is built (core.caching)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_collection() -> Iterator[None]:
    """No cyclic garbage collection while an answer is built: a 1,000-player standings or
    crosstable allocates tens of thousands of short-lived, acyclic containers, and the
    collector would scan them (and the whole heap, at its oldest generation) again and again
    — a quarter to a third of the build's CPU (bench_live_standings). Reference counting
    still frees them; the collector runs after the build. Process-wide, so only restored by
    the outermost build (a page's build contains the API's builds), and only if it was on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
