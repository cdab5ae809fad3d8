"""Warm-ahead after the answer (issue 33): a result entered through a request answers at its
commit — the event's new stamp is published then, with a mark naming the hot answers being
built — and the answers are built once the response is sent (``core.after_response``). A
reader after the write's answer never gets the previous version: he waits for the answer
being built (single flight, bounded), or builds it himself when the build does not come; the
bodies are stored whole, one by one. Results are the board results of Điều 10 (1-0, 0-1,
½-½), standings and crosstable those of Điều 29-30."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from core import after_response, caching, warm_marks
from tests.factories import make_staff
from tests.helpers import client_for
from tests.public.test_public_freshness import build_live_event
from tests.public.test_public_warm_ahead import _game, hot
from tournaments import cache_scopes, services

PUBLIC = "/api/v1/public/tournaments"


@pytest.fixture(autouse=True)
def warm_small_events(settings):
    settings.PUBLIC_WARM_AHEAD = True
    settings.PUBLIC_WARM_AHEAD_AFTER_ANSWER = True  # off by default (docs/performance.md)
    settings.PUBLIC_WARM_AHEAD_MIN_ENTRIES = 0  # the test events have 6 players


def _needs_postgresql_and_a_shared_cache() -> None:
    from django.conf import settings

    if connection.vendor != "postgresql" or "LocMem" in settings.CACHES["default"]["BACKEND"]:
        pytest.skip("needs PostgreSQL (real commits) and a shared cache (CI: PostgreSQL + Redis)")
    from federation.reference_data import load_reference_data

    load_reference_data()


def _points(response) -> dict[str, float]:
    return {row["name"]: row["points"] for row in response.json()["rows"]}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("after_answer", [True, False])
def test_the_call_answers_before_the_build_which_runs_after_its_response(
        monkeypatch, settings, after_answer):
    """Through the API (real commit): the build runs when the response is closed — after the
    view answered, the stamp already published — and the readers then find every hot answer
    built (no query). With ``PUBLIC_WARM_AHEAD_AFTER_ANSWER`` off, the build runs in the
    view, before the stamp is published, as before issue 33."""
    _needs_postgresql_and_a_shared_cache()
    settings.PUBLIC_WARM_AHEAD_AFTER_ANSWER = after_answer
    staff = make_staff()
    t = build_live_event(staff=staff, seed=91)
    pairing = _game(t)
    scope = cache_scopes.event(t.pk)
    real_warm = caching.warm
    seen: list[tuple[bool, bool]] = []

    def recording_warm(urls, ahead):
        # (inside the request's answer?, the stamp published before the build?)
        seen.append((after_response.in_request(), caching.stamps([scope])[scope] == ahead[scope]))
        return real_warm(urls, ahead)

    monkeypatch.setattr(caching, "warm", recording_warm)
    response = client_for(staff).post(f"/api/v1/tournament-pairings/{pairing.pk}/result/",
                                      {"result": "1-0", "version": pairing.version},
                                      format="json")
    assert response.status_code == 200, response.content
    # after the view's answer, under the published stamp; or in the view, before publishing
    assert seen == ([(False, True)] if after_answer else [(True, False)])
    api = client_for(None)
    for url in hot(t):
        with CaptureQueriesContext(connection) as queries:
            answer = api.get(url)
        assert answer.status_code == 200 and len(queries) == 0, url
    assert _points(api.get(f"{PUBLIC}/{t.pk}/standings/?after_round=1"))[pairing.white.name] == 1


@pytest.mark.django_db(transaction=True)
def test_readers_right_after_the_answer_wait_for_the_build_and_get_the_result(monkeypatch):
    """The write has answered; its build starts late (another thread, slowed). Every reader
    of a hot answer meanwhile — the first and the last one built — gets the new version,
    whole: the very body the build stored (the reader builds nothing), never the previous
    one."""
    _needs_postgresql_and_a_shared_cache()
    t = build_live_event(seed=92)
    api = client_for(None)
    before = {url: api.get(url) for url in hot(t)}
    pairing = _game(t)
    renders: list[str] = []
    real_render = caching._render
    monkeypatch.setattr(caching, "_render", lambda response: renders.append(
        threading.current_thread().name) or real_render(response))
    with after_response.collecting() as tasks:  # as in a request: the answer, then the build
        services.record_result(pairing, "1-0", user=None, expected_version=pairing.version)
    assert len(tasks) == 1  # the write answered; nothing built yet
    assert renders == []
    started = threading.Event()

    def builder():
        try:
            started.wait(5)
            threading.Event().wait(0.3)  # the readers are already waiting
            after_response.run(tasks)
        finally:
            connections.close_all()

    thread = threading.Thread(target=builder, name="builder")
    thread.start()
    started.set()
    after = {}
    for url in (hot(t)[-1], *hot(t)[:-1]):  # the last one built first
        after[url] = api.get(url)
        assert after[url].status_code == 200, url
    thread.join(30)
    assert set(renders) == {"builder"}  # the readers waited for the build's bodies
    for url, response in after.items():  # the new version (the defaults, after round 0,
        assert response["ETag"] != before[url]["ETag"], url  # have the same content)
        if "after_round=1" in url or "pairings" in url or url.endswith(f"/giai-dau/{t.pk}/"):
            assert response.content != before[url].content, url
    assert _points(after[f"{PUBLIC}/{t.pk}/standings/?after_round=1"])[pairing.white.name] == 1
    rows = after[f"{PUBLIC}/{t.pk}/pairings/?round=1"].json()
    assert {(row["board"], row["result"]) for row in rows} >= {(pairing.board, "1-0")}
    # whole: byte for byte what a reader's own request builds from the same data
    caching.touch(cache_scopes.event(t.pk))
    for url in hot(t):
        assert api.get(url).content == after[url].content, url


@pytest.mark.django_db
def test_a_build_that_never_comes_leaves_the_reader_to_build_the_new_version(
        api_client, monkeypatch, django_capture_on_commit_callbacks):
    """The write answered and published, but its build did not run (its process died): the
    reader waits at most ``warm_marks.WAIT``, then builds the answer himself — the new version,
    never the stored previous one."""
    monkeypatch.setattr(warm_marks, "WAIT", 0.05)
    t = build_live_event(seed=93)
    url = f"{PUBLIC}/{t.pk}/standings/?after_round=1"
    old = api_client.get(url)
    pairing = _game(t)
    with after_response.collecting() as tasks:
        with django_capture_on_commit_callbacks(execute=True):
            services.record_result(pairing, "1-0", user=None, expected_version=pairing.version)
    assert len(tasks) == 1  # the build, never run
    scope = cache_scopes.event(t.pk)
    stamp = caching.stamps([scope])[scope]
    assert warm_marks.building([(scope, stamp)], url)  # published, marked as being built
    with CaptureQueriesContext(connection) as queries:
        response = api_client.get(url)
    assert len(queries) > 0 and response.content != old.content
    assert _points(response)[pairing.white.name] == 1


@pytest.mark.django_db
def test_a_superseded_publish_builds_nothing_and_the_readers_rebuild(
        api_client, monkeypatch, django_capture_on_commit_callbacks):
    """Another writer touched the event between this write's reading of the stamps and its
    publishing: nothing is built under a stamp nobody will read, no mark is left, and the
    next reader rebuilds with both writes."""
    t = build_live_event(seed=94)
    url = f"{PUBLIC}/{t.pk}/standings/?after_round=1"
    api_client.get(url)
    pairing = _game(t)
    scope = cache_scopes.event(t.pk)
    real_publish = caching._publish
    marks: list[float] = []

    def touched_first(before, ahead):
        marks.append(ahead)
        caching.touch(scope)  # another writer's commit, just before this one publishes
        return real_publish(before, ahead)

    monkeypatch.setattr(caching, "_publish", touched_first)
    with after_response.collecting() as tasks:
        with django_capture_on_commit_callbacks(execute=True):
            services.record_result(pairing, "1-0", user=None, expected_version=pairing.version)
    assert tasks == [] and not warm_marks.building([(scope, marks[0])], url)
    with CaptureQueriesContext(connection) as queries:
        response = api_client.get(url)
    assert len(queries) > 0 and _points(response)[pairing.white.name] == 1


@pytest.mark.django_db
def test_the_site_writes_an_unchanged_tables_rows_once(api_client, monkeypatch,
                                                       django_capture_on_commit_callbacks):
    """Issue 33: the crosstable pages show the default crosstable (after the last complete
    round, here 0), which results of round 1 do not change: the warm-ahead after each result
    builds the pages again (new stamp) but their rows, in Vietnamese and English, are the
    ones written before; a crosstable that changed (after round 1) is written (Điều 30)."""
    from results_site import tables

    t = build_live_event(seed=95)
    pages = [f"/giai-dau/{t.pk}/bang-cheo/", f"/en/giai-dau/{t.pk}/bang-cheo/"]
    before = [api_client.get(page) for page in pages]
    written: list[int] = []
    real = tables._crosstable_rows
    monkeypatch.setattr(tables, "_crosstable_rows", lambda table, discipline: (
        written.append(table["after_round"]) or real(table, discipline)))
    for board in (1, 2):
        pairing = _game(t, board)
        with django_capture_on_commit_callbacks(execute=True):
            services.record_result(pairing, "1-0", user=None, expected_version=pairing.version)
    after = [api_client.get(page) for page in pages]
    assert written == []  # rebuilt twice, in two languages; the rows written before
    assert [a["ETag"] != b["ETag"] and a.content == b.content
            for a, b in zip(after, before, strict=True)] == [True, True]
    live = api_client.get(f"/giai-dau/{t.pk}/bang-cheo/?after_round=1")
    assert live.status_code == 200 and written == [1]
