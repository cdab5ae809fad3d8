"""The admin's "about to lapse" queue selects in SQL exactly the members the Python rule
(Điều 15.5: 6 months without dues or without activity, ``members_about_to_lapse``) lists —
also around month ends, where adding 6 months clamps (31 Aug + 6 months = 28 Feb)."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest

from federation.selectors import about_to_lapse_queryset, members_about_to_lapse
from tests.factories import make_attendance, make_club, make_dues, make_member

pytestmark = pytest.mark.django_db


def _members(rng: random.Random) -> None:
    club = make_club()
    base = date(2025, 8, 31)
    for i in range(60):
        joined = base - timedelta(days=rng.randint(0, 400))
        member = make_member(club=club, joined_on=joined,
                             reinstated_on=(joined + timedelta(days=rng.randint(1, 200))
                                            if i % 7 == 0 else None))
        if i % 5:  # some never paid
            end = base - timedelta(days=rng.randint(-150, 200))
            make_dues(member, end - timedelta(days=180), end)
        if i % 4:  # some never attended
            make_attendance(member, base - timedelta(days=rng.randint(-150, 200)))


@pytest.mark.parametrize("on_date", [date(2026, 2, 1), date(2026, 2, 28), date(2026, 3, 1),
                                     date(2026, 1, 15), date(2025, 12, 31), date(2025, 8, 31)])
def test_the_sql_selection_matches_the_python_rule(on_date):
    _members(random.Random(18))
    seen = set()
    for within in (1, 30, 90, 400):
        expected = {d.member_id for d in members_about_to_lapse(on_date, within)}
        got = set(about_to_lapse_queryset(on_date, within).values_list("pk", flat=True))
        assert got == expected, (on_date, within)
        seen |= expected
    assert seen  # the data reaches the windows: not only comparisons of empty sets
