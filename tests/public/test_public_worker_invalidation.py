"""Writes made by the worker invalidate the public caches (issue 10): a validation job stores
its report with ``update()`` (no model signal), so the end of the task touches ``games``."""

import pytest
from django.conf import settings
from django.db.models import F

from games import services as game_services
from games.models import GameRecord
from tests.public.conftest import build_round_robin


def _cache_shared_with_the_worker() -> bool:
    return "LocMemCache" not in settings.CACHES["default"]["BACKEND"]


def test_a_validation_job_in_the_worker_invalidates_the_public_game(api_client, job_worker):
    if job_worker.is_real and not _cache_shared_with_the_worker():
        pytest.skip("a real worker needs a shared cache (CACHE_URL, e.g. Redis) to touch "
                    "the web process's scopes")
    t = build_round_robin(4, seed=51, with_games=True)
    game = GameRecord.objects.filter(pairing__round__tournament=t).first()
    url = f"/api/v1/public/games/?tournament={t.pk}"  # a list: served without a query
    first = api_client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]

    # a bulk-style write (no signal): the cached list is served unchanged (the game is
    # pending now, so it should be gone from the list)
    GameRecord.objects.filter(pk=game.pk).update(validation_status="pending",
                                                 validated_input="", version=F("version") + 1)
    assert api_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    game.refresh_from_db()  # a new version: a new validation job (jobs are keyed by version)
    job = game_services.start_validation(game)
    finished = job_worker.wait(job.pk)
    assert finished.state == "succeeded", finished.error
    assert GameRecord.objects.get(pk=game.pk).validation_status in {"valid", "warnings"}
    again = api_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag
    assert game.pk in {row["id"] for row in again.json()["results"]}
