"""The public results API (issue 10): anonymous reads, caching headers, no private data,
constant query counts, throttling."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_staff
from tests.helpers import assert_error
from tests.public.conftest import build_round_robin, private_keys_in
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_published_tournament_standings_crosstable_and_pairings(api_client):
    t = build_round_robin(6)
    listed = api_client.get("/api/v1/public/tournaments/", {"discipline": "xiangqi"}).json()
    assert [row["id"] for row in listed["results"]] == [t.pk]
    detail = api_client.get(f"/api/v1/public/tournaments/{t.pk}/").json()
    assert detail["status"] == "certified" and detail["players"] == 6
    assert [r["number"] for r in detail["rounds"]] == [1, 2, 3, 4, 5]

    standings = api_client.get(f"/api/v1/public/tournaments/{t.pk}/standings/").json()
    rows = standings["rows"]
    assert standings["after_round"] == 5 and len(rows) == 6
    assert sum(row["points"] for row in rows) == 15  # 15 games, one point each (Điều 21.1)
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    assert rows[0]["points"] >= rows[-1]["points"]

    cross = api_client.get(f"/api/v1/public/tournaments/{t.pk}/crosstable/").json()
    assert all(len(row["rounds"]) == 5 for row in cross["rows"])
    pairings = api_client.get(f"/api/v1/public/tournaments/{t.pk}/pairings/", {"round": 1})
    assert pairings.status_code == 200 and len(pairings.json()) == 3
    assert all(p["result"] in {"1-0", "0-1", "1/2-1/2"} for p in pairings.json())


def test_no_public_response_contains_private_data(api_client):
    t = build_round_robin(4)
    urls = ["/api/v1/public/tournaments/", f"/api/v1/public/tournaments/{t.pk}/",
            f"/api/v1/public/tournaments/{t.pk}/standings/",
            f"/api/v1/public/tournaments/{t.pk}/crosstable/",
            f"/api/v1/public/tournaments/{t.pk}/pairings/?round=1",
            "/api/v1/public/players/", "/api/v1/public/clubs/"]
    player = api_client.get("/api/v1/public/players/").json()["results"][0]
    urls.append(f"/api/v1/public/players/{player['id']}/")
    for url in urls:
        response = api_client.get(url)
        assert response.status_code == 200, url
        assert private_keys_in(response.json()) == set(), url
        text = response.content.decode()
        assert "0912345678" not in text and "@example.vn" not in text and "2001-02-03" not in text


def test_drafts_are_not_public(api_client):
    staff = make_staff()
    t = build_round_robin(4, staff=staff)
    draft = services.create_tournament(user=staff, name="Bản nháp", discipline="chess",
                                       system="dutch", number_of_rounds=7, start_date=t.start_date,
                                       end_date=t.end_date, organiser_body=t.organiser_body)
    ids = [row["id"] for row in api_client.get("/api/v1/public/tournaments/").json()["results"]]
    assert draft.pk not in ids
    assert_error(api_client.get(f"/api/v1/public/tournaments/{draft.pk}/"), 404)
    assert_error(api_client.get(f"/api/v1/public/tournaments/{draft.pk}/standings/"), 404)


def test_etag_and_last_modified_revalidate_and_change_with_the_data(api_client):
    t = build_round_robin(4)
    url = f"/api/v1/public/tournaments/{t.pk}/standings/"
    first = api_client.get(url)
    assert first["Cache-Control"].startswith("public, max-age=")
    etag, last_modified = first["ETag"], first["Last-Modified"]
    assert api_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert api_client.get(url, HTTP_IF_MODIFIED_SINCE=last_modified).status_code == 304
    staff = make_staff()
    services.reopen_tournament(t, user=staff, reason="Sửa kết quả ván 1 bàn 1")
    changed = api_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


def test_standings_use_a_constant_number_of_queries_whatever_the_size(api_client):
    small, large = build_round_robin(4, seed=1), build_round_robin(10, seed=2)
    counts = []
    for t in (small, large):
        for path in ("standings", "crosstable"):
            cache.clear()  # measure the real build, not the server cache
            with CaptureQueriesContext(connection) as queries:
                assert api_client.get(
                    f"/api/v1/public/tournaments/{t.pk}/{path}/").status_code == 200
            counts.append(len(queries))
    assert counts[:2] == counts[2:], counts


def test_served_from_the_server_cache_without_queries(api_client):
    t = build_round_robin(4)
    url = f"/api/v1/public/tournaments/{t.pk}/crosstable/"
    assert api_client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        again = api_client.get(url)
    assert again.status_code == 200 and again.json()["rows"]
    # only the lookup of the (published) tournament itself; the body comes from the cache
    assert len(queries) <= 2, [q["sql"] for q in queries]


def test_bad_round_parameter_is_a_clear_error(api_client):
    t = build_round_robin(4)
    error = assert_error(api_client.get(f"/api/v1/public/tournaments/{t.pk}/pairings/",
                                        {"round": "99"}), 400, field="round")
    assert error["code"] == "not_found"
    assert_error(api_client.get(f"/api/v1/public/tournaments/{t.pk}/standings/",
                                {"after_round": "x"}), 400, field="after_round")


def test_anonymous_clients_are_throttled_with_a_clear_429(api_client, settings):
    from rest_framework.settings import api_settings
    from rest_framework.throttling import AnonRateThrottle

    rates = dict(api_settings.DEFAULT_THROTTLE_RATES, anon="3/min")
    original = AnonRateThrottle.THROTTLE_RATES
    AnonRateThrottle.THROTTLE_RATES = rates
    try:
        for _ in range(3):
            assert api_client.get("/api/v1/public/clubs/").status_code == 200
        error = assert_error(api_client.get("/api/v1/public/clubs/"), 429, "throttled")
        assert error["retry_after"] > 0
    finally:
        AnonRateThrottle.THROTTLE_RATES = original


def test_player_search_without_diacritics(api_client):
    build_round_robin(4, seed=5)
    found = api_client.get("/api/v1/public/players/", {"name": "nguyen van dau thu 5-2"}).json()
    assert [p["name"] for p in found["results"]] == ["Nguyễn Văn Đấu Thủ 5-2"]
    assert found["results"][0]["club"]["name"] == "Câu lạc bộ Cờ Tướng Hoàn Kiếm 5"
    assert Tournament.objects.count() == 1
