"""The public results site (issue 20): pages over the public API, its cache, its links.

Pages are rendered from the public API's answers; they are cached under the same scope
stamps (ETag, 304, no query on a hit) and change when a service writes."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_staff
from tests.public.conftest import (
    OPENINGS,
    award_title,
    build_knockout,
    build_round_robin,
    build_simultaneous,
    seed_ratings,
)
from tournaments import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def _persons(t):
    return [e.member.person for e in t.entries.select_related("member__person").order_by(
        "starting_number")]


def _replay(response) -> dict:
    match = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>',
                      response.content.decode(), re.S)
    assert match, "the game page embeds its positions"
    return json.loads(match.group(1))


def test_event_page_shows_standings_linked_to_players_with_their_club(client):
    t = build_round_robin(4, with_games=True)
    page = client.get(f"/giai-dau/{t.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert t.name in text and "Bảng xếp hạng" in text
    standings = client.get(f"/api/v1/public/tournaments/{t.pk}/standings/").json()
    for row in standings["rows"]:
        assert row["person"] is not None and row["club"]["name"].startswith("Câu lạc bộ")
        assert f'href="/ky-thu/{row["person"]}/"' in text, row["name"]
    # the pairings of the last round, each board linked to its public game
    rnd = t.rounds.get(number=t.number_of_rounds)
    assert f"Ván {rnd.number}" in text
    assert text.count('href="/van-co/') == rnd.pairings.filter(kind=Pairing.Kind.GAME).count()
    pairings = client.get(f"/api/v1/public/tournaments/{t.pk}/pairings/",
                          {"round": 1}).json()
    assert all(p["white"]["person"] for p in pairings)
    cross = client.get(f"/giai-dau/{t.pk}/bang-cheo/")
    assert cross.status_code == 200 and "Bảng chéo" in cross.content.decode()


def test_game_page_embeds_every_position_and_switches_notation(client):
    t = build_round_robin(4, with_games=True)
    game = client.get("/api/v1/public/games/", {"tournament": t.pk}).json()["results"][0]
    page = client.get(f"/van-co/{game['id']}/")
    assert page.status_code == 200
    replay = _replay(page)
    detail = client.get(f"/api/v1/public/games/{game['id']}/").json()
    assert replay["discipline"] == "xiangqi"
    assert replay["moves"] == OPENINGS["xiangqi"]["iccs"]
    assert replay["written"] == OPENINGS["xiangqi"]["vn"]  # Điều 11.2a by default
    assert len(replay["boards"]) == len(replay["moves"]) + 1
    assert replay["boards"][0] == detail["start_fen"].split()[0]
    assert replay["boards"][-1] == detail["final_fen"].split()[0]
    wxf = client.get(f"/van-co/{game['id']}/", {"notation": "wxf"})
    assert _replay(wxf)["written"] == OPENINGS["xiangqi"]["wxf"]
    assert "C2=5" in wxf.content.decode()
    bad = client.get(f"/van-co/{game['id']}/", {"notation": "san"})
    assert bad.status_code == 400 and "notation" in bad.content.decode()
    printable = client.get(f"/van-co/{game['id']}/in/")
    assert printable.status_code == 200 and "P2-5" in printable.content.decode()


def test_a_chess_game_replays_too(client):
    t = build_round_robin(4, with_games=True, discipline="chess", seed=8)
    game = client.get("/api/v1/public/games/", {"tournament": t.pk}).json()["results"][0]
    replay = _replay(client.get(f"/van-co/{game['id']}/"))
    assert replay["moves"] == OPENINGS["chess"]["uci"]
    assert replay["written"] == OPENINGS["chess"]["san"]
    assert replay["boards"][1] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"


def _cells(page) -> list[tuple[str, str, str]]:
    """(opponent, colour, mark) of every played cell of a crosstable page."""
    body = page.content.decode().split("<tbody>")[1].split("</tbody>")[0]
    return re.findall(r"<td>(\d+)([^\d<½=+\-]+)([01½=+\-]+)</td>", body)


@pytest.mark.parametrize(
    "discipline,names,english,abbreviations,english_abbreviations,english_labels", [
        ("xiangqi", ("Đỏ", "Đen"), ("Red", "Black"), ("Đỏ", "Đen"), ("R", "B"),
         ("Vietnamese (P2-5)", "Vietnamese in words (Pháo 2 bình 5)", "Asian (P2=5)",
          "Appendix 3 coordinates (Phe2)", "WXF (C2=5)", "ICCS (h2e2)")),
        ("chess", ("Trắng", "Đen"), ("White", "Black"), ("T", "Đ"), ("W", "B"),
         ("SAN (Nf3)", "Vietnamese (Mf3)", "UCI (g1f3)")),
    ])
def test_sides_and_notations_are_the_disciplines(client, discipline, names, english,
                                                 abbreviations, english_abbreviations,
                                                 english_labels):
    """Đỏ/Đen in xiangqi, Trắng/Đen in chess (English Red/Black, White/Black), from
    ``chessrules.values.Discipline``: the crosstable's colour (xiangqi writes the words, both
    initials being Đ; chess T/Đ, W/B with a legend), the game page, its print and the event's
    pairings; never the API's w/b. And the game page's notation switch is the discipline's
    one table of notations and labels (translated), which the public API accepts."""
    from chessrules.values import Discipline
    from games.models import Notation

    t = build_round_robin(4, with_games=True, discipline=discipline, seed=61)
    for prefix, shown, cells in (("", names, abbreviations),
                                 ("/en", english, english_abbreviations)):
        cross = client.get(f"{prefix}/giai-dau/{t.pk}/bang-cheo/")
        assert cross.status_code == 200
        colours = {colour for _opponent, colour, _mark in _cells(cross)}
        assert colours == set(cells), (prefix, colours)
        legend = re.search(r'<p class="legend">(.*?)</p>', cross.content.decode())
        if cells != shown:
            assert legend and legend.group(1) == f"{cells[0]}: {shown[0]} · {cells[1]}: {shown[1]}"
        else:
            assert legend is None
        event = client.get(f"{prefix}/giai-dau/{t.pk}/", {"round": 1}).content.decode()
        headings = re.findall(r'<th scope="col">([^<]*)</th>',
                              event.split('id="pairings"')[1])
        assert headings[2] == shown[0] and headings[4] == shown[1]
        game = client.get("/api/v1/public/games/", {"tournament": t.pk}).json()["results"][0]
        page = client.get(f"{prefix}/van-co/{game['id']}/").content.decode()
        assert f'<small class="colour">({shown[0]})</small>' in page
        assert f'<small class="colour">({shown[1]})</small>' in page
        printed = client.get(f"{prefix}/van-co/{game['id']}/in/").content.decode()
        assert f'<th scope="col">{shown[0]}</th><th scope="col">{shown[1]}</th>' in printed

    # the notation switch is the discipline's one table of notations and labels, the public
    # API shows the game in each of them and refuses the other discipline's
    value = Discipline(discipline)
    switch = re.findall(r'data-notation="([^"]+)"[^>]*>([^<]+)</a>', page)
    assert switch == [(code, label_en) for code, label_en in
                      zip(value.notations, english_labels, strict=True)]
    switch = re.findall(r'data-notation="([^"]+)"[^>]*>([^<]+)</a>',
                        client.get(f"/van-co/{game['id']}/").content.decode())
    assert switch == list(value.notation_labels.items())
    for code in value.notations:
        shown_in = client.get(f"/api/v1/public/games/{game['id']}/", {"notation": code})
        assert shown_in.status_code == 200 and shown_in.json()["notation"] == code
    other = next(code for code in Notation.values
                 if code != "auto" and code not in value.notations)
    refused = client.get(f"/api/v1/public/games/{game['id']}/", {"notation": other})
    assert refused.status_code == 400 and refused.json()["error"]["fields"]["notation"]


def test_the_public_api_documents_the_disciplines_notations(client):
    """The schema's ``?notation=`` values are the disciplines' notations, no other list."""
    from chessrules.values import Discipline

    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path, values in (("/api/v1/public/games/{id}/", "notations"),
                         ("/api/v1/public/games/{id}/pgn/", "export_notations")):
        parameters = schema["paths"][path]["get"]["parameters"]
        enum = next(p["schema"]["enum"] for p in parameters if p["name"] == "notation")
        assert sorted(enum) == sorted({n for d in Discipline for n in getattr(d, values)})


def test_player_page_club_titles_ratings_chart_and_events(client):
    staff = make_staff()
    t = build_round_robin(4, seed=21, staff=staff)
    persons = _persons(t)
    seed_ratings(persons, staff=staff, month=1, base=1800)
    seed_ratings(persons, staff=staff, month=2, base=1900)
    award_title(persons[0], "national_master", number=17)
    text = client.get(f"/ky-thu/{persons[0].pk}/").content.decode()
    assert persons[0].full_name in text
    assert "Câu lạc bộ Cờ Tướng Hoàn Kiếm 21" in text
    assert "Kiện tướng quốc gia" in text and "17/2026/QĐ-LĐC" in text
    assert "<polyline" in text and "<svg" in text  # rating history chart, inline SVG
    dots = re.findall(r'<circle cx="([^"]+)" cy="([^"]+)"', text)
    assert len(dots) == 2 and all(re.fullmatch(r"\d+\.\d", v) for dot in dots for v in dot)
    assert float(dots[0][1]) > float(dots[1][1])  # 1810 then 1910: the line goes up
    assert f'href="/giai-dau/{t.pk}/#standings"' in text  # events played, rank and points
    standings = client.get(f"/api/v1/public/tournaments/{t.pk}/standings/").json()
    mine = next(row for row in standings["rows"] if row["person"] == persons[0].pk)
    from results_site.tables import points
    assert (f"<td>{mine['rank']}</td><td class=\"num\">{points(mine['points'])}</td>"
            in text.replace("\n", ""))


def test_lists_ratings_titles_clubs_and_the_csv(client):
    t = build_round_robin(4, seed=22)
    persons = _persons(t)
    period = seed_ratings(persons)
    award_title(persons[1], "first_category", number=3)
    rating_list = period.rating_list_id
    for url in ("/", "/giai-dau/", "/he-so/", f"/he-so/{rating_list}/", "/danh-hieu/",
                "/cau-lac-bo/"):
        assert client.get(url).status_code == 200, url
    listed = client.get("/giai-dau/", {"discipline": "xiangqi", "name": "Hà Nội mở rộng"})
    assert t.name in listed.content.decode()
    assert t.name not in client.get("/giai-dau/", {"discipline": "chess"}).content.decode()
    assert "Cấp I quốc gia" in client.get("/danh-hieu/").content.decode()
    csv = client.get(f"/he-so/{rating_list}/csv/")
    assert csv["Content-Type"].startswith("text/csv")
    lines = csv.content.decode("utf-8-sig").strip().splitlines()
    assert csv.content.startswith(b"\xef\xbb\xbf")
    assert lines[0].startswith("Hạng,Mã đấu thủ,Họ tên") and len(lines) == 1 + len(persons)
    club = client.get("/api/v1/public/clubs/").json()["results"][0]
    assert persons[0].full_name in client.get(f"/cau-lac-bo/{club['id']}/").content.decode()
    knockout = build_knockout(4)
    assert "Sơ đồ loại trực tiếp" in client.get(f"/giai-dau/{knockout.pk}/").content.decode()


def test_english_under_en_and_bad_parameters_are_clear(client):
    t = build_round_robin(4, seed=23)
    english = client.get(f"/en/giai-dau/{t.pk}/")
    text = english.content.decode()
    assert english.status_code == 200 and '<html lang="en">' in text
    assert "Standings" in text and 'href="/giai-dau/' in text  # the switch back
    assert f'href="/en/giai-dau/{t.pk}/bang-cheo/"' in text  # links stay in English
    assert client.get("/giai-dau/999999/").status_code == 404
    bad = client.get("/giai-dau/", {"date_from": "hôm qua"})
    assert bad.status_code == 400 and "date_from" in bad.content.decode()


def test_pages_are_cached_like_the_api_and_change_with_a_result(client):
    staff = make_staff()
    t = build_round_robin(4, seed=24, staff=staff, certify=False)
    url = f"/giai-dau/{t.pk}/"
    first = client.get(url)
    assert first["ETag"] and first["Cache-Control"] == "public, max-age=30"
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert len(queries) == 0 and again.content == first.content
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    # a correction through the service touches the event: the page is rebuilt once
    pairing = Pairing.objects.filter(round__tournament=t, round__number=t.number_of_rounds,
                                     kind=Pairing.Kind.GAME).order_by("board").first()
    new = "0-1" if pairing.result == "1-0" else "1-0"
    services.record_results(pairing.round, [{"pairing": pairing.pk, "result": new,
                                             "version": pairing.version}], user=staff)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert changed.content != first.content


def test_tables_written_in_python_escape_names_and_link_players():
    """The large tables are written without the template language: names are escaped as a
    template would, and players link to their profile in the page's language."""
    from django.utils import translation

    from results_site import tables

    row = {"rank": 1, "starting_number": 7, "name": "<b>Lê</b> & Co", "person": 42,
           "club": {"id": 3, "name": "CLB <i>"}, "rating": 2100, "title": "", "team": None,
           "withdrawn": False, "points": 2.5, "tiebreaks": {"BH": 10.5},
           "rounds": [{"round": 1, "opponent": 3, "color": "w", "mark": "1"}]}
    table = {"after_round": 1, "tiebreaks": ["BH"], "rows": [row]}
    html = tables.standings_rows(table)
    assert "&lt;b&gt;Lê&lt;/b&gt; &amp; Co" in html and "<b>" not in html
    assert 'href="/ky-thu/42/"' in html and "CLB &lt;i&gt;" in html
    assert "<td class=\"num\">2½</td>" in html and "10,5" in html
    assert "3T1" in tables.crosstable_rows(table, "chess")
    # cells written once per kind: the same cell in two rows, and a value escaped in each
    second = {**row, "starting_number": 3, "person": None, "name": "Trần",
              "rounds": [{"round": 1, "opponent": 7, "color": "b", "mark": "<0>"},
                         {"round": 2, "opponent": 3, "color": "w", "mark": "1"}]}
    cross = tables.crosstable_rows({**table, "rows": [row, second]}, "chess")
    assert cross.count('<td>3T1</td>') == 2
    assert '<td>7Đ&lt;0&gt;</td>' in cross and "<0>" not in cross
    assert "<td>Trần</td>" in cross
    side = {"number": 7, "name": "<b>Lê</b>", "rating": 2100, "title": "", "person": 42}
    pairing = {"board": 1, "kind": "game", "white": side, "black": None, "result": "",
               "bye_points": "1.0", "game": None}
    with translation.override("en"):
        html = tables.pairings_rows([pairing])
        assert 'href="/en/ky-thu/42/"' in html and "&lt;b&gt;" in html
        assert "10.5" in tables.standings_rows(table)


