"""Issue 15: an event's tracking cards (Điều 29.1) are kept warm — when a round is paired
and when its last result is entered, a job in the worker renders the cards' missing parts
into the cache, so the "all cards" document that follows renders none of them."""

from __future__ import annotations

import time

import pytest
from django.conf import settings

from core.models import Job
from documents import builders, render
from tests.factories.tournaments import add_entries, make_official, make_tournament
from tournaments.models import Pairing, Round
from tournaments.services.results import record_result, record_results
from tournaments.services.rounds import card_warm_key, request_pairing

PLAYERS = 100  # the default threshold (DOCUMENT_PARTS_WARM_MIN_ENTRIES)


def _job(key: str, job_worker, timeout: float = 60) -> Job:
    """The job started under ``key`` (after the write's commit, possibly in the worker),
    once finished."""
    deadline = time.monotonic() + timeout
    while (job := Job.objects.filter(key=key).first()) is None:
        if time.monotonic() > deadline:
            pytest.fail(f"no job {key} after {timeout}s")
        time.sleep(0.1)
    return job_worker.wait(job.pk, timeout=240)


def _rendered_now(target: str, monkeypatch) -> list[str]:
    """The parts the "all cards" document renders now (counted in this process)."""
    rendered: list[str] = []
    real = render.html_to_pdf
    monkeypatch.setattr(render, "PARALLEL_PARTS", 99)  # every render in this process
    monkeypatch.setattr(render, "html_to_pdf", lambda html: rendered.append(html) or real(html))
    _pdf, pages = builders.build("tracking_card", target).render()
    assert pages == PLAYERS // 4  # 4 cards a page of a 7-round event
    return rendered


def test_pairing_and_the_last_result_warm_the_cards_and_no_other_result_does(
        real_worker, monkeypatch):
    from django.core.cache import cache

    assert settings.DOCUMENT_PARTS_WARM_MIN_ENTRIES == PLAYERS
    cache.clear()  # this process's keys only (the worker shares them): no part kept
    tournament = make_tournament(system="swiss_draw", number_of_rounds=7)
    arbiter = make_official(tournament, role="chief", name="Phạm Quốc Hưng")
    add_entries(tournament, PLAYERS)
    target = f"tournament:{tournament.pk}"

    # round 1 paired by the pairing job in the worker: its commit starts the warm job
    pairing = real_worker.wait(request_pairing(tournament, user=arbiter).pk)
    assert pairing.state == Job.State.SUCCEEDED, pairing.error
    warm = _job(card_warm_key(tournament.pk, 1, "paired"), real_worker)
    assert warm.kind == "documents.warm_parts" and warm.state == Job.State.SUCCEEDED
    assert warm.progress == 100
    assert warm.result == {"kind": "tracking_card", "target": target, "parts": 3,
                           "kept": 0, "rendered": 3}  # 25 pages in parts of 10
    assert builders.build("tracking_card", target).missing_parts() == []
    assert _rendered_now(target, monkeypatch) == []

    # every result but the last: no warm job (a live event gets one a second)
    rnd = Round.objects.get(tournament=tournament, number=1)
    boards = list(rnd.pairings.filter(kind=Pairing.Kind.GAME).order_by("board"))
    record_results(rnd, [{"pairing": p.pk, "result": "1-0"} for p in boards[:-2]],
                   user=arbiter)
    record_result(boards[-2], "1/2-1/2", user=arbiter, expected_version=None)
    complete_key = card_warm_key(tournament.pk, 1, "complete")
    assert not Job.objects.filter(key=complete_key).exists()
    assert not Job.objects.filter(kind="documents.warm_parts").exclude(pk=warm.pk).exists()
    rnd.refresh_from_db()
    assert rnd.status != Round.Status.COMPLETE

    # the last result completes the round: the changed parts are warmed again
    record_result(boards[-1], "0-1", user=arbiter, expected_version=None)
    again = _job(complete_key, real_worker)
    assert again.state == Job.State.SUCCEEDED, again.error
    assert again.result["parts"] == 3 and again.result["rendered"] == 3  # every card changed
    assert builders.build("tracking_card", target).missing_parts() == []
    assert _rendered_now(target, monkeypatch) == []

    # a retry of the same job with everything kept does nothing
    from documents.services import warm_document_parts

    assert warm_document_parts(again.params, lambda *_: None)["rendered"] == 0


def test_no_warm_job_below_the_threshold(real_worker):
    tournament = make_tournament(system="swiss_draw", number_of_rounds=7)
    arbiter = make_official(tournament, role="chief", name="Phạm Quốc Hưng")
    add_entries(tournament, 20)
    pairing = real_worker.wait(request_pairing(tournament, user=arbiter).pk)
    assert pairing.state == Job.State.SUCCEEDED, pairing.error
    rnd = Round.objects.get(tournament=tournament, number=1)
    record_results(rnd, [{"pairing": p.pk, "result": "1-0"}
                         for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)], user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.COMPLETE
    time.sleep(1)  # the pairing job's on-commit start would have been seen by now
    assert not Job.objects.filter(kind="documents.warm_parts").exists()
