"""The large tables of an event's pages written out in Python (issue 20): a 1,000-player
event's standings, crosstable and pairings are thousands of cells, which the template
language renders about ten times slower (the rows are escaped here as a template would:
``html.escape``, which Django's ``escape`` calls, without its lazy-string wrapper — a
crosstable has 20,000 values; its few kinds of colour and mark are escaped once each)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from html import escape as _escape

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from chessrules.values import Discipline
from tournaments.selectors_exports import COLOUR_ABBREVIATION

PLACEHOLDER = 2147483647


def escape(value) -> str:
    """``value`` escaped for HTML exactly as Django's ``escape`` writes it."""
    return _escape(str(value))


def _url_of(name: str):
    """``pk -> URL`` of a site page in the current language, reversing once."""
    namespace = "site-en" if get_language() == "en" else "site"
    pattern = reverse(f"{namespace}:{name}", args=[PLACEHOLDER])
    head, tail = pattern.split(str(PLACEHOLDER))
    return lambda pk: f"{head}{pk}{tail}"


def points(value) -> str:
    """1.5 -> '1½', 0.5 -> '½', 3.0 -> '3'."""
    if value is None:
        return ""
    whole = int(value)
    if abs(value - whole) >= 0.5:
        return f"{whole}½" if whole else "½"
    return str(whole)


def number(value, comma: bool | None = None) -> str:
    """A tie-break value as the pages show it (decimal comma in Vietnamese; ``comma``: the
    page's choice, when the caller has read the language once for many values)."""
    if value is None:
        return ""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    if comma is None:
        comma = get_language() != "en"
    return text.replace(".", ",") if comma else text


def _name(side: dict, player_url, key: str = "person") -> str:
    name = escape(side["name"])
    person = side.get(key)
    html = f'<a href="{player_url(person)}">{name}</a>' if person else name
    if side.get("title"):
        html += f' <abbr class="title">{escape(side["title"])}</abbr>'
    return html


#: rows written from a language-neutral answer, kept by the answer's identity (issue 33:
#: ``results_site.api`` returns the same object for the same bytes, so the default standings
#: and crosstable, unchanged while results of the next round come in, are not written again
#: for each page built after a result); the answer is held, so its identity is not reused
_ROWS: OrderedDict[tuple, tuple[object, SafeString]] = OrderedDict()
_ROWS_SIZE = 8
_ROWS_LOCK = threading.Lock()


def _same_answer(name: str, table: dict, extra: str, write: Callable[[], SafeString]
                 ) -> SafeString:
    key = (name, get_language(), extra, id(table))
    with _ROWS_LOCK:
        hit = _ROWS.get(key)
    if hit is not None and hit[0] is table:
        return hit[1]
    rows = write()
    with _ROWS_LOCK:
        _ROWS[key] = (table, rows)
        _ROWS.move_to_end(key)
        while len(_ROWS) > _ROWS_SIZE:
            _ROWS.popitem(last=False)
    return rows


def standings_rows(table: dict) -> SafeString:
    return _same_answer("standings", table, "", lambda: _standings_rows(table))


def _standings_rows(table: dict) -> SafeString:
    player_url = _url_of("player")
    codes = table["tiebreaks"]
    comma = get_language() != "en"
    out = []
    for row in table["rows"]:
        team = f' <small>({escape(row["team"])})</small>' if row.get("team") else ""
        club = escape(row["club"]["name"]) if row.get("club") else ""
        tiebreaks = "".join(f'<td class="num">{number(row["tiebreaks"].get(code), comma)}</td>'
                            for code in codes)
        withdrawn = ' class="withdrawn"' if row["withdrawn"] else ""
        out.append(f'<tr{withdrawn}>'
                   f'<td>{row["rank"]}</td><td>{row["starting_number"]}</td>'
                   f'<td>{_name(row, player_url)}{team}</td><td>{club}</td>'
                   f'<td>{row["rating"] or ""}</td><td class="num">{points(row["points"])}</td>'
                   f'{tiebreaks}</tr>')
    return mark_safe("\n".join(out))


def colour_abbreviations(discipline: str) -> dict[str, str]:
    """The crosstable's ``color`` ("w"/"b") as the discipline's colour abbreviation in the
    page's language: T/Đ (W/B) in chess, Đỏ/Đen (R/B) in xiangqi, where both initials are
    Đ (docs/decisions-disciplines.md)."""
    value = Discipline(discipline)
    return {side: pgettext(COLOUR_ABBREVIATION, value.colour_abbreviation(side))
            for side in ("w", "b")}


