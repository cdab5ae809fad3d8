"""Ratings API: public lists with filters (never a date of birth or contact), CSV of a whole
list, a player's history and its SVG chart, performance ratings (FIDE B.02 8.1.1), staff-only
writes. Periods are computed in-process here (the worker path is in test_ratings_period)."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest

from ratings import services
from ratings.models import PlayerTitle, RatingPeriod
from tests.factories import make_club, make_member, make_person, make_user
from tests.factories.ratings import certified_tournament, xiangqi_standard
from tests.helpers import assert_error, client_for

PRIVATE = ("date_of_birth", "citizen_id", "phone", "email", "address")


@pytest.fixture
def world(db, staff):
    """Four players of two provinces and clubs, seeded in October, one event in November."""
    hanoi, saigon = make_club(province_code="01"), make_club(province_code="79")
    people = [
        make_member(make_person(full_name="Lê An", gender="M", date_of_birth=date(1980, 5, 6),
                                citizen_id="001080000001", phone="0900000001",
                                email="an@example.com", province_code="01"), hanoi),
        make_member(make_person(full_name="Trần Bích", gender="F", date_of_birth=date(2005, 2, 3),
                                province_code="79"), saigon),
        make_member(make_person(full_name="Phạm Cao", gender="M", date_of_birth=date(2012, 7, 8),
                                province_code="79"), saigon),
        make_member(make_person(full_name="Võ Duy", gender="M", date_of_birth=date(1995, 1, 1),
                                province_code="01"), hanoi),
    ]
    a, b, c, d = people
    lst = xiangqi_standard()
    services.seed_period(lst, date(2026, 10, 1), date(2026, 10, 31),
                         {a.person_id: (2000, 100), b.person_id: (1900, 100),
                          c.person_id: (1800, 100), d.person_id: (1700, 100)}, user=staff)
    event = certified_tournament([
        [(a, d, "1-0"), (b, c, "1/2-1/2")],
        [(a, c, "1-0"), (d, b, "0-1")],
        [(a, b, "1/2-1/2"), (c, d, "1-0")],
    ], certified_on=date(2026, 11, 20), start=date(2026, 11, 15))
    november = services.get_or_create_period(lst, date(2026, 11, 1))
    services.compute_period(november)
    services.publish_period(november, user=staff, reason="Thử nghiệm: công bố sớm")
    PlayerTitle.objects.create(person=b.person, title="national_master",
                               awarded_on=date(2026, 1, 1))
    return {"people": people, "list": lst, "event": event, "november": november,
            "clubs": (hanoi, saigon)}


def _players(client, world, **params):
    response = client.get(f"/api/v1/ratings/lists/{world['list'].pk}/players/", params)
    assert response.status_code == 200, response.content
    return response.json()


def test_public_list_never_exposes_private_fields(world):
    body = _players(client_for(None), world)
    text = str(body)
    for name in PRIVATE:
        assert all(name not in row for row in body["results"])
    for secret in ("1980-05-06", "001080000001", "0900000001", "an@example.com", "1980"):
        assert secret not in text
    assert body["results"][0]["name"] == "Lê An"
    assert body["results"][0]["club"] == world["clubs"][0].name


def test_list_filters(world):
    a, b, c, d = world["people"]
    client = client_for(None)

    def ids(**params):
        return [row["person_id"] for row in _players(client, world, **params)["results"]]

    assert ids(province="79") == [b.person_id, c.person_id]
    assert ids(club=world["clubs"][0].pk) == [a.person_id, d.person_id]
    assert ids(gender="F") == [b.person_id]
    assert ids(born_from=2000) == [b.person_id, c.person_id]  # by birth year only
    assert ids(born_from=2000, born_to=2010) == [b.person_id]
    assert ids(title="national_master") == [b.person_id]
    assert ids(search="vo duy") == [d.person_id]
    assert_error(client.get(f"/api/v1/ratings/lists/{world['list'].pk}/players/",
                            {"born_from": "abc"}), 400, field="born_from")


def test_past_period_and_unpublished_period_visibility(world, staff):
    client = client_for(None)
    october = _players(client, world, period="2026-10")
    assert october["period"]["start"] == "2026-10-01"
    assert [row["rating"] for row in october["results"]] == [2000, 1900, 1800, 1700]
    december = services.get_or_create_period(world["list"], date(2026, 12, 1))
    services.compute_period(december)
    assert_error(client.get(f"/api/v1/ratings/lists/{world['list'].pk}/players/",
                            {"period": "2026-12"}), 400, field="period")
    assert _players(client_for(staff), world, period="2026-12")["period"]["status"] == "computed"
    assert _players(client, world)["period"]["start"] == "2026-11-01"  # current = published


def test_csv_download_of_a_whole_list(world):
    response = client_for(None).get(f"/api/v1/ratings/lists/{world['list'].pk}/csv/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "2026-11" in response["Content-Disposition"]
    # for Excel (issue 29): UTF-8 with BOM, Vietnamese headers (English with Accept-Language)
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(rows) == 4
    assert [r["Hạng"] for r in rows] == ["1", "2", "3", "4"]
    assert rows[0]["Họ tên"] == "Lê An" and rows[0]["Tỉnh/thành"]
    assert not set(PRIVATE) & set(rows[0])
    # A (2000): vs D .85, vs C .76, vs B .64 = 2.25; scores 2.5 → 20 × .25 = +5.
    assert (rows[0]["Hệ số"], rows[0]["Thay đổi"]) == ("2005", "5")
    english = client_for(None).get(f"/api/v1/ratings/lists/{world['list'].pk}/csv/",
                                   HTTP_ACCEPT_LANGUAGE="en")
    assert english.content.decode("utf-8-sig").startswith("Rank,Player ID,Name,")


def test_excel_download_of_a_whole_list(world):
    """The list as .xlsx (issue 29), read back with openpyxl: the CSV's columns, names
    intact, ratings as numbers; English headers with Accept-Language: en."""
    from openpyxl import load_workbook

    response = client_for(None).get(f"/api/v1/ratings/lists/{world['list'].pk}/xlsx/")
    assert response.status_code == 200
    assert "2026-11" in response["Content-Disposition"]
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert rows[0][:3] == ("Hạng", "Mã đấu thủ", "Họ tên") and len(rows) == 5
    assert rows[1][2] == "Lê An" and (rows[1][7], rows[1][9]) == (2005, 5)
    english = client_for(None).get(f"/api/v1/ratings/lists/{world['list'].pk}/xlsx/",
                                   HTTP_ACCEPT_LANGUAGE="en")
    header = next(load_workbook(io.BytesIO(english.content)).active.iter_rows(values_only=True))
    assert header[:3] == ("Rank", "Player ID", "Name")


def test_player_history_and_chart(world):
    a = world["people"][0]
    client = client_for(None)
    body = client.get(f"/api/v1/ratings/players/{a.person_id}/",
                      {"list": world["list"].pk}).json()
    assert "date_of_birth" not in str(body)
    history = body["lists"][0]["history"]
    assert [h["rating"] for h in history] == [2000, 2005]
    event = history[1]["events"][0]
    assert [o["rating"] for o in event["opponents"]] == [1700, 1800, 1900]
    assert [o["name"] for o in event["opponents"]] == ["Võ Duy", "Phạm Cao", "Trần Bích"]
    assert event["expected"] == 2.25 and event["k"] == 20

    chart = client.get(f"/api/v1/ratings/players/{a.person_id}/chart/",
                       {"list": world["list"].pk})
    assert chart.status_code == 200
    assert chart["Content-Type"].startswith("image/svg+xml")
    svg = chart.content.decode()
    assert svg.startswith("<svg") and "<polyline" in svg
    assert "10/2026: 2000" in svg and "11/2026: 2005" in svg
    assert_error(client.get(f"/api/v1/ratings/players/{a.person_id}/chart/"), 400, field="list")


def test_performance_rating_per_tournament(world):
    """Rp = Ra + dp with the October list (in force when the event started): A scored 2.5 of
    3 against 1700, 1800, 1900 → Ra 1800, p .83 → dp 273 → Rp 2073."""
    response = client_for(None).get(f"/api/v1/ratings/performance/{world['event'].pk}/")
    assert response.status_code == 200
    rows = {row["person"]: row for row in response.json()["players"]}
    a = rows[world["people"][0].person_id]
    assert (a["rated_games"], a["score"], a["average_opponent"], a["p"], a["dp"],
            a["performance"]) == (3, 2.5, 1800.0, 0.83, 273, 2073)


def test_staff_only_writes(world, staff):
    period = world["november"]
    anonymous, user = client_for(None), client_for(make_user())
    for client in (anonymous, user):
        assert client.post(f"/api/v1/ratings/periods/{period.pk}/compute/").status_code in (
            401, 403)
        assert client.patch(f"/api/v1/ratings/lists/{world['list'].pk}/",
                            {"rules": {"k_standard": 25}}, format="json").status_code in (401,
                                                                                        403)
    ok = client_for(staff).patch(f"/api/v1/ratings/lists/{world['list'].pk}/",
                                 {"rules": {"k_standard": 25}}, format="json")
    assert ok.status_code == 200 and ok.json()["rules"]["k_standard"] == 25
    assert ok.json()["rules"]["rating_floor"] == 1400  # other settings keep FIDE's values
    assert_error(client_for(staff).patch(f"/api/v1/ratings/lists/{world['list'].pk}/",
                                         {"rules": {"k_standrd": 25}}, format="json"),
                 400, field="rules")
    # Drafts and computed periods are not public.
    services.get_or_create_period(world["list"], date(2027, 1, 1))
    public = anonymous.get("/api/v1/ratings/periods/").json()["results"]
    assert {p["status"] for p in public} == {RatingPeriod.Status.PUBLISHED}


def test_staff_starts_jobs_and_reads_admin_pages(world, staff):
    client = client_for(staff)
    period = world["november"]
    # November is published: a plain compute is refused (an official list), a correction
    # needs a reason (issue 13).
    assert_error(client.post(f"/api/v1/ratings/periods/{period.pk}/compute/"), 409,
                 code="published")
    assert_error(client.post(f"/api/v1/ratings/periods/{period.pk}/recompute/"), 400,
                 field="reason")
    response = client.post(f"/api/v1/ratings/periods/{period.pk}/recompute/",
                           {"reason": "Sửa kết quả ván 2"}, format="json")
    assert response.status_code == 202, response.content
    december = services.get_or_create_period(world["list"], date(2026, 12, 1))
    response = client.post(f"/api/v1/ratings/periods/{december.pk}/compute/")
    assert response.status_code == 202, response.content
    assert response.json()["state"] == "queued"
    from django.test import Client

    browser = Client()
    browser.force_login(staff)
    for name in ("ratinglist", "ratingperiod", "playerrating", "titlecriteriatable",
                 "titlequalification", "playertitle", "foreigntitle", "ratingpublication"):
        assert browser.get(f"/admin/ratings/{name}/").status_code == 200, name


def test_staff_load_a_starting_list(staff):
    """Nobody can get a first rating without rated opponents (B.02 8.2): staff load one."""
    a, b = make_member(), make_member()
    lst = xiangqi_standard()
    body = {"rating_list": lst.pk, "start": "2026-09-01", "end": "2026-09-30",
            "ratings": [{"person": a.person_id, "rating": 1850, "games": 40},
                        {"person": b.person_id, "rating": 1300}]}
    assert client_for(make_user()).post("/api/v1/ratings/periods/seed/", body,
                                        format="json").status_code == 403
    assert_error(client_for(staff).post("/api/v1/ratings/periods/seed/", body, format="json"),
                 400, field="ratings")  # 1300 is below the floor of 1400 (B.02 7.1)
    body["ratings"][1]["rating"] = 1850
    response = client_for(staff).post("/api/v1/ratings/periods/seed/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "published"
    rows = client_for(None).get(f"/api/v1/ratings/lists/{lst.pk}/players/").json()["results"]
    assert [(r["rank"], r["rating"]) for r in rows] == [(1, 1850), (1, 1850)]  # shared rank
