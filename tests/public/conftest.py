"""Builders of finished events for the public API tests (through the services)."""

from __future__ import annotations

import random
from datetime import date

import pytest
from django.core.cache import cache

from tests.factories import make_body, make_club, make_member, make_person, make_staff
from tournaments import services
from tournaments.models import Pairing

PRIVATE_KEYS = {"date_of_birth", "citizen_id", "phone", "email", "address", "birth_year",
                "birth", "contact"}


def build_round_robin(players: int, *, certify: bool = True, seed: int = 7, staff=None):
    """A round robin of ``players`` members, every round played (random results)."""
    rng = random.Random(seed)
    staff = staff or make_staff()
    body = make_body()
    club = make_club(body, name=f"Câu lạc bộ Cờ Tướng Hoàn Kiếm {seed}")
    t = services.create_tournament(
        user=staff, name=f"Giải Cờ Tướng Hà Nội mở rộng {seed}", discipline="xiangqi",
        system="round_robin", start_date=date(2026, 3, 1), end_date=date(2026, 3, 9),
        organiser_body=body)
    services.open_registration(t, user=staff)
    for i in range(players):
        person = make_person(full_name=f"Nguyễn Văn Đấu Thủ {seed}-{i}",
                             date_of_birth=date(2001, 2, 3), phone="0912345678",
                             email=f"p{seed}-{i}@example.vn", citizen_id=f"0010{seed:03d}{i:05d}")
        services.register_entry(t, make_member(person, club), user=staff, rating=2000 + 10 * i)
    services.close_registration(t, user=staff, seed=seed)
    t.refresh_from_db()
    for number in range(1, t.number_of_rounds + 1):
        services.pair_round_job({"tournament": t.pk, "round": number, "seed": seed}, _quiet)
        rnd = t.rounds.get(number=number)
        items = [{"pairing": p.pk, "result": rng.choice(["1-0", "0-1", "1/2-1/2"]),
                  "version": p.version}
                 for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)]
        services.record_results(rnd, items, user=staff)
    services.finish_tournament(t, user=staff)
    if certify:
        services.certify_tournament(t, user=staff)
    t.refresh_from_db()
    return t


def _quiet(percent, message=""):
    pass


def private_keys_in(data) -> set[str]:
    """Every key anywhere in a JSON document that names private data."""
    found = set()
    if isinstance(data, dict):
        found |= PRIVATE_KEYS & set(data)
        for value in data.values():
            found |= private_keys_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= private_keys_in(value)
    return found


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()
