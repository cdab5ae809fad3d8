"""Issue 18: the admin index shows the staff's daily queues — applications to decide, members
about to lapse (Phụ lục 2, Điều 15.5: 6 months without dues or activity), qualifications to
review, jobs that failed — each with its count and a link to the changelist filtered to
exactly those rows."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.models import Job
from federation.models import MembershipApplication
from federation.selectors import add_months
from ratings.models import TitleCriteriaTable, TitleQualification
from tests.factories import (
    make_attendance,
    make_club,
    make_dues,
    make_member,
    make_person,
    make_staff,
    make_user,
)

pytestmark = pytest.mark.django_db


def _queues(html: str) -> dict[str, tuple[int, str]]:
    """The dashboard rows as {title: (count, link)}."""
    block = html.split('id="daily-queues"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<th scope="row"><a href="([^"]+)">([^<]+)</a></th>\s*'
                      r'<td class="queue-count"[^>]*><a[^>]*><strong>(\d+)</strong>', block)
    return {title: (int(count), url.replace("&amp;", "&")) for url, title, count in rows}


def _changelist_rows(client: Client, url: str) -> int:
    page = client.get(url)
    assert page.status_code == 200, url
    return page.context["cl"].result_count  # a read-only list (jobs) has no row checkboxes


def _setup(today: date):
    from ratings.reference_data import load_reference_data

    club = make_club()
    sponsor = make_member(club=club, joined_on=today - timedelta(days=400))
    make_dues(sponsor, today - timedelta(days=30), add_months(today, 6))
    make_attendance(sponsor, today - timedelta(days=2))
    for i in range(2):
        MembershipApplication.objects.create(person=make_person(), club=club, sponsor=sponsor,
                                             submitted_on=today - timedelta(days=i))
    MembershipApplication.objects.create(person=make_person(), club=club, sponsor=sponsor,
                                         submitted_on=today, status="rejected")
    # dues paid until 6 months ago + 10 days: the 15.5 deadline is in 10 days
    lapsing = make_member(club=club, joined_on=today - timedelta(days=400))
    make_dues(lapsing, today - timedelta(days=380), add_months(today, -6) + timedelta(days=10))
    make_attendance(lapsing, today - timedelta(days=3))
    load_reference_data()
    person = make_person()
    for status in ("pending", "approved"):
        TitleQualification.objects.create(
            person=person, title="national_master", criterion_id=f"A.1.{status[0]}",
            table=TitleCriteriaTable.objects.first(), section="men", status=status,
            event_date=today, criterion_text="")
    now = timezone.now()
    Job.objects.create(kind="documents.render", state="failed", finished_at=now - timedelta(days=1),
                       error={"error": {"code": "x", "message": "hỏng"}})
    Job.objects.create(kind="documents.render", state="failed", finished_at=now - timedelta(days=30))
    Job.objects.create(kind="documents.render", state="succeeded", finished_at=now)
    return lapsing


def test_admin_index_shows_each_queue_with_its_count_and_filtered_link():
    today = timezone.localdate()
    lapsing = _setup(today)
    client = Client()
    client.force_login(make_staff())
    page = client.get("/admin/")
    assert page.status_code == 200
    queues = _queues(page.content.decode())
    assert set(queues) == {"Đơn xin gia nhập chờ duyệt", "Hội viên sắp bị khai trừ",
                           "Hồ sơ phong cấp chờ duyệt", "Công việc thất bại"}
    assert queues["Đơn xin gia nhập chờ duyệt"][0] == 2
    assert queues["Hội viên sắp bị khai trừ"][0] == 1
    assert queues["Hồ sơ phong cấp chờ duyệt"][0] == 1
    assert queues["Công việc thất bại"][0] == 1
    # each link opens the changelist filtered to exactly the counted rows
    for title, (count, url) in queues.items():
        assert _changelist_rows(client, url) == count, title
    lapsing_page = client.get(queues["Hội viên sắp bị khai trừ"][1]).content.decode()
    assert lapsing.card_number in lapsing_page
    assert "Hạn hội phí hoặc sinh hoạt (6 tháng, Điều 15.5) trong 30 ngày tới" in \
        page.content.decode()


def test_queues_follow_the_users_view_permissions():
    from django.contrib.auth.models import Permission

    _setup(timezone.localdate())
    clerk = make_user(is_staff=True)
    clerk.user_permissions.add(Permission.objects.get(codename="view_membershipapplication"))
    client = Client()
    client.force_login(clerk)
    queues = _queues(client.get("/admin/").content.decode())
    assert set(queues) == {"Đơn xin gia nhập chờ duyệt"}


def test_index_in_english_names_the_queues_in_english():
    _setup(timezone.localdate())
    client = Client(headers={"accept-language": "en"})
    client.force_login(make_staff())
    html = client.get("/admin/").content.decode()
    assert "Membership applications to decide" in html and "Jobs that failed" in html
