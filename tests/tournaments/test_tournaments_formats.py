"""Individual matches (002 part 2, Điều 8) and individual Scheveningen (002 Điều 10) from
registration to certification through the API, with the real worker; standings, the
public API and the standings PDF checked against examples worked out by hand below."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from django.db.models import Q
from django.utils import timezone
from rest_framework.test import APIClient

from tests.admin_forms import form_data
from tests.documents.documents_support import download, pdf_pages, request
from tests.factories import make_member, make_staff, national_body
from tests.helpers import assert_error
from tests.tournaments.pdf_rows import assert_standings_rows
from tournaments import services
from tournaments.models import Entry, Pairing, Round, TeamEntry, TeamMatch, Tournament


def _colours(driver) -> list[tuple[int, int]]:
    return [(p.white.starting_number, p.black.starting_number) for p in
            Pairing.objects.filter(round__tournament_id=driver.tid).select_related(
                "white", "black").order_by("round__number", "board")]


def test_individual_match_first_to_three_and_a_half_points(driver):
    """002 Điều 8 "thắng cuộc theo số điểm ấn định": at most 6 games, first to 3½.

    Worked by hand (player 1 drawn by lot has White in the odd games, colours alternate):
    game 1 (1 White) 1-0; game 2 (2 White) ½-½; game 3 (1 White) 1-0; game 4 (2 White)
    ½-½; game 5 (1 White) 1-0 → 4-1: number 1 reaches 3½ after 5 games, the match is over
    and game 6 is not paired. Standings: 1st number 1 (4), 2nd number 2 (1); wins 3-0."""
    driver.create(system="match", number_of_rounds=6, match_target_points="3.5",
                  discipline="xiangqi")
    assert driver.tournament["match_target_points"] == "3.5"
    driver.action("open-registration")
    driver.enter(driver.members(2))
    driver.action("close-registration", {"seed": 8})
    by_game = {1: "1-0", 2: "1/2-1/2", 3: "1-0", 4: "1/2-1/2", 5: "1-0"}
    for game in range(1, 6):
        driver.pair_next()
        driver.play_round(game, random.Random(0), choose=lambda p, g=game: by_game[g])
    assert _colours(driver) == [(1, 2), (2, 1), (1, 2), (2, 1), (1, 2)]
    refused = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
    assert_error(refused, 400, "no_more_rounds", "round")
    table = driver.standings()
    assert [(r["rank"], r["starting_number"], r["points"]) for r in table["rows"]] == [
        (1, 1, 4.0), (2, 2, 1.0)]
    assert table["match"] == {"games": 5, "players": [1, 2], "points": [4.0, 1.0],
                              "wins": [3, 0], "decided": True, "winner": 1}
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()
    assert public["match"] == table["match"]
    assert [r["starting_number"] for r in public["rows"]] == [1, 2]
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert "Tỷ số trận: số 1 4 – 1 số 2 sau 5 ván; số 1 thắng trận." in text


def test_individual_match_terms_and_field_are_checked(driver):
    """002 Điều 8: a points target above half the games, one target at most, two players."""
    base = {"name": "Trận", "discipline": "chess", "start_date": "2026-05-04",
            "end_date": "2026-05-10", "organiser_body": driver.body.pk, "system": "match"}
    post = lambda **f: driver.organiser.post("/api/v1/tournaments/", {**base, **f},  # noqa: E731
                                             format="json")
    assert_error(post(), 400, "invalid", "number_of_rounds")
    assert_error(post(number_of_rounds=6, match_target_points="3"), 400, "invalid",
                 "match_target_points")
    assert_error(post(number_of_rounds=6, match_target_wins=7), 400, "invalid",
                 "match_target_wins")
    assert_error(post(system="round_robin", match_target_wins=2), 400, "invalid",
                 "match_target_wins")
    driver.create(system="match", number_of_rounds=4)
    driver.action("open-registration")
    driver.enter(driver.members(3))
    refused = driver.organiser.post(f"/api/v1/tournaments/{driver.tid}/close-registration/")
    assert_error(refused, 400, "too_few")


def _scheveningen_result(pairing) -> str:
    """The hand-worked games: A_i against B_j (A = numbers 1-3, B = 4-6, j = number - 3):
    A wins when i < j, draws when i = j, loses when i > j — except A3-B3, won by A3."""
    w, b = pairing["white_number"], pairing["black_number"]
    a_number, b_number = min(w, b), max(w, b)
    i, j = a_number, b_number - 3
    a_score = 1.0 if i < j or i == j == 3 else 0.5 if i == j else 0.0
    white_score = a_score if w == a_number else 1 - a_score
    return {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[white_score]


def test_individual_scheveningen_three_against_three(driver):
    """002 Điều 10: group A (numbers 1-3 by lot inside the group) meets group B (4-6), in
    the order and colours of the Điều 30.2.2 table for 3 players (000):
    round 1 A1-B3 (A White), A2-B1, A3-B2 (B White); round 2 A1-B2, A2-B3 (B White),
    A3-B1 (A White); round 3 A1-B1, A2-B2, A3-B3 (A White).

    Worked by hand with ``_scheveningen_result``: A1 2½ (½ B1, 1 B2, 1 B3), A2 1½, A3 1,
    B1 2½ (½ A1, 1 A2, 1 A3), B2 1½, B3 0. Ties by Điều 21.3 (DE, SB, …): B1 and A1
    drew (DE equal); SB of B1 = ½·2½ + 1½ + 1 = 3¾, of A1 = ½·2½ + 1½ + 0 = 2¾ → B1
    first. B2 and A2 drew; SB of B2 = ½·1½ + 1 = 1¾, of A2 = ½·1½ + 0 = ¾ → B2 third.
    Groups: A 5, B 4."""
    driver.create(system="indiv_scheveningen", discipline="xiangqi")
    driver.action("open-registration")
    members = driver.members(6)
    missing = driver.organiser.post("/api/v1/tournament-entries/", {
        "tournament": driver.tid, "member": members[0][0].pk}, format="json")
    assert_error(missing, 400, "group_missing", "group")
    for index, (member, rating) in enumerate(members):
        driver.post(driver.organiser, "/api/v1/tournament-entries/", {
            "tournament": driver.tid, "member": member.pk, "rating": rating,
            "group": "A" if index < 3 else "B"}, 201)
    closed = driver.action("close-registration", {"seed": 3})
    assert closed["number_of_rounds"] == 3
    group_of = {e["starting_number"]: e["group"] for e in driver.arbiter.get(
        "/api/v1/tournament-entries/", {"tournament": driver.tid}).json()["results"]}
    assert group_of == {1: "A", 2: "A", 3: "A", 4: "B", 5: "B", 6: "B"}
    for number in range(1, 4):
        driver.pair_next()
        driver.play_round(number, random.Random(0), choose=_scheveningen_result)
    assert _colours(driver) == [(1, 6), (4, 2), (5, 3), (5, 1), (6, 2), (3, 4),
                                (1, 4), (2, 5), (3, 6)]
    table = driver.standings()
    assert table["tiebreaks"] == ["DE", "SB", "WON", "BWG", "LOT"]
    assert [(r["rank"], r["starting_number"], r["points"], r["tiebreaks"]["SB"])
            for r in table["rows"]] == [
        (1, 4, 2.5, 3.75), (2, 1, 2.5, 2.75), (3, 5, 1.5, 1.75), (4, 2, 1.5, 0.75),
        (5, 3, 1.0, 0.0), (6, 6, 0.0, 0.0)]
    assert table["groups"] == [{"group": "A", "points": 5.0, "numbers": [1, 2, 3]},
                               {"group": "B", "points": 4.0, "numbers": [4, 5, 6]}]
    refused = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
    assert_error(refused, 400, "no_more_rounds", "round")
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()
    assert public["groups"] == table["groups"]
    assert [r["starting_number"] for r in public["rows"]] == [4, 1, 5, 2, 3, 6]
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert "Nhóm A: 5 điểm – Nhóm B: 4 điểm." in text
    assert "Nhóm B 2,5" in text  # B1 first, his group as his unit


def test_individual_scheveningen_needs_two_equal_groups(driver):
    """002 Điều 10: one group against the other, each player of A meeting each of B."""
    driver.create(system="indiv_scheveningen")
    driver.action("open-registration")
    for index, (member, rating) in enumerate(driver.members(5)):
        driver.post(driver.organiser, "/api/v1/tournament-entries/", {
            "tournament": driver.tid, "member": member.pk, "rating": rating,
            "group": "A" if index < 3 else "B"}, 201)
    refused = driver.organiser.post(f"/api/v1/tournaments/{driver.tid}/close-registration/")
    assert_error(refused, 400, "groups_unequal", "group")


@pytest.fixture
def staff(db):
    return make_staff()


@pytest.fixture
def admin_client(client, staff):
    client.force_login(staff)
    return client


def test_admin_forms_keep_the_format_rules(admin_client, staff):
    """The staff site posts real forms through the services: a match's points target
    (002 Điều 8) and a Scheveningen entry's group (002 Điều 10) are checked there too."""
    start = date(2026, 5, 4)
    match = services.create_tournament(
        user=staff, name="Trận đối kháng", discipline="xiangqi", system="match",
        number_of_rounds=6, start_date=start, end_date=start + timedelta(days=4),
        organiser_body=national_body())
    url = f"/admin/tournaments/tournament/{match.pk}/change/"
    data = form_data(admin_client.get(url).content.decode(), "tournament_form")
    data.update({"match_target_points": ["2.5"], "_save": ["Lưu"]})
    refused = admin_client.post(url, data)
    assert refused.status_code == 200
    assert "Số điểm thắng trận phải lớn hơn một nửa số ván" in refused.content.decode()
    data.update({"match_target_points": ["3.5"]})
    assert admin_client.post(url, data).status_code == 302
    assert str(Tournament.objects.get(pk=match.pk).match_target_points) == "3.5"

    schev = services.create_tournament(
        user=staff, name="Svennhighen", discipline="chess", system="indiv_scheveningen",
        start_date=start, end_date=start + timedelta(days=4), organiser_body=national_body())
    services.open_registration(schev, user=staff)
    entry = {"tournament": schev.pk, "member": make_member().pk, "rating": 1800, "title": "",
             "_save": "Lưu"}
    refused = admin_client.post("/admin/tournaments/entry/add/", entry)
    assert refused.status_code == 200 and "chọn nhóm A hoặc B" in refused.content.decode()
    assert admin_client.post("/admin/tournaments/entry/add/",
                             {**entry, "group": "B"}).status_code == 302
    assert schev.entries.get().group == "B"


