"""Lifecycle preconditions, permissions, eligibility (Điều 8, 15.6, gender, age group),
manual pairing changes, round-robin withdrawal (Điều 21.5.1), certification signal, reopen."""

from __future__ import annotations

import random
from datetime import date

import pytest

from federation.models import Member
from tests.factories import make_member, make_person, make_suspension, make_user
from tests.helpers import assert_error, client_for
from tournaments.models import Pairing, PairingChange, StatusChange, Tournament


def test_anonymous_and_outsiders_cannot_create_or_manage(driver, django_user_model):
    anonymous = client_for(None)
    response = anonymous.post("/api/v1/tournaments/", {"name": "x"}, format="json")
    assert_error(response, 401)
    outsider = client_for(make_user())
    response = outsider.post("/api/v1/tournaments/", {
        "name": "Giải lạ", "discipline": "chess", "start_date": "2026-05-04",
        "end_date": "2026-05-05", "organiser_body": driver.body.pk, "system": "round_robin"},
        format="json")
    assert_error(response, 403, "permission_denied")
    driver.create(system="round_robin")
    # a draft is visible only to its organisers and arbiters
    assert anonymous.get(f"/api/v1/tournaments/{driver.tid}/").status_code == 404
    assert_error(outsider.post(f"/api/v1/tournaments/{driver.tid}/open-registration/"), 404)
    driver.action("open-registration")
    public = anonymous.get(f"/api/v1/tournaments/{driver.tid}/")
    assert public.status_code == 200 and public.json()["status"] == "registration"
    assert_error(outsider.post(f"/api/v1/tournaments/{driver.tid}/close-registration/"), 403)
    assert_error(driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/close-registration/"),
                 403)


def test_club_manager_organises_club_tournaments(organisation):
    body, club, _organiser, _arbiter = organisation
    manager = make_user()
    club.managers.add(manager)
    response = client_for(manager).post("/api/v1/tournaments/", {
        "name": "Giải CLB", "discipline": "xiangqi", "start_date": "2026-05-04",
        "end_date": "2026-05-05", "organiser_club": club.pk, "system": "round_robin",
        "category": "club"}, format="json")
    assert response.status_code == 201, response.content
    other_body = client_for(manager).post("/api/v1/tournaments/", {
        "name": "Giải tỉnh", "discipline": "xiangqi", "start_date": "2026-05-04",
        "end_date": "2026-05-05", "organiser_body": body.pk, "system": "round_robin"},
        format="json")
    assert_error(other_body, 403)


def test_eligibility_suspended_lapsed_gender_and_age(driver):
    """Suspended (Điều 15.6) and lapsed members cannot enter; women's section; U12 by the
    age on 1 January of the tournament year."""
    driver.create(system="dutch", number_of_rounds=5, gender_section="women",
                  age_group="U12", category="national_youth")
    driver.action("open-registration")

    def enter(member):
        return driver.organiser.post("/api/v1/tournament-entries/", {
            "tournament": driver.tid, "member": member.pk}, format="json")

    girl = make_member(make_person(gender="F", date_of_birth=date(2015, 1, 2)), driver.club)
    assert enter(girl).status_code == 201
    boy = make_member(make_person(gender="M", date_of_birth=date(2015, 3, 1)), driver.club)
    assert_error(enter(boy), 400, "not_eligible", "member")
    # 12 years old on 1 January 2026 (born 1 January 2014): not under 12.
    too_old = make_member(make_person(gender="F", date_of_birth=date(2014, 1, 1)), driver.club)
    assert_error(enter(too_old), 400, "not_eligible", "member")
    suspended = make_member(make_person(gender="F", date_of_birth=date(2016, 1, 1)),
                            driver.club)
    make_suspension(suspended.person, date(2026, 1, 1))
    assert_error(enter(suspended), 400, "not_eligible", "member")
    lapsed = make_member(make_person(gender="F", date_of_birth=date(2016, 1, 1)), driver.club,
                         status=Member.Status.LAPSED, ended_on=date(2025, 1, 1))
    assert_error(enter(lapsed), 400, "not_eligible", "member")
    assert_error(enter(girl), 400, "duplicate", "member")


