"""Benchmark of the tournaments app: a 1,000-player Dutch Swiss through its services.

Run: ``.venv/bin/python bench/bench_tournament.py [--players 1000] [--rounds 9]
[--history quick|dutch]`` (``DATABASE_URL`` selects the database as for the service; the
bench creates and drops its own test database ``test_<name>``, so no real data is touched).

Entries are registered through ``services.register_entry``. Rounds 1 .. N-1 are paired with
``chessrules.dutch.generator.quick_pair`` (a fast greedy Swiss, as bench/bench_dutch.py
does; ``--history dutch`` pairs them with the real job work instead, much slower for big
events) and written as rounds; their results go through ``services.record_results``. Round N
is then paired by the pairing job's work (``services.pair_round_job``: load from the
database, ``chessrules`` Dutch pairing, write the round in one transaction) and timed, and
the standings are computed with the tournament's tie-breaks and with every C.07 code.
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

    from chessrules.values import System
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
        user=staff, name="Bench open", discipline="chess", system=System.DUTCH,
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
    from chessrules.values import Result
    from tournaments import services

    items = [{"pairing": p.pk, "result": rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW,
                                                         Result.WHITE_WINS, Result.BLACK_WINS]),
              "version": p.version} for p in rnd.pairings.filter(kind="game")]
    start = time.perf_counter()
    services.record_results(rnd, items, user=staff)
    return time.perf_counter() - start


def write_quick_round(tournament, number: int) -> float:
    """Pair ``number`` with the greedy benchmark pairing and store it as a round."""
    from chessrules.dutch import DutchOptions, RoundEntry, SwissPlayer
    from chessrules.dutch.generator import quick_pair
    from chessrules.values import System
    from tournaments import engine
    from tournaments.models import Entry, Pairing, Round

    start = time.perf_counter()
    entries = {e.starting_number: e for e in Entry.objects.filter(tournament=tournament)}
    history = engine.history_of(tournament, number - 1)
    players = [SwissPlayer(n, e.rating, e.name) for n, e in entries.items()]
    rounds = {n: [RoundEntry(g.opponent, g.color, g.result) if (g := history[n].get(r))
                  else None for r in range(1, number)] for n in entries}
    pairs = quick_pair(players, rounds, number, DutchOptions())
    rnd = Round.objects.create(tournament=tournament, number=number, system=System.DUTCH,
                               engine_version="bench-quick-pair")
    Pairing.objects.bulk_create(
        Pairing(round=rnd, board=board, white=entries[p.white],
                black=entries[p.black] if p.black else None,
                kind="game" if p.black else "pab", bye_points=None if p.black else 1)
        for board, p in enumerate(pairs, 1))
    if tournament.status == "closed":
        tournament.status = "running"
        tournament.save(update_fields=["status"])
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9,
                        help="rounds to pair (the last one is the figure that matters)")
    parser.add_argument("--history", choices=["quick", "dutch"], default="quick",
                        help="how rounds 1..N-1 are paired (see the module docstring)")
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
            if number < args.rounds and args.history == "quick":
                quick = write_quick_round(tournament, number)
                entry = play(tournament.rounds.get(number=number), staff, rng)
                print(f"round {number:2}: greedy history pairing {quick:5.2f} s; "
                      f"bulk results {entry:5.2f} s")
                continue
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