def test_a_team_event_page_shows_the_team_standings(client):
    t = build_simultaneous()
    api = client.get(f"/api/v1/public/tournaments/{t.pk}/team-standings/").json()
    text = client.get(f"/giai-dau/{t.pk}/").content.decode()
    assert "Xếp hạng đồng đội" in text and api["rows"]
    for row in api["rows"]:
        assert f"<td>{row['name']}</td>" in text


def test_a_team_event_has_a_board_standings_page_linked_from_its_event_page(client):
    """Điều 30.1.2-30.1.3: each board's individual ranking (minimum of games, 002 Điều 2.3)
    as the public API answers it, the players linked to their profiles; cached like every
    page; in English under /en/."""
    t = build_simultaneous(seed=41)
    event = client.get(f"/giai-dau/{t.pk}/").content.decode()
    assert f'href="/giai-dau/{t.pk}/theo-ban/"' in event
    assert f'href="/giai-dau/{t.pk}/pdf/board_standings/"' in event
    api = client.get(f"/api/v1/public/tournaments/{t.pk}/board-standings/").json()
    people = {row["starting_number"]: row["person"] for row in client.get(
        f"/api/v1/public/tournaments/{t.pk}/standings/").json()["rows"]}
    url = f"/giai-dau/{t.pk}/theo-ban/"
    first = client.get(url)
    text = first.content.decode()
    assert first.status_code == 200 and "Xếp hạng theo bàn" in text
    assert len(api["boards"]) == 3 and f"cần ít nhất {api['min_games']} ván" in text
    for board in api["boards"]:
        assert f"Bàn {board['board']}</h2>" in text
        for row in board["rows"]:
            assert row["games"] == 1 and people[row["starting_number"]]
            assert f'href="/ky-thu/{people[row["starting_number"]]}/">{row["name"]}</a>' \
                in text
    assert first["ETag"] and first["Cache-Control"] == "public, max-age=30"
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert len(queries) == 0 and again.content == first.content
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    english = client.get("/en" + url).content.decode()
    assert "Standings by board" in english and "Board 1" in english
    assert 'href="/en/ky-thu/' in english
    # an individual event has no board ranking: the API's 400, said on the page
    solo = build_round_robin(4, seed=42)
    refused = client.get(f"/giai-dau/{solo.pk}/theo-ban/")
    assert refused.status_code == 400 and "đồng đội" in refused.content.decode()
    assert "theo-ban" not in client.get(f"/giai-dau/{solo.pk}/").content.decode()


