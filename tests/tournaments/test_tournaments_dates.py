"""Tournament dates through the API (issue 18): dd/mm/yyyy accepted, implausible years refused
by the lifecycle service (core.dates.check_event_date), nothing created."""

from __future__ import annotations

from datetime import date

import pytest

from tests.factories import make_staff, national_body
from tests.helpers import assert_error, client_for
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _base(**dates):
    return {"name": "Giải ngày tháng", "discipline": "chess", "system": "dutch",
            "number_of_rounds": 3, "organiser_body": national_body().pk, **dates}


def test_dd_mm_yyyy_dates_create_the_tournament():
    api = client_for(make_staff())
    response = api.post("/api/v1/tournaments/", _base(start_date="04/05/2026",
                                                      end_date="06/05/2026"), format="json")
    assert response.status_code == 201, response.content
    assert response.json()["start_date"] == "2026-05-04"
    assert Tournament.objects.get(pk=response.json()["id"]).end_date == date(2026, 5, 6)


@pytest.mark.parametrize("start, end, field, words", [
    ("01/01/2090", "03/01/2090", "start_date", "không hợp lý cho một giải đấu"),
    ("31/04/2026", "02/05/2026", "start_date", "Ngày 31 không có trong tháng 4/2026"),
])
def test_implausible_or_impossible_dates_are_refused(start, end, field, words):
    api = client_for(make_staff())
    response = api.post("/api/v1/tournaments/", _base(start_date=start, end_date=end),
                        format="json")
    error = assert_error(response, 400, field=field)
    assert words in error["fields"][field][0]
    assert not Tournament.objects.filter(name="Giải ngày tháng").exists()
