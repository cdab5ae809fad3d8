"""Pages of the public results site (issue 20): events, games, players, ratings, clubs.

Each page is the public API's answers (``results_site.api``) rendered by a template, and is
itself kept in the server cache under the scopes of the answers it shows (the same scope
stamps the API uses, so the same writes invalidate both): ETag, Last-Modified,
Cache-Control and 304 exactly as on the API (``core.caching``). Vietnamese by default,
English under ``/en/``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

from chessrules.values import Discipline
from core import caching
from core.csvtext import csv_text
from results_site import boards, tables
from results_site.api import ApiError, fetch, fetch_all, fetch_document, scopes
from tournaments.systems import spec_of

ENGLISH_PREFIX = "/en"


SITE_ROOT = Path(__file__).resolve().parent


def pages_version(root: Path = SITE_ROOT, extra: tuple[Path, ...] = ()) -> str:
    """A digest of what a page is made of besides its data (templates, static files, the
    code that writes it, the translations): part of every page's scopes, so a deployment
    that changes how pages look is never answered with a body cached before it."""
    digest = hashlib.sha1()
    files = sorted(path for path in root.rglob("*") if path.is_file()
                   and path.suffix in {".html", ".js", ".css", ".py", ".mo"})
    for path in (*files, *extra):
        if path.is_file():
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:12]


#: the scope of every page's look (see :func:`pages_version`)
PAGES = "site-pages:" + pages_version(
    extra=tuple(Path(p) / "en" / "LC_MESSAGES" / "django.mo" for p in settings.LOCALE_PATHS))


def language_of(request) -> str:
    return "en" if request.path.startswith(ENGLISH_PREFIX + "/") else "vi"


def _params(request, *names: str) -> dict:
    """The page's query parameters that the API takes (passed on as they are: the API
    checks them and its 400 names the parameter)."""
    return {name: request.GET[name] for name in names if request.GET.get(name, "") != ""}


def shows(*answers: tuple[str, ...]) -> tuple[str, ...]:
    """A page's scopes: those of the API's answers it shows (``api.scopes``), once each."""
    return tuple(dict.fromkeys(scope for answer in answers for scope in answer))


def page(request, scopes: tuple[str, ...], template: str,
         context: Callable[[], dict]) -> HttpResponse:
    """The cached page: built from ``context()`` (API answers) on a miss; an API refusal
    becomes the page's own 400/404 (never cached)."""
    with translation.override(language_of(request)):
        def build() -> HttpResponse:
            try:
                data = context()
            except ApiError as error:
                return render(request, "results_site/error.html",
                              {"status": error.status, "message": error.message,
                               "fields": error.fields}, status=error.status)
            return render(request, template, data)

        return caching.cached_response(request, (*scopes, PAGES), build, area=caching.PAGE)


# --- events -----------------------------------------------------------------------------------

EVENT_FILTERS = ("discipline", "category", "status", "province", "date_from", "date_to", "name",
                 "page")


def events(request):
    def context():
        params = _params(request, *EVENT_FILTERS)
        listing = fetch(request, "tournaments", **params)
        clubs = fetch_all(request, "clubs")
        provinces = sorted({(c["province_code"], c["province"]) for c in clubs})
        return {"listing": listing, "filters": params, "provinces": provinces,
                "pages": _pages(request, listing)}

    return page(request, shows(scopes("tournaments"), scopes("clubs")), "results_site/events.html",
                context)


def _pages(request, listing: dict) -> dict:
    """Previous/next page links of a paginated answer (the same query, another page)."""
    number = int(request.GET.get("page") or 1) if (request.GET.get("page") or "1").isdigit() \
        else 1

    def query(n: int) -> str:
        params = request.GET.copy()
        params["page"] = str(n)
        return "?" + params.urlencode()

    return {"number": number, "previous": query(number - 1) if listing.get("previous") else None,
            "next": query(number + 1) if listing.get("next") else None,
            "count": listing.get("count", 0)}


def _games_by_board(request, tournament: dict) -> dict:
    """(round, board) -> public game id; only certified events have public games."""
    if tournament["status"] != "certified":
        return {}
    games = fetch_all(request, "games", tournament=tournament["id"])
    return {f"{g['round']}-{g['board']}": g["id"] for g in games}


def _round_shown(request, tournament: dict) -> int | None:
    raw = request.GET.get("round")
    if raw:
        return int(raw) if raw.isdigit() and len(raw) <= 5 else -1  # the API says why
    played = [r["number"] for r in tournament["rounds"] if r["paired_at"]]
    return max(played) if played else None


