"""Tracking cards (Điều 29.1), standings and crosstables (Điều 21.3, 21.4, 29.5) and the
pairings list of a round, rendered by the worker job through the API.

Expected values are worked out by hand from the games each test writes.
"""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from django.contrib.auth.models import AnonymousUser

from documents import selectors
from documents.render import render_pdf
from tests.documents.documents_support import (
    assert_embedded_font_only,
    download,
    pdf_pages,
    request,
)
from tests.factories import make_staff, make_user
from tests.factories.tournaments import (
    add_entries,
    circle_rounds,
    make_official,
    make_tournament,
    play,
    player_name,
)
from tests.helpers import assert_error, client_for
from tournaments import documents as tournament_documents
from tournaments import documents_cards, documents_pairings
from tournaments.models import Entry, Pairing, Round, Tournament

# --- tracking cards ------------------------------------------------------------------------------


def _swiss_by_draw(players: int = 20, rounds_played: int = 3):
    """A Swiss by draw of 7 rounds, ``rounds_played`` written. Player 1 (index 0) meets
    #20 (White, wins), #19 (Black, draw), #18 (White, loses) in the circle schedule."""
    tournament = make_tournament(system="swiss_draw", number_of_rounds=7)
    arbiter = make_official(tournament, role="chief", name="Đỗ Văn Trọng")
    entries = add_entries(tournament, players, titles={1: "KT", 20: "KT", 18: "C.1"})
    fixed = {(1, 1): "1-0", (2, 1): "0-1", (3, 1): "0-1"}  # board 1 of round 2: #19 - #1
    fixed[(2, 1)] = "1/2-1/2"
    play(tournament, entries, circle_rounds(players, rounds_played), results=fixed)
    return tournament, arbiter, entries


def test_tracking_cards_one_per_player_as_in_dieu_29_1(job_worker):
    tournament, arbiter, entries = _swiss_by_draw()
    Round.objects.filter(tournament=tournament, number=2).update(
        draw={"subgroups": {"1": 3}, "floats": {"1": "↓"}})
    client = client_for(arbiter)
    content = download(client, request(client, "tracking_card", f"tournament:{tournament.pk}"),
                       job_worker)
    pages = pdf_pages(content)
    text = " ".join(pages)
    assert text.count("THẺ THEO DÕI THI ĐẤU") == 20
    assert all(f"Tên đấu thủ: {player_name(i)}" in text for i in range(20))
    assert ("Vòng đấu Tên đối thủ Đẳng cấp Số Màu quân Kết quả Nhóm Tổng số điểm Ghi chú"
            in text)
    card = text[text.index(f"Tên đấu thủ: {player_name(0)}"):
                text.index(f"Tên đấu thủ: {player_name(1)}")]
    assert "Đẳng cấp: KT Số: 1" in card
    assert f"1 {player_name(19)} KT 20 T 1 1" in card  # round 1: no sub-groups yet
    assert f"2 {player_name(18)} 19 Đ 0,5 III↓ 1,5" in card  # as the pairing job stored
    assert f"3 {player_name(17)} C.1 18 T 0 1,5" in card
    assert re.search(r"T 0 1,5 4 5 6 7 T = Trắng", card), card  # rounds 4-7 left blank
    assert 4 <= len(pages) <= 20  # 20 cards of 7 rows: 2-5 on an A4 page, never split
    assert_embedded_font_only(content)


@pytest.mark.django_db
def test_one_players_tracking_card_and_who_may_see_it():
    tournament, arbiter, entries = _swiss_by_draw(rounds_played=1)
    target = f"entry:{entries[0].pk}"
    data = documents_cards.tracking_cards_data(target)
    [card] = data["cards"]
    assert card["number"] == 1 and len(card["rows"]) == 7
    assert card["rows"][0]["color"] == "T" and card["rows"][0]["total"] == "1"
    assert selectors.can_view(arbiter, "tracking_card", target)
    assert selectors.can_view(arbiter, "tracking_card", f"tournament:{tournament.pk}")
    assert not selectors.can_view(make_user(), "tracking_card", target)
    assert not selectors.can_view(AnonymousUser(), "tracking_card", target)
    assert_error(request(client_for(make_user()), "tracking_card", target), 404)


