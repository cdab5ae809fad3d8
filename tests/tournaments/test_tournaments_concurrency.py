"""Concurrent result entry (a stale version gets 409 and loses nothing), idempotent pairing
jobs, and a pairing job that survives the death of its worker (late acknowledgement)."""

from __future__ import annotations

import os
import random
import threading
import time

import pytest
from django.db import connection

from core.models import Job
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.models import Pairing, ResultChange, Round, Tournament


def _small_swiss(driver, players: int = 20) -> None:
    driver.create(system="dutch", number_of_rounds=5)
    driver.action("open-registration")
    driver.enter(driver.members(players))
    driver.action("close-registration")


def test_stale_result_write_gets_409_and_loses_nothing(driver):
    _small_swiss(driver)
    driver.pair_next()
    pairing = driver.round(1)["pairings"][0]
    url = f"/api/v1/tournament-pairings/{pairing['id']}/"
    etag = driver.arbiter.get(url)["ETag"]
    assert etag == f'"{pairing["version"]}"'

    first = driver.arbiter.post(url + "result/", {"result": "1-0"}, format="json",
                                HTTP_IF_MATCH=etag)
    assert first.status_code == 200 and first.json()["version"] == pairing["version"] + 1
    second = driver.arbiter.post(url + "result/", {"result": "0-1"}, format="json",
                                 HTTP_IF_MATCH=etag)
    assert_error(second, 409, "conflict", "version")
    saved = Pairing.objects.get(pk=pairing["id"])
    assert saved.result == "1-0" and saved.version == pairing["version"] + 1
    changes = list(ResultChange.objects.filter(pairing=saved).values_list(
        "old_result", "new_result", "changed_by"))
    assert changes == [("", "1-0", driver.arbiter_user.pk)]


def test_bulk_entry_with_one_stale_version_saves_none(driver):
    _small_swiss(driver)
    driver.pair_next()
    rnd = driver.round(1)
    first, second = rnd["pairings"][:2]
    results = [{"pairing": first["id"], "result": "1-0", "version": first["version"]},
               {"pairing": second["id"], "result": "0-1", "version": second["version"] + 5}]
    response = driver.arbiter.post(f"/api/v1/tournament-rounds/{rnd['id']}/results/",
                                   {"results": results}, format="json")
    assert_error(response, 409, "conflict")
    assert Pairing.objects.get(pk=first["id"]).result == ""


def test_only_assigned_arbiters_enter_results(driver, django_user_model):
    _small_swiss(driver)
    driver.pair_next()
    pairing = driver.round(1)["pairings"][0]
    outsider = client_for(django_user_model.objects.create_user("outsider", password="x-1234"))
    response = outsider.post(f"/api/v1/tournament-pairings/{pairing['id']}/result/",
                             {"result": "1-0", "version": pairing["version"]}, format="json")
    assert_error(response, 403, "permission_denied")
    organiser = driver.organiser.post(f"/api/v1/tournament-pairings/{pairing['id']}/result/",
                                      {"result": "1-0", "version": pairing["version"]},
                                      format="json")
    assert_error(organiser, 403)


