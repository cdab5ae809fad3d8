"""Live events are served from the public cache and never stale (issues 15, 19): a write
through the API, the admin (a real form posted) or a worker job touches the event's scope in
the service that writes, so the very next public request reflects it."""

from __future__ import annotations

import time
from datetime import date
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_body, make_club, make_member, make_person, make_staff
from tests.helpers import client_for
from tournaments import services
from tournaments.models import Pairing

PUBLIC = "/api/v1/public/tournaments"

pytestmark = pytest.mark.django_db


def build_live_event(players: int = 6, *, staff=None, seed: int = 61):
    """A running round robin: round 1 paired, no result yet (Điều 29: Berger tables)."""
    staff = staff or make_staff()
    body = make_body()
    club = make_club(body, name=f"Câu lạc bộ Cờ Tướng Ba Đình {seed}")
    t = services.create_tournament(
        user=staff, name=f"Giải Cờ Tướng đang đấu {seed}", discipline="xiangqi",
        system="round_robin", start_date=date(2026, 6, 1), end_date=date(2026, 6, 9),
        organiser_body=body)
    services.open_registration(t, user=staff)
    for i in range(players):
        person = make_person(full_name=f"Trần Văn Đang Đấu {seed}-{i}")
        services.register_entry(t, make_member(person, club), user=staff, rating=1900 + 10 * i)
    services.close_registration(t, user=staff, seed=seed)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": seed}, lambda *a: None)
    t.refresh_from_db()
    return t


def _points(response) -> dict[str, float]:
    assert response.status_code == 200, response.content[:300]
    return {row["name"]: row["points"] for row in response.json()["rows"]}


def _game(t, board: int = 1) -> Pairing:
    return (Pairing.objects.select_related("white", "black")
            .get(round__tournament=t, round__number=1, board=board))


def test_a_live_event_is_served_from_the_cache_without_queries(api_client):
    t = build_live_event()
    for path in ("standings/", "crosstable/", "pairings/?round=1", ""):
        url = f"{PUBLIC}/{t.pk}/{path}"
        first = api_client.get(url)
        assert first.status_code == 200, (url, first.content[:200])
        with CaptureQueriesContext(connection) as queries:
            again = api_client.get(url)
        assert again.status_code == 200 and again.content == first.content, url
        assert len(queries) == 0, (url, [q["sql"] for q in queries])
        assert api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_result_entered_through_the_api_is_in_the_next_standings(api_client):
    staff = make_staff()
    t = build_live_event(staff=staff)
    url = f"{PUBLIC}/{t.pk}/standings/?after_round=1"
    before = _points(api_client.get(url))
    pairing = _game(t)
    assert before[pairing.white.name] == 0
    response = client_for(staff).post(
        f"/api/v1/tournament-rounds/{pairing.round_id}/results/",
        {"results": [{"pairing": pairing.pk, "result": "1-0", "version": pairing.version}]},
        format="json")
    assert response.status_code == 200, response.content
    after = _points(api_client.get(url))
    assert after[pairing.white.name] == 1 and after[pairing.black.name] == 0
    # one board through the single-result endpoint as well
    second = _game(t, board=2)
    single = client_for(staff).post(f"/api/v1/tournament-pairings/{second.pk}/result/",
                                    {"result": "0-1", "version": second.version}, format="json")
    assert single.status_code == 200, single.content
    assert _points(api_client.get(url))[second.black.name] == 1
    pairings = api_client.get(f"{PUBLIC}/{t.pk}/pairings/?round=1").json()
    assert {(p["board"], p["result"]) for p in pairings} >= {(1, "1-0"), (2, "0-1")}


