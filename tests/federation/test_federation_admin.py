"""The admin (issue 3 §6), through the Django test client logged in as staff: search without
diacritics, approve/reject actions issuing cards, record dues, mark resignation, history."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from federation.models import (
    ClubMembership,
    DuesPayment,
    Member,
    MembershipApplication,
    Person,
    Suspension,
)
from tests import factories as f
from tests.admin_forms import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client_vi(world):
    client = Client()
    client.force_login(world.staff)
    return client


def _action(client, model, action, ids, **data):
    return client.post(f"/admin/federation/{model}/", {
        "action": action, "_selected_action": [str(i) for i in ids], **data}, follow=True)


def test_admin_is_vietnamese_by_default(admin_client_vi):
    page = admin_client_vi.get("/admin/").content.decode()
    assert "Liên đoàn: câu lạc bộ và hội viên" in page
    assert "Hội viên" in page or "hội viên" in page


def test_admin_search_person_without_diacritics(admin_client_vi):
    f.make_person(full_name="Nguyễn Đức Thắng")
    f.make_person(full_name="Lê Văn Nam")
    for query in ("nguyen duc", "Nguyễn Đức", "NGUYEN"):
        page = admin_client_vi.get("/admin/federation/person/", {"q": query}).content.decode()
        assert "Nguyễn Đức Thắng" in page and "Lê Văn Nam" not in page, query
    # numbers and addresses are searched whole
    f.make_person(full_name="Trần Thị Số", citizen_id="001190012345", email="so@example.vn")
    for query in ("001190012345", "SO@example.vn"):
        page = admin_client_vi.get("/admin/federation/person/", {"q": query}).content.decode()
        assert "Trần Thị Số" in page and "Nguyễn Đức Thắng" not in page, query


def test_admin_search_member_by_name_or_card(admin_client_vi, world):
    member = f.make_member(f.make_person(full_name="Đỗ Thị Hằng"), world.club_a)
    page = admin_client_vi.get("/admin/federation/member/", {"q": "do thi hang"}).content.decode()
    assert member.card_number in page
    page = admin_client_vi.get("/admin/federation/member/",
                               {"q": member.card_number}).content.decode()
    assert "Đỗ Thị Hằng" in page


def test_admin_approve_action_issues_card_numbers(admin_client_vi, world):
    applications = [MembershipApplication.objects.create(
        person=f.make_person(), club=world.club_a, sponsor=world.sponsor,
        submitted_on=date(2026, 1, 5)) for _ in range(2)]
    response = _action(admin_client_vi, "membershipapplication", "approve_selected",
                       [a.pk for a in applications])
    assert response.status_code == 200
    cards = sorted(Member.objects.filter(application__in=applications)
                   .values_list("card_number", flat=True))
    assert len(cards) == 2 and all(c.startswith("01-") for c in cards)
    page = response.content.decode()
    assert all(c in page for c in cards)
    assert all(a.status == "approved" for a in MembershipApplication.objects.filter(
        pk__in=[a.pk for a in applications]))


def test_admin_reject_action_asks_reason_then_rejects(admin_client_vi, world):
    application = MembershipApplication.objects.create(
        person=f.make_person(), club=world.club_a, sponsor=world.sponsor,
        submitted_on=date(2026, 1, 5))
    form = _action(admin_client_vi, "membershipapplication", "reject_selected", [application.pk])
    assert 'name="reason"' in form.content.decode()
    application.refresh_from_db()
    assert application.status == "pending"
    _action(admin_client_vi, "membershipapplication", "reject_selected", [application.pk],
            apply="1", reason="Không có người giới thiệu hợp lệ")
    application.refresh_from_db()
    assert application.status == "rejected"
    assert application.rejection_reason == "Không có người giới thiệu hợp lệ"
    assert application.decided_by.username == "staff1"


def test_admin_add_application_with_inactive_sponsor_shows_error(admin_client_vi, world):
    lapsed = f.make_member(status="lapsed", ended_on=date(2026, 1, 1), end_rule="15.5-dues")
    person = f.make_person()
    response = admin_client_vi.post("/admin/federation/membershipapplication/add/", {
        "person": person.pk, "club": world.club_a.pk, "sponsor": lapsed.pk,
        "submitted_on": "2026-02-01"})
    assert response.status_code == 200  # the form again, with the error
    assert "8.3" in response.content.decode()
    assert not MembershipApplication.objects.filter(person=person).exists()


def test_admin_record_dues_action(admin_client_vi, world):
    members = [f.make_member(club=world.club_a) for _ in range(2)]
    _action(admin_client_vi, "member", "record_dues", [m.pk for m in members], apply="1",
            amount="60000", period_start="2026-01-01", period_end="2026-06-30",
            receipt_number="BL-2026-07", paid_on="2026-01-03")
    payments = DuesPayment.objects.order_by("member_id")
    assert [(p.member_id, p.receipt_number) for p in payments] == [
        (members[0].pk, "BL-2026-07-1"), (members[1].pk, "BL-2026-07-2")]
    assert all(p.recorded_by == world.staff and p.club == world.club_a for p in payments)


def test_admin_mark_resignation_action_and_membership_history(admin_client_vi, world):
    member = f.make_member(club=world.club_a, joined_on=date(2024, 1, 1))
    _action(admin_client_vi, "member", "mark_resignation", [member.pk], apply="1",
            applied_on="2026-01-02", effective_on="2026-01-10", card_returned="on")
    member.refresh_from_db()
    assert (member.status, member.ended_on) == ("resigned", date(2026, 1, 10))
    assert member.resignation.card_returned is True
    membership = ClubMembership.objects.get(member=member)
    latest = membership.history.first()
    assert latest.ended_on == date(2026, 1, 10) and latest.history_user == world.staff
    assert member.history.first().history_user == world.staff
    page = admin_client_vi.get(f"/admin/federation/member/{member.pk}/history/")
    assert page.status_code == 200 and "staff1" in page.content.decode()


def test_admin_person_change_history(admin_client_vi):
    person = f.make_person(full_name="Vũ Văn Cũ", citizen_id="001099000111")
    change = f"/admin/federation/person/{person.pk}/change/"
    data = form_data(admin_client_vi.get(change).content.decode(), "person_form")
    data["full_name"] = ["Vũ Văn Mới"]  # the rest as the form shows it (the ID number masked)
    response = admin_client_vi.post(change, {**data, "_save": "Lưu"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Person.objects.get(pk=person.pk).citizen_id == "001099000111"  # the mask kept it
    history = Person.history.filter(id=person.pk).order_by("history_date")
    assert [h.full_name for h in history] == ["Vũ Văn Cũ", "Vũ Văn Mới"]
    assert history.last().history_user.username == "staff1"


def test_admin_club_history_page(admin_client_vi, world):
    response = admin_client_vi.get(f"/admin/federation/club/{world.club_a.pk}/history/")
    assert response.status_code == 200


def test_admin_suspension_length_and_decision_checked(admin_client_vi, world):
    decision = f.make_disciplinary_decision()
    response = admin_client_vi.post("/admin/federation/suspension/add/", {
        "person": world.sponsor.person.pk, "starts_on": "2026-01-01", "ends_on": "2030-01-01",
        "decision": decision.pk, "article": "15.6", "reason": "x"})
    assert response.status_code == 200 and "15.6" in response.content.decode()
    assert not Suspension.objects.exists()
    missing = admin_client_vi.post("/admin/federation/suspension/add/", {
        "person": world.sponsor.person.pk, "starts_on": "2026-01-01", "ends_on": "2027-12-31",
        "article": "15.6", "reason": "x"})
    assert missing.status_code == 200 and "quyết định kỷ luật" in missing.content.decode()
    ok = admin_client_vi.post("/admin/federation/suspension/add/", {
        "person": world.sponsor.person.pk, "starts_on": "2026-01-01", "ends_on": "2027-12-31",
        "decision": decision.pk, "article": "15.6", "reason": "x"})
    assert ok.status_code == 302
    assert Suspension.objects.get().decision_reference == decision.formatted_number


def test_admin_reinstate_action(admin_client_vi, world):
    member = f.make_member(club=world.club_a, status="lapsed", ended_on=date(2026, 1, 1),
                           end_rule="15.5-activity")
    _action(admin_client_vi, "member", "reinstate", [member.pk], apply="1",
            note="Đã có điểm danh bị sót")
    member.refresh_from_db()
    assert member.status == "active" and member.reinstated_on is not None


def test_members_cannot_be_deleted_in_admin(admin_client_vi, world):
    response = admin_client_vi.get(f"/admin/federation/member/{world.sponsor.pk}/delete/")
    assert response.status_code == 403


def test_every_federation_admin_page_renders(admin_client_vi, world):
    from django.contrib import admin as django_admin

    f.make_dues(world.sponsor, date(2026, 1, 1), date(2026, 6, 30))
    f.make_attendance(world.sponsor, date(2026, 2, 1))
    models = [m for m in django_admin.site._registry if m._meta.app_label == "federation"]
    assert len(models) >= 14
    for model in models:
        name = model._meta.model_name
        listing = admin_client_vi.get(f"/admin/federation/{name}/")
        assert listing.status_code == 200, name
        assert admin_client_vi.get(f"/admin/federation/{name}/add/").status_code in (200, 403)
        obj = model.objects.first()
        if obj is not None:
            change = admin_client_vi.get(f"/admin/federation/{name}/{obj.pk}/change/")
            assert change.status_code == 200, name


def test_admin_about_to_lapse_filter(admin_client_vi, world):
    from datetime import timedelta

    from django.utils import timezone

    today = timezone.localdate()
    soon = f.make_member(club=world.club_a, joined_on=today - timedelta(days=170))
    fresh = f.make_member(club=world.club_a, joined_on=today - timedelta(days=10))
    page = admin_client_vi.get("/admin/federation/member/", {"about_to_lapse": "30"}).content.decode()
    assert soon.card_number in page and fresh.card_number not in page


def test_admin_suspension_change_only_records_an_early_end(admin_client_vi, world):
    """Điều 15.6: the decision's terms stay as issued; the change form only lifts early."""
    from tests.admin_forms import form_data

    suspension = f.make_suspension(world.sponsor.person, date(2026, 1, 1), years=2,
                                   decision=f.make_disciplinary_decision())
    url = f"/admin/federation/suspension/{suspension.pk}/change/"
    data = form_data(admin_client_vi.get(url).content.decode(), "suspension_form")
    assert "ends_on" not in data and "reason" not in data  # read-only
    data["lifted_on"] = ["2026-06-01"]
    assert admin_client_vi.post(url, data).status_code == 302
    suspension.refresh_from_db()
    assert suspension.lifted_on == date(2026, 6, 1)
    data = form_data(admin_client_vi.get(url).content.decode(), "suspension_form")
    data["lifted_on"] = ["2026-07-01"]
    refused = admin_client_vi.post(url, data)
    assert refused.status_code == 200
    suspension.refresh_from_db()
    assert suspension.lifted_on == date(2026, 6, 1)


