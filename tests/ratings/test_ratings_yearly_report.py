"""Issue 32: the federation's yearly report for its congress, on the demo data.

The events, games and players are counted by hand from the demo (tournaments/demo.py): the
Hà Nội xiangqi club round robin (10 players, 9 rounds of 5 boards: 45 games), the Hà Nội
chess round robin (6 players, 5 rounds of 3 boards: 15 games), the national chess open (30
players, 3 of 7 rounds of 15 boards: 45 games), the xiangqi team round robin (4 teams of 3
boards and a reserve: 16 players; 2 rounds of 2 matches of 3 boards: 12 games) and the open
xiangqi event still taking entries (0 players, 0 games) — 62 different people (the demo draws
its players without repeats), so each row's players equal its entries; a title awarded (Kiện tướng quốc
gia, ratings/demo.py), a disciplinary decision and its 2-year suspension (Điều 15.6,
federation/demo.py). Demo dates are relative to the day it is loaded, so each event's year
is its offset from that day. The members and dues are re-counted row by row in Python. A
person entered in two events of a row is one player there: a hand-made example below."""

from __future__ import annotations

import io
import os
from collections import Counter
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from openpyxl import load_workbook

from federation.models import ClubMembership, DuesPayment, Member, Person
from ratings.yearly_report import yearly_report
from tests.factories import make_body, make_member, make_person, make_user
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

#: (discipline, level, start-date offset in days, games with a result, players entered)
DEMO_EVENTS = [
    ("Cờ tướng", "Giải câu lạc bộ", -40, 45, 10),
    ("Cờ vua", "Giải câu lạc bộ", -25, 15, 6),
    ("Cờ vua", "Giải mở rộng", -2, 45, 30),
    ("Cờ tướng", "Giải câu lạc bộ", -1, 12, 16),
    ("Cờ tướng", "Giải mở rộng", 20, 0, 0),
]


@pytest.fixture
def demo():
    call_command("load_demo", stdout=open(os.devnull, "w"))
    return timezone.localdate()


def _expected_events(today: date, year: int) -> list[tuple[str, tuple]]:
    rows: dict[str, list[int]] = {}
    for discipline, level, offset, games, players in DEMO_EVENTS:
        if (today + timedelta(days=offset)).year == year:
            row = rows.setdefault(f"{discipline} · {level}", [0, 0, 0, 0])
            row[0], row[1] = row[0] + 1, row[1] + games
            row[2], row[3] = row[2] + players, row[3] + players  # all different people
    return sorted((label, tuple(values)) for label, values in rows.items())


def test_the_yearly_report_of_the_demo(demo, django_assert_max_num_queries):
    today, year = demo, demo.year
    with django_assert_max_num_queries(20):  # 16 grouped queries, whatever the data
        report = yearly_report(year)

    # events, games and players per discipline and level: counted by hand (module docstring)
    assert sorted((r.label, r.values) for r in report.events) == _expected_events(today, year)
    everything = [r for y in (year - 1, year, year + 1) for r in yearly_report(y).events]
    assert sum(r.values[0] for r in everything) == 5
    assert sum(r.values[1] for r in everything) == 45 + 15 + 45 + 12
    assert sum(r.values[2] for r in everything) == 10 + 6 + 30 + 16
    assert sum(r.values[3] for r in everything) == 10 + 6 + 30 + 16
    # titles, decisions and sanctions: one award today, one disciplinary decision and its
    # suspension 30 days ago
    disciplinary = 1 if (today - timedelta(days=30)).year == year else 0
    assert [(r.label, r.values) for r in report.titles] == [("Kiện tướng quốc gia", (1,))]
    assert dict((r.label, r.values) for r in report.decisions) == {
        "Phong cấp, phong danh hiệu": (1,), **({"Kỷ luật": (1,)} if disciplinary else {})}
    assert [r.values for r in report.sanctions] == [(disciplinary,), (disciplinary,)]

    # members on 31/12 of this year (nobody ends after today): the active ones, by club
    active = Member.objects.filter(status=Member.Status.ACTIVE)
    assert report.members_total == active.count() > 0
    stints = ClubMembership.objects.filter(member__in=active, ended_on__isnull=True)
    by_club = Counter(s.club.name for s in stints.select_related("club"))
    assert {r.label: r.values[0] for r in report.members_by_club} == dict(by_club)
    by_province = Counter(s.club.province.name for s in stints.select_related("club__province"))
    assert {r.label: r.values[0] for r in report.members_by_province} == dict(by_province)
    assert sum(r.values[0] for r in report.members_by_kind) == report.members_total
    members = list(Member.objects.exclude(status=Member.Status.SUPERSEDED))
    joined = sum(1 for m in members if m.joined_on.year == year)
    lapsed = sum(1 for m in members if m.status == Member.Status.LAPSED and m.ended_on.year == year)
    resigned = sum(1 for m in members
                   if m.status == Member.Status.RESIGNED and m.ended_on.year == year)
    assert [r.values[0] for r in report.movements] == [joined, lapsed, resigned]
    paid = [d for d in DuesPayment.objects.all() if d.paid_on.year == year]
    assert report.dues_payments == len(paid)
    assert report.dues_total == sum(d.amount for d in paid)


