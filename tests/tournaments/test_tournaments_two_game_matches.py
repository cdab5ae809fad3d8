"""Two-game matches (Điều 21.2; Điều 10.1.1a "lượt đi, lượt về") in a round robin and a
knockout, through the API with the real worker, to certification, PDFs and the public API.

Hand-worked example (4 players, Berger table 1-4 2-3 / 4-3 1-2 / 2-4 3-1; each table round
is a match of two games, colours reversed in the second). Game points 2/1/0, match points
1/½/0, an absent player's opponent 1 match point and 4 game points:

    1-2: 1 wins, draw         -> 1: 1 MP 3 GP    2: 0 MP 1 GP
    1-3: draw, 3 wins         -> 1: 0 MP 1 GP    3: 1 MP 3 GP
    1-4: 4 absent (2 forfeits)-> 1: 1 MP 4 GP    4: 0 MP 0 GP
    2-3: 2 wins both          -> 2: 1 MP 4 GP    3: 0 MP 0 GP
    2-4: one win each         -> 2: ½ MP 2 GP    4: ½ MP 2 GP
    3-4: 3 wins both          -> 3: 1 MP 4 GP    4: 0 MP 0 GP

    totals: 1: 2 MP 8 GP (4 points) · 3: 2 MP 7 GP (3½) · 2: 1½ MP 7 GP (3½) · 4: ½ MP 2 GP (1)
    ranking (match points, then game points): 1, 3, 2, 4 — 1 and 3 are split by game
    points, 3 and 2 (equal in points) by match points.
"""

from __future__ import annotations

import random

from rest_framework.test import APIClient

from tests.admin_forms import form_data
from tests.documents.documents_support import download, pdf_pages, request
from tests.factories import national_body
from tournaments.models import Entry, Pairing, Tournament

# (lower number, higher number) -> outcome of game 1 and game 2: the winner's number,
# "=" for a draw, or "absent:<n>" when n did not come
OUTCOMES = {(1, 2): (1, "="), (1, 3): ("=", 3), (1, 4): ("absent:4", "absent:4"),
            (2, 3): (2, 2), (2, 4): (2, 4), (3, 4): (3, 3)}
EXPECTED = [(1, 1, 2.0, 8, 4.0), (2, 3, 2.0, 7, 3.5), (3, 2, 1.5, 7, 3.5),
            (4, 4, 0.5, 2, 1.0)]  # rank, number, match points, game points, points


def _pdf_rows_in_order(driver, text: str, expected) -> None:
    """Each (rank, number, match points, game points, points) of ``expected`` is a row of
    the standings PDF, in that order: ``rank number name … MP GP points`` (Vietnamese
    decimal comma, as the law writes points)."""
    def vn(value) -> str:
        return str(int(value)) if value == int(value) else f"{value:g}".replace(".", ",")

    names = dict(Entry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))
    starts = [text.index(f"{rank} {number} {names[number]} ")
              for rank, number, *_ in expected]
    assert starts == sorted(starts), text
    for (_, _, mp, gp, points), start, end in zip(
            expected, starts, starts[1:] + [len(text)], strict=True):
        row = text[start:end]
        assert f" {vn(mp)} {vn(gp)} {vn(points)}" in row, (row, mp, gp, points)


def _result(pairing: dict, table: dict = OUTCOMES) -> str:
    white, black = pairing["white_number"], pairing["black_number"]
    outcome = table[tuple(sorted((white, black)))][pairing["game_number"] - 1]
    if outcome == "=":
        return "1/2-1/2"
    if isinstance(outcome, str):  # absent: the other side wins by forfeit
        return "-+" if int(outcome.split(":")[1]) == white else "+-"
    return "1-0" if outcome == white else "0-1"


def test_round_robin_of_two_game_matches_to_certification(driver, api_client):
    refused = driver.organiser.post("/api/v1/tournaments/", {
        "name": "Sai", "discipline": "chess", "start_date": "2026-05-04",
        "end_date": "2026-05-10", "organiser_body": driver.body.pk, "system": "dutch",
        "number_of_rounds": 5, "match_scoring": "two_game_match"}, format="json")
    assert refused.status_code == 400
    assert "match_scoring" in refused.json()["error"]["fields"]

    driver.create(system="round_robin", match_scoring="two_game_match", tiebreaks="DE,SB")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration", {"seed": 21})
    rounds = driver.run_all_rounds(6, random.Random(0), choose=_result)
    first, second = rounds[0]["pairings"], rounds[1]["pairings"]
    # Điều 21.2 / 10.1.1a: the same pairs in rounds 1 and 2, colours reversed
    assert {(p["white_number"], p["black_number"]) for p in first if p["kind"] == "game"} == {
        (p["black_number"], p["white_number"]) for p in second if p["kind"] == "game"}
    assert {p["game_number"] for p in first} == {1} and {p["game_number"] for p in second} == {2}
    assert Pairing.objects.filter(round__tournament_id=driver.tid).count() == 12

    table = driver.standings()
    got = [(r["rank"], r["starting_number"], r["match_points"], r["game_points"], r["points"])
           for r in table["rows"]]
    assert got == EXPECTED
    csv = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/standings/",
                             {"output": "csv"}).content.decode("utf-8-sig").splitlines()
    assert csv[0].startswith("Hạng,Số xếp,Họ tên,Danh hiệu,Elo,Điểm,Điểm trận,Điểm ván,DE,SB")
    assert [line.split(",")[:2] + line.split(",")[5:8] for line in csv[1:]] == [
        [str(rank), str(number), f"{points:.1f}", f"{mp:.1f}", f"{gp:.1f}"]
        for rank, number, mp, gp, points in EXPECTED]
    cross = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/crosstable/").json()
    assert [len(r["rounds"]) for r in cross["rows"]] == [6, 6, 6, 6]
    assert driver.finish_and_certify()["status"] == "certified"

    public = APIClient()
    detail = public.get(f"/api/v1/public/tournaments/{driver.tid}/").json()
    assert detail["match_scoring"] == "two_game_match" and detail["status"] == "certified"
    rows = public.get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()["rows"]
    assert [(r["rank"], r["starting_number"], r["match_points"], r["game_points"],
             r["points"]) for r in rows] == EXPECTED
    crossed = public.get(f"/api/v1/public/tournaments/{driver.tid}/crosstable/").json()["rows"]
    assert crossed[0]["match_points"] == 2.0 and len(crossed[0]["rounds"]) == 6

    target = f"tournament:{driver.tid}"
    [standings_pdf] = pdf_pages(download(api_client, request(api_client, "standings", target),
                                         driver.job_worker))
    assert "Điểm trận Điểm ván Điểm" in standings_pdf, standings_pdf
    assert "Điều 21.2" in standings_pdf
    _pdf_rows_in_order(driver, standings_pdf, EXPECTED)  # the hand-worked totals above
    crosstable_pdf = " ".join(pdf_pages(download(
        api_client, request(api_client, "crosstable", target), driver.job_worker)))
    assert "Điểm trận Điểm ván Điểm" in crosstable_pdf
    # player 1's row in the player × player table: both games against each opponent,
    # then match points, game points, points
    assert "× 1 ½ ½ 0 + + 2 8 4" in crosstable_pdf


