"""Health and readiness for load balancers and orchestrators (issue 32; docs/production.md).

* ``GET /healthz``: the process answers (liveness); touches nothing else.
* ``GET /readyz``: the service can do its work: the database answers, every migration is
  applied, the cache stores and returns a value, the broker answers and a worker
  heartbeat (:class:`core.models.WorkerBeat`) is recent for each jobs' queue. 200 when every
  part is ready, else 503 with ``failing`` naming the parts. Without a broker (the embedded
  default, jobs in-process) the broker and worker parts read "not used (in-process)".

Both answer JSON without private data (no host names, no credentials: a failing part shows
only the kind of error) and are plain Django views: no session, no DRF throttle, and they
catch the database's errors themselves, so ``DatabaseUnavailableMiddleware`` never turns a
failing part into the generic 503. Cheap: one ``SELECT 1``, one query of the heartbeats, a
cache round trip, a Redis broker's PING on a connection kept by the process (another broker:
a new connection); the migration check (reading the migration files)
runs until it once passes, then its result is kept for the life of the process.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

IN_PROCESS = "not used (in-process)"

_migrations_applied = False


class NotReady(Exception):
    """A part is not ready; the message (no private data) is shown in the answer."""


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


@never_cache
@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    checks: dict[str, dict[str, object]] = {}
    failing: list[str] = []
    for name, check in PARTS:
        started = time.perf_counter()
        try:
            if "database" in failing and name in NEEDS_DATABASE and not (
                    name == "workers" and settings.CELERY_TASK_ALWAYS_EAGER):
                raise NotReady("database unavailable")
            detail = check()
        except Exception as exc:  # a failing part, whatever the error: named, not raised
            failing.append(name)
            message = str(exc) if isinstance(exc, NotReady) else type(exc).__name__
            checks[name] = {"ok": False, "error": message}
        else:
            checks[name] = {"ok": True, **({"detail": detail} if detail else {})}
        checks[name]["ms"] = round((time.perf_counter() - started) * 1000, 1)
    body = {"status": "failing" if failing else "ok", "failing": failing, "checks": checks}
    return JsonResponse(body, status=503 if failing else 200)


def check_database() -> str:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return ""


def check_migrations() -> str:
    """Every migration on disk is applied (kept once true: migrations only change with a
    deployment, which restarts the process)."""
    global _migrations_applied
    if _migrations_applied:
        return ""
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if plan:
        raise NotReady(f"{len(plan)} migration(s) not applied")
    _migrations_applied = True
    return ""


def check_cache() -> str:
    """A value stored and read back (a Redis cache configured to ignore its errors answers
    None instead of raising: the round trip notices it)."""
    key, value = "readyz:probe", uuid.uuid4().hex
    cache.set(key, value, 30)
    if cache.get(key) != value:
        raise NotReady("the cache did not return what was stored")
    return ""


def check_broker() -> str:
    """A Redis broker answers PING on this process's kept connection (one round trip); any
    other broker accepts a new connection."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return IN_PROCESS
    from celery import current_app

    url = current_app.conf.broker_write_url or current_app.conf.broker_url or ""
    if url.startswith(("redis://", "rediss://")):
        return _ping_redis(url)
    try:
        with current_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=0, timeout=settings.JOB_BROKER_CHECK_SECONDS)
    except Exception as exc:
        raise NotReady(f"cannot connect ({type(exc).__name__})") from exc
    return ""


#: the Redis broker's client of this process (its URL, the client), kept between checks
_broker_redis: tuple[str, Any] | None = None


def _ping_redis(url: str) -> str:
    """PING on the kept connection; a connection the broker dropped since (a restart) is
    opened anew once before the part is failing, so a broker gone since is still seen."""
    global _broker_redis
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    if _broker_redis is None or _broker_redis[0] != url:
        seconds = settings.JOB_BROKER_CHECK_SECONDS
        _broker_redis = (url, redis.Redis.from_url(
            url, socket_connect_timeout=seconds, socket_timeout=seconds,
            retry=Retry(NoBackoff(), 0), retry_on_timeout=False, max_connections=4))
    client = _broker_redis[1]
    for attempt in (1, 2):
        try:
            client.ping()
            return ""
        except redis.RedisError as exc:
            client.connection_pool.disconnect()
            if attempt == 2:
                raise NotReady(f"cannot connect ({type(exc).__name__})") from exc
    return ""


def check_workers() -> str:
    """A worker heartbeat within ``JOB_LEASE_SECONDS`` for every jobs' queue (interactive and
    background: each needs a worker, docs/production.md)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return IN_PROCESS
    from core.jobs import all_queues
    from core.models import WorkerBeat

    cutoff = timezone.now() - timedelta(seconds=settings.JOB_LEASE_SECONDS)
    served = {queue for queues in WorkerBeat.objects.filter(beat_at__gte=cutoff)
              .values_list("queues", flat=True) for queue in queues.split(",") if queue}
    missing = [queue for queue in all_queues() if queue not in served]
    if missing:
        raise NotReady(f"no worker heartbeat within {settings.JOB_LEASE_SECONDS} s "
                       f"for queue(s) {', '.join(missing)}")
    return ""


#: parts read from the database: not tried when it is down
NEEDS_DATABASE = {"migrations", "workers"}

PARTS: list[tuple[str, Callable[[], str]]] = [
    ("database", check_database),
    ("migrations", check_migrations),
    ("cache", check_cache),
    ("broker", check_broker),
    ("workers", check_workers),
]
