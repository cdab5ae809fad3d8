"""Time one rating period end to end through ``ratings.services.compute_period`` (issue 8):
100,000 players and 1,000,000 games on the configured database (target: at most 60 s).

Run (PostgreSQL, as the target is measured)::

    createdb -h 127.0.0.1 -U postgres vcf_bench_ratings
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench_ratings \\
        .venv/bin/python manage.py migrate
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench_ratings \\
        .venv/bin/python bench/bench_rating_period.py [--players N] [--games N] [--seed S]

The set-up (not timed) writes, with COPY, N persons and members, a published October list
(nine in ten rated, the rest new), and certified tournaments of 100 players × 10 rounds whose
games add up to the requested number, all certified in November. It is kept between runs (a
second run with the same sizes reuses it). The timed part is what the period job does: read the
previous list and the rated games, rate them (``rate_period``), replace the period's rows
(players and per-event details) in one transaction, and publish. The period is then computed a
second time to show that a re-run replaces the rows (same count) and to time it again.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection, models, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from chessrules.values import Result, System  # noqa: E402
from federation.models import Member, Person  # noqa: E402
from ratings import services  # noqa: E402
from ratings.models import PlayerRating, RatingChangeDetail, RatingList, RatingPeriod  # noqa: E402
from tournaments.models import Entry, Pairing, Round, Tournament  # noqa: E402

PLAYERS_PER_EVENT = 100
ROUNDS = 10
BENCH_PREFIX = "bench-rating"
TZ = ZoneInfo("Asia/Ho_Chi_Minh")


def _next_id(model) -> int:
    return (model.objects.aggregate(m=models.Max("pk"))["m"] or 0) + 1


def _base_row(model, **fixed) -> tuple[list[str], list]:
    """Columns and a default row (auto_now fields filled) of ``model``."""
    import json

    template = model(**fixed)
    columns, values = [], []
    for field in model._meta.concrete_fields:
        value = field.pre_save(template, True)
        if isinstance(field, models.JSONField) and value is not None:
            value = json.dumps(value)
        elif isinstance(field, models.FileField):
            value = value.name or ""
        elif isinstance(field, models.ForeignKey) or field.primary_key:
            pass
        elif value is not None:
            value = field.get_db_prep_save(value, connection)
        columns.append(field.column)
        values.append(value)
    return columns, values


quote = connection.ops.quote_name  # "group" is a reserved word in PostgreSQL


def copy_rows(model, rows, **fixed) -> int:
    """COPY ``rows`` (dicts of column → value, overriding the model defaults) into ``model``."""
    columns, base = _base_row(model, **fixed)
    index = {column: i for i, column in enumerate(columns)}
    count = 0
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {quote(model._meta.db_table)} ({', '.join(map(quote, columns))}) "
            "FROM STDIN") as copy:
        for row in rows:
            values = list(base)
            for column, value in row.items():
                values[index[column]] = value
            copy.write_row(values)
            count += 1
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT setval(pg_get_serial_sequence('{model._meta.db_table}', 'id'), "
                       f"(SELECT MAX(id) FROM {quote(model._meta.db_table)}))")
    return count


def build(players: int, games: int, rng: random.Random, rating_list: RatingList) -> None:
    start = time.perf_counter()
    person0, member0 = _next_id(Person), _next_id(Member)
    copy_rows(Person, ({"id": person0 + i, "full_name": f"Bench Player {i}",
                        "name_folded": f"bench player {i}", "gender": "F" if i % 5 == 0 else "M",
                        "date_of_birth": date(rng.randint(1950, 2016), 1 + i % 12, 1)}
                       for i in range(players)), gender="M", full_name="x")
    copy_rows(Member, ({"id": member0 + i, "person_id": person0 + i,
                        "card_number": f"B-{person0 + i}"} for i in range(players)),
              joined_on=date(2020, 1, 1))
    print(f"  persons and members: {time.perf_counter() - start:.1f} s")

    october = RatingPeriod.objects.create(rating_list=rating_list, start=date(2026, 10, 1),
                                          end=date(2026, 10, 31),
                                          status=RatingPeriod.Status.PUBLISHED,
                                          computed_at=timezone.now(), published_at=timezone.now())
    ratings = {}
    rating0 = _next_id(PlayerRating)

    def rating_rows():
        for i in range(players):
            if rng.random() < 0.1:  # new players without a rating
                ratings[person0 + i] = None
                continue
            rating = max(1400, min(2700, int(rng.gauss(1750, 250))))
            ratings[person0 + i] = rating
            yield {"id": rating0 + i, "person_id": person0 + i, "rating": rating, "old_rating": rating,
                   "total_games": rng.randint(0, 300), "peak_rating": rating,
                   "published": True, "birth_year": rng.randint(1950, 2016)}

    copy_rows(PlayerRating, rating_rows(), period=october)
    print(f"  October list: {time.perf_counter() - start:.1f} s")

    events = max(1, games // (PLAYERS_PER_EVENT // 2 * ROUNDS))
    tournament0, entry0 = _next_id(Tournament), _next_id(Entry)
    round0, pairing0 = _next_id(Round), _next_id(Pairing)
    certified = datetime(2026, 11, 25, 12, 0, tzinfo=TZ)
    copy_rows(Tournament, ({"id": tournament0 + t, "name": f"{BENCH_PREFIX}-{t:05d}",
                            "start_date": date(2026, 11, 1 + t % 20),
                            "end_date": date(2026, 11, 1 + t % 20),
                            "certified_at": certified} for t in range(events)),
              name="x", discipline="xiangqi", time_control_class="standard",
              system=System.ROUND_ROBIN, status="certified", rated=True,
              start_date=date(2026, 11, 1), end_date=date(2026, 11, 1))
    rosters = [rng.sample(range(players), PLAYERS_PER_EVENT) for _ in range(events)]
    copy_rows(Entry, ({"id": entry0 + t * PLAYERS_PER_EVENT + k,
                       "tournament_id": tournament0 + t, "member_id": member0 + p,
                       "name": f"P{p}", "starting_number": k + 1}
                      for t, roster in enumerate(rosters) for k, p in enumerate(roster)),
              name="x")
    copy_rows(Round, ({"id": round0 + t * ROUNDS + r, "tournament_id": tournament0 + t,
                       "number": r + 1} for t in range(events) for r in range(ROUNDS)),
              system=System.ROUND_ROBIN, engine_version="bench", status="complete")
    print(f"  {events} tournaments, entries, rounds: {time.perf_counter() - start:.1f} s")

    def pairing_rows():
        pid = pairing0
        for t in range(len(rosters)):
            for r in range(ROUNDS):
                order = list(range(PLAYERS_PER_EVENT))
                rng.shuffle(order)
                for board in range(PLAYERS_PER_EVENT // 2):
                    white, black = order[2 * board], order[2 * board + 1]
                    draw = rng.random()
                    result = (Result.DRAW if draw < 0.3 else Result.WHITE_WINS if draw < 0.65
                              else Result.BLACK_WINS if draw < 0.995
                              else Result.WHITE_FORFEIT_WIN)
                    yield {"id": pid, "round_id": round0 + t * ROUNDS + r, "board": board + 1,
                           "white_id": entry0 + t * PLAYERS_PER_EVENT + white,
                           "black_id": entry0 + t * PLAYERS_PER_EVENT + black,
                           "result": result}
                    pid += 1

    count = copy_rows(Pairing, pairing_rows(), kind="game")
    print(f"  {count} games: {time.perf_counter() - start:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("bench_rating_period: set DATABASE_URL to a PostgreSQL database (see the "
                 "docstring); the COPY set-up and the 60 s target are for PostgreSQL")
    rating_list = RatingList.objects.get(discipline="xiangqi", time_control_class="standard")
    existing = Tournament.objects.filter(name__startswith=BENCH_PREFIX).count()
    wanted = max(1, args.games // (PLAYERS_PER_EVENT // 2 * ROUNDS))
    if existing != wanted or not RatingPeriod.objects.filter(rating_list=rating_list,
                                                             start=date(2026, 10, 1)).exists():
        if existing or RatingPeriod.objects.filter(rating_list=rating_list).exists():
            sys.exit(f"bench_rating_period: the database holds another bench set ({existing} "
                     "tournaments); drop and re-create it (dropdb/createdb + migrate)")
        print(f"set-up: {args.players} players, {args.games} games (COPY; not timed)")
        with transaction.atomic():
            build(args.players, args.games, random.Random(args.seed), rating_list)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    else:
        print("set-up: reusing the bench data already in the database")
    november = services.get_or_create_period(rating_list, date(2026, 11, 1))
    games = Pairing.objects.filter(round__tournament__name__startswith=BENCH_PREFIX).count()
    print(f"rating period {november.start:%Y-%m}: {games} pairings in "
          f"{wanted} certified tournaments")
    try:
        with open("/proc/loadavg") as handle:
            print(f"machine load (1/5/15 min): {' '.join(handle.read().split()[:3])}")
    except OSError:
        pass
    for attempt in ("first run", "re-run (replaces the rows)"):
        marks: list[tuple[float, str]] = []
        start = time.perf_counter()

        def progress(percent: float, message: str = "") -> None:
            marks.append((time.perf_counter() - start, message))  # noqa: B023

        result = services.compute_period(november, progress=progress)
        total = time.perf_counter() - start
        steps = ", ".join(f"{message} at {seconds:.1f} s" for seconds, message in marks)
        print(f"{attempt}: {total:.1f} s end to end (target ≤ 60 s) [{steps}]")
        print(f"  players on the list {result['players']}, rated {result['rated']}, "
              f"first ratings {result['became_rated']}, delisted {result['delisted']}, "
              f"rated games {result['games']}")
        print(f"  rows: {PlayerRating.objects.filter(period=november).count()} players, "
              f"{RatingChangeDetail.objects.filter(player_rating__period=november).count()} "
              "per-event details")


if __name__ == "__main__":
    main()
