"""The staff site and personal data (Nghị định 13/2023/NĐ-CP, issue 31), by posting real forms:
the person's page shows the ID number masked, logs its read and reveals the whole number only
on a click (logged); the access log is read only; an application needs the consent; requests
are recorded with their deadline and handled through the services with a reason."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from federation.models import Consent, DataRequest, MembershipApplication, Person, PrivateDataAccess
from tests import factories as f
from tests.admin_forms import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(world):
    client = Client()
    client.force_login(world.staff)
    return client


@pytest.fixture
def person():
    return f.make_person(full_name="Tạ Văn Quản Trị", citizen_id="001088004321",
                         phone="0966111222", email="qt@example.vn", address="3 Lò Sũ")


def _action(client, model, action, ids, **data):
    return client.post(f"/admin/federation/{model}/", {
        "action": action, "_selected_action": [str(i) for i in ids], **data}, follow=True)


def test_the_person_page_masks_the_id_logs_the_read_and_reveals_on_a_click(staff_client,
                                                                          world, person):
    page = staff_client.get(f"/admin/federation/person/{person.pk}/change/").content.decode()
    assert "••••••••4321" in page and "001088004321" not in page
    row = PrivateDataAccess.objects.get(person=person)
    assert row.via == "admin" and row.user == world.staff
    assert set(row.fields.split(",")) == {"date_of_birth", "phone", "email", "address"}
    listing = staff_client.get("/admin/federation/person/").content.decode()
    assert "001088004321" not in listing and "••••••••4321" in listing
    revealed = staff_client.get(f"/admin/federation/person/{person.pk}/xem-cccd/", follow=True)
    assert "001088004321" in revealed.content.decode()
    assert PrivateDataAccess.objects.filter(person=person, via="reveal",
                                            fields="citizen_id").count() == 1


def test_the_person_list_logs_the_birth_years_it_shows_in_one_insert(staff_client, world,
                                                                     person,
                                                                     django_assert_max_num_queries):
    """The list shows birth years (minimised birth dates): a read of each person shown on the
    page with a birth date, his own row left out (issue 31)."""
    no_birth = f.make_person(full_name="Không Có Ngày Sinh", date_of_birth=None)
    listing = staff_client.get("/admin/federation/person/")
    assert str(person.date_of_birth.year) in listing.content.decode()
    rows = PrivateDataAccess.objects.filter(via="admin", fields="birth_year", user=world.staff)
    assert person.pk in set(rows.values_list("person_id", flat=True))
    assert not rows.filter(person=no_birth).exists()
    assert rows.count() == Person.objects.exclude(date_of_birth=None).count()
    with django_assert_max_num_queries(25):  # one insert, whatever the page's length
        staff_client.get("/admin/federation/person/")


def test_saving_the_person_form_as_shown_keeps_the_masked_id(staff_client, person):
    page = staff_client.get(f"/admin/federation/person/{person.pk}/change/").content.decode()
    data = form_data(page, "person_form")
    data["phone"] = ["0966999000"]
    response = staff_client.post(f"/admin/federation/person/{person.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    person.refresh_from_db()
    assert person.citizen_id == "001088004321" and person.phone == "0966999000"


def test_the_access_log_is_read_only_for_staff(staff_client, person):
    PrivateDataAccess.objects.create(person=person, fields="phone", via="api",
                                     at="2026-01-01T00:00:00Z")
    page = staff_client.get("/admin/federation/privatedataaccess/")
    assert page.status_code == 200 and "Tạ Văn Quản Trị" in page.content.decode()
    assert staff_client.get("/admin/federation/privatedataaccess/add/").status_code == 403


def test_an_admin_application_of_a_child_of_7_to_15_needs_the_childs_own_consent(staff_client,
                                                                                  world):
    """Nghị định 13/2023/NĐ-CP Điều 20.3: born 02/01/2019, the child is 7 on 02/01/2026."""
    person = f.make_person(full_name="Kiều Bé Bảy", date_of_birth=date(2019, 1, 2))
    form = {"person": person.pk, "club": world.club_a.pk, "sponsor": world.sponsor.pk,
            "submitted_on": "02/01/2026", "consent": "Kiều Văn Bố", "consent_relation": "parent"}
    url = "/admin/federation/membershipapplication/add/"
    refused = staff_client.post(url, form)
    assert refused.status_code == 200
    errors = refused.context["adminform"].form.errors
    assert "Điều 20.3" in errors["consent_child_agreed"][0]
    assert not MembershipApplication.objects.filter(person=person).exists()
    done = staff_client.post(url, {**form, "consent_child_agreed": "on"})
    assert done.status_code == 302, done.content.decode()[-2000:]
    consent = Consent.objects.get(person=person)
    assert consent.child_agreed and consent.relation == "parent"
    page = staff_client.get(f"/admin/federation/person/{person.pk}/change/").content.decode()
    assert "Trẻ em cũng đồng ý" in page


def test_an_admin_application_needs_the_consent(staff_client, world):
    person = f.make_person(full_name="Kiều Văn Đơn")
    form = {"person": person.pk, "club": world.club_a.pk, "sponsor": world.sponsor.pk,
            "submitted_on": "02/01/2026", "consent_relation": "self"}
    response = staff_client.post("/admin/federation/membershipapplication/add/", form)
    assert response.status_code == 200
    assert "đồng ý xử lý dữ liệu cá nhân" in response.content.decode()
    assert not MembershipApplication.objects.filter(person=person).exists()
    response = staff_client.post("/admin/federation/membershipapplication/add/",
                                 {**form, "consent": "Kiều Văn Đơn"})
    assert response.status_code == 302, response.content.decode()[-2000:]
    consent = Consent.objects.get(person=person)
    assert consent.given_by == "Kiều Văn Đơn" and consent.application.club == world.club_a
    page = staff_client.get(f"/admin/federation/person/{person.pk}/change/").content.decode()
    assert "Kiều Văn Đơn" in page and "02/01/2026" in page  # the consents panel


def test_staff_record_a_withdrawal_from_the_persons_letter(staff_client, person):
    consent = Consent.objects.create(person=person, data_collected="x", purposes="y",
                                     given_on=date(2025, 1, 1), given_by="Tạ Văn Quản Trị",
                                     relation="self")
    _action(staff_client, "consent", "withdraw", [consent.pk], apply="1",
            note="Thư ngày 05/01/2026")
    consent.refresh_from_db()
    person.refresh_from_db()
    assert consent.withdrawal_note == "Thư ngày 05/01/2026" and consent.withdrawn_on
    assert person.consent_withdrawn_on == consent.withdrawn_on


def test_a_request_recorded_in_the_admin_then_erased_with_a_reason(staff_client, world, person):
    member = f.make_member(person, world.club_a)
    response = staff_client.post("/admin/federation/datarequest/add/", {
        "person": person.pk, "kind": "erasure", "details": "Đơn ngày 03/01/2026",
        "received_at_0": "03/01/2026", "received_at_1": "08:00"})
    assert response.status_code == 302, response.content.decode()[-2000:]
    row = DataRequest.objects.get(person=person)
    assert (row.deadline - row.received_at).total_seconds() == 72 * 3600
    _action(staff_client, "datarequest", "erase", [row.pk], apply="1",
            reason="Đã ra khỏi Liên đoàn")
    row.refresh_from_db()
    person = Person.objects.get(pk=person.pk)
    assert row.state == "done" and row.outcome == "Đã ra khỏi Liên đoàn"
    assert (person.citizen_id, person.phone, person.email, person.address) == (None, "", "", "")
    assert person.full_name == "Tạ Văn Quản Trị" and member.card_number in str(
        person.memberships.get())


def test_a_correction_from_the_admin_goes_through_the_update_service(staff_client, person):
    row = DataRequest.objects.create(person=person, kind="correction",
                                     received_at="2026-01-03T00:00:00Z",
                                     deadline="2026-01-06T00:00:00Z")
    page = _action(staff_client, "datarequest", "correct", [row.pk], apply="1",
                   reason="Theo đơn", citizen_id="12ab")
    row.refresh_from_db()
    assert row.state == "open" and "12 chữ số" in page.content.decode()
    _action(staff_client, "datarequest", "correct", [row.pk], apply="1", reason="Theo đơn",
            address="15 Hàng Gai")
    row.refresh_from_db()
    person.refresh_from_db()
    assert row.state == "done" and person.address == "15 Hàng Gai"
    assert person.citizen_id == "001088004321"  # fields left empty are unchanged


# --- the person's change history (django-simple-history) ------------------------------------------

def _change_through_the_admin(client, person, **changes):
    page = client.get(f"/admin/federation/person/{person.pk}/change/").content.decode()
    data = form_data(page, "person_form")
    data.update({name: [value] for name, value in changes.items()})
    response = client.post(f"/admin/federation/person/{person.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[-2000:]


def test_the_history_pages_mask_the_old_id_numbers_and_log_the_read(staff_client, world,
                                                                    person):
    """Minimisation (Nghị định 13/2023/NĐ-CP Điều 3.6) and the access log (Điều 27, 38) on the
    history pages too: a past ID number shows its last 4 digits; reading past phones and
    addresses is a read of private data, logged like the change page."""
    _change_through_the_admin(staff_client, person, citizen_id="001088005678",
                              phone="0966999000", address="7 Hàng Bạc")
    PrivateDataAccess.objects.all().delete()
    listing = staff_client.get(f"/admin/federation/person/{person.pk}/history/")
    assert listing.status_code == 200
    text = listing.content.decode()
    assert "001088004321" not in text and "001088005678" not in text
    assert "••••••••4321" in text and "••••••••5678" in text  # the change, masked
    assert "0966111222" in text  # the past phone: shown to staff, so logged
    row = PrivateDataAccess.objects.get(person=person)
    assert row.via == "admin" and row.user == world.staff and "history" in row.path
    assert "citizen_id" not in row.fields and "phone" in row.fields
    first = person.history.order_by("history_id").first()
    url = f"/admin/federation/person/{person.pk}/history/{first.history_id}/"
    old = staff_client.get(url)
    assert old.status_code == 200
    text = old.content.decode()
    assert "001088004321" not in text and "••••••••4321" in text and "0966111222" in text
    assert PrivateDataAccess.objects.filter(person=person, path=url).count() == 1
    # a reveal is still the only way to the whole number, and the log says so
    assert PrivateDataAccess.objects.filter(fields__contains="citizen_id").count() == 0


def test_reverting_to_a_past_version_as_shown_restores_its_id_number(staff_client, person):
    """The history form shows the past ID number masked; posting it as shown restores the
    number of that version (not the mask, not today's number)."""
    _change_through_the_admin(staff_client, person, citizen_id="001088005678",
                              phone="0966999000")
    first = person.history.order_by("history_id").first()
    url = f"/admin/federation/person/{person.pk}/history/{first.history_id}/"
    data = form_data(staff_client.get(url).content.decode(), "historicalperson_form")
    assert data["citizen_id"] == ["••••••••4321"]
    response = staff_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    person.refresh_from_db()
    assert (person.citizen_id, person.phone) == ("001088004321", "0966111222")
