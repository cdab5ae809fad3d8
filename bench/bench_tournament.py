"""Benchmark of the tournaments app: a 1,000-player Dutch Swiss through its services.

Run: ``.venv/bin/python bench/bench_tournament.py [--players 1000] [--rounds 9]``
(``DATABASE_URL`` selects the database as for the service; the bench creates and drops its
own test database ``test_<name>``, so no real data is touched).

Prints, per round, the time of the pairing job's work (``services.pair_round_job``: load from
the database, ``chessrules`` Dutch pairing, write the round) and of bulk result entry, then
the time to compute the standings with the tournament's tie-breaks and with every C.07 code.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

ALL_CODES = ["BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1", "DE", "WIN", "WON", "BPG",
             "BWG", "ARO", "ARO-C1", "PS", "BH-VN"]


def build(players: int):
    from django.contrib.auth import get_user_model

    from federation.models import Body, Club, ClubMembership, Member, Person, Province
    from tournaments import services

    staff = get_user_model().objects.create_user("bench", password="bench-pass-1",
                                                 is_staff=True)
    province = Province.objects.first()
    body = Body.objects.create(name="Liên đoàn bench", level="provincial", province=province)
    club = Club.objects.create(name="CLB bench", body=body, province=province,
                               kind=Club.Kind.RESIDENTIAL)
    persons = Person.objects.bulk_create(
        Person(full_name=f"Đấu Thủ {i:04d}", name_folded=f"dau thu {i:04d}", gender="M",
               date_of_birth=date(1990, 1, 1), province=province) for i in range(players))
    members = Member.objects.bulk_create(
        Member(person=p, card_number=f"B-{i:05d}", joined_on=date(2020, 1, 1), status="active")
        for i, p in enumerate(persons))
    ClubMembership.objects.bulk_create(
        ClubMembership(member=m, club=club, started_on=date(2020, 1, 1)) for m in members)
    tournament = services.create_tournament(
        user=staff, name="Bench open", discipline="chess", system="dutch",
        number_of_rounds=11, start_date=date(2026, 6, 1), end_date=date(2026, 6, 9),
        organiser_body=body, tiebreaks="BH-C1,BH,SB,WIN")
    services.open_registration(tournament, user=staff)
    rng = random.Random(1)
    start = time.perf_counter()
    for member in members:
        services.register_entry(tournament, member, user=staff,
                                rating=rng.randint(1000, 2700))
    registration = time.perf_counter() - start
    services.close_registration(tournament, user=staff, seed=1)
    return staff, tournament, registration


def play(rnd, staff, rng: random.Random) -> float:
    from tournaments import services

    items = [{"pairing": p.pk, "result": rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"]),
              "version": p.version} for p in rnd.pairings.filter(kind="game")]
    start = time.perf_counter()
    services.record_results(rnd, items, user=staff)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9,
                        help="rounds to pair (the last one is the figure that matters)")
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        from tournaments import engine, selectors, services

        print(f"database: {connection.vendor}; players: {args.players}; "
              f"load: {os.getloadavg()[0]:.2f} (2 shared cores: figures are noisy)")
        staff, tournament, registration = build(args.players)
        print(f"registration of {args.players} entries through services.register_entry: "
              f"{registration:.1f} s")
        rng = random.Random(2)
        for number in range(1, args.rounds + 1):
            start = time.perf_counter()
            summary = services.pair_round_job(
                {"tournament": tournament.pk, "round": number, "seed": number},
                lambda *a: None)
            pairing = time.perf_counter() - start
            rnd = tournament.rounds.get(number=number)
            entry = play(rnd, staff, rng)
            print(f"round {number:2}: pair (job work) {pairing:7.2f} s  "
                  f"({summary['boards']} boards); bulk results {entry:5.2f} s")
        start = time.perf_counter()
        table = selectors.standings(tournament)
        standings = time.perf_counter() - start
        start = time.perf_counter()
        engine.standings(tournament, args.rounds, ALL_CODES)
        every = time.perf_counter() - start
        print(f"standings after round {table['after_round']} ({len(table['rows'])} players, "
              f"{','.join(table['tiebreaks'])}): {standings:.2f} s")
        print(f"standings with all {len(ALL_CODES)} C.07/federation tie-breaks: {every:.2f} s")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        settings.DATABASES["default"]["NAME"] = old_name


if __name__ == "__main__":
    main()
