"""Phụ lục 2 Điều 15.2: "Câu lạc bộ kết nạp cấp thẻ sinh hoạt hội viên, theo đơn xin gia nhập
của từng người". Where the body chose "club admits", the club's manager admits (the card number
comes from the national register at that moment); the body may refuse, with a reason, within
its ``refusal_days``; later it may not (docs/decisions-federation.md)."""

from __future__ import annotations

from datetime import date

import pytest

from federation.models import (
    Admission,
    ClubMembership,
    Member,
    MemberEvent,
    MembershipApplication,
)
from tests import factories as f
from tests.helpers import CONSENT, assert_error

pytestmark = pytest.mark.django_db


def _club_admits(world, days=30):
    world.district.admission = Admission.CLUB_ADMITS
    world.district.refusal_days = days
    world.district.save()


def _pending(world) -> int:
    person = f.make_person(full_name="Lê Thị Hoa")
    response = world.client(world.manager_a).post("/api/v1/applications/", {
        "person": person.pk, "club": world.club_a.pk, "sponsor": world.sponsor.card_number,
        "submitted_on": "2026-01-02", "consent": CONSENT}, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def _admit(world, application_id: int, on="2026-03-05"):
    return world.client(world.manager_a).post(
        f"/api/v1/applications/{application_id}/approve/", {"date": on}, format="json")


def test_body_approves_by_default_club_manager_403(world):
    application_id = _pending(world)
    assert_error(_admit(world, application_id), 403, "permission_denied")


def test_club_admits_issues_card_from_the_register_and_sets_refusal_window(world):
    _club_admits(world, days=30)
    application_id = _pending(world)
    response = _admit(world, application_id)
    assert response.status_code == 200, response.content
    data = response.json()
    # the same national register as the body's approvals: Hà Nội (01), 2026, first number
    assert data["card_number"] == "01-2026-00001"
    assert data["status"] == "approved" and data["admitted_by_club"] is True
    assert data["refusal_until"] == "2026-04-04"  # 05/03/2026 + 30 days
    member = Member.objects.get(card_number="01-2026-00001")
    assert member.status == Member.Status.ACTIVE


def test_manager_of_another_club_cannot_admit(world):
    _club_admits(world)
    world.club_b.body.admission = Admission.CLUB_ADMITS
    world.club_b.body.save()
    application_id = _pending(world)
    other = f.make_club_manager(world.club_b, "manager_b")
    response = world.client(other).post(f"/api/v1/applications/{application_id}/approve/",
                                        {"date": "2026-03-05"}, format="json")
    assert response.status_code in (403, 404)
    assert MembershipApplication.objects.get(pk=application_id).status == "pending"


def test_body_refuses_within_the_window_ends_the_membership(world):
    _club_admits(world, days=30)
    application_id = _pending(world)
    card = _admit(world, application_id).json()["card_number"]
    response = world.client(world.district_officer).post(
        f"/api/v1/applications/{application_id}/refuse/",
        {"reason": "Người giới thiệu không biết người xin gia nhập", "date": "2026-04-04"},
        format="json")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "annulled"
    assert response.json()["annulment_reason"].startswith("Người giới thiệu")
    member = Member.objects.get(card_number=card)  # kept in the register, not deleted
    assert member.status == Member.Status.REFUSED
    assert member.ended_on == date(2026, 4, 4) and member.end_rule == "15.2-refused"
    assert ClubMembership.objects.get(member=member).ended_on == date(2026, 4, 4)
    assert MemberEvent.objects.filter(member=member, kind="refused", rule="15.2").count() == 1
    # the card number is never reused: the next admission gets 00002
    second = f.make_person(full_name="Phạm Văn Nam")
    again = world.client(world.manager_a).post("/api/v1/applications/", {
        "person": second.pk, "club": world.club_a.pk, "sponsor": world.sponsor.card_number,
        "submitted_on": "2026-04-05", "consent": CONSENT}, format="json")
    assert _admit(world, again.json()["id"], on="2026-04-06").json()["card_number"] == \
        "01-2026-00002"


def test_refusal_after_the_window_is_400_naming_the_deadline(world):
    _club_admits(world, days=30)
    application_id = _pending(world)
    _admit(world, application_id)
    response = world.client(world.district_officer).post(
        f"/api/v1/applications/{application_id}/refuse/",
        {"reason": "Quá muộn", "date": "2026-04-05"}, format="json")
    body = assert_error(response, 400, "refusal_too_late")
    assert "04/04/2026" in str(body)
    assert MembershipApplication.objects.get(pk=application_id).status == "approved"


def test_refusal_needs_a_reason_and_an_officer(world):
    _club_admits(world)
    application_id = _pending(world)
    _admit(world, application_id)
    url = f"/api/v1/applications/{application_id}/refuse/"
    assert_error(world.client(world.manager_a).post(
        url, {"reason": "x", "date": "2026-03-06"}, format="json"), 403)
    assert_error(world.client(world.district_officer).post(
        url, {"reason": "  ", "date": "2026-03-06"}, format="json"), 400)


def test_body_approval_cannot_be_refused_later(world):
    application_id = _pending(world)
    world.client(world.district_officer).post(
        f"/api/v1/applications/{application_id}/approve/", {"date": "2026-03-05"}, format="json")
    response = world.client(world.district_officer).post(
        f"/api/v1/applications/{application_id}/refuse/",
        {"reason": "Đổi ý", "date": "2026-03-06"}, format="json")
    assert_error(response, 400, "not_club_admission")


def test_the_body_is_notified_of_the_admission_and_the_member_of_the_refusal(world):
    """The body learns of each admission by a club (so it can refuse in time, Phụ lục 2 Điều
    15.2); an annulment is a second notice to the club and the person."""
    from core.models import Notification

    world.district_officer.email = "canbo@example.vn"
    world.district_officer.save()
    world.manager_a.email = "quanly@example.vn"
    world.manager_a.save()
    _club_admits(world, days=30)
    application_id = _pending(world)
    _admit(world, application_id)
    to_body = Notification.objects.get(key__startswith=f"application-admitted:{application_id}:")
    assert to_body.email == "canbo@example.vn"
    assert "04/04/2026" in to_body.body_text and "01-2026-00001" in to_body.body_text
    world.client(world.district_officer).post(
        f"/api/v1/applications/{application_id}/refuse/",
        {"reason": "Hồ sơ giả", "date": "2026-03-10"}, format="json")
    annulled = Notification.objects.filter(
        key__startswith=f"application-annulled:{application_id}:")
    assert [n.email for n in annulled] == ["quanly@example.vn"]
    assert "Hồ sơ giả" in annulled[0].body_text and "hủy" in annulled[0].body_text


def test_a_member_who_resigned_meanwhile_cannot_be_refused(world):
    _club_admits(world)
    application_id = _pending(world)
    card = _admit(world, application_id).json()["card_number"]
    Member.objects.filter(card_number=card).update(status=Member.Status.RESIGNED)
    response = world.client(world.district_officer).post(
        f"/api/v1/applications/{application_id}/refuse/",
        {"reason": "x", "date": "2026-03-10"}, format="json")
    assert_error(response, 400, "member_not_active")
    assert Member.objects.get(card_number=card).status == Member.Status.RESIGNED
