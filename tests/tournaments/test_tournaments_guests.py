"""Guests and foreign players (Luật Cờ Tướng 2004, seed 000, Điều 17.2: giải mời, giải quốc
tế): entered only when the tournament's "đối tượng tham dự" (``entrants``) allows it."""

from __future__ import annotations

from datetime import date

from tests.admin_forms import form_data
from tests.factories import (
    make_disciplinary_decision,
    make_member,
    make_person,
    make_staff,
)
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tournaments.models import Entry

START = date(2026, 5, 4)


def _open(staff, **fields):
    fields.setdefault("name", "Giải mời")
    return create_tournament(staff, registering=True, **fields)


def _guest(client, t, **data):
    return client.post("/api/v1/tournament-entries/guest/", {"tournament": t.pk, **data},
                       format="json")


def test_members_only_event_refuses_a_guest_dieu_17_2(db):
    staff = make_staff()
    t = _open(staff)
    assert t.entrants == "members"
    response = _guest(client_for(staff), t, name="Khách Mời", gender="M")
    assert "17.2" in assert_error(response, 400, "members_only")["message"]
    assert not t.entries.exists()


def test_invitational_event_takes_a_home_guest_but_not_a_foreign_player(db):
    staff = make_staff()
    t = _open(staff, entrants="guests", category="invitational")
    client = client_for(staff)
    ok = _guest(client, t, name="Phạm Văn Khách", gender="M", birth_year=1995, rating=1850)
    assert ok.status_code == 201, ok.content
    entry = Entry.objects.get(pk=ok.json()["id"])
    assert (entry.member, entry.federation_code, entry.rating) == (None, "VIE", 1850)
    foreign = _guest(client, t, name="Zhao Xinxin", gender="M", federation_code="CHN")
    assert_error(foreign, 400, "not_international", "federation_code")


def test_international_event_takes_a_foreign_player_and_a_registry_guest(db):
    staff = make_staff()
    t = _open(staff, entrants="international")
    client = client_for(staff)
    assert _guest(client, t, name="Zhao Xinxin", gender="M",
                  federation_code="chn").status_code == 201
    assert t.entries.get(name="Zhao Xinxin").federation_code == "CHN"
    person = make_person(full_name="Lý Thị Khách", gender="F")
    linked = _guest(client, t, person=person.pk)
    assert linked.status_code == 201, linked.content
    assert (linked.json()["person"], linked.json()["name"]) == (person.pk, "Lý Thị Khách")
    assert_error(_guest(client, t, person=person.pk), 400, "duplicate")
    member = make_member()
    assert_error(_guest(client, t, person=member.person.pk), 400, "is_member")


def test_suspended_guest_refused_with_the_decision_number_dieu_15_6(db):
    from federation.services import suspend_person

    staff = make_staff()
    t = _open(staff, entrants="international")
    person = make_person(full_name="Đỗ Văn Cấm", fide_id="99887766")
    decision = make_disciplinary_decision()
    suspend_person(person=person, starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31),
                   decision=decision, reason="x", by=staff)
    # by his FIDE ID, even with another name typed
    response = _guest(client_for(staff), t, name="Do Van Khac", fide_id="99887766")
    error = assert_error(response, 400, "not_eligible")
    assert decision.formatted_number in error["message"]


def test_women_section_checks_a_guest_gender(db):
    staff = make_staff()
    t = _open(staff, entrants="guests", gender_section="women")
    assert_error(_guest(client_for(staff), t, name="Nguyễn Văn Nam", gender="M"), 400,
                 "not_eligible", "gender")


def test_bulk_list_mixes_members_and_guests(db):
    staff = make_staff()
    t = _open(staff, entrants="international")
    member = make_member()
    response = client_for(staff).post("/api/v1/tournament-entries/bulk/", {
        "tournament": t.pk, "entries": [
            {"member": member.pk, "rating": 2000},
            {"name": "Lim Kok Ann", "federation_code": "MAS", "gender": "M", "rating": 1900},
            {"name": "Trần Khách", "gender": "Nữ", "birth_year": "2001"}]}, format="json")
    assert response.status_code == 201, response.content
    assert sorted(t.entries.values_list("federation_code", flat=True)) == ["MAS", "VIE", "VIE"]
    assert t.entries.get(name="Trần Khách").gender == "F"


def test_bulk_csv_guest_rows_refused_in_a_members_only_event(db):
    from django.core.files.uploadedfile import SimpleUploadedFile

    staff = make_staff()
    t = _open(staff)
    member = make_member()
    csv = f"Số thẻ;Họ và tên;Liên đoàn\n{member.card_number};;\n;Lim Kok Ann;MAS\n"
    response = client_for(staff).post("/api/v1/tournament-entries/bulk/", {
        "tournament": t.pk, "file": SimpleUploadedFile("ds.csv", csv.encode())},
        format="multipart")
    error = assert_error(response, 400, "invalid_rows")
    assert any(key.startswith("rows[3].") for key in error["fields"]), error
    assert not t.entries.exists()


def test_admin_add_form_enters_a_guest(db, client):
    staff = make_staff()
    t = _open(staff, entrants="international")
    client.force_login(staff)
    url = "/admin/tournaments/entry/add/"
    data = form_data(client.get(url).content.decode(), "entry_form")
    data.update({"tournament": [str(t.pk)], "guest_name": ["Lim Kok Ann"],
                 "guest_gender": ["M"], "guest_federation": ["MAS"], "rating": ["1900"]})
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert t.entries.get().federation_code == "MAS"
    members_only = _open(staff, name="Giải hội viên")
    data.update({"tournament": [str(members_only.pk)], "guest_name": ["Ai Đó"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and "17.2" in refused.content.decode()
    assert not members_only.entries.exists()
