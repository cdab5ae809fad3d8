"""Issue 31 §5-§7: the broker down answers 503 with nothing written; a job says when no
worker is processing it (worker heartbeat record); interactive jobs have a queue of their own
so they never wait behind background work."""

from __future__ import annotations

import time
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from core import jobs
from core.models import Job, WorkerBeat
from core.services import start_health_check
from tests.conftest import WorkerProcess
from tests.helpers import assert_error

PGN = ('[Event "Giải thử"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
       '1. e4 e5 2. Nf3 Nc6 1-0\n\n')


@contextmanager
def broker_down():
    """The broker unreachable (a closed port), jobs sent to it as in production."""
    from config.celery import app

    url, pool = app.conf.broker_write_url, app.amqp._producer_pool
    app.conf.broker_write_url, app.amqp._producer_pool = "redis://127.0.0.1:1/0", None
    try:
        with override_settings(CELERY_TASK_ALWAYS_EAGER=False):
            yield
    finally:
        app.conf.broker_write_url, app.amqp._producer_pool = url, pool


# --- §5: a 503 writes nothing ------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_a_pgn_upload_while_the_broker_is_down_is_a_503_that_writes_nothing(staff_client):
    """The issue's case: the upload stayed "pending" for ever, linked to a failed job."""
    from games.models import GameUpload

    with broker_down():
        response = staff_client.post("/api/v1/game-uploads/", {"content": PGN}, format="json")
    assert_error(response, 503, "broker_unavailable")
    assert response["Retry-After"]
    assert not GameUpload.objects.exists()
    assert not Job.objects.exists()


@contextmanager
def broker_at(url: str):
    """Jobs sent to the broker at ``url``, as in production."""
    from config.celery import app

    kept, pool = app.conf.broker_write_url, app.amqp._producer_pool
    app.conf.broker_write_url, app.amqp._producer_pool = url, None
    try:
        with override_settings(CELERY_TASK_ALWAYS_EAGER=False, JOB_BROKER_CHECK_SECONDS=1):
            yield
    finally:
        app.conf.broker_write_url, app.amqp._producer_pool = kept, pool


@pytest.mark.django_db(transaction=True)
def test_an_upload_while_a_real_broker_is_stopped_writes_nothing_and_works_once_it_is_back(
        staff_client, tmp_path):
    """§5 with a real broker process: uploads are accepted while the Redis server runs, a
    503 that writes nothing while it is stopped, accepted again when it is started."""
    from games.models import GameUpload
    from tests.redis_server import RedisServer

    server = RedisServer(tmp_path).start()
    try:
        with broker_at(server.url):
            first = staff_client.post("/api/v1/game-uploads/", {"content": PGN}, format="json")
            assert first.status_code == 202, first.content
            server.stop()
            down = staff_client.post("/api/v1/game-uploads/", {"content": PGN + "\n"},
                                     format="json")
            assert_error(down, 503, "broker_unavailable")
            assert GameUpload.objects.count() == 1 and Job.objects.count() == 1
            server.start()
            again = staff_client.post("/api/v1/game-uploads/", {"content": PGN + "\n\n"},
                                      format="json")
            assert again.status_code == 202, again.content
        assert GameUpload.objects.count() == 2 and Job.objects.count() == 2
    finally:
        server.stop()


