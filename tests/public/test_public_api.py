"""The public results API (issue 10): anonymous reads, caching headers, no private data,
constant query counts, throttling."""

import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_staff
from tests.helpers import assert_error
from tests.public.conftest import (
    build_knockout,
    build_round_robin,
    build_simultaneous,
    private_keys_in,
)
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_published_tournament_standings_crosstable_and_pairings(api_client):
    t = build_round_robin(6)
    listed = api_client.get("/api/v1/public/tournaments/", {"discipline": "xiangqi"}).json()
    assert [row["id"] for row in listed["results"]] == [t.pk]
    detail = api_client.get(f"/api/v1/public/tournaments/{t.pk}/").json()
    assert detail["status"] == "certified" and detail["players"] == 6
    assert [r["number"] for r in detail["rounds"]] == [1, 2, 3, 4, 5]

    standings = api_client.get(f"/api/v1/public/tournaments/{t.pk}/standings/").json()
    rows = standings["rows"]
    assert standings["after_round"] == 5 and len(rows) == 6
    assert sum(row["points"] for row in rows) == 15  # 15 games, one point each (Điều 21.1)
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    assert rows[0]["points"] >= rows[-1]["points"]

    cross = api_client.get(f"/api/v1/public/tournaments/{t.pk}/crosstable/").json()
    assert all(len(row["rounds"]) == 5 for row in cross["rows"])
    pairings = api_client.get(f"/api/v1/public/tournaments/{t.pk}/pairings/", {"round": 1})
    assert pairings.status_code == 200 and len(pairings.json()) == 3
    assert all(p["result"] in {"1-0", "0-1", "1/2-1/2"} for p in pairings.json())


def _public_urls_by_route(t, game_id: int, player_id: int, rating_list: int,
                          title_id: int, club_id: int, knockout_id: int,
                          team_id: int) -> dict[str, str]:
    """A concrete URL of every public route (route name -> URL)."""
    base = "/api/v1/public/"
    return {
        "api-root": base,
        "public-tournament-list": f"{base}tournaments/",
        "public-tournament-detail": f"{base}tournaments/{t.pk}/",
        "public-tournament-standings": f"{base}tournaments/{t.pk}/standings/",
        "public-tournament-crosstable": f"{base}tournaments/{t.pk}/crosstable/",
        "public-tournament-pairings": f"{base}tournaments/{t.pk}/pairings/?round=1",
        "public-tournament-bracket": f"{base}tournaments/{knockout_id}/bracket/",
        "public-tournament-overall": f"{base}tournaments/{t.pk}/overall/",
        "public-tournament-entries": f"{base}tournaments/{t.pk}/entries/",
        "public-tournament-complaints": f"{base}tournaments/{t.pk}/complaints/",
        "public-tournament-team-standings": f"{base}tournaments/{team_id}/team-standings/",
        "public-tournament-board-standings": f"{base}tournaments/{team_id}/board-standings/",
        "public-player-list": f"{base}players/",
        "public-player-detail": f"{base}players/{player_id}/",
        "public-club-list": f"{base}clubs/",
        "public-club-detail": f"{base}clubs/{club_id}/",
        "public-game-list": f"{base}games/",
        "public-game-detail": f"{base}games/{game_id}/",
        "public-game-pgn": f"{base}games/{game_id}/pgn/",
        "public-game-export": f"{base}games/export/?tournament={t.pk}",
        "public-rating-list-list": f"{base}rating-lists/",
        "public-rating-list-detail": f"{base}rating-lists/{rating_list}/",
        "public-rating-list-players": f"{base}rating-lists/{rating_list}/players/",
        "public-titled-player-list": f"{base}titled-players/",
        "public-titled-player-detail": f"{base}titled-players/{title_id}/",
        "public-tournament-document": f"{base}tournaments/{t.pk}/documents/standings/",
        "public-crosstable-pdf": f"{base}tournaments/{t.pk}/documents/crosstable/",
        "public-pairings-pdf": f"{base}tournaments/{t.pk}/documents/pairings/?round=1",
    }


