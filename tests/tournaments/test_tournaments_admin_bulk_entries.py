"""Entering an event's players in one step from the admin (issue #28): a pasted list of card
numbers or names, or the members of a club ticked from its list, through the bulk service (all
or nothing, each refused line named in Vietnamese). Tested by posting the admin's form."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from tests.factories import make_club, make_member, make_person, make_staff
from tests.factories.tournaments import create_tournament
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db
START = date(2026, 5, 4)


@pytest.fixture
def staff():
    return make_staff()


@pytest.fixture
def event(staff):
    return create_tournament(staff, registering=True, name="Giải nhập danh sách",
                             system="swiss_draw", number_of_rounds=6)


def _url(t) -> str:
    return reverse("admin:tournaments_tournament_bulk_entries", args=[t.pk])


def test_the_tournament_action_leads_to_the_page(client, staff, event):
    client.force_login(staff)
    response = client.post(reverse("admin:tournaments_tournament_changelist"),
                           {"action": "enter_players", "_selected_action": [event.pk]})
    assert response.status_code == 302 and response["Location"] == _url(event)
    page = client.get(_url(event))
    assert page.status_code == 200
    assert "Nhập danh sách đấu thủ" in page.content.decode()


def test_a_pasted_list_of_cards_and_names_registers_everyone(client, staff, event):
    a = make_member(make_person(full_name="Lại Lý Huynh"))
    b, c = make_member(), make_member()
    client.force_login(staff)
    text = f"{a.person.full_name.upper().replace('Ạ', 'A')}\n\n{b.card_number}; 1850\n{c.pk}\n"
    response = client.post(_url(event), {"lines": text, "_register": "1"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert f"tournament__id__exact={event.pk}" in response["Location"]
    entries = {e.member_id: e for e in Entry.objects.filter(tournament=event)}
    assert set(entries) == {a.pk, b.pk, c.pk}
    assert entries[b.pk].rating == 1850
    other = create_tournament(staff, registering=True, name="Giải khác",  # not in the list
                              system="swiss_draw", number_of_rounds=6)
    services.register_entry(other, make_member(make_person(full_name="Người Giải Khác")),
                            user=staff)
    listed = client.get(response["Location"]).content.decode()
    assert a.person.full_name in listed and "Người Giải Khác" not in listed
    assert "giải đấu (gần đây)" in listed.lower()


def test_refused_lines_are_named_in_vietnamese_and_nobody_is_registered(client, staff, event):
    good = make_member()
    make_member(make_person(full_name="Trần Văn Trùng"))
    make_member(make_person(full_name="Trần Văn Trùng"))
    client.force_login(staff)
    text = f"{good.card_number}\n01-2026-99999\nTrần Văn Trùng\nKhông Có Ai\n{good.card_number}"
    response = client.post(_url(event), {"lines": text, "_register": "1"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Dòng 2: Không tìm thấy hội viên &#x27;01-2026-99999&#x27;" in page \
        or "Dòng 2: Không tìm thấy hội viên '01-2026-99999'" in page
    assert "Dòng 3: Có nhiều hội viên tên “Trần Văn Trùng”" in page
    assert "hãy ghi số thẻ" in page
    assert "Dòng 4: Không có hội viên đang sinh hoạt tên “Không Có Ai”" in page
    assert "Dòng 5:" in page  # the same member twice
    assert "Dòng 1:" not in page
    assert "4/5 dòng bị từ chối" in page
    assert not Entry.objects.filter(tournament=event).exists()


def test_members_of_a_club_are_listed_and_the_ticked_ones_registered(client, staff, event):
    club = make_club()
    members = [make_member(club=club) for _ in range(4)]
    other = make_member()  # another club: not listed, and refused if posted
    client.force_login(staff)
    listed = client.post(_url(event), {"club": club.pk, "_show_club": "1"})
    page = listed.content.decode()
    assert all(m.card_number in page for m in members) and other.card_number not in page
    response = client.post(_url(event), {"club": club.pk, "_register": "1",
                                         "members": [members[0].pk, members[2].pk],
                                         "lines": other.card_number})
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert set(Entry.objects.filter(tournament=event).values_list("member_id", flat=True)) == {
        members[0].pk, members[2].pk, other.pk}
    forged = client.post(_url(event), {"club": club.pk, "_register": "1",
                                       "members": [make_member().pk]})
    assert forged.status_code == 200 and "errorlist" in forged.content.decode()


def test_a_ticked_member_refused_is_named_not_numbered(client, staff, event):
    club = make_club()
    member = make_member(club=club)
    services.register_entry(event, member, user=staff)
    client.force_login(staff)
    response = client.post(_url(event), {"club": club.pk, "_register": "1",
                                         "members": [member.pk], "lines": ""})
    page = response.content.decode()
    assert response.status_code == 200
    assert f"{member.card_number} {member.person.full_name}: " in page
    assert Entry.objects.filter(tournament=event).count() == 1


def test_an_empty_submission_is_refused_in_words(client, staff, event):
    client.force_login(staff)
    response = client.post(_url(event), {"lines": "  \n", "_register": "1"})
    assert response.status_code == 200
    assert "Danh sách đăng ký trống." in response.content.decode()


def test_a_user_without_the_permission_cannot_open_it(client, event):
    from tests.factories import make_user

    user = make_user(is_staff=True)
    client.force_login(user)
    assert client.get(_url(event)).status_code == 403