@pytest.mark.django_db
def test_tracking_card_prints_every_round_row_in_its_ruled_column():
    """Issue 15: the card prints each row as one line at tab stops over one ruled
    background, and is still the form of Điều 29.1: a row for every round of the event
    (played rounds filled, the rounds not drawn yet blank for the arbiter's hand), each
    value under its column's heading — also on a card whose opponent has a long name
    (the card's text is set smaller so that it stays in its column)."""
    tournament, arbiter, entries = _swiss_by_draw(rounds_played=3)
    Entry.objects.filter(pk=entries[19].pk).update(
        name="Nguyễn Hoàng Thị Phương Thảo Nguyên")  # player 1's round 1 opponent
    data = documents_cards.tracking_cards_data(f"entry:{entries[0].pk}")
    [card] = data["cards"]
    assert float(card["font_px"]) < 12  # the long name fits its column at a smaller size
    content, _pages = render_pdf("documents/tracking_cards.html", data)
    text = " ".join(pdf_pages(content))
    assert "Nguyễn Hoàng Thị Phương Thảo Nguyên" in text  # not cut
    assert f"2 {player_name(18)} 19 Đ" in text and f"3 {player_name(17)} C.1 18 T 0 1,5" in text
    assert re.search(r"T 0 1,5 4 5 6 7 T = Trắng", text), text  # rounds 4-7: blank rows

    with pdfplumber.open(io.BytesIO(content)) as pdf:
        words = pdf.pages[0].extract_words(x_tolerance=1)
        [grid] = _grids(pdf.pages[0])
    lines: dict[int, list[dict]] = {}
    for w in words:
        lines.setdefault(round(w["top"]), []).append(w)
    heading = next(ws for ws in lines.values() if ws[0]["text"] == "Vòng")
    centres, name_x, i = [], 0.0, 0
    for title in documents_cards.CARD_COLUMNS:  # each heading centred in its column
        n = len(title.split())
        phrase = heading[i:i + n]
        assert " ".join(w["text"] for w in phrase) == title
        centres.append((phrase[0]["x0"] + phrase[-1]["x1"]) / 2)
        name_x = phrase[0]["x0"] if title == "Tên đối thủ" else name_x
        i += n
    # the ruled grid (the page's background) under them: each heading in the middle of its
    # ruled column, the names' heading 3 px (2.25 pt) inside its rule, the headings' line
    # between the grid's first two rules
    rules, pad = grid["xs"], 3 * 0.75
    assert len(rules) == len(documents_cards.CARD_COLUMNS) + 1
    for column, centre in enumerate(centres):
        if column != 1:
            assert abs(centre - (rules[column] + rules[column + 1]) / 2) < 1, (column, rules)
    assert abs(name_x - (rules[1] + pad)) < 0.6
    assert grid["ys"][0] < heading[0]["top"] < heading[0]["bottom"] < grid["ys"][1]
    rows = sorted((top, ws) for top, ws in lines.items() if top > heading[0]["top"] + 1
                  and ws[0]["text"].isdigit() and ws[0]["x1"] < centres[1])
    assert [ws[0]["text"] for _top, ws in rows] == ["1", "2", "3", "4", "5", "6", "7"]
    for (_top, ws), upper, lower in zip(rows, grid["ys"][1:], grid["ys"][2:], strict=False):
        assert all(upper < w["top"] < w["bottom"] < lower for w in ws), (upper, lower, ws)
    keys = ("round", "opponent_title", "opponent_number", "color", "result", "group", "total")
    columns = (0, 2, 3, 4, 5, 6, 7)
    for (_top, ws), row in zip(rows, card["rows"], strict=False):
        # the opponent's name at the left of its column, every other value in the middle of
        # its own: the sheet stays a grid the arbiter reads down
        if row["opponent_name"]:
            assert any(w["text"] == row["opponent_name"].split()[0]
                       and abs(w["x0"] - name_x) < 0.6 for w in ws), ws
        for key, column in zip(keys, columns, strict=True):
            if row[key] != "":
                assert any(w["text"] == str(row[key])
                           and abs((w["x0"] + w["x1"]) / 2 - centres[column]) < 1 for w in ws), (
                    key, row, ws)
    assert all(len(ws) == 1 for _top, ws in rows[3:])  # blank rows: the round number only