def _register_two_teams(driver, boards: int, reserves: int) -> None:
    driver.register_teams(2, players=boards + reserves)


def test_simultaneous_match_of_two_chess_teams_with_a_reserve(driver):
    """Điều 30.2.1 (002 Điều 16.2.1): board i meets board i, 2 games, A (team 1 by lot) White
    on odd boards in game 1, colours alternate; 30.1.4: before game 2 starts-plus-15-minutes
    the reserve A4 replaces A3 on board 3 (a board player may not switch boards).

    Worked by hand (numbers: A1-A4 = 1-4, B1-B4 = 5-8): game 1 1-5 1-0, 6-2 ½-½, 3-7 0-1
    (A 1½ - B 1½); game 2 5-1 0-1, 2-6 1-0, 7-4 ½-½ (A 2½ - B ½). Team A 4 game points,
    3 match points (a draw and a win, 30.1.5 counting 1 and 2); B 2 and 1. Boards of A 2,
    1½, ½; of B 0, ½, 1½. Per board (002 Điều 2.3: at least 1 of 2 games): board 1 A1 2/2
    then B1; board 2 A2 1½/2 then B2; board 3 B3 1½/2 (75 %), A4 ½/1 (50 %), A3 0/1."""
    driver.create(system="simultaneous", number_of_rounds=2, boards_per_team=3,
                  reserves_per_team=1, discipline="chess", team_ranking="match_game_opp")
    driver.action("open-registration")
    _register_two_teams(driver, 3, 1)
    closed = driver.action("close-registration", {"seed": 5})
    assert closed["number_of_rounds"] == 2
    driver.pair_next()
    game_one = {(1, 5): "1-0", (6, 2): "1/2-1/2", (3, 7): "0-1"}
    driver.play_round(1, random.Random(0), choose=lambda p: game_one[
        (p["white_number"], p["black_number"])])
    driver.pair_next()
    rnd = driver.round(2)
    board3 = next(p for p in rnd["pairings"] if p["match_board"] == 3)
    url = f"/api/v1/tournament-pairings/{board3['id']}/change/"
    a2 = Entry.objects.get(tournament_id=driver.tid, starting_number=2)
    a4 = Entry.objects.get(tournament_id=driver.tid, starting_number=4)
    driver.post(driver.arbiter, f"/api/v1/tournament-rounds/{rnd['id']}/start/")
    assert_error(driver.arbiter.post(url, {"reason": "Ốm", "black": a2.pk}, format="json"),
                 400, "not_reserve", "black")
    changed = driver.post(driver.arbiter, url, {"reason": "A3 ốm", "black": a4.pk})
    assert changed["black"] == a4.pk
    # never mid-game (30.1.4): once board 2's game has begun (here its result is in), no
    # reserve comes in there, even within the 15 minutes
    board2 = next(p for p in rnd["pairings"] if p["match_board"] == 2)
    driver.post(driver.arbiter, f"/api/v1/tournament-pairings/{board2['id']}/result/", {
        "result": "1-0", "version": Pairing.objects.get(pk=board2["id"]).version})
    assert_error(driver.arbiter.post(f"/api/v1/tournament-pairings/{board2['id']}/change/",
                                     {"reason": "Ốm", "white": a4.pk}, format="json"),
                 400, "game_in_progress")
    Round.objects.filter(pk=rnd["id"]).update(started_at=timezone.now() - timedelta(minutes=16))
    assert_error(driver.arbiter.post(url, {"reason": "Đổi lại", "black": Entry.objects.get(
        tournament_id=driver.tid, starting_number=3).pk}, format="json"), 400,
        "reserve_too_late")
    game_two = {(5, 1): "0-1", (2, 6): "1-0", (7, 4): "1/2-1/2"}
    driver.play_round(2, random.Random(0), choose=lambda p: game_two[
        (p["white_number"], p["black_number"])])
    assert _colours(driver) == [(1, 5), (6, 2), (3, 7), (5, 1), (2, 6), (7, 4)]
    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    assert table["ranking"] == "match_game_opp"
    assert [(r["starting_number"], r["game_points"], r["match_points"], r["boards"], r["rank"])
            for r in table["rows"]] == [(1, 4.0, 3, [2.0, 1.5, 0.5], 1),
                                        (2, 2.0, 1, [0.0, 0.5, 1.5], 2)]
    boards = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/board-standings/").json()
    assert boards["min_games"] == 1
    assert [[(r["starting_number"], r["points"], r["games"], r["rank"]) for r in b["rows"]]
            for b in boards["boards"]] == [
        [(1, 2.0, 2, 1), (5, 0.0, 2, 2)], [(2, 1.5, 2, 1), (6, 0.5, 2, 2)],
        [(7, 1.5, 2, 1), (4, 0.5, 1, 2), (3, 0.0, 1, 3)]]
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient()
    teams = public.get(f"/api/v1/public/tournaments/{driver.tid}/team-standings/").json()
    assert [(r["name"], r["game_points"]) for r in teams["rows"]] == [("Đội 1", 4.0),
                                                                      ("Đội 2", 2.0)]
    assert public.get(f"/api/v1/public/tournaments/{driver.tid}/board-standings/").json() \
        == boards
    [text] = pdf_pages(download(public, request(
        public, "team_standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert "BẢNG XẾP HẠNG ĐỒNG ĐỘI SAU VÒNG 2" in text
    # rank, number, team, game points, match points, opponents' points (the opponent's
    # game points once per match met: A 2 + 2, B 4 + 4), boards 1-3
    assert "1 1 Đội 1 4 3 4 2 1,5 0,5 2 2 Đội 2 2 1 8 0 0,5 1,5" in text, text
    assert "Điểm trận trước, rồi tổng điểm, hệ số đối thủ" in text
    [text] = pdf_pages(download(public, request(
        public, "board_standings", f"tournament:{driver.tid}"), driver.job_worker))
    names = dict(Entry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))
    assert f"Bàn 3 Hạng Số Họ và tên Đội Điểm Số ván Tỷ lệ (%) 1 7 {names[7]} Đội 2 1,5 2 75 " \
        f"2 4 {names[4]} Đội 1 0,5 1 50 3 3 {names[3]} Đội 1 0 1 0" in text, text
    assert f"Bàn 1 Hạng Số Họ và tên Đội Điểm Số ván Tỷ lệ (%) 1 1 {names[1]} Đội 1 2 2 100" \
        in text


def test_team_sizes_follow_the_law(driver):
    """Điều 30 (xiangqi 3-6 boards, 1-3 reserves) and 002 Điều 16 (chess 3-4 and 1-2)."""
    base = {"name": "Đồng đội", "start_date": "2026-05-04", "end_date": "2026-05-10",
            "organiser_body": driver.body.pk, "system": "team_round_robin"}
    post = lambda **f: driver.organiser.post("/api/v1/tournaments/", {**base, **f},  # noqa: E731
                                             format="json")
    assert_error(post(discipline="chess", boards_per_team=5, reserves_per_team=1), 400,
                 "invalid", "boards_per_team")
    assert_error(post(discipline="chess", boards_per_team=4, reserves_per_team=3), 400,
                 "invalid", "reserves_per_team")
    assert_error(post(discipline="xiangqi", boards_per_team=6, reserves_per_team=0), 400,
                 "invalid", "reserves_per_team")
    assert post(discipline="xiangqi", boards_per_team=6, reserves_per_team=3).status_code == 201
    friendly = post(discipline="chess", boards_per_team=12, reserves_per_team=0,
                    category="friendly", system="simultaneous", number_of_rounds=1)
    assert friendly.status_code == 201, friendly.content
    # a team registers at most the event's reserves (Điều 30.1.3): chess, 3 boards and 2
    # reserves → a roster of 6 is refused, 5 is taken
    driver.create(system="team_round_robin", discipline="chess", boards_per_team=3,
                  reserves_per_team=2)
    driver.action("open-registration")
    members = driver.members(6)

    def team(size: int) -> dict:
        return {"tournament": driver.tid, "name": f"Đội {size}", "roster": [
            {"member": m.pk, "board_order": i + 1, "rating": r}
            for i, (m, r) in enumerate(members[:size])]}

    assert_error(driver.organiser.post("/api/v1/tournament-teams/", team(6), format="json"),
                 400, field="roster")
    assert len(driver.post(driver.organiser, "/api/v1/tournament-teams/", team(5),
                           201)["roster"]) == 5


def test_team_withdrawal_in_a_team_round_robin(driver):
    """Điều 30 (the team is one unit) with 21.5.2 / 002 part 2 Điều 4.3: team 4 withdraws
    after round 1; its results stay and its remaining boards are lost by forfeit.

    Worked by hand, every game played drawn (3 boards): the team that met team 4 in round 1
    scores 1½ + 1½ + 1½ = 4½; the two that meet it later score 3 (forfeits) + 1½ + 1½ = 6;
    team 4 keeps its 1½. Total 18 = 6 matches × 3 boards."""
    driver.create(system="team_round_robin", boards_per_team=3, reserves_per_team=1,
                  discipline="xiangqi")
    driver.action("open-registration")
    driver.register_teams(4, players=4)
    driver.action("close-registration", {"seed": 4})
    draw = lambda p: "1/2-1/2"  # noqa: E731
    driver.pair_next()
    driver.play_round(1, random.Random(0), choose=draw)
    team4 = TeamEntry.objects.get(tournament_id=driver.tid, starting_number=4)
    url = f"/api/v1/tournament-teams/{team4.pk}/withdraw/"
    withdrawn = driver.post(driver.arbiter, url, {"on_date": "2026-05-05"})
    assert withdrawn["withdrawn_on"] == "2026-05-05"
    assert_error(driver.arbiter.post(url, {}, format="json"), 400, "duplicate")
    first_opponent = TeamMatch.objects.get(
        Q(home=team4) | Q(away=team4), round__tournament_id=driver.tid, round__number=1)
    first = (first_opponent.away if first_opponent.home == team4 else first_opponent.home)
    for number in (2, 3):
        driver.pair_next()
        match = TeamMatch.objects.get(Q(home=team4) | Q(away=team4),
                                      round__tournament_id=driver.tid, round__number=number)
        for p in match.boards.select_related("white"):
            assert p.result == ("-+" if p.white.team_id == team4.pk else "+-")
        driver.play_round(number, random.Random(0), choose=draw)
    rows = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()["rows"]
    points = {r["starting_number"]: r["game_points"] for r in rows}
    assert points[4] == 1.5 and points[first.starting_number] == 4.5
    assert sorted(points.values()) == [1.5, 4.5, 6.0, 6.0]
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/team-standings/").json()
    assert [r["game_points"] for r in public["rows"]] == [6.0, 6.0, 4.5, 1.5]
    assert [r["rank"] for r in public["rows"]][2:] == [3, 4]
    # the team standings PDF: the same order and totals; boards of the withdrawn team ½ each
    # (its round-1 draws), of its first opponent 1½ each, of the two others 2 each
    n = dict(TeamEntry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "team_standings", f"tournament:{driver.tid}"), driver.job_worker))
    boards = {6.0: "2 2 2", 4.5: "1,5 1,5 1,5", 1.5: "0,5 0,5 0,5"}
    starts = []
    for r in public["rows"]:
        gp = r["game_points"]
        points = str(int(gp)) if gp == int(gp) else f"{gp:g}".replace(".", ",")
        line = f"{r['rank']} {r['starting_number']} {n[r['starting_number']]} {points} "
        assert line in text, (line, text)
        starts.append(text.index(line))
    assert starts == sorted(starts)
    for r, start, end in zip(public["rows"], starts, starts[1:] + [len(text)],
                                 strict=True):
        assert boards[r["game_points"]] in text[start:end], text[start:end]