def test_two_simultaneous_writers_one_gets_409(driver):
    """Two arbiters post at the same instant with the same version: one wins, one gets 409
    (the row lock serialises them; the loser's write is refused, the winner's kept)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: SQLite serialises whole-database writes")
    _small_swiss(driver)
    driver.pair_next()
    pairing = driver.round(1)["pairings"][0]
    url = f"/api/v1/tournament-pairings/{pairing['id']}/result/"
    barrier = threading.Barrier(2)
    answers = {}

    def write(result: str) -> None:
        from django.db import connections

        client = client_for(driver.arbiter_user)
        barrier.wait()
        answers[result] = client.post(url, {"result": result, "version": pairing["version"]},
                                      format="json").status_code
        connections.close_all()

    threads = [threading.Thread(target=write, args=(r,)) for r in ("1-0", "0-1")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(answers.values()) == [200, 409]
    winner = next(r for r, code in answers.items() if code == 200)
    saved = Pairing.objects.get(pk=pairing["id"])
    assert saved.result == winner and saved.version == pairing["version"] + 1
    assert ResultChange.objects.filter(pairing=saved).count() == 1


def test_pairing_job_twice_gives_one_round(driver):
    """Starting the job twice returns the same job; running its work twice writes one round."""
    _small_swiss(driver)
    tournament = Tournament.objects.get(pk=driver.tid)
    job1 = services.request_pairing(tournament, user=driver.arbiter_user, round_number=1)
    job2 = services.request_pairing(tournament, user=driver.arbiter_user, round_number=1)
    assert job1.pk == job2.pk
    done = driver.job_worker.wait(job1.pk)
    assert done.state == Job.State.SUCCEEDED
    again = services.pair_round_job(done.params, lambda *a: None)
    assert again["already_paired"] is True and again["round"] == 1
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Pairing.objects.filter(round__tournament=tournament).count() == 10


def test_cannot_pair_before_previous_round_complete(driver):
    _small_swiss(driver)
    driver.pair_next()
    response = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
    assert_error(response, 400, "round_incomplete", "round")


def test_killed_worker_pairing_completes_once(real_worker, driver):
    """The worker dies while the pairing job waits on the tournament row lock; a new worker
    gets the message again (late ack) and the round is written exactly once."""
    import psycopg

    _small_swiss(driver, players=40)
    settings = connection.settings_dict
    lock = psycopg.connect(host=settings["HOST"] or "127.0.0.1", port=settings["PORT"] or 5432,
                           user=settings["USER"], password=settings["PASSWORD"] or None,
                           dbname=settings["NAME"])
    try:
        lock.execute("SELECT id FROM tournaments_tournament WHERE id = %s FOR UPDATE",
                     [driver.tid])
        job = driver.action("pair-next-round", client=driver.arbiter, status=202)
        deadline = time.monotonic() + 60
        while Job.objects.get(pk=job["id"]).state != Job.State.RUNNING:
            assert time.monotonic() < deadline, "the job never started"
            time.sleep(0.1)
        time.sleep(0.5)  # the worker is now blocked on the row lock inside the job
        real_worker.worker.kill()
        previous = os.environ.get("CELERY_VISIBILITY")
        os.environ["CELERY_VISIBILITY"] = "1"  # the new worker restores unacked messages
        try:
            time.sleep(1.5)
            real_worker.worker.start()
        finally:
            if previous is None:
                os.environ.pop("CELERY_VISIBILITY")
            else:
                os.environ["CELERY_VISIBILITY"] = previous
        assert Round.objects.filter(tournament_id=driver.tid).count() == 0
    finally:
        lock.rollback()
        lock.close()
    done = real_worker.wait(job["id"], timeout=120)
    assert done.state == Job.State.SUCCEEDED, done.error
    assert done.attempts >= 2
    assert Round.objects.filter(tournament_id=driver.tid).count() == 1
    assert Pairing.objects.filter(round__tournament_id=driver.tid).count() == 20
    driver.play_round(1, random.Random(3))


def test_bulk_result_entry_invalidates_the_public_pages(driver):
    """Bulk writes send no model signals; the service touches the tournament's cache scope."""
    from core.caching import stamps

    _small_swiss(driver)
    driver.pair_next()
    scope = f"tournament:{driver.tid}"
    before = stamps([scope])[scope]
    time.sleep(0.01)
    rnd = driver.round(1)
    first = rnd["pairings"][0]  # one result: the round is not complete, no Round save
    driver.post(driver.arbiter, f"/api/v1/tournament-rounds/{rnd['id']}/results/",
                {"results": [{"pairing": first["id"], "result": "1-0",
                              "version": first["version"]}]})
    assert stamps([scope])[scope] > before


def test_a_result_without_version_is_refused_in_the_callers_language(driver):
    """The message is Vietnamese, English on Accept-Language: en (issue #18)."""
    _small_swiss(driver)
    driver.pair_next()
    url = f"/api/v1/tournament-pairings/{driver.round(1)['pairings'][0]['id']}/result/"
    answer = driver.arbiter.post(url, {"result": "1-0"}, format="json")
    assert_error(answer, 400, "version_required", "version")
    assert answer.json()["error"]["message"] == "Thiếu version (hoặc tiêu đề If-Match)"
    english = driver.arbiter.post(url, {"result": "1-0"}, format="json",
                                  HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["error"]["message"] == "version (or If-Match) is required"