def _grids(page) -> list[dict]:
    """The ruled grids drawn on a PDF page: the x of their vertical rules and the y of
    their horizontal ones (pdfplumber's lines; a card's border is drawn as rectangles)."""
    grids: dict[tuple, dict] = {}
    for line in page.lines:
        if abs(line["x0"] - line["x1"]) < 0.01:  # vertical: one per column rule
            grids.setdefault((round(line["top"], 1), round(line["bottom"], 1)),
                             {"xs": [], "ys": []})["xs"].append(line["x0"])
    for line in page.lines:
        if abs(line["top"] - line["bottom"]) < 0.01:
            for (top, bottom), grid in grids.items():
                if top - 0.1 <= line["top"] <= bottom + 0.1:
                    grid["ys"].append(line["top"])
    return [{"top": top, "bottom": bottom, "xs": sorted(g["xs"]), "ys": sorted(g["ys"])}
            for (top, bottom), g in sorted(grids.items())]


def assert_a_grid_in_every_card(content: bytes, rows: int) -> None:
    """Every card of every page has its ruled grid (columns and ``rows`` rows, headings
    included) inside its border, and there is no grid without a card (issue 15: the grids
    of a page are one background image, not one per card)."""
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        for page in pdf.pages:
            cards = page.search("THẺ THEO DÕI THI ĐẤU")
            borders = [r for r in page.rects if r["width"] > 400]  # outer and inner edges
            grids = _grids(page)
            assert len(grids) == len(cards) and len(borders) == 2 * len(cards), page
            for grid, card in zip(grids, cards, strict=True):
                assert len(grid["xs"]) == len(documents_cards.CARD_COLUMNS) + 1
                assert len(grid["ys"]) == rows + 1
                assert card["bottom"] < grid["top"]  # below its card's title
                assert any(r["x0"] < grid["xs"][0] < grid["xs"][-1] < r["x1"]
                           and r["top"] < card["top"] < grid["bottom"] < r["bottom"]
                           for r in borders), (grid, card)


@pytest.mark.django_db
def test_tracking_cards_kept_in_parts_and_a_result_renders_its_two_cards_again(monkeypatch):
    """Issue 15: a tournament's cards are rendered in parts of whole pages, kept under a
    digest of what they print; the merged PDF is the document rendered at once (same
    pages, cards and page numbers). Nothing changed: nothing is rendered. A result
    entered: the parts holding the two players' cards are rendered again and print it
    (Điều 29.1: the arbiter writes the result on both cards)."""
    from django.core.cache import cache

    from documents import builders, render
    from tournaments.services.results import record_result

    tournament, arbiter, entries = _swiss_by_draw(rounds_played=3)  # 20 cards, 4 a page
    target = f"tournament:{tournament.pk}"
    monkeypatch.setattr(documents_cards, "CARD_PART_PAGES", 1)
    built = builders.build("tracking_card", target)
    parts = built.split(built.context)
    assert [len(p["cards"]) for p in parts] == [4] * 5
    cache.delete_many([render.part_key(render.render_html(built.template, p)) for p in parts])
    whole, whole_pages = render.render_pdf(built.template, built.context)
    merged, pages = built.render()  # cold: every part, half of them in a forked child
    assert pages == whole_pages == 5
    assert pdf_pages(merged) == pdf_pages(whole)
    assert [page[-3:] for page in pdf_pages(merged)] == ["1/5", "2/5", "3/5", "4/5", "5/5"]
    assert_a_grid_in_every_card(merged, rows=8)  # the headings and 7 rounds

    rendered: list[str] = []
    real = render.html_to_pdf
    monkeypatch.setattr(render, "PARALLEL_PARTS", 99)  # count every render, in this process
    monkeypatch.setattr(render, "html_to_pdf", lambda html: rendered.append(html) or real(html))
    again, _pages = builders.build("tracking_card", target).render()
    assert rendered == [] and pdf_pages(again) == pdf_pages(whole)

    board = Pairing.objects.get(round__tournament=tournament, round__number=1, board=1)
    record_result(board, "0-1", user=None, expected_version=None)  # #1 - #20 was 1-0
    after, _pages = builders.build("tracking_card", target).render()
    assert len(rendered) == 2  # page 1 (card of #1) and page 5 (card of #20)
    text = pdf_pages(after)
    assert f"1 {player_name(19)} KT 20 T 0 0 2 {player_name(18)} 19 Đ 0,5 0,5" in text[0]
    assert f"1 {player_name(0)} KT 1 Đ 1 1" in text[4]
    assert text[1:4] == pdf_pages(whole)[1:4]


