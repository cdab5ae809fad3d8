"""Builders of finished events for the public API tests (through the services)."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from django.core.cache import cache

from tests.factories import make_body, make_club, make_member, make_person, make_staff
from tournaments import services
from tournaments.models import Pairing

PRIVATE_KEYS = {"date_of_birth", "citizen_id", "phone", "email", "address", "birth_year",
                "birth", "contact"}


#: A short legal opening of each discipline, as the players write it (Điều 11.2a) and the
#: same moves in the other notations, derived by hand from the notation rules (central cannon
#: "Pháo 2 bình 5", horse "Mã 8 tiến 7" ...; chess 1. e4 e5 2. Nf3 Nc6), not from the code.
OPENINGS = {
    "xiangqi": {"written": "P2-5 M8.7 M2.3 X9-8", "notation": "vn",
                "vn": ["P2-5", "M8.7", "M2.3", "X9-8"],
                "vn-words": ["Pháo 2 bình 5", "Mã 8 tiến 7", "Mã 2 tiến 3", "Xe 9 bình 8"],
                "wxf": ["C2=5", "H8+7", "H2+3", "R9=8"],
                "iccs": ["h2e2", "h9g7", "h0g2", "i9h9"]},
    "chess": {"written": "e4 e5 Nf3 Nc6", "notation": "san",
              "san": ["e4", "e5", "Nf3", "Nc6"], "uci": ["e2e4", "e7e5", "g1f3", "b8c6"],
              "vn": ["e4", "e5", "Mf3", "Mc6"]},
}


def build_knockout(players: int, *, seed: int = 11):
    """A knockout (Điều 25) of ``players`` members with private data, round 1 paired and
    played — enough for its public bracket."""
    staff = make_staff()
    body = make_body()
    club = make_club(body, name=f"Câu lạc bộ Cờ Tướng Ba Đình {seed}")
    t = services.create_tournament(
        user=staff, name=f"Cúp Cờ Tướng loại trực tiếp {seed}", discipline="xiangqi",
        system="knockout", start_date=date(2026, 3, 1), end_date=date(2026, 3, 9),
        organiser_body=body)
    services.open_registration(t, user=staff)
    for i in range(players):
        person = make_person(full_name=f"Trần Văn Kỳ Thủ {seed}-{i}",
                             date_of_birth=date(2001, 2, 3), phone="0912345678",
                             email=f"k{seed}-{i}@example.vn", citizen_id=f"0020{seed:03d}{i:05d}")
        services.register_entry(t, make_member(person, club), user=staff, rating=2000 + 10 * i)
    services.close_registration(t, user=staff, seed=seed)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": seed}, _quiet)
    rnd = t.rounds.get(number=1)
    services.record_results(rnd, [{"pairing": p.pk, "result": "1-0", "version": p.version}
                                  for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)],
                            user=staff)
    return t


def build_simultaneous(*, seed: int = 13):
    """A simultaneous match of two teams of 3 (Điều 30.2.1), members with private data,
    game 1 paired and played — enough for the public team and board tables."""
    staff = make_staff()
    body = make_body()
    club = make_club(body, name=f"Câu lạc bộ Cờ Tướng Đống Đa {seed}")
    t = services.create_tournament(
        user=staff, name=f"Đối kháng đồng loạt {seed}", discipline="xiangqi",
        system="simultaneous", number_of_rounds=2, boards_per_team=3, reserves_per_team=1,
        start_date=date(2026, 3, 1), end_date=date(2026, 3, 9), organiser_body=body)
    services.open_registration(t, user=staff)
    for team in range(2):
        roster = []
        for i in range(4):
            person = make_person(full_name=f"Lê Văn Đồng Đội {seed}-{team}-{i}",
                                 date_of_birth=date(2001, 2, 3), phone="0912345678",
                                 email=f"d{seed}-{team}-{i}@example.vn",
                                 citizen_id=f"0030{seed:03d}{team}{i:04d}")
            roster.append((make_member(person, club), i + 1))
        services.register_team(t, f"Đội {team + 1}", roster, user=staff)
    services.close_registration(t, user=staff, seed=seed)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": seed}, _quiet)
    rnd = t.rounds.get(number=1)
    services.record_results(rnd, [{"pairing": p.pk, "result": "1-0", "version": p.version}
                                  for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)],
                            user=staff)
    return t


def build_round_robin(players: int, *, certify: bool = True, seed: int = 7, staff=None,
                      discipline: str = "xiangqi", with_games: bool = False,
                      club=None, birth_year: int = 2001):
    """A round robin of ``players`` members, every round played (random results); with
    ``with_games``, a validated game record (:data:`OPENINGS`) for every game played."""
    rng = random.Random(seed)
    staff = staff or make_staff()
    body = make_body()
    club = club or make_club(body, name=f"Câu lạc bộ Cờ Tướng Hoàn Kiếm {seed}")
    t = services.create_tournament(
        user=staff, name=f"Giải Cờ Tướng Hà Nội mở rộng {seed}", discipline=discipline,
        system="round_robin", start_date=date(2026, 3, 1), end_date=date(2026, 3, 9),
        organiser_body=body)
    services.open_registration(t, user=staff)
    for i in range(players):
        person = make_person(full_name=f"Nguyễn Văn Đấu Thủ {seed}-{i}",
                             date_of_birth=date(birth_year, 2, 3), phone="0912345678",
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
    if with_games:
        add_game_records(t, staff)
    services.finish_tournament(t, user=staff)
    if certify:
        services.certify_tournament(t, user=staff)
    t.refresh_from_db()
    return t


def add_game_records(tournament, staff) -> list:
    """A record of :data:`OPENINGS` for every game of the tournament, validated now (the
    validation job's work, run in the test's transaction)."""
    from games import services as game_services

    opening = OPENINGS[tournament.discipline]
    records = []
    for pairing in Pairing.objects.filter(round__tournament=tournament, kind=Pairing.Kind.GAME,
                                          result__in=["1-0", "0-1", "1/2-1/2"]):
        game, _job = game_services.create_game(
            user=staff, pairing=pairing, moves_text=opening["written"],
            notation=opening["notation"], declared_score=pairing.result)
        game_services.validate_game_work({"game_id": game.pk}, _quiet)
        game.refresh_from_db()
        records.append(game)
    return records


def seed_ratings(persons, *, staff=None, discipline: str = "xiangqi",
                 time_control_class: str = "standard", month: int = 1, base: int = 1800):
    """A published (seeded) period of the list: person i rated ``base + 10 * i``."""
    from ratings import services as rating_services
    from ratings.models import RatingList

    rating_list = RatingList.objects.get(discipline=discipline,
                                         time_control_class=time_control_class)
    start = date(2026, month, 1)
    end = date(2026, month + 1, 1) - timedelta(days=1)
    return rating_services.seed_period(
        rating_list, start, end, {p.pk: (base + 10 * i, 30) for i, p in enumerate(persons)},
        user=staff or make_staff())


def award_title(person, title: str = "national_master", *, number: int = 17,
                issued_on: date = date(2026, 4, 2)):
    """A national title awarded by a numbered decision (Phụ lục 6)."""
    from documents.models import Decision
    from ratings.models import PlayerTitle

    decision = Decision.objects.create(
        year=issued_on.year, number=number, kind=Decision.Kind.TITLE_AWARD, issued_on=issued_on,
        subject="Phong đẳng cấp", signer_position="CHỦ TỊCH", signer_name="Lê Văn Ký")
    return PlayerTitle.objects.create(person=person, title=title, awarded_on=issued_on,
                                      decision=decision)


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
