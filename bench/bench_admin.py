"""Every admin page at federation scale (issue 28): 50,000 persons, 500 clubs, 2,000 events and
200,000 games, and the time and query count of each changelist, add and change page.

Builds (once, reused by later runs of the same ``--scale``) a federation written directly with
``bulk_create`` in batches: persons (nine in ten of them members with a card and a club), clubs
under the provincial bodies, events (most certified, some running, some drafts) with 20 players
each, their rounds, pairings and result changes, game records (half of them the events' boards,
half standalone old records), a rating period over every member and the jobs of the events.
Then opens, through the test client as a superuser (middleware, admin, templates), every
registered admin model's changelist, add page and the change page of a row from the middle of
its table, plus the search boxes (autocomplete) and a name search, ``--samples`` times each
after one warm-up, and prints a table: p50/p95 in ms and the page's query count, marking the
pages over the targets (25 queries, p95 300 ms).

    createdb -h 127.0.0.1 -U postgres vcf_bench_admin
    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench_admin
    python manage.py migrate && python bench/bench_admin.py --build-only   # once, ~10 min
    python bench/bench_admin.py --reuse [--samples 7] [--only person]     # every later run

``--reuse`` refuses to build (an unseeded database is an error, not a 10-minute load);
``--scale 0.1`` builds a tenth of everything (5,000 persons, 50 clubs, 200 events, 20,000
games). The database must be migrated; one built at another scale is refused (use a fresh one).

Each page's line: HTTP status, wall p50/p95, this process's CPU p95 (the page's own work: on a
loaded machine the wall time includes waiting for a core), the SQL time p50 (the database's
part, from the captured queries), the query count and PASS/FAIL against the targets; the last
line sums it up (``PASS`` when every page meets both) and the exit status is 1 on a FAIL.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

MARKER = "Bench admin"  # the national body's name carries the scale that was built
PERSONS, CLUBS, EVENTS, GAMES = 50_000, 500, 2_000, 200_000
PLAYERS, ROUNDS = 20, 5  # per event: 10 boards a round
BATCH = 5_000
MAX_QUERIES, MAX_P95_MS = 25, 300

FAMILY = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng", "Bùi",
          "Đỗ", "Hồ", "Ngô", "Dương", "Lý"]
MIDDLE = ["Văn", "Thị", "Đức", "Minh", "Hoàng", "Quang", "Ngọc", "Thành", "Hữu", "Thanh"]
GIVEN = ["An", "Bảo", "Cường", "Dũng", "Hà", "Hùng", "Hương", "Lâm", "Linh", "Long", "Nam",
         "Nhật", "Phong", "Quân", "Sơn", "Tâm", "Thắng", "Trang", "Tuấn", "Vy"]


def _name(i: int) -> str:
    return (f"{FAMILY[i % len(FAMILY)]} {MIDDLE[(i // 16) % len(MIDDLE)]} "
            f"{GIVEN[(i // 160) % len(GIVEN)]} {i}")


def build(scale: float) -> None:  # noqa: PLR0915 (one straight load)
    from django.db import transaction
    from django.utils import timezone

    from core.models import Job
    from core.text import fold
    from federation.models import Body, Club, ClubMembership, Member, Person, Province
    from federation.reference_data import load_reference_data
    from games.models import GameRecord
    from ratings.models import PlayerRating, RatingList, RatingPeriod
    from tournaments.models import Entry, Pairing, ResultChange, Round, Tournament

    persons_n, clubs_n = max(40, int(PERSONS * scale)), max(2, int(CLUBS * scale))
    events_n, games_n = max(2, int(EVENTS * scale)), max(10, int(GAMES * scale))
    load_reference_data()
    provinces = list(Province.objects.order_by("code"))
    now = timezone.now()
    started = time.monotonic()

    def step(what: str) -> None:
        print(f"  {what}: {time.monotonic() - started:.0f}s", flush=True)

    with transaction.atomic():
        national = Body.objects.create(level=Body.Level.NATIONAL, name=f"{MARKER} {scale}")
        bodies = Body.objects.bulk_create(
            Body(level=Body.Level.PROVINCIAL, province=p, parent=national,
                 name=f"Liên đoàn Cờ {p.name} (bench)") for p in provinces)
        clubs = Club.objects.bulk_create(
            Club(body=bodies[i % len(bodies)], province=provinces[i % len(provinces)],
                 name=f"Câu lạc bộ Cờ bench {i}", name_folded=fold(f"Câu lạc bộ Cờ bench {i}"),
                 kind=Club.Kind.RESIDENTIAL) for i in range(clubs_n))
        persons = Person.objects.bulk_create(
            (Person(full_name=_name(i), name_folded=fold(_name(i)), gender="MF"[i % 2],
                    date_of_birth=date(1960 + i % 50, 1 + i % 12, 1 + i % 28),
                    province=provinces[i % len(provinces)]) for i in range(persons_n)),
            batch_size=BATCH)
        step(f"{len(persons)} persons, {len(clubs)} clubs")
        joined = date(2024, 1, 1)
        members = Member.objects.bulk_create(
            (Member(person=p, card_number=f"{provinces[i % len(provinces)].code}-2024-"
                    f"B{i:07d}", joined_on=joined)
             for i, p in enumerate(persons) if i % 10), batch_size=BATCH)
        ClubMembership.objects.bulk_create(
            (ClubMembership(member=m, club=clubs[i % len(clubs)], started_on=joined)
             for i, m in enumerate(members)), batch_size=BATCH)
        step(f"{len(members)} members")
        events = Tournament.objects.bulk_create(
            Tournament(name=f"Giải Cờ tướng bench {i}", name_folded=fold(f"Giải Cờ tướng bench {i}"),
                       discipline="xiangqi", system="round_robin",
                       start_date=date(2020, 1, 1) + timedelta(days=i),
                       end_date=date(2020, 1, 3) + timedelta(days=i),
                       status=("draft" if i % 20 == 0 else "running" if i % 20 == 1
                               else "certified"),
                       certified_at=now if i % 20 > 1 else None,
                       organiser_club=clubs[i % len(clubs)])
            for i in range(events_n))
        entries = Entry.objects.bulk_create(
            (Entry(tournament=t, member=members[(e * PLAYERS + k) % len(members)],
                   name=members[(e * PLAYERS + k) % len(members)].person.full_name,
                   starting_number=k + 1, rating=1500 + k)
             for e, t in enumerate(events) for k in range(PLAYERS)), batch_size=BATCH)
        step(f"{len(events)} events, {len(entries)} entries")
        jobs = Job.objects.bulk_create(
            (Job(kind="tournaments.pair_round", params={"tournament": t.pk}, state="succeeded",
                 progress=100) for t in events), batch_size=BATCH)
        rounds = Round.objects.bulk_create(
            (Round(tournament=t, number=r + 1, system="round_robin", engine_version="bench",
                   job=jobs[e] if r == 0 else None, status="completed")
             for e, t in enumerate(events) for r in range(ROUNDS)), batch_size=BATCH)
        pairings = Pairing.objects.bulk_create(
            (Pairing(round=rnd, board=b + 1,
                     white=entries[(i // ROUNDS) * PLAYERS + (b + rnd.number) % PLAYERS],
                     black=entries[(i // ROUNDS) * PLAYERS + (PLAYERS - 1 - b + rnd.number)
                                   % PLAYERS],
                     result=("1-0", "0-1", "1/2-1/2")[(i + b) % 3])
             for i, rnd in enumerate(rounds) for b in range(PLAYERS // 2)), batch_size=BATCH)
        ResultChange.objects.bulk_create(
            (ResultChange(pairing=p, old_result="", new_result=p.result, version=1,
                          source="admin") for p in pairings), batch_size=BATCH)
        step(f"{len(rounds)} rounds, {len(pairings)} pairings and their result changes")
        played = min(len(pairings), games_n // 2)
        GameRecord.objects.bulk_create(
            (GameRecord(pairing=p, discipline="xiangqi", white_name=p.white.name,
                        black_name=p.black.name, event_name=f"bench {p.round.tournament_id}",
                        round_number=p.round.number, board_number=p.board,
                        moves_text="1. P2-5 M8.7 2. M2.3 X9-8", validation_status="valid")
             for p in pairings[:played]), batch_size=BATCH)
        GameRecord.objects.bulk_create(
            (GameRecord(discipline="xiangqi", white=persons[i % len(persons)],
                        black=persons[(i * 7 + 1) % len(persons)],
                        white_name=persons[i % len(persons)].full_name,
                        black_name=persons[(i * 7 + 1) % len(persons)].full_name,
                        event_name=f"Ván cũ {i // 100}", played_on=date(2015, 1, 1)
                        + timedelta(days=i % 3000), moves_text="1. P2-5 M8.7")
             for i in range(games_n - played)), batch_size=BATCH)
        step(f"{games_n} game records")
        rating_list = RatingList.objects.create(name="Bảng hệ số bench", discipline="xiangqi")
        period = RatingPeriod.objects.create(rating_list=rating_list, start=date(2025, 1, 1),
                                             end=date(2025, 1, 31), status="computed")
        PlayerRating.objects.bulk_create(
            (PlayerRating(period=period, person=m.person, rating=1400 + i % 600, games=5)
             for i, m in enumerate(members)), batch_size=BATCH)
        step(f"a rating period of {len(members)} players")


def _pages(client) -> list[tuple[str, str]]:
    """(label, url) of every admin changelist, add and change page, and the search boxes."""
    from django.contrib import admin
    from django.urls import NoReverseMatch, reverse

    pages = []
    for model in sorted(admin.site._registry, key=lambda m: m._meta.label):
        opts = model._meta

        def url(name, *args, opts=opts):
            try:
                return reverse(f"admin:{opts.app_label}_{opts.model_name}_{name}", args=args)
            except NoReverseMatch:
                return None

        pages.append((f"{opts.label} list", url("changelist")))
        pages.append((f"{opts.label} add", url("add")))
        manager = model._default_manager
        bounds = manager.order_by("pk").values_list("pk", flat=True)
        first, last = bounds.first(), manager.order_by("-pk").values_list("pk", flat=True).first()
        if first is not None:
            middle = first if not isinstance(first, int) else (first + last) // 2
            obj = manager.filter(pk__gte=middle).order_by("pk").first()
            pages.append((f"{opts.label} change", url("change", obj.pk)))
    auto = reverse("admin:autocomplete")
    pages += [
        ("search: persons by name", reverse("admin:federation_person_changelist")
         + "?q=nguyen+van"),
        ("search: persons by ID number", reverse("admin:federation_person_changelist")
         + "?q=001190012345"),
        ("search: members by card", reverse("admin:federation_member_changelist") + "?q=2024-B"),
        ("search: member by whole card", reverse("admin:federation_member_changelist")
         + "?q=01-2024-B0012345"),
        ("search: members by name", reverse("admin:federation_member_changelist")
         + "?q=tran+minh"),
        ("search: rating rows by name", reverse("admin:ratings_playerrating_changelist")
         + "?q=le+duc"),
        ("autocomplete: entry's member", f"{auto}?app_label=tournaments&model_name=entry"
         "&field_name=member&term=nguyen"),
        ("autocomplete: entry's tournament", f"{auto}?app_label=tournaments&model_name=entry"
         "&field_name=tournament&term=bench"),
        ("autocomplete: game's white player", f"{auto}?app_label=games&model_name=gamerecord"
         "&field_name=white&term=tran"),
    ]
    return [(label, u) for label, u in pages if u]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def _measure(client, url: str, samples: int) -> tuple[int, list[float], list[float],
                                                     list[float], int]:
    """(status, wall ms, CPU ms, SQL ms, queries) of ``samples`` requests after a warm-up."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)  # warm-up (templates, caches)
    wall, cpu, sql, queries, status = [], [], [], 0, 0
    for _ in range(samples):
        with CaptureQueriesContext(connection) as captured:
            t, c = time.perf_counter(), time.process_time()
            response = client.get(url)
            wall.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        sql.append(sum(float(q["time"]) for q in captured.captured_queries) * 1000)
        queries, status = max(queries, len(captured)), response.status_code
    return status, wall, cpu, sql, queries


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0,
                        help="fraction of 50,000 persons / 500 clubs / 2,000 events / 200,000 "
                             "games (default 1)")
    parser.add_argument("--samples", type=int, default=7)
    parser.add_argument("--only", default="", help="time only the pages whose label has this")
    parser.add_argument("--reuse", action="store_true",
                        help="never build: the database must hold the bench already")
    parser.add_argument("--build-only", action="store_true", help="build, time nothing")
    args = parser.parse_args()

    import django

    django.setup()
    logging.getLogger("django.request").setLevel(logging.ERROR)  # the refused add pages
    logging.getLogger("vcf.request").setLevel(logging.WARNING)  # a line a request
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from federation.models import Body, Person

    built = Body.objects.filter(name__startswith=MARKER).values_list("name", flat=True).first()
    if built is None and args.reuse:
        sys.exit(f"--reuse: {connection.settings_dict['NAME']} holds no bench; build it first "
                 "(--build-only)")
    if built is None:
        print(f"building at scale {args.scale} on {connection.vendor} …", flush=True)
        started = time.monotonic()
        build(args.scale)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")  # as autovacuum would after a load
        print(f"built in {time.monotonic() - started:.0f}s", flush=True)
    elif built != f"{MARKER} {args.scale}":
        sys.exit(f"this database holds the bench built as “{built}”: use a fresh database "
                 f"for --scale {args.scale}")
    if args.build_only:
        return
    user = get_user_model().objects.filter(username="bench-admin").first() or \
        get_user_model().objects.create_superuser("bench-admin", "b@example.vn", "x")
    client = Client(SERVER_NAME="localhost")
    client.force_login(user)
    client.raise_request_exception = False
    print(f"database {connection.settings_dict['NAME']} ({connection.vendor}), persons: "
          f"{Person.objects.count()}, {args.samples} samples; load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    from config.wsgi import freeze_startup_objects  # as under gunicorn: start-up's objects

    freeze_startup_objects()  # out of the garbage collector's walks (config/wsgi.py)
    rows = []
    for label, url in _pages(client):
        if args.only and args.only.lower() not in label.lower():
            continue
        status, wall, cpu, sql, queries = _measure(client, url, args.samples)
        p95 = _percentile(wall, 0.95)
        ok = status != 200 or (queries <= MAX_QUERIES and p95 <= MAX_P95_MS)
        rows.append((label, status, statistics.median(wall), p95, _percentile(cpu, 0.95),
                     statistics.median(sql), queries, ok))
    _report([r for r in rows if r[1] != 403], [r[0] for r in rows if r[1] == 403])
    sys.exit(0 if all(r[-1] for r in rows) else 1)


def _report(rows: list[tuple], refused: list[str]) -> None:
    if not rows:
        print("no page matched")
        return
    width = max(len(r[0]) for r in rows)
    print(f"{'page':<{width}}  status  p50 ms  p95 ms  CPU p95  SQL p50  queries  verdict")
    for label, status, p50, p95, cpu, sql, queries, ok in rows:
        print(f"{label:<{width}}  {status:>6}  {p50:>6.0f}  {p95:>6.0f}  {cpu:>7.0f}  "
              f"{sql:>7.1f}  {queries:>7}  {'PASS' if ok else 'FAIL'}")
    answered = [r for r in rows if r[1] == 200]
    failed = [r[0] for r in rows if not r[-1]]
    slow = [r[0] for r in answered if r[3] > MAX_P95_MS]
    many = [r[0] for r in answered if r[6] > MAX_QUERIES]
    print(f"{'FAIL' if failed else 'PASS'}: {len(answered) - len(failed)} of {len(answered)} "
          f"pages meet ≤ {MAX_QUERIES} queries and p95 ≤ {MAX_P95_MS} ms (worst p95 "
          f"{max(r[3] for r in answered):.0f} ms, most queries {max(r[6] for r in answered)}); "
          f"over p95: {', '.join(slow) or 'none'}; over queries: {', '.join(many) or 'none'}; "
          f"load average {os.getloadavg()[0]:.1f}")
    if refused:
        print(f"not offered (403, written by the services only): {', '.join(refused)}")


if __name__ == "__main__":
    main()
