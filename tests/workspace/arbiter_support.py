"""Events for the arbiter's screens' tests (issue 27): a Swiss with its chief arbiter (a user
linked to a person, as ``demo-arbiter``), drawn and ready to pair, written through the
services."""

from __future__ import annotations

from datetime import date, timedelta

from django.test import Client

from tests.factories import make_body, make_club, make_member, make_person, make_staff, make_user
from tournaments import services
from tournaments.models import Official

START = date(2026, 5, 4)


def arbiter_user(name: str = "Trọng Tài Chính"):
    user = make_user()
    make_person(full_name=name, user=user)
    return user


def event(players: int = 8, *, discipline: str = "xiangqi", system: str = "dutch",
          rounds: int | None = None, arbiter=None, staff=None, name: str = "Giải Cờ Tướng Thử",
          late_minutes: int = 30, paired: int = 0):
    """A drawn Swiss of ``players`` members whose chief arbiter is ``arbiter`` (a new one by
    default); ``paired`` rounds paired (results not entered)."""
    staff = staff or make_staff()
    body = make_body()
    club = make_club(body)
    rounds = rounds or min(5, players - 1)
    fields = {"number_of_rounds": rounds} if system not in ("round_robin",) else {}
    t = services.create_tournament(
        user=staff, name=name, discipline=discipline, system=system, start_date=START,
        end_date=START + timedelta(days=6), organiser_body=body,
        late_arrival_minutes=late_minutes, **fields)
    services.open_registration(t, user=staff)
    for i in range(players):
        services.register_entry(t, make_member(make_person(full_name=f"Kỳ Thủ {name} {i + 1}"),
                                               club), user=staff, rating=2200 - 10 * i)
    services.close_registration(t, user=staff, seed=5)
    arbiter = arbiter or arbiter_user()
    Official.objects.create(tournament=t, person=arbiter.person, role=Official.Role.CHIEF)
    for number in range(1, paired + 1):
        services.pair_round_job({"tournament": t.pk, "round": number, "seed": 3},
                                lambda *a: None)
    t.refresh_from_db()
    return t, arbiter, staff


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(t, path: str = "", lang: str = "") -> str:
    return f"{'/en' if lang == 'en' else ''}/lam-viec/trong-tai/giai/{t.pk}/{path}"
