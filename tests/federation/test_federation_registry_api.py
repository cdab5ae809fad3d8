"""Persons, bodies, clubs, dues and attendance through the API; filtering and languages
(issue 3 §3, §5, §7; Điều 9.3, 12, 14, 15.3, 15.4)."""

from __future__ import annotations

from datetime import date

import pytest

from federation.models import BoardPosition, Body, DuesPayment, Person
from tests import factories as f
from tests.helpers import CONSENT, assert_error

pytestmark = pytest.mark.django_db


# --- persons -----------------------------------------------------------------------------

def test_create_person_and_duplicate_citizen_id_is_400(world):
    client = world.client(world.manager_a)
    payload = {"full_name": "Phạm Thị Lan", "gender": "F", "date_of_birth": "2001-02-03",
               "citizen_id": "001301000123", "phone": "0912345678", "province": 1}
    created = client.post("/api/v1/persons/", payload, format="json")
    assert created.status_code == 201, created.content
    # the creator sees what he entered, the ID number masked (Nghị định 13/2023: minimisation)
    assert created.json()["citizen_id"] == "••••••••0123"
    again = client.post("/api/v1/persons/", {**payload, "full_name": "Người khác"}, format="json")
    error = assert_error(again, 400, "duplicate", "citizen_id")
    assert "CCCD" in error["fields"]["citizen_id"][0]
    assert Person.objects.filter(citizen_id="001301000123").count() == 1


def test_duplicate_citizen_id_on_update_is_400(world, staff_client):
    f.make_person(citizen_id="079200000001")
    other = f.make_person()
    response = staff_client.patch(f"/api/v1/persons/{other.pk}/",
                                  {"citizen_id": "079200000001"}, format="json")
    assert_error(response, 400, "duplicate", "citizen_id")


def test_anonymous_cannot_create_person(world):
    response = world.client(None).post("/api/v1/persons/", {"full_name": "X", "gender": "M"},
                                       format="json")
    assert response.status_code in (401, 403)


def test_person_without_any_role_cannot_create_person(world, django_user_model):
    nobody = f.make_user("nobody")
    response = world.client(nobody).post("/api/v1/persons/", {"full_name": "X", "gender": "M"},
                                         format="json")
    assert_error(response, 403, "permission_denied")


def test_error_message_in_english_by_accept_language(world, staff_client):
    f.make_person(citizen_id="001000000009")
    response = staff_client.post("/api/v1/persons/", {
        "full_name": "Test", "gender": "M", "citizen_id": "001000000009"}, format="json",
        HTTP_ACCEPT_LANGUAGE="en")
    error = assert_error(response, 400, "duplicate", "citizen_id")
    assert error["fields"]["citizen_id"] == ["This citizen ID number is already used by another person."]
    vi = staff_client.post("/api/v1/persons/", {
        "full_name": "Test", "gender": "M", "citizen_id": "001000000009"}, format="json",
        HTTP_ACCEPT_LANGUAGE="vi")
    assert vi.json()["error"]["fields"]["citizen_id"] == ["Số CCCD này đã được dùng cho một người khác."]


# --- bodies and boards (Điều 14) ------------------------------------------------------------

