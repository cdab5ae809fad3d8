"""Dates as Vietnamese users type them and citizen ID formats, through the API and the admin's
real forms (issue 18)."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from federation.models import MembershipApplication, Person
from tests import factories as f
from tests.admin_forms import form_data
from tests.helpers import CONSENT, assert_error

pytestmark = pytest.mark.django_db


def _payload(**extra):
    return {"full_name": "Phạm Thị Lan", "gender": "F", "province": 1, **extra}


def test_api_accepts_dd_mm_yyyy_and_answers_iso(world):
    client = world.client(world.manager_a)
    created = client.post("/api/v1/persons/", _payload(date_of_birth="03/02/2001"),
                          format="json")
    assert created.status_code == 201, created.content
    assert created.json()["date_of_birth"] == "2001-02-03"
    assert Person.objects.get(pk=created.json()["id"]).date_of_birth == date(2001, 2, 3)


@pytest.mark.parametrize("typed", ["31/02/1990", "1990-02-31"])
def test_api_impossible_date_names_the_missing_day(world, typed):
    client = world.client(world.manager_a)
    response = client.post("/api/v1/persons/", _payload(date_of_birth=typed), format="json")
    error = assert_error(response, 400, field="date_of_birth")
    assert "Ngày 31 không có trong tháng 2/1990" in error["fields"]["date_of_birth"][0]
    english = client.post("/api/v1/persons/", _payload(date_of_birth=typed), format="json",
                          HTTP_ACCEPT_LANGUAGE="en")
    assert "Day 31 does not exist in 2/1990" in english.json()["error"]["fields"][
        "date_of_birth"][0]
    assert not Person.objects.filter(full_name="Phạm Thị Lan").exists()


def test_api_refuses_birth_in_the_future_and_citizen_id_abc(world):
    client = world.client(world.manager_a)
    future = client.post("/api/v1/persons/", _payload(date_of_birth="01/01/2090"),
                         format="json")
    assert "tương lai" in assert_error(future, 400, field="date_of_birth")[
        "fields"]["date_of_birth"][0]
    abc = client.post("/api/v1/persons/", _payload(citizen_id="abc"), format="json")
    assert "12 chữ số" in assert_error(abc, 400, field="citizen_id")["fields"]["citizen_id"][0]
    cmnd = client.post("/api/v1/persons/", _payload(citizen_id="123 456 789"), format="json")
    assert cmnd.status_code == 201 and cmnd.json()["citizen_id"] == "•••••6789"  # masked
    assert Person.objects.get(pk=cmnd.json()["id"]).citizen_id == "123456789"


def test_api_application_dated_next_year_is_refused(world):
    person = f.make_person()
    client = world.client(world.manager_a)
    response = client.post("/api/v1/applications/", {
        "person": person.pk, "club": world.club_a.pk, "sponsor": world.sponsor.pk,
        "submitted_on": "01/01/2099", "consent": CONSENT}, format="json")
    assert_error(response, 400, field="submitted_on")
    assert not MembershipApplication.objects.filter(person=person).exists()


@pytest.fixture
def admin_client(world):
    client = Client()
    client.force_login(world.staff)
    return client


def _person_form(client, **changes):
    page = client.get("/admin/federation/person/add/")
    data = form_data(page.content.decode(), "person_form")
    data.update({"full_name": ["Lê Văn Tâm"], "gender": ["M"], **changes})
    return data


def test_admin_person_form_takes_dd_mm_yyyy(admin_client):
    response = admin_client.post("/admin/federation/person/add/",
                                 _person_form(admin_client, date_of_birth=["03/02/2001"],
                                              citizen_id=["001301000777"]))
    assert response.status_code == 302, response.content.decode()[-3000:]
    person = Person.objects.get(full_name="Lê Văn Tâm")
    assert person.date_of_birth == date(2001, 2, 3) and person.citizen_id == "001301000777"
    page = admin_client.get(f"/admin/federation/person/{person.pk}/change/").content.decode()
    assert 'value="03/02/2001"' in page  # shown as the secretary types it


@pytest.mark.parametrize("field, typed, expected", [
    ("date_of_birth", "31/02/1990", "Ngày 31 không có trong tháng 2/1990"),
    ("date_of_birth", "01/01/2090", "tương lai"),
    ("citizen_id", "abc", "CCCD gồm 12 chữ số"),
])
def test_admin_person_form_refuses_with_a_clear_message(admin_client, field, typed, expected):
    response = admin_client.post("/admin/federation/person/add/",
                                 _person_form(admin_client, **{field: [typed]}))
    assert response.status_code == 200
    assert expected in response.content.decode()
    assert not Person.objects.filter(full_name="Lê Văn Tâm").exists()


def test_admin_application_dated_next_year_is_refused(admin_client, world):
    person = f.make_person()
    response = admin_client.post("/admin/federation/membershipapplication/add/", {
        "person": person.pk, "club": world.club_a.pk, "sponsor": world.sponsor.pk,
        "submitted_on": "01/01/2099"})
    assert response.status_code == 200
    assert "tương lai" in response.content.decode()
    assert not MembershipApplication.objects.filter(person=person).exists()
