"""Excel (.xlsx) exports of the lists the staff print (issue 29), read back with openpyxl:
standings, crosstables, a club's members, membership applications (the rating list's is in
tests/ratings/test_ratings_api.py). Headers in Vietnamese, English with Accept-Language: en
(as under /en/); names intact; numbers and dates as cells Excel computes with."""

from __future__ import annotations

import io
import random
from datetime import date

import pytest
from openpyxl import load_workbook

from core.xlsx import CONTENT_TYPE
from federation import services as federation_services
from tests.factories import make_club, make_member, make_person, make_staff
from tests.helpers import assert_error, client_for


def _sheet(response) -> list[list]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == CONTENT_TYPE
    assert response["Content-Disposition"].startswith('attachment; filename="')
    book = load_workbook(io.BytesIO(response.content))
    return [list(row) for row in book.active.iter_rows(values_only=True)]


def test_standings_and_crosstable_as_excel(driver):
    driver.create(system="dutch", number_of_rounds=3)
    driver.action("open-registration")
    names = ["Nguyễn Thị Ánh", "Trần Đức Mạnh", "Lê Văn Hưng", "Phạm Thu Hằng"]
    members = [(make_member(make_person(full_name=name), driver.club), 2100 - 10 * i)
               for i, name in enumerate(names)]
    driver.enter(members)
    driver.action("close-registration")
    driver.pair_next()
    driver.play_round(1, random.Random(3), choose=lambda p: "1-0")
    url = f"/api/v1/tournaments/{driver.tid}/standings/"
    rows = _sheet(driver.arbiter.get(url, {"output": "xlsx"}))
    assert rows[0][:6] == ["Hạng", "Số xếp", "Họ tên", "Danh hiệu", "Elo", "Điểm"]
    assert rows[0][-2:] == ["Đội", "Bỏ cuộc"]
    assert sorted(row[2] for row in rows[1:]) == sorted(names)
    points = [row[5] for row in rows[1:]]
    assert points == [1.0, 1.0, 0.0, 0.0] and all(isinstance(p, (int, float)) for p in points)
    book = load_workbook(io.BytesIO(driver.arbiter.get(url, {"output": "xlsx"}).content))
    assert book.active["F2"].number_format == "0.0"  # points shown 1.0 / 0.5, as in the CSV
    assert all(isinstance(row[4], int) for row in rows[1:])  # ratings as numbers
    english = _sheet(driver.arbiter.get(url, {"output": "xlsx"}, HTTP_ACCEPT_LANGUAGE="en"))
    assert english[0][0] != "Hạng" and english[0][2] != "Họ tên"

    cross = _sheet(driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/crosstable/",
                                      {"output": "xlsx"}))
    assert cross[0][:5] == ["Hạng", "Số xếp", "Họ tên", "Elo", "V1"]
    first = cross[1]
    assert first[2] in names and first[5] == 1.0
    assert first[4].endswith("1") and ("T" in first[4] or "Đ" in first[4])  # 3T1: won
    english = _sheet(driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/crosstable/",
                                        {"output": "xlsx"}, HTTP_ACCEPT_LANGUAGE="en"))
    assert english[0][4] == "R1" and ("W" in english[1][4] or "B" in english[1][4])


@pytest.mark.django_db
def test_a_clubs_members_and_the_applications_as_excel():
    staff = make_staff()
    club, other = make_club(name="CLB Cờ Tướng Hà Nội"), make_club()
    people = ["Đặng Thị Ngọc", "Bùi Quang Vũ"]
    members = [make_member(make_person(full_name=name, date_of_birth=date(1990, 1, 2),
                                       phone="0912345678"), club) for name in people]
    make_member(make_person(full_name="Người CLB khác"), other)
    rows = _sheet(client_for(staff).get("/api/v1/members/xlsx/", {"club": club.pk}))
    assert rows[0] == ["Số thẻ", "Họ tên", "Giới tính", "Tỉnh/thành", "Câu lạc bộ",
                       "Trạng thái", "Ngày gia nhập"]
    assert sorted(row[1] for row in rows[1:]) == sorted(people)
    assert {row[4] for row in rows[1:]} == {"CLB Cờ Tướng Hà Nội"}
    assert all(row[6].date() == members[0].joined_on for row in rows[1:])  # a date cell
    text = repr(rows)
    assert "0912345678" not in text and "1990" not in text  # no private data

    applicant = make_person(full_name="Hoàng Thị Xuân", gender="F")
    federation_services.submit_application(
        person=applicant, club=club, sponsor=members[0], by=staff,
        consent=federation_services.ConsentGiven(given_by=applicant.full_name, relation="self"))
    rows = _sheet(client_for(staff).get("/api/v1/applications/xlsx/"))
    assert rows[0][:3] == ["Số đơn", "Ngày nộp", "Người xin gia nhập"]
    assert rows[1][2:6] == ["Hoàng Thị Xuân", "CLB Cờ Tướng Hà Nội", "Đặng Thị Ngọc",
                            "Chờ duyệt"]
    english = _sheet(client_for(staff).get("/api/v1/applications/xlsx/",
                                           HTTP_ACCEPT_LANGUAGE="en"))
    assert english[0][0] == "Application no." and english[1][5] != "Chờ duyệt"


@pytest.mark.django_db
def test_a_list_too_long_to_print_is_refused_naming_the_limit(monkeypatch):
    monkeypatch.setattr("federation.selectors.PRINT_MAX_ROWS", 1)
    club = make_club()
    for name in ("A", "B"):
        make_member(make_person(full_name=name), club)
    response = client_for(make_staff()).get("/api/v1/members/xlsx/", {"club": club.pk})
    assert_error(response, 400, "too_many_rows")
    assert "1" in response.json()["error"]["message"]
