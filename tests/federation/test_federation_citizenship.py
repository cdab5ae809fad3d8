"""Phụ lục 2 Điều 8.1: "Là công dân" — a member is a citizen of Việt Nam; the person's
citizenship is recorded (FIDE's three-letter code) and an application for a foreigner is
refused (he plays as a guest, Điều 17.2). docs/decisions-federation.md."""

from __future__ import annotations

import pytest

from federation.models import Person
from tests import factories as f
from tests.helpers import CONSENT, assert_error

pytestmark = pytest.mark.django_db


def test_citizenship_is_recorded_and_checked_dieu_8_1(world):
    staff = world.client(world.staff)
    created = staff.post("/api/v1/persons/", {"full_name": "Somchai Phommavong", "gender": "M",
                                              "citizenship": "lao"}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["citizenship"] == "LAO"
    assert Person.objects.get(pk=created.json()["id"]).citizenship == "LAO"
    assert f.make_person().citizenship == "VIE"  # the default
    assert_error(staff.post("/api/v1/persons/", {"full_name": "Sai Mã", "gender": "M",
                                                 "citizenship": "V1"}, format="json"),
                 400, field="citizenship")
    response = world.client(world.manager_a).post("/api/v1/applications/", {
        "person": created.json()["id"], "club": world.club_a.pk, "sponsor": world.sponsor.pk,
        "consent": CONSENT}, format="json")
    error = assert_error(response, 400, code="not_citizen", field="person")
    assert "8.1" in error["message"] and "LAO" in error["message"]