class _FormFields(HTMLParser):
    """The fields of the admin's change form as a browser would post them."""

    def __init__(self):
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self._in_form = False
        self._select: str | None = None
        self._textarea: str | None = None
        self._options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("id") or "").endswith("_form"):
            self._in_form = True
        if not self._in_form:
            return
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.data.setdefault(name, []).append(a.get("value", "on" if a.get("type") ==
                                                         "checkbox" else ""))
        elif tag == "select" and name:
            self._select, self._options = name, []
        elif tag == "option" and self._select:
            self._options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = [""]

    def handle_data(self, data):
        if self._textarea:
            self.data[self._textarea] = [self.data[self._textarea][0] + data]

    def handle_endtag(self, tag):
        if tag == "form":
            self._in_form = False
        elif tag == "select" and self._select:
            chosen = [value for value, selected in self._options if selected]
            self.data[self._select] = chosen or []
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def admin_form(client, url: str) -> dict[str, list[str]]:
    page = client.get(url)
    assert page.status_code == 200, url
    parser = _FormFields()
    parser.feed(page.content.decode())
    parser.data.pop("csrfmiddlewaretoken", None)
    return parser.data


def test_a_result_typed_in_the_admin_is_in_the_next_standings(api_client, client):
    staff = make_staff()
    t = build_live_event(staff=staff, seed=62)
    url = f"{PUBLIC}/{t.pk}/standings/?after_round=1"
    pairing = _game(t)
    assert _points(api_client.get(url))[pairing.black.name] == 0
    client.force_login(staff)
    change = f"/admin/tournaments/round/{pairing.round_id}/change/"
    data = admin_form(client, change)
    rows = int(data["pairings-TOTAL_FORMS"][0])
    index = next(i for i in range(rows) if data[f"pairings-{i}-id"] == [str(pairing.pk)])
    data[f"pairings-{index}-result"] = ["0-1"]
    response = client.post(change, {**data, "_save": "Lưu"})
    assert response.status_code == 302, response.content[:2000]
    after = _points(api_client.get(url))
    assert after[pairing.black.name] == 1 and after[pairing.white.name] == 0


def test_a_withdrawal_and_a_new_venue_in_the_admin_forms_are_in_the_next_pages(api_client, client):
    """Admin change forms (real forms posted): a withdrawal (Điều 21.5) shows in the next
    standings, a new venue (an amendment of the published regulations, allowed after the
    start with its reason: Phụ lục 5) in its next detail page."""
    staff = make_staff()
    t = build_live_event(staff=staff, seed=63)
    url = f"{PUBLIC}/{t.pk}/standings/"

    def withdrawn() -> dict[str, bool]:
        response = api_client.get(url)
        assert response.status_code == 200
        return {row["name"]: row["withdrawn"] for row in response.json()["rows"]}

    entry = t.entries.order_by("starting_number").first()
    assert withdrawn()[entry.name] is False
    client.force_login(staff)
    change = f"/admin/tournaments/entry/{entry.pk}/change/"
    data = admin_form(client, change)
    data["withdrawn_on"] = ["2026-06-02"]
    response = client.post(change, {**data, "_save": "Lưu"})
    assert response.status_code == 302, response.content[:2000]
    assert withdrawn()[entry.name] is True
    detail = api_client.get(f"{PUBLIC}/{t.pk}/")
    change = f"/admin/tournaments/tournament/{t.pk}/change/"
    moved = client.post(change, {**admin_form(client, change), "venue": ["Nhà văn hóa mới"],
                                 "amendment_reason": ["Địa điểm cũ bị ngập"], "_save": "Lưu"})
    assert moved.status_code == 302, moved.content[:2000]
    again = api_client.get(f"{PUBLIC}/{t.pk}/", HTTP_IF_NONE_MATCH=detail["ETag"])
    assert again.status_code == 200 and again.json()["venue"] == "Nhà văn hóa mới"


def _cache_shared_with_the_worker() -> bool:
    return "LocMemCache" not in settings.CACHES["default"]["BACKEND"]


