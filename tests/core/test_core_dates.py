"""Dates typed by people and citizen ID numbers (issue 18): core.dates, one parser and one set of
checks for the API and the admin."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import ValidationError

from core import dates

TODAY = date(2026, 11, 25)


@pytest.mark.parametrize("text", ["03/02/2001", "3/2/2001", "2001-02-03", "03-02-2001",
                                  "03.02.2001", " 03/02/2001 "])
def test_dd_mm_yyyy_and_iso_are_the_same_day(text):
    assert dates.parse_date(text) == date(2001, 2, 3)


@pytest.mark.parametrize("text", ["31/02/1990", "1990-02-31"])
def test_an_impossible_day_says_the_month_has_no_such_day(text):
    with pytest.raises(ValidationError) as caught:
        dates.parse_date(text)
    message = caught.value.messages[0]
    assert "Ngày 31 không có trong tháng 2/1990" in message and "28 ngày" in message
    assert "yyyy-mm-dd" not in message


def test_leap_day_only_in_leap_years():
    assert dates.parse_date("29/02/2024") == date(2024, 2, 29)
    with pytest.raises(ValidationError, match="29 ngày|28 ngày"):
        dates.parse_date("29/02/2023")


def test_month_13_and_garbage_are_named():
    with pytest.raises(ValidationError, match="Tháng 13 không tồn tại"):
        dates.parse_date("01/13/2000")
    with pytest.raises(ValidationError, match="dd/mm/yyyy"):
        dates.parse_date("hôm qua")


def test_birth_dates_must_be_plausible():
    dates.check_birth_date(date(1950, 5, 1), today=TODAY)
    with pytest.raises(ValidationError, match="tương lai"):
        dates.check_birth_date(date(2090, 1, 1), today=TODAY)
    with pytest.raises(ValidationError, match="120 năm"):
        dates.check_birth_date(date(1880, 1, 1), today=TODAY)


def test_applications_not_dated_in_the_future_and_events_plausible():
    dates.check_not_future(TODAY, today=TODAY)
    with pytest.raises(ValidationError, match="tương lai"):
        dates.check_not_future(date(2027, 1, 1), today=TODAY)
    dates.check_event_date(date(2027, 6, 1), today=TODAY)
    with pytest.raises(ValidationError, match="giải đấu"):
        dates.check_event_date(date(2090, 1, 1), today=TODAY)


@pytest.mark.parametrize("value", ["001301000123", "0013 0100 0123", "123456789"])
def test_cccd_12_digits_and_cmnd_9_digits_are_accepted(value):
    dates.check_citizen_id(value)


@pytest.mark.parametrize("value", ["abc", "12345", "0013010001234", "00130100012a"])
def test_other_citizen_ids_are_refused_with_the_formats(value):
    with pytest.raises(ValidationError) as caught:
        dates.check_citizen_id(value)
    assert "12 chữ số" in caught.value.messages[0] and "9 chữ số" in caught.value.messages[0]