def test_team_withdrawal_before_the_draw_through_the_admin(admin_client, staff):
    """Before the draw a withdrawn team is simply not entered (its roster goes with it)."""
    t = services.create_tournament(
        user=staff, name="Đồng đội", discipline="chess", system="team_round_robin",
        boards_per_team=3, reserves_per_team=1, start_date=date(2026, 5, 4),
        end_date=date(2026, 5, 8), organiser_body=national_body())
    services.open_registration(t, user=staff)
    team = services.register_team(t, "Đội rút", [(make_member(), i) for i in (1, 2, 3)],
                                  user=staff)
    response = admin_client.post("/admin/tournaments/teamentry/", {
        "action": "withdraw_teams", "_selected_action": [team.pk]})
    assert response.status_code == 302
    assert not t.teams.exists() and not t.entries.exists()


def _team_board(number: int) -> tuple[int, int]:
    """(team, board) of a starting number: 4 places a team (3 boards and a reserve)."""
    return (number - 1) // 4 + 1, (number - 1) % 4 + 1


def test_team_knockout_of_four_teams(driver):
    """Điều 30.3: a knockout of teams run like the individual one (Điều 25): seeds 1-4,
    2-3; the regulations chose board against board (30.2.1): each tie one team match, the better seed White on the
    odd boards; a drawn match goes to the boards (30.1.5), then lots.

    Worked by hand: 1-4: board 1 won by team 1, boards 2 and 3 drawn → 2-1, team 1; 2-3:
    board 1 drawn, board 2 won by team 3, board 3 by team 2 → 1½-1½ and board 1 equal,
    board 2 to team 3 → team 3. Final 1-3: team 3 wins every board → 3-0. Places: 3
    first, 1 second, 2 and 4 third; game points 3: 4½, 1: 2, 2: 1½, 4: 1."""
    driver.create(system="team_knockout", boards_per_team=3, reserves_per_team=1,
                  discipline="xiangqi", team_match_form="simultaneous")
    driver.action("open-registration")
    driver.register_teams(4, players=4)
    closed = driver.action("close-registration", {"seed": 9})
    assert closed["number_of_rounds"] == 2
    first = {(1, 1): "1-0", (4, 2): "1/2-1/2", (1, 3): "1/2-1/2",  # (team of White, board)
             (2, 1): "1/2-1/2", (3, 2): "1-0", (2, 3): "1-0"}
    final = {(1, 1): "0-1", (3, 2): "1-0", (1, 3): "0-1"}
    for number, results in ((1, first), (2, final)):
        driver.pair_next()
        driver.play_round(number, random.Random(0),
                          choose=lambda p, r=results: r[_team_board(p["white_number"])])
    matches = [(m.round.number, m.home.starting_number, m.away.starting_number)
               for m in TeamMatch.objects.filter(round__tournament_id=driver.tid)]
    assert matches == [(1, 1, 4), (1, 2, 3), (2, 1, 3)]
    refused = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
    assert_error(refused, 400, "no_more_rounds", "round")
    table = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/team-standings/").json()
    assert [(r["rank"], r["starting_number"], r["game_points"]) for r in table["rows"]] == [
        (1, 3, 4.5), (2, 1, 2.0), (3, 2, 1.5), (3, 4, 1.0)]
    assert table["bracket"] == [
        [{"a": 1, "b": 4, "points": [2.0, 1.0], "winner": 1, "decided_by_lot": False},
         {"a": 2, "b": 3, "points": [1.5, 1.5], "winner": 3, "decided_by_lot": False}],
        [{"a": 1, "b": 3, "points": [0.0, 3.0], "winner": 3, "decided_by_lot": False}]]
    assert driver.finish_and_certify()["status"] == "certified"
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/team-standings/").json()
    assert [(r["rank"], r["starting_number"]) for r in public["rows"]] == [
        (1, 3), (2, 1), (3, 2), (3, 4)]
    assert public["bracket"] == table["bracket"]
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "team_standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert "1 3 Đội 3 4,5" in text and "2 1 Đội 1 2" in text, text
    assert "3 2 Đội 2 1,5" in text and "3 4 Đội 4 1" in text
    assert text.index("Đội 3 4,5") < text.index("Đội 1 2") < text.index("Đội 2 1,5") \
        < text.index("Đội 4 1")


