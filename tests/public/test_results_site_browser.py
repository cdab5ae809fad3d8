"""The results site in a real browser (issue 20): Debian's Chromium driven by Playwright.

Opens each kind of page on a live server, replays a xiangqi game to its end on the board
(keys, buttons, the move list), switches the notation and the language, and checks that no
private data reaches the browser. Skips, saying why, when Chromium or Playwright is absent
(``.ci/run`` installs Chromium with apt; ``playwright install`` is never used).
"""

from __future__ import annotations

import os

from tests.browser import BROWSER_MARKS, chromium
from tests.public.conftest import (
    OPENINGS,
    award_title,
    build_knockout,
    build_round_robin,
    build_simultaneous,
    seed_ratings,
)

PRIVATE = ("0912345678", "@example.vn", "2001-02-03", "03/02/2001")

pytestmark = BROWSER_MARKS




def _no_private_data(page, citizen_ids) -> None:
    html = page.content()
    for private in (*PRIVATE, *citizen_ids):
        assert private not in html, (page.url, private)


def _status(page) -> str:
    return page.locator("#board-status").inner_text()


def test_replay_a_xiangqi_game_to_its_end_switch_notation_and_language(live_server):
    t = build_round_robin(4, with_games=True)
    citizen_ids = [e.member.person.citizen_id for e in t.entries.select_related("member__person")]
    moves = OPENINGS["xiangqi"]
    with chromium() as browser:
        _replay_xiangqi(browser.new_page(), live_server.url, t, moves, citizen_ids)


def _replay_xiangqi(page, url, t, moves, citizen_ids) -> None:
    page.goto(url + "/giai-dau/")
    page.get_by_role("link", name=t.name).click()
    assert page.locator("h1").inner_text() == t.name
    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 4
    assert standings.first.locator("a[href^='/ky-thu/']").count() == 1
    _no_private_data(page, citizen_ids)

    page.locator("table.pairings a[href^='/van-co/']").first.click()
    page.wait_for_selector("#board svg")
    assert page.locator("#board").get_attribute("data-ply") == "0"
    assert page.locator("#board .piece").count() == 32
    for ply in range(1, len(moves["vn"]) + 1):  # the keyboard, move by move
        page.keyboard.press("ArrowRight")
        assert _status(page) == f"{ply}/{len(moves['vn'])}: {moves['vn'][ply - 1]}"
    page.keyboard.press("ArrowRight")  # the end: nothing further
    assert page.locator("#board").get_attribute("data-ply") == str(len(moves["vn"]))
    assert page.locator("#movelist a[aria-current]").inner_text() == moves["vn"][-1]
    page.get_by_role("button", name="Về đầu").click()
    assert page.locator("#board").get_attribute("data-ply") == "0"
    page.get_by_role("button", name="Nước sau").click()
    assert _status(page).startswith("1/")
    page.get_by_role("button", name="Đến cuối").click()
    assert page.locator("#board").get_attribute("data-ply") == str(len(moves["vn"]))
    page.locator("#movelist a[data-ply='2']").click()  # touch/click on a move
    assert _status(page) == f"2/{len(moves['vn'])}: {moves['vn'][1]}"
    _no_private_data(page, citizen_ids)

    page.get_by_role("link", name="WXF").click()
    assert page.locator("#movelist a").all_inner_texts() == moves["wxf"]
    page.keyboard.press("End")
    assert _status(page).endswith(moves["wxf"][-1])

    page.locator("#lang-switch").click()
    assert "/en/van-co/" in page.url and "notation=wxf" in page.url
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("button", name="Next move").count() == 1
    page.get_by_role("link", name="Tournaments").click()
    assert page.url.endswith("/en/giai-dau/")
    page.locator("#lang-switch").click()
    assert page.locator("html").get_attribute("lang") == "vi"


def test_each_kind_of_page_opens_without_private_data(live_server):
    t = build_round_robin(4, with_games=True, discipline="chess", seed=31)
    persons = [e.member.person for e in t.entries.select_related("member__person")]
    from ratings.models import RatingList  # a transactional test starts without migrated rows

    RatingList.objects.get_or_create(discipline="chess", time_control_class="standard",
                                     defaults={"name": "Hệ số cờ vua tiêu chuẩn"})
    period = seed_ratings(persons, discipline="chess")
    award_title(persons[0], "national_master", number=9)
    knockout = build_knockout(4, seed=32)
    team_event = build_simultaneous(seed=33)
    citizen_ids = [p.citizen_id for p in persons] + [
        e.member.person.citizen_id for event in (knockout, team_event)
        for e in event.entries.select_related("member__person")]
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
        _every_kind_of_page(page, live_server.url, t, persons, period, knockout, citizen_ids)
        _team_event_pages(page, live_server.url, team_event, citizen_ids)


def _team_event_pages(page, url, team_event, citizen_ids) -> None:
    """A team event's page, its team standings and, through its link, the per-board ranking
    (Điều 30.1.2-30.1.3), whose names open the players' profiles."""
    page.goto(f"{url}/giai-dau/{team_event.pk}/")
    assert page.locator("#teams table.teams tbody tr").count() == 2
    _no_private_data(page, citizen_ids)
    page.locator("#teams").get_by_role("link", name="Xếp hạng theo bàn").click()
    assert page.url.endswith(f"/giai-dau/{team_event.pk}/theo-ban/")
    assert page.locator("h1").inner_text() == "Xếp hạng theo bàn"
    assert page.locator("table.boards").count() == 3
    assert page.locator("table.boards tbody tr").count() == 6
    _no_private_data(page, citizen_ids)
    page.locator("#lang-switch").click()
    assert page.locator("h1").inner_text() == "Standings by board"
    page.locator("table.boards a[href^='/en/ky-thu/']").first.click()
    assert page.locator("h1").inner_text().startswith("Lê Văn Đồng Đội 33-")
    _no_private_data(page, citizen_ids)


