"""Tournament factories: a tournament row written directly (fast, no checks), a tournament
made through the services (checked, with entries and the drawing of lots), its officials,
entries and rounds.

    tournament = make_tournament()                          # a running xiangqi Swiss, May 2026
    t = create_tournament(staff, players=6, seed=7)         # 6 entries, starting numbers drawn
    arbiter = make_official(tournament)                     # a user who arbitrates it
    rnd, pairings = make_round(tournament, 1, [(a, b), (c, d)])
"""

from __future__ import annotations

import itertools
import random
from datetime import date, timedelta

from tests.factories.federation import make_member, make_person, make_user, national_body
from tournaments import services
from tournaments.models import Entry, Official, Pairing, Round, Tournament

#: The default first day of the factories' tournaments (a Monday).
START = date(2026, 5, 4)

_seq = itertools.count(1)


def make_tournament(*, discipline: str = "xiangqi", system: str = "swiss_draw",
                    status: str = Tournament.Status.RUNNING, start_date: date = START,
                    end_date: date | None = None, **kw) -> Tournament:
    """A tournament row written directly (no service checks): running, a week long."""
    kw.setdefault("name", "Giải Vô địch Cờ Tướng Hà Nội mở rộng")
    kw.setdefault("venue", "Cung Văn hóa Hữu nghị, Hà Nội")
    return Tournament.objects.create(
        discipline=discipline, system=system, status=status, start_date=start_date,
        end_date=end_date or start_date + timedelta(days=6), **kw)


def create_tournament(user, *, players: int = 0, ratings: list[int] | None = None,
                      seed: int | None = None, registering: bool = False,
                      **fields) -> Tournament:
    """A tournament through ``tournaments.services`` (every check of a real one): by default a
    xiangqi Dutch Swiss of 5 rounds over five days from ``START``, organised by the national
    body, in draft (open for registration with ``registering``). With ``players`` (or
    ``ratings``), registration is opened and that many new
    members entered (ratings 2000, 1990, ... unless given); with ``seed``, registration is
    closed and the starting numbers drawn with that lot (Điều 28)."""
    fields.setdefault("name", f"Giải thử {next(_seq)}")
    fields.setdefault("discipline", "xiangqi")
    fields.setdefault("system", "dutch")
    if fields["system"] not in ("round_robin", "double_round_robin"):
        fields.setdefault("number_of_rounds", 5)
    fields.setdefault("start_date", START)
    fields.setdefault("end_date", fields["start_date"] + timedelta(days=4))
    fields.setdefault("organiser_body", national_body())
    t = services.create_tournament(user=user, **fields)
    ratings = ratings if ratings is not None else [2000 - 10 * i for i in range(players)]
    if registering or ratings or seed is not None:
        services.open_registration(t, user=user)
        for rating in ratings:
            services.register_entry(t, make_member(), user=user, rating=rating)
    if seed is not None:
        services.close_registration(t, user=user, seed=seed)
    t.refresh_from_db()
    return t


def make_official(tournament: Tournament, *, role: str = "arbiter", name: str | None = None,
                  username: str | None = None):
    """A user who is an official (``role``) of ``tournament``; returns the user."""
    user = make_user(username)
    person = make_person(full_name=name or f"Trọng Tài {user.username}", user=user)
    Official.objects.create(tournament=tournament, person=person, role=role)
    return user


def make_entry(tournament: Tournament, name: str, number: int, **kw) -> Entry:
    """An entry of a new member, with starting number ``number``."""
    member = make_member(make_person(full_name=name))
    return Entry.objects.create(tournament=tournament, member=member, name=name,
                                starting_number=number, **kw)


FAMILY = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng"]
GIVEN = ["Thành Bảo", "Lý Huynh", "Hoàng Lâm", "Thị Hương", "Đức Thắng", "Quang Liêm",
         "Văn Được", "Thị Ánh", "Minh Nhật", "Ngọc Sơn"]


def player_name(i: int) -> str:
    return f"{FAMILY[i % 10]} {GIVEN[(i // 10) % 10]} {i + 1}"


def add_entries(tournament: Tournament, count: int, *, with_members: bool = False,
                titles: dict[int, str] | None = None) -> list[Entry]:
    """``count`` entries numbered 1..count, rated 2400 down (members only when asked:
    slower)."""
    titles = titles or {}
    rows = []
    for i in range(count):
        member = make_member(make_person(full_name=player_name(i))) if with_members else None
        rows.append(Entry(tournament=tournament, member=member, name=player_name(i),
                          starting_number=i + 1, rating=2400 - i, title=titles.get(i + 1, "")))
    return Entry.objects.bulk_create(rows)


def make_round(tournament: Tournament, number: int, players: list[tuple[Entry, Entry]], *,
               system: str = "round_robin", **kw) -> tuple[Round, list[Pairing]]:
    """Round ``number`` with one board per (White, Black) pair, no results."""
    rnd = Round.objects.create(tournament=tournament, number=number, system=system,
                               engine_version="test", **kw)
    pairings = [Pairing.objects.create(round=rnd, board=i, white=w, black=b)
                for i, (w, b) in enumerate(players, 1)]
    return rnd, pairings


def circle_rounds(count: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Rounds of the circle method on indexes 0..count-1 (even count): no rematch."""
    assert count % 2 == 0
    others = list(range(1, count))
    schedule = []
    for r in range(rounds):
        ring = [0] + others
        pairs = [(ring[i], ring[count - 1 - i]) for i in range(count // 2)]
        schedule.append([(a, b) if (r + i) % 2 == 0 else (b, a) for i, (a, b) in enumerate(pairs)])
        others = others[-1:] + others[:-1]
    return schedule


def play(tournament: Tournament, entries: list[Entry], schedule, *, seed: int = 7,
         results: dict | None = None, complete: bool = True) -> list[Round]:
    """Write the rounds of ``schedule`` (index pairs, White first) with results: from
    ``results[(round, board)]`` when given, else drawn from a seeded generator."""
    rng = random.Random(seed)
    made = []
    for number, pairs in enumerate(schedule, 1):
        rnd = Round.objects.create(
            tournament=tournament, number=number, system=tournament.system,
            engine_version="test",
            status=Round.Status.COMPLETE if complete else Round.Status.PAIRED)
        rows = []
        for board, (w, b) in enumerate(pairs, 1):
            result = (results or {}).get((number, board)) or rng.choice(
                ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"])
            rows.append(Pairing(round=rnd, board=board, white=entries[w], black=entries[b],
                                result=result if complete else ""))
        Pairing.objects.bulk_create(rows)
        made.append(rnd)
    return made