def _lower_number_wins(p) -> str:
    return "1-0" if p["white_number"] < p["black_number"] else "0-1"


def test_multi_stage_event_two_groups_and_a_final(driver):
    """Điều 17.3 "đấu hỗn hợp" (002 part 2 Điều 7: different systems in different stages):
    two round-robin groups of 4, the top 2 of each go on to a round-robin final.

    Worked by hand, the lower starting number winning every game: in each group (and in
    the final) number 1 scores 3, 2 scores 2, 3 scores 1, 4 scores 0, so numbers 1 and 2 of
    each group qualify. Overall: the final's places 1-4, then the two group 3rds (1 point
    each) share 5th and the two group 4ths (0) share 7th."""
    final = driver.create(system="round_robin", discipline="xiangqi", name="Chung kết")
    driver.action("open-registration")
    refused = driver.organiser.post("/api/v1/tournaments/", {
        "name": "Bảng lỗi", "discipline": "xiangqi", "start_date": "2026-05-04",
        "end_date": "2026-05-10", "organiser_body": driver.body.pk, "system": "knockout",
        "qualifies_to": final["id"], "qualifiers": 2}, format="json")
    assert_error(refused, 400, "invalid", "system")
    qualified, out = set(), {}
    for name in ("Bảng A", "Bảng B"):
        group = driver.create(system="round_robin", discipline="xiangqi", name=name,
                              qualifies_to=final["id"], qualifiers=2)
        driver.action("open-registration")
        driver.enter(driver.members(4))
        driver.action("close-registration", {"seed": 21})
        driver.run_all_rounds(3, random.Random(0), choose=_lower_number_wins)
        rows = driver.standings()["rows"]
        assert [(r["starting_number"], r["points"]) for r in rows] == [
            (1, 3.0), (2, 2.0), (3, 1.0), (4, 0.0)]
        entries = {e.starting_number: e for e in Entry.objects.filter(tournament_id=driver.tid)}
        qualified |= {entries[1].member_id, entries[2].member_id}
        out[name] = (entries[3].name, entries[4].name)
        if name == "Bảng A":  # the final waits for every group's certified result
            driver.tournament = final
            assert_error(driver.organiser.post(
                f"/api/v1/tournaments/{final['id']}/advance-qualifiers/"), 400,
                "groups_not_certified")
            driver.tournament = group
        assert driver.finish_and_certify()["status"] == "certified"
    driver.tournament = final
    added = driver.post(driver.organiser, f"/api/v1/tournaments/{driver.tid}/advance-qualifiers/")
    assert {e["member"] for e in added} == qualified and len(added) == 4
    assert driver.post(driver.organiser,
                       f"/api/v1/tournaments/{driver.tid}/advance-qualifiers/") == []
    driver.action("close-registration", {"seed": 22})
    driver.run_all_rounds(3, random.Random(0), choose=_lower_number_wins)
    assert driver.finish_and_certify()["status"] == "certified"
    overall = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/overall/").json()
    assert [g["name"] for g in overall["groups"]] == ["Bảng A", "Bảng B"]
    rows = overall["rows"]
    assert [(r["rank"], r["stage"], r["points"]) for r in rows[:4]] == [
        (1, "final", 3.0), (2, "final", 2.0), (3, "final", 1.0), (4, "final", 0.0)]
    assert [(r["rank"], r["group_rank"], r["points"]) for r in rows[4:]] == [
        (5, 3, 1.0), (5, 3, 1.0), (7, 4, 0.0), (7, 4, 0.0)]
    assert {r["name"] for r in rows[4:6]} == {out["Bảng A"][0], out["Bảng B"][0]}
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/overall/").json()
    assert public == overall
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "overall_standings", f"tournament:{driver.tid}"), driver.job_worker))
    finalists = [r["name"] for r in rows[:4]]
    assert "KẾT QUẢ CHUNG CUỘC Hạng Họ và tên Giai đoạn Hạng trong bảng Điểm " \
        f"1 {finalists[0]} Chung kết 3 2 {finalists[1]} Chung kết 2 " \
        f"3 {finalists[2]} Chung kết 1 4 {finalists[3]} Chung kết 0 " in text, text
    for group, (third, fourth) in out.items():
        assert f"5 {third} {group} 3 1" in text and f"7 {fourth} {group} 4 0" in text


