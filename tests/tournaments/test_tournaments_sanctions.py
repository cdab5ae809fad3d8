"""Sanctions of Luật Cờ Tướng 2004 (seed 000): Điều 15.6 (đình chỉ thi đấu, hủy bỏ điểm số;
the organisers propose a 1-3 year suspension to the federation), 16.1d-e and 16.2 (the chief
arbiter disqualifies; removal from the list announced in writing by the organisers)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Permission

from chessrules.values import Result
from core.errors import ServiceError
from core.models import Notification, NotificationKind
from documents import builders
from documents.models import Decision
from federation.models import Suspension
from federation.selectors import current_club_membership
from tests.admin_forms import form_data
from tests.factories import (
    make_club_manager,
    make_member,
    make_person,
    make_signatory,
    make_staff,
    make_user,
    national_body,
)
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.models import Entry, Official, SanctionProposal

START = date(2026, 5, 4)


def _pair(t, number):
    services.pair_round_job({"tournament": t.pk, "round": number, "seed": 1}, lambda *a: None)
    return t.rounds.get(number=number)


def _results(rnd, staff, result="1-0"):
    services.record_results(rnd, [{"pairing": p.pk, "result": result, "version": p.version}
                                  for p in rnd.pairings.filter(kind="game", result="")],
                            user=staff)


def _swiss(staff, players=6, **fields):
    return create_tournament(staff, players=players, seed=7, name="Giải Thụy Sĩ",
                             number_of_rounds=3, **fields)


def _chief(t):
    user = make_user()
    Official.objects.create(tournament=t, person=make_person(user=user), role="chief")
    return user


def _winner_of_round_one(t):
    """Round 1 played (White wins everywhere), round 2 paired; the round-1 winner on board 1
    and his round-2 game (pending)."""
    staff = make_staff()
    _results(_pair(t, 1), staff)
    board = t.rounds.get(number=1).pairings.get(board=1)
    rnd2 = _pair(t, 2)
    return staff, board, rnd2


def _row(client, t, entry):
    rows = client.get(f"/api/v1/tournaments/{t.pk}/crosstable/").json()["rows"]
    return next(r for r in rows if r["starting_number"] == entry.starting_number)


# --- Điều 16.1d, 16.2: truất quyền thi đấu ------------------------------------------------

def test_chief_arbiter_disqualifies_pending_game_forfeited_points_annulled_dieu_15_6(db):
    """16.2 "Tổng trọng tài có quyền truất quyền thi đấu"; 15.6 "hủy bỏ điểm số đạt được":
    his round-2 game is lost by forfeit, his round-1 win counts for nothing (X), his round-1
    opponent keeps his result (the default "own_points"), and he is not paired again."""
    t = _swiss(make_staff())
    staff, board, rnd2 = _winner_of_round_one(t)
    player = board.white
    loser = board.black
    pending = rnd2.pairings.get(kind="game", white=player) if rnd2.pairings.filter(
        white=player).exists() else rnd2.pairings.get(kind="game", black=player)
    arbiter = make_user()
    Official.objects.create(tournament=t, person=make_person(user=arbiter), role="arbiter")
    url = f"/api/v1/tournament-entries/{player.pk}/disqualify/"
    assert_error(client_for(arbiter).post(url, {"reason": "Dùng điện thoại"}, format="json"),
                 403)
    chief = client_for(_chief(t))
    assert_error(chief.post(url, {"reason": ""}, format="json"), 400, field="reason")
    response = chief.post(url, {"reason": "Dùng điện thoại trong ván (Điều 15.7c)"},
                          format="json")
    assert response.status_code == 200, response.content
    assert response.json()["disqualified_after_round"] == 2
    pending.refresh_from_db()
    assert pending.result == (Result.BLACK_FORFEIT_WIN if pending.white_id == player.pk
                              else Result.WHITE_FORFEIT_WIN)
    assert pending.result_changes.get().source == "disqualification"
    mine = _row(chief, t, player)
    assert mine["points"] == 0 and mine["rounds"][0]["mark"] == "X"  # after round 1
    assert _row(chief, t, loser)["rounds"][0]["mark"] == "0"  # his loss stands
    _results(rnd2, staff)
    rnd3 = _pair(t, 3)
    assert not rnd3.pairings.filter(white=player).exists()
    assert not rnd3.pairings.filter(black=player).exists()
    assert_error(chief.post(url, {"reason": "lần nữa"}, format="json"), 400, "duplicate")


def test_disqualification_all_games_setting_annuls_opponents_results(db):
    """The regulations may annul every game of the disqualified player (decisions-
    tournaments.md): his round-1 opponent's loss no longer counts either."""
    t = _swiss(make_staff(), disqualification_scoring="all_games")
    staff, board, _rnd2 = _winner_of_round_one(t)
    services.disqualify_entry(board.white, user=staff, reason="Dàn xếp tỉ số (Điều 15.5)")
    client = client_for(staff)
    assert _row(client, t, board.black)["rounds"][0]["mark"] == "X"
    assert _row(client, t, board.white)["points"] == 0


