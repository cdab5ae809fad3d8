"""Migration 0024: events created before the regulations had a publication time (Điều 18a:
the regulations are published before registration opens) get one — when their
registration opened, else their creation — and the public API shows their regulations."""

from __future__ import annotations

import importlib
from datetime import date, timedelta

from django.apps import apps
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import StatusChange, Tournament

migration = importlib.import_module(
    "tournaments.migrations.0024_regulations_published_for_existing_events")


def _event(status: str, **kw) -> Tournament:
    return Tournament.objects.create(
        name=f"Giải {status}", discipline="xiangqi", system="round_robin", status=status,
        start_date=date(2026, 5, 1), end_date=date(2026, 5, 7),
        material_terms="Ban tổ chức lo ăn ở.", **kw)


def test_existing_events_get_a_publication_time(db):
    opened, logged, draft, kept = (_event("running"), _event("certified"), _event("draft"),
                                   _event("registration"))
    earlier = timezone.now() - timedelta(days=30)
    Tournament.objects.filter(pk=opened.pk).update(created_at=earlier - timedelta(days=5))
    StatusChange.objects.create(tournament=opened, from_status="draft",
                                to_status="registration")
    StatusChange.objects.filter(tournament=opened).update(changed_at=earlier)
    StatusChange.objects.create(tournament=opened, from_status="registration",
                                to_status="closed")
    published = timezone.now() - timedelta(days=2)
    Tournament.objects.filter(pk=kept.pk).update(regulations_published_at=published)
    public = APIClient()
    assert public.get(f"/api/v1/public/tournaments/{draft.pk}/").status_code == 404

    migration.forwards(apps, None)

    def stamp(t: Tournament):
        return Tournament.objects.get(pk=t.pk).regulations_published_at

    assert stamp(opened) == earlier  # registration opened (the lifecycle log)
    assert stamp(logged) == Tournament.objects.get(pk=logged.pk).created_at  # no log: created
    assert stamp(draft) is None  # never public: the organiser publishes it
    assert stamp(kept) == published  # a real publication time is kept
    assert not Tournament.history.filter(id=opened.pk, history_type="~").exists()
    detail = public.get(f"/api/v1/public/tournaments/{opened.pk}/").json()
    assert detail["material_terms"] == "Ban tổ chức lo ăn ở."
    assert detail["regulations_published_at"] is not None
    assert public.get(f"/api/v1/public/tournaments/{draft.pk}/").status_code == 404
    page = public.get(f"/giai-dau/{opened.pk}/").content.decode()  # the results site
    assert "Quyền lợi và nghĩa vụ về vật chất" in page and "Ban tổ chức lo ăn ở." in page
    assert f'<time datetime="{detail["regulations_published_at"]}">' in page
    migration.forwards(apps, None)  # twice: nothing changes
    assert stamp(opened) == earlier


def test_the_rule_for_one_event():
    class Row:
        def __init__(self, status: str) -> None:
            self.status, self.created_at = status, timezone.now()

    opened = timezone.now() - timedelta(days=1)
    assert migration.published_at(Row("draft"), opened) is None
    assert migration.published_at(Row("finished"), opened) == opened
    row = Row("closed")
    assert migration.published_at(row, None) == row.created_at
