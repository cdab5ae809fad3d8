"""The admin's paginator at federation size (issue 28, core.admin_paginator): a whole large
table is counted from PostgreSQL's planner estimate instead of a ``count(*)`` of every row; a
searched or filtered list, a small table and other databases count exactly."""

from __future__ import annotations

import pytest
from django.db import connection

from core import admin_paginator
from core.admin_paginator import EstimatedCountPaginator, estimated_rows
from federation.models import Person
from tests.factories import make_person, make_staff

pytestmark = pytest.mark.django_db


def _analyze() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {Person._meta.db_table}")


def test_a_whole_large_table_is_counted_from_the_estimate(monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("the estimate is PostgreSQL's (pg_class.reltuples); elsewhere counts exactly")
    for i in range(12):
        make_person(full_name=f"Người Thứ {i}")
    _analyze()
    whole = Person.objects.order_by("pk")
    assert estimated_rows(whole) == Person.objects.count()  # fresh statistics: exact
    assert estimated_rows(whole.filter(full_name__contains="Thứ 1")) is None
    monkeypatch.setattr(admin_paginator, "ESTIMATE_FROM", 10)
    monkeypatch.setattr(admin_paginator, "estimated_rows", lambda queryset: 50_000)
    assert EstimatedCountPaginator(whole, 100).count == 50_000  # no count(*)
    monkeypatch.setattr(admin_paginator, "estimated_rows", lambda queryset: 5)
    assert EstimatedCountPaginator(whole, 100).count == Person.objects.count()  # small: exact


def test_the_changelist_does_not_count_the_whole_table_twice(client):
    """A search answers its own count only ("N kết quả"), not the table's total as well."""
    make_person(full_name="Nguyễn Văn Tìm")
    make_person(full_name="Lê Thị Khác")
    client.force_login(make_staff())
    page = client.get("/admin/federation/person/", {"q": "nguyen van tim"})
    text = page.content.decode()
    assert page.status_code == 200 and "Nguyễn Văn Tìm" in text and "Lê Thị Khác" not in text
    assert page.context["cl"].full_result_count is None
    assert page.context["cl"].result_count == 1
