"""Fixtures for the ratings tests: staff and the seeded reference data. The certified
tournaments they rate come from ``tests.factories.ratings``."""

from __future__ import annotations

import pytest


@pytest.fixture
def staff(db):
    from tests.factories import make_staff

    return make_staff()


@pytest.fixture(autouse=True)
def ratings_reference_data(request):
    """The seeded lists and criteria table (a transactional test flushes migrated data)."""
    from ratings.reference_data import load_reference_data

    if "job_worker" in request.fixturenames or "transactional_db" in request.fixturenames:
        request.getfixturevalue("transactional_db")
    else:
        request.getfixturevalue("db")
    load_reference_data()