def test_the_club_shown_for_a_player_is_the_same_on_the_site_and_in_the_pdfs(client):
    """One rule (``federation.selectors.shown_club_memberships``): the club of the person's
    active membership. A player who entered under a membership since ended (its club stint
    left open, as an imported record may be) and who is now an active member of another club
    is shown with the new club on his profile, in the public standings and crosstable rows,
    on the event page and in the event's standings and crosstable PDFs."""
    from datetime import date

    from core.caching import touch_everything
    from federation.models import Member
    from tests.factories import make_club, make_member
    from tournaments.documents import standings_data

    t = build_round_robin(4, seed=52)
    entry = t.entries.select_related("member__person").order_by("starting_number").first()
    person, old = entry.member.person, entry.member
    old_club = old.club_memberships.get().club
    Member.objects.filter(pk=old.pk).update(status=Member.Status.LAPSED,
                                            ended_on=date(2026, 6, 30))
    new_club = make_club(name="Câu lạc bộ Cờ Tướng Mới")
    make_member(person, new_club, joined_on=date(2026, 7, 1), card_number="01-2026-N0001")
    touch_everything()  # written directly, not through a service

    profile = client.get(f"/api/v1/public/players/{person.pk}/").json()
    assert profile["club"] == {"id": new_club.pk, "name": new_club.name}
    for view in ("standings", "crosstable"):
        rows = client.get(f"/api/v1/public/tournaments/{t.pk}/{view}/").json()["rows"]
        mine = next(r for r in rows if r["person"] == person.pk)
        assert mine["club"] == profile["club"], view
        others = [r["club"]["name"] for r in rows if r["person"] != person.pk]
        assert others == [old_club.name] * 3  # one membership each: their club
    page = client.get(f"/giai-dau/{t.pk}/").content.decode()
    assert f"<td>{new_club.name}</td>" in page
    for kind in ("standings", "crosstable"):
        units = {row["number"]: row["unit"]
                 for row in standings_data(f"tournament:{t.pk}", kind)["rows"]}
        assert units[entry.starting_number] == new_club.name, kind
        assert sorted(set(units.values())) == sorted({new_club.name, old_club.name})