def test_preconditions_of_the_lifecycle(driver):
    driver.create(system="round_robin")
    assert_error(driver.organiser.post(f"/api/v1/tournaments/{driver.tid}/close-registration/"),
                 400, "invalid_state", "status")
    assert_error(driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/"),
                 400, "invalid_state")
    driver.action("open-registration")
    assert_error(driver.organiser.post(f"/api/v1/tournaments/{driver.tid}/close-registration/"),
                 400, "too_few")
    driver.enter(driver.members(4))
    driver.action("close-registration", {"seed": 1})
    driver.pair_next()
    assert_error(driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/finish/"), 400,
                 "rounds_missing")
    assert_error(driver.organiser.post(f"/api/v1/tournaments/{driver.tid}/certify/"), 400,
                 "invalid_state")
    # late entries only in Swiss systems
    late = driver.members(1)[0][0]
    response = driver.organiser.post("/api/v1/tournament-entries/",
                                     {"tournament": driver.tid, "member": late.pk},
                                     format="json")
    assert_error(response, 400, "invalid_state")


def test_starting_numbers_by_lot_are_reproducible_from_the_seed(driver):
    driver.create(system="round_robin")
    driver.action("open-registration")
    driver.enter(driver.members(10))
    closed = driver.action("close-registration", {"seed": 99})
    assert closed["lot_seed"] == 99
    from tournaments import engine
    from tournaments.models import Entry

    entries = list(Entry.objects.filter(tournament_id=driver.tid))
    drawn = engine.lot_order([e.pk for e in entries], 99)
    assert [e.pk for e in sorted(entries, key=lambda e: e.starting_number)] == drawn


def test_manual_pairing_change_before_the_round_starts(driver):
    driver.create(system="dutch", number_of_rounds=3)
    driver.action("open-registration")
    driver.enter(driver.members(8))
    driver.action("close-registration")
    driver.pair_next()
    rnd = driver.round(1)
    first, second = rnd["pairings"][:2]
    url = f"/api/v1/tournament-pairings/{first['id']}/change/"
    assert_error(driver.arbiter.post(url, {"reason": "", "swap_colours": True},
                                     format="json"), 400, field="reason")
    swapped = driver.post(driver.arbiter, url, {"reason": "Đấu thủ khuyết tật cần bàn 1",
                                                "swap_colours": True,
                                                "version": first["version"]})
    assert (swapped["white"], swapped["black"]) == (first["black"], first["white"])
    # exchange: second board's white moves to the first board; displaced player goes there
    moved = driver.post(driver.arbiter, url, {"reason": "Cùng câu lạc bộ",
                                              "white": second["white"],
                                              "version": swapped["version"]})
    assert moved["white"] == second["white"]
    other = Pairing.objects.get(pk=second["id"])
    assert other.white_id == swapped["white"]
    assert PairingChange.objects.filter(round_id=rnd["id"]).count() == 3
    paired = [p.white_id for p in Pairing.objects.filter(round_id=rnd["id"])] + [
        p.black_id for p in Pairing.objects.filter(round_id=rnd["id"]) if p.black_id]
    assert len(paired) == len(set(paired)) == 8
    # once a result is in, the round has started: no more changes
    driver.post(driver.arbiter, f"/api/v1/tournament-pairings/{second['id']}/result/",
                {"result": "1-0", "version": other.version})
    assert_error(driver.arbiter.post(url, {"reason": "late", "swap_colours": True},
                                     format="json"), 400, "round_started")


def test_round_robin_withdrawal_annuls_games_when_half_or_fewer_played(driver):
    """Điều 21.5.1: a player who played half or fewer of his games has them annulled (X)."""
    driver.create(system="round_robin", discipline="xiangqi")
    driver.action("open-registration")
    driver.enter(driver.members(6))
    driver.action("close-registration", {"seed": 3})
    rng = random.Random(1)
    driver.pair_next()
    driver.play_round(1, rng, choose=lambda p: "1-0" if p["white_number"] == 1 else (
        "0-1" if p["black_number"] == 1 else "1/2-1/2"))
    from tournaments.models import Entry

    quitter = Entry.objects.get(tournament_id=driver.tid, starting_number=1)
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{quitter.pk}/withdraw/")
    for number in range(2, 6):
        driver.pair_next()
        driver.play_round(number, rng, choose=lambda p: "1/2-1/2")
    rows = {r["starting_number"]: r for r in driver.standings()["rows"]}
    assert rows[1]["points"] == 0  # his win in round 1 is annulled
    cross = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/crosstable/").json()
    quitter_row = next(r for r in cross["rows"] if r["starting_number"] == 1)
    assert {r["mark"] for r in quitter_row["rounds"]} == {"X"}
    # everybody else: 4 draws against the others, his game annulled → 2 points each
    assert all(rows[n]["points"] == 2.0 for n in range(2, 7))