def test_a_pairing_job_in_the_worker_is_in_the_next_public_pages(api_client, job_worker):
    if job_worker.is_real and not _cache_shared_with_the_worker():
        pytest.skip("a real worker needs a shared cache (CACHE_URL, e.g. Redis)")
    staff = make_staff()
    t = build_live_event(4, staff=staff, seed=64)
    rnd = t.rounds.get(number=1)
    services.record_results(rnd, [{"pairing": p.pk, "result": "1/2-1/2", "version": p.version}
                                  for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)],
                            user=staff)
    detail = api_client.get(f"{PUBLIC}/{t.pk}/")
    assert [r["number"] for r in detail.json()["rounds"]] == [1]
    job = services.request_pairing(t, user=staff)
    done = job_worker.wait(job.pk)
    assert done.state == "succeeded", done.error
    again = api_client.get(f"{PUBLIC}/{t.pk}/", HTTP_IF_NONE_MATCH=detail["ETag"])
    assert again.status_code == 200
    assert [r["number"] for r in again.json()["rounds"]] == [1, 2]
    pairings = api_client.get(f"{PUBLIC}/{t.pk}/pairings/?round=2")
    assert pairings.status_code == 200 and len(pairings.json()) == 2


def test_last_modified_is_a_validator_only_once_its_second_has_passed():
    """If-Modified-Since has a one-second resolution: a copy sent in the same second as its
    last change could hide a later change of that second, so it carries no Last-Modified."""
    from core.caching import Validators

    assert not Validators('"x"', last_modified=100.3, read_at=100.9).settled
    assert Validators('"x"', last_modified=100.3, read_at=101.0).settled


def test_a_person_renamed_in_the_admin_form_is_in_the_next_profile(api_client, client):
    """A plain admin save of a federation row: the admin mixin touches the app's scopes."""
    member = make_member(make_person(full_name="Phạm Văn Hồ Sơ"),
                         make_club(make_body(), name="Câu lạc bộ Hồ Sơ"))
    url = f"/api/v1/public/players/{member.person_id}/"
    first = api_client.get(url)
    assert first.json()["name"] == "Phạm Văn Hồ Sơ"
    staff = make_staff()
    client.force_login(staff)
    change = f"/admin/federation/person/{member.person_id}/change/"
    response = client.post(change, {**admin_form(client, change),
                                     "full_name": ["Phạm Văn Đã Đổi"], "_save": "Lưu"})
    assert response.status_code == 302, response.content[:2000]
    again = api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again.json()["name"] == "Phạm Văn Đã Đổi"


def test_a_burst_of_misses_builds_the_answer_once():
    """After a result every reader misses at once: one builds, the others wait for its body
    (same stamps, read before its data) instead of each building it again."""
    import threading

    from django.core.cache import cache
    from django.http import HttpResponse
    from django.test import RequestFactory

    from core import caching

    request = RequestFactory().get("/api/v1/public/tournaments/1/standings/")
    found = caching.validators(request, ["tournament:1"])
    assert cache.add(caching.BUILDING_PREFIX + found.etag, 1, 10)  # another process builds

    def other_builder():
        time.sleep(0.2)
        cache.set(caching.BODY_PREFIX + found.etag, caching.Rendered(b"built once", 200), 60)
        cache.delete(caching.BUILDING_PREFIX + found.etag)

    def must_not_build():
        raise AssertionError("built a second time")

    thread = threading.Thread(target=other_builder)
    thread.start()
    response = caching.cached_response(request, ["tournament:1"], must_not_build, found=found)
    thread.join()
    assert response.status_code == 200 and response.content == b"built once"
    # a build that ends without a body (an error answer) lets the waiter build its own
    found = caching.validators(RequestFactory().get("/other/"), ["tournament:1"])
    assert cache.add(caching.BUILDING_PREFIX + found.etag, 1, 10)
    threading.Timer(0.1, cache.delete, [caching.BUILDING_PREFIX + found.etag]).start()
    own = caching.cached_response(request, ["tournament:1"], lambda: HttpResponse(b"own"),
                                  found=found)
    assert own.content == b"own"
