"""The permission matrix of issue 3 §4: public / club manager / body officer / staff.

Private person data (date of birth, citizen ID, phone, email, address) is never in a
public response; officers see their bodies' members (a provincial body includes its
district bodies); club managers their own club's.
"""

from __future__ import annotations

import pytest

from federation.models import Person
from tests import factories as f
from tests.helpers import CONSENT

pytestmark = pytest.mark.django_db

PRIVATE = set(Person.PRIVATE_FIELDS)


def _member_in(club):
    return f.make_member(f.make_person(citizen_id=f"0010{club.pk:04d}{Person.objects.count():04d}",
                                       phone="0900000000", email="a@example.vn",
                                       address="1 Tràng Tiền"), club)


# Who sees the private fields of a member of club_a (district of Hà Nội)?
@pytest.mark.parametrize(("role", "sees"), [
    (None, False), ("nobody", False), ("manager_a", True), ("district_officer", True),
    ("hanoi_officer", True), ("hcm_officer", False), ("staff", True),
])
def test_private_fields_of_a_club_a_member(world, role, sees):
    member = _member_in(world.club_a)
    user = None if role is None else (f.make_user("nobody") if role == "nobody"
                                      else getattr(world, role))
    client = world.client(user)
    person = client.get(f"/api/v1/persons/{member.person.pk}/").json()
    listed = client.get(f"/api/v1/members/?card_number={member.card_number}").json()["results"][0]
    detail = client.get(f"/api/v1/members/{member.pk}/").json()
    for data in (person, listed["person"], detail["person"]):
        assert (PRIVATE <= set(data)) is sees, (role, data)
        if not sees:
            assert not (PRIVATE & set(data)), data
    # the public profile is always there: name, club, province
    assert person["full_name"] == member.person.full_name
    assert person["club"]["id"] == world.club_a.pk and person["province_code"] == "01"


def test_manager_does_not_see_private_fields_of_another_clubs_member(world):
    member = _member_in(world.club_b)
    data = world.client(world.manager_a).get(f"/api/v1/persons/{member.person.pk}/").json()
    assert not (PRIVATE & set(data))


def test_public_person_list_never_shows_private_fields(world):
    _member_in(world.club_a)
    f.make_person(citizen_id="099999999999")
    body = world.client(None).get("/api/v1/persons/?page_size=500").json()
    assert body["count"] >= 2
    for data in body["results"]:
        assert not (PRIVATE & set(data)), data
    assert "099999999999" not in str(body)


def test_a_user_sees_his_own_private_data(world):
    user = f.make_user("me")
    person = f.make_person(user=user, phone="0987654321")
    assert world.client(user).get(f"/api/v1/persons/{person.pk}/").json()["phone"] == "0987654321"


@pytest.mark.parametrize("path", ["applications", "dues", "attendance", "resignations",
                                  "transfers", "suspensions"])
def test_anonymous_cannot_read_private_resources(world, path):
    assert world.client(None).get(f"/api/v1/{path}/").status_code in (401, 403)


@pytest.mark.parametrize("path", ["provinces", "bodies", "board-positions", "clubs",
                                  "club-meetings", "play-groups", "persons", "members"])
def test_anonymous_reads_public_resources(world, path):
    assert world.client(None).get(f"/api/v1/{path}/").status_code == 200


@pytest.mark.parametrize("path", ["clubs", "persons", "bodies"])
def test_anonymous_cannot_write(world, path):
    assert world.client(None).post(f"/api/v1/{path}/", {}, format="json").status_code in (401, 403)


# Whose dues can each role list?  (club_a under the district, club_b Hà Nội, club_c HCM)
@pytest.mark.parametrize(("role", "clubs"), [
    ("manager_a", {"club_a"}),
    ("district_officer", {"club_a"}),
    ("hanoi_officer", {"club_a", "club_b"}),
    ("hcm_officer", {"club_c"}),
    ("staff", {"club_a", "club_b", "club_c"}),
])
def test_dues_ledger_scope(world, role, clubs):
    from datetime import date
    for name in ("club_a", "club_b", "club_c"):
        f.make_dues(f.make_member(club=getattr(world, name)), date(2026, 1, 1), date(2026, 6, 30))
    results = world.client(getattr(world, role)).get("/api/v1/dues/").json()["results"]
    ids = {world.club_a.pk: "club_a", world.club_b.pk: "club_b", world.club_c.pk: "club_c"}
    assert {ids[r["club"]] for r in results} == clubs


@pytest.mark.parametrize(("role", "status"), [
    ("manager_a", 201), ("district_officer", 201), ("hanoi_officer", 201),
    ("hcm_officer", 403), ("staff", 201),
])
def test_who_records_attendance_in_club_a(world, role, status):
    member = f.make_member(club=world.club_a)
    response = world.client(getattr(world, role)).post(
        "/api/v1/attendance/", {"member": member.pk, "date": "2026-02-02"}, format="json")
    assert response.status_code == status, response.content


@pytest.mark.parametrize(("role", "status"), [
    ("manager_a", 403), ("district_officer", 200), ("hanoi_officer", 200),
    ("hcm_officer", 404), ("staff", 200),
])
def test_who_approves_applications_of_club_a(world, role, status):
    application = world.client(world.manager_a).post("/api/v1/applications/", {
        "person": f.make_person().pk, "club": world.club_a.pk,
        "sponsor": world.sponsor.pk, "consent": CONSENT}, format="json").json()
    response = world.client(getattr(world, role)).post(
        f"/api/v1/applications/{application['id']}/approve/", {}, format="json")
    assert response.status_code == status, response.content


def test_lapse_job_is_staff_only(world):
    for role in ("manager_a", "hanoi_officer"):
        assert world.client(getattr(world, role)).post(
            "/api/v1/lapse-jobs/", {}, format="json").status_code == 403
    assert world.client(None).post("/api/v1/lapse-jobs/", {}, format="json").status_code in (401,
                                                                                             403)


def test_token_authentication_for_club_manager(world):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    token = Token.objects.create(user=world.manager_a)
    member = f.make_member(club=world.club_a)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post("/api/v1/attendance/", {"member": member.card_number,
                                                    "date": "2026-02-03"}, format="json")
    assert response.status_code == 201, response.content
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token wrong")
    assert bad.get("/api/v1/dues/").status_code == 401


def test_openapi_schema_lists_registry_endpoints(world):
    schema = world.client(None).get("/api/schema/?format=json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in ("/api/v1/applications/{id}/approve/", "/api/v1/lapse-jobs/",
                 "/api/v1/members/about-to-lapse/", "/api/v1/transfers/"):
        assert path in paths, path