def test_disqualification_setting_locked_after_the_draw(db):
    t = _swiss(make_staff())
    with pytest.raises(ServiceError):
        services.update_tournament(t, user=make_staff(), disqualification_scoring="all_games")


# --- Điều 16.1e, 16.2: xóa tên, by a written decision ------------------------------------

def test_removal_from_the_list_is_a_numbered_decision_dieu_16_2(db):
    """"Ban tổ chức giải phải tuyên bố hình thức kỷ luật này bằng văn bản": a disciplinary
    decision, numbered from the register and signed for the organising body, renderable as
    the decision PDF; every game of the player is annulled, for his opponents too."""
    make_signatory(full_name="Trần Văn Ký", position="TRƯỞNG BAN TỔ CHỨC", authority="")
    t = _swiss(make_staff())
    staff, board, _rnd2 = _winner_of_round_one(t)
    person = board.white.member.person  # he and his club hear of it (issue 32)
    person.email = "bixoa@example.vn"
    person.save()
    manager = make_club_manager(current_club_membership(board.white.member).club)
    manager.email = "clb.bixoa@example.vn"
    manager.save()
    client = client_for(staff)
    url = f"/api/v1/tournament-entries/{board.white.pk}/remove-from-list/"
    response = client.post(url, {"reason": "Mua bán điểm (Điều 15.5)"}, format="json")
    assert response.status_code == 200, response.content
    decision = Decision.objects.get(kind="disciplinary")
    told = Notification.objects.filter(kind=NotificationKind.DECISION_ISSUED)
    assert sorted(told.values_list("email", flat=True)) == ["bixoa@example.vn",
                                                            "clb.bixoa@example.vn"]
    assert decision.formatted_number in told.first().subject
    assert person.full_name in told.first().body_text
    assert response.json()["removal_decision_number"] == decision.formatted_number
    assert decision.signer_name == "Trần Văn Ký" and "16.2" in decision.grounds[0]
    assert "Mua bán điểm" in decision.articles[0]
    built = builders.build("decision", str(decision.pk))
    assert built.filename.endswith(".pdf")
    assert _row(client, t, board.black)["rounds"][0]["mark"] == "X"
    entry = Entry.objects.get(pk=board.white.pk)
    assert entry.disqualified_at is not None
    assert_error(client.post(url, {"reason": "lần nữa"}, format="json"), 400, "duplicate")


def test_removal_refused_without_a_signatory(db):
    t = _swiss(make_staff())
    staff, board, _rnd2 = _winner_of_round_one(t)
    response = client_for(staff).post(
        f"/api/v1/tournament-entries/{board.white.pk}/remove-from-list/",
        {"reason": "x"}, format="json")
    assert_error(response, 400, "signatory_required")
    assert not Decision.objects.exists()
    assert Entry.objects.get(pk=board.white.pk).disqualified_at is None


def test_admin_disqualify_action_asks_for_a_reason(db, client):
    t = _swiss(make_staff())
    staff, board, _rnd2 = _winner_of_round_one(t)
    client.force_login(staff)
    url = "/admin/tournaments/entry/"
    asked = client.post(url, {"action": "disqualify", "_selected_action": [board.white.pk]})
    assert asked.status_code == 200 and "reason" in form_data(asked.content.decode())
    done = client.post(url, {"action": "disqualify", "_selected_action": [board.white.pk],
                             "apply": "1", "reason": "Gian lận"})
    assert done.status_code == 302
    assert Entry.objects.get(pk=board.white.pk).disqualification_reason == "Gian lận"



