"""Possible duplicate persons and their merge (issue #28).

The case of the issue: the same person entered twice (same name, birth date, province and club,
no CCCD), holding two member cards 01-2026-00033 and 01-2026-00035. Entering him a second time
is warned (the admin form refuses until dismissed, the API answers with a warning); the two
records are then merged by staff with a reason: nothing is deleted, every record moves to the
person kept, the second card is kept and recorded as superseded by the first.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from federation.models import (
    Attendance,
    DuesPayment,
    Member,
    MemberEvent,
    Person,
    PrivateDataAccess,
)
from games.models import GameRecord
from tests.admin_forms import form_data
from tests.factories import make_club, make_member, make_person, make_staff, make_user
from tests.helpers import assert_error, client_for
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

NAME, BORN = "Nguyễn Văn Trùng", date(2001, 2, 3)


@pytest.fixture
def twice():
    """One man entered twice, with a card each in the same club and records on both."""
    club = make_club()
    first = make_person(full_name=NAME, date_of_birth=BORN)
    second = make_person(full_name=NAME, date_of_birth=BORN)
    card_33 = make_member(first, club, card_number="01-2026-00033", joined_on=date(2026, 1, 5))
    card_35 = make_member(second, club, card_number="01-2026-00035", joined_on=date(2026, 1, 9))
    event = Tournament.objects.create(
        name="Giải đã công nhận", discipline="xiangqi", system="round_robin",
        start_date=date(2026, 3, 1), end_date=date(2026, 3, 2), status="certified")
    entry = Entry.objects.create(tournament=event, member=card_35, name=NAME, starting_number=1)
    game = GameRecord.objects.create(discipline="xiangqi", white=second, white_name=NAME,
                                     black_name="Lê Văn B", moves_text="1. P2-5 M8.7")
    DuesPayment.objects.create(member=card_35, club=club, amount=60000,
                               period_start=date(2026, 1, 1), period_end=date(2026, 12, 31),
                               receipt_number="BL-35", paid_on=date(2026, 1, 9))
    Attendance.objects.create(member=card_35, club=club, date=date(2026, 2, 1))
    return type("Twice", (), {"first": first, "second": second, "card_33": card_33,
                              "card_35": card_35, "entry": entry, "game": game, "club": club,
                              "event": event})


def test_the_admin_add_form_shows_the_possible_duplicate_before_saving(client, twice):
    staff = make_staff()
    client.force_login(staff)
    url = reverse("admin:federation_person_add")
    data = form_data(client.get(url).content.decode(), "person_form")
    data.update(full_name="nguyen van trung", gender="M", date_of_birth="03/02/2001",
                province=str(twice.first.province_id), _save="Lưu")
    before = Person.objects.count()
    page = client.post(url, data)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Có thể trùng với người đã có trong danh bạ" in html
    assert reverse("admin:federation_person_change", args=[twice.first.pk]) in html
    assert "01-2026-00033" in html and "03/02/2001" in html
    assert Person.objects.count() == before  # nothing saved
    data["not_duplicate"] = "on"  # checked: another man of the same name and birthday
    assert client.post(url, data).status_code == 302
    assert Person.objects.count() == before + 1


def test_the_same_citizen_id_is_a_possible_duplicate_too(client):
    make_person(full_name="Phạm Thị Hoa", date_of_birth=date(1990, 5, 5),
                citizen_id="001190012345")
    staff = make_staff()
    response = client_for(staff).post("/api/v1/persons/", {
        "full_name": "Phạm Hoa", "gender": "F", "citizen_id": "001190099999"}, format="json")
    assert response.status_code == 201 and response.json()["warnings"] == []


def test_the_api_create_answers_with_a_warning_naming_the_existing_person(twice):
    staff = make_staff()
    response = client_for(staff).post("/api/v1/persons/", {
        "full_name": NAME, "gender": "M", "date_of_birth": "2001-02-03"}, format="json")
    assert response.status_code == 201, response.content
    warnings = response.json()["warnings"]
    assert {w["person"] for w in warnings} == {twice.first.pk, twice.second.pk}
    assert all(w["code"] == "possible_duplicate" and w["url"].endswith(f"/persons/{w['person']}/")
               for w in warnings)
    english = client_for(staff).post("/api/v1/persons/", {
        "full_name": NAME, "gender": "M", "date_of_birth": "2001-02-03"}, format="json",
        HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["warnings"][0]["message"].startswith("Possibly the same as")


def test_the_admin_merge_keeps_every_record_and_supersedes_the_second_card(client, twice):
    staff = make_staff()
    client.force_login(staff)
    changelist = reverse("admin:federation_person_changelist")
    selected = {"action": "merge_persons", "_selected_action": [twice.first.pk, twice.second.pk]}
    confirm = client.post(changelist, selected)
    assert confirm.status_code == 200
    html = confirm.content.decode()
    assert "01-2026-00033" in html and "01-2026-00035" in html and "03/02/2001" in html
    # the birth dates shown are a logged read (Nghị định 13/2023/NĐ-CP; issue 31)
    assert set(PrivateDataAccess.objects.filter(user=staff, fields="date_of_birth")
               .values_list("person_id", flat=True)) == {twice.first.pk, twice.second.pk}
    history_before = twice.first.history.count() + twice.second.history.count()
    done = client.post(changelist, {**selected, "apply": "1", "keep": twice.first.pk,
                                    "reason": "Nhập trùng khi làm thẻ (cùng người, cùng CLB)"})
    assert done.status_code == 302

    second = Person.objects.get(pk=twice.second.pk)  # never deleted
    assert second.merged_into_id == twice.first.pk and second.merged_by == staff
    assert "Nhập trùng" in second.merge_reason
    card_33, card_35 = (Member.objects.get(pk=twice.card_33.pk),
                        Member.objects.get(pk=twice.card_35.pk))
    assert card_33.status == Member.Status.ACTIVE and card_33.person_id == twice.first.pk
    assert card_35.status == Member.Status.SUPERSEDED and card_35.superseded_by == card_33
    assert card_35.person_id == twice.first.pk  # the card is kept, under the person kept
    assert card_35.club_memberships.get().ended_on is not None
    assert DuesPayment.objects.get(receipt_number="BL-35").member == card_33
    assert Attendance.objects.filter(member=card_33).count() == 1
    assert set(MemberEvent.objects.filter(kind="merged").values_list("member_id", flat=True)) \
        == {card_33.pk, card_35.pk}
    # the official records are intact: the entry of the certified event keeps its card, the
    # game its names; both now belong to the person kept
    entry = Entry.objects.get(pk=twice.entry.pk)
    assert entry.member_id == card_35.pk and entry.member.person_id == twice.first.pk
    assert entry.tournament.status == "certified"
    game = GameRecord.objects.get(pk=twice.game.pk)
    assert game.white_id == twice.first.pk and game.white_name == NAME
    assert twice.first.history.count() + twice.second.history.count() > history_before
    # the merged record is no longer offered as a possible duplicate
    from federation.selectors import possible_duplicates

    assert list(possible_duplicates(full_name=NAME, date_of_birth=BORN, citizen_id=None)) == [
        twice.first]


def test_a_merge_needs_a_reason_and_two_persons(client, twice):
    staff = make_staff()
    client.force_login(staff)
    changelist = reverse("admin:federation_person_changelist")
    selected = {"action": "merge_persons", "_selected_action": [twice.first.pk, twice.second.pk]}
    page = client.post(changelist, {**selected, "apply": "1", "keep": twice.first.pk,
                                    "reason": ""})
    assert page.status_code == 200 and "errorlist" in page.content.decode()
    one = client.post(changelist, {"action": "merge_persons",
                                   "_selected_action": [twice.first.pk]}, follow=True)
    assert "Chọn đúng hai người để gộp." in one.content.decode()
    assert Person.objects.get(pk=twice.second.pk).merged_into is None


def test_active_cards_in_different_clubs_are_refused_clearly(twice):
    from federation.models import ClubMembership

    ClubMembership.objects.filter(member=twice.card_35).update(club=make_club())
    staff = make_staff()
    response = client_for(staff).post(f"/api/v1/persons/{twice.first.pk}/merge/", {
        "duplicate": twice.second.pk, "reason": "trùng"}, format="json")
    error = assert_error(response, 409, "conflicting_memberships")
    assert "01-2026-00033" in error["message"] and "01-2026-00035" in error["message"]
    assert "Điều 10.4" in error["message"]
    assert Person.objects.get(pk=twice.second.pk).merged_into is None
    assert Member.objects.get(pk=twice.card_35.pk).status == Member.Status.ACTIVE
    assert GameRecord.objects.get(pk=twice.game.pk).white_id == twice.second.pk


def test_the_api_merge_is_for_staff_only_and_merges(twice):
    officer = make_user()
    response = client_for(officer).post(f"/api/v1/persons/{twice.first.pk}/merge/", {
        "duplicate": twice.second.pk, "reason": "trùng"}, format="json")
    assert response.status_code == 403
    staff = make_staff()
    response = client_for(staff).post(f"/api/v1/persons/{twice.first.pk}/merge/", {
        "duplicate": twice.second.pk, "reason": "trùng"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["card_number"] == "01-2026-00033"
    assert Person.objects.get(pk=twice.second.pk).merged_into_id == twice.first.pk
    again = client_for(staff).post(f"/api/v1/persons/{twice.first.pk}/merge/", {
        "duplicate": twice.second.pk, "reason": "trùng"}, format="json")
    assert_error(again, 409, "already_merged")


def test_records_that_cannot_both_belong_to_one_person_refuse_the_whole_merge(twice):
    """Both rated in the same period: the merge is refused naming the kind of record, and
    nothing of it stays (the second card is not superseded, the game not moved)."""
    from ratings.models import PlayerRating, RatingPeriod
    from tests.factories.ratings import xiangqi_standard

    period = RatingPeriod.objects.create(rating_list=xiangqi_standard(), start=date(2026, 1, 1),
                                         end=date(2026, 1, 31))
    for person in (twice.first, twice.second):
        PlayerRating.objects.create(period=period, person=person, rating=1500)
    response = client_for(make_staff()).post(f"/api/v1/persons/{twice.first.pk}/merge/", {
        "duplicate": twice.second.pk, "reason": "trùng"}, format="json")
    error = assert_error(response, 409, "conflicting_records")
    assert "hệ số đấu thủ" in error["message"]
    assert Member.objects.get(pk=twice.card_35.pk).status == Member.Status.ACTIVE
    assert GameRecord.objects.get(pk=twice.game.pk).white_id == twice.second.pk
    assert Person.objects.get(pk=twice.second.pk).merged_into is None


def test_the_merge_page_shows_the_id_numbers_masked(client):
    """Minimisation (Nghị định 13/2023/NĐ-CP; issue 31): the last 4 digits, as everywhere."""
    client.force_login(make_staff())
    a = make_person(full_name="Phạm Hoa", citizen_id="001190012345")
    b = make_person(full_name="Phạm Hoa", citizen_id="001190099999")
    page = client.post(reverse("admin:federation_person_changelist"), {
        "action": "merge_persons", "_selected_action": [a.pk, b.pk]}).content.decode()
    assert "••••••••2345" in page and "••••••••9999" in page
    assert "001190012345" not in page and "001190099999" not in page
