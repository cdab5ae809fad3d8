"""Jobs that always end (issue 14): a lease (heartbeat) on the running job, the sweeper,
new attempts for failed or lost jobs, the broker down, time limits.

The worker tests use real worker processes and the real broker (Redis): a prefork worker
(main process and a child, as in production) is killed whole with SIGKILL, so its message
stays unacknowledged in the broker until the visibility timeout (an hour); the session's
worker must then finish the job within the lease, through the sweeper or a new request.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from core import job_sweep, jobs
from core.models import Job
from core.services import start_health_check
from tests.conftest import WorkerProcess
from tests.helpers import assert_error


def _wait_state(job_id, state: str, timeout: float = 60) -> Job:
    deadline = time.monotonic() + timeout
    while (job := Job.objects.get(pk=job_id)).state != state:
        assert time.monotonic() < deadline, f"job still {job.state}, expected {state}"
        time.sleep(0.1)
    return job


@pytest.fixture
def prefork_worker(real_worker, tmp_path):
    """Replace the session's worker by a prefork worker on the same queue (heartbeat every
    second) for the test; the session's worker is started again on demand."""
    made = []

    def start(**env) -> WorkerProcess:
        real_worker.worker.stop()
        session = real_worker.worker
        worker = WorkerProcess(session.queue, session.database_url, tmp_path, pool="prefork",
                               env={"JOB_LEASE_SECONDS": "4", **env})
        worker.start()
        made.append(worker)
        return worker

    yield start
    for worker in made:
        worker.kill_all()


LEASE = 6  # seconds, in this process; the prefork worker beats every second


def _held_job_killed_with_its_worker(prefork_worker, settings, **start) -> Job:
    settings.JOB_LEASE_SECONDS = LEASE
    worker = prefork_worker()
    job = start_health_check(seconds=8, **start)
    running = _wait_state(job.pk, Job.State.RUNNING)
    deadline = time.monotonic() + 10
    while Job.objects.get(pk=job.pk).heartbeat_at <= running.heartbeat_at:  # the lease is kept
        assert time.monotonic() < deadline, "no heartbeat from the running job"
        time.sleep(0.2)
    worker.kill_all()
    return running


