"""Card numbers stay unique when many approvals run at once (issue 3 §7, Điều 8.3).

Threads each approve a different application at the same moment, on PostgreSQL
(each thread has its own connection and transaction). The CardSequence row locked
with select_for_update serialises the numbering. SQLite serialises every writer,
so the test is meaningless there and skips.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from federation import services
from federation.models import CardSequence, Member, MembershipApplication
from tests import factories as f

THREADS = 8


def _skip_unless_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("concurrency test needs PostgreSQL: set DATABASE_URL=postgres://... "
                    "(SQLite serialises all writers)")


def _approve_all_at_once(applications, staff) -> tuple[list, list]:
    barrier = threading.Barrier(len(applications))
    cards, errors = [], []

    def approve(application):
        try:
            barrier.wait(timeout=30)
            member = services.approve_application(application, by=staff)
            cards.append(member.card_number)
        except Exception as exc:  # collected and asserted in the main thread
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=approve, args=(a,)) for a in applications]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return cards, errors


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("issued_before", [None, 100], ids=["first-of-year", "sequence-exists"])
def test_concurrent_approvals_issue_unique_consecutive_card_numbers(issued_before):
    """Both paths: the (province, year) sequence row created by the racing approvals
    themselves, and an existing row that they lock in turn."""
    _skip_unless_postgres()
    from django.utils import timezone

    staff = f.make_staff()
    club = f.make_club()
    if issued_before is not None:
        CardSequence.objects.create(province_code=club.province.code,
                                    year=timezone.localdate().year, last=issued_before)
    sponsor = f.make_member(club=club)
    # different clubs of one province: only the card sequence is shared between them
    clubs = [club] + [f.make_club(club.body) for _ in range(THREADS - 1)]
    applications = [
        MembershipApplication.objects.create(person=f.make_person(), club=c, sponsor=sponsor,
                                             submitted_on=sponsor.joined_on)
        for c in clubs]
    cards, errors = _approve_all_at_once(applications, staff)
    assert errors == []
    assert len(cards) == len(set(cards)) == THREADS
    year = cards[0].split("-")[1]
    first = (issued_before or 0) + 1
    assert sorted(cards) == [f"{club.province.code}-{year}-{n:05d}"
                             for n in range(first, first + THREADS)]
    assert CardSequence.objects.get(province_code=club.province.code,
                                    year=int(year)).last == first + THREADS - 1
    assert Member.objects.filter(card_number__in=cards).count() == THREADS


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_same_application_approved_concurrently_yields_one_member():
    _skip_unless_postgres()
    staff = f.make_staff()
    club = f.make_club()
    sponsor = f.make_member(club=club)
    application = MembershipApplication.objects.create(
        person=f.make_person(), club=club, sponsor=sponsor, submitted_on=sponsor.joined_on)
    cards, errors = _approve_all_at_once([application] * 4, staff)
    assert len(cards) == 1 and len(errors) == 3
    assert all(getattr(e, "code", None) == "already_decided" for e in errors)
    assert Member.objects.filter(person=application.person).count() == 1
