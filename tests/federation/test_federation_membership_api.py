"""Applications, approval and card numbers, transfers, resignation, suspension through the API
(Điều 8, 10.4, 15.2, 15.5, 15.6)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from federation.models import ClubMembership, Member, MemberEvent, MembershipApplication
from tests import factories as f
from tests.helpers import CONSENT, assert_error

pytestmark = pytest.mark.django_db


def _apply(world, client, person, club=None, sponsor=None, submitted_on="2026-01-02"):
    return client.post("/api/v1/applications/", {
        "person": person.pk, "club": (club or world.club_a).pk,
        "sponsor": sponsor if sponsor is not None else world.sponsor.card_number,
        "submitted_on": submitted_on, "consent": CONSENT,
    }, format="json")


def test_application_approved_issues_card_and_opens_membership_dieu_8_3(world):
    person = f.make_person(full_name="Lê Thị Hoa")
    response = _apply(world, world.client(world.manager_a), person)
    assert response.status_code == 201, response.content
    application_id = response.json()["id"]
    assert response.json()["status"] == "pending"

    approved = world.client(world.district_officer).post(
        f"/api/v1/applications/{application_id}/approve/", {"date": "2026-03-05"}, format="json")
    assert approved.status_code == 200, approved.content
    card = approved.json()["card_number"]
    assert card == "01-2026-00001"  # Hà Nội's code, year of approval, first of that year
    member = Member.objects.get(card_number=card)
    assert member.person == person and member.status == "active"
    assert member.joined_on == date(2026, 3, 5)
    assert ClubMembership.objects.get(member=member).club == world.club_a
    assert member.events.get().kind == MemberEvent.Kind.JOINED
    assert MembershipApplication.objects.get(pk=application_id).decided_by == world.district_officer


def test_card_numbers_follow_the_sequence_per_province_and_year(world, staff_client):
    cards = []
    for club in (world.club_a, world.club_b, world.club_c):
        application = _apply(world, staff_client, f.make_person(), club).json()
        cards.append(staff_client.post(f"/api/v1/applications/{application['id']}/approve/",
                                       {"date": "2026-06-01"}, format="json").json()["card_number"])
    assert cards == ["01-2026-00001", "01-2026-00002", "79-2026-00001"]
    assert all(re.fullmatch(r"\d{2}-\d{4}-\d{5}", c) for c in cards)


def test_card_number_never_reused_after_resignation(world, staff_client):
    person = f.make_person()
    app = _apply(world, staff_client, person).json()
    first = staff_client.post(f"/api/v1/applications/{app['id']}/approve/",
                              {"date": "2026-01-10"}, format="json").json()["card_number"]
    member = Member.objects.get(card_number=first)
    resigned = staff_client.post("/api/v1/resignations/", {
        "member": member.pk, "applied_on": "2026-02-01", "effective_on": "2026-02-01",
        "card_returned": True}, format="json")
    assert resigned.status_code == 201, resigned.content
    app2 = _apply(world, staff_client, person).json()
    second = staff_client.post(f"/api/v1/applications/{app2['id']}/approve/",
                               {"date": "2026-03-10"}, format="json").json()["card_number"]
    assert first != second and second == "01-2026-00002"


def test_unknown_sponsor_is_400_on_sponsor(world):
    response = _apply(world, world.client(world.manager_a), f.make_person(), sponsor="01-2026-99999")
    assert_error(response, 400, "unknown_member", "sponsor")


def test_inactive_sponsor_is_400_on_sponsor_dieu_8_3(world):
    lapsed = f.make_member(status=Member.Status.LAPSED, ended_on=date(2026, 1, 1),
                           end_rule=Member.EndRule.NO_DUES)
    response = _apply(world, world.client(world.manager_a), f.make_person(),
                      sponsor=lapsed.card_number)
    error = assert_error(response, 400, "inactive_sponsor", "sponsor")
    assert "8.3" in error["fields"]["sponsor"][0]


def test_already_active_member_cannot_apply_again(world):
    response = _apply(world, world.client(world.staff), world.sponsor.person,
                      sponsor=f.make_member().card_number)
    assert_error(response, 400, "already_member", "person")


def test_second_pending_application_refused(world, staff_client):
    person = f.make_person()
    assert _apply(world, staff_client, person).status_code == 201
    assert_error(_apply(world, staff_client, person, world.club_b), 400, "pending_exists", "person")


def test_reject_needs_reason_and_records_it(world):
    app = _apply(world, world.client(world.manager_a), f.make_person()).json()
    officer = world.client(world.hanoi_officer)  # the provincial body covers its districts
    assert_error(officer.post(f"/api/v1/applications/{app['id']}/reject/", {"reason": " "},
                              format="json"), 400, "invalid", "reason")
    rejected = officer.post(f"/api/v1/applications/{app['id']}/reject/",
                            {"reason": "Chưa đủ 2 buổi sinh hoạt thử"}, format="json")
    assert rejected.status_code == 200
    assert rejected.json()["status"] == "rejected"
    assert rejected.json()["rejection_reason"] == "Chưa đủ 2 buổi sinh hoạt thử"
    again = officer.post(f"/api/v1/applications/{app['id']}/approve/", {}, format="json")
    assert_error(again, 400, "already_decided", "status")
    assert not Member.objects.filter(person_id=app["person"]).exists()


def test_club_manager_cannot_approve(world):
    app = _apply(world, world.client(world.manager_a), f.make_person()).json()
    response = world.client(world.manager_a).post(f"/api/v1/applications/{app['id']}/approve/",
                                                  {}, format="json")
    assert_error(response, 403, "permission_denied")


def test_manager_cannot_submit_for_another_club(world):
    response = _apply(world, world.client(world.manager_a), f.make_person(), world.club_b)
    assert_error(response, 403, "permission_denied")


def test_approval_refused_when_person_became_member_meanwhile(world, staff_client):
    person = f.make_person()
    app = _apply(world, staff_client, person).json()
    f.make_member(person, world.club_b)
    response = staff_client.post(f"/api/v1/applications/{app['id']}/approve/", {}, format="json")
    assert_error(response, 400, "already_member", "person")


def test_transfer_closes_one_club_membership_and_opens_another(world):
    member = f.make_member(club=world.club_a, joined_on=date(2025, 1, 1))
    response = world.client(world.hanoi_officer).post("/api/v1/transfers/", {
        "member": member.card_number, "to_club": world.club_b.pk, "date": "2026-04-01"},
        format="json")
    assert response.status_code == 201, response.content
    history = list(member.club_memberships.order_by("started_on")
                   .values_list("club_id", "started_on", "ended_on"))
    assert history == [(world.club_a.pk, date(2025, 1, 1), date(2026, 4, 1)),
                       (world.club_b.pk, date(2026, 4, 1), None)]
    assert member.events.filter(kind=MemberEvent.Kind.TRANSFERRED).exists()
    listed = world.client(world.staff).get(f"/api/v1/transfers/?member={member.pk}").json()
    assert listed["count"] == 2


def test_transfer_to_out_of_scope_club_by_unrelated_officer_refused(world):
    member = f.make_member(club=world.club_a)
    response = world.client(world.hcm_officer).post("/api/v1/transfers/", {
        "member": member.pk, "to_club": world.club_b.pk}, format="json")
    assert_error(response, 403)


def test_transfer_of_lapsed_member_refused(world, staff_client):
    member = f.make_member(club=world.club_a, status=Member.Status.LAPSED,
                           ended_on=date(2026, 1, 1), end_rule=Member.EndRule.NO_ACTIVITY)
    response = staff_client.post("/api/v1/transfers/", {
        "member": member.pk, "to_club": world.club_b.pk}, format="json")
    assert_error(response, 400, "not_active", "member")


def test_resignation_records_dates_and_card_return_dieu_10_4(world):
    member = f.make_member(club=world.club_a, joined_on=date(2024, 5, 1))
    manager = world.client(world.manager_a)
    response = manager.post("/api/v1/resignations/", {
        "member": member.pk, "applied_on": "2026-01-02", "effective_on": "2026-01-15",
        "card_returned": False, "note": "Chuyển công tác"}, format="json")
    assert response.status_code == 201, response.content
    member.refresh_from_db()
    assert (member.status, member.ended_on, member.end_rule) == (
        "resigned", date(2026, 1, 15), Member.EndRule.RESIGNATION)
    assert member.club_memberships.get().ended_on == date(2026, 1, 15)
    returned = manager.post(f"/api/v1/resignations/{response.json()['id']}/card-returned/",
                            {"date": "2026-01-20"}, format="json")
    assert returned.status_code == 200
    assert returned.json()["card_returned"] is True
    assert returned.json()["card_returned_on"] == "2026-01-20"


def test_resignation_effective_before_application_refused(world, staff_client):
    member = f.make_member(club=world.club_a)
    response = staff_client.post("/api/v1/resignations/", {
        "member": member.pk, "applied_on": "2026-01-15", "effective_on": "2026-01-02"},
        format="json")
    assert_error(response, 400, "invalid", "effective_on")


@pytest.mark.parametrize(("ends_on", "ok"), [
    ("2027-01-09", True),    # exactly 1 year (last day inclusive)
    ("2029-01-09", True),    # exactly 3 years
    ("2027-01-08", False),   # one day short of a year
    ("2029-01-10", False),   # one day over 3 years
])
def test_suspension_length_is_1_to_3_years_dieu_15_6(world, staff_client, ends_on, ok):
    member = f.make_member(club=world.club_a)
    response = staff_client.post("/api/v1/suspensions/", {
        "person": member.person.pk, "starts_on": "2026-01-10", "ends_on": ends_on,
        "decision": f.make_disciplinary_decision().pk, "reason": "Dàn xếp kết quả"},
        format="json")
    if ok:
        assert response.status_code == 201, response.content
        assert member.events.filter(kind=MemberEvent.Kind.SUSPENDED).exists()
    else:
        assert_error(response, 400, "suspension_length", "ends_on")


def test_suspension_needs_a_decision_dieu_16_2(world, staff_client):
    """A suspension references an issued disciplinary decision, not a typed number."""
    response = staff_client.post("/api/v1/suspensions/", {
        "person": world.sponsor.person.pk, "starts_on": "2026-01-10", "ends_on": "2027-01-09",
        "decision_reference": "QĐ 1", "reason": "x"}, format="json")
    assert_error(response, 400, field="decision")


def test_only_staff_suspend(world):
    response = world.client(world.hanoi_officer).post("/api/v1/suspensions/", {
        "person": world.sponsor.person.pk, "starts_on": "2026-01-10", "ends_on": "2027-01-09",
        "decision": f.make_disciplinary_decision().pk, "reason": "x"}, format="json")
    assert_error(response, 403)


def test_reinstate_lapsed_member_staff_only_with_note(world, staff_client):
    member = f.make_member(club=world.club_a, status=Member.Status.LAPSED,
                           ended_on=date(2026, 2, 1), end_rule=Member.EndRule.NO_DUES)
    ClubMembership.objects.filter(member=member).update(ended_on=date(2026, 2, 1))
    assert_error(world.client(world.hanoi_officer).post(
        f"/api/v1/members/{member.pk}/reinstate/", {"note": "x"}, format="json"), 403)
    assert_error(staff_client.post(f"/api/v1/members/{member.pk}/reinstate/", {"note": ""},
                                   format="json"), 400, field="note")
    response = staff_client.post(f"/api/v1/members/{member.pk}/reinstate/",
                                 {"note": "Hội phí nộp muộn đã ghi bổ sung", "date": "2026-02-03"},
                                 format="json")
    assert response.status_code == 200, response.content
    member.refresh_from_db()
    assert (member.status, member.ended_on, member.end_rule, member.reinstated_on) == (
        "active", None, "", date(2026, 2, 3))
    assert member.club_memberships.get().ended_on is None
    assert member.events.filter(kind=MemberEvent.Kind.REINSTATED).get().note.startswith("Hội phí")


def test_event_notes_are_stored_in_vietnamese_whatever_the_language(world, staff_client):
    app = _apply(world, staff_client, f.make_person()).json()
    response = staff_client.post(f"/api/v1/applications/{app['id']}/approve/", {},
                                 format="json", HTTP_ACCEPT_LANGUAGE="en")
    member = Member.objects.get(card_number=response.json()["card_number"])
    assert member.events.get().note.startswith("Thẻ hội viên ")
