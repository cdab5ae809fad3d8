"""Public games of certified events, player profiles with titles and ratings, rating lists
and titled players (issue 10)."""

import time
from datetime import date

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from federation.models import Person
from tests.factories import make_staff
from tests.helpers import assert_error
from tests.public.conftest import (
    OPENINGS,
    award_title,
    build_round_robin,
    private_keys_in,
    seed_ratings,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/public/games/"


def _persons_of(tournament) -> list[Person]:
    return list(Person.objects.filter(memberships__tournament_entries__tournament=tournament)
                .order_by("full_name"))


# --- games ---------------------------------------------------------------------------------

def test_only_validated_games_of_certified_events_are_public(api_client):
    staff = make_staff()
    certified = build_round_robin(4, seed=11, with_games=True, staff=staff)
    finished = build_round_robin(4, seed=12, with_games=True, certify=False, staff=staff)
    invalid = certified.rounds.get(number=1).pairings.first().game_record
    invalid.moves_text = "P2-5 P2-5 P2-5"  # Red has no cannon left on file 2 (ply 3)
    invalid.save()
    from games import services as game_services

    game_services.validate_game_work({"game_id": invalid.pk}, lambda *a: None)
    invalid.refresh_from_db()
    assert invalid.validation_status == "invalid"

    listed = api_client.get(GAMES, {"page_size": 100}).json()
    tournaments = {row["tournament"]["id"] for row in listed["results"]}
    assert tournaments == {certified.pk}, "games of an uncertified event must stay private"
    assert finished.pk not in tournaments
    ids = {row["id"] for row in listed["results"]}
    assert invalid.pk not in ids and listed["count"] == 6 - 1  # 4 players: 6 games
    assert_error(api_client.get(f"{GAMES}{invalid.pk}/"), 404)


def test_game_list_filters(api_client):
    t = build_round_robin(4, seed=13, with_games=True)
    other = build_round_robin(4, seed=14, with_games=True, discipline="chess")
    by_tournament = api_client.get(GAMES, {"tournament": t.pk}).json()
    assert by_tournament["count"] == 6
    assert {row["discipline"] for row in by_tournament["results"]} == {"xiangqi"}
    round_two = api_client.get(GAMES, {"tournament": t.pk, "round": 2}).json()["results"]
    assert len(round_two) == 2 and {row["round"] for row in round_two} == {2}
    chess = api_client.get(GAMES, {"discipline": "chess"}).json()
    assert {row["tournament"]["id"] for row in chess["results"]} == {other.pk}
    # a player by name without diacritics: 3 games in a 4-player round robin
    player = api_client.get(GAMES, {"player": "nguyen van dau thu 13-2"}).json()
    assert player["count"] == 3
    assert all("Nguyễn Văn Đấu Thủ 13-2" in (row["white"]["name"], row["black"]["name"])
               for row in player["results"])
    assert_error(api_client.get(GAMES, {"tournament": "abc"}), 400, field="tournament")


def test_a_game_in_every_notation_of_its_discipline(api_client):
    """Điều 11.2a (Vietnamese), 11.2b (Asian), WXF and ICCS for xiangqi; SAN, the Vietnamese
    letters and UCI for chess."""
    xiangqi = build_round_robin(4, seed=15, with_games=True)
    chess = build_round_robin(4, seed=16, with_games=True, discipline="chess")
    for t in (xiangqi, chess):
        opening = OPENINGS[t.discipline]
        game_id = api_client.get(GAMES, {"tournament": t.pk}).json()["results"][0]["id"]
        default = api_client.get(f"{GAMES}{game_id}/").json()
        first = "vn" if t.discipline == "xiangqi" else "san"
        assert default["notation"] == first and default["moves"] == opening[first]
        assert default["plies"] == 4 and default["result"] in {"1-0", "0-1", "1/2-1/2"}
        for notation, moves in opening.items():
            if notation in ("written", "notation"):
                continue
            shown = api_client.get(f"{GAMES}{game_id}/", {"notation": notation}).json()
            assert shown["moves"] == moves, (t.discipline, notation)
        wrong = "san" if t.discipline == "xiangqi" else "wxf"
        error = assert_error(api_client.get(f"{GAMES}{game_id}/", {"notation": wrong}), 400,
                             field="notation")
        assert wrong in error["message"]


def test_pgn_of_a_game_and_of_a_tournament(api_client):
    t = build_round_robin(4, seed=17, with_games=True)
    game_id = api_client.get(GAMES, {"tournament": t.pk}).json()["results"][0]["id"]
    one = api_client.get(f"{GAMES}{game_id}/pgn/")
    assert one.status_code == 200
    assert one["Content-Type"].startswith("application/x-chess-pgn")
    assert one["Content-Disposition"] == f'attachment; filename="game-{game_id}.pgn"'
    text = one.content.decode()
    assert '[Variant "xiangqi"]' in text and "h2e2" in text
    assert "C2=5" in api_client.get(f"{GAMES}{game_id}/pgn/", {"notation": "wxf"}).content.decode()
    assert_error(api_client.get(f"{GAMES}{game_id}/pgn/", {"notation": "vn"}), 400,
                 field="notation")

    whole = api_client.get(f"{GAMES}export/", {"tournament": t.pk})
    assert whole["Content-Type"].startswith("application/x-chess-pgn")
    assert whole.content.decode().count("[Event ") == 6
    one_round = api_client.get(f"{GAMES}export/", {"tournament": t.pk, "round": 3})
    assert one_round.content.decode().count("[Event ") == 2
    assert "round-3" in one_round["Content-Disposition"]
    assert_error(api_client.get(f"{GAMES}export/"), 400, field="tournament")


def test_pgn_of_an_uncertified_tournament_is_not_found(api_client):
    t = build_round_robin(4, seed=18, with_games=True, certify=False)
    assert t.status == Tournament.Status.FINISHED
    assert_error(api_client.get(f"{GAMES}export/", {"tournament": t.pk}), 404)


# --- players, titles, ratings ----------------------------------------------------------------

def test_player_profile_titles_with_decisions_current_ratings_and_history(api_client):
    staff = make_staff()
    t = build_round_robin(4, seed=19, staff=staff)
    persons = _persons_of(t)
    seed_ratings(persons, staff=staff, month=1, base=1800)
    seed_ratings(persons, staff=staff, month=2, base=1900)
    award_title(persons[1], "national_master", number=17, issued_on=date(2026, 4, 2))

    listed = api_client.get("/api/v1/public/players/", {"name": "dau thu 19-1"}).json()
    row = listed["results"][0]
    assert row["id"] == persons[1].pk
    assert row["titles"] == [{"title": "national_master", "title_name": row["titles"][0][
        "title_name"], "awarded_on": "2026-04-02",
        "decision": {"number": "17/2026/QĐ-LĐC", "issued_on": "2026-04-02"}}]
    [current] = row["ratings"]
    assert current["rating"] == 1910 and current["period_start"] == "2026-02-01"
    assert current["discipline"] == "xiangqi" and current["time_control_class"] == "standard"

    profile = api_client.get(f"/api/v1/public/players/{persons[1].pk}/").json()
    [history] = profile["rating_history"]
    assert [(p["start"], p["rating"]) for p in history["periods"]] == [
        ("2026-01-01", 1810), ("2026-02-01", 1910)]
    assert private_keys_in(profile) == set()


def test_rating_list_current_and_past_periods_and_filters(api_client):
    staff = make_staff()
    t = build_round_robin(4, seed=20, staff=staff, birth_year=2001)
    young = build_round_robin(4, seed=21, staff=staff, birth_year=2012)
    persons = _persons_of(t) + _persons_of(young)
    seed_ratings(persons, staff=staff, month=1, base=1500)
    seed_ratings(persons, staff=staff, month=2, base=1600)
    award_title(persons[0], "first_category", number=3)
    lists = api_client.get("/api/v1/public/rating-lists/").json()["results"]
    xiangqi = next(row for row in lists
                   if row["discipline"] == "xiangqi" and row["time_control_class"] == "standard")
    assert xiangqi["current_period"]["start"] == "2026-02-01"
    detail = api_client.get(f"/api/v1/public/rating-lists/{xiangqi['id']}/").json()
    assert [p["start"] for p in detail["periods"]] == ["2026-02-01", "2026-01-01"]

    url = f"/api/v1/public/rating-lists/{xiangqi['id']}/players/"
    current = api_client.get(url).json()
    assert current["period"]["start"] == "2026-02-01" and current["count"] == 8
    ratings = [row["rating"] for row in current["results"]]
    assert ratings == sorted(ratings, reverse=True) and max(ratings) == 1600 + 70
    past = api_client.get(url, {"period": "2026-01"}).json()
    assert past["period"]["start"] == "2026-01-01" and max(
        row["rating"] for row in past["results"]) == 1500 + 70
    # age by birth-year range only; no birth date or year in the answer
    born = api_client.get(url, {"born_from": 2010, "born_to": 2015}).json()
    assert {row["person_id"] for row in born["results"]} == {p.pk for p in _persons_of(young)}
    assert private_keys_in(born) == set()
    titled = api_client.get(url, {"title": "first_category"}).json()["results"]
    assert [row["person_id"] for row in titled] == [persons[0].pk]
    assert titled[0]["title"] == "first_category"
    assert api_client.get(url, {"gender": "F"}).json()["count"] == 0
    club = persons[0].memberships.get().club_memberships.get().club_id
    assert api_client.get(url, {"club": club}).json()["count"] == 4
    assert api_client.get(url, {"province": "01"}).json()["count"] == 8
    assert_error(api_client.get(url, {"period": "2026-13"}), 400, field="period")
    assert_error(api_client.get(url, {"period": "2025-01"}), 404, field="period")
    assert_error(api_client.get(url, {"born_from": "x"}), 400, field="born_from")
    assert_error(api_client.get(url, {"title": "grandmaster"}), 400, field="title")


def test_titled_players_with_their_decisions(api_client):
    t = build_round_robin(4, seed=22)
    persons = _persons_of(t)
    award_title(persons[0], "national_master", number=5)
    award_title(persons[2], "first_category", number=6)
    rows = api_client.get("/api/v1/public/titled-players/").json()["results"]
    assert {(r["person"], r["title"], r["decision"]["number"]) for r in rows} == {
        (persons[0].pk, "national_master", "5/2026/QĐ-LĐC"),
        (persons[2].pk, "first_category", "6/2026/QĐ-LĐC")}
    masters = api_client.get("/api/v1/public/titled-players/", {"title": "national_master"})
    assert [r["person"] for r in masters.json()["results"]] == [persons[0].pk]


# --- caching and invalidation ---------------------------------------------------------------

def test_game_pages_revalidate_with_304_and_change_when_a_record_changes(api_client):
    t = build_round_robin(4, seed=23, with_games=True)
    game_id = api_client.get(GAMES, {"tournament": t.pk}).json()["results"][0]["id"]
    for url in (f"{GAMES}{game_id}/", f"{GAMES}{game_id}/pgn/", GAMES,
                f"{GAMES}export/?tournament={t.pk}"):
        first = api_client.get(url)
        assert first.status_code == 200 and first["Cache-Control"].startswith("public")
        assert api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304, url
    from games import services as game_services
    from games.models import GameRecord
    from tournaments import services as tournament_services

    etag = api_client.get(f"{GAMES}{game_id}/")["ETag"]
    staff = make_staff()  # a certified tournament's records are locked: reopen it first
    tournament_services.reopen_tournament(t, user=staff, reason="Sửa biên bản")
    record = GameRecord.objects.get(pk=game_id)
    # any write to a record through its services touches "games" (a fault: a new version)
    game_services.add_fault(record, side="white", kind="technical", user=staff)
    tournament_services.certify_tournament(t, user=staff)
    again = api_client.get(f"{GAMES}{game_id}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_rating_pages_change_when_a_period_is_published(api_client):
    staff = make_staff()
    t = build_round_robin(4, seed=24, staff=staff)
    persons = _persons_of(t)
    seed_ratings(persons, staff=staff, month=1)
    urls = ["/api/v1/public/rating-lists/", f"/api/v1/public/players/{persons[0].pk}/"]
    etags = {url: api_client.get(url)["ETag"] for url in urls}
    assert all(api_client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 304
               for url in urls)
    seed_ratings(persons, staff=staff, month=2)  # rows written in bulk, then the period saved
    for url in urls:
        changed = api_client.get(url, HTTP_IF_NONE_MATCH=etags[url])
        assert changed.status_code == 200, url
    profile = api_client.get(urls[1]).json()
    assert profile["ratings"][0]["period_start"] == "2026-02-01"


def test_worker_jobs_bulk_writes_touch_their_scopes_in_the_service(api_client):
    """Validation jobs store reports with update() and rating periods are written in bulk: no
    task hook and no model signal — the work function (a service) touches the scopes."""
    from core.caching import stamps
    from games import services as game_services
    from games.models import GameRecord

    t = build_round_robin(4, seed=25, with_games=True)
    game = GameRecord.objects.filter(pairing__round__tournament=t).first()
    before = stamps(["games", "ratings"])
    time.sleep(0.01)
    GameRecord.objects.filter(pk=game.pk).update(validated_input="")  # stale: work to do
    game_services.validate_game_work({"game_id": game.pk}, lambda *a: None)
    after = stamps(["games", "ratings"])
    assert after["games"] > before["games"] and after["ratings"] == before["ratings"]


# --- constant queries -----------------------------------------------------------------------

def _queries(api_client, url, params=None) -> int:
    cache.clear()  # measure the real build, not the server cache
    with CaptureQueriesContext(connection) as queries:
        response = api_client.get(url, params or {})
    assert response.status_code == 200, (url, response.content[:300])
    return len(queries)


def test_games_ratings_and_profiles_take_a_constant_number_of_queries(api_client):
    staff = make_staff()
    counts = []
    for seed, players in ((31, 4), (32, 10)):
        t = build_round_robin(players, seed=seed, with_games=True, staff=staff)
        persons = _persons_of(t)
        for month in (1, 2) if seed == 31 else (3, 4, 5):
            seed_ratings(persons, staff=staff, month=month)
        for i, person in enumerate(persons[: players // 2]):
            award_title(person, "first_category", number=seed * 100 + i)
        game_id = api_client.get(GAMES, {"tournament": t.pk}).json()["results"][0]["id"]
        rating_list = next(
            row["id"] for row in api_client.get("/api/v1/public/rating-lists/").json()["results"]
            if row["current_period"])
        counts.append([
            _queries(api_client, GAMES, {"tournament": t.pk}),
            _queries(api_client, f"{GAMES}{game_id}/"),
            _queries(api_client, f"{GAMES}{game_id}/pgn/"),
            _queries(api_client, f"{GAMES}export/", {"tournament": t.pk}),
            _queries(api_client, "/api/v1/public/players/"),
            _queries(api_client, f"/api/v1/public/players/{persons[0].pk}/"),
            _queries(api_client, "/api/v1/public/rating-lists/"),
            _queries(api_client, f"/api/v1/public/rating-lists/{rating_list}/"),
            _queries(api_client, f"/api/v1/public/rating-lists/{rating_list}/players/"),
            _queries(api_client, "/api/v1/public/titled-players/"),
        ])
    assert counts[0] == counts[1], counts


def test_malformed_requests_get_the_error_shape_not_a_server_error(api_client):
    """What a fuzzer sends: ids that are not numbers or too large, bad page sizes, NUL
    characters (PostgreSQL refuses them in text)."""
    build_round_robin(4, seed=41)
    for url in (f"{GAMES}0.5/", f"{GAMES}abc/pgn/", f"{GAMES}99999999999/", f"{GAMES}²/",
                "/api/v1/public/tournaments/¹/standings/",
                "/api/v1/public/players/-1/", "/api/v1/public/rating-lists/1e9/players/"):
        assert_error(api_client.get(url), 404)
    assert_error(api_client.get(GAMES, {"page_size": "null"}), 400, field="page_size")
    assert_error(api_client.get(GAMES, {"page": "0"}), 400, field="page")
    assert_error(api_client.get(GAMES, {"page": "²"}), 400, field="page")
    assert_error(api_client.get(GAMES, {"round": "0.5"}), 400, field="round")
    assert_error(api_client.get("/api/v1/public/players/", {"club": "99999999999"}), 400,
                 field="club")
    # a documented filter given empty or with an undocumented value is refused, not ignored
    assert_error(api_client.get(GAMES, {"discipline": ""}), 400, field="discipline")
    assert_error(api_client.get("/api/v1/public/clubs/", {"is_active": "null"}), 400,
                 field="is_active")
    assert_error(api_client.get("/api/v1/public/tournaments/", {"date_to": ""}), 400,
                 field="date_to")
    assert api_client.get("/api/v1/public/clubs/", {"is_active": "true"}).status_code == 200
    found = api_client.get("/api/v1/public/players/", {"name": "dau thu 41-1\x00"})
    assert found.status_code == 200 and found.json()["count"] == 1


def test_reopening_a_certified_event_withdraws_its_games_at_once(api_client):
    """Only certified events' games are public: a tournament's save touches ``games`` too, so
    the cached list does not keep showing the games of a reopened event."""
    from tournaments import services

    staff = make_staff()
    t = build_round_robin(4, seed=42, with_games=True, staff=staff)
    first = api_client.get(GAMES)
    assert first.json()["count"] == 6
    services.reopen_tournament(t, user=staff, reason="Sửa biên bản ván 2")
    again = api_client.get(GAMES, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again.json()["count"] == 0
