"""Play-off matches between tied teams ("Thi đấu thêm", seed 002 Phần 2 Điều 2.3: "Trong thi
đấu đồng đội. - Thi đấu thêm."), recorded through the API and deciding the team table when
the regulations list the tie-break PO.

Hand-worked example (xiangqi team round robin, 3 teams of 3 boards, ranking 002 Điều 2.3 with
match points first, tie-breaks "PO"): Hà Nội – Đà Nẵng all three boards drawn (1½-1½); Hà Nội
beats Cần Thơ 2-1 and Đà Nẵng beats Cần Thơ 2-1 (boards 1 and 2 won, board 3 lost). Hà Nội and
Đà Nẵng: 3 match points, 3½ game points, opponents' points 3½ + 2 = 5½, boards 1½ 1½ ½ — equal
on every criterion, both ranked 1st; Cần Thơ 0 match points, 3rd. The play-off match: Hà Nội
wins board 1, boards 2 and 3 drawn: 2-1, 2 match points for Hà Nội (PO 2), 0 for Đà Nẵng
(PO 0): Hà Nội 1st, Đà Nẵng 2nd, Cần Thơ 3rd.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from core.errors import ServiceError
from tests.factories import make_body, make_member, make_officer, make_person, make_user
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.models import Official, PlayOffGame, PlayOffMatch

START = date(2026, 5, 4)
HANOI, DANANG, CANTHO = "Hà Nội", "Đà Nẵng", "Cần Thơ"


def _white_points(white_team: str, black_team: str, board: int) -> str:
    """The hand-worked results: Hà Nội – Đà Nẵng drawn; each beats Cần Thơ on boards 1-2
    and loses board 3."""
    teams = {white_team, black_team}
    if teams == {HANOI, DANANG}:
        return "1/2-1/2"
    winner_is_white = (black_team == CANTHO) == (board < 3)
    return "1-0" if winner_is_white else "0-1"


class TeamEvent:
    def __init__(self, *, tiebreaks: str = "PO", play: bool = True):
        body = make_body()
        self.organiser = make_officer(body)
        self.t = services.create_tournament(
            user=self.organiser, name="Giải đồng đội cờ tướng", discipline="xiangqi",
            system="team_round_robin", boards_per_team=3, reserves_per_team=1,
            team_ranking="match_game_opp", tiebreaks=tiebreaks, start_date=START,
            end_date=START + timedelta(days=4), organiser_body=body)
        self.chief = make_user()
        Official.objects.create(tournament=self.t, person=make_person(user=self.chief),
                                role="chief")
        services.open_registration(self.t, user=self.organiser)
        self.teams = {}
        for name in (HANOI, DANANG, CANTHO):
            members = [make_member() for _ in range(4)]
            self.teams[name] = services.register_team(
                self.t, name, [(m, i + 1) for i, m in enumerate(members)],
                user=self.organiser)
        services.close_registration(self.t, user=self.organiser, seed=3)
        self.t.refresh_from_db()
        for team in self.teams.values():
            team.refresh_from_db()
        if play:
            self._play_all()

    def _play_all(self) -> None:
        for number in (1, 2, 3):
            services.pair_round_job({"tournament": self.t.pk, "round": number, "seed": 1},
                                    lambda *a: None)
            rnd = self.t.rounds.get(number=number)
            games = rnd.pairings.filter(kind="game", black__isnull=False).select_related(
                "white__team", "black__team")
            services.record_results(rnd, [
                {"pairing": p.pk, "version": p.version,
                 "result": _white_points(p.white.team.name, p.black.team.name,
                                         p.white.board_order)} for p in games],
                user=self.chief)

    def board(self, name: str, board: int):
        return self.teams[name].roster.get(board_order=board)

    def playoff(self, results=("1-0", "1/2-1/2", "1/2-1/2")) -> dict:
        """Hà Nội White on odd boards (board i against board i)."""
        games = []
        for board, result in enumerate(results, 1):
            home, away = self.board(HANOI, board), self.board(DANANG, board)
            white, black = (home, away) if board % 2 else (away, home)
            if not board % 2:  # the result as written is Hà Nội's: turn it for Black
                result = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
            games.append({"board": board, "white": white.pk, "black": black.pk,
                          "result": result})
        return {"tournament": self.t.pk, "home": self.teams[HANOI].pk,
                "away": self.teams[DANANG].pk, "games": games, "note": "Cờ nhanh 15 phút."}

    def table(self, client=None, public=False) -> dict[str, tuple]:
        path = (f"/api/v1/public/tournaments/{self.t.pk}/team-standings/" if public
                else f"/api/v1/tournaments/{self.t.pk}/team-standings/")
        response = (client or client_for(self.chief)).get(path)
        assert response.status_code == 200, response.content
        return response.json()


def _ranks(table: dict) -> dict[str, tuple]:
    return {r["name"]: (r["rank"], r["match_points"], r["game_points"], r["opponents_points"],
                        r["boards"], r["playoff"]) for r in table["rows"]}


@pytest.mark.django_db
def test_team_playoff_decides_between_teams_tied_on_every_criterion_phan_2_dieu_2_3(client):
    event = TeamEvent()
    before = _ranks(event.table())
    assert before[HANOI] == (1, 3, 3.5, 5.5, [1.5, 1.5, 0.5], 0.0)
    assert before[DANANG] == (1, 3, 3.5, 5.5, [1.5, 1.5, 0.5], 0.0)
    assert before[CANTHO][:2] == (3, 0)
    chief = client_for(event.chief)
    response = chief.post("/api/v1/playoff-matches/", event.playoff(), format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["number"], body["home_name"], body["away_name"]) == (1, HANOI, DANANG)
    assert [(g["board"], g["result"]) for g in body["boards"]] == [
        (1, "1-0"), (2, "1/2-1/2"), (3, "1/2-1/2")]
    table = event.table()
    after = _ranks(table)
    assert [r["name"] for r in table["rows"]] == [HANOI, DANANG, CANTHO]
    assert (after[HANOI][0], after[HANOI][-1]) == (1, 2.0)
    assert (after[DANANG][0], after[DANANG][-1]) == (2, 0.0)
    assert (after[CANTHO][0], after[CANTHO][-1]) == (3, 0.0)
    assert table["playoff_matches"] == [{
        "number": 1, "home": event.teams[HANOI].starting_number,
        "away": event.teams[DANANG].starting_number, "home_points": 2.0, "away_points": 1.0,
        "boards": 3}]
    # the public team table and the event page show the decided order and the match
    public = event.table(client=client, public=True)
    assert [r["name"] for r in public["rows"]] == [HANOI, DANANG, CANTHO]
    assert [r["playoff"] for r in public["rows"]] == [2.0, 0.0, 0.0]
    page = client.get(f"/giai-dau/{event.t.pk}/").content.decode()
    assert "Thi đấu thêm" in page and 'id="thi-dau-them-1"' in page
    assert page.index(f"<td>{HANOI}</td>") < page.index(f"<td>{DANANG}</td>")
    from tournaments.documents import team_standings_data

    pdf = team_standings_data(f"tournament:{event.t.pk}")  # the PDF's table: a PO column
    assert pdf["playoff"] and [(r["name"], r["playoff"]) for r in pdf["rows"]] == [
        (HANOI, "2"), (DANANG, "0"), (CANTHO, "0")]
    # the games are listed with the play-offs, and count for the teams, not the players
    listed = chief.get("/api/v1/playoff-games/", {"tournament": event.t.pk}).json()["results"]
    assert [(g["board"], g["match"]) for g in listed] == [(1, body["id"]), (2, body["id"]),
                                                         (3, body["id"])]
    standings = chief.get(f"/api/v1/tournaments/{event.t.pk}/standings/").json()["rows"]
    assert {r["tiebreaks"].get("PO") for r in standings} == {0.0}


@pytest.mark.django_db
def test_a_drawn_playoff_match_leaves_the_teams_tied_and_without_po_nothing_changes():
    """1½-1½: one match point each (30.1.5 counts a drawn match 1): still equal, both 1st.
    Regulations without PO: the play-off is recorded but the table keeps the tie (no
    ``playoff`` value, no play-off matches listed)."""
    event = TeamEvent()
    services.record_team_playoff(
        event.t, home=event.teams[HANOI], away=event.teams[DANANG], user=event.chief,
        games=[services.PlayOffBoard(b, event.board(HANOI, b), event.board(DANANG, b),
                                     "1/2-1/2") for b in (1, 2, 3)])
    drawn = _ranks(event.table())
    assert (drawn[HANOI][0], drawn[HANOI][-1]) == (drawn[DANANG][0], drawn[DANANG][-1]) == (
        1, 1.0)
    event.t.tiebreaks = ""
    event.t.save(update_fields=["tiebreaks"])
    table = event.table()
    assert {r["playoff"] for r in table["rows"]} == {None}
    assert "playoff_matches" not in table
    assert _ranks(table)[HANOI][0] == _ranks(table)[DANANG][0] == 1


@pytest.mark.django_db
def test_team_playoff_refusals():
    event = TeamEvent(play=False)
    chief = client_for(event.chief)
    good = event.playoff()

    def post(**changes):
        return chief.post("/api/v1/playoff-matches/", {**good, **changes}, format="json")

    assert_error(post(away=event.teams[HANOI].pk), 400, field="away")
    assert_error(post(games=[]), 400, field="games")
    too_many = good["games"] + [{**good["games"][0], "board": 4}]
    assert_error(post(games=too_many), 400, field="games")
    twice = [good["games"][0], {**good["games"][1], "board": 1}]
    assert_error(post(games=twice), 400, field="games")
    cantho = event.board(CANTHO, 1)
    stranger = [{**good["games"][0], "black": cantho.pk}]
    assert_error(post(games=stranger), 400, "not_of_the_teams", "games")
    same_player = [good["games"][0], {**good["games"][1], "white": good["games"][0]["black"]}]
    assert_error(post(games=same_player), 400, field="games")
    assert_error(post(games=[{**good["games"][0], "result": "*"}]), 400, field="games")
    outsider = client_for(event.board(HANOI, 1).member.person.user or make_user())
    assert_error(outsider.post("/api/v1/playoff-matches/", good, format="json"), 403)
    event.t.status = "certified"  # a certified event takes no more (its table is official)
    event.t.save(update_fields=["status"])
    assert_error(post(), 400, "locked")
    assert not PlayOffMatch.objects.exists() and not PlayOffGame.objects.exists()


@pytest.mark.django_db
def test_an_individual_event_has_no_team_playoff():
    from tests.tournaments.test_tournaments_complaints import Event

    individual = Event(tiebreaks="PO")
    b1 = individual.board
    with pytest.raises(ServiceError) as refused:
        services.record_team_playoff(individual.t, home=None, away=None, user=individual.chief,
                                     games=[services.PlayOffBoard(1, b1.white, b1.black, "1-0")])
    assert refused.value.code == "not_a_team_table"


@pytest.mark.django_db
def test_admin_records_a_team_playoff_by_its_form(client):
    """The staff site's add form: boards typed one a line ("1: 3-7 1-0"), recorded through
    ``record_team_playoff``; a refusal of the service shows on the form and writes nothing."""
    from tests.admin_forms import form_data
    from tests.factories import make_staff

    event = TeamEvent()
    client.force_login(make_staff())
    url = "/admin/tournaments/playoffmatch/add/"
    page = client.get(url).content.decode()
    assert "mỗi bàn một dòng" in page
    data = form_data(page, "playoffmatch_form")
    lines = []
    for board, result in ((1, "1-0"), (2, "1/2-1/2"), (3, "1/2-1/2")):
        home, away = event.board(HANOI, board), event.board(DANANG, board)
        lines.append(f"{board}: {home.starting_number}-{away.starting_number} {result}")
    data.update({"tournament": [str(event.t.pk)], "home": [str(event.teams[HANOI].pk)],
                 "away": [str(event.teams[DANANG].pk)], "games": ["\n".join(lines)]})
    unknown = client.post(url, {**data, "games": ["1: 999-1 1-0"]})
    assert unknown.status_code == 200 and "Không có đấu thủ số 999" in unknown.content.decode()
    badly = client.post(url, {**data, "games": ["một ván"]})
    assert badly.status_code == 200 and "Dòng 1" in badly.content.decode()
    same = client.post(url, {**data, "away": [str(event.teams[HANOI].pk)]})
    assert same.status_code == 200 and "hai đội khác nhau" in same.content.decode()
    assert not PlayOffMatch.objects.exists()
    done = client.post(url, data)
    assert done.status_code == 302, done.content.decode()[:2000]
    match = PlayOffMatch.objects.get()
    assert [(g.board, g.result) for g in match.games.order_by("board")] == [
        (1, "1-0"), (2, "1/2-1/2"), (3, "1/2-1/2")]
    shown = client.get(f"/admin/tournaments/playoffmatch/{match.pk}/change/").content.decode()
    assert event.board(HANOI, 1).name in shown
    assert [r["name"] for r in event.table()["rows"]] == [HANOI, DANANG, CANTHO]
