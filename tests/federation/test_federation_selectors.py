"""Selectors other apps rely on: can_enter_tournaments, active_club_of (Điều 8, 15.5, 15.6)."""

from datetime import date

import pytest

from federation.models import Member
from federation.selectors import active_club_of, add_months, can_enter_tournaments
from tests.factories import make_club, make_member, make_person, make_suspension

pytestmark = pytest.mark.django_db


def test_active_member_can_enter_and_has_club():
    club = make_club()
    member = make_member(club=club)
    assert can_enter_tournaments(member.person, date(2026, 5, 1)) == (True, "")
    assert active_club_of(member.person) == club


def test_non_member_cannot_enter_dieu_8():
    person = make_person()
    ok, reason = can_enter_tournaments(person, date(2026, 5, 1))
    assert not ok and "không phải hội viên" in reason
    assert active_club_of(person) is None


def test_member_before_joining_cannot_enter():
    member = make_member(joined_on=date(2026, 3, 1))
    assert can_enter_tournaments(member.person, date(2026, 2, 28))[0] is False
    assert can_enter_tournaments(member.person, date(2026, 3, 1))[0] is True


def test_lapsed_member_cannot_enter_after_lapse_dieu_15_5():
    member = make_member(status=Member.Status.LAPSED, ended_on=date(2026, 4, 1),
                         end_rule=Member.EndRule.NO_DUES)
    assert can_enter_tournaments(member.person, date(2026, 3, 31))[0] is True
    assert can_enter_tournaments(member.person, date(2026, 4, 1))[0] is False
    assert active_club_of(member.person) is None


def test_suspended_member_cannot_enter_during_suspension_dieu_15_6():
    member = make_member()
    make_suspension(member.person, date(2026, 1, 10), years=1, decision_reference="QĐ 12/2026")
    ok, reason = can_enter_tournaments(member.person, date(2026, 6, 1))
    assert not ok and "QĐ 12/2026" in reason and "09/01/2027" in reason
    assert can_enter_tournaments(member.person, date(2027, 1, 9))[0] is False
    assert can_enter_tournaments(member.person, date(2027, 1, 10)) == (True, "")
    assert can_enter_tournaments(member.person, date(2026, 1, 9)) == (True, "")


def test_lifted_suspension_no_longer_blocks():
    member = make_member()
    make_suspension(member.person, date(2026, 1, 10), years=2, lifted_on=date(2026, 7, 1))
    assert can_enter_tournaments(member.person, date(2026, 6, 30))[0] is False
    assert can_enter_tournaments(member.person, date(2026, 7, 1))[0] is True


def test_add_months_clamps_to_month_end():
    assert add_months(date(2026, 8, 31), 6) == date(2027, 2, 28)
    assert add_months(date(2026, 1, 15), 6) == date(2026, 7, 15)
    assert add_months(date(2026, 9, 30), 6) == date(2027, 3, 30)


def test_refusal_reason_in_english():
    from django.utils import translation

    person = make_person(full_name="Hoàng Văn Minh")
    with translation.override("en"):
        ok, reason = can_enter_tournaments(person, date(2026, 5, 1))
    assert not ok
    assert reason == "Hoàng Văn Minh is not an active member of the Federation on 01/05/2026."
