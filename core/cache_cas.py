"""An atomic compare-and-set of cache keys (issue 33's warm-ahead publishes the stamps of the
answers it built only where nobody touched them meanwhile): a Redis transaction watching the
keys with django-redis; in-process caches (the embedded default, tests) under a lock."""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.core.cache import cache

logger = logging.getLogger(__name__)

_LOCAL_CAS = threading.Lock()


def compare_and_set(wanted: dict[str, float], new: float) -> bool:
    """Set every key of ``wanted`` to ``new`` if each one still holds its wanted value."""
    keys = list(wanted)
    client = getattr(cache, "client", None)
    if client is not None and hasattr(client, "get_client"):  # django-redis
        try:
            return _redis_compare_and_set(client, wanted, new)
        except Exception:
            logger.exception("stamp compare-and-set failed")
            return False
    with _LOCAL_CAS:
        current = cache.get_many(keys)
        if len(current) < len(keys) or any(current[k] != v for k, v in wanted.items()):
            return False
        cache.set_many({key: new for key in keys}, timeout=None)
        return True


def _redis_compare_and_set(client: Any, wanted: dict[str, float], new: float) -> bool:
    from redis.exceptions import WatchError

    raw = {client.make_key(key): stamp for key, stamp in wanted.items()}
    with client.get_client(write=True).pipeline() as pipe:
        try:
            pipe.watch(*raw)
            for key, stamp in raw.items():
                value = pipe.get(key)
                if value is None or client.decode(value) != stamp:
                    return False
            pipe.multi()
            for key in raw:
                pipe.set(key, client.encode(new))
            pipe.execute()
            return True
        except WatchError:  # a key changed between the read and the write: not ours
            return False