def event(request, pk: int):
    def context():
        tournament = fetch(request, "tournaments", pk)
        shown = _round_shown(request, tournament)
        pairings = (fetch(request, "tournaments", pk, "pairings",
                          round=request.GET.get("round") or shown)
                    if shown is not None else [])
        games = _games_by_board(request, tournament)  # new rows: the answer is only read
        pairings = [{**pairing, "game": games.get(f"{shown}-{pairing['board']}")}
                    for pairing in pairings]
        standings = fetch(request, "tournaments", pk, "standings")
        spec = spec_of(tournament["system"])  # what the system shows: its spec (issue 33)
        bracket = (fetch(request, "tournaments", pk, "bracket")
                   if spec.bracket and tournament["rounds"] else None)
        teams = (fetch(request, "tournaments", pk, "team_standings")
                 if spec.team and tournament["rounds"] else None)
        entries = (None if tournament["rounds"]
                   else fetch(request, "tournaments", pk, "entries")["entries"])
        complaints = (fetch(request, "tournaments", pk, "complaints")["complaints"]
                      if tournament["rounds"] else [])
        return {"t": tournament, "round_shown": shown, "pairings": pairings,
                "entries": entries,
                "entry_rows": tables.entries_rows(entries) if entries else "",
                "pairing_rows": tables.pairings_rows(pairings),
                "standings": standings, "standing_rows": tables.standings_rows(standings),
                "bracket": bracket, "teams": teams, "team_bracket": _team_bracket(teams),
                "team_playoffs": _team_playoffs(teams),
                "has_games": bool(games), "complaints": complaints}

    # its detail and complaints (the event's frame), pairings, standings (the event's), games
    answers = [scopes("tournaments", pk, a) for a in (None, "complaints", "pairings")]
    return page(request, shows(*answers, scopes("games")), "results_site/event.html", context)


def _team_playoffs(teams: dict | None) -> list[dict]:
    """The play-off matches between tied teams (002 Phần 2 Điều 2.3 "Thi đấu thêm") that
    decide the team table, with the teams' names."""
    if not teams or not teams.get("playoff_matches"):
        return []
    names = {row["starting_number"]: row["name"] for row in teams["rows"]}
    return [{**m, "home_name": names.get(m["home"], ""), "away_name": names.get(m["away"], "")}
            for m in teams["playoff_matches"]]


def _team_bracket(teams: dict | None) -> list[dict]:
    """A team knockout's ties by stage, then its placement ties (Điều 30.3; 002 Điều 11),
    from the public team standings: team names, points, winner."""
    if not teams or "bracket" not in teams:
        return []
    names = {row["starting_number"]: row["name"] for row in teams["rows"]}

    def ties(group: list[dict]) -> list[dict]:
        return [{**tie, "a_name": names.get(tie["a"]), "b_name": names.get(tie["b"])}
                for tie in group]

    out = [{"stage": n, "place": None, "ties": ties(stage)}
           for n, stage in enumerate(teams["bracket"], 1)]
    out += [{"stage": group["stage"], "place": group["place"], "ties": ties(group["ties"])}
            for group in teams.get("placement_matches", [])]
    return out


def crosstable(request, pk: int):
    def context():
        tournament = fetch(request, "tournaments", pk)
        table = fetch(request, "tournaments", pk, "crosstable",
                      **_params(request, "after_round"))
        return {"t": tournament, "table": table,
                "rows": tables.crosstable_rows(table, tournament["discipline"]),
                "colour_legend": tables.colour_legend(tournament["discipline"]),
                "round_numbers": range(1, len(tournament["rounds"]) + 1)}

    return page(request, shows(scopes("tournaments", pk), scopes("tournaments", pk, "crosstable")),
                "results_site/crosstable.html", context)


def board_standings(request, pk: int):
    """A team event's per-board individual ranking (Điều 30.1.2-30.1.3: the players of one
    board order form one pool; ranked by share of points, then points; below the minimum of
    games of 002 Điều 2.3 a player is listed unranked), each player linked to his profile
    (the person ids of the event's public standings)."""
    def context():
        tournament = fetch(request, "tournaments", pk)
        after = _params(request, "after_round")
        table = fetch(request, "tournaments", pk, "board_standings", **after)
        people = {row["starting_number"]: row["person"]
                  for row in fetch(request, "tournaments", pk, "standings")["rows"]}
        return {"t": tournament, "table": table,
                "boards": [{"board": b["board"], "rows": tables.board_rows(b["rows"], people)}
                           for b in table["boards"]]}

    return page(request, shows(scopes("tournaments", pk),
                               scopes("tournaments", pk, "board_standings")),
                "results_site/board_standings.html", context)


