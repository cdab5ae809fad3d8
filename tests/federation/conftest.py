"""A small federation for the API tests: two provinces, a district body, three clubs, users of
every role (staff, provincial officer, district officer, club manager, anonymous)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from federation.models import Body, Club, Member
from tests import factories as f
from tests.helpers import client_for


@dataclass
class World:
    national: Body
    hanoi: Body          # provincial body, Hà Nội (01)
    district: Body       # district body under hanoi
    hcm: Body            # provincial body, TP Hồ Chí Minh (79)
    club_a: Club         # under the district body
    club_b: Club         # directly under the Hà Nội body
    club_c: Club         # in TP Hồ Chí Minh
    sponsor: Member      # an active member of club_a
    staff: object
    hanoi_officer: object
    district_officer: object
    hcm_officer: object
    manager_a: object

    def client(self, user):
        from rest_framework.test import APIClient

        return APIClient() if user is None else client_for(user)


@pytest.fixture
def world(db) -> World:
    national = f.national_body()
    hanoi = f.make_body(province_code="01", name="Liên đoàn Cờ Hà Nội", parent=national)
    district = f.make_body(level=Body.Level.DISTRICT, province_code="01", parent=hanoi,
                           name="Liên đoàn Cờ quận Ba Đình")
    hcm = f.make_body(province_code="79", name="Liên đoàn Cờ TP Hồ Chí Minh", parent=national)
    club_a = f.make_club(district, name="CLB Cờ Ba Đình", province=f.province("01"))
    club_b = f.make_club(hanoi, name="CLB Cờ Đống Đa", province=f.province("01"), plays_chess=True)
    club_c = f.make_club(hcm, name="CLB Cờ Quận 1", province=f.province("79"),
                         plays_xiangqi=False, plays_chess=True)
    sponsor = f.make_member(f.make_person(full_name="Trần Văn Giới Thiệu"), club_a)
    return World(
        national=national, hanoi=hanoi, district=district, hcm=hcm,
        club_a=club_a, club_b=club_b, club_c=club_c, sponsor=sponsor,
        staff=f.make_staff("staff1"),
        hanoi_officer=f.make_officer(hanoi, "officer_hn"),
        district_officer=f.make_officer(district, "officer_bd"),
        hcm_officer=f.make_officer(hcm, "officer_hcm"),
        manager_a=f.make_club_manager(club_a, "manager_a"),
    )
