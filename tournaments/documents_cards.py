"""The tracking cards (thẻ theo dõi thi đấu, Điều 29.1) of an event's players: their data,
the printed grid (``CARD_GRID``; ``documents/tracking_cards.html`` counts on its sizes) and the
parts a long event's PDF is rendered in."""

from __future__ import annotations

from documents.models import Document
from documents.presentation import TextGrid, vn_number
from documents.targets import get_object, parse_target
from tournaments import selectors
from tournaments.documents_common import tournament_head
from tournaments.models import Entry, Tournament

K = Document.Kind


def tracking_cards_data(target: str) -> dict:
    """One card per entry (``tournament:<id>``) or the card of one entry (``entry:<id>``).

    The same card as ``tournaments.selectors.tracking_card`` (a test checks they agree),
    built for all players at once from ``tournaments.selectors.crosstable`` and the draw
    data each round stored (colour sub-group I-IV of 29.2, float marks ↓/↑ of
    29.3.5-29.3.6): the per-entry selector recomputes the whole tournament for each card,
    which made a 100-player set take seconds. Rows for the rounds not yet drawn are left
    blank, as the card is prepared in advance (29.1).
    """
    parsed = parse_target(K.TRACKING_CARD, target)
    only = None
    if "entry" in parsed:
        entry = get_object(Entry, parsed["entry"])
        tournament, only = entry.tournament, entry.starting_number
    else:
        tournament = get_object(Tournament, parsed["tournament"])
    head = tournament_head(tournament)
    cards = [_card(card, head["number_of_rounds"]) for card in tracking_cards(tournament, only)]
    for card in cards:
        card.update(_card_text(card["rows"]))
    grid = _card_grid(head["number_of_rounds"])
    return {"tournament": head, "cards": cards, "card_grid": grid,
            "last_page": _last_page(len(cards), head["number_of_rounds"], grid["per_page"])}


#: The card's grid (issue 15): the columns of 29.1 (CSS pixels: 650 in all, 172 mm), one
#: ruled row of 17 pixels (4.5 mm) for the headings and one per round. Each row of the card
#: is one line of text, its values centred in their columns by spaces (the names to the
#: left), and the rules are a background SVG: 7 boxes a card instead of 100 table cells.
#: The rules of all the cards of a page are one SVG, the page's background (drawn once a
#: page; every card of an event has the same height, so its grid's place on the page is
#: known), not one per card: a part's PDF then has 2 objects a page fewer to merge.
CARD_COLUMNS = ("Vòng đấu", "Tên đối thủ", "Đẳng cấp", "Số", "Màu quân", "Kết quả", "Nhóm",
                "Tổng số điểm", "Ghi chú")
CARD_GRID = TextGrid(widths=(57, 190, 57, 38, 57, 57, 42, 76, 76), left=frozenset({1}))
CARD_ROW_PX, CARD_HEAD_FONT_PX, CARD_FONT_PX, CARD_SMALLEST_FONT_PX = 17, 9.5, 12, 8
_CARD_KEYS = ("round", "opponent_name", "opponent_title", "opponent_number", "color",
              "result", "group", "total", "note")


#: A4 inside the cards' page margins (12 + 14 mm) and a card's fixed parts, in CSS pixels:
#: borders and padding, the federation line, the title, the player line, the legend, the
#: gap below the card (the template fixes each height; the borders are 1.07 pixels each, and
#: a page's last gap is dropped, so a page always holds ``per_page`` cards).
_CARD_PAGE_PX, _CARD_FIXED_PX, _CARD_GAP_PX = 1024, 2 + 18 + 14 + 22 + 22 + 4 + 13, 16
#: where the first card's grid lies in the page area (CSS pixels): the body's side margin
#: (none at the top), the card's border (0.8pt) and padding (9px 12px), the federation
#: line, the title and the player line above it (the template's sizes); each next card one
#: card and gap lower
_BODY_MARGIN_PX, _CARD_BORDER_PX, _CARD_PAD_PX = 8, 0.8 * 96 / 72, (9, 12)
_CARD_GRID_LEFT_PX = _BODY_MARGIN_PX + _CARD_BORDER_PX + _CARD_PAD_PX[1]
_CARD_GRID_TOP_PX = _CARD_BORDER_PX + _CARD_PAD_PX[0] + 14 + 22 + 22
#: pages of cards in one part of a tournament's cards (kept between renders)
CARD_PART_PAGES = 10