def test_document_job_renders_a_long_card_set_in_parts(job_worker):
    """Issue 15: 44 players, 4 cards a page: two parts (10 pages and 1), rendered by the
    document job in the Celery worker, the second part in a forked child, then merged."""
    from django.core.cache import cache

    from documents import builders
    from documents.render import part_key, render_html

    tournament = make_tournament(system="swiss_draw", number_of_rounds=7)
    arbiter = make_official(tournament, role="chief", name="Đỗ Văn Trọng")
    entries = add_entries(tournament, 44)
    play(tournament, entries, circle_rounds(44, 2))
    target = f"tournament:{tournament.pk}"
    built = builders.build("tracking_card", target)
    parts = built.split(built.context)
    assert [len(p["cards"]) for p in parts] == [40, 4]
    cache.delete_many([part_key(render_html(built.template, p)) for p in parts])
    client = client_for(arbiter)
    content = download(client, request(client, "tracking_card", target), job_worker)
    pages = pdf_pages(content)
    assert len(pages) == 11 and pages[10].endswith("11/11") and pages[9].endswith("10/11")
    assert " ".join(pages).count("THẺ THEO DÕI THI ĐẤU") == 44
    assert f"Tên đấu thủ: {player_name(43)}" in pages[10]
    assert_a_grid_in_every_card(content, rows=8)  # 4 cards on the last page: 4 grids


# --- standings and crosstable -----------------------------------------------------------------------

#: A 4-player round robin: 1-4 1-0, 2-3 ½ | 4-3 0-1, 1-2 ½ | 2-4 1-0, 3-1 0-1.
#: Points 2½, 2, 1½, 0. Sonneborn-Berger: #1 0 + ½·2 + 1½ = 2½; #2 ½·1½ + ½·2½ + 0 = 2;
#: #3 ½·2 + 0 = 1; #4 0. Wins 2, 1, 1, 0; wins with Black: #1 (round 3), #3 (round 2).
#: The default order of Điều 21.3 ends with lots (LOT), one number per player.
RR_SCHEDULE = [[(0, 3), (1, 2)], [(3, 2), (0, 1)], [(1, 3), (2, 0)]]
RR_RESULTS = {(1, 1): "1-0", (1, 2): "1/2-1/2", (2, 1): "0-1", (2, 2): "1/2-1/2",
              (3, 1): "1-0", (3, 2): "0-1"}


def _round_robin(status=Tournament.Status.RUNNING):
    tournament = make_tournament(system="round_robin", status=status,
                                 name="Giải Cờ Tướng Hà Nội — bảng A")
    entries = add_entries(tournament, 4, with_members=True)
    play(tournament, entries, RR_SCHEDULE, results=RR_RESULTS)
    return tournament, entries


def test_standings_with_tiebreak_columns_are_public(job_worker, api_client):
    tournament, entries = _round_robin()
    content = download(api_client, request(api_client, "standings",
                                           f"tournament:{tournament.pk}"), job_worker)
    [text] = pdf_pages(content)
    assert "BẢNG XẾP HẠNG SAU VÒNG 3" in text
    assert "Hạng Số Họ và tên Đẳng cấp Hệ số Đơn vị Điểm DE SB WON BWG LOT" in text
    club = entries[0].member.club_memberships.get().club.name
    expected = [(1, "2,5", "2,5", 2, 1), (2, "2", "2", 1, 0), (3, "1,5", "1", 1, 1),
                (4, "0", "0", 0, 0)]
    for rank, (number, points, sb, wins, black_wins) in enumerate(expected, 1):
        name = player_name(number - 1)
        club = entries[number - 1].member.club_memberships.get().club.name
        row = rf"{rank} {number} {re.escape(name)} {2401 - number} {re.escape(club)} " \
              rf"{points} \S+ {sb} {wins} {black_wins} [1-4]"
        assert re.search(row, text), (row, text)
    assert "SB — Hệ số Bécgơ (Sonneborn-Berger)" in text
    assert_embedded_font_only(content)


