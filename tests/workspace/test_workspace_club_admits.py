"""The screens of Phụ lục 2 Điều 15.2 ("Câu lạc bộ kết nạp cấp thẻ sinh hoạt hội viên"): where
the body chose "club admits", the club manager admits from his workspace (real forms), and
the body's officer may refuse within the body's refusal_days, not after."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from federation.models import Admission, Member, MembershipApplication
from tests import factories as f
from tests.helpers import CONSENT
from tests.workspace.club_support import build, client_of
from tests.workspace.test_workspace_club import body_url, club_url, field_error, page_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return build()


def _pending(world) -> MembershipApplication:
    person = f.make_person(full_name="Lê Thị Kết Nạp")
    response = client_of(world.manager_a).post("/api/v1/applications/", {
        "person": person.pk, "club": world.club_a.pk, "sponsor": world.sponsor.card_number,
        "submitted_on": (timezone.localdate() - timedelta(days=60)).isoformat(),
        "consent": CONSENT}, content_type="application/json")
    assert response.status_code == 201, response.content
    return MembershipApplication.objects.get(pk=response.json()["id"])


def _club_admits(world, days: int = 30) -> None:
    world.district.admission = Admission.CLUB_ADMITS
    world.district.refusal_days = days
    world.district.save()


def test_club_manager_cannot_admit_where_the_body_approves(world):
    application = _pending(world)
    manager = client_of(world.manager_a)
    assert "Kết nạp</a>" not in page_text(manager.get(club_url(world, "don/")))
    response = manager.post(club_url(world, f"don/{application.pk}/ket-nap/"), {"ket-nap-on": ""})
    assert response.status_code == 403
    application.refresh_from_db()
    assert application.status == MembershipApplication.Status.PENDING


def test_club_manager_admits_then_the_officer_refuses_within_the_window(world):
    _club_admits(world, days=30)
    application = _pending(world)
    manager = client_of(world.manager_a)
    listing = page_text(manager.get(club_url(world, "don/")))
    assert "Kết nạp</a>" in listing and "trong 30 ngày" in listing
    admitted_on = timezone.localdate() - timedelta(days=30)
    response = manager.post(club_url(world, f"don/{application.pk}/ket-nap/"),
                            {"ket-nap-on": admitted_on.strftime("%d/%m/%Y")})
    assert response.status_code == 302, page_text(response)[:2000]
    application.refresh_from_db()
    assert application.admitted_by_club and application.member.card_number.startswith("01-")
    until = application.refusal_until
    assert until == admitted_on + timedelta(days=30) == timezone.localdate()
    assert until.strftime("%d/%m/%Y") in page_text(manager.get(club_url(world, "don/")))
    officer = client_of(world.officer_hanoi)
    page = page_text(officer.get(body_url(world, f"don/{application.pk}/")))
    assert "Hủy kết nạp" in page and until.strftime("%d/%m/%Y") in page
    url = body_url(world, f"don/{application.pk}/huy-ket-nap/")
    response = officer.post(url, {"huy-reason": "  ", "huy-on": ""})
    assert response.status_code == 400 and "bắt buộc" in field_error(response, "huy-reason")
    response = officer.post(url, {"huy-reason": "Người giới thiệu không xác nhận", "huy-on": ""})
    assert response.status_code == 302
    application.refresh_from_db()
    assert application.status == MembershipApplication.Status.ANNULLED
    assert application.member.status == Member.Status.REFUSED
    listing = page_text(manager.get(club_url(world, "don/")))
    assert "Người giới thiệu không xác nhận" in listing and "Tổ chức quản lý hủy kết nạp" in listing


def test_officer_refusal_after_the_window_is_refused_on_the_date(world):
    _club_admits(world, days=10)
    application = _pending(world)
    admitted_on = timezone.localdate() - timedelta(days=11)
    response = client_of(world.manager_a).post(
        club_url(world, f"don/{application.pk}/ket-nap/"),
        {"ket-nap-on": admitted_on.strftime("%d/%m/%Y")})
    assert response.status_code == 302
    officer = client_of(world.officer_hanoi)
    response = officer.post(body_url(world, f"don/{application.pk}/huy-ket-nap/"),
                            {"huy-reason": "Quá hạn", "huy-on": ""})
    assert response.status_code == 400
    deadline = (admitted_on + timedelta(days=10)).strftime("%d/%m/%Y")
    assert "quá hạn" in field_error(response, "huy-on") and deadline in page_text(response)
    application.refresh_from_db()
    assert application.status == MembershipApplication.Status.APPROVED
    assert application.member.status == Member.Status.ACTIVE


def test_the_club_manager_cannot_refuse(world):
    _club_admits(world)
    application = _pending(world)
    client_of(world.manager_a).post(club_url(world, f"don/{application.pk}/ket-nap/"),
                                    {"ket-nap-on": ""})
    response = client_of(world.manager_a).post(
        body_url(world, f"don/{application.pk}/huy-ket-nap/"),
        {"huy-reason": "x", "huy-on": ""})
    assert response.status_code == 403