@pytest.mark.django_db(transaction=True)
def test_a_job_asked_for_while_the_broker_is_down_is_not_recorded(staff_client):
    with broker_down():
        response = staff_client.post("/api/v1/lapse-jobs/", {"date": "2026-01-10"},
                                     format="json")
    assert_error(response, 503, "broker_unavailable")
    assert not Job.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_broker_lost_between_the_check_and_the_send_leaves_the_job_queued(monkeypatch):
    """The moment between the check and the commit: the job was recorded and is answered as
    queued; its message is sent again by the sweeper (never a 503 with rows written)."""
    from kombu.exceptions import OperationalError

    def refused(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(jobs, "check_broker", lambda: None)
    monkeypatch.setattr(jobs.run_job_task, "apply_async", refused)
    with override_settings(CELERY_TASK_ALWAYS_EAGER=False):
        job = start_health_check()
    assert Job.objects.get(pk=job.pk).state == Job.State.QUEUED


# --- §6: the API says plainly that no worker is processing jobs ---------------------------------

def _beat(name: str, queues: list[str], ago: float) -> WorkerBeat:
    moment = timezone.now() - timedelta(seconds=ago)
    return WorkerBeat.objects.create(name=name, queues="," + ",".join(queues) + ",",
                                     started_at=moment, beat_at=moment)


@pytest.mark.django_db
@override_settings(CELERY_TASK_ALWAYS_EAGER=False, JOB_LEASE_SECONDS=120,
                   CELERY_TASK_DEFAULT_QUEUE="q-31", CELERY_BACKGROUND_QUEUE="q-31-background")
def test_a_running_job_without_a_live_worker_says_so(staff_client):
    beat = timezone.now() - timedelta(seconds=400)
    job = Job.objects.create(kind="tournaments.pair_round", state=Job.State.RUNNING, runner="r",
                             started_at=beat, heartbeat_at=beat)
    _beat("old@host", ["q-31", "q-31-background"], ago=390)
    data = staff_client.get(f"/api/v1/jobs/{job.pk}/").json()
    assert data["state"] == "running" and data["queue"] == "q-31"
    assert data["heartbeat_at"] and 399 <= data["heartbeat_age_seconds"] <= 460
    assert data["worker_alive"] is False
    assert "Không có tiến trình nào đang xử lý công việc" in data["notice"]
    assert "390" in data["notice"] or "39" in data["notice"]
    status = staff_client.get("/api/v1/jobs/workers/").json()
    assert status["processing"] is False and "Không có tiến trình" in status["message"]
    assert {q["name"]: q["workers"] for q in status["queues"]} == {"q-31": 0,
                                                                   "q-31-background": 0}
    english = staff_client.get(f"/api/v1/jobs/{job.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert "No worker is processing jobs" in english["notice"]
    # a live worker of the interactive queue: the job is being processed, no notice
    _beat("live@host", ["q-31"], ago=5)
    data = staff_client.get(f"/api/v1/jobs/{job.pk}/").json()
    assert data["worker_alive"] is True and data["notice"] is None
    status = staff_client.get("/api/v1/jobs/workers/").json()
    assert {q["name"]: q["workers"] for q in status["queues"]} == {"q-31": 1,
                                                                   "q-31-background": 0}
    assert status["processing"] is False and "q-31-background" in status["message"]
    # a finished job carries no notice
    job.state = Job.State.SUCCEEDED
    job.save()
    data = staff_client.get(f"/api/v1/jobs/{job.pk}/").json()
    assert data["worker_alive"] is None and data["notice"] is None


@pytest.mark.django_db
@override_settings(CELERY_TASK_ALWAYS_EAGER=True)
def test_in_process_jobs_never_say_no_worker(staff_client):
    job = Job.objects.create(kind="core.health_check")
    data = staff_client.get(f"/api/v1/jobs/{job.pk}/").json()
    assert data["notice"] is None
    status = staff_client.get("/api/v1/jobs/workers/").json()
    assert status["processing"] is True and status["in_process"] is True


def test_a_worker_writes_its_heartbeat_and_the_api_reports_it(real_worker, staff_client,
                                                               settings):
    """With the session's worker alive its record is fresh; stopped, the API says no worker
    processes jobs and a queued job says so (the sweeper, a Celery task, cannot)."""
    worker = real_worker.worker
    deadline = time.monotonic() + 30
    while not WorkerBeat.objects.filter(queues__contains=f",{worker.queue},").exists():
        assert time.monotonic() < deadline, "the worker wrote no heartbeat record"
        time.sleep(0.2)
    status = staff_client.get("/api/v1/jobs/workers/").json()
    assert status["processing"] is True, status
    worker.stop()
    try:
        assert not WorkerBeat.objects.filter(queues__contains=f",{worker.queue},").exists()
        job = start_health_check()
        data = staff_client.get(f"/api/v1/jobs/{job.pk}/").json()
        assert data["state"] == "queued" and data["worker_alive"] is False
        assert "Không có tiến trình nào đang xử lý công việc" in data["notice"]
    finally:
        worker.start()
    assert real_worker.wait(job.pk, timeout=60).state == Job.State.SUCCEEDED


# --- §7: interactive jobs never wait behind background work -------------------------------------

def test_kinds_are_routed_to_their_queue(settings):
    interactive = {"tournaments.pair_round", "tournaments.import_trf", "games.validate",
                   "games.import_pgn", "core.health_check"}
    background = {"documents.render", "documents.warm_parts", "federation.lapse",
                  "ratings.compute_period", "ratings.recompute", "ratings.check_titles",
                  "core.health_check.background"}
    for kind in interactive:
        assert jobs.job_kind(kind).queue == settings.CELERY_TASK_DEFAULT_QUEUE, kind
    for kind in background:
        assert jobs.job_kind(kind).queue == settings.CELERY_BACKGROUND_QUEUE, kind
    assert settings.CELERY_BACKGROUND_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE


def test_an_interactive_job_does_not_wait_behind_background_work(real_worker, tmp_path):
    """Production's layout: a worker per queue. The background worker is busy with long
    work and more waits behind it; an interactive job still runs at once."""
    session = real_worker.worker
    session.stop()
    made = []
    try:
        for consume in ([session.background_queue], [session.queue]):
            worker = WorkerProcess(session.queue, session.database_url, tmp_path,
                                   consume=consume)
            worker.start()
            made.append(worker)
        busy = [start_health_check(seconds=20, background=True) for _ in range(3)]
        time.sleep(1)
        started = time.monotonic()
        quick = real_worker.wait(start_health_check().pk, timeout=30)
        assert quick.state == Job.State.SUCCEEDED
        assert time.monotonic() - started < 15
        states = set(Job.objects.filter(pk__in=[j.pk for j in busy])
                     .values_list("state", flat=True))
        assert states <= {Job.State.QUEUED, Job.State.RUNNING}  # still behind one another
    finally:
        for worker in made:
            worker.kill_all()
        session.start()
