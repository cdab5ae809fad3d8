"""Issue 34: the squashed migrations, read as ``migrate`` reads them for databases in every state
(the migration graph over a given set of recorded migrations; no database is migrated here:
``scripts/compare_migrations.py`` migrates real ones and compares schemas and rows)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

APPS = ("core", "federation", "tournaments", "games", "ratings", "documents")
Key = tuple[str, str]

FRESH = {
    "core": ["0001_squashed_0007_final_state"],
    "documents": ["0001_squashed_0002_decision_status", "0003_squashed_0008_final_state"],
    "federation": ["0001_squashed_0016_final_state"],
    "tournaments": ["0001_squashed_0035_final_state"],
    "games": ["0001_squashed_0014_final_state"],
    "ratings": ["0001_squashed_0007_final_state"],
}


def _plan(applied: set[Key]) -> tuple[MigrationLoader, list[Key]]:
    """What ``migrate`` would apply to a database that recorded ``applied``."""
    recorded = dict.fromkeys(applied)
    with mock.patch.object(MigrationRecorder, "applied_migrations", return_value=recorded):
        loader = MigrationLoader(connection)  # builds the graph as migrate does, cycles refused
    plan: list[Key] = []
    for target in sorted(loader.graph.leaf_nodes()):
        for key in loader.graph.forwards_plan(target):
            if key not in loader.applied_migrations and key not in plan:
                plan.append(key)
    return loader, plan


def _originals() -> tuple[MigrationLoader, set[Key]]:
    """Every migration on disk that is not a squash (third-party apps' included)."""
    loader = MigrationLoader(None, replace_migrations=False)
    return loader, {key for key, migration in loader.disk_migrations.items()
                    if not migration.replaces}


def _ours(plan: list[Key]) -> dict[str, list[str]]:
    by_app: dict[str, list[str]] = {}
    for app, name in plan:
        if app in APPS:
            by_app.setdefault(app, []).append(name)
    return by_app


def test_a_fresh_database_applies_one_migration_per_app() -> None:
    loader, plan = _plan(set())
    assert _ours(plan) == FRESH
    # the order a fresh migrate takes: documents' first part, federation, the rest of documents
    ours = [key for key in plan if key[0] in APPS]
    assert ours.index(("documents", FRESH["documents"][0])) < ours.index(
        ("federation", FRESH["federation"][0])) < ours.index(("documents", FRESH["documents"][1]))


def test_every_original_is_replaced_by_exactly_one_squash() -> None:
    loader, originals = _originals()
    replaced = [key for migration in loader.disk_migrations.values()
                for key in migration.replaces]
    assert len(replaced) == len(set(replaced))
    assert set(replaced) == {key for key in originals if key[0] in APPS}


@pytest.mark.parametrize("earlier_squashes", [True, False])
def test_a_fully_migrated_database_has_nothing_to_apply(earlier_squashes: bool) -> None:
    # what the earlier squashes left: every original recorded, and the two squashes' own
    # names (or, migrated before them, the originals alone)
    _, originals = _originals()
    applied = originals | ({("tournaments", "0001_squashed_0027_final_state"),
                            ("games", "0001_squashed_0010_final_state")}
                           if earlier_squashes else set())
    loader, plan = _plan(applied)
    assert plan == []
    for app, names in FRESH.items():
        assert {(app, name) for name in names} <= set(loader.applied_migrations)


@pytest.mark.parametrize("target", [("federation", "0010_lapse_warning"),
                                    ("tournaments", "0020_sanctions_and_guests"),
                                    ("documents", "0003_signatories"),
                                    ("games", "0011_decision_annulled_and_annulment")])
def test_a_database_at_a_middle_prefix_migrates_on(target: Key) -> None:
    original, _ = _originals()
    applied = set(original.graph.forwards_plan(target))
    loader, plan = _plan(applied)
    planned = set(plan)
    for key, migration in loader.replacements.items():
        done = [name in applied for name in migration.replaces]
        if any(done) and not all(done):  # partly applied: its originals carry on
            assert key not in planned
            assert set(migration.replaces) - applied <= planned
        elif not any(done):
            assert key in planned
    # nothing recorded runs again, every original not recorded is covered
    assert not planned & applied
    _, originals = _originals()
    for key in originals - applied:
        squash = [k for k, m in loader.replacements.items() if key in m.replaces]
        assert key in planned or (squash and squash[0] in planned)


@pytest.mark.django_db
def test_the_trigram_indexes_are_made_on_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only (the index is no-op on SQLite)")
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes WHERE indexname LIKE '%%_trgm'")
        names = {row[0] for row in cursor.fetchall()}
    assert names == {"federation_person_name_folded_trgm",
                     "federation_member_card_number_upper_trgm"}
