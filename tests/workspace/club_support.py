"""A small federation for the club manager's and the officer's screens (issue 27): two
provinces, a district body, clubs, members, users of every role and an event open for
registration, written through the factories and the services."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from federation.models import Body, Club, Member
from tests import factories as f
from tournaments import services as tournament_services
from tournaments.models import Tournament


@dataclass
class World:
    hanoi: Body           # provincial body (01)
    district: Body        # district body under hanoi
    hcm: Body             # provincial body (79)
    club_a: Club          # under the district body: manager_a's club
    club_b: Club          # in TP Hồ Chí Minh: manager_b's club
    sponsor: Member       # an active member of club_a
    members: list         # active members of club_a (sponsor included)
    other: Member         # an active member of club_b
    staff: object
    manager_a: object
    manager_b: object
    officer_hanoi: object   # officer of the provincial body (sees the district's clubs)
    officer_hcm: object
    nobody: object          # signed in, no role
    member_user: object     # a member of club_a with a login (Person.user)
    event: Tournament       # open for registration, organised by the Hà Nội body


def build(members: int = 4) -> World:
    hanoi = f.make_body(name="Liên đoàn Cờ Hà Nội")
    district = f.make_body(level=Body.Level.DISTRICT, parent=hanoi, name="Liên đoàn Cờ Ba Đình")
    hcm = f.make_body(province_code="79", name="Liên đoàn Cờ TP Hồ Chí Minh")
    club_a = f.make_club(district, name="CLB Cờ Ba Đình", address="12 Phố Thử, Ba Đình")
    club_b = f.make_club(hcm, name="CLB Cờ Quận 1")
    people = [f.make_member(f.make_person(full_name=f"Hội Viên A{i + 1}",
                                          citizen_id=f"0010900{i:05d}"), club_a)
              for i in range(members)]
    other = f.make_member(f.make_person(full_name="Hội Viên Xa"), club_b)
    member_user = f.make_user("hoivien", first_name="Hội Viên", last_name="A1")
    people[0].person.user = member_user
    people[0].person.save()
    staff = f.make_staff()
    today = timezone.localdate()
    event = tournament_services.create_tournament(
        user=staff, name="Giải Cờ Tướng Mở Rộng", discipline="xiangqi", system="dutch",
        start_date=today + timedelta(days=30), end_date=today + timedelta(days=33),
        organiser_body=hanoi, number_of_rounds=5, registration_deadline=today + timedelta(days=10),
        quota_per_unit=3)
    tournament_services.open_registration(event, user=staff)
    return World(hanoi=hanoi, district=district, hcm=hcm, club_a=club_a, club_b=club_b,
                 sponsor=people[0], members=people, other=other, staff=staff,
                 manager_a=f.make_club_manager(club_a, "quanly-a"),
                 manager_b=f.make_club_manager(club_b, "quanly-b"),
                 officer_hanoi=f.make_officer(hanoi, "canbo-hn"),
                 officer_hcm=f.make_officer(hcm, "canbo-hcm"),
                 nobody=f.make_user("khongai"), member_user=member_user, event=event)


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client
