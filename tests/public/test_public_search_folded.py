"""Event search without diacritics (issue 20): "Ha Noi" finds "Hà Nội" on the public API and
the results site, through the folded name the model keeps on every save (``core.text.fold``
in ``Tournament.save``) — the same on SQLite and PostgreSQL (run this file with either
DATABASE_URL)."""

from datetime import date

import pytest

from tests.factories import make_body, make_staff
from tests.factories.tournaments import create_tournament
from tournaments import cache_scopes, services

pytestmark = pytest.mark.django_db

EVENTS = "/api/v1/public/tournaments/"


def _event(name: str, staff, body):
    t = create_tournament(staff, name=name, system="round_robin", start_date=date(2026, 6, 1),
                          end_date=date(2026, 6, 3), organiser_body=body)
    services.publish_regulations(t, user=staff)  # public from now on (Điều 18a)
    return t


def _found(api_client, query: str) -> set[int]:
    response = api_client.get(EVENTS, {"name": query})
    assert response.status_code == 200, response.content[:300]
    return {row["id"] for row in response.json()["results"]}


def test_names_match_with_or_without_diacritics_in_any_case(api_client):
    staff, body = make_staff(), make_body()
    hanoi = _event("Giải Cờ Tướng Hà Nội mở rộng", staff, body)
    danang = _event("Cúp Đà Nẵng", staff, body)
    haiphong = _event("Giải Hải Phòng", staff, body)
    for query in ("Ha Noi", "ha noi", "HÀ NỘI", "Hà Nội", "co tuong ha", "  Hà   Nội "):
        assert _found(api_client, query) == {hanoi.pk}, query
    assert _found(api_client, "da nang") == {danang.pk}  # đ is folded to d
    assert _found(api_client, "Đà") == {danang.pk}
    assert _found(api_client, "hai") == {haiphong.pk}
    assert _found(api_client, "Hà Nam") == set()


def test_a_renamed_event_is_found_by_its_new_name(api_client):
    staff, body = make_staff(), make_body()
    t = _event("Giải Hải Phòng", staff, body)
    services.update_tournament(t, user=staff, name="Giải Quảng Ninh",
                               amendment_reason="Sửa đổi điều lệ (thử)")
    assert _found(api_client, "quang ninh") == {t.pk}
    t.refresh_from_db()
    t.name = "Giải Thừa Thiên Huế"
    t.save(update_fields=["name"])  # a partial save keeps the folded name too
    cache_scopes.touch_event_row(t.pk)  # what every writer does after it (issue 19)
    assert _found(api_client, "thua thien hue") == {t.pk}
    assert _found(api_client, "quang ninh") == set()


def test_the_events_page_searches_without_diacritics(client):
    staff, body = make_staff(), make_body()
    hanoi = _event("Giải Cờ Tướng Hà Nội mở rộng", staff, body)
    _event("Giải Hải Phòng", staff, body)
    text = client.get("/giai-dau/", {"name": "ha noi"}).content.decode()
    assert f'href="/giai-dau/{hanoi.pk}/"' in text
    assert "Giải Hải Phòng" not in text
