"""Disciplinary sanctions announced publicly (Luật Cờ Tướng Điều 16.2: "Ban tổ chức giải phải
tuyên bố hình thức kỷ luật này bằng văn bản"; Điều 15.6: truất quyền thi đấu từ 1 đến 3 năm):
the public API and the results site show the public part only — the name, the club and
province, the sanction, its dates, the decision's number — never a private field."""

from __future__ import annotations

import itertools
from datetime import date, timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests import factories as f

pytestmark = pytest.mark.django_db

CITIZEN_IDS = (f"00109001{n:04d}" for n in itertools.count(2345))
PRIVATE = {"date_of_birth": date(1990, 7, 14),
           "phone": "0912345678", "email": "rieng.tu@example.vn",
           "address": "99 Ngõ Bí Mật, Hà Nội"}
SECRET_REASON = "Lý do nội bộ không công bố"


def _sanctioned(full_name: str, starts_on: date, **kw):
    body = f.make_body(name=f"Liên đoàn Cờ {full_name}")
    club = f.make_club(body, name=f"CLB Cờ {full_name}")
    person = f.make_person(full_name=full_name, province=f.province("01"),
                           citizen_id=next(CITIZEN_IDS), **PRIVATE)
    f.make_member(person, club)
    decision = f.make_disciplinary_decision()
    suspension = f.make_suspension(person, starts_on, years=kw.pop("years", 1), decision=decision,
                                   decision_reference=decision.formatted_number,
                                   reason=SECRET_REASON, **kw)
    return suspension, club, decision


@pytest.fixture
def sanctions():
    today = date.today()
    current = _sanctioned("Nguyễn Văn Phạt", today - timedelta(days=30))
    past = _sanctioned("Trần Thị Hết Hạn", today - timedelta(days=800), years=2)
    return current, past


def _private_absent(text: str) -> None:
    assert "00109001" not in text  # no citizen ID, whole or in part
    for value in (*PRIVATE.values(), SECRET_REASON):
        shown = value.strftime("%d/%m/%Y") if isinstance(value, date) else value
        assert str(shown) not in text and str(value) not in text, value


def test_public_api_lists_the_public_part_only(sanctions):
    (current, club, decision), (past, _club, _decision) = sanctions
    response = Client().get("/api/v1/public/sanctions/")
    assert response.status_code == 200, response.content
    rows = {r["name"]: r for r in response.json()["results"]}
    row = rows["Nguyễn Văn Phạt"]
    assert set(row) == {"id", "name", "club", "province", "sanction", "article", "starts_on",
                        "ends_on", "lifted_on", "decision_number", "decision_issued_on",
                        "state"}
    assert row["club"] == club.name and row["province"] == "Hà Nội"
    assert row["decision_number"] == decision.formatted_number and row["article"] == "15.6"
    assert row["starts_on"] == current.starts_on.isoformat() and row["state"] == "current"
    assert rows["Trần Thị Hết Hạn"]["state"] == "past"
    _private_absent(response.content.decode())
    only_current = Client().get("/api/v1/public/sanctions/", {"state": "current"}).json()
    assert [r["name"] for r in only_current["results"]] == ["Nguyễn Văn Phạt"]
    refused = Client().get("/api/v1/public/sanctions/", {"state": "maybe"})
    assert refused.status_code == 400


def test_results_site_page_is_linked_and_shows_no_private_field(sanctions):
    (current, club, decision), _past = sanctions
    home = Client().get("/").content.decode()
    assert 'href="/ky-luat/"' in home
    response = Client().get("/ky-luat/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Nguyễn Văn Phạt" in page and "Trần Thị Hết Hạn" in page and club.name in page
    assert f"Quyết định số {decision.formatted_number}" in page
    assert current.starts_on.strftime("%d/%m/%Y") in page  # dd/mm/yyyy
    table = page[page.index('id="sanctions"'):]  # the rows, not the filter's options
    assert "Đang có hiệu lực" in table and "Đã hết hiệu lực" in table
    _private_absent(page)
    english = Client().get("/en/ky-luat/")
    assert english.status_code == 200


def test_page_queries_do_not_grow_with_sanctions(sanctions):
    with CaptureQueriesContext(connection) as few:
        assert Client().get("/ky-luat/", {"state": "past"}).status_code == 200
    for i in range(4):
        _sanctioned(f"Người Thứ {i}", date.today() - timedelta(days=900 + i), years=1)
    with CaptureQueriesContext(connection) as more:
        assert Client().get("/ky-luat/", {"state": "past", "name": "a"}).status_code == 200
    assert len(more) <= 25 and len(more) <= len(few) + 2, (len(few), len(more))


def test_event_removal_is_announced_without_its_reason(db):
    """Điều 16.2: "Xóa tên trong danh sách và kết quả thi đấu ... Ban tổ chức giải phải tuyên
    bố hình thức kỷ luật này bằng văn bản": the removal, its event and decision number are
    public; the reason is not."""
    from tests.factories import make_signatory
    from tests.helpers import client_for
    from tests.tournaments.test_tournaments_sanctions import _swiss, _winner_of_round_one

    make_signatory(full_name="Trần Văn Ký", position="TRƯỞNG BAN TỔ CHỨC", authority="")
    t = _swiss(f.make_staff())
    staff, board, _rnd2 = _winner_of_round_one(t)
    removed = client_for(staff).post(
        f"/api/v1/tournament-entries/{board.white.pk}/remove-from-list/",
        {"reason": "Mua bán điểm bí mật"}, format="json")
    assert removed.status_code == 200, removed.content
    number = removed.json()["removal_decision_number"]
    rows = Client().get("/api/v1/public/event-sanctions/").json()["results"]
    assert [(r["name"], r["tournament"]["id"], r["article"], r["decision_number"])
            for r in rows] == [(board.white.name, t.pk, "16.1e", number)]
    page = Client().get("/ky-luat/").content.decode()
    table = page[page.index('id="event-sanctions"'):]
    assert board.white.name in table and t.name in table and number in table
    assert "Mua bán điểm bí mật" not in page
    assert "Mua bán điểm bí mật" not in Client().get("/api/v1/public/event-sanctions/").content.decode()
