"""Issue 32: /healthz and /readyz — JSON, no private data, 503 naming the failing part (the
database, the cache, the broker, migrations, the workers' heartbeats), each tested down."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.cache import caches
from django.test import override_settings
from django.utils import timezone

from core import health
from core.jobs import all_queues
from core.models import WorkerBeat
from tests.core.test_core_job_queues import broker_down

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_process_unless_a_test_says_otherwise(settings):
    """The same answers on CI's stack (broker configured): a test that checks the broker or
    the workers turns in-process off itself."""
    settings.CELERY_TASK_ALWAYS_EAGER = True


def readyz(client):
    response = client.get("/readyz")
    assert response["Content-Type"] == "application/json"
    return response, response.json()


def beat(queues, age_seconds=0):
    now = timezone.now()
    return WorkerBeat.objects.create(
        name=f"worker-{uuid.uuid4().hex[:8]}", queues="," + ",".join(queues) + ",",
        started_at=now, beat_at=now - timedelta(seconds=age_seconds))


def test_healthz_answers_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_readyz_embedded_default_is_ready_without_broker_or_worker(client):
    response, body = readyz(client)
    assert response.status_code == 200, body
    assert body["status"] == "ok" and body["failing"] == []
    assert body["checks"]["broker"]["detail"] == "not used (in-process)"
    assert body["checks"]["workers"]["detail"] == "not used (in-process)"
    for part in ("database", "migrations", "cache"):
        assert body["checks"][part]["ok"] is True


def test_readyz_is_cheap(client, django_assert_max_num_queries):
    client.get("/readyz")  # the migration check passed once: kept
    with override_settings(CELERY_TASK_ALWAYS_EAGER=False), \
            django_assert_max_num_queries(2):
        client.get("/readyz")  # SELECT 1 and the heartbeats


def test_readyz_is_not_throttled_nor_redirected(client):
    with override_settings(SECURE_SSL_REDIRECT=True):
        for _ in range(3):
            assert client.get("/readyz").status_code == 200
        assert client.get("/healthz").status_code == 200
        assert client.get("/api/v1/public/").status_code == 301  # the rest is redirected


def test_readyz_database_down_names_it_not_the_generic_503(client, monkeypatch):
    from django.db import OperationalError

    def down():
        raise OperationalError("could not connect to server at secret-host:5432")

    monkeypatch.setattr(health, "PARTS", [(n, down if n == "database" else c)
                                          for n, c in health.PARTS])
    response, body = readyz(client)
    assert response.status_code == 503
    assert body["failing"] == ["database", "migrations"]
    assert body["checks"]["database"]["error"] == "OperationalError"
    assert "secret-host" not in response.content.decode()
    assert body["checks"]["workers"]["detail"] == "not used (in-process)"


def test_readyz_database_on_a_closed_port_in_a_real_process(tmp_path):
    """A process whose DATABASE_URL points at a closed port: /readyz says "database"."""
    code = ("import django, json; django.setup();"
            "from django.test import Client; r = Client().get('/readyz');"
            "print(json.dumps({'status': r.status_code, 'body': r.json()}))")
    env = {**os.environ, "DATABASE_URL": "postgres://vcf:secret@127.0.0.1:1/vcf",
           "DJANGO_SETTINGS_MODULE": "config.settings", "MEDIA_ROOT": str(tmp_path)}
    env.pop("CELERY_BROKER_URL", None)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    answer = json.loads(out.strip().splitlines()[-1])
    assert answer["status"] == 503
    assert answer["body"]["failing"] == ["database", "migrations"]
    assert "secret" not in out and "127.0.0.1" not in out
    assert answer["body"]["checks"]["cache"]["ok"] is True


def test_readyz_cache_on_a_closed_port(client):
    redis_down = {"default": {"BACKEND": "django_redis.cache.RedisCache",
                              "LOCATION": "redis://127.0.0.1:1/0",
                              "OPTIONS": {"IGNORE_EXCEPTIONS": True,
                                          "SOCKET_CONNECT_TIMEOUT": 1}}}
    with override_settings(CACHES=redis_down):
        response, body = readyz(client)
    caches["default"].clear()
    assert response.status_code == 503
    assert body["failing"] == ["cache"]
    assert "127.0.0.1" not in response.content.decode()


def test_readyz_broker_on_a_closed_port(client):
    for queue in all_queues():
        beat([queue])
    with broker_down(), override_settings(JOB_BROKER_CHECK_SECONDS=1):
        response, body = readyz(client)
    assert response.status_code == 503
    assert body["failing"] == ["broker"]
    assert body["checks"]["broker"]["error"].startswith("cannot connect")


@pytest.mark.parametrize("situation", ["none", "stale", "background-missing"])
def test_readyz_without_a_recent_worker_heartbeat(client, situation, monkeypatch):
    monkeypatch.setattr(health, "check_broker", lambda: "")
    monkeypatch.setattr(health, "PARTS", [(n, health.check_broker if n == "broker" else c)
                                          for n, c in health.PARTS])
    interactive, background = all_queues()
    if situation == "stale":
        beat([interactive, background], age_seconds=10_000)
    elif situation == "background-missing":
        beat([interactive])
    with override_settings(CELERY_TASK_ALWAYS_EAGER=False):
        response, body = readyz(client)
        assert response.status_code == 503
        assert body["failing"] == ["workers"]
        assert background in body["checks"]["workers"]["error"]
        beat([background], age_seconds=1)
        if situation != "background-missing":
            beat([interactive], age_seconds=2)
        response, body = readyz(client)
    assert response.status_code == 200, body


def test_readyz_migration_not_applied(client, monkeypatch):
    from django.db.migrations.executor import MigrationExecutor

    monkeypatch.setattr(health, "_migrations_applied", False)
    monkeypatch.setattr(MigrationExecutor, "migration_plan",
                        lambda self, targets: [("a", False), ("b", False)])
    response, body = readyz(client)
    assert response.status_code == 503
    assert body["failing"] == ["migrations"]
    assert body["checks"]["migrations"]["error"] == "2 migration(s) not applied"


def test_readyz_sees_a_redis_broker_that_went_away_since_and_came_back(client, tmp_path):
    """The broker's connection is kept between checks (one PING, not a new connection each
    time): a real Redis server stopped after a good check makes the next answer 503
    "broker", and the same server started again is seen at once (the dropped connection is
    opened anew)."""
    from config.celery import app
    from tests.redis_server import RedisServer

    server = RedisServer(tmp_path)
    for queue in all_queues():
        beat([queue])
    url = app.conf.broker_write_url
    server.start()
    app.conf.broker_write_url = server.url
    try:
        with override_settings(CELERY_TASK_ALWAYS_EAGER=False, JOB_BROKER_CHECK_SECONDS=1):
            response, body = readyz(client)
            assert response.status_code == 200, body
            assert readyz(client)[0].status_code == 200
            kept = health._broker_redis
            server.stop()
            response, body = readyz(client)
            assert response.status_code == 503
            assert body["failing"] == ["broker"]
            assert body["checks"]["broker"]["error"].startswith("cannot connect")
            server.start()
            response, body = readyz(client)
            assert response.status_code == 200, body
            assert health._broker_redis is kept  # the same client, its connection renewed
    finally:
        app.conf.broker_write_url = url
        server.stop()
