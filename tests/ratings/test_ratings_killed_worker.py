"""Issue 10: a worker killed during a rating period — after the retry the list is complete
and appears once (late acknowledgement + an idempotent period job, FIDE B.02 period)."""

from __future__ import annotations

import os
import time
from datetime import date

from django.db import connection

from core.models import Job
from ratings import services
from ratings.models import PlayerRating, RatingChangeDetail, RatingPeriod
from tests.factories.ratings import certified_tournament, member, xiangqi_standard
from tests.helpers import client_for


def _row_lock(table: str, pk: int):
    """Hold ``SELECT … FOR UPDATE`` on one row from a second connection."""
    import psycopg

    db = connection.settings_dict
    lock = psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432,
                           user=db["USER"], password=db["PASSWORD"] or None, dbname=db["NAME"])
    lock.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE", [pk])
    return lock


def _restart_worker_restoring_unacked(real_worker) -> None:
    real_worker.worker.kill()
    previous = os.environ.get("CELERY_VISIBILITY")
    os.environ["CELERY_VISIBILITY"] = "1"  # the new worker restores the unacknowledged job
    try:
        time.sleep(1.5)
        real_worker.worker.start()
    finally:
        if previous is None:
            os.environ.pop("CELERY_VISIBILITY")
        else:
            os.environ["CELERY_VISIBILITY"] = previous


def test_killed_worker_during_a_rating_period_completes_once(real_worker, staff):
    players = [member(f"Đấu thủ {i}") for i in range(6)]
    october = services.seed_period(xiangqi_standard(), date(2026, 10, 1), date(2026, 10, 31),
                         {m.person_id: (1800 + 25 * i, 100) for i, m in enumerate(players)},
                         user=staff)
    certified_tournament([[(players[i], players[5 - i], "1-0") for i in range(3)],
                          [(players[i], players[(i + 1) % 6], "1/2-1/2") for i in (0, 2, 4)]],
                         certified_on=date(2026, 11, 20), start=date(2026, 11, 15))
    november = services.get_or_create_period(xiangqi_standard(), date(2026, 11, 5))

    # The job locks the previous (October) period before reading it: hold that lock so the job
    # blocks inside its transaction, then kill the worker under it.
    lock = _row_lock("ratings_ratingperiod", october.pk)
    try:
        response = client_for(staff).post(f"/api/v1/ratings/periods/{november.pk}/compute/",
                                          {}, format="json")
        assert response.status_code == 202, response.content
        job_id = response.json()["id"]
        deadline = time.monotonic() + 60
        while Job.objects.get(pk=job_id).state != Job.State.RUNNING:
            assert time.monotonic() < deadline, "the rating job never started"
            time.sleep(0.1)
        time.sleep(0.5)  # the job now waits on October's row lock
        _restart_worker_restoring_unacked(real_worker)
        assert not PlayerRating.objects.filter(period=november).exists()
    finally:
        lock.rollback()
        lock.close()

    done = real_worker.wait(job_id, timeout=120)
    assert done.state == Job.State.SUCCEEDED, done.error
    assert done.attempts >= 2
    november.refresh_from_db()
    assert november.status == RatingPeriod.Status.COMPUTED  # for review: not published
    rows = PlayerRating.objects.filter(period=november)
    assert rows.count() == 6
    assert rows.values("person").distinct().count() == 6  # each player once
    assert RatingChangeDetail.objects.filter(player_rating__period=november).count() == 6
    assert sum(r.change for r in rows) == 0  # equal K (20) for all: zero-sum within the period
