"""The public API's answers, fetched in-process for the pages (issue 20).

A page is built from what the public API answers, through the API's own views: the same
selectors, the same explicit public fields, the same server cache (the inner request has the
API's URL, so a page build reads the API's cached body when there is one, and keeps it for
the API's clients when there is not). A page can therefore never show a field the public
API does not.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import get_language

from core import caching
from core.inprocess import get_request
from federation.public_api import PublicClubViewSet, PublicSanctionViewSet
from games.public_api import PublicGameViewSet
from ratings.public_api import PublicRatingListViewSet, PublicTitledPlayerViewSet
from ratings.public_players import PublicPlayerViewSet
from tournaments.public_api import PublicTournamentViewSet
from tournaments.public_sanctions import PublicEventSanctionViewSet

BASE = "/api/v1/public/"

#: resource -> (viewset, URL segment)
RESOURCES = {
    "tournaments": PublicTournamentViewSet,
    "players": PublicPlayerViewSet,
    "clubs": PublicClubViewSet,
    "sanctions": PublicSanctionViewSet,
    "event-sanctions": PublicEventSanctionViewSet,
    "games": PublicGameViewSet,
    "rating-lists": PublicRatingListViewSet,
    "titled-players": PublicTitledPlayerViewSet,
}


class ApiError(Exception):
    """The API refused the request (400 naming a parameter, 404, 429)."""

    def __init__(self, status: int, body: dict):
        super().__init__(status)
        self.status = status
        error = body.get("error", {}) if isinstance(body, dict) else {}
        self.message = error.get("message", "")
        self.fields = error.get("fields", {})


def _inner_request(outer, path: str, params: dict) -> HttpRequest:
    """The API's GET of ``path`` for the page's request ``outer`` (its client's address and
    host, the page's language)."""
    query = urlencode({k: v for k, v in params.items() if v not in (None, "")})
    meta = {
        "REMOTE_ADDR": outer.META.get("REMOTE_ADDR", ""),
        "SERVER_NAME": outer.META.get("SERVER_NAME", "localhost"),
        "SERVER_PORT": outer.META.get("SERVER_PORT", "80"),
        "HTTP_ACCEPT": "application/json",
        "HTTP_ACCEPT_LANGUAGE": get_language() or "vi",
    }
    if "HTTP_HOST" in outer.META:
        meta["HTTP_HOST"] = outer.META["HTTP_HOST"]
    return get_request(f"{path}?{query}" if query else path, meta=meta)


#: the answers whose data has no word in a language (numbers, names, codes): fetched in
#: Vietnamese whatever the page's language, so the Vietnamese and English pages read one cached
#: body (one build after a result, not one per language); a refusal is asked again in the
#: page's language, for its message
LANGUAGE_NEUTRAL = {("tournaments", "standings"), ("tournaments", "crosstable"),
                    ("tournaments", "pairings"), ("tournaments", "team_standings"),
                    ("tournaments", "board_standings"), ("tournaments", "entries")}
NEUTRAL_LANGUAGE = "vi"


def scopes(resource: str, pk: int | None = None, action: str | None = None) -> tuple[str, ...]:
    """The cache scopes of the answer :func:`fetch` returns for the same arguments, as the
    API's view declares them (``request_scopes``): a page that shows the answer is kept
    under them, so the writes that invalidate the answer invalidate the page (one
    declaration, the API's)."""
    name = action or ("retrieve" if pk is not None else "list")
    kwargs = {"pk": str(pk)} if pk is not None else {}
    return RESOURCES[resource]().request_scopes(name, kwargs) or ()


def fetch(outer, resource: str, pk: int | None = None, action: str | None = None,
          **params) -> Any:
    """The JSON the public API answers for ``/api/v1/public/<resource>/[<pk>/][<action>/]``.

    Raises :class:`ApiError` for any answer but 200."""
    if (resource, action) in LANGUAGE_NEUTRAL:
        # one answer for both languages: during a warm-ahead build the Vietnamese and English
        # pages read it parsed once (core.caching.warm_memo; the pages only read it)
        with translation.override(NEUTRAL_LANGUAGE):
            status, body = caching.warm_memo(
                ("site-answer", resource, pk, action, tuple(sorted(params.items()))),
                lambda: _answer(outer, resource, pk, action, params, shared=True))
        if status == 200:
            return body
    status, body = _answer(outer, resource, pk, action, params)
    if status != 200:
        raise ApiError(status, body)
    return body


#: the language-neutral answers parsed, by the value of their bytes (issue 33): an answer
#: whose body did not change since (the default standings and crosstable while results of the
#: next round come in) is the same object, so the pages' rows written from it are reused
#: (results_site.tables); read only, as the pages use them
_PARSED: OrderedDict[tuple, tuple[bytes, Any]] = OrderedDict()
_PARSED_SIZE = 8  # a parsed 1,000-player crosstable is several MB: a few live events
_PARSED_LOCK = threading.Lock()


def _parsed(key: tuple, content: bytes) -> Any:
    with _PARSED_LOCK:
        hit = _PARSED.get(key)
    if hit is not None and hit[0] == content:
        return hit[1]
    body = json.loads(content)
    with _PARSED_LOCK:
        _PARSED[key] = (content, body)
        _PARSED.move_to_end(key)
        while len(_PARSED) > _PARSED_SIZE:
            _PARSED.popitem(last=False)
    return body


def _answer(outer, resource: str, pk: int | None, action: str | None,
            params: dict, *, shared: bool = False) -> tuple[int, Any]:
    path = BASE + resource + "/" + (f"{pk}/" if pk is not None else "")
    if action:
        path += action.replace("_", "-") + "/"
    name = action or ("retrieve" if pk is not None else "list")
    view = RESOURCES[resource].as_view({"get": name})
    kwargs = {"pk": str(pk)} if pk is not None else {}
    response = view(_inner_request(outer, path, params), **kwargs)
    if hasattr(response, "render"):
        response.render()
    if not response.content:
        return response.status_code, {}
    if shared and response.status_code == 200:
        return 200, _parsed((path, tuple(sorted(params.items()))), response.content)
    return response.status_code, json.loads(response.content)


def fetch_document(outer, tournament: int, kind: str, **params):
    """The public API's answer for an event's PDF as it is: 200 with the PDF, 202 while it
    is rendered, or an error (``/api/v1/public/tournaments/<id>/documents/<kind>/``)."""
    path = f"{BASE}tournaments/{tournament}/documents/{kind}/"
    view = PublicTournamentViewSet.as_view({"get": "document"})
    response = view(_inner_request(outer, path, params), pk=str(tournament), kind=kind)
    if hasattr(response, "render"):
        response.render()
    return response


def fetch_sanctions_document(outer, year: int):
    """The public API's answer for the year's printed sanctions
    (``/api/v1/public/sanctions/documents/<year>/``), as :func:`fetch_document`."""
    path = f"{BASE}sanctions/documents/{year}/"
    view = PublicSanctionViewSet.as_view({"get": "document"})
    response = view(_inner_request(outer, path, {}), year=str(year))
    if hasattr(response, "render"):
        response.render()
    return response


def fetch_all(outer, resource: str, *, limit: int = 2000, **params) -> list:
    """Every row of a paginated list (at most ``limit``), page by page (each page cached)."""
    rows: list = []
    number = 1
    while len(rows) < limit:
        data = fetch(outer, resource, page=number, page_size=200, **params)
        rows.extend(data["results"])
        if not data.get("next"):
            break
        number += 1
    return rows[:limit]