def test_round_robin_crosstable_is_the_player_by_player_table(job_worker, api_client):
    tournament, entries = _round_robin()
    content = download(api_client, request(api_client, "crosstable",
                                           f"tournament:{tournament.pk}"), job_worker)
    [text] = pdf_pages(content)
    assert "BẢNG KẾT QUẢ THI ĐẤU SAU VÒNG 3" in text
    assert re.search(r"Số Họ và tên ĐC Hệ số Đơn vị 1 2 3 4 Điểm DE SB WON BWG LOT Hạng", text)
    rows = {1: "× ½ 1 1 2,5", 2: "½ × ½ 1 2", 3: "0 ½ × 1 1,5", 4: "0 0 0 × 0"}
    for number, cells in rows.items():
        assert re.search(rf"{re.escape(player_name(number - 1))} \d+ .*?{cells} ", text), number
    assert_embedded_font_only(content)


@pytest.mark.django_db
def test_standings_of_a_draft_are_not_public(api_client):
    tournament, _entries = _round_robin(status=Tournament.Status.DRAFT)
    for kind in ("standings", "crosstable"):
        assert_error(request(api_client, kind, f"tournament:{tournament.pk}"), 404)
        assert not selectors.can_view(AnonymousUser(), kind, f"tournament:{tournament.pk}")
        assert selectors.can_view(make_staff(), kind, f"tournament:{tournament.pk}")
    assert_error(request(client_for(make_staff()), "standings",
                         f"tournament:{tournament.pk}:round:9"), 400, code="not_found")


def test_standings_after_an_earlier_round(db):
    tournament, _entries = _round_robin()
    data = tournament_documents.standings_data(f"tournament:{tournament.pk}:round:1")
    rows = [(r["number"], r["points"]) for r in data["rows"]]
    assert data["after_round"] == 1  # 1-4 1-0, 2-3 ½-½
    assert rows[0] == (1, "1") and rows[3] == (4, "0")
    assert sorted(rows[1:3]) == [(2, "0,5"), (3, "0,5")]


LARGE = 500
LARGE_ROUNDS = 9


@pytest.mark.slow
def test_crosstable_of_500_players_repeats_its_header_on_every_page(job_worker, api_client):
    """500 rows of a 9-round Swiss on landscape A4: a row is at least ~3 mm (7.5 pt type) and
    at most ~7 mm, the body about 180 mm high, so 25-60 rows a page: 9 to 20 pages."""
    tournament = make_tournament(system="dutch", number_of_rounds=LARGE_ROUNDS,
                                 discipline="chess", name="Giải Cờ Vua Mở rộng Đồng Nai")
    entries = add_entries(tournament, LARGE)
    play(tournament, entries, circle_rounds(LARGE, LARGE_ROUNDS))
    content = download(api_client, request(api_client, "crosstable",
                                           f"tournament:{tournament.pk}"), job_worker)
    pages = pdf_pages(content)
    assert 9 <= len(pages) <= 20, len(pages)
    header = "Hạng Số Họ và tên ĐC Hệ số Đơn vị " + " ".join(
        f"V{r}" for r in range(1, LARGE_ROUNDS + 1)) + " Điểm BH-VN"
    assert all(header in page for page in pages)
    text = " ".join(pages)
    assert all(player_name(i) in text for i in range(LARGE))
    assert 50_000 < len(content) < 5_000_000
    assert_embedded_font_only(content)


# --- pairings list ------------------------------------------------------------------------------------

