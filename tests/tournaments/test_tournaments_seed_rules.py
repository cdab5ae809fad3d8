"""Seed rules of seed 000 (Luật cờ, 2004) through the API: defaults and settings of
Điều 21.3, 21.5, 27 and 28.7 (002 Điều 13.7)."""

from __future__ import annotations

import random
import re
from datetime import date, timedelta
from decimal import Decimal

from django.test import Client

from tests.admin_forms import form_data
from tests.factories import make_staff, national_body
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tournaments import documents as tournament_documents
from tournaments import selectors, services

START = date(2026, 5, 4)


def test_round_robin_default_tiebreaks_end_with_lots(driver):
    """Điều 21.3: with no order in the regulations, the standings use đối kháng (DE),
    hệ số (SB), số ván thắng over the board (WON), wins with Black (BWG), then lots: four
    players who draw every game are ranked 1-4, reproducibly."""
    driver.create(system="round_robin", discipline="xiangqi")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration", {"seed": 11})
    driver.run_all_rounds(3, random.Random(1), choose=lambda p: "1/2-1/2")
    standings = driver.standings()
    assert standings["tiebreaks"] == ["DE", "SB", "WON", "BWG", "LOT"]
    rows = standings["rows"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert sorted(r["tiebreaks"]["LOT"] for r in rows) == [1, 2, 3, 4]
    assert driver.standings()["rows"] == rows


# Hand-worked: 1-2 1-0, 1-3 0-1, 1-4 0-1, 2-3 1-0, 2-4 0-1, 3-4 ½-½. Points: 4 has 2½,
# 3 has 1½, 1 and 2 have 1 each. 1 beat 2 (direct encounter); Sonneborn-Berger: 1 beat 2
# (1 point) = 1, 2 beat 3 (1½ points) = 1½.
_TIED_PAIR = {(1, 2): "1-0", (1, 3): "0-1", (1, 4): "0-1", (2, 3): "1-0", (2, 4): "0-1",
              (3, 4): "1/2-1/2"}


def _tied_pair_result(p) -> str:
    low, high = sorted((p["white_number"], p["black_number"]))
    result = _TIED_PAIR[(low, high)]
    if p["white_number"] == low or result == "1/2-1/2":
        return result
    return {"1-0": "0-1", "0-1": "1-0"}[result]


def _tied_pair_order(driver, discipline: str) -> tuple[list[str], list[int]]:
    driver.create(system="round_robin", discipline=discipline)
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration", {"seed": 11})
    driver.run_all_rounds(3, random.Random(1), choose=_tied_pair_result)
    standings = driver.standings()
    return standings["tiebreaks"], [r["starting_number"] for r in standings["rows"]]


def test_chess_round_robin_ranks_by_sonneborn_berger_before_the_direct_encounter(driver):
    """002 Phần 3, Phụ lục 1: "hệ số Bécgơ", then more wins, wins with Black, and only then
    "ván cờ giữa các đấu thủ bằng điểm", lots last. In the example 2 ranks above 1 (SB 1½
    against 1) although 1 beat 2."""
    codes, order = _tied_pair_order(driver, "chess")
    assert codes == ["SB", "WON", "BWG", "DE", "LOT"]
    assert order == [4, 3, 2, 1]


def test_xiangqi_round_robin_ranks_by_the_direct_encounter_first(driver):
    """Điều 21.3: đối kháng first, so in the same example 1 (who beat 2) ranks above 2."""
    codes, order = _tied_pair_order(driver, "xiangqi")
    assert codes == ["DE", "SB", "WON", "BWG", "LOT"]
    assert order == [4, 3, 1, 2]


# --- Điều 28.7 / 002 Điều 13.7: a requested bye scores 0 unless the regulations say so --------

def _swiss(staff, players: int = 6, **fields):
    """A Swiss tournament closed for registration through the services."""
    fields = {"name": "Giải Thụy Sĩ", "number_of_rounds": 3, **fields}
    return create_tournament(staff, players=players, seed=7, **fields)


def _pair(t, number):
    services.pair_round_job({"tournament": t.pk, "round": number, "seed": 1}, lambda *a: None)
    return t.rounds.get(number=number)


def test_requested_bye_scores_zero_by_default(db):
    """Điều 28.7 (002 Điều 13.7): "trong những vòng không chơi, đấu thủ đó không được
    điểm" - a bye requested without points scores 0, and the pairing says so."""
    staff = make_staff()
    t = _swiss(staff)
    assert t.requested_bye_score == Decimal("0")
    entry = t.entries.get(starting_number=2)
    client = client_for(staff)
    response = client.post(f"/api/v1/tournament-entries/{entry.pk}/request-bye/",
                           {"round": 1}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["requested_byes"] == [{"round": 1, "points": 0.0}]
    bye = _pair(t, 1).pairings.get(kind="bye")
    assert (bye.white_id, bye.bye_points) == (entry.pk, Decimal("0"))


def test_requested_bye_score_is_a_setting_of_the_regulations(db):
    """Điều 28.7 "unless the regulations say otherwise": the tournament's
    requested_bye_score (API) gives the default; an explicit value still wins; a value
    other than 0, ½, 1 is refused naming the field."""
    staff = make_staff()
    client = client_for(staff)
    t = _swiss(staff)
    changed = client.patch(f"/api/v1/tournaments/{t.pk}/", {
        "requested_bye_score": "0.5", "amendment_reason": "Sửa đổi điều lệ (thử)"},
        format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["requested_bye_score"] == "0.5"
    entry = t.entries.get(starting_number=3)
    url = f"/api/v1/tournament-entries/{entry.pk}/request-bye/"
    assert client.post(url, {"round": 2}, format="json").json()["requested_byes"] == [
        {"round": 2, "points": 0.5}]
    assert client.post(url, {"round": 3, "points": 0.0}, format="json").json()[
        "requested_byes"][1] == {"round": 3, "points": 0.0}
    refused = client.patch(f"/api/v1/tournaments/{t.pk}/", {"requested_bye_score": "0.3"},
                           format="json")
    assert refused.status_code == 400
    assert "requested_bye_score" in refused.json()["error"]["fields"]


def test_requested_bye_score_in_the_admin(db, client):
    """The admin change form carries the setting and saves it through the service."""
    staff = make_staff()
    client.force_login(staff)
    t = _swiss(staff)
    url = f"/admin/tournaments/tournament/{t.pk}/change/"
    data = form_data(client.get(url).content.decode(), "tournament_form")
    assert data["requested_bye_score"] == ["0.0"]
    data.update({"requested_bye_score": ["1.0"], "_save": ["Lưu"],
                 "amendment_reason": ["Sửa đổi điều lệ (thử)"]})
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert t.requested_bye_score == Decimal("1")


# --- Điều 21.5.1: a round-robin withdrawal counts the games played when he withdrew ---------

def _play(t, number, staff, result="1/2-1/2"):
    rnd = _pair(t, number)
    services.record_results(rnd, [
        {"pairing": p.pk, "result": result, "version": p.version}
        for p in rnd.pairings.filter(kind="game", result="")], user=staff)


def test_round_robin_second_withdrawal_does_not_cascade(db):
    """Điều 21.5.1 through the services and the API: 8 players (7 games each, Berger
    table). No. 8 withdraws after round 3 having played 3 -> all his games annulled (X).
    No. 5 withdraws after round 4 having played 4 over the board (one against No. 8):
    more than half, so his results stand and his last three games are lost by forfeit -
    the annulment of No. 8 does not bring him down to 3 and annul him as well."""
    staff = make_staff()
    t = create_tournament(staff, ratings=[2000 - i for i in range(8)], seed=7,
                          name="Giải vòng tròn", system="round_robin",
                          end_date=START + timedelta(days=6))
    for number in range(1, 8):
        if number == 4:
            services.withdraw_entry(t.entries.get(starting_number=8), user=staff)
        if number == 5:
            services.withdraw_entry(t.entries.get(starting_number=5), user=staff)
        _play(t, number, staff)
    response = client_for(staff).get(f"/api/v1/tournaments/{t.pk}/crosstable/")
    assert response.status_code == 200, response.content
    rows = {r["starting_number"]: r for r in response.json()["rows"]}
    assert [c["mark"] for c in rows[8]["rounds"]] == ["X"] * 7
    assert [c["mark"] for c in rows[5]["rounds"]] == ["½", "X", "½", "½", "-", "-", "-"]
    assert rows[5]["points"] == 1.5 and rows[5]["withdrawn"]
    # No. 4 drew No. 5 in round 1 (kept) and No. 8 in round 7 (annulled).
    assert [c["mark"] for c in rows[4]["rounds"]][0] == "½"
    assert rows[4]["rounds"][6]["mark"] == "X"


# --- Điều 21.5.2: Swiss withdrawal, two rules ---------------------------------------------

def _withdraw_after_round_one(rule, system="dutch", **fields):
    staff = make_staff()
    t = _swiss(staff, system=system, swiss_withdrawal=rule, **fields)
    _play(t, 1, staff, result="1-0")
    quitter = t.entries.get(starting_number=6)
    services.withdraw_entry(quitter, user=staff)
    return staff, t, quitter, _pair(t, 2)


def test_swiss_withdrawn_player_not_paired_again_by_default(db):
    """Điều 21.5.2, today's default: results kept, never paired again - 5 players left,
    two games and the pairing bye."""
    staff, t, quitter, rnd = _withdraw_after_round_one("not_paired")
    assert t.swiss_withdrawal == "not_paired"
    kinds = sorted(p.kind for p in rnd.pairings.all())
    assert kinds == ["game", "game", "pab"]
    assert not rnd.pairings.filter(white=quitter).exists()
    assert not rnd.pairings.filter(black=quitter).exists()


def test_swiss_opponent_of_withdrawn_player_wins(db):
    """Điều 21.5.2 as the seed says it: "Ai bốc thăm gặp tiếp đấu thủ bỏ cuộc được xử
    thắng" - the withdrawn player stays in the draw and whoever is drawn against him
    wins by forfeit; his results are kept. The score table writes "0" for the withdrawn
    player and "X" for the one who won against him ("Trên bảng điểm ghi “0” cho người bỏ
    cuộc và ghi “X” cho người thắng đối phương bỏ cuộc"), not "-" / "+": in the API's
    crosstable, on the public site's crosstable and in the PDF's cells."""
    staff, t, quitter, rnd = _withdraw_after_round_one("opponent_wins")
    [board] = [p for p in rnd.pairings.all() if quitter.pk in (p.white_id, p.black_id)]
    assert board.kind == "game"
    assert board.result == ("-+" if board.white_id == quitter.pk else "+-")
    assert rnd.pairings.filter(kind="game").count() == 3
    response = client_for(staff).get(f"/api/v1/tournaments/{t.pk}/crosstable/",
                                      {"after_round": 2})
    rows = {r["starting_number"]: r for r in response.json()["rows"]}
    assert rows[6]["rounds"][1]["mark"] == "0" and rows[6]["withdrawn"]
    opponent = rows[6]["rounds"][1]["opponent"]
    assert rows[opponent]["rounds"][1]["mark"] == "X"
    assert rows[6]["rounds"][0]["mark"] in ("1", "0")  # round 1 was played: kept as played
    page = Client().get(f"/giai-dau/{t.pk}/bang-cheo/", {"after_round": 2}).content.decode()
    # a cell names the opponent: the winner's row shows "6…X", the withdrawn's "<opponent>…0"
    cells = {(n, m) for n, _c, m in re.findall(r"<td>(\d+)(Đỏ|Đen)(X|0)</td>", page)}
    assert ("6", "X") in cells and (str(opponent), "0") in cells
    table = {r["starting_number"]: r for r in selectors.crosstable(t, 2)["rows"]}
    assert tournament_documents._round_cell(table[6]["rounds"][1]).endswith(" 0")  # the PDF
    assert tournament_documents._round_cell(table[opponent]["rounds"][1]).endswith(" X")


def test_swiss_withdrawal_rule_is_a_setting_in_the_api_and_admin(db, client):
    """The rule of 21.5.2 is chosen in the tournament (API and admin form)."""
    staff = make_staff()
    t = _swiss(staff)
    api = client_for(staff)
    changed = api.patch(f"/api/v1/tournaments/{t.pk}/", {
        "swiss_withdrawal": "opponent_wins", "amendment_reason": "Sửa đổi điều lệ (thử)"},
        format="json")
    assert changed.status_code == 200 and changed.json()["swiss_withdrawal"] == "opponent_wins"
    refused = api.patch(f"/api/v1/tournaments/{t.pk}/", {"swiss_withdrawal": "maybe"},
                        format="json")
    assert refused.status_code == 400
    client.force_login(staff)
    url = f"/admin/tournaments/tournament/{t.pk}/change/"
    data = form_data(client.get(url).content.decode(), "tournament_form")
    assert data["swiss_withdrawal"] == ["opponent_wins"]
    data.update({"swiss_withdrawal": ["not_paired"], "_save": ["Lưu"],
                 "amendment_reason": ["Sửa đổi điều lệ (thử)"]})
    posted = client.post(url, data)
    assert posted.status_code == 302, posted.context["adminform"].form.errors
    t.refresh_from_db()
    assert t.swiss_withdrawal == "not_paired"


# --- Điều 27: size guidance of a Swiss, warnings not refusals ----------------------------------

def test_small_swiss_warns_in_the_start_and_pairing_responses(db):
    """Điều 27 "theo quy định từ 20 trở lên": 6 players and 3 rounds - the tournament
    (close-registration response) and the round-1 pairing carry the warning; the
    pairing still happens."""
    staff = make_staff()
    t = _swiss(staff)
    api = client_for(staff)
    body = api.get(f"/api/v1/tournaments/{t.pk}/").json()
    assert body["warnings"] == ["Điều 27: hệ Thụy Sĩ áp dụng khi có từ 20 đấu thủ trở lên; "
                                "giải có 6 đấu thủ."]
    rnd = _pair(t, 1)
    assert rnd.warnings[0] == body["warnings"][0]
    assert rnd.pairings.filter(kind="game").count() == 3


def test_swiss_rounds_outside_the_guidance_warn(db, client):
    """Điều 27: 20-30 players play 7-9 rounds; 24 players over 5 rounds is warned about in
    the API and on the admin change page; 7 rounds is silent; a round robin never."""
    staff = make_staff()
    t = _swiss(staff, players=24, number_of_rounds=5, end_date=START + timedelta(days=9))
    api = client_for(staff)
    assert api.get(f"/api/v1/tournaments/{t.pk}/").json()["warnings"] == [
        "Điều 27: với 24 đấu thủ thông thường thi đấu 7, 8, 9 vòng; giải đặt 5 vòng."]
    client.force_login(staff)
    page = client.get(f"/admin/tournaments/tournament/{t.pk}/change/").content.decode()
    assert "với 24 đấu thủ thông thường thi đấu 7, 8, 9 vòng" in page
    services.update_tournament(t, user=staff, number_of_rounds=7,
                               amendment_reason="Sửa đổi điều lệ (thử)")
    assert api.get(f"/api/v1/tournaments/{t.pk}/").json()["warnings"] == []
    rr = services.create_tournament(
        user=staff, name="Vòng tròn", discipline="xiangqi", system="round_robin",
        start_date=START, end_date=START + timedelta(days=6), organiser_body=national_body())
    assert api.get(f"/api/v1/tournaments/{rr.pk}/").json()["warnings"] == []


def test_swiss_by_draw_opponent_of_withdrawn_player_wins(db):
    """Điều 21.5.2 with the seed's rule in the Swiss by draw (Điều 29): the withdrawn
    player is still drawn and his opponent wins by forfeit (18 players and 6 rounds, the
    least of Điều 29.5: all 18 are drawn, 9 boards)."""
    staff, t, quitter, rnd = _withdraw_after_round_one(
        "opponent_wins", system="swiss_draw", players=18, number_of_rounds=6)
    [board] = [p for p in rnd.pairings.all() if quitter.pk in (p.white_id, p.black_id)]
    assert board.result == ("-+" if board.white_id == quitter.pk else "+-")
    assert rnd.pairings.filter(kind="game").count() == 9


# --- Điều 29.5 (002 Điều 14.5): the Swiss by draw's limits are rules, not guidance ---------

def test_swiss_by_draw_refuses_fewer_than_18_players_or_6_rounds_at_the_draw(driver):
    """Điều 29.5: "Số vòng thi đấu trong hệ Đại tuần hoàn thì ít nhất là 6 vòng" and "Số đấu
    thủ ... không được ít hơn 18 vận động viên": closing registration (the draw) with 17
    players is refused naming the article and the count; with 18 players and 5 rounds it is
    refused for the rounds; amended to 6 rounds (with its reason, Phụ lục 5) it closes."""
    driver.create(system="swiss_draw", number_of_rounds=5, discipline="xiangqi")
    driver.action("open-registration")
    driver.enter(driver.members(17))
    close = f"/api/v1/tournaments/{driver.tid}/close-registration/"
    error = assert_error(driver.organiser.post(close, {"seed": 1}, format="json"), 400,
                         "too_few")
    assert "Điều 29.5" in error["message"] and "17" in error["message"]
    driver.enter(driver.members(1))
    error = assert_error(driver.organiser.post(close, {"seed": 1}, format="json"), 400,
                         "too_few_rounds", "number_of_rounds")
    assert "Điều 29.5" in error["message"] and "6" in error["message"]
    amended = driver.organiser.patch(f"/api/v1/tournaments/{driver.tid}/", {
        "number_of_rounds": 6, "amendment_reason": "Điều 29.5: ít nhất 6 ván"}, format="json")
    assert amended.status_code == 200, amended.content
    assert driver.action("close-registration", {"seed": 1})["status"] == "closed"


def test_chess_adjusted_swiss_ranks_by_progressive_score_by_default_002_dieu_14_5(driver, client):
    """002 Điều 14.5 ("thường tính hệ số lũy tiến"): a chess adjusted Swiss created through
    the API with no order in its regulations ranks by progressive score, then BH-VN; the
    public event page prints the same order (a xiangqi one keeps BH-VN alone)."""
    driver.create(system="adjusted_swiss", discipline="chess", number_of_rounds=5)
    driver.action("open-registration")
    assert driver.standings()["tiebreaks"] == ["PS", "BH-VN"]
    page = client.get(f"/giai-dau/{driver.tid}/").content.decode()
    assert "PS, BH-VN" in page
    driver.create(system="adjusted_swiss", discipline="xiangqi", number_of_rounds=5)
    assert driver.standings()["tiebreaks"] == ["BH-VN"]
