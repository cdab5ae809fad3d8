"""Fixtures of the games tests: a tournament with an arbiter, a round and its pairings."""

from __future__ import annotations

from datetime import date

import pytest

from federation.models import Province
from tests.factories import make_member, make_person, make_user
from tournaments.models import Entry, Official, Pairing, Round, Tournament


def make_tournament(discipline: str = "xiangqi", **kw) -> Tournament:
    kw.setdefault("name", "Giải Cờ tướng thử nghiệm")
    return Tournament.objects.create(
        discipline=discipline, start_date=date(2026, 5, 1), end_date=date(2026, 5, 7),
        system="round_robin", status=Tournament.Status.RUNNING, **kw)


def make_arbiter(tournament: Tournament, username: str | None = None):
    user = make_user(username)
    person = make_person(full_name=f"Trọng Tài {user.username}", user=user)
    Official.objects.create(tournament=tournament, person=person, role="arbiter")
    return user


def make_entry(tournament: Tournament, name: str, number: int) -> Entry:
    member = make_member(make_person(full_name=name))
    return Entry.objects.create(tournament=tournament, member=member, name=name,
                                starting_number=number)


def make_round(tournament: Tournament, number: int, players: list[tuple[Entry, Entry]]):
    rnd = Round.objects.create(tournament=tournament, number=number, system="round_robin",
                               engine_version="test")
    pairings = [Pairing.objects.create(round=rnd, board=i, white=w, black=b)
                for i, (w, b) in enumerate(players, 1)]
    return rnd, pairings


NAMES = ["Lại Lý Huynh", "Nguyễn Thành Bảo", "Trềnh A Sáng", "Uông Dương Bắc",
         "Nguyễn Hoàng Lâm", "Tôn Thất Nhật Tân"]


@pytest.fixture
def event(db):
    """A running xiangqi tournament, its arbiter, six entries and round 1 (three boards)."""
    # transactional tests (the job worker) flush the provinces shipped by the data migration
    Province.objects.get_or_create(code="01", defaults={"name": "Hà Nội"})
    tournament = make_tournament()
    arbiter = make_arbiter(tournament)
    entries = [make_entry(tournament, name, i) for i, name in enumerate(NAMES, 1)]
    rnd, pairings = make_round(tournament, 1, [(entries[0], entries[5]),
                                               (entries[1], entries[4]),
                                               (entries[2], entries[3])])
    return type("Event", (), {"tournament": tournament, "arbiter": arbiter, "entries": entries,
                              "round": rnd, "pairings": pairings})