def test_the_event_page_shows_the_time_control_in_words(client):
    """The time control as words (the API's time_control_text, Điều 10), never the stored
    structure."""
    t = build_round_robin(4, seed=53)
    detail = client.get(f"/api/v1/public/tournaments/{t.pk}/").json()
    text = client.get(f"/giai-dau/{t.pk}/").content.decode()
    assert detail["time_control_text"] and detail["time_control_text"] in text
    assert "periods" not in text and "{&#x27;" not in text


def test_points_read_as_on_a_score_sheet_also_from_the_api_decimal_strings():
    """The rating history's period scores come as decimal strings ("4.5"): shown as the
    other points of the site (4½), not with a decimal point in a Vietnamese page."""
    from results_site.templatetags.site_tags import score

    assert [score(v) for v in ("4.5", "0.0", "0.5", 3.0, 2.5, None, "")] == \
        ["4½", "0", "½", "3", "2½", "", ""]


def test_both_languages_read_one_cached_api_answer_of_the_tables(client, monkeypatch):
    """Standings, crosstable, pairings, team and board tables have no word in a language:
    the English page reads the body the Vietnamese one had the API build (one build after a
    result, not one per language); a refusal still speaks the page's language."""
    from results_site.api import LANGUAGE_NEUTRAL
    from tournaments import selectors

    t, team = build_round_robin(4, seed=54), build_simultaneous(seed=55)
    for event, actions in ((t, ("standings", "crosstable")),
                           (team, ("standings", "crosstable", "team-standings",
                                   "board-standings"))):
        for action in (*actions, "pairings/?round=1", "entries/"):
            url = f"/api/v1/public/tournaments/{event.pk}/{action}"
            assert client.get(url, HTTP_ACCEPT_LANGUAGE="vi").content == \
                client.get(url, HTTP_ACCEPT_LANGUAGE="en").content, url
    assert {action for _resource, action in LANGUAGE_NEUTRAL} == {
        "standings", "crosstable", "pairings", "team_standings", "board_standings", "entries"}

    built = []
    crosstable = selectors.crosstable
    monkeypatch.setattr(selectors, "crosstable",
                        lambda *args: built.append(args) or crosstable(*args))
    assert client.get(f"/giai-dau/{t.pk}/bang-cheo/").status_code == 200
    english = client.get(f"/en/giai-dau/{t.pk}/bang-cheo/")
    assert english.status_code == 200 and '<html lang="en">' in english.content.decode()
    assert len(built) == 1  # the English page read the Vietnamese build's body
    solo = client.get(f"/en/giai-dau/{t.pk}/theo-ban/")
    assert solo.status_code == 400 and "Not a team event" in solo.content.decode()