def test_admin_remove_from_list_action_issues_the_decision(db, client):
    """Điều 16.2 through the admin: the action asks for the reason, then issues the numbered
    disciplinary decision through the service (a second removal is refused on the page)."""
    make_signatory(full_name="Trần Văn Ký", position="TRƯỞNG BAN TỔ CHỨC", authority="")
    t = _swiss(make_staff())
    staff, board, _rnd2 = _winner_of_round_one(t)
    client.force_login(staff)
    url = "/admin/tournaments/entry/"
    asked = client.post(url, {"action": "remove_from_list",
                              "_selected_action": [board.white.pk]})
    assert asked.status_code == 200 and "reason" in form_data(asked.content.decode())
    done = client.post(url, {"action": "remove_from_list", "_selected_action": [board.white.pk],
                             "apply": "1", "reason": "Mua bán điểm"}, follow=True)
    assert done.status_code == 200
    decision = Decision.objects.get(kind="disciplinary")
    assert "Mua bán điểm" in decision.articles[0]
    assert Entry.objects.get(pk=board.white.pk).removal_decision == decision
    again = client.post(url, {"action": "remove_from_list", "_selected_action": [board.white.pk],
                              "apply": "1", "reason": "lần nữa"}, follow=True)
    assert decision.formatted_number in again.content.decode()
    assert Decision.objects.filter(kind="disciplinary").count() == 1

# --- Điều 15.6: the organisers propose, the federation decides ----------------------------

def _decider():
    user = make_staff(is_superuser=False)
    user.user_permissions.add(*Permission.objects.filter(
        codename__in=["decide_sanctionproposal", "view_sanctionproposal"]))
    return user


def test_proposal_decided_by_the_federation_then_entries_refused_with_its_number(db):
    """15.6 "ban tổ chức sẽ đề nghị Liên đoàn Cờ ... truất quyền thi đấu từ 1 đến 3 năm": the
    organiser proposes 2 years; staff without the permission cannot decide; staff with it
    approve -> a disciplinary decision and a suspension referencing it; from then on every
    path into an event refuses the person and quotes the decision's number."""
    make_signatory()
    organiser = make_staff()
    t = _swiss(organiser)
    entry = t.entries.get(starting_number=3)
    client = client_for(organiser)
    response = client.post("/api/v1/sanction-proposals/", {
        "entry": entry.pk, "years": 2, "reason": "Dàn xếp tỉ số"}, format="json")
    assert response.status_code == 201, response.content
    proposal = response.json()
    assert (proposal["status"], proposal["person"]) == ("pending", entry.member.person_id)
    assert_error(client.post("/api/v1/sanction-proposals/", {
        "entry": entry.pk, "years": 2, "reason": "lại"}, format="json"), 409, "duplicate")
    assert_error(client.post("/api/v1/sanction-proposals/", {
        "entry": entry.pk, "years": 4, "reason": "x"}, format="json"), 400, field="years")
    approve = f"/api/v1/sanction-proposals/{proposal['id']}/approve/"
    plain_staff = make_staff(is_superuser=False)
    assert_error(client_for(plain_staff).post(approve, {"starts_on": "2026-06-01"},
                                              format="json"), 403)
    decided = client_for(_decider()).post(approve, {"starts_on": "2026-06-01",
                                                    "issued_on": "2026-05-20"}, format="json")
    assert decided.status_code == 200, decided.content
    body = decided.json()
    decision = Decision.objects.get(pk=body["decision"])
    assert body["status"] == "approved" and decision.kind == "disciplinary"
    assert body["decision_number"] == decision.formatted_number
    suspension = Suspension.objects.get(pk=body["suspension"])
    assert suspension.decision == decision
    assert (suspension.starts_on, suspension.ends_on) == (date(2026, 6, 1), date(2028, 5, 31))
    assert_error(client_for(_decider()).post(approve, {}, format="json"), 409)

    # every path into an event refuses him, quoting the decision's number
    later = services.create_tournament(
        user=organiser, name="Giải sau", discipline="xiangqi", system="dutch",
        number_of_rounds=5, start_date=date(2027, 3, 1), end_date=date(2027, 3, 5),
        organiser_body=national_body())
    services.open_registration(later, user=organiser)
    single = client.post("/api/v1/tournament-entries/", {
        "tournament": later.pk, "member": entry.member_id}, format="json")
    assert decision.formatted_number in assert_error(single, 400, "not_eligible")["message"]
    bulk = client.post("/api/v1/tournament-entries/bulk/", {
        "tournament": later.pk, "entries": [{"member": make_member().pk},
                                            {"member": entry.member_id}]}, format="json")
    error = assert_error(bulk, 400, "invalid_rows")
    assert decision.formatted_number in error["fields"]["rows[2].member"][0]
    assert not later.entries.exists()


