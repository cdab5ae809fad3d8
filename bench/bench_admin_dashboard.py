"""The admin index with its daily queues (issue 18) for a federation of many members.

The "members about to lapse" queue counts the active members whose Điều 15.5 deadline (6
months after the earlier of their last dues period and last activity) falls in the next 30
days at each index load; it selects them in SQL (``about_to_lapse_queryset``). This prints
that count's cost beside the Python rule it must agree with (``members_about_to_lapse``,
which the API's paginated list uses), and the whole index page.

Builds (once, reused by later runs) ``--members`` active members in one club written
directly, each with one dues period and one attendance spread over the last year, so that
some fall within 30 days of their deadline. Then times, ``--samples`` times, the selector
alone and the whole admin index page through the test client (middleware, admin, template).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/vcf_bench \
    python bench/bench_admin_dashboard.py [--members 50000] [--samples 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

CLUB = "Bench dashboard club"


def build(members: int) -> None:
    from django.db import transaction
    from django.utils import timezone

    from federation.models import Attendance, ClubMembership, DuesPayment, Member, Person
    from federation.reference_data import load_reference_data
    from federation.selectors import add_months
    from tests.factories import make_club

    load_reference_data()
    today = timezone.localdate()
    with transaction.atomic():
        club = make_club(name=CLUB)
        persons = Person.objects.bulk_create(
            Person(full_name=f"Bench {i}", name_folded=f"bench {i}", gender="M")
            for i in range(members))
        joined = today - timedelta(days=500)
        rows = Member.objects.bulk_create(
            Member(person=p, card_number=f"99-2024-B{i:07d}", joined_on=joined)
            for i, p in enumerate(persons))
        ClubMembership.objects.bulk_create(
            ClubMembership(member=m, club=club, started_on=joined) for m in rows)
        DuesPayment.objects.bulk_create(
            (DuesPayment(member=m, club=club, amount=60000,
                         period_start=add_months(today, -6) - timedelta(days=i % 180),
                         period_end=today - timedelta(days=i % 180),
                         receipt_number=f"B{i}", paid_on=today - timedelta(days=200))
             for i, m in enumerate(rows)), batch_size=5000)
        Attendance.objects.bulk_create(
            (Attendance(member=m, club=club, date=today - timedelta(days=i % 170))
             for i, m in enumerate(rows)), batch_size=5000)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=50000)
    parser.add_argument("--samples", type=int, default=10)
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.utils import timezone

    from federation.models import Club, Member
    from federation.selectors import about_to_lapse_queryset, members_about_to_lapse

    if not Club.objects.filter(name=CLUB).exists():
        started = time.monotonic()
        build(args.members)
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("ANALYZE")  # as autovacuum would after a load
        print(f"built {args.members} members in {time.monotonic() - started:.1f}s")
    active = Member.objects.filter(status="active").count()
    user = get_user_model().objects.filter(username="bench-staff").first() or \
        get_user_model().objects.create_superuser("bench-staff", "b@example.vn", "x")
    client = Client(SERVER_NAME="localhost")
    client.force_login(user)
    selector, sql, page = [], [], []
    due = 0
    for _ in range(args.samples):
        t = time.perf_counter()
        due = len(members_about_to_lapse(timezone.localdate(), 30))
        selector.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        counted = about_to_lapse_queryset(timezone.localdate(), 30).count()
        sql.append((time.perf_counter() - t) * 1000)
        assert counted == due, (counted, due)
        t = time.perf_counter()
        response = client.get("/admin/")
        page.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200 and b"daily-queues" in response.content
    print(f"active members: {active}; about to lapse within 30 days: {due}")
    print(f"members_about_to_lapse (Python rule): median {statistics.median(selector):.0f} ms, "
          f"max {max(selector):.0f} ms")
    print(f"about_to_lapse_queryset().count() (SQL, the dashboard): median "
          f"{statistics.median(sql):.0f} ms, max {max(sql):.0f} ms")
    print(f"admin index (all queues): median {statistics.median(page):.0f} ms, "
          f"max {max(page):.0f} ms; load average {os.getloadavg()[0]:.1f}")
    if connection.vendor == "postgresql":  # the planner's JIT compiles this query for ~1 s
        for jit in ("on", "off"):
            with connection.cursor() as cursor:
                cursor.execute(f"SET jit = {jit}")
            times = []
            for _ in range(args.samples):
                t = time.perf_counter()
                about_to_lapse_queryset(timezone.localdate(), 30).count()
                times.append((time.perf_counter() - t) * 1000)
            print(f"  SQL count with jit={jit}: median {statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