def _every_kind_of_page(page, url, t, persons, period, knockout, citizen_ids) -> None:

    page.goto(f"{url}/giai-dau/{t.pk}/")
    page.locator("table.standings a[href^='/ky-thu/']").first.click()
    assert page.locator("h1").inner_text() in {p.full_name for p in persons}
    _no_private_data(page, citizen_ids)

    page.goto(f"{url}/ky-thu/{persons[0].pk}/")
    assert page.locator("figure.chart svg polyline").count() == 1
    assert "Kiện tướng quốc gia" in page.locator("main").inner_text()
    _no_private_data(page, citizen_ids)

    page.goto(f"{url}/giai-dau/{t.pk}/")
    page.locator("table.pairings a[href^='/van-co/']").first.click()
    page.wait_for_selector("#board svg")
    page.get_by_role("button", name="Đến cuối").tap()  # touch
    assert _status(page).endswith(OPENINGS["chess"]["san"][-1])
    assert page.locator("#board text.piece").count() == 32
    page.get_by_role("link", name="Bản in").click()
    assert "Nf3" in page.locator("table.printmoves").inner_text()

    for path, heading in [
            (f"/giai-dau/{t.pk}/bang-cheo/", "Bảng chéo"),
            (f"/he-so/{period.rating_list_id}/", None),
            ("/danh-hieu/", "Danh sách đẳng cấp quốc gia"),
            ("/cau-lac-bo/", "Câu lạc bộ"),
            (f"/giai-dau/{knockout.pk}/", knockout.name)]:
        response = page.goto(url + path)
        assert response.status == 200, path
        if heading:
            assert page.locator("h1").inner_text() == heading, path
        _no_private_data(page, citizen_ids)
    assert page.locator("#bracket .match").count() >= 2
    page.goto(f"{url}/cau-lac-bo/")
    page.locator("table.list a[href^='/cau-lac-bo/']").first.click()
    assert page.locator("h1").count() == 1
    _no_private_data(page, citizen_ids)


def _private_values() -> list[str]:
    """Every private value of every person (Person.PRIVATE_FIELDS), as a page could show it."""
    from federation.models import Person

    values = []
    for person in Person.objects.all():
        for name in Person.PRIVATE_FIELDS:
            value = getattr(person, name)
            if not value:
                continue
            if name == "date_of_birth":
                values += [value.isoformat(), value.strftime("%d/%m/%Y")]
            elif len(str(value)) >= 6:  # a short address ("Hà Nội") is also a province name
                values.append(str(value))
    return [v for v in values if v not in {"Hà Nội", "Việt Nam"}]


def test_the_demo_data_in_a_browser(live_server, monkeypatch):
    """The demo a new user starts with (``load_demo``): every event of the events list, its
    crosstable, a game of each event that has one, every player of its standings, the rating
    lists, the titled players and the clubs open (200) and show no private data."""
    from django.core.management import call_command

    from config.celery import app
    from federation.reference_data import load_reference_data as federation_reference
    from ratings.reference_data import load_reference_data as ratings_reference

    # a transactional test may start from a flushed database: the migrations' reference rows
    federation_reference()
    ratings_reference()
    # as ./scripts/start loads it: its validation jobs run in-process (no worker here)
    monkeypatch.setitem(app.conf, "task_always_eager", True)
    call_command("load_demo", stdout=open(os.devnull, "w"))
    private = _private_values()
    assert private, "the demo has private data to look for"
    with chromium() as browser:
        page = browser.new_page()
        _walk_demo(page, live_server.url, private)


def _walk_demo(page, url, private) -> None:
    def visit(path: str) -> None:
        response = page.goto(path if path.startswith("http") else url + path)
        assert response.status == 200, path
        html = page.content()
        leaked = [value for value in private if value in html]
        assert not leaked, (path, leaked)

    visit("/giai-dau/")
    events = sorted(set(page.locator("main a[href^='/giai-dau/']").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")))
    events = [href for href in events if href.rstrip("/").split("/")[-1].isdigit()]
    assert len(events) >= 3, events  # a certified event per discipline and a running Swiss
    players, games = set(), 0
    for event in events:
        visit(event)
        by_board = page.locator(f"a[href='{event}theo-ban/']").count() > 0
        players |= set(page.locator("table.standings a[href^='/ky-thu/']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"))
        if page.request.get(url + event + "?round=1").status == 404:
            continue  # an event open for registration: no round yet
        visit(event + "?round=1")  # the demo's score sheets are of round 1
        game_links = page.locator("table.pairings a[href^='/van-co/']")
        if game_links.count():
            visit(game_links.first.get_attribute("href"))
            page.wait_for_selector("#board svg")
            page.get_by_role("button", name="Đến cuối").click()
            assert page.locator("#board").get_attribute("data-ply") != "0"
            games += 1
        visit(event + "bang-cheo/")
        if by_board:
            visit(event + "theo-ban/")  # a team event's per-board ranking
    assert games >= 2 and players
    for player in sorted(players):
        visit(player)
    for path in ("/he-so/", "/danh-hieu/", "/cau-lac-bo/"):
        visit(path)