def test_admin_proposal_form_and_approve_action(db, client):
    make_signatory()
    organiser = make_staff()
    t = _swiss(organiser)
    entry = t.entries.get(starting_number=2)
    client.force_login(organiser)
    url = "/admin/tournaments/sanctionproposal/add/"
    data = form_data(client.get(url).content.decode(), "sanctionproposal_form")
    data.update({"entry": [str(entry.pk)], "years": ["5"], "reason": ["Gây rối"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and not SanctionProposal.objects.exists()
    data.update({"years": ["1"]})
    assert client.post(url, data).status_code == 302
    proposal = SanctionProposal.objects.get()
    client.force_login(_decider())
    done = client.post("/admin/tournaments/sanctionproposal/",
                       {"action": "approve", "_selected_action": [proposal.pk]})
    assert done.status_code == 302
    proposal.refresh_from_db()
    assert proposal.status == "approved" and proposal.suspension.decision == proposal.decision


def test_rejected_proposal_keeps_the_reason(db):
    organiser = make_staff()
    t = _swiss(organiser)
    proposal = services.propose_suspension(t.entries.first(), user=organiser, years=1,
                                           reason="Cãi trọng tài")
    rejected = services.reject_proposal(proposal, user=_decider(), reason="Chưa đủ căn cứ")
    assert (rejected.status, rejected.rejection_reason) == ("rejected", "Chưa đủ căn cứ")
    assert not Suspension.objects.exists() and not Decision.objects.exists()


# --- suspensions reference a decision (no free text) --------------------------------------

def test_suspension_api_requires_an_issued_disciplinary_decision(db):
    from documents.services import issue_decision

    staff = make_staff()
    person = make_person()
    client = client_for(staff)
    body = {"person": person.pk, "starts_on": "2026-01-01", "ends_on": "2026-12-31",
            "reason": "Gian lận"}
    assert_error(client.post("/api/v1/suspensions/", body, format="json"), 400,
                 field="decision")
    award = issue_decision(kind="title_award", subject="phong cấp", grounds=["x"],
                           articles=["y"], signer_name="A", signer_position="CHỦ TỊCH")
    assert_error(client.post("/api/v1/suspensions/", {**body, "decision": award.pk},
                             format="json"), 400, "not_disciplinary")
    ban = issue_decision(kind="disciplinary", subject="kỷ luật", grounds=["x"], articles=["y"],
                         signer_name="A", signer_position="CHỦ TỊCH")
    ok = client.post("/api/v1/suspensions/", {**body, "decision": ban.pk}, format="json")
    assert ok.status_code == 201, ok.content
    assert ok.json()["decision_reference"] == ban.formatted_number


def test_trf_import_refuses_a_suspended_player_with_the_decision_number(job_worker):
    """(transactional: the import is a job, run after its request commits, issue 31)"""
    from documents.services import issue_decision
    from federation.services import suspend_person

    staff = make_staff()
    person = make_person(full_name="Lê Văn Cấm", fide_id="12345678")
    ban = issue_decision(kind="disciplinary", subject="kỷ luật", grounds=["x"], articles=["y"],
                         signer_name="A", signer_position="CHỦ TỊCH")
    suspend_person(person=person, starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31),
                   decision=ban, reason="x", by=staff)
    trf = "\n".join([
        "012 Giải nhập",
        "042 2026/05/04",
        "052 2026/05/05",
        "062 2",
        "XXR 1",
        "001    1 m    Le Van Cam                        1900 VIE    12345678 1990/01/01  0.0    1",
        "001    2 m    Tran Van Khac                     1800 VIE           0 1991/01/01  0.0    2",
    ])
    response = client_for(staff).post("/api/v1/tournaments/import-trf/", {
        "trf": trf, "discipline": "chess", "system": "dutch",
        "organiser_body": national_body().pk}, format="json")
    error = assert_error(response, 400, "not_eligible")
    assert ban.formatted_number in error["message"] and "Dòng TRF 6" in error["message"]


def test_admin_entry_form_refuses_a_suspended_member_with_the_decision_number(db, client):
    """Điều 15.6 through the admin's entry form, posted as a browser would."""
    from federation.services import suspend_person
    from tests.factories import make_disciplinary_decision

    staff = make_staff()
    t = services.create_tournament(
        user=staff, name="Giải hội viên", discipline="xiangqi", system="dutch",
        number_of_rounds=5, start_date=START, end_date=START + timedelta(days=4),
        organiser_body=national_body())
    services.open_registration(t, user=staff)
    member = make_member()
    decision = make_disciplinary_decision()
    suspend_person(person=member.person, starts_on=date(2026, 1, 1),
                   ends_on=date(2026, 12, 31), decision=decision, reason="x", by=staff)
    client.force_login(staff)
    url = "/admin/tournaments/entry/add/"
    data = form_data(client.get(url).content.decode(), "entry_form")
    data.update({"tournament": [str(t.pk)], "member": [str(member.pk)]})
    refused = client.post(url, data)
    assert refused.status_code == 200
    assert decision.formatted_number in refused.content.decode()
    assert not t.entries.exists()
