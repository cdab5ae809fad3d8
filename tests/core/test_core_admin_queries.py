"""No admin page runs more than 25 queries, whatever the data's size (issue #28).

Every registered admin model's changelist, add page and change page is opened with the demo
data, then again after many more rows of every large table (persons, members, clubs,
tournaments, entries, pairings and their result changes, game records, ratings, jobs,
documents…) were added: the page fails when its query count grew with the data (a query per
row of a list or per option of a dropdown) or exceeds the limit.
"""

from __future__ import annotations

import os
from datetime import date, timedelta

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.core.test_core_admin_walk import _one_of_each, _url
from tests.factories import make_club, make_member, make_person, make_staff, make_suspension

pytestmark = pytest.mark.django_db

#: The most queries an admin page may run (issue #28), whatever the data's size.
MAX_QUERIES = 25

#: How much an add page may grow (bytes) when every table has more rows: not one option a row.
ADD_PAGE_SLACK = 1000

#: How many rows of each large table the second walk adds.
MORE = 30


def _grow(staff, more: int = MORE) -> None:
    """``more`` rows of each large table, each linked the way real ones are (a member in a
    club, entries in the running event with pairings and result changes, games with players)."""
    from core.models import Job
    from documents.models import Document
    from federation.models import (
        Attendance,
        DuesPayment,
        MemberEvent,
        MembershipApplication,
    )
    from games.models import GameRecord
    from ratings.models import PlayerRating, RatingPeriod, TitleQualification
    from tournaments.models import (
        Entry,
        Pairing,
        PairingChange,
        ResultChange,
        Round,
        StatusChange,
        Tournament,
    )

    running = Tournament.objects.exclude(status="certified").order_by("pk").first()
    template = Tournament.objects.order_by("pk").first()
    clubs = [make_club() for _ in range(more)]
    members = [make_member(club=clubs[i]) for i in range(more)]
    persons = [make_person() for _ in range(more)]
    for person in persons[:5]:
        make_suspension(person)
    today = timezone.localdate()
    for i, member in enumerate(members):
        DuesPayment.objects.create(member=member, club=clubs[i], amount=100000,
                                   period_start=date(2026, 1, 1), period_end=date(2026, 12, 31),
                                   receipt_number=f"BL-{member.pk}", paid_on=date(2026, 1, 2),
                                   recorded_by=staff)
        Attendance.objects.create(member=member, club=clubs[i], date=today)
        MemberEvent.objects.create(member=member, kind=MemberEvent.Kind.JOINED, date=today,
                                   by=staff)
        MembershipApplication.objects.create(person=persons[i], club=clubs[i], sponsor=member,
                                             submitted_on=today, submitted_by=staff)
    for i in range(more):
        Tournament.objects.create(
            name=f"Giải thêm {i}", discipline=template.discipline, system=template.system,
            start_date=date(2026, 3, 1) + timedelta(days=i), end_date=date(2026, 3, 2)
            + timedelta(days=i), status=Tournament.Status.DRAFT, created_by=staff,
            organiser_club=clubs[i])
    numbers = running.entries.order_by("-starting_number").values_list(
        "starting_number", flat=True).first() or 0
    entries = Entry.objects.bulk_create(
        Entry(tournament=running, member=member, person=member.person, name=str(member.person),
              starting_number=numbers + i + 1, registered_by=staff)
        for i, member in enumerate(members))
    rnd = Round.objects.create(tournament=running, number=90, system=running.system,
                               engine_version="test")
    pairings = Pairing.objects.bulk_create(
        Pairing(round=rnd, board=i + 1, white=entries[2 * i], black=entries[2 * i + 1],
                result="1-0") for i in range(more // 2))
    for pairing in pairings:
        ResultChange.objects.create(pairing=pairing, old_result="", new_result="1-0", version=1,
                                    changed_by=staff)
        PairingChange.objects.create(round=rnd, pairing=pairing, before={}, after={},
                                     reason="thêm", changed_by=staff)
        GameRecord.objects.create(discipline=running.discipline, white=pairing.white.person,
                                  black=pairing.black.person, pairing=pairing, white_name=pairing.white.name,
                                  black_name=pairing.black.name, moves_text="", created_by=staff)
    for i in range(more):
        StatusChange.objects.create(tournament=running, from_status="running",
                                    to_status="running", reason=f"thêm {i}", changed_by=staff)
        Job.objects.create(kind="document", params={}, created_by=staff)
        Document.objects.create(kind="decision", target=f"x{i}", data_hash=f"{i:064d}",
                                file=f"documents/2026/01/x{i}.pdf", size=1, pages=1)
    period = RatingPeriod.objects.order_by("pk").first()
    PlayerRating.objects.bulk_create(PlayerRating(period=period, person=person, rating=1500)
                                     for person in persons)
    table = TitleQualification.objects.order_by("pk").first()
    for person in persons[:more]:
        TitleQualification.objects.create(
            person=person, title=table.title, criterion_id="x", table=table.table,
            section=table.section, event_date=date(2026, 1, 1), tournament=running,
            status="pending")


def _walk(client, objects: dict, sizes: dict) -> dict[str, int]:
    """The query count of every admin page: changelist, add, change of ``objects[model]``;
    the size of each add page in ``sizes``."""
    counts = {}
    for model in admin.site._registry:
        label = model._meta.label
        pages = [("changelist", _url(model, "changelist")), ("add", _url(model, "add"))]
        obj = objects.get(model)
        if obj is not None:
            pages.append(("change", _url(model, "change", obj.pk)))
        for name, url in pages:
            if url is None:
                continue
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            if response.status_code == 200:
                counts[f"{label} {name}"] = len(queries)
                sizes[f"{label} {name}"] = len(response.content)
                if os.environ.get("DUMP_QUERIES") == f"{label} {name}":
                    print("\n".join("Q: " + q["sql"].split(" FROM ", 1)[-1][:400] for q in queries.captured_queries))
    return counts


def test_no_admin_page_runs_more_queries_with_more_data(client):
    call_command("load_demo", stdout=open("/dev/null", "w"))
    staff = make_staff()
    _one_of_each(staff)
    client.force_login(staff)
    from tournaments.models import Tournament

    objects = {model: model._default_manager.order_by("pk").first()
               for model in admin.site._registry}
    # the running event is the one that gets more entries, rounds and status changes
    objects[Tournament] = Tournament.objects.exclude(status="certified").order_by("pk").first()
    small_sizes: dict[str, int] = {}
    large_sizes: dict[str, int] = {}
    small = _walk(client, objects, small_sizes)
    _grow(staff)
    large = _walk(client, objects, large_sizes)
    print("\n".join(f"{page}: {small[page]} -> {large.get(page)}" for page in sorted(small)))
    failures = [f"{page}: {small[page]} queries, {large.get(page)} with {MORE} more rows of "
                f"each table" for page in sorted(small)
                if large.get(page, 0) > small[page] or max(small[page], large.get(page, 0))
                > MAX_QUERIES]
    missing = sorted(set(small) - set(large))
    assert not missing, f"pages that no longer open with more data: {missing}"
    assert not failures, "\n".join(failures)
    # an add page lists no table's rows (a dropdown of every game or member grows the page
    # without a query when the rows' names need none)
    grown = [f"{page}: {small_sizes[page]} → {large_sizes[page]} bytes" for page in small_sizes
             if page.endswith(" add") and large_sizes[page] > small_sizes[page] + ADD_PAGE_SLACK]
    assert not grown, "add pages that list rows:\n" + "\n".join(grown)
