"""Complaints and appeals through the API: Luật Cờ Tướng 2004 (seed 000) Điều 11.1b, 15.5-15.6,
19.1-19.2, 29.4; chess regulations (seed 002) Phần 2 Điều 2.7.

The hand-worked example (a 4-player xiangqi round robin, round 1 paired by Berger: board 1
A (White) - D, board 2 B - C):

* the arbiter enters 1-0 on board 1; D writes that the game was drawn (15.6 "sau ván đấu được
  phép khiếu nại bằng văn bản"); the chief arbiter upholds it, the result becomes ½-½ through
  the result service (logged with source "complaint") and the standings give A ½ and D ½;
* filed 25 hours after the result with the regulations' 24 hours: refused, saying so;
* rejected by the chief arbiter, appealed to the organisers (a numbered decision), appealed
  again to the federation; the federation's decision is the last level.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone

from documents.models import Decision
from tests.factories import (
    make_body,
    make_club,
    make_club_manager,
    make_member,
    make_officer,
    make_person,
    make_signatory,
    make_staff,
    make_user,
)
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.models import Complaint, Official, ResultChange, TeamEntry

START = date(2026, 5, 4)


class Event:
    """A 4-player xiangqi round robin with round 1 paired; players A-D have logins."""

    def __init__(self, **fields):
        self.body = make_body()
        self.club = make_club(self.body)
        self.organiser = make_officer(self.body)
        make_signatory(body=self.body, full_name="Trần Văn Trưởng", position="TRƯỞNG BAN")
        self.t = services.create_tournament(
            user=self.organiser, name="Giải vô địch cờ tướng", discipline="xiangqi",
            system="round_robin", start_date=START, end_date=START + timedelta(days=4),
            organiser_body=self.body, **fields)
        self.chief = make_user()
        Official.objects.create(tournament=self.t, person=make_person(user=self.chief),
                                role="chief")
        services.open_registration(self.t, user=self.organiser)
        self.users = []
        for i in range(4):
            user = make_user()
            self.users.append(user)
            member = make_member(make_person(full_name=f"Đấu thủ {'ABCD'[i]}", user=user),
                                 self.club)
            services.register_entry(self.t, member, user=self.organiser, rating=2000 - 10 * i)
        services.close_registration(self.t, user=self.organiser, seed=7)
        self.t.refresh_from_db()
        services.pair_round_job({"tournament": self.t.pk, "round": 1, "seed": 1},
                                lambda *a: None)
        self.round = self.t.rounds.get(number=1)
        self.board = self.round.pairings.get(board=1)

    def user_of(self, entry):
        return entry.member.person.user

    def complaint_of_black(self, **extra):
        black = self.board.black
        data = {"tournament": self.t.pk, "complainant_kind": "player", "subject": "result",
                "complainant_entry": black.pk, "pairing": self.board.pk,
                "grounds": "Ván đấu hòa, trọng tài ghi nhầm 1-0.", **extra}
        return client_for(self.user_of(black)).post("/api/v1/complaints/", data, format="json")


@pytest.fixture
def event(db):
    return Event()


def _enter(event, result="1-0"):
    services.record_result(event.board, result, user=event.chief,
                           expected_version=event.board.version)
    event.board.refresh_from_db()


def _points(client, t):
    rows = client.get(f"/api/v1/tournaments/{t.pk}/standings/",
                      {"after_round": 1}).json()["rows"]
    return {r["name"]: r["points"] for r in rows}


def test_player_complains_chief_arbiter_upholds_result_corrected_dieu_15_6(event):
    """15.6 / 11.1b: the player's written complaint; the chief arbiter corrects the result
    through the result service; standings follow (A ½, D ½ instead of A 1, D 0)."""
    _enter(event)
    white, black = event.board.white.name, event.board.black.name
    filed = event.complaint_of_black()
    assert filed.status_code == 201, filed.content
    body = filed.json()
    assert (body["number"], body["level"], body["status"]) == (1, "chief_arbiter", "pending")

    decided = client_for(event.chief).post(
        f"/api/v1/complaints/{body['id']}/decide/",
        {"upheld": True, "reasons": "Hai đấu thủ ký biên bản hòa.", "article": "Điều 11.1b",
         "effect": "result_corrected", "corrected_result": "1/2-1/2"}, format="json")
    assert decided.status_code == 200, decided.content
    assert decided.json()["status"] == "upheld"
    assert decided.json()["decision"] is None  # the chief arbiter's ruling: no numbered decision
    event.board.refresh_from_db()
    assert event.board.result == "1/2-1/2"
    change = ResultChange.objects.filter(pairing=event.board).latest("id")
    assert (change.old_result, change.new_result, change.source, change.changed_by) == (
        "1-0", "1/2-1/2", "complaint", event.chief)
    points = _points(client_for(event.chief), event.t)
    assert points[white] == points[black] == 0.5


def test_complaint_after_the_regulations_time_limit_is_refused_dieu_15_6(event):
    """The laws give no limit; the event's ``complaint_limit_hours`` (24) does: 25 hours after
    the result the complaint is refused with code too_late, naming the limit."""
    _enter(event)
    ResultChange.objects.filter(pairing=event.board).update(
        changed_at=timezone.now() - timedelta(hours=25))
    error = assert_error(event.complaint_of_black(), 400, "too_late", "filed_at")
    assert "24 giờ" in error["message"]
    english = client_for(event.user_of(event.board.black)).post(
        "/api/v1/complaints/", {"tournament": event.t.pk, "complainant_kind": "player",
                                "subject": "result", "complainant_entry": event.board.black.pk,
                                "pairing": event.board.pk, "grounds": "Drawn."},
        format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert "Past the time limit for complaints: 24 hours" in assert_error(
        english, 400, "too_late")["message"]
    assert not Complaint.objects.exists()
    # a longer limit in the regulations: in time
    event.t.complaint_limit_hours = 48
    event.t.save()
    assert event.complaint_of_black().status_code == 201


def test_appeal_goes_up_organisers_issue_numbered_decision_then_federation_dieu_19(event):
    """11.1b, 15.6, 19.1-19.2: rejected by the chief arbiter, appealed to the organisers (a
    numbered decision with its reasons and article), appealed to the federation (staff with
    the permission), whose decision is final."""
    _enter(event)
    first = event.complaint_of_black().json()
    player = client_for(event.user_of(event.board.black))
    # the player cannot decide his own complaint
    assert_error(player.post(f"/api/v1/complaints/{first['id']}/decide/",
                             {"upheld": True, "reasons": "x", "article": "15.6"},
                             format="json"), 403)
    # appeal before a decision: refused
    assert_error(player.post(f"/api/v1/complaints/{first['id']}/appeal/",
                             {"grounds": "Chưa xét."}, format="json"), 400, "not_decided")
    rejected = client_for(event.chief).post(
        f"/api/v1/complaints/{first['id']}/decide/",
        {"upheld": False, "reasons": "Biên bản ghi Trắng thắng, hai bên đã ký.",
         "article": "Điều 9.9d, 11.1b"}, format="json")
    assert rejected.json()["status"] == "rejected"
    # a decided complaint is official: deciding again is refused
    assert_error(client_for(event.chief).post(
        f"/api/v1/complaints/{first['id']}/decide/",
        {"upheld": True, "reasons": "x", "article": "y"}, format="json"), 409, "invalid_state")

    second = player.post(f"/api/v1/complaints/{first['id']}/appeal/",
                         {"grounds": "Trọng tài bàn xác nhận hòa."}, format="json")
    assert second.status_code == 201, second.content
    second = second.json()
    assert (second["number"], second["level"], second["appeal_of_number"]) == (
        2, "organisers", 1)
    # the chief arbiter does not decide at the organisers' level
    assert_error(client_for(event.chief).post(
        f"/api/v1/complaints/{second['id']}/decide/",
        {"upheld": False, "reasons": "x", "article": "y"}, format="json"), 403)
    decided = client_for(event.organiser).post(
        f"/api/v1/complaints/{second['id']}/decide/",
        {"upheld": False, "reasons": "Giữ nguyên quyết định của Tổng trọng tài.",
         "article": "Điều 19.1"}, format="json")
    assert decided.status_code == 200, decided.content
    decision = Decision.objects.get(pk=decided.json()["decision"])
    assert decision.kind == "complaint"
    assert decided.json()["decision_number"] == decision.formatted_number
    text = " ".join(decision.articles)
    assert "Không chấp nhận khiếu nại số 2" in text and "Điều 19.1" in text

    third = player.post(f"/api/v1/complaints/{second['id']}/appeal/",
                        {"grounds": "Đề nghị Liên đoàn xem xét."}, format="json").json()
    assert third["level"] == "federation"
    staff = make_staff(is_superuser=False)
    assert_error(client_for(staff).post(f"/api/v1/complaints/{third['id']}/decide/",
                                        {"upheld": False, "reasons": "x", "article": "y"},
                                        format="json"), 403)
    staff.user_permissions.add(Permission.objects.get(codename="decide_complaint"))
    staff = type(staff).objects.get(pk=staff.pk)
    make_signatory()  # the federation's default signatory
    final = client_for(staff).post(
        f"/api/v1/complaints/{third['id']}/decide/",
        {"upheld": True, "reasons": "Biên bản của trọng tài bàn ghi hòa.",
         "article": "Điều 11.1b", "effect": "result_corrected",
         "corrected_result": "1/2-1/2"}, format="json")
    assert final.status_code == 200, final.content
    event.board.refresh_from_db()
    assert event.board.result == "1/2-1/2"
    assert_error(player.post(f"/api/v1/complaints/{third['id']}/appeal/",
                             {"grounds": "Nữa."}, format="json"), 400, "last_level")


def test_team_leader_complains_about_a_game_only_with_the_player_dieu_15_5(event):
    """15.5a-b: about a game only the player complains (a team leader writes it with him);
    15.5d: the team leader alone complains about the draw (29.4)."""
    team = TeamEntry.objects.create(tournament=event.t, name="Hà Nội")
    client = client_for(event.chief)  # the arbiter records the written complaint
    base = {"tournament": event.t.pk, "complainant_kind": "team_leader",
            "complainant_team": team.pk, "complainant_name": "Lê Văn Lãnh",
            "grounds": "Khiếu nại."}
    assert_error(client.post("/api/v1/complaints/", {**base, "subject": "result",
                                                      "pairing": event.board.pk},
                             format="json"), 400, "player_only", "complainant_entry")
    with_player = client.post("/api/v1/complaints/", {
        **base, "subject": "result", "pairing": event.board.pk,
        "complainant_entry": event.board.white.pk}, format="json")
    assert with_player.status_code == 201, with_player.content
    draw = client.post("/api/v1/complaints/", {**base, "subject": "pairing",
                                                "round": event.round.pk}, format="json")
    assert draw.status_code == 201, draw.content
    # a player of another game is not a party to this one
    other = event.round.pairings.get(board=2).white
    assert_error(client.post("/api/v1/complaints/", {
        **base, "complainant_kind": "player", "subject": "result", "pairing": event.board.pk,
        "complainant_entry": other.pk}, format="json"), 400, "not_a_party")


def test_who_files_and_who_sees_a_complaint_dieu_15_5(event):
    """The player files his own complaint, not another's; a club's manager files for his
    club; the parties, arbiters and organisers see it, other users do not."""
    _enter(event)
    other_player = event.users[0] if event.user_of(event.board.black) != event.users[0] \
        else event.users[1]
    if other_player in (event.user_of(event.board.white), event.user_of(event.board.black)):
        other_player = next(u for u in event.users if u not in (
            event.user_of(event.board.white), event.user_of(event.board.black)))
    data = {"tournament": event.t.pk, "complainant_kind": "player", "subject": "result",
            "complainant_entry": event.board.black.pk, "pairing": event.board.pk,
            "grounds": "Ghi nhầm."}
    assert_error(client_for(other_player).post("/api/v1/complaints/", data, format="json"), 403)
    filed = event.complaint_of_black().json()
    for user, seen in [(event.user_of(event.board.white), True), (event.chief, True),
                       (event.organiser, True), (other_player, False), (make_user(), False)]:
        response = client_for(user).get(f"/api/v1/complaints/{filed['id']}/")
        assert response.status_code == (200 if seen else 404), user
    manager = make_club_manager(event.club)
    club = client_for(manager).post("/api/v1/complaints/", {
        "tournament": event.t.pk, "complainant_kind": "club", "subject": "pairing",
        "complainant_club": event.club.pk, "round": event.round.pk,
        "grounds": "Bốc thăm sai nguyên tắc."}, format="json")
    assert club.status_code == 201, club.content
    assert client_for(manager).get(f"/api/v1/complaints/{club.json()['id']}/").status_code == 200
    assert client_for(make_user()).post("/api/v1/complaints/", {
        "tournament": event.t.pk, "complainant_kind": "club", "subject": "pairing",
        "complainant_club": make_club(event.body).pk, "round": event.round.pk,
        "grounds": "x"}, format="json").status_code == 403


def test_public_event_shows_decided_outcomes_only_without_private_data(event, client):
    """The outcome of a decided complaint is public (the event's page), the pending ones and
    the grounds are not."""
    _enter(event)
    first = event.complaint_of_black().json()
    event.complaint_of_black(grounds="Khiếu nại thứ hai, bí mật.")
    client_for(event.chief).post(f"/api/v1/complaints/{first['id']}/decide/", {
        "upheld": True, "reasons": "Hai bên ký hòa.", "article": "Điều 11.1b",
        "effect": "result_corrected", "corrected_result": "1/2-1/2"}, format="json")
    body = client.get(f"/api/v1/public/tournaments/{event.t.pk}/complaints/").json()
    assert [c["number"] for c in body["complaints"]] == [1]
    shown = body["complaints"][0]
    assert shown["status"] == "upheld" and shown["reasons"] == "Hai bên ký hòa."
    assert shown["game"] == {"round": 1, "board": 1, "white": event.board.white.name,
                             "black": event.board.black.name}
    assert "grounds" not in shown and "filed_by" not in shown
    assert "bí mật" not in str(body)
    page = client.get(f"/giai-dau/{event.t.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Khiếu nại" in text and "Hai bên ký hòa." in text and "Điều 11.1b" in text


def test_refusals_name_the_field(event):
    """Bad input is a clear error on its field: an effect of a rejected complaint, an effect
    that does not fit the subject, a missing corrected result, a future filing time."""
    filed = event.complaint_of_black().json()
    chief = client_for(event.chief)
    url = f"/api/v1/complaints/{filed['id']}/decide/"
    assert_error(chief.post(url, {"upheld": False, "reasons": "x", "article": "y",
                                  "effect": "replay"}, format="json"),
                 400, "rejected_has_no_effect", "effect")
    assert_error(chief.post(url, {"upheld": True, "reasons": "x", "article": "y",
                                  "effect": "title_review"}, format="json"),
                 400, "effect_not_applicable", "effect")
    assert_error(chief.post(url, {"upheld": True, "reasons": "x", "article": "y",
                                  "effect": "result_corrected"}, format="json"),
                 400, None, "corrected_result")
    assert_error(chief.post(url, {"upheld": True, "reasons": "", "article": "y"},
                            format="json"), 400, None, "reasons")
    future = (timezone.now() + timedelta(hours=2)).isoformat()
    assert_error(event.complaint_of_black(filed_at=future), 400, None, "filed_at")
    assert_error(event.complaint_of_black(grounds="x" * 2001), 400, None, "grounds")


def test_title_complaint_upheld_runs_the_title_check_again_dieu_15_5d(
        event, django_capture_on_commit_callbacks):
    """15.5d: a club (or team leader) complains about a title, "kết quả toàn bộ của giải";
    the organisers uphold it with the effect "title review": the ratings app runs the event's
    title check again (a job of its own), and the decision is a numbered one."""
    from core.models import Job
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=event.t.pk).update(status=Tournament.Status.CERTIFIED,
                                                    certified_at=timezone.now())
    manager = make_club_manager(event.club)
    filed = client_for(manager).post("/api/v1/complaints/", {
        "tournament": event.t.pk, "complainant_kind": "club", "subject": "title",
        "complainant_club": event.club.pk, "subject_entry": event.board.white.pk,
        "level": "organisers", "grounds": "Đấu thủ đủ tiêu chuẩn Kiện tướng."}, format="json")
    assert filed.status_code == 201, filed.content
    with django_capture_on_commit_callbacks(execute=True):
        decided = client_for(event.organiser).post(
            f"/api/v1/complaints/{filed.json()['id']}/decide/",
            {"upheld": True, "reasons": "Xét lại tiêu chuẩn.", "article": "Phụ lục 6",
             "effect": "title_review"}, format="json")
    assert decided.status_code == 200, decided.content
    assert decided.json()["decision_number"]
    assert Job.objects.filter(
        key=f"title-check:{event.t.pk}:complaint:{filed.json()['id']}").exists()
