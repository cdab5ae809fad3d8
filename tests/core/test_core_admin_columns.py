"""Issue 18: list columns that fit 1,366 px — the title-qualification list keeps its status and
decision on screen (a long event name is cut short), the member list its club and end date."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib import admin
from django.test import Client

from federation.models import Member
from ratings.models import TitleCriteriaTable, TitleQualification
from tests.factories import make_person, make_staff
from tests.factories.tournaments import make_tournament

pytestmark = pytest.mark.django_db

#: At most this many columns (besides the checkbox) on the lists staff use all day.
MAX_COLUMNS = 7


def _columns(model) -> list[str]:
    return list(admin.site._registry[model].list_display)


def test_key_columns_are_listed_and_the_lists_stay_narrow():
    qualification = _columns(TitleQualification)
    assert {"person", "title", "status", "decision_number"} <= set(qualification)
    members = _columns(Member)
    assert {"card_number", "person", "current_club", "status", "ended_on"} <= set(members)
    assert len(qualification) <= MAX_COLUMNS and len(members) <= MAX_COLUMNS


def test_a_long_event_name_is_cut_short_and_status_and_decision_show():
    from ratings.reference_data import load_reference_data

    load_reference_data()
    long_name = "Giải Vô địch Cờ Tướng các câu lạc bộ mạnh toàn quốc lần thứ XXV năm 2026"
    TitleQualification.objects.create(
        person=make_person(full_name="Võ Văn Dài"), title="first_category",
        criterion_id="A.3.a", table=TitleCriteriaTable.objects.first(), section="men",
        tournament=make_tournament(name=long_name), event_date=date(2026, 5, 1))
    client = Client()
    client.force_login(make_staff())
    html = client.get("/admin/ratings/titlequalification/").content.decode()
    assert long_name not in html and long_name[:25] in html and "…" in html
    assert "Chờ duyệt" in html and "Võ Văn Dài" in html