#: the public PDFs of the walked event, rendered first (the documents job's work)
PUBLIC_DOCUMENTS = (("standings", "tournament:{}"), ("crosstable", "tournament:{}"),
                    ("pairings", "tournament:{}:round:1"))


def _text_of(response) -> str:
    """The response as text: a PDF's extracted text, else its body."""
    if response["Content-Type"] == "application/pdf":
        from tests.documents.documents_support import pdf_pages

        return "\n".join(pdf_pages(response.content))
    return response.content.decode("utf-8-sig")


def _decided_complaint(t) -> None:
    """A decided complaint (Điều 15.6) on the walked event, so its outcome is walked too."""
    from tests.factories import make_staff
    from tournaments import services

    staff = make_staff()
    board = t.rounds.get(number=1).pairings.filter(kind="game").first()
    complaint = services.file_complaint(t, services.Filing(
        complainant_kind="player", subject="result", grounds="Khiếu nại.",
        complainant_entry=board.white, pairing=board), user=staff)
    services.decide_complaint(complaint, services.Ruling(
        upheld=False, reasons="Kết quả đúng biên bản.", article="Điều 11.1b"), user=staff)


def test_no_public_response_contains_private_data(api_client):
    """Every public endpoint (the router's own list, so none is forgotten) answers without a
    date of birth, birth year, citizen ID, phone, e-mail or address."""
    from config.public_urls import router
    from tests.public.conftest import award_title, seed_ratings

    t = build_round_robin(4, with_games=True)
    persons = [entry.member.person for entry in t.entries.select_related("member__person")]
    seed_ratings(persons)
    title = award_title(persons[0])
    player = api_client.get("/api/v1/public/players/").json()["results"][0]
    game = api_client.get("/api/v1/public/games/").json()["results"][0]
    rating_list = title.person.ratings.get().period.rating_list_id
    club = api_client.get("/api/v1/public/clubs/").json()["results"][0]
    _decided_complaint(t)
    knockout = build_knockout(4)
    team_event = build_simultaneous()
    urls = _public_urls_by_route(t, game["id"], player["id"], rating_list, title.pk, club["id"],
                                 knockout.pk, team_event.pk)
    # a disciplinary sanction announced publicly (Điều 16.2) of a player with private data
    from tests.factories import make_disciplinary_decision, make_suspension
    decision = make_disciplinary_decision()
    sanction = make_suspension(persons[1], decision=decision,
                               decision_reference=decision.formatted_number)
    urls["public-sanction-list"] = "/api/v1/public/sanctions/"
    urls["public-sanction-detail"] = f"/api/v1/public/sanctions/{sanction.pk}/"
    from django.utils import timezone
    disqualified = t.entries.order_by("id").first()
    disqualified.disqualified_at = timezone.now()  # an event's sanction, public part (16.2)
    disqualified.save(update_fields=["disqualified_at"])
    urls["public-event-sanction-list"] = "/api/v1/public/event-sanctions/"
    urls["public-event-sanction-detail"] = f"/api/v1/public/event-sanctions/{disqualified.pk}/"
    year = sanction.starts_on.year  # the year's printed sanctions (Điều 16.2)
    urls["public-sanction-document"] = f"/api/v1/public/sanctions/documents/{year}/"
    from documents.services import render_document
    for kind, target in PUBLIC_DOCUMENTS:
        render_document({"kind": kind, "target": target.format(t.pk)}, lambda *a: None)
    render_document({"kind": "sanctions", "target": f"year:{year}"}, lambda *a: None)

    routes = {pattern.name for pattern in router.urls if "format" not in str(pattern.pattern)}
    assert routes - set(urls) == set(), "a public endpoint is missing from this test"

    for name, url in urls.items():
        response = api_client.get(url, HTTP_ACCEPT="application/json")
        assert response.status_code == 200, (name, url, response.content[:200])
        text = _text_of(response)
        if response["Content-Type"].startswith("application/json"):
            assert private_keys_in(response.json()) == set(), url
        for private in ("0912345678", "@example.vn", "2001-02-03", "03/02/2001",
                        *(p.citizen_id for p in persons)):
            assert private not in text, (url, private)

    # the results site's pages (issue 20), every route, in both languages
    pages = _site_urls_by_route(t, game["id"], player["id"], rating_list, club["id"],
                                knockout.pk)
    pages["team-event"] = f"/giai-dau/{team_event.pk}/"
    pages["board-standings"] = f"/giai-dau/{team_event.pk}/theo-ban/"
    pages["sanctions"] = "/ky-luat/"
    pages["sanctions-pdf"] = f"/ky-luat/pdf/{year}/"
    from results_site.urls import urlpatterns as site_routes
    assert {route.name for route in site_routes} - set(pages) == set(), \
        "a page of the results site is missing from this test"
    for name, url in pages.items():
        for prefix in ("", "/en"):
            response = api_client.get(prefix + url)
            assert response.status_code == 200, (name, prefix + url)
            text = _text_of(response)
            for private in ("0912345678", "@example.vn", "2001-02-03", "03/02/2001", "2001",
                            *(p.citizen_id for p in persons)):
                assert private not in text, (prefix + url, private)