def test_a_decided_suspension_is_never_deleted(admin_client_vi, world):
    """Điều 15.6, 16.2: a suspension imposed by an issued decision is an official record —
    the admin offers no delete (403 on the page, refused in the bulk action) and every other
    path (ORM, cascades) is refused; it ends early only by recording the lift."""
    from django.db import transaction
    from django.db.models import ProtectedError

    suspension = f.make_suspension(world.sponsor.person, date(2026, 1, 1), years=2,
                                   decision=f.make_disciplinary_decision())
    url = f"/admin/federation/suspension/{suspension.pk}/delete/"
    refused = admin_client_vi.get(url)  # issue 33: a message saying why, not a bare 403
    assert refused.status_code == 302
    assert "Không xóa được" in " ".join(str(m) for m in get_messages(refused.wsgi_request))
    admin_client_vi.post("/admin/federation/suspension/", {
        "action": "delete_selected", "_selected_action": [suspension.pk], "post": "yes"})
    assert Suspension.objects.filter(pk=suspension.pk).exists()
    with pytest.raises(ProtectedError), transaction.atomic():
        Suspension.objects.get(pk=suspension.pk).delete()
    assert Suspension.objects.filter(pk=suspension.pk).exists()


def test_a_service_refusal_about_no_field_is_the_forms_own_error():
    """A refusal naming no field (e.g. the term of a board, Điều 14) is shown at the top of
    the form: it was a dict keyed None, on which Django raised ValueError (a 500)."""
    from django import forms

    from core.errors import ServiceError
    from federation.admin import service_validation_error

    class Form(forms.Form):
        name = forms.CharField(required=False)

        def clean(self):
            raise service_validation_error(ServiceError("Nhiệm kỳ không hợp lệ."))

    form = Form(data={})
    assert not form.is_valid()
    assert form.non_field_errors() == ["Nhiệm kỳ không hợp lệ."]

    class FieldForm(Form):
        def clean(self):
            raise service_validation_error(ServiceError("Sai tên.", field="name"))

    form = FieldForm(data={})
    assert not form.is_valid()
    assert form.errors["name"] == ["Sai tên."]
