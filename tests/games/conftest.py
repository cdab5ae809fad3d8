"""Fixtures of the games tests: a tournament with an arbiter, a round and its pairings."""

from __future__ import annotations

from datetime import date

import pytest

from federation.models import Province
from tests.factories.tournaments import make_entry, make_official, make_round, make_tournament

NAMES = ["Lại Lý Huynh", "Nguyễn Thành Bảo", "Trềnh A Sáng", "Uông Dương Bắc",
         "Nguyễn Hoàng Lâm", "Tôn Thất Nhật Tân"]

#: The games tests' event: a running xiangqi round robin of the first week of May 2026.
EVENT = {"system": "round_robin", "start_date": date(2026, 5, 1),
         "name": "Giải Cờ tướng thử nghiệm"}


@pytest.fixture
def event(db):
    """A running xiangqi tournament, its arbiter, six entries and round 1 (three boards)."""
    # transactional tests (the job worker) flush the provinces shipped by the data migration
    Province.objects.get_or_create(code="01", defaults={"name": "Hà Nội"})
    tournament = make_tournament(**EVENT)
    arbiter = make_official(tournament)
    entries = [make_entry(tournament, name, i) for i, name in enumerate(NAMES, 1)]
    rnd, pairings = make_round(tournament, 1, [(entries[0], entries[5]),
                                               (entries[1], entries[4]),
                                               (entries[2], entries[3])])
    return type("Event", (), {"tournament": tournament, "arbiter": arbiter, "entries": entries,
                              "round": rnd, "pairings": pairings})