def _site_urls_by_route(t, game_id: int, player_id: int, rating_list: int, club_id: int,
                        knockout_id: int) -> dict[str, str]:
    """A concrete URL of every page of the results site (route name -> URL)."""
    return {
        "home": "/", "events": "/giai-dau/?discipline=xiangqi",
        "event": f"/giai-dau/{t.pk}/", "crosstable": f"/giai-dau/{t.pk}/bang-cheo/",
        "game": f"/van-co/{game_id}/", "game-print": f"/van-co/{game_id}/in/",
        "player": f"/ky-thu/{player_id}/", "clubs": "/cau-lac-bo/",
        "club": f"/cau-lac-bo/{club_id}/", "rating-lists": "/he-so/",
        "rating-list": f"/he-so/{rating_list}/", "rating-list-csv": f"/he-so/{rating_list}/csv/",
        "titled": "/danh-hieu/", "knockout": f"/giai-dau/{knockout_id}/",
        "event-pdf": f"/giai-dau/{t.pk}/pdf/pairings/?round=1",
    }


def test_drafts_are_not_public(api_client):
    staff = make_staff()
    t = build_round_robin(4, staff=staff)
    draft = services.create_tournament(user=staff, name="Bản nháp", discipline="chess",
                                       system="dutch", number_of_rounds=7, start_date=t.start_date,
                                       end_date=t.end_date, organiser_body=t.organiser_body)
    ids = [row["id"] for row in api_client.get("/api/v1/public/tournaments/").json()["results"]]
    assert draft.pk not in ids
    assert_error(api_client.get(f"/api/v1/public/tournaments/{draft.pk}/"), 404)
    assert_error(api_client.get(f"/api/v1/public/tournaments/{draft.pk}/standings/"), 404)


def test_etag_and_last_modified_revalidate_and_change_with_the_data(api_client):
    t = build_round_robin(4)
    url = f"/api/v1/public/tournaments/{t.pk}/standings/"
    api_client.get(url)  # the stamps exist from now on
    time.sleep(1.05)  # Last-Modified has a one-second resolution (see core.caching)
    first = api_client.get(url)
    assert first["Cache-Control"].startswith("public, max-age=")
    etag, last_modified = first["ETag"], first["Last-Modified"]
    assert api_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert api_client.get(url, HTTP_IF_MODIFIED_SINCE=last_modified).status_code == 304
    staff = make_staff()
    services.reopen_tournament(t, user=staff, reason="Sửa kết quả ván 1 bàn 1")
    changed = api_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


def test_standings_use_a_constant_number_of_queries_whatever_the_size(api_client):
    small, large = build_round_robin(4, seed=1), build_round_robin(10, seed=2)
    counts = []
    for t in (small, large):
        for path in ("standings", "crosstable"):
            cache.clear()  # measure the real build, not the server cache
            with CaptureQueriesContext(connection) as queries:
                assert api_client.get(
                    f"/api/v1/public/tournaments/{t.pk}/{path}/").status_code == 200
            counts.append(len(queries))
    assert counts[:2] == counts[2:], counts