def test_advance_qualifiers_from_the_admin_is_refused_without_groups(admin_client, staff):
    """Điều 17.3: the admin action goes through the service and shows its refusal."""
    from django.contrib.messages import get_messages

    t = services.create_tournament(
        user=staff, name="Chung kết", discipline="xiangqi", system="round_robin",
        start_date=date(2026, 5, 4), end_date=date(2026, 5, 8), organiser_body=national_body())
    services.open_registration(t, user=staff)
    response = admin_client.post("/admin/tournaments/tournament/", {
        "action": "advance_qualifiers", "_selected_action": [t.pk]})
    assert response.status_code == 302
    assert any("không có bảng vòng loại" in str(m)
               for m in get_messages(response.wsgi_request))


def test_regulations_published_before_registration_with_quota_and_wildcards(driver):
    """Điều 17.2 (the event kinds), Điều 18 (the regulations are issued and published before
    the event) and Phụ lục 5: items 4 (quota per unit, wildcards "đặc cách"), 12 (material
    terms), 14 (registration form) and 18b's awards and discipline, public once published;
    a national first-division event run to certification."""
    from tests.factories import make_club, make_person

    regulations = {"wildcards": "Đương kim vô địch được đặc cách.", "quota_per_unit": 1,
                   "material_terms": "Ban tổ chức lo ăn ở 5 ngày.",
                   "registration_form": "Danh sách trưởng đoàn, huấn luyện viên, đấu thủ.",
                   "awards_and_discipline": "Huy chương; cảnh cáo, truất quyền thi đấu."}
    t = driver.create(system="round_robin", discipline="xiangqi",
                      category="national_first_division", **regulations)
    public = APIClient()
    assert public.get(f"/api/v1/public/tournaments/{driver.tid}/").status_code == 404
    published = driver.action("publish-regulations")
    assert published["regulations_published_at"] and published["status"] == "draft"
    detail = public.get(f"/api/v1/public/tournaments/{driver.tid}/").json()
    assert detail["category"] == "national_first_division"
    assert {k: detail[k] for k in regulations} == regulations
    assert detail["regulations_published_at"] == published["regulations_published_at"]
    driver.action("open-registration")
    (first, r1), (second, r2) = driver.members(2)
    driver.post(driver.organiser, "/api/v1/tournament-entries/",
                {"tournament": t["id"], "member": first.pk, "rating": r1}, 201)
    refused = driver.organiser.post("/api/v1/tournament-entries/", {
        "tournament": t["id"], "member": second.pk, "rating": r2}, format="json")
    assert_error(refused, 400, "quota_full", "member")
    wildcard = driver.post(driver.organiser, "/api/v1/tournament-entries/", {
        "tournament": t["id"], "member": second.pk, "rating": r2, "wildcard": True}, 201)
    assert wildcard["is_wildcard"]
    other_club = make_club(driver.body, name="Câu lạc bộ khác")
    third = make_member(make_person(), other_club)
    driver.post(driver.organiser, "/api/v1/tournament-entries/",
                {"tournament": t["id"], "member": third.pk, "rating": 1900}, 201)
    driver.action("close-registration", {"seed": 2})
    driver.run_all_rounds(3, random.Random(0), choose=_lower_number_wins)
    # worked by hand: 3 players, a Berger table of 3 rounds (Điều 26, one rests each
    # round, the rest scores nothing); the lower number wins: 1 beats 2 and 3 (2
    # points), 2 beats 3 (1), 3 scores 0 — the wildcard entry plays like any other
    table = driver.standings()
    assert [(r["rank"], r["starting_number"], r["points"]) for r in table["rows"]] == [
        (1, 1, 2.0), (2, 2, 1.0), (3, 3, 0.0)]
    assert driver.finish_and_certify()["status"] == "certified"
    detail = public.get(f"/api/v1/public/tournaments/{driver.tid}/").json()
    assert detail["status"] == "certified" and detail["category"] == "national_first_division"
    assert {k: detail[k] for k in regulations} == regulations
    rows = public.get(f"/api/v1/public/tournaments/{driver.tid}/standings/").json()["rows"]
    assert [(r["rank"], r["starting_number"], r["points"]) for r in rows] == [
        (1, 1, 2.0), (2, 2, 1.0), (3, 3, 0.0)]
    [text] = pdf_pages(download(public, request(
        public, "standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert_standings_rows(text, driver.tid, table["rows"], table["tiebreaks"])


def test_opening_registration_publishes_the_regulations(driver):
    """Điều 18a: nobody registers on unpublished regulations — opening registration
    publishes them when the organiser has not."""
    driver.create(system="round_robin")
    opened = driver.action("open-registration")
    assert opened["status"] == "registration" and opened["regulations_published_at"]
    again = driver.action("publish-regulations")
    assert again["regulations_published_at"] == opened["regulations_published_at"]


def _play_until_decided(driver, choose) -> int:
    """Pair and play rounds until the pairing job refuses (the knockout is decided)."""
    number = 0
    while True:
        response = driver.arbiter.post(f"/api/v1/tournaments/{driver.tid}/pair-next-round/")
        if response.status_code == 400:
            assert response.json()["error"]["code"] == "no_more_rounds"
            return number
        number += 1
        done = driver.job_worker.wait(response.json()["id"], timeout=300)
        assert done.state == "succeeded", done.error
        driver.play_round(number, random.Random(0), choose=choose)
        assert number < 10


def test_multi_stage_event_two_groups_and_a_knockout_final(driver):
    """Điều 17.3 with a knockout final (Điều 25; 002 part 2 Điều 7): two round-robin groups
    of 4, the top 2 of each into a knockout final of 4 (two games a tie, Điều 25).

    Worked by hand, the lower starting number winning every game: each group ranks 1-4 by
    number (3, 2, 1, 0 points), numbers 1 and 2 of each group go on. The final: semi-finals
    1-4 and 2-3 won 2-0 by 1 and 2, final 1-2 won 2-0 by 1: places 1, 2, then 3 and 4 share
    3rd (no placement match). Overall: the final's 1, 2, 3, 3; the two group 3rds (1 point)
    share 5th, the two group 4ths (0) share 7th."""
    final = driver.create(system="knockout", discipline="xiangqi", name="Chung kết",
                          knockout_tie_rule="two_then_lots")
    driver.action("open-registration")
    out = {}
    for name in ("Bảng A", "Bảng B"):
        driver.create(system="round_robin", discipline="xiangqi", name=name,
                      qualifies_to=final["id"], qualifiers=2)
        driver.action("open-registration")
        driver.enter(driver.members(4))
        driver.action("close-registration", {"seed": 31})
        driver.run_all_rounds(3, random.Random(0), choose=_lower_number_wins)
        entries = {e.starting_number: e.name for e in
                   Entry.objects.filter(tournament_id=driver.tid)}
        out[name] = (entries[3], entries[4])
        assert driver.finish_and_certify()["status"] == "certified"
    driver.tournament = final
    assert len(driver.post(driver.organiser,
                           f"/api/v1/tournaments/{driver.tid}/advance-qualifiers/")) == 4
    driver.action("close-registration", {"seed": 32})
    assert _play_until_decided(driver, _lower_number_wins) == 4  # 2 games a tie, 2 stages
    bracket = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/bracket/").json()
    assert [[(m["a"], m["b"], m["winner"]) for m in s["matches"]] for s in bracket["stages"]] \
        == [[(1, 4, 1), (2, 3, 2)], [(1, 2, 1)]]
    assert bracket["champion"] == 1
    assert driver.finish_and_certify()["status"] == "certified"
    names = dict(Entry.objects.filter(tournament_id=driver.tid).values_list(
        "starting_number", "name"))
    overall = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/overall/").json()
    rows = overall["rows"]
    assert [(r["rank"], r["stage"], r["name"]) for r in rows[:2]] == [
        (1, "final", names[1]), (2, "final", names[2])]
    assert [(r["rank"], r["stage"]) for r in rows[2:4]] == [(3, "final"), (3, "final")]
    assert {r["name"] for r in rows[2:4]} == {names[3], names[4]}
    assert [(r["rank"], r["stage"], r["group_rank"], r["points"]) for r in rows[4:]] == [
        (5, "qualifying", 3, 1.0), (5, "qualifying", 3, 1.0),
        (7, "qualifying", 4, 0.0), (7, "qualifying", 4, 0.0)]
    assert {r["name"] for r in rows[4:6]} == {out["Bảng A"][0], out["Bảng B"][0]}
    assert {r["name"] for r in rows[6:]} == {out["Bảng A"][1], out["Bảng B"][1]}
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/overall/").json()
    assert public == overall
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "overall_standings", f"tournament:{driver.tid}"), driver.job_worker))
    assert f"1 {names[1]} Chung kết" in text and f"2 {names[2]} Chung kết" in text, text
    assert f"3 {names[3]} Chung kết" in text and f"3 {names[4]} Chung kết" in text
    for group, (third, fourth) in out.items():
        assert f"5 {third} {group} 3 1" in text and f"7 {fourth} {group} 4 0" in text
    assert text.index(names[2]) < text.index(out["Bảng A"][0])