def test_before_the_draw_the_event_page_lists_the_entries(client):
    """Before the first round is paired the standings are empty: the page lists who entered
    (the public ``entries``: name, title and rating at registration, club, profile link),
    strongest first, withdrawn entries left out; once paired, the standings show them."""
    from datetime import date

    from tests.factories import make_body, make_club, make_member, make_person, make_staff

    staff, body = make_staff(), make_body()
    club = make_club(body, name="Câu lạc bộ Cờ Tướng Đăng Ký")
    t = services.create_tournament(
        user=staff, name="Giải Cờ Tướng đang đăng ký", discipline="xiangqi",
        system="round_robin", start_date=date(2026, 12, 1), end_date=date(2026, 12, 9),
        organiser_body=body)
    services.open_registration(t, user=staff)
    members = [make_member(make_person(full_name=f"Đấu Thủ Đăng Ký {i}",
                                       date_of_birth=date(2001, 2, 3), phone="0912345678"),
                           club) for i in range(4)]
    entries = [services.register_entry(t, m, user=staff, rating=1800 + 100 * i)
               for i, m in enumerate(members)]
    services.withdraw_entry(entries[0], user=staff)  # before the draw: not entered
    api = client.get(f"/api/v1/public/tournaments/{t.pk}/entries/").json()["entries"]
    assert [e["name"] for e in api] == [f"Đấu Thủ Đăng Ký {i}" for i in (3, 2, 1)]
    assert api[0] == {"name": "Đấu Thủ Đăng Ký 3", "title": "", "rating": 2100,
                      "starting_number": None, "team": None,
                      "person": members[3].person_id,
                      "club": {"id": club.pk, "name": club.name}}
    text = client.get(f"/giai-dau/{t.pk}/").content.decode()
    assert 'id="entries"' in text and "Danh sách đấu thủ" in text
    assert f'<a href="/ky-thu/{members[3].person_id}/">Đấu Thủ Đăng Ký 3</a>' in text
    assert "Đấu Thủ Đăng Ký 0" not in text and "0912345678" not in text
    assert "2001" not in text
    assert "Players" in client.get(f"/en/giai-dau/{t.pk}/").content.decode()
    paired = build_round_robin(4, seed=56)
    assert 'id="entries"' not in client.get(f"/giai-dau/{paired.pk}/").content.decode()


def test_a_game_ending_is_named_in_the_page_language():
    from django.utils import translation

    from results_site.templatetags.site_tags import reason

    assert reason("agreed_draw") == "Hai bên thỏa thuận hòa"  # chessrules.validation
    with translation.override("en"):
        assert reason("agreed_draw") == "Draw by agreement"
    assert reason("") == ""


def test_a_new_look_of_the_pages_is_never_answered_from_an_older_cached_body(tmp_path):
    """The pages' scopes include a digest of their templates, static files, code and
    translations: a deployment that changes any of them gives every page a new ETag."""
    from results_site.views import PAGES, pages_version

    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "event.html"
    page.write_text("<h1>{{ t.name }}</h1>")
    before = pages_version(tmp_path)
    assert pages_version(tmp_path) == before  # stable while nothing changes
    page.write_text("<h1 class='new'>{{ t.name }}</h1>")
    assert pages_version(tmp_path) != before
    (tmp_path / "notes.txt").write_text("not part of a page")
    assert pages_version(tmp_path) == pages_version(tmp_path)
    assert PAGES.startswith("site-pages:") and len(PAGES) == len("site-pages:") + 12