def test_pairings_list_of_a_round_with_scores_before_it(job_worker, api_client):
    """Round 1 all won by White; #21 had a requested ½-point bye in round 1 and the
    pairing-allocated bye (1 point) in round 2. Board 1 of round 2: #19 (1) - #1 (1)."""
    tournament = make_tournament(system="swiss_draw", number_of_rounds=7)
    entries = add_entries(tournament, 21)
    schedule = circle_rounds(20, 2)
    rounds = play(tournament, entries, schedule,
                  results={(1, b): "1-0" for b in range(1, 11)})
    Pairing.objects.create(round=rounds[0], board=11, kind="bye", white=entries[20],
                           bye_points=0.5)
    Pairing.objects.create(round=rounds[1], board=11, kind="pab", white=entries[20],
                           bye_points=1)
    content = download(api_client, request(api_client, "pairings",
                                           f"tournament:{tournament.pk}:round:2"), job_worker)
    [text] = pdf_pages(content)
    assert "DANH SÁCH CẶP ĐẤU VÒNG 2" in text
    assert "Bàn Số Trắng Điểm Kết quả Điểm Đen Số" in text
    result = Pairing.objects.get(round=rounds[1], board=1).result
    mark = {"1-0": "1 - 0", "0-1": "0 - 1", "1/2-1/2": "½ - ½"}[result]
    assert f"1 19 {player_name(18)} 1 {mark} 1 {player_name(0)} 1" in text
    assert f"21 {player_name(20)} 0,5 Nghỉ do lẻ đấu thủ 1" in text
    assert_embedded_font_only(content)
    by_id = documents_pairings.pairings_data(f"round:{rounds[1].pk}")
    assert len(by_id["games"]) == 10 and by_id["round"] == 2


@pytest.mark.django_db
def test_bulk_tracking_cards_agree_with_the_tournaments_selector():
    """The documents build every card at once; each must equal the tournaments app's own
    ``tracking_card(entry)`` (Điều 29.1): five players, a pairing-allocated bye each round,
    a forfeit, and stored draw data (sub-groups and floats) for rounds 2 and 3."""
    from tournaments import selectors as tournament_selectors

    tournament = make_tournament(system="swiss_draw", number_of_rounds=5)
    entries = add_entries(tournament, 5, titles={2: "KT"})
    schedule = circle_rounds(6, 3)
    rounds = play(tournament, entries[:5] + [entries[0]],
                  [[pair for pair in pairs if 5 not in pair] for pairs in schedule],
                  results={(2, 1): "+-"})
    for rnd, pairs in zip(rounds, schedule, strict=True):
        [alone] = [a if b == 5 else b for a, b in pairs if 5 in (a, b)]
        Pairing.objects.create(round=rnd, board=9, kind="pab", white=entries[alone],
                               bye_points=1)
    Round.objects.filter(pk=rounds[1].pk).update(
        draw={"subgroups": {"1": 1, "2": 4, "3": 2}, "floats": {"2": "↓", "4": "↑"}})
    Round.objects.filter(pk=rounds[2].pk).update(draw={"subgroups": {"5": 3}})
    ours = documents_cards.tracking_cards(tournament)
    theirs = [tournament_selectors.tracking_card(e) for e in entries]
    assert ours == theirs
    assert any(row["opponent_number"] is None and row["result"] == 1.0
               for card in ours for row in card["rounds"])  # the byes are there


def test_a_document_requested_in_english_comes_back_ready(job_worker, api_client):
    """Official documents are in Vietnamese whatever the request's language (issue 14): a
    client asking with ``Accept-Language: en`` gets the PDF once it is rendered, not the
    old finished job (202) on every request."""
    tournament, _entries = _round_robin()
    target = f"tournament:{tournament.pk}"

    def ask(language):
        return api_client.post("/api/v1/documents/", {"kind": "standings", "target": target},
                               format="json", HTTP_ACCEPT_LANGUAGE=language)

    content = download(api_client, ask("en"), job_worker)
    assert "BẢNG XẾP HẠNG SAU VÒNG 3" in pdf_pages(content)[0]
    again = ask("en")
    assert again.status_code == 200, again.content
    vietnamese = ask("vi")
    assert vietnamese.status_code == 200 and vietnamese.json()["id"] == again.json()["id"]
    # errors still follow the request's language
    missing = api_client.post("/api/v1/documents/",
                              {"kind": "standings", "target": f"{target}:round:9"},
                              format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert missing.status_code == 400 and missing.json()["error"]["message"].isascii()