def _four_beats_three(p) -> str:
    """The lower number wins, except 4 beats 3."""
    if {p["white_number"], p["black_number"]} == {3, 4}:
        return "1-0" if p["white_number"] == 4 else "0-1"
    return _lower_number_wins(p)


def test_multi_stage_event_two_swiss_groups_and_a_final(driver):
    """Điều 17.3 with Swiss qualifying groups (Điều 28 as written; 002 part 2 Điều 7): two
    groups of 4 in 2 rounds, the top 2 of each into a round-robin final.

    Worked by hand in each group (numbers by rating, 28.1): round 1 top half against
    bottom half (28.3), 1-3 and 2-4, the lower number wins; round 2 score groups {1, 2}
    and {3, 4}: 1-2 won by 1, 3-4 won by 4. Points 1: 2, 2: 1, 4: 1, 3: 0; 2 and 4 split
    by BH (Điều 21.3): 2 met 4 (1) and 1 (2) = 3, 4 met 2 (1) and 3 (0) = 1 → places 1,
    2, 4, 3 (BH of 1: 0 + 1 = 1; of 3: 2 + 1 = 3); numbers 1 and 2 go on. The final (round robin, the lower number winning):
    3, 2, 1, 0. Overall: the final's 1-4, then the two group 3rds (number 4, 1 point)
    share 5th and the two group 4ths (number 3, 0) share 7th."""
    final = driver.create(system="round_robin", discipline="xiangqi", name="Chung kết")
    driver.action("open-registration")
    out = {}
    for name in ("Bảng A", "Bảng B"):
        driver.create(system="adjusted_swiss", discipline="xiangqi", name=name,
                      number_of_rounds=2, tiebreaks="BH,SB", qualifies_to=final["id"],
                      qualifiers=2)
        driver.action("open-registration")
        driver.enter(driver.members(4, ratings=[2100, 2050, 2000, 1950]))
        driver.action("close-registration", {"seed": 17})
        for number in (1, 2):
            driver.pair_next()
            rnd = driver.play_round(number, random.Random(0), choose=_four_beats_three)
            assert {frozenset((p["white_number"], p["black_number"]))
                    for p in rnd["pairings"]} == (
                {frozenset((1, 3)), frozenset((2, 4))} if number == 1
                else {frozenset((1, 2)), frozenset((3, 4))})
        rows = driver.standings()["rows"]
        assert [(r["rank"], r["starting_number"], r["points"], r["tiebreaks"]["BH"])
                for r in rows] == [(1, 1, 2.0, 1.0), (2, 2, 1.0, 3.0), (3, 4, 1.0, 1.0),
                                   (4, 3, 0.0, 3.0)]
        entries = {e.starting_number: e.name for e in
                   Entry.objects.filter(tournament_id=driver.tid)}
        out[name] = (entries[4], entries[3])
        assert driver.finish_and_certify()["status"] == "certified"
    driver.tournament = final
    assert len(driver.post(driver.organiser,
                           f"/api/v1/tournaments/{driver.tid}/advance-qualifiers/")) == 4
    driver.action("close-registration", {"seed": 18})
    driver.run_all_rounds(3, random.Random(0), choose=_lower_number_wins)
    assert driver.finish_and_certify()["status"] == "certified"
    overall = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/overall/").json()
    rows = overall["rows"]
    assert [(r["rank"], r["stage"], r["points"]) for r in rows[:4]] == [
        (1, "final", 3.0), (2, "final", 2.0), (3, "final", 1.0), (4, "final", 0.0)]
    assert [(r["rank"], r["stage"], r["group_rank"], r["points"]) for r in rows[4:]] == [
        (5, "qualifying", 3, 1.0), (5, "qualifying", 3, 1.0),
        (7, "qualifying", 4, 0.0), (7, "qualifying", 4, 0.0)]
    assert {r["name"] for r in rows[4:6]} == {out["Bảng A"][0], out["Bảng B"][0]}
    public = APIClient().get(f"/api/v1/public/tournaments/{driver.tid}/overall/").json()
    assert public == overall
    [text] = pdf_pages(download(APIClient(), request(
        APIClient(), "overall_standings", f"tournament:{driver.tid}"), driver.job_worker))
    for rank, row in enumerate(rows[:4], start=1):
        assert f"{rank} {row['name']} Chung kết {3 - rank + 1}" in text, text
    for group, (third, fourth) in out.items():
        assert f"5 {third} {group} 3 1" in text and f"7 {fourth} {group} 4 0" in text
