"""Issue 32, Phụ lục 2 Điều 15.5: "Hội viên không đóng hội phí 6 tháng hoặc không sinh hoạt
liên tục 6 tháng sẽ bị khai trừ khỏi Liên đoàn" — the club is told by email which of its
members reach their deadline within 30 days, each member and deadline once; a suspension
(Điều 15.6) reaches the person and his club."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from core.models import Notification, NotificationKind
from federation.models import LapseWarning
from federation.selectors import lapse_due_of
from federation.services import notices, suspend_person
from tests import factories as f

pytestmark = pytest.mark.django_db

TODAY = date(2026, 6, 10)


def _club():
    club = f.make_club(name="CLB Cờ Ba Đình")
    manager = f.make_club_manager(club)
    manager.email = "badinh@example.vn"
    manager.save()
    return club


def test_the_club_is_warned_once_per_deadline_of_its_members_about_to_lapse():
    club = _club()
    # joined 1/1/2026, no dues, no attendance: deadline 1/7/2026, within 30 days of 10/6
    soon = f.make_member(f.make_person(full_name="Phạm Sắp Hết"), club,
                         joined_on=date(2026, 1, 1))
    f.make_member(f.make_person(full_name="Đỗ Còn Lâu"), club, joined_on=date(2026, 5, 1))
    deadline = lapse_due_of(soon).deadline
    assert TODAY <= deadline < TODAY + timedelta(days=30)

    assert notices.warn_lapses(TODAY) == 1
    assert notices.warn_lapses(TODAY) == 0  # the same period: not again
    assert notices.warn_lapses(TODAY + timedelta(days=1)) == 0
    warning = Notification.objects.get(kind=NotificationKind.LAPSE_WARNING)
    assert warning.email == "badinh@example.vn"
    assert "Phạm Sắp Hết" in warning.body_text and "Đỗ Còn Lâu" not in warning.body_text
    assert f"hạn cuối {deadline:%d/%m/%Y}" in warning.body_text
    assert "Điều 15.5" in warning.body_text
    assert LapseWarning.objects.get().deadline == deadline

    # dues paid: the deadline moves; the new period is warned again when it comes
    f.make_dues(soon, date(2026, 1, 1), date(2026, 3, 31))
    f.make_attendance(soon, date(2026, 3, 1))
    later = lapse_due_of(soon).deadline
    assert later > deadline
    assert notices.warn_lapses(later - timedelta(days=5)) == 1
    assert Notification.objects.filter(kind=NotificationKind.LAPSE_WARNING).count() == 2


def test_a_suspension_reaches_the_person_and_his_club():
    club = _club()
    user = f.make_user("an", email="an@example.vn")
    person = f.make_person(full_name="Ngô Văn An", user=user)
    f.make_member(person, club)
    decision = f.make_disciplinary_decision()
    suspend_person(person=person, starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31),
                   decision=decision, reason="Gian lận", by=f.make_staff())
    sent = Notification.objects.filter(kind=NotificationKind.SUSPENSION)
    assert sorted(sent.values_list("email", flat=True)) == ["an@example.vn",
                                                            "badinh@example.vn"]
    body = sent.first().body_text
    assert "01/01/2026" in body and "31/12/2026" in body and "Gian lận" in body


def test_the_daily_lapse_job_warns_the_clubs():
    """Beat's daily job (federation.tasks.lapse_members_task starts it) lapses who is past
    his deadline and warns the clubs of who comes near it: the same run, once per period."""
    from federation.services.lapse import lapse_members

    club = _club()
    f.make_member(f.make_person(full_name="Phạm Sắp Hết"), club, joined_on=date(2026, 1, 1))
    past = f.make_member(f.make_person(full_name="Vũ Đã Quá"), club, joined_on=date(2025, 6, 1))
    done = lapse_members({"date": TODAY.isoformat()}, lambda *a: None)
    assert (done["lapsed"], done["warned"]) == (1, 1)
    assert done["cards"] == [past.card_number]
    warning = Notification.objects.get(kind=NotificationKind.LAPSE_WARNING)
    assert warning.email == "badinh@example.vn"
    assert "Phạm Sắp Hết" in warning.body_text and "Vũ Đã Quá" not in warning.body_text
    again = lapse_members({"date": TODAY.isoformat()}, lambda *a: None)
    assert (again["lapsed"], again["warned"]) == (0, 0)
    assert Notification.objects.filter(kind=NotificationKind.LAPSE_WARNING).count() == 1


def test_a_manager_who_chose_english_reads_the_lapse_warning_and_the_suspension_in_english():
    from core.models import NotificationPreference

    club = f.make_club(name="CLB Cờ Cầu Giấy")
    manager = f.make_club_manager(club)
    manager.email = "caugiay@example.com"
    manager.save()
    NotificationPreference.objects.create(user=manager, language="en")
    f.make_member(f.make_person(full_name="Phạm Sắp Hết"), club, joined_on=date(2026, 1, 1))
    assert notices.warn_lapses(TODAY) == 1
    warning = Notification.objects.get(kind=NotificationKind.LAPSE_WARNING)
    assert warning.language == "en"
    assert warning.subject == "Members about to lapse: 1 member(s) of CLB Cờ Cầu Giấy"
    assert "Appendix 2, Article 15.5" in warning.body_text and "Phạm Sắp Hết" in warning.body_text
    assert "VIETNAM CHESS FEDERATION" in warning.body_html

    person = f.make_person(full_name="Ngô Văn An")
    f.make_member(person, club)
    suspend_person(person=person, starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31),
                   decision=f.make_disciplinary_decision(), reason="Gian lận",
                   by=f.make_staff())
    told = Notification.objects.get(kind=NotificationKind.SUSPENSION)
    assert (told.email, told.subject) == ("caugiay@example.com", "Suspension: Ngô Văn An")
    assert "from 01/01/2026 to 31/12/2026 inclusive" in told.body_text
