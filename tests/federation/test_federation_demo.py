"""``manage.py load_demo`` (issue 3 §8): bodies, 20 clubs, ~500 members, coherent with the rules."""

from __future__ import annotations

import random
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.utils import timezone

from federation import demo, services
from federation.models import (
    Body,
    Club,
    Member,
    MembershipApplication,
    Person,
)
from federation.selectors import members_about_to_lapse

pytestmark = pytest.mark.django_db


def test_load_demo_creates_a_coherent_federation():
    out = StringIO()
    call_command("load_demo", stdout=out)
    printed = out.getvalue()
    assert "20 clubs" in printed and "demo / demo-password-2026" in printed
    assert Club.objects.count() == 20
    assert Body.objects.filter(level="district").exists()
    assert 450 <= Member.objects.count() <= 550
    assert Member.objects.filter(status="lapsed").exists()
    assert Member.objects.filter(status="resigned").exists()
    assert all(" " in name for name in Person.objects.values_list("full_name", flat=True))
    # demo users
    staff = authenticate(username="demo", password="demo-password-2026")
    assert staff is not None and staff.is_staff and staff.is_superuser
    assert authenticate(username="demo-officer", password="demo-password-2026").officer_of.exists()
    assert authenticate(username="demo-manager",
                        password="demo-password-2026").managed_clubs.count() == 1
    # members are in good standing on the day of loading (Điều 15.5), some close to lapsing
    today = timezone.localdate()
    result = services.lapse_members({"date": today.isoformat()}, lambda p, m="": None)
    assert result["lapsed"] == 0
    assert members_about_to_lapse(today, 30)
    # the card sequence continues after the demo's cards: a new approval gets a fresh number
    pending = MembershipApplication.objects.filter(status="pending").first()
    cards_before = set(Member.objects.values_list("card_number", flat=True))
    member = services.approve_application(pending, by=staff)
    assert member.card_number not in cards_before


def test_load_demo_if_empty_does_nothing_when_data_exists():
    call_command("load_demo", stdout=StringIO())
    count = Member.objects.count()
    out = StringIO()
    call_command("load_demo", "--if-empty", stdout=out)
    assert "nothing loaded" in out.getvalue()
    assert Member.objects.count() == count


def test_names_are_deterministic_for_a_seed():
    first = [demo.vietnamese_name(random.Random(7), "M") for _ in range(3)]
    again = [demo.vietnamese_name(random.Random(7), "M") for _ in range(3)]
    assert first == again


def test_other_apps_can_add_loaders():
    from federation.management.commands.load_demo import discovered_loaders

    loaders = discovered_loaders()
    assert loaders[:len(demo.LOADERS)] == demo.LOADERS