KNOCKOUT = {(1, 4): (1, "="), (2, 3): ("absent:3", "absent:3"), (1, 2): (2, "=")}


def test_knockout_of_two_game_matches_shows_both_scores(driver):
    """A knockout of 4 scored by Điều 21.2 (each tie is already a two-game match, Điều 25):
    semi-finals 1-4 (1 wins, draw) and 2-3 (3 absent: 2 gets 1 MP and 4 GP), final 1-2
    (2 wins, draw). Totals: 2: 2 MP 7 GP; 1: 1 MP 4 GP (3 + 1); 4: 0 MP 1 GP; 3: 0 MP 0 GP.
    The ranking stays the knockout's (by stage), the scores are shown beside it."""
    driver.create(system="knockout", match_scoring="two_game_match",
                  knockout_tie_rule="two_then_decider")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration")

    for number in range(1, 5):
        driver.pair_next()
        driver.play_round(number, random.Random(0), choose=lambda p: _result(p, KNOCKOUT))
    refused = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
    assert refused.json()["error"]["code"] == "no_more_rounds"
    rows = {r["starting_number"]: (r["rank"], r["match_points"], r["game_points"])
            for r in driver.standings()["rows"]}
    assert rows == {2: (1, 2.0, 7), 1: (2, 1.0, 4), 3: (3, 0.0, 0), 4: (3, 0.0, 1)}
    bracket = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/bracket/").json()
    scores = {}  # (player, opponent) -> his match and game points of their tie
    for stage in bracket["stages"]:
        for m in stage["matches"]:
            scores[m["a"], m["b"]] = m["match_score"]["a"]
            scores[m["b"], m["a"]] = m["match_score"]["b"]
    assert scores[2, 3] == {"match_points": 1.0, "game_points": 4}  # 3 absent twice
    assert scores[3, 2] == {"match_points": 0.0, "game_points": 0}
    assert scores[1, 4] == {"match_points": 1.0, "game_points": 3}
    assert scores[2, 1] == {"match_points": 1.0, "game_points": 3}
    assert driver.finish_and_certify()["status"] == "certified"
    public_bracket = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/bracket/")
    assert public_bracket.json()["stages"] == bracket["stages"]
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()
    assert {r["starting_number"]: r["game_points"] for r in public["rows"]} == {
        2: 7, 1: 4, 3: 0, 4: 1}
    # the standings PDF: knockout places, both scores beside them (points = the games'
    # points: 2 scored 1 + ½ against 1 and two forfeit wins, 1 scored 1½ + ½, 4 ½, 3 0)
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert "Điểm trận Điểm ván Điểm" in text, text
    shown = [(r["rank"], r["starting_number"], r["match_points"], r["game_points"],
              r["points"]) for r in public["rows"]]
    assert sorted(shown) == [(1, 2, 2.0, 7, 3.5), (2, 1, 1.0, 4, 2.0), (3, 3, 0.0, 0, 0.0),
                             (3, 4, 0.0, 1, 0.5)]
    _pdf_rows_in_order(driver, text, shown)



def test_two_game_scoring_set_in_the_admin_through_the_service(admin_client):
    """The admin form goes through the same check: Điều 21.2 matches only for a single
    round robin or a knockout."""
    url = "/admin/tournaments/tournament/add/"
    data = form_data(admin_client.get(url).content.decode(), "tournament_form")
    data.update({"name": ["Giải hai ván"], "discipline": ["xiangqi"], "system": ["dutch"],
                 "number_of_rounds": ["5"], "start_date": ["2026-06-01"],
                 "end_date": ["2026-06-07"], "organiser_body": [str(national_body().pk)],
                 "match_scoring": ["two_game_match"], "_save": ["Lưu"]})
    refused = admin_client.post(url, data)
    assert refused.status_code == 200 and "Điều 21.2" in refused.content.decode()
    data["system"] = ["round_robin"]
    assert admin_client.post(url, data).status_code == 302
    assert Tournament.objects.get(name="Giải hai ván").match_scoring == "two_game_match"