def _until(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, what
        time.sleep(0.5)
    return value


def test_job_of_a_worker_killed_whole_is_rerun_by_the_sweeper(real_worker, prefork_worker,
                                                              settings):
    """Fails before issue 14: the job stayed "running" until the broker's visibility timeout
    (an hour); nothing noticed that its worker was gone."""
    job = _held_job_killed_with_its_worker(prefork_worker, settings)
    assert job_sweep.sweep()["rerun"] == []  # within the lease: alive as far as anyone knows
    real_worker.worker.start()
    _until(lambda: str(job.pk) in job_sweep.sweep()["rerun"], 30, "the lost job was never re-run")
    settings.JOB_LEASE_SECONDS = 120  # the session's worker beats every 30 s
    done = real_worker.wait(job.pk, timeout=60)
    assert done.state == Job.State.SUCCEEDED, done.error
    assert (done.attempts, done.restarts) == (2, 1)


def test_asking_again_for_a_lost_job_starts_a_new_attempt(real_worker, prefork_worker,
                                                          settings):
    """Fails before issue 14: the same request returned the dead "running" job forever."""
    job = _held_job_killed_with_its_worker(prefork_worker, settings, key="health:lost")
    assert start_health_check(seconds=8, key="health:lost").state == Job.State.RUNNING
    real_worker.worker.start()
    _until(lambda: jobs.needs_new_attempt(Job.objects.get(pk=job.pk)), 30, "lease never ran out")
    again = start_health_check(seconds=8, key="health:lost")
    assert again.pk == job.pk and again.state == Job.State.QUEUED
    settings.JOB_LEASE_SECONDS = 120
    done = real_worker.wait(job.pk, timeout=60)
    assert done.state == Job.State.SUCCEEDED, done.error
    assert done.attempts == 2


def test_queued_jobs_whose_messages_the_broker_lost_are_resent(real_worker, settings):
    """Fails before issue 14: with the broker's queue lost (Redis restarted without
    persistence) a queued job stayed "queued" for ever and asking again returned it."""
    import redis

    settings.JOB_LEASE_SECONDS = 1
    real_worker.worker.stop()
    job = start_health_check(key="health:queued")
    time.sleep(1.2)
    assert job_sweep.sweep()["resent"] == []  # its message still waits in the queue
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    assert broker.delete(real_worker.worker.queue) == 1  # the broker loses the queue
    assert job_sweep.sweep()["resent"] == [str(job.pk)]
    assert job_sweep.sweep()["resent"] == []  # sent again just now
    settings.JOB_LEASE_SECONDS = 120
    real_worker.worker.start()
    done = real_worker.wait(job.pk, timeout=60)
    assert done.state == Job.State.SUCCEEDED and done.attempts == 1


def test_soft_time_limit_ends_the_job_as_failed_with_a_clear_error(prefork_worker):
    """Fails before issue 14: tasks had no time limit, the job ran as long as it liked."""
    prefork_worker(JOB_SOFT_TIME_LIMIT="2", JOB_TIME_LIMIT="20")
    job = start_health_check(seconds=30)
    done = _wait_state(job.pk, Job.State.FAILED, timeout=60)
    assert done.error["code"] == "time_limit"
    assert "2" in done.error["message"]
    assert done.finished_at - done.started_at < timedelta(seconds=15)


def test_broker_down_answers_503_and_leaves_no_queued_job(transactional_db, staff_client,
                                                          settings):
    """Fails before issue 14: a 500, and a "queued" job that no worker would ever see.
    Since issue 31 nothing at all is written: no failed job either."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("needs a broker (CELERY_BROKER_URL): without one jobs run in-process")
    from config.celery import app

    url, pool = app.conf.broker_write_url, app.amqp._producer_pool
    app.conf.broker_write_url, app.amqp._producer_pool = "redis://127.0.0.1:1/0", None  # down
    try:
        response = staff_client.post("/api/v1/lapse-jobs/", {"date": "2026-01-10"},
                                     format="json")
    finally:
        app.conf.broker_write_url, app.amqp._producer_pool = url, pool
    assert_error(response, 503, "broker_unavailable")
    assert response["Retry-After"]
    assert not Job.objects.exists()
    again = staff_client.post("/api/v1/lapse-jobs/", {"date": "2026-01-10"}, format="json")
    assert again.status_code == 202 and again.json()["state"] == "queued"


# --- the rules of a run, without a worker ---------------------------------------------------

def _running(runner="a", beat_ago=0, restarts=0) -> Job:
    beat = timezone.now() - timedelta(seconds=beat_ago)
    return Job.objects.create(kind="core.health_check", state=Job.State.RUNNING, runner=runner,
                              started_at=beat, heartbeat_at=beat, restarts=restarts)


@pytest.mark.django_db
def test_a_duplicate_message_never_runs_a_job_that_is_alive():
    job, calls = _running(), []
    assert jobs.run_job(str(job.pk), lambda p, pr: calls.append(1), token="b") is None
    assert calls == []
    assert Job.objects.get(pk=job.pk).runner == "a"


@pytest.mark.django_db
def test_the_message_of_a_dead_run_or_a_silent_job_runs_it_again(settings):
    redelivered = _running(runner="a")  # the broker hands back the message of a dead worker
    assert jobs.run_job(str(redelivered.pk), lambda p, pr: {"ok": 1}, token="a") == {"ok": 1}
    silent = _running(runner="a", beat_ago=settings.JOB_LEASE_SECONDS + 1)
    assert jobs.run_job(str(silent.pk), lambda p, pr: {"ok": 2}, token="b") == {"ok": 2}
    for job in (redelivered, silent):
        job.refresh_from_db()
        assert (job.state, job.restarts) == (Job.State.SUCCEEDED, 1)


@pytest.mark.django_db
def test_a_job_that_keeps_losing_its_worker_ends_failed(settings):
    job = _running(runner="a", restarts=settings.JOB_MAX_RESTARTS)
    calls = []
    assert jobs.run_job(str(job.pk), lambda p, pr: calls.append(1), token="a") is None
    job.refresh_from_db()
    assert calls == [] and job.state == Job.State.FAILED
    assert job.error["code"] == "job_lost"
    silent = _running(runner="a", beat_ago=settings.JOB_LEASE_SECONDS + 1,
                      restarts=settings.JOB_MAX_RESTARTS)
    assert job_sweep.sweep()["failed"] == [str(silent.pk)]
    assert Job.objects.get(pk=silent.pk).state == Job.State.FAILED


@pytest.mark.django_db
def test_which_jobs_a_new_request_starts_again(settings):
    lease = settings.JOB_LEASE_SECONDS + 1
    assert jobs.needs_new_attempt(Job(state=Job.State.FAILED))
    assert not jobs.needs_new_attempt(Job(state=Job.State.SUCCEEDED))
    assert not jobs.needs_new_attempt(_running(beat_ago=1))
    assert jobs.needs_new_attempt(_running(beat_ago=lease))
    queued = Job.objects.create(kind="core.health_check", sent_at=timezone.now())
    assert not jobs.needs_new_attempt(queued)
    queued.sent_at -= timedelta(seconds=lease)
    assert jobs.needs_new_attempt(queued)


def test_beat_runs_the_sweeper_within_the_lease(settings):
    from config.celery import app

    entry = next(e for e in settings.CELERY_BEAT_SCHEDULE.values()
                 if e["task"] == "core.tasks.sweep_jobs_task")
    assert entry["schedule"] < settings.JOB_LEASE_SECONDS
    app.loader.import_default_modules()
    assert {"core.tasks.sweep_jobs_task", "core.run_job"} <= set(app.tasks)
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] > \
        settings.CELERY_TASK_TIME_LIMIT > settings.CELERY_TASK_SOFT_TIME_LIMIT