def test_certification_fires_hooks_locks_and_staff_reopens_with_reason(driver, staff_user,
                                                                      monkeypatch):
    """The hook named in settings.HOOKS runs once, after the certification committed."""
    received = []
    monkeypatch.setattr("ratings.services.on_tournament_certified",
                        lambda tournament, **kwargs: received.append(tournament.pk))
    driver.create(system="round_robin")
    driver.action("open-registration")
    driver.enter(driver.members(3))
    driver.action("close-registration", {"seed": 5})
    driver.run_all_rounds(3, random.Random(2))
    driver.finish_and_certify()
    assert received == [driver.tid]
    assert_error(driver.organiser.post(f"/api/v1/tournaments/{driver.tid}/reopen/",
                                       {"reason": "Sai kết quả"}, format="json"), 403)
    staff = client_for(staff_user)
    assert_error(staff.post(f"/api/v1/tournaments/{driver.tid}/reopen/", {"reason": ""},
                            format="json"), 400)
    reopened = staff.post(f"/api/v1/tournaments/{driver.tid}/reopen/",
                          {"reason": "Khiếu nại được chấp nhận"}, format="json")
    assert reopened.status_code == 200 and reopened.json()["status"] == "finished"
    log = StatusChange.objects.filter(tournament_id=driver.tid).last()
    assert (log.from_status, log.to_status, log.reason) == (
        "certified", "finished", "Khiếu nại được chấp nhận")
    history = Tournament.history.filter(id=driver.tid).first()
    assert history.history_change_reason == "Khiếu nại được chấp nhận"


@pytest.mark.django_db
def test_openapi_schema_documents_the_tournament_api(staff_client):
    response = staff_client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"] if response["Content-Type"].startswith(
        "application/json") else response.content.decode()
    for path in ("/api/v1/tournaments/{id}/pair-next-round/",
                 "/api/v1/tournament-pairings/{id}/result/",
                 "/api/v1/tournament-rounds/{id}/results/",
                 "/api/v1/tournaments/import-trf/"):
        assert path in paths


def test_settings_validated_and_locked_after_close(driver):
    driver.create(system="dutch", number_of_rounds=5)
    url = f"/api/v1/tournaments/{driver.tid}/"
    assert_error(driver.organiser.patch(url, {"tiebreaks": "BH,XYZ"}, format="json"), 400,
                 field="tiebreaks")
    assert driver.organiser.patch(url, {"tiebreaks": "BH-C1,SB", "bye_score": "0.5"},
                                  format="json").status_code == 200
    driver.action("open-registration")
    driver.enter(driver.members(6))
    driver.action("close-registration")
    assert_error(driver.organiser.patch(url, {"system": "swiss_draw"}, format="json"), 400,
                 "invalid_state", "system")
    for field, value in (("knockout_tie_rule", "lots"), ("knockout_double_forfeit", "replay"),
                         ("knockout_placement", "third")):  # the bracket replays under them
        assert_error(driver.organiser.patch(url, {field: value}, format="json"), 400,
                     "invalid_state", field)
    unchanged = driver.organiser.patch(url, {"system": "dutch", "venue": "Hà Nội",
                                             "amendment_reason": "Sửa đổi điều lệ (thử)"},
                                       format="json")
    assert unchanged.status_code == 200 and unchanged.json()["venue"] == "Hà Nội"
    # the TRF (with birth dates) is for the organisers and arbiters only
    outsider = client_for(make_user())
    assert_error(outsider.get(f"/api/v1/tournaments/{driver.tid}/trf/"), 403)
    assert driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/trf/").status_code == 200