def event_pdf(request, pk: int, kind: str):
    """An event's printed standings, crosstable or pairings (the public API's PDF as it is);
    while it is being rendered, a short page that asks again after a few seconds."""
    params = _params(request, "round")
    return pdf_answer(request, fetch_document(request, pk, kind, **params))


def pdf_answer(request: HttpRequest, response: Any) -> HttpResponseBase:
    """The API's answer for a PDF as a page: the PDF, the waiting page (202) or the error."""
    if response.status_code == 200:
        return response
    with translation.override(language_of(request)):
        if response.status_code == 202:
            retry = response.get("Retry-After", "3")
            page_ = render(request, "results_site/pdf_wait.html",
                           {"retry": retry, "url": request.get_full_path()}, status=202)
            page_["Cache-Control"] = "no-store"
            page_["Retry-After"] = retry
            return page_
        body = json.loads(response.content) if response.content else {}
        error = ApiError(response.status_code, body)
        return render(request, "results_site/error.html",
                      {"status": error.status, "message": error.message,
                       "fields": error.fields}, status=error.status)


# --- games ------------------------------------------------------------------------------------

def game(request, pk: int, printable: bool = False):
    def context():
        notation = request.GET.get("notation")
        shown = fetch(request, "games", pk, **({"notation": notation} if notation else {}))
        discipline = Discipline(shown["discipline"])
        coordinates = discipline.machine_notation
        machine = (shown if shown["notation"] == coordinates
                   else fetch(request, "games", pk, notation=coordinates))
        replay = boards.replay_data(shown, machine["moves"], shown["moves"])
        notations = [(code, _(label)) for code, label in discipline.notation_labels.items()]
        return {"g": shown, "replay": replay,
                "move_rows": _move_rows(shown["moves"]), "notations": notations,
                "printable": printable}

    template = "results_site/game_print.html" if printable else "results_site/game.html"
    return page(request, scopes("games", pk), template, context)


def game_print(request, pk: int):
    return game(request, pk, printable=True)


def _move_rows(moves: list[str]) -> list[dict]:
    """Moves by number: (number, first side's move and ply, second side's move and ply)."""
    return [{"number": i // 2 + 1, "first": moves[i], "first_ply": i + 1,
             "second": moves[i + 1] if i + 1 < len(moves) else None, "second_ply": i + 2}
            for i in range(0, len(moves), 2)]


# --- players, clubs ---------------------------------------------------------------------------

def player(request, pk: int):
    def context():
        profile = fetch(request, "players", pk)
        for played in profile["events"][:EVENTS_WITH_RESULTS]:
            played["row"] = _standing_of(request, played["tournament"], pk)
        charts = [_chart(history) for history in profile["rating_history"]]
        return {"p": profile, "charts": charts}

    # the profile's scopes include every event's list: the events' standings it reads too
    return page(request, scopes("players", pk), "results_site/player.html", context)


#: the newest events of a profile shown with the player's rank and points (each is one read
#: of the event's public standings, cached per event)
EVENTS_WITH_RESULTS = 30


def _standing_of(request, tournament: int, person: int) -> dict | None:
    """The player's row in the event's public standings (rank, points)."""
    table = fetch(request, "tournaments", tournament, "standings")
    return next((row for row in table["rows"] if row["person"] == person), None)


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 560, 200, 36


def _chart(history: dict) -> dict:
    """An inline SVG line of the ratings of one list, oldest period first."""
    points = [p for p in history["periods"] if p["rating"] is not None]
    ratings = [p["rating"] for p in points]
    low, high = (min(ratings), max(ratings)) if ratings else (0, 1)
    if high - low < 50:
        low, high = low - 25, high + 25
    span_x = max(len(points) - 1, 1)
    plot_w, plot_h = CHART_WIDTH - 2 * CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD
    # coordinates as strings: the template would write a float with the page's decimal comma
    dots = [{"x": f"{CHART_PAD + plot_w * i / span_x:.1f}",
             "y": f"{CHART_PAD + plot_h * (high - p['rating']) / (high - low):.1f}",
             "rating": p["rating"], "start": p["start"]} for i, p in enumerate(points)]
    return {"list": history, "dots": dots, "polyline": " ".join(f"{d['x']},{d['y']}" for d in dots),
            "low": low, "high": high, "width": CHART_WIDTH, "height": CHART_HEIGHT,
            "pad": CHART_PAD, "bottom": CHART_HEIGHT - CHART_PAD}