def test_the_admin_page_the_pdf_and_the_xlsx(demo, django_assert_max_num_queries):
    year = demo.year
    staff = Client()
    staff.force_login(make_user("boss", is_staff=True, is_superuser=True))
    with django_assert_max_num_queries(25):
        page = staff.get(f"/admin/bao-cao-nam/?year={year}")
    html = page.content.decode()
    assert page.status_code == 200 and f"Báo cáo năm {year}" in html
    report = yearly_report(year)
    assert f"Hội viên đang sinh hoạt ngày 31/12: <b>{report.members_total}</b>" in html
    assert 'class="yr-bar"' in html and "<script" not in html.split("<main", 1)[-1]
    assert f"{int(report.dues_total):,}".replace(",", ".") in html  # 48.420.000 đồng

    pdf = staff.get(f"/admin/bao-cao-nam/?year={year}&format=pdf")
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf["Content-Disposition"] == f'attachment; filename="bao-cao-nam-{year}.pdf"'
    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf.content)) as document:
        text = "\n".join(p.extract_text() for p in document.pages)
    assert "LIÊN ĐOÀN CỜ VIỆT NAM" in text and "CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM" in text
    assert f"BÁO CÁO TỔNG KẾT NĂM {year}" in text
    assert "Kiện tướng quốc gia" in text

    xlsx = staff.get(f"/admin/bao-cao-nam/?year={year}&format=xlsx")
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    sections: dict[str, dict] = {}
    current = sections.setdefault("", {})
    for row in sheet.iter_rows(values_only=True):
        if not row or row[0] is None:
            current = None
        elif current is None:  # a section's header row follows a blank one
            current = sections.setdefault(row[0], {})
        else:
            current[row[0]] = row[1:]
    summary = next(iter(sections.values()))
    assert summary["Hội viên đang sinh hoạt ngày 31/12"][0] == report.members_total
    assert sections["Đẳng cấp được phong"]["Kiện tướng quốc gia"][0] == 1
    assert {label: values[0] for label, values
            in sections["Hội viên theo tỉnh/thành phố"].items()} == {
        r.label: r.values[0] for r in report.members_by_province}
    assert {label: values[:2] for label, values in sections["Hội phí thu trong năm"].items()} == {
        r.label: tuple(int(v) for v in r.values) for r in report.dues}

    outsider = Client()
    outsider.force_login(make_user("clb"))
    assert outsider.get("/admin/bao-cao-nam/").status_code == 302  # the admin's sign-in
    assert Client().get("/admin/bao-cao-nam/?year=abc").status_code == 302
    assert staff.get("/admin/bao-cao-nam/?year=1800").status_code == 200  # this year instead


def _event(body, name: str, discipline: str, category: str) -> Tournament:
    return Tournament.objects.create(
        name=name, discipline=discipline, category=category, organiser_body=body,
        start_date=date(2025, 3, 1), end_date=date(2025, 3, 5), status=Tournament.Status.FINISHED)


def test_a_person_entered_in_two_events_of_a_row_is_one_player():
    """Hand-counted: two chess club events of 2025. Event A: An, Bình (members) and Cúc (a
    guest in the registry, Điều 17.2); event B: An again, Cúc again (her own member card
    since) and a guest of a TRF import matching nobody. Players: An, Bình, Cúc and the
    unknown guest = 4; entries = 6. A xiangqi event with An is another row: 1 player there."""
    body = make_body()
    an, binh, cuc = (make_person(full_name=n) for n in ("Nguyễn An", "Lê Bình", "Trần Cúc"))
    member_an = make_member(an)
    a = _event(body, "A", "chess", Tournament.Category.CLUB)
    b = _event(body, "B", "chess", Tournament.Category.CLUB)
    xiangqi = _event(body, "C", "xiangqi", Tournament.Category.CLUB)
    for t, member, person in [(a, member_an, None), (a, make_member(binh), None),
                              (a, None, cuc), (b, member_an, None), (b, make_member(cuc), None),
                              (b, None, None), (xiangqi, member_an, None)]:
        name = (member.person if member else person or Person(full_name="Khách")).full_name
        Entry.objects.create(tournament=t, member=member, person=person, name=name)

    rows = {r.label: r.values for r in yearly_report(2025).events}
    assert rows == {"Cờ vua · Giải câu lạc bộ": (2, 0, 4, 6),
                    "Cờ tướng · Giải câu lạc bộ": (1, 0, 1, 1)}