def colour_legend(discipline: str) -> list[tuple[str, str]]:
    """(abbreviation, colour name) of each side where they differ (``T``: Trắng)."""
    value = Discipline(discipline)
    out = []
    for side, abbreviation in colour_abbreviations(discipline).items():
        name = _(value.colour_name(side))
        if abbreviation != name:
            out.append((abbreviation, name))
    return out


def crosstable_rows(table: dict, discipline: str) -> SafeString:
    """The crosstable's rows: per round the opponent's number, the colour (the discipline's
    abbreviation) and the mark (``3T1``; xiangqi ``3Đỏ1``)."""
    return _same_answer("crosstable", table, discipline,
                        lambda: _crosstable_rows(table, discipline))


def _crosstable_rows(table: dict, discipline: str) -> SafeString:
    player_url = _url_of("player")
    colours = colour_abbreviations(discipline)
    codes = table["tiebreaks"]
    comma = get_language() != "en"
    marks: dict[tuple, str] = {}  # (colour, mark) -> escaped: a handful of kinds
    out = []
    for row in table["rows"]:
        line = []
        for cell in row["rounds"]:
            key = (cell["color"], cell["mark"])
            mark = marks.get(key)
            if mark is None:
                colour = colours.get(key[0], key[0]) if key[0] else ""
                mark = marks[key] = escape(colour) + escape(key[1] or "")
            line.append(f'<td>{cell["opponent"] or ""}{mark}</td>')
        values = row["tiebreaks"]
        tiebreaks = "".join(f'<td class="num">{number(values.get(code), comma)}</td>'
                            for code in codes)
        out.append(f'<tr><td>{row["rank"]}</td><td>{row["starting_number"]}</td>'
                   f'<td>{_name(row, player_url)}</td>{"".join(line)}'
                   f'<td class="num">{points(row["points"])}</td>{tiebreaks}</tr>')
    return mark_safe("\n".join(out))


def board_rows(rows: list[dict], people: dict[int, int | None]) -> SafeString:
    """One board's ranking (the public ``board-standings`` rows); ``people`` maps a starting
    number to the person whose profile the name links to. An unranked player (fewer games
    than the minimum, 002 Điều 2.3) has no rank."""
    player_url = _url_of("player")
    out = []
    for row in rows:
        side = {"name": row["name"], "person": people.get(row["starting_number"])}
        unranked = "" if row["rank"] else ' class="unranked"'
        out.append(f'<tr{unranked}><td>{row["rank"] or "–"}</td><td>{row["starting_number"]}</td>'
                   f'<td>{_name(side, player_url)}</td><td>{escape(row["team"] or "")}</td>'
                   f'<td class="num">{points(row["points"])}</td>'
                   f'<td class="num">{row["games"]}</td>'
                   f'<td class="num">{number(row["percentage"])}</td></tr>')
    return mark_safe("\n".join(out))


def entries_rows(entries: list[dict]) -> SafeString:
    """The list of entries before the draw (the public ``entries``), strongest first."""
    player_url = _url_of("player")
    out = []
    for i, row in enumerate(entries, 1):
        club = escape(row["club"]["name"]) if row.get("club") else ""
        out.append(f'<tr><td>{i}</td><td>{_name(row, player_url)}</td>'
                   f'<td>{escape(row["team"] or "")}</td><td>{club}</td>'
                   f'<td>{row["rating"] or ""}</td></tr>')
    return mark_safe("\n".join(out))


def pairings_rows(pairings: list[dict]) -> SafeString:
    player_url, game_url = _url_of("player"), _url_of("game")
    rest, view = escape(_("nghỉ")), escape(_("Xem"))
    out = []
    for p in pairings:
        white, black = p["white"], p["black"]
        result: str
        if p["result"]:
            result = escape(p["result"])
        elif black is None:
            result = rest + (f' ({escape(p["bye_points"])})' if p["bye_points"] else "")
        else:
            result = "–"
        game = f'<a href="{game_url(p["game"])}">{view}</a>' if p.get("game") else ""
        out.append(f'<tr><td>{p["board"] or ""}</td><td>{white["number"] if white else ""}</td>'
                   f'<td>{_name(white, player_url) if white else ""}</td>'
                   f'<td class="result">{result}</td>'
                   f'<td>{_name(black, player_url) if black else ""}</td>'
                   f'<td>{black["number"] if black else ""}</td><td>{game}</td></tr>')
    return mark_safe("\n".join(out))