def _card_grid(rounds: int) -> dict:
    height = _CARD_FIXED_PX + (rounds + 1) * CARD_ROW_PX + _CARD_GAP_PX
    per_page = max(1, _CARD_PAGE_PX // height)
    return {"header": CARD_GRID.line(list(CARD_COLUMNS), CARD_HEAD_FONT_PX),
            "page_svg": _page_grid(rounds, per_page), "row": CARD_ROW_PX,
            "head_font": f"{CARD_HEAD_FONT_PX:g}", "pad": CARD_GRID.pad,
            "rows_height": rounds * CARD_ROW_PX, "per_page": per_page}


def _page_grid(rounds: int, cards: int) -> str:
    """The grids of a page of ``cards`` cards, one SVG for the page's background."""
    card = (2 * _CARD_BORDER_PX + 2 * _CARD_PAD_PX[0] + 14 + 22 + 22
            + (rounds + 1) * CARD_ROW_PX + 4 + 13)
    tops = tuple(_CARD_GRID_TOP_PX + i * (card + _CARD_GAP_PX) for i in range(cards))
    return CARD_GRID.svg(rounds + 1, CARD_ROW_PX, left=_CARD_GRID_LEFT_PX, tops=tops)


def _last_page(cards: int, rounds: int, per_page: int) -> dict | None:
    """The last page of ``cards`` cards when it holds fewer than ``per_page``: its number
    in the document (``@page :nth()``) and its grids."""
    if not cards % per_page:
        return None
    return {"nth": -(-cards // per_page), "svg": _page_grid(rounds, cards % per_page)}


def tracking_card_parts(context: dict) -> list[dict]:
    """The cards in parts of ``CARD_PART_PAGES`` pages (issue 15). Every card of an event
    has the same height and a page break follows every ``per_page`` cards, so a part is
    always the same pages of the whole document: each part prints its own page numbers
    and is kept under a digest of its data; after a result only the parts holding the two
    players' cards are rendered again."""
    cards, per_page = context["cards"], context["card_grid"]["per_page"]
    rounds = context["tournament"]["number_of_rounds"]
    size = per_page * CARD_PART_PAGES
    total = -(-len(cards) // per_page)
    return [{**context, "cards": cards[i:i + size], "page_offset": i // per_page,
             "total_pages": total,
             "last_page": _last_page(len(cards[i:i + size]), rounds, per_page)}
            for i in range(0, len(cards), size)]


def _card_text(rows: list[dict]) -> dict:
    """The card's rounds as lines of text at the grid's tab stops, in one font size for
    the card (smaller when a long name would not fit its column)."""
    values = [[str(row[k]) for k in _CARD_KEYS] for row in rows]
    size = CARD_GRID.font_size(values, CARD_FONT_PX, CARD_SMALLEST_FONT_PX)
    return {"font_px": f"{size:g}", "lines": "\n".join(CARD_GRID.line(v, size) for v in values)}


#: Crosstable marks (chessrules' scoring.crosstable_mark) → points of the round.
# On a tracking card (the Swiss by draw, 29.1) "X" is 21.5.2's win against a withdrawn
# player; the annulled games of 21.5.1 ("X" too) are a round robin's, which has no card.
_MARK_POINTS = {"1": 1.0, "½": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "F": 1.0, "H": 0.5,
                "Z": 0.0, "X": 1.0}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
_CARD_FIELDS = ("pk", "starting_number", "name", "title", "rating")


def tracking_cards(tournament, only: int | None = None) -> list[dict]:
    """Every entry's card (or only the card of starting number ``only``) in the shape of
    ``tournaments.selectors.tracking_card``. The rounds and the people are read as values
    (two queries), and only the people a card names."""
    rounds = list(tournament.rounds.order_by("number").values_list("number", "draw"))
    numbered = tournament.entries.filter(starting_number__isnull=False)
    if not rounds:
        wanted = numbered if only is None else numbered.filter(starting_number=only)
        return [_card_head(dict(zip(_CARD_FIELDS, e, strict=True)), [])
                for e in wanted.order_by("starting_number").values_list(*_CARD_FIELDS)]
    table = selectors.crosstable(tournament, rounds[-1][0])
    rows = sorted((r for r in table["rows"] if only is None or r["starting_number"] == only),
                  key=lambda r: r["starting_number"])
    people = numbered
    if only is not None:
        named = {only} | {c["opponent"] for r in rows for c in r["rounds"] if c["opponent"]}
        people = numbered.filter(starting_number__in=named)
    by_number = {e[1]: dict(zip(_CARD_FIELDS, e, strict=True))
                 for e in people.values_list(*_CARD_FIELDS)}
    return [_card_head(by_number[row["starting_number"]], _card_lines(row, rounds, by_number))
            for row in rows]


def _card_lines(row: dict, rounds: list[tuple], people: dict[int, dict]) -> list[dict]:
    number, total, lines = row["starting_number"], 0.0, []
    for (round_number, draw), cell in zip(rounds, row["rounds"], strict=True):
        opponent = people.get(cell["opponent"]) if cell["opponent"] else None
        result = _MARK_POINTS.get(cell["mark"])
        total += result or 0.0
        draw = draw or {}
        sub = _keyed(draw.get("subgroups"), number)
        lines.append({
            "round": round_number, "opponent_number": cell["opponent"],
            "opponent_name": opponent["name"] if opponent else "",
            "opponent_title": opponent["title"] if opponent else "",
            "colour": {"w": "T", "b": "Đ"}.get(cell["color"] or "", "") if opponent else "",
            "result": result, "total": total,
            "group": (ROMAN.get(int(sub), "") if sub else "")
            + (_keyed(draw.get("floats"), number) or "")})
    return lines


def _card_head(entry: dict, rows: list[dict]) -> dict:
    return {"entry": entry["pk"], "starting_number": entry["starting_number"],
            "name": entry["name"], "title": entry["title"], "rating": entry["rating"],
            "rounds": rows}


def _keyed(mapping, number: int):
    if not isinstance(mapping, dict):
        return None
    return mapping.get(str(number), mapping.get(number))


def _card(card: dict, rows_wanted: int) -> dict:
    rows = []
    for row in card["rounds"]:
        played = row["result"] is not None
        rows.append({
            "round": row["round"], "opponent_name": row["opponent_name"] or "",
            "opponent_title": row["opponent_title"] or "",
            "opponent_number": row["opponent_number"] or "", "color": row["colour"] or "",
            "result": vn_number(row["result"]) if played else "", "group": row["group"] or "",
            "total": vn_number(row["total"]) if played else "",
            "note": "nghỉ" if played and not row["opponent_number"] else "",
        })
    for r in range(len(rows) + 1, rows_wanted + 1):
        rows.append({"round": r, "opponent_name": "", "opponent_title": "",
                     "opponent_number": "", "color": "", "result": "", "group": "",
                     "total": "", "note": ""})
    return {"number": card["starting_number"], "name": card["name"], "title": card["title"],
            "rating": card["rating"], "rows": rows}
