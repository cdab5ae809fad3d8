"""The admin's search boxes at federation size (issue 28, core.admin_search).

A name is found through its folded column (a trigram index on PostgreSQL, federation
migration 0015), a related table's name through a subquery of that table (no join of the two
whole tables), the ``=`` fields (ID number, FIDE id, phone, e-mail) whole and only for a term
that can be one (a digit or an ``@``); a searched page runs as many queries whatever the
number of rows.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from federation.models import Person
from ratings.models import PlayerRating, RatingList, RatingPeriod
from tests.factories import make_member, make_person, make_staff

pytestmark = pytest.mark.django_db

SEARCHES = [
    "/admin/federation/person/?q=nguyen+van",
    "/admin/federation/person/?q=001190012345",
    "/admin/federation/member/?q=nguyen",
    "/admin/federation/member/?q=2020",
    "/admin/ratings/playerrating/?q=Nguy%E1%BB%85n",
    "/admin/autocomplete/?app_label=tournaments&model_name=entry&field_name=member&term=nguyen",
]


@pytest.fixture
def staff_client(client):
    client.force_login(make_staff(is_superuser=True))
    return client


def _rated(persons: list[Person]) -> None:
    period = RatingPeriod.objects.filter(rating_list__name="Bảng tìm kiếm").first()
    if period is None:
        ratings = RatingList.objects.create(name="Bảng tìm kiếm", discipline="xiangqi")
        period = RatingPeriod.objects.create(rating_list=ratings, start=date(2025, 1, 1),
                                             end=date(2025, 1, 31), status="computed")
    PlayerRating.objects.bulk_create(PlayerRating(period=period, person=p, rating=1500 + i,
                                                  rank=i + 1) for i, p in enumerate(persons))


def _grow(count: int) -> None:
    persons = [make_person(full_name=f"Nguyễn Văn Thêm {i}") for i in range(count)]
    for person in persons[: count // 2]:
        make_member(person)
    _rated(persons)


def _counts(client) -> dict[str, int]:
    counts = {}
    for url in SEARCHES:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, url
        counts[url] = len(queries)
    return counts


def test_a_searched_page_runs_as_many_queries_whatever_the_rows(staff_client):
    """Issue 28: ≤ 25 queries a page, not growing with the data (the searches and the
    search box of a form included)."""
    _grow(3)
    few = _counts(staff_client)
    _grow(40)
    many = _counts(staff_client)
    assert many == few
    assert max(many.values()) <= 25


def test_a_name_is_found_with_or_without_diacritics_and_a_number_whole(staff_client):
    found = make_person(full_name="Nguyễn Văn Tìm", citizen_id="001190012345",
                        email="Tim@Example.vn", phone="0912345678")
    other = make_person(full_name="Lê Thị Khác", email="nguyen@example.vn")
    for term in ("nguyen van", "Nguyễn Văn", "NGUYEN VAN TIM", "001190012345", "0912345678",
                 "tim@example.vn"):
        page = staff_client.get("/admin/federation/person/", {"q": term})
        assert [p.pk for p in page.context["cl"].result_list] == [found.pk], term
    # a part of a number is no number; a word without a digit or "@" is no address
    for term in ("00119001", "example"):
        page = staff_client.get("/admin/federation/person/", {"q": term})
        assert list(page.context["cl"].result_list) == [], term
    page = staff_client.get("/admin/federation/person/", {"q": "nguyen@example.vn"})
    assert [p.pk for p in page.context["cl"].result_list] == [other.pk]


def test_a_name_search_reads_only_the_folded_name(staff_client):
    """No ``UPPER(citizen_id) = …`` beside the name: that condition no index answers made
    every name search read the whole table."""
    make_person(full_name="Nguyễn Văn Tìm", citizen_id="001190012345")
    with CaptureQueriesContext(connection) as queries:
        staff_client.get("/admin/federation/person/", {"q": "nguyen van"})
    searched = [q["sql"] for q in queries.captured_queries if "name_folded" in q["sql"]
                and "LIKE" in q["sql"]]
    assert searched and not any("citizen_id\"::text) =" in sql or "UPPER(" in sql
                                for sql in searched)
    # a number: the indexed columns as stored (no UPPER()), not the e-mail addresses
    with CaptureQueriesContext(connection) as queries:
        staff_client.get("/admin/federation/person/", {"q": "001190012345"})
    searched = [q["sql"] for q in queries.captured_queries if "citizen_id\" = " in q["sql"]]
    assert searched and not any("email" in sql.split("WHERE", 1)[1] or "UPPER(" in sql
                                for sql in searched)


def test_a_member_is_found_by_name_through_the_persons_ids_not_a_join(staff_client,
                                                                      monkeypatch):
    """The persons' index answers the name, the members' person index their ids (an index
    PostgreSQL ORs with the card's); past ``INLINE_IDS`` persons, a subquery."""
    from core import admin_search

    member = make_member(make_person(full_name="Đỗ Thị Hằng"))
    also = make_member(make_person(full_name="Đỗ Thị Hằng Nga"))
    make_member(make_person(full_name="Lê Văn Nam"))
    for inline, shape in ((2000, '"person_id" IN ('), (1, '"person_id" IN (SELECT')):
        monkeypatch.setattr(admin_search, "INLINE_IDS", inline)
        with CaptureQueriesContext(connection) as queries:
            page = staff_client.get("/admin/federation/member/", {"q": "do thi hang"})
        assert {m.pk for m in page.context["cl"].result_list} == {member.pk, also.pk}
        counted = [q["sql"] for q in queries.captured_queries if "COUNT(*)" in q["sql"]
                   and "federation_member" in q["sql"]]
        assert counted and all("JOIN" not in sql and shape in sql for sql in counted), inline
    page = staff_client.get("/admin/federation/member/", {"q": member.card_number})
    assert [m.pk for m in page.context["cl"].result_list] == [member.pk]


def test_rating_rows_are_found_by_folded_name_and_list_their_persons(staff_client):
    persons = [make_person(full_name="Phạm Thị Hệ Số"), make_person(full_name="Vũ Văn Khác")]
    _rated(persons)
    page = staff_client.get("/admin/ratings/playerrating/", {"q": "pham thi he so"})
    assert [r.person_id for r in page.context["cl"].result_list] == [persons[0].pk]
    assert "Phạm Thị Hệ Số" in page.content.decode()


def test_the_trigram_indexes_serve_the_admins_searches_on_postgresql():
    """Federation migration 0015: PostgreSQL answers the search's ``LIKE '%…%'`` from the
    trigram indexes (none on SQLite, the migration does nothing there)."""
    from federation.models import Member

    if connection.vendor != "postgresql":
        pytest.skip("the trigram indexes are PostgreSQL's (pg_trgm)")
    searches = {
        "federation_person_name_folded_trgm":
            Person.objects.filter(name_folded__contains="nguyen van"),
        "federation_member_card_number_upper_trgm":
            Member.objects.filter(card_number__icontains="2024-b001"),
    }
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        for index, queryset in searches.items():
            sql, params = queryset.order_by().query.sql_with_params()
            cursor.execute(f"EXPLAIN {sql}", params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert index in plan, plan
