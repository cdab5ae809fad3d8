"""The admin of Phụ lục 2 Điều 15.2 ("Câu lạc bộ kết nạp cấp thẻ sinh hoạt hội viên"), by
posting real forms: the body's setting, and the body's refusal within its window and after."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from federation import services
from federation.models import Admission, Member, MembershipApplication
from tests import factories as f
from tests.admin_forms import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(world):
    client = Client()
    client.force_login(f.make_staff())
    return client


def _admitted(world, days_ago: int) -> MembershipApplication:
    """An application the club's manager admitted ``days_ago`` days ago (body setting 'club')."""
    admitted_on = timezone.localdate() - timedelta(days=days_ago)
    application = MembershipApplication.objects.create(
        person=f.make_person(), club=world.club_a, sponsor=world.sponsor,
        submitted_on=admitted_on - timedelta(days=1))
    services.approve_application(application, by=world.manager_a, on=admitted_on)
    application.refresh_from_db()
    return application


def test_body_admin_form_sets_club_admits_and_the_window(staff_client, world):
    url = f"/admin/federation/body/{world.district.pk}/change/"
    data = form_data(staff_client.get(url).content.decode(), "body_form")
    assert data["admission"] == [Admission.BODY_APPROVES]
    data["admission"], data["refusal_days"] = [Admission.CLUB_ADMITS], ["400"]
    assert staff_client.post(url, data).status_code == 200  # over the 365-day limit
    data["refusal_days"] = ["15"]
    assert staff_client.post(url, data).status_code == 302
    world.district.refresh_from_db()
    assert world.district.admission == Admission.CLUB_ADMITS and world.district.refusal_days == 15


def _refuse(client, application, **data):
    return client.post("/admin/federation/membershipapplication/", {
        "action": "refuse_admission_selected", "_selected_action": [str(application.pk)],
        **data}, follow=True)


def test_admin_refusal_within_the_window_ends_the_membership(staff_client, world):
    world.district.admission, world.district.refusal_days = Admission.CLUB_ADMITS, 30
    world.district.save()
    application = _admitted(world, days_ago=30)  # the last day of the window is today
    form = _refuse(staff_client, application)
    assert 'name="reason"' in form.content.decode()
    _refuse(staff_client, application, apply="1", reason="Hồ sơ không đúng", on="")
    application.refresh_from_db()
    assert application.status == MembershipApplication.Status.ANNULLED
    assert application.annulment_reason == "Hồ sơ không đúng"
    assert application.member.status == Member.Status.REFUSED


def test_admin_refusal_after_the_window_is_refused_with_the_deadline(staff_client, world):
    world.district.admission, world.district.refusal_days = Admission.CLUB_ADMITS, 30
    world.district.save()
    application = _admitted(world, days_ago=31)
    response = _refuse(staff_client, application, apply="1", reason="Quá hạn", on="")
    shown = " ".join(str(m) for m in get_messages(response.wsgi_request))
    assert "quá hạn" in shown and application.refusal_until.strftime("%d/%m/%Y") in shown
    application.refresh_from_db()
    assert application.status == MembershipApplication.Status.APPROVED
    assert application.member.status == Member.Status.ACTIVE