def clubs(request):
    def context():
        params = _params(request, "province", "name", "discipline", "page")
        listing = fetch(request, "clubs", **params)
        return {"listing": listing, "filters": params, "pages": _pages(request, listing)}

    return page(request, scopes("clubs"), "results_site/clubs.html", context)


def club(request, pk: int):
    def context():
        found = fetch(request, "clubs", pk)
        members = fetch(request, "players", club=pk, page_size=200)
        return {"c": found, "members": members}

    return page(request, shows(scopes("clubs", pk), scopes("players")), "results_site/club.html",
                context)


# --- ratings, titles --------------------------------------------------------------------------

def rating_lists(request):
    def context():
        return {"lists": fetch(request, "rating-lists")["results"]}

    return page(request, scopes("rating-lists"), "results_site/rating_lists.html", context)


LIST_FILTERS = ("period", "province", "gender", "title", "search", "born_from", "born_to")


def rating_list(request, pk: int):
    def context():
        found = fetch(request, "rating-lists", pk)
        params = _params(request, *LIST_FILTERS, "page")
        rows = fetch(request, "rating-lists", pk, "players", **params)
        return {"l": found, "rows": rows, "filters": params, "pages": _pages(request, rows)}

    return page(request, shows(scopes("rating-lists", pk), scopes("rating-lists", pk, "players")),
                "results_site/rating_list.html", context)


def rating_list_csv(request, pk: int):
    """The whole list (with the page's filters) as CSV: the same rows as the pages."""
    with translation.override(language_of(request)):
        def build() -> HttpResponse:
            try:
                rows = _all_rows(request, pk)
            except ApiError as error:
                return HttpResponse(error.message, status=error.status,
                                    content_type="text/plain; charset=utf-8")
            return _csv_response(rows, f"rating-list-{pk}.csv")

        return caching.cached_response(
            request, (*scopes("rating-lists", pk, "players"), PAGES), build, area=caching.PAGE)


def _all_rows(request, pk: int) -> list[dict]:
    params = _params(request, *LIST_FILTERS)
    rows: list[dict] = []
    number = 1
    while True:
        data = fetch(request, "rating-lists", pk, "players", page=number, page_size=500,
                     **params)
        rows.extend(data["results"])
        if not data.get("next"):
            return rows
        number += 1


CSV_COLUMNS = ("rank", "person_id", "name", "gender", "province", "club", "title", "rating",
               "old_rating", "change", "games")


def _csv_header() -> list[str]:
    """``CSV_COLUMNS`` in the reader's language (issue 29: CSV for people)."""
    return [_("Hạng"), _("Mã đấu thủ"), _("Họ tên"), _("Giới tính"), _("Tỉnh/thành"),
            _("Câu lạc bộ"), _("Danh hiệu"), _("Hệ số"), _("Hệ số cũ"), _("Thay đổi"),
            _("Số ván")]


def _csv_response(rows: list[dict], filename: str) -> HttpResponse:
    text = csv_text(_csv_header(), ([row.get(column) for column in CSV_COLUMNS]
                                    for row in rows))
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def titled_players(request):
    def context():
        params = _params(request, "title", "gender", "province", "name", "page")
        listing = fetch(request, "titled-players", **params)
        return {"listing": listing, "filters": params, "pages": _pages(request, listing)}

    return page(request, scopes("titled-players"), "results_site/titled.html", context)


def sanctions(request):
    """Disciplinary sanctions announced publicly (Điều 16.2): current and past, the public
    part only (what the public API answers)."""
    def context():
        params = _params(request, "state", "name", "page")
        listing = fetch(request, "sanctions", **params)
        in_events = fetch(request, "event-sanctions")  # the latest page (newest events first)
        return {"listing": listing, "filters": params, "pages": _pages(request, listing),
                "in_events": in_events}

    return page(request, shows(scopes("sanctions"), scopes("event-sanctions")),
                "results_site/sanctions.html", context)


def home(request):
    return events(request)

