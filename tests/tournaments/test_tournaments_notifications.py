"""Issue 32: an event tells the clubs entered in it, by email through the outbox, when a
round's pairings are published (the club's boards) and when the results are certified
(Công nhận kết quả). Written in the transaction of the round or of the certification."""

from __future__ import annotations

import random

import pytest

from core.models import Notification, NotificationKind, NotificationPreference
from tests.factories import make_club, make_club_manager, make_member, make_person


def test_the_clubs_entered_hear_of_each_round_and_of_the_certification(driver):
    manager = make_club_manager(driver.club)
    manager.email = "clb@example.vn"
    manager.save()
    other = make_club(name="CLB Cờ Quận 3")
    other_manager = make_club_manager(other)
    other_manager.email = "q3@example.vn"
    other_manager.save()
    NotificationPreference.objects.create(user=other_manager, language="en")
    outsider = make_club_manager(make_club())  # no player entered: hears nothing
    outsider.email = "ngoai@example.vn"
    outsider.save()
    driver.create(system="round_robin")
    driver.action("open-registration")
    guest = make_member(make_person(full_name="Lê Văn Khách"), other)
    driver.enter([*driver.members(3), (guest, 0)])
    driver.action("close-registration", {"seed": 5})
    driver.run_all_rounds(3, random.Random(2))
    driver.finish_and_certify()

    pairings = Notification.objects.filter(kind=NotificationKind.PAIRINGS_PUBLISHED)
    assert sorted(pairings.values_list("email", flat=True)) == (
        ["clb@example.vn"] * 3 + ["q3@example.vn"] * 3)
    assert pairings.filter(email="clb@example.vn").order_by("pk").first().subject.startswith(
        "Cặp đấu ván 1: ")
    first = pairings.filter(email="q3@example.vn").order_by("pk").first()
    assert first.subject.startswith("Round 1 pairings: ")  # his choice: English
    assert "Lê Văn Khách" in first.body_text and "CLB Cờ Quận 3" in first.body_text
    assert first.language == "en" and "VIETNAM CHESS FEDERATION" in first.body_html
    certified = Notification.objects.filter(kind=NotificationKind.RESULTS_CERTIFIED)
    assert sorted(certified.values_list("email", flat=True)) == ["clb@example.vn",
                                                                  "q3@example.vn"]
    assert "có 3 đấu thủ" in certified.get(email="clb@example.vn").body_text
    mine = certified.get(email="q3@example.vn")
    assert mine.subject.startswith("Results certified: ")
    assert "Lê Văn Khách" in mine.body_text and "1 player(s)" in mine.body_text
    assert not Notification.objects.filter(email="ngoai@example.vn").exists()


@pytest.mark.django_db
def test_nobody_to_tell_writes_nothing():
    assert not Notification.objects.exists()