def test_staff_creates_district_body_under_provincial(world, staff_client):
    response = staff_client.post("/api/v1/bodies/", {
        "name": "Liên đoàn Cờ quận Hoàn Kiếm", "level": "district", "province": world.hanoi.province_id,
        "parent": world.hanoi.pk}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["term_years"] == 2
    wrong = staff_client.post("/api/v1/bodies/", {
        "name": "Liên đoàn Cờ quận 3", "level": "district", "province": world.hcm.province_id,
        "parent": world.hanoi.pk}, format="json")
    assert_error(wrong, 400, field="parent")


def test_officer_cannot_create_body(world):
    response = world.client(world.hanoi_officer).post("/api/v1/bodies/", {
        "name": "X", "level": "district", "province": world.hanoi.province_id,
        "parent": world.hanoi.pk}, format="json")
    assert_error(response, 403)


@pytest.mark.parametrize(("body_name", "term_end", "ok"), [
    ("hanoi", "2029-03-01", True),      # provincial: 3 years (Điều 14)
    ("hanoi", "2029-03-02", False),
    ("district", "2028-03-01", True),   # district: 2 years
    ("district", "2028-03-02", False),
])
def test_board_term_length_dieu_14(world, body_name, term_end, ok):
    body = getattr(world, body_name)
    response = world.client(world.hanoi_officer).post("/api/v1/board-positions/", {
        "body": body.pk, "person": f.make_person().pk, "role": "chair",
        "term_start": "2026-03-01", "term_end": term_end}, format="json")
    if ok:
        assert response.status_code == 201, response.content
    else:
        error = assert_error(response, 400, "term_too_long", "term_end")
        assert "14" in error["message"]


def test_board_term_defaults_to_full_term_and_seat_is_unique(world, staff_client):
    person = f.make_person()
    response = staff_client.post("/api/v1/board-positions/", {
        "body": world.hanoi.pk, "person": person.pk, "role": "general_secretary",
        "term_start": "2026-03-01"}, format="json")
    assert response.json()["term_end"] == "2029-03-01"
    clash = staff_client.post("/api/v1/board-positions/", {
        "body": world.hanoi.pk, "person": f.make_person().pk, "role": "general_secretary",
        "term_start": "2027-01-01"}, format="json")
    assert_error(clash, 400, "seat_taken", "role")
    assert BoardPosition.objects.filter(body=world.hanoi).count() == 1


# --- clubs (Điều 12, 15) ---------------------------------------------------------------------

def test_officer_creates_club_in_own_body_only(world):
    officer = world.client(world.district_officer)
    ok = officer.post("/api/v1/clubs/", {"name": "CLB Cờ trường THCS Giảng Võ",
                                         "body": world.district.pk, "kind": "school"}, format="json")
    assert ok.status_code == 201, ok.content
    assert ok.json()["province_code"] == "01"
    refused = officer.post("/api/v1/clubs/", {"name": "CLB X", "body": world.hanoi.pk,
                                              "kind": "school"}, format="json")
    assert_error(refused, 403)


def test_club_must_play_a_discipline(world, staff_client):
    response = staff_client.post("/api/v1/clubs/", {
        "name": "CLB Y", "body": world.hanoi.pk, "kind": "other",
        "plays_xiangqi": False, "plays_chess": False}, format="json")
    assert_error(response, 400, field="plays_xiangqi")


def test_manager_edits_own_club_but_not_its_managers(world):
    manager = world.client(world.manager_a)
    assert manager.patch(f"/api/v1/clubs/{world.club_a.pk}/", {"address": "12 Kim Mã"},
                         format="json").status_code == 200
    assert_error(manager.patch(f"/api/v1/clubs/{world.club_a.pk}/", {"managers": []},
                               format="json"), 403)
    assert_error(manager.patch(f"/api/v1/clubs/{world.club_b.pk}/", {"address": "x"},
                               format="json"), 403)


def test_club_meeting_elects_board_dieu_15_3(world):
    head = f.make_member(club=world.club_a).person
    deputy = f.make_member(club=world.club_a).person
    outsider = f.make_member(club=world.club_b).person
    manager = world.client(world.manager_a)
    ok = manager.post("/api/v1/club-meetings/", {
        "club": world.club_a.pk, "held_on": "2026-01-20", "notes": "Hội nghị thường niên",
        "board": [{"person": head.pk, "role": "head"}, {"person": deputy.pk, "role": "deputy"}]},
        format="json")
    assert ok.status_code == 201, ok.content
    assert {b["role"] for b in ok.json()["board"]} == {"head", "deputy"}
    no_head = manager.post("/api/v1/club-meetings/", {
        "club": world.club_a.pk, "held_on": "2027-01-20",
        "board": [{"person": deputy.pk, "role": "deputy"}]}, format="json")
    assert_error(no_head, 400, field="board")
    outsider_board = manager.post("/api/v1/club-meetings/", {
        "club": world.club_a.pk, "held_on": "2027-01-21",
        "board": [{"person": outsider.pk, "role": "head"}]}, format="json")
    assert_error(outsider_board, 400, field="board")


def test_play_group_dieu_12(world):
    response = world.client(world.manager_a).post("/api/v1/play-groups/", {
        "club": world.club_a.pk, "kind": "point", "name": "Điểm cờ vườn hoa Lê Nin"},
        format="json")
    assert response.status_code == 201
    assert world.client(None).get(f"/api/v1/play-groups/?club={world.club_a.pk}").json()[
        "count"] == 1


# --- dues and attendance (Điều 9.3, 15.4) ----------------------------------------------------

def _dues(member, receipt="BL-001", **kw):
    return {"member": member.card_number, "amount": 60000, "period_start": "2026-01-01",
            "period_end": "2026-06-30", "receipt_number": receipt, "paid_on": "2026-01-05", **kw}


def test_manager_records_dues_with_receipt_unique_per_club(world):
    member = f.make_member(club=world.club_a)
    manager = world.client(world.manager_a)
    response = manager.post("/api/v1/dues/", _dues(member), format="json")
    assert response.status_code == 201, response.content
    payment = DuesPayment.objects.get()
    assert payment.club == world.club_a and payment.recorded_by == world.manager_a
    duplicate = manager.post("/api/v1/dues/", _dues(f.make_member(club=world.club_a)),
                             format="json")
    assert_error(duplicate, 400, "duplicate", "receipt_number")
    # the same receipt number in another club is fine
    other = world.client(world.staff).post("/api/v1/dues/", _dues(f.make_member(club=world.club_b)),
                                           format="json")
    assert other.status_code == 201


@pytest.mark.parametrize("who", ["unknown", "lapsed", "other_club"])
def test_dues_for_a_non_member_is_400_on_member(world, who):
    if who == "unknown":
        ref = "01-2020-55555"
    elif who == "lapsed":
        ref = f.make_member(club=world.club_a, status="lapsed", ended_on=date(2026, 1, 1),
                            end_rule="15.5-dues").card_number
    else:
        ref = f.make_member(club=world.club_b).card_number
    response = world.client(world.staff).post(
        "/api/v1/dues/", {**_dues(world.sponsor), "member": ref, "club": world.club_a.pk},
        format="json")
    assert_error(response, 400, field="member")


def test_dues_bad_period_and_amount(world, staff_client):
    member = f.make_member(club=world.club_a)
    assert_error(staff_client.post("/api/v1/dues/", _dues(member, period_end="2025-12-31"),
                                   format="json"), 400, field="period_end")
    assert_error(staff_client.post("/api/v1/dues/", _dues(member, amount=0), format="json"),
                 400, field="amount")


def test_manager_cannot_record_dues_of_other_club(world):
    member = f.make_member(club=world.club_b)
    assert_error(world.client(world.manager_a).post("/api/v1/dues/", _dues(member),
                                                    format="json"), 403)


def test_attendance_recorded_once_per_day(world):
    member = f.make_member(club=world.club_a)
    manager = world.client(world.manager_a)
    first = manager.post("/api/v1/attendance/", {"member": member.pk, "date": "2026-03-07"},
                         format="json")
    assert first.status_code == 201, first.content
    assert first.json()["club"] == world.club_a.pk
    assert_error(manager.post("/api/v1/attendance/", {"member": member.pk, "date": "2026-03-07"},
                              format="json"), 400, "duplicate", "date")
    assert_error(manager.post("/api/v1/attendance/", {"member": 999999, "date": "2026-03-08"},
                              format="json"), 400, "unknown_member", "member")


# --- filtering, ordering, pagination ----------------------------------------------------------

def test_member_filters_name_without_diacritics_and_by_province_body_discipline(world):
    nguyen = f.make_member(f.make_person(full_name="Nguyễn Đức Thắng"), world.club_a)
    f.make_member(f.make_person(full_name="Lê Văn Nam"), world.club_c)
    f.make_member(f.make_person(full_name="Nguyễn Thị Hà"), world.club_c)
    public = world.client(None)

    def cards(query):
        response = public.get(f"/api/v1/members/?{query}")
        assert response.status_code == 200, response.content
        return {m["card_number"] for m in response.json()["results"]}

    assert cards("name=nguyen duc") == {nguyen.card_number}
    assert cards("name=Nguyễn Đức") == {nguyen.card_number}
    assert len(cards("name=NGUYEN")) == 2
    assert len(cards("province=79")) == 2
    assert cards(f"body={world.hanoi.pk}") == {nguyen.card_number, world.sponsor.card_number}
    assert len(cards("discipline=chess")) == 2  # club_c plays chess only
    assert cards(f"club={world.club_a.pk}&name=duc") == {nguyen.card_number}
    assert cards("status=lapsed") == set()


def test_member_ordering_and_pagination(world):
    for name in ("Bùi An", "Đỗ Bình", "An Cường"):
        f.make_member(f.make_person(full_name=name), world.club_b)
    response = world.client(None).get(
        f"/api/v1/members/?club={world.club_b.pk}&ordering=person__name_folded&page_size=2")
    body = response.json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["next"]
    assert [m["person"]["full_name"] for m in body["results"]] == ["An Cường", "Bùi An"]


def test_club_filters(world):
    public = world.client(None)
    names = {c["name"] for c in public.get("/api/v1/clubs/?name=dong da").json()["results"]}
    assert names == {"CLB Cờ Đống Đa"}
    assert {c["name"] for c in public.get(f"/api/v1/clubs/?body={world.hanoi.pk}").json()[
        "results"]} == {"CLB Cờ Ba Đình", "CLB Cờ Đống Đa"}
    assert public.get("/api/v1/clubs/?discipline=xiangqi&province=79").json()["count"] == 0


def test_provinces_are_shipped(world):
    provinces = world.client(None).get("/api/v1/provinces/").json()
    assert len(provinces) == 63
    assert {"code": "01", "name": "Hà Nội"}.items() <= provinces[0].items()


def test_body_rejects_national_officer_not_needed(world):
    assert Body.objects.filter(level="national").count() == 1


def test_club_session_records_attendance_of_several_members(world):
    members = [f.make_member(club=world.club_a) for _ in range(3)]
    manager = world.client(world.manager_a)
    payload = {"club": world.club_a.pk, "date": "2026-04-04",
               "members": [m.card_number for m in members]}
    response = manager.post("/api/v1/attendance/session/", payload, format="json")
    assert response.status_code == 201, response.content
    assert len(response.json()) == 3
    again = manager.post("/api/v1/attendance/session/", payload, format="json")
    assert again.status_code == 201 and again.json() == []  # already recorded: skipped
    outsider = f.make_member(club=world.club_b)
    mixed = manager.post("/api/v1/attendance/session/", {
        "club": world.club_a.pk, "date": "2026-04-05",
        "members": [members[0].card_number, outsider.card_number]}, format="json")
    assert_error(mixed, 400, "not_member", "member")
    assert not members[0].attendance.filter(date=date(2026, 4, 5)).exists()  # all or nothing


def test_approval_date_not_before_submission(world, staff_client):
    application = staff_client.post("/api/v1/applications/", {
        "person": f.make_person().pk, "club": world.club_a.pk, "sponsor": world.sponsor.pk,
        "submitted_on": "2026-03-01", "consent": CONSENT}, format="json").json()
    response = staff_client.post(f"/api/v1/applications/{application['id']}/approve/",
                                 {"date": "2026-02-01"}, format="json")
    assert_error(response, 400, field="date")


def test_person_filters_name_province_club(world):
    f.make_member(f.make_person(full_name="Trương Quốc Việt", province_code="79"), world.club_c)
    f.make_person(full_name="Trương Thị Vy", province_code="01")
    public = world.client(None)

    def names(query):
        return {p["full_name"] for p in public.get(f"/api/v1/persons/?{query}").json()["results"]}

    assert names("name=truong") == {"Trương Quốc Việt", "Trương Thị Vy"}
    assert names("name=Trương Quốc") == {"Trương Quốc Việt"}
    assert names("name=truong&province=01") == {"Trương Thị Vy"}
    assert names(f"club={world.club_c.pk}") == {"Trương Quốc Việt"}


def test_future_attendance_and_payment_dates_refused(world, staff_client):
    from datetime import timedelta

    from django.utils import timezone

    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    member = f.make_member(club=world.club_a)
    assert_error(staff_client.post("/api/v1/attendance/", {"member": member.pk, "date": tomorrow},
                                   format="json"), 400, field="date")
    assert_error(staff_client.post("/api/v1/dues/", _dues(member, paid_on=tomorrow),
                                   format="json"), 400, field="paid_on")