def test_served_from_the_server_cache_without_queries(api_client):
    t = build_round_robin(4)
    url = f"/api/v1/public/tournaments/{t.pk}/crosstable/"
    assert api_client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        again = api_client.get(url)
    assert again.status_code == 200 and again.json()["rows"]
    # only the lookup of the (published) tournament itself; the body comes from the cache
    assert len(queries) <= 2, [q["sql"] for q in queries]


def test_bad_round_parameter_is_a_clear_error(api_client):
    t = build_round_robin(4)
    error = assert_error(api_client.get(f"/api/v1/public/tournaments/{t.pk}/pairings/",
                                        {"round": "99"}), 404, field="round")
    assert error["code"] == "not_found"
    assert_error(api_client.get(f"/api/v1/public/tournaments/{t.pk}/pairings/",
                                {"round": "x"}), 400, field="round")
    assert_error(api_client.get(f"/api/v1/public/tournaments/{t.pk}/standings/",
                                {"after_round": "9"}), 404, field="after_round")
    assert_error(api_client.get(f"/api/v1/public/tournaments/{t.pk}/standings/",
                                {"after_round": "x"}), 400, field="after_round")


def test_anonymous_clients_are_throttled_with_a_clear_429(api_client, settings):
    from rest_framework.settings import api_settings

    from core.throttling import AnonThrottle

    rates = dict(api_settings.DEFAULT_THROTTLE_RATES, anon="3/min")
    original = AnonThrottle.THROTTLE_RATES
    AnonThrottle.THROTTLE_RATES = rates
    try:
        # distinct queries: each is built (a cached answer is served before throttling)
        for i in range(3):
            assert api_client.get("/api/v1/public/clubs/", {"name": f"x{i}"}).status_code == 200
        error = assert_error(api_client.get("/api/v1/public/clubs/", {"name": "x3"}), 429,
                             "throttled")
        assert error["retry_after"] > 0
        # what the cache already holds costs nothing and is still served
        assert api_client.get("/api/v1/public/clubs/", {"name": "x0"}).status_code == 200
    finally:
        AnonThrottle.THROTTLE_RATES = original


def test_player_search_without_diacritics(api_client):
    build_round_robin(4, seed=5)
    found = api_client.get("/api/v1/public/players/", {"name": "nguyen van dau thu 5-2"}).json()
    assert [p["name"] for p in found["results"]] == ["Nguyễn Văn Đấu Thủ 5-2"]
    assert found["results"][0]["club"]["name"] == "Câu lạc bộ Cờ Tướng Hoàn Kiếm 5"
    assert Tournament.objects.count() == 1


def test_fast_rendering_equals_the_serializers():
    """#15: standings, crosstable and pairings are written out without DRF serializers;
    the bodies must be exactly what the documented serializers give."""
    from tournaments import public_standings, selectors
    from tournaments.models import Pairing, TeamEntry

    t = build_round_robin(5, certify=False)  # odd: a rest ("absent") board every round
    team = TeamEntry.objects.create(tournament=t, name="Đội Hoàn Kiếm")
    t.entries.filter(starting_number=2).update(team=team, withdrawn_after_round=4)
    rest = Pairing.objects.filter(round__tournament=t, black__isnull=True).first()
    Pairing.objects.filter(pk=rest.pk).update(bye_points="0.5")
    table = selectors.standings(t)
    assert public_standings.standings_data(table) == public_standings.StandingsSerializer(table).data
    people = selectors.with_people(t, selectors.standings(t))  # issue 20: person and club
    assert all(row["person"] and row["club"]["name"] for row in people["rows"])
    assert public_standings.standings_data(people) == public_standings.StandingsSerializer(people).data
    cross = selectors.crosstable(t, 3)
    assert public_standings.standings_data(cross, cross=True) == \
        public_standings.CrosstableSerializer(cross).data
    assert any(row["team"] == "Đội Hoàn Kiếm" and row["withdrawn"] for row in cross["rows"])
    rnd = rest.round
    fast = public_standings.pairings_data(selectors.pairing_rows(rnd))
    assert fast == public_standings.PublicPairingSerializer(selectors.pairings_of(rnd), many=True).data
    assert any(p["bye_points"] == "0.5" and p["black"] is None for p in fast)
