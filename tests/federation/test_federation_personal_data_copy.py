"""The person's copy of his data holds everything the service keeps about him (Nghị định
13/2023/NĐ-CP Điều 14; issue 31 "export of everything held about them").

Every model that refers to a person, to his membership or to his sign-in account is either a
part of the copy (``COVERED``: the section it lands in) or left out for a stated reason
(``LEFT_OUT``); a new model referring to them fails here until it is one or the other. Then a
person with a row of each kind: each section of the copy shows his row."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from federation.models import Member, Person
from tests import factories as f
from tests.helpers import client_for
from tests.public.conftest import build_round_robin

pytestmark = pytest.mark.django_db

#: (model, field referring to him) -> the section of his copy that holds it
COVERED = {
    ("federation.BoardPosition", "person"): "board_positions",
    ("federation.ClubBoardMember", "person"): "club_board",
    ("federation.Person", "merged_into"): "merged",
    ("federation.Person", "user"): "record",
    ("federation.MembershipApplication", "person"): "applications",
    ("federation.MembershipApplication", "member"): "applications",
    ("federation.Member", "person"): "cards",
    ("federation.ClubMembership", "member"): "clubs",
    ("federation.DuesPayment", "member"): "dues",
    ("federation.Attendance", "member"): "attendance",
    ("federation.MemberEvent", "member"): "member_events",
    ("federation.Resignation", "member"): "resignations",
    ("federation.LapseWarning", "member"): "lapse_warnings",
    ("federation.Suspension", "person"): "suspensions",
    ("federation.PrivateDataAccess", "person"): "access_log",
    ("federation.Consent", "person"): "consents",
    ("federation.DataRequest", "person"): "requests",
    ("federation.Officer", "user"): "account",
    ("federation.Club", "managers"): "account",
    ("tournaments.Official", "person"): "officials",
    ("tournaments.Entry", "person"): "entries",
    ("tournaments.Entry", "member"): "entries",
    ("tournaments.DelegationStaff", "person"): "delegations",
    ("tournaments.SanctionProposal", "person"): "sanction_proposals",
    ("games.GameRecord", "white"): "games",
    ("games.GameRecord", "black"): "games",
    ("ratings.PlayerRating", "person"): "ratings",
    ("ratings.ForeignTitle", "person"): "foreign_titles",
    ("ratings.TitleQualification", "person"): "title_qualifications",
    ("ratings.PlayerTitle", "person"): "titles",
    ("core.Notification", "user"): "notifications",
    ("core.NotificationPreference", "user"): "account",
    ("otp_totp.TOTPDevice", "user"): "account",  # whether two-factor is on; never its secret
}

#: referring to him, yet not data about him
LEFT_OUT = {
    ("federation.MembershipApplication", "sponsor"): "another person's application (he "
                                                     "sponsored it): that person's data",
    ("authtoken.Token", "user"): "a secret credential: never copied",
    ("admin.LogEntry", "user"): "his work as staff in the admin, the federation's log",
    ("core.Job", "created_by"): "work he started (pairings, renders): the service's jobs",
    ("tournaments.Tournament", "created_by"): "his work as staff on an official record",
    ("tournaments.Tournament", "certified_by"): "his work as staff on an official record",
}


def _referring() -> set[tuple[str, str]]:
    found = set()
    for model in (Person, Member, get_user_model()):
        for relation in model._meta.related_objects:
            if relation.field.model._meta.label.startswith("federation.Historical"):
                continue  # the record's own history: the section "history"
            found.add((relation.related_model._meta.label, relation.field.name))
    return found


def test_every_model_referring_to_the_person_is_in_his_copy_or_left_out_for_a_reason():
    unaccounted = _referring() - set(COVERED) - set(LEFT_OUT)
    assert not unaccounted, unaccounted
    assert not set(COVERED) & set(LEFT_OUT)


@pytest.fixture
def held():
    """A player of a certified round robin (entries, game records, ratings) with an account,
    and one row of every other kind the service keeps about a person."""
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from core.models import Notification, NotificationPreference
    from federation.models import (
        BoardPosition,
        ClubBoardMember,
        ClubMeeting,
        Consent,
        LapseWarning,
        MembershipApplication,
        Officer,
        PrivateDataAccess,
        Resignation,
    )
    from federation.services import privacy
    from games.models import GamePenalty, GameRecord, GameWarning
    from ratings.models import (
        ForeignTitle,
        PlayerRating,
        PlayerTitle,
        RatingList,
        RatingPeriod,
        TitleCriteriaTable,
        TitleQualification,
    )
    from tournaments.models import Delegation, DelegationStaff, Official, SanctionProposal

    staff = f.make_staff("copy-staff")
    t = build_round_robin(4, staff=staff, seed=53, with_games=True)
    entry = t.entries.order_by("starting_number").first()
    member = entry.member
    person = member.person
    user = f.make_user("chu-ban-sao", email="chu.ban.sao@example.vn")
    person.user = user
    person.save()
    club = member.club_memberships.get().club
    now = timezone.now()
    # the registry
    person.phone = "0988111222"
    person.save()  # a second version of his record
    f.make_person(full_name="Bản Trùng Đã Gộp", merged_into=person, merged_at=now,
                  merge_reason="trùng tên và ngày sinh")
    sponsor = t.entries.order_by("starting_number").last().member
    MembershipApplication.objects.create(person=person, club=club, sponsor=sponsor,
                                         submitted_on=date(2025, 1, 2), status="approved",
                                         member=member)
    Consent.objects.create(person=person, data_collected="x", purposes="y",
                           given_on=date(2025, 1, 2), given_by=person.full_name, relation="self")
    f.make_dues(member, date(2026, 1, 1), date(2026, 12, 31))
    f.make_attendance(member, date(2026, 2, 1))
    f.make_suspension(person, date(2020, 1, 1))
    LapseWarning.objects.create(member=member, deadline=date(2026, 7, 1),
                                warned_on=date(2026, 6, 1))
    Resignation.objects.create(member=member, applied_on=date(2026, 8, 1),
                               effective_on=date(2026, 8, 31), note="chuyển công tác")
    BoardPosition.objects.create(body=club.body, person=person, role="chair",
                                 term_start=date(2024, 1, 1), term_end=date(2028, 12, 31))
    meeting = ClubMeeting.objects.create(club=club, held_on=date(2026, 1, 5))
    ClubBoardMember.objects.create(meeting=meeting, person=person, role="head")
    PrivateDataAccess.objects.create(person=person, user=staff, fields="phone", via="admin",
                                     at=now)
    # tournaments and games
    Official.objects.create(tournament=t, person=person, role=Official.Role.ARBITER)
    delegation = Delegation.objects.create(tournament=t, name="Đoàn Hoàn Kiếm")
    DelegationStaff.objects.create(delegation=delegation, person=person, role="coach")
    SanctionProposal.objects.create(tournament=t, entry=entry, person=person, years=1,
                                    reason="Gây rối khu vực thi đấu", proposed_by=staff)
    game = GameRecord.objects.filter(white=person).first() or GameRecord.objects.filter(
        black=person).first()
    side = "white" if game.white_id == person.pk else "black"
    GameWarning.objects.create(game=game, side=side, reason="touch", level="reminder",
                               article="9.6", recorded_by=staff)
    GamePenalty.objects.create(game=game, side=side, kind="add_time", minutes=2,
                               article="13.4b", recorded_by=staff)
    # ratings and titles
    period = RatingPeriod.objects.create(rating_list=RatingList.objects.first(),
                                         start=date(2026, 1, 1), end=date(2026, 1, 31),
                                         status="published", published_at=now)
    PlayerRating.objects.create(period=period, person=person, rating=1500, published=True)
    foreign = ForeignTitle.objects.create(person=person, title=ForeignTitle.Kind.choices[0][0],
                                          awarded_on=date(2025, 1, 1), reference="AXF 12/2025")
    qualification = TitleQualification.objects.create(
        person=person, title="first_category", criterion_id="x",
        table=TitleCriteriaTable.objects.first(), section="men", event_date=date(2026, 1, 1),
        foreign_title=foreign, status="pending")
    PlayerTitle.objects.create(person=person, title="first_category",
                               awarded_on=date(2025, 6, 1))
    assert qualification.pk
    # his account
    Officer.objects.create(user=user, body=club.body)
    club.managers.add(user)
    NotificationPreference.objects.create(user=user, language="en", events=False)
    TOTPDevice.objects.create(user=user, name="app", confirmed=True)
    Notification.objects.create(kind="password_reset", user=user, email=user.email,
                                subject="Đặt lại mật khẩu", body_text="T", body_html="<p>T</p>")
    request = privacy.file_data_request(person, kind="export", by=user)
    privacy.complete_export(request, by=staff)
    return person, request


def test_his_copy_shows_a_row_of_every_kind_held_about_him(held):
    person, request = held
    own = client_for(person.user)
    data = own.get(f"/api/v1/data-requests/{request.pk}/export/")
    assert data.status_code == 200, data.content
    sections = {s["key"]: s for s in data.json()["sections"]}
    missing = set(COVERED.values()) - set(sections)
    assert not missing, missing
    empty = {key for key in set(COVERED.values()) | {"history"} if not sections[key]["rows"]}
    assert not empty, empty
    text = str(data.json())
    for shown in ("Bản Trùng Đã Gộp", "chuyển công tác", "Chủ tịch", "Chủ nhiệm",
                  "Đoàn Hoàn Kiếm", "Gây rối khu vực thi đấu", "AXF 12/2025", "chu-ban-sao",
                  "chu.ban.sao@example.vn", "Đặt lại mật khẩu", "0988111222"):
        assert shown in text, shown
    # the record's versions: the phone before and after the change, in his own copy
    history = sections["history"]
    phone = history["columns"].index("Điện thoại")
    assert {"0912345678", "0988111222"} <= {row[phone] for row in history["rows"]}
    # the account: two-factor on, an officer and a manager, his mail choices
    account = dict(map(tuple, sections["account"]["rows"]))
    assert account["Xác thực hai lớp"] == "có"
    assert account["Tên đăng nhập"] == "chu-ban-sao"
    # the games: each with his colour and his opponent
    assert all(row[5] for row in sections["games"]["rows"])
    pdf = own.get(f"/api/v1/data-requests/{request.pk}/export/?output=pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_person_without_an_account_has_no_account_section(held):
    person, request = held
    person.user = None
    person.save()
    staff = client_for(f.make_staff("copy-staff-2"))
    sections = {s["key"] for s in staff.get(
        f"/api/v1/data-requests/{request.pk}/export/").json()["sections"]}
    assert "account" not in sections and "notifications" not in sections
    assert {"history", "games", "officials"} <= sections
