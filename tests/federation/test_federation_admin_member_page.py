"""Issue 18: the member page in the admin shows the membership history, the sponsor, the dues
status with the Điều 15.5 deadline, the ratings, titles, suspensions and documents."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from documents.services import issue_decision
from federation.models import ClubMembership, MembershipApplication
from federation.selectors import add_months
from ratings.models import PlayerRating, PlayerTitle, RatingList, RatingPeriod
from tests.core.test_core_admin_vietnamese import visible_text
from tests.factories import (
    make_attendance,
    make_club,
    make_dues,
    make_member,
    make_person,
    make_staff,
    make_suspension,
)

pytestmark = pytest.mark.django_db


def _member_with_everything(staff):
    today = timezone.localdate()
    first_club, club = make_club(name="CLB Cờ Kim Mã"), make_club(name="CLB Cờ Văn Miếu")
    sponsor = make_member(make_person(full_name="Trần Văn Giới Thiệu"), club)
    person = make_person(full_name="Lê Thị Hội Viên", gender="F")
    member = make_member(person, first_club, joined_on=date(2024, 3, 1))
    ClubMembership.objects.filter(member=member).update(ended_on=date(2025, 1, 31))
    ClubMembership.objects.create(member=member, club=club, started_on=date(2025, 2, 1))
    MembershipApplication.objects.create(person=person, club=first_club, sponsor=sponsor,
                                         member=member, submitted_on=date(2024, 2, 20),
                                         status="approved")
    paid_until = add_months(today, -5)
    make_dues(member, add_months(paid_until, -6) + timedelta(days=1), paid_until,
              receipt_number="BL-0042", amount=60000)
    make_attendance(member, today - timedelta(days=3))
    rating_list = RatingList.objects.get(discipline="xiangqi", time_control_class="standard")
    for month, rating in ((1, 1850), (2, 1872)):
        period = RatingPeriod.objects.create(rating_list=rating_list, start=date(2026, month, 1),
                                             end=date(2026, month, 28), status="published")
        PlayerRating.objects.create(period=period, person=person, rating=rating, rank=7,
                                    change=22 if month == 2 else None, published=True)
    award = issue_decision(kind="title_award", subject="phong cấp", grounds=["x"],
                           articles=["Phong cấp I"], signer_position="CHỦ TỊCH",
                           signer_name="Nguyễn Văn Ký", user=staff)
    PlayerTitle.objects.create(person=person, title="first_category",
                               awarded_on=date(2026, 2, 2), decision=award)
    discipline = issue_decision(kind="disciplinary", subject="kỷ luật", grounds=["x"],
                                articles=["Đình chỉ"], signer_position="CHỦ TỊCH",
                                signer_name="Nguyễn Văn Ký", user=staff)
    make_suspension(person, date(2025, 6, 1), years=2, decision=discipline,
                    decision_reference=discipline.formatted_number, reason="Xúc phạm trọng tài")
    older = issue_decision(kind="disciplinary", subject="kỷ luật", grounds=["x"],
                           articles=["Đình chỉ"], signer_position="CHỦ TỊCH",
                           signer_name="Nguyễn Văn Ký", user=staff)
    # a suspension recorded before decisions were issued here cites its number only
    make_suspension(person, date(2021, 1, 1), years=1,
                    decision_reference=older.formatted_number, reason="Bỏ giải không lý do")
    return member, paid_until, award, discipline, older


def test_the_member_page_shows_history_sponsor_dues_ratings_titles_suspensions_documents():
    staff = make_staff()
    member, paid_until, award, discipline, older = _member_with_everything(staff)
    client = Client()
    client.force_login(staff)
    page = client.get(f"/admin/federation/member/{member.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    text = " ".join(visible_text(html))
    # membership history: both clubs with their dates
    assert "CLB Cờ Kim Mã" in text and "CLB Cờ Văn Miếu" in text
    # sponsor, linked to the sponsor's own member page
    assert "Hội viên giới thiệu" in text and "Trần Văn Giới Thiệu" in text
    # dues: paid until, last receipt, and the Điều 15.5 deadline (6 months after the dues end)
    assert f"Đóng hội phí đến hết ngày {paid_until:%d/%m/%Y}" in text
    assert "60.000 đồng, biên lai BL-0042" in text
    deadline = add_months(paid_until, 6)
    assert f"Hạn khai trừ (Điều 15.5) {deadline:%d/%m/%Y}" in text
    assert "Không đóng hội phí 6 tháng (Điều 15.5)" in text
    # ratings of the published periods, newest first; titles; suspension
    assert text.index("02/2026 1872 22 7") < text.index("01/2026 1850")
    assert "Cấp I quốc gia" in text and "first_category" not in text
    assert award.formatted_number in text and discipline.formatted_number in text
    assert "Xúc phạm trọng tài" in text and "01/06/2025" in text
    # documents: the member card and both decisions open as PDFs
    assert f"/admin/documents/document/open/member_card/{member.pk}/" in html
    assert f"/admin/documents/document/open/decision/{award.pk}/" in html
    assert f"/admin/documents/document/open/decision/{discipline.pk}/" in html
    assert f"/admin/documents/document/open/decision/{older.pk}/" in html
    assert "Bỏ giải không lý do" in text


def test_the_member_page_of_a_member_with_nothing_yet_shows_dashes():
    staff = make_staff()
    member = make_member()
    client = Client()
    client.force_login(staff)
    page = client.get(f"/admin/federation/member/{member.pk}/change/")
    assert page.status_code == 200
    text = " ".join(visible_text(page.content.decode()))
    assert "Hệ số và đẳng cấp" in text and "Đình chỉ và văn bản" in text
    assert "Hạn khai trừ (Điều 15.5)" in text  # counted from joining without dues
