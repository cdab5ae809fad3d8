"""The people of an event as data (seed 000, Điều 19-20; seed 002 Phần 2 Điều 6).

- Điều 20.1: "Ban trọng tài ... gồm: Tổng trọng tài, một hoặc nhiều phó tổng trọng tài, một thư
  ký trọng tài và các trọng tài bàn"; Điều 19 and 16.2: the head of the organising committee
  ("Xóa tên ... phải qua ý kiến của tổng trọng tài, trưởng ban tổ chức của giải").
- Điều 20.3b: the chief arbiter "phân công trọng tài cho các trận đấu".
- 002 Phần 2 Điều 6: "nên cố gắng bố trí: 6.1 ... giải quốc tế và quốc gia - một trọng tài phụ
  trách không quá 4 bàn, trong các giải địa phương ... 6 bàn; 6.3 Số lượng trọng tài tối thiểu
  cho một cuộc thi đấu chính thức là 2 người" — a "should try", so warnings (docs/decisions-
  tournaments.md).
- Điều 20.3d: "tổng trọng tài có quyền tuyên bố tạm đình chỉ giải đấu và định lại thời gian,
  địa điểm để tiếp tục giải đấu".

Hand-worked example: a national individual championship (category "national_individual") of
10 players has 5 boards a round; 5 boards at 4 a board arbiter need ceil(5 / 4) = 2 board
arbiters. With the chief arbiter only, the check warns twice (1 arbiter < 2; 0 board arbiters
< 2). Giving one arbiter boards 1-5 warns "5 bàn; nên không quá 4"; a second arbiter asking
for boards 4-5 then clashes with boards 1-5.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.test import Client

from core.errors import NotAllowedError, ServiceError
from documents.models import Decision
from tests.admin_forms import form_data
from tests.factories import (
    make_person,
    make_signatory,
    make_staff,
    make_user,
)
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tests.workspace.arbiter_support import client_of, event, url
from tournaments import selectors, services
from tournaments.models import BoardAssignment, Official, Suspension

pytestmark = pytest.mark.django_db

START = date(2026, 5, 4)


def _championship(staff, players: int = 10, category: str = "national_individual"):
    return create_tournament(staff, players=players, seed=7, name="Giải vô địch cá nhân",
                             end_date=START + timedelta(days=6), category=category)


def _person_user(name: str):
    user = make_user()
    make_person(full_name=name, user=user)
    return user


def _pair(t, number: int = 1):
    services.pair_round_job({"tournament": t.pk, "round": number, "seed": 1}, lambda *a: None)
    return t.rounds.get(number=number)


def test_roles_of_dieu_20_1_and_the_head_of_the_organising_committee():
    staff = make_staff()
    t = _championship(staff)
    api = client_for(staff)
    people = {role: _person_user(name) for role, name in [
        ("organiser_head", "Lê Văn Trưởng"), ("chief", "Trần Tổng"),
        ("secretary", "Phạm Thư Ký"), ("arbiter", "Vũ Trọng Tài")]}
    for role, user in people.items():
        made = api.post("/api/v1/tournament-officials/", {
            "tournament": t.pk, "person": user.person.pk, "role": role}, format="json")
        assert made.status_code == 201, made.content
    assert_error(api.post("/api/v1/tournament-officials/", {
        "tournament": t.pk, "person": make_person().pk, "role": "organiser_head"},
        format="json"), 400, "duplicate", "role")
    check = api.get(f"/api/v1/tournaments/{t.pk}/arbiter-check/").json()
    assert [o["role"] for o in check["officials"]] == [
        "organiser_head", "chief", "secretary", "arbiter"]
    # the head of the organising committee is not an arbiter (Điều 20.1): he may not enter
    # results; the secretary, on the arbiters' panel, may
    assert not selectors.can_arbitrate(people["organiser_head"], t)
    assert selectors.can_arbitrate(people["secretary"], t)
    public = Client().get(f"/api/v1/public/tournaments/{t.pk}/").json()
    assert [(o["role_name"], o["name"]) for o in public["officials"]][:3] == [
        ("Trưởng ban tổ chức", "Lê Văn Trưởng"), ("Tổng trọng tài", "Trần Tổng"),
        ("Thư ký trọng tài", "Phạm Thư Ký")]
    page = Client().get(f"/giai-dau/{t.pk}/").content.decode()
    assert "Trưởng ban tổ chức: Lê Văn Trưởng" in page
    assert "Thư ký trọng tài: Phạm Thư Ký" in page


def test_number_of_arbiters_warns_as_002_dieu_6_says():
    """The example of the module: 10 players, national event → 2 warnings, then 1 after two
    board arbiters... and none once the panel has 2 arbiters and 2 board arbiters."""
    staff = make_staff()
    t = _championship(staff)
    services.assign_official(t, make_person(), "chief", user=staff)
    warnings = selectors.arbiter_guidance(t)
    assert len(warnings) == 2
    assert "tối thiểu 2 trọng tài" in warnings[0] and "Điều 6.3" in warnings[0]
    assert "5 bàn cần ít nhất 2 trọng tài bàn" in warnings[1] and "4 bàn" in warnings[1]
    services.assign_official(t, make_person(), "arbiter", user=staff)
    assert ["Điều 6.1" in w for w in selectors.arbiter_guidance(t)] == [True]
    services.assign_official(t, make_person(), "arbiter", user=staff)
    assert selectors.arbiter_guidance(t) == []
    # a club event: 6 boards an arbiter (6.1) — 5 boards need 1
    local = _championship(staff, category="club")
    services.assign_official(local, make_person(), "chief", user=staff)
    services.assign_official(local, make_person(), "arbiter", user=staff)
    assert selectors.boards_per_arbiter(local) == 6 and selectors.arbiter_guidance(local) == []


def test_chief_arbiter_assigns_boards_dieu_20_3b():
    staff = make_staff()
    t = _championship(staff)
    chief = _person_user("Trần Tổng")
    services.assign_official(t, chief.person, "chief", user=staff)
    first = services.assign_official(t, make_person(full_name="Trọng Tài Một"), "arbiter",
                                     user=staff)
    second = services.assign_official(t, make_person(full_name="Trọng Tài Hai"), "arbiter",
                                      user=staff)
    secretary = services.assign_official(t, make_person(), "secretary", user=staff)
    rnd = _pair(t)
    api = client_for(chief)
    made = api.post("/api/v1/tournament-board-assignments/", {
        "round": rnd.pk, "official": first.pk, "first_board": 1, "last_board": 5},
        format="json")
    assert made.status_code == 201, made.content
    assert made.json()["warnings"] == [
        "Một trọng tài phụ trách 5 bàn; nên không quá 4 bàn (Điều lệ cờ vua Phần 2, Điều 6.1)."]
    assert_error(api.post("/api/v1/tournament-board-assignments/", {
        "round": rnd.pk, "official": second.pk, "first_board": 4, "last_board": 5},
        format="json"), 409, "overlap", "first_board")
    assert_error(api.post("/api/v1/tournament-board-assignments/", {
        "round": rnd.pk, "official": secretary.pk, "first_board": 1, "last_board": 1},
        format="json"), 400, "not_board_arbiter", "official")
    assert_error(api.post("/api/v1/tournament-board-assignments/", {
        "round": rnd.pk, "official": second.pk, "first_board": 6, "last_board": 6},
        format="json"), 400, "out_of_range", "last_board")
    # the chief reassigns: boards 1-3 and 4-5 — no warning, no clash
    again = api.post("/api/v1/tournament-board-assignments/", {
        "round": rnd.pk, "official": first.pk, "first_board": 1, "last_board": 3},
        format="json")
    assert again.status_code == 201 and again.json()["warnings"] == []
    assert api.post("/api/v1/tournament-board-assignments/", {
        "round": rnd.pk, "official": second.pk, "first_board": 4, "last_board": 5},
        format="json").status_code == 201
    assert [(a.official.person.full_name, a.first_board, a.last_board)
            for a in selectors.board_assignments(rnd)] == [
        ("Trọng Tài Một", 1, 3), ("Trọng Tài Hai", 4, 5)]
    # a board arbiter is not the chief: he may not assign boards
    board_arbiter = make_user()
    Official.objects.filter(pk=second.pk).update(person=make_person(user=board_arbiter))
    assert_error(client_for(board_arbiter).post("/api/v1/tournament-board-assignments/", {
        "round": rnd.pk, "official": second.pk, "first_board": 4, "last_board": 4},
        format="json"), 403)


def test_admin_board_assignment_form_goes_through_the_service(client):
    staff = make_staff()
    client.force_login(staff)
    t = _championship(staff)
    secretary = services.assign_official(t, make_person(), "secretary", user=staff)
    arbiter = services.assign_official(t, make_person(), "arbiter", user=staff)
    rnd = _pair(t)
    url = "/admin/tournaments/boardassignment/add/"
    data = form_data(client.get(url).content.decode(), "boardassignment_form")
    data.update({"round": [str(rnd.pk)], "official": [str(secretary.pk)],
                 "first_board": ["1"], "last_board": ["5"], "_save": ["Lưu"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and "Điều 20.3b" in refused.content.decode()
    assert not BoardAssignment.objects.exists()
    data["official"] = [str(arbiter.pk)]
    saved = client.post(url, data, follow=True)
    assert saved.status_code == 200
    assert "nên không quá 4 bàn" in saved.content.decode()  # the 6.1 warning, after the save
    assert BoardAssignment.objects.get().last_board == 5


def test_chief_arbiter_suspends_and_resumes_the_event_dieu_20_3d():
    staff = make_staff()
    t = _championship(staff)
    chief = _person_user("Trần Tổng")
    services.assign_official(t, chief.person, "chief", user=staff)
    head = _person_user("Lê Văn Trưởng")
    services.assign_official(t, head.person, "organiser_head", user=staff)
    api = client_for(chief)
    assert_error(client_for(head).post(f"/api/v1/tournaments/{t.pk}/suspend/", {
        "reason": "Mất điện"}, format="json"), 403)
    assert_error(api.post(f"/api/v1/tournaments/{t.pk}/suspend/", {"reason": " "},
                          format="json"), 400, None, "reason")
    made = api.post(f"/api/v1/tournaments/{t.pk}/suspend/", {
        "reason": "Mất điện toàn khu thi đấu",
        "resume_plan": "14:00 ngày 06/05/2026, hội trường B"}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["resumed_at"] is None
    assert_error(api.post(f"/api/v1/tournaments/{t.pk}/suspend/", {"reason": "lần nữa"},
                          format="json"), 409, "already_suspended")
    # no round is paired while suspended
    error = assert_error(api.post(f"/api/v1/tournaments/{t.pk}/pair-next-round/", {}, format="json"),
                         400, "suspended")
    assert "Điều 20.3d" in error["message"] and "Mất điện" in error["message"]
    page = Client().get(f"/giai-dau/{t.pk}/").content.decode()
    assert "đang tạm đình chỉ" in page and "hội trường B" in page
    resumed = api.post(f"/api/v1/tournaments/{t.pk}/resume/", {}, format="json")
    assert resumed.status_code == 200 and resumed.json()["resumed_at"]
    assert Suspension.objects.get().resume_plan == "14:00 ngày 06/05/2026, hội trường B"
    assert api.post(f"/api/v1/tournaments/{t.pk}/pair-next-round/", {}, format="json").status_code in (
        200, 201, 202)
    history = api.get(f"/api/v1/tournaments/{t.pk}/suspensions/").json()
    assert len(history) == 1 and history[0]["reason"] == "Mất điện toàn khu thi đấu"
    public = Client().get(f"/api/v1/public/tournaments/{t.pk}/").json()
    assert public["suspensions"][0]["resumed_at"] is not None


def test_suspended_round_cannot_start():
    staff = make_staff()
    t = _championship(staff)
    rnd = _pair(t)
    services.suspend_tournament(t, user=staff, reason="Bão")
    with pytest.raises(ServiceError) as refused:
        services.start_round(rnd, user=staff)
    assert refused.value.code == "suspended"
    services.resume_tournament(t, user=staff)
    assert services.start_round(rnd, user=staff).status == "started"


def test_admin_suspend_action_asks_for_the_reason(client):
    staff = make_staff()
    client.force_login(staff)
    t = _championship(staff)
    url = "/admin/tournaments/tournament/"
    asked = client.post(url, {"action": "suspend", "_selected_action": [t.pk]})
    assert asked.status_code == 200 and "reason" in form_data(asked.content.decode())
    client.post(url, {"action": "suspend", "_selected_action": [t.pk], "apply": "1",
                      "reason": "Mưa bão"}, follow=True)
    assert Suspension.objects.get(tournament=t).reason == "Mưa bão"
    client.post(url, {"action": "resume", "_selected_action": [t.pk]}, follow=True)
    assert Suspension.objects.get(tournament=t).resumed_at is not None


def test_removal_names_the_chief_and_the_head_and_the_head_may_remove_dieu_16_2():
    make_signatory(full_name="Trần Văn Ký", position="TRƯỞNG BAN TỔ CHỨC", authority="")
    staff = make_staff()
    t = _championship(staff, players=6)
    services.assign_official(t, make_person(full_name="Trần Tổng"), "chief", user=staff)
    head = _person_user("Lê Văn Trưởng")
    services.assign_official(t, head.person, "organiser_head", user=staff)
    rnd = _pair(t)
    entry = rnd.pairings.get(board=1).white
    outsider = make_user()
    with pytest.raises(NotAllowedError):
        services.remove_from_list(entry, user=outsider, reason="Mua bán điểm")
    services.remove_from_list(entry, user=head, reason="Mua bán điểm")
    decision = Decision.objects.get(kind="disciplinary")
    assert ("Xét ý kiến của Tổng trọng tài Trần Tổng và Trưởng ban tổ chức giải Lê Văn Trưởng."
            in decision.grounds)


def test_arbiter_screen_shows_the_suspension():
    t, arbiter, _staff = event(4, paired=1)
    services.suspend_tournament(t, user=arbiter, reason="Mất điện",
                                resume_plan="08:00 ngày 06/05/2026")
    page = client_of(arbiter).get(url(t)).content.decode()
    assert 'id="suspended"' in page and "(Điều 20.3d): Mất điện" in page
    assert "08:00 ngày 06/05/2026" in page
