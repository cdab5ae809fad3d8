"""Requests made inside the process, to call a view directly (issue 33: one way to do it).

The results site reads the public API's answers through the API's own views
(``results_site.api``), and warm-ahead builds the hot answers of a live event before the
result's commit (``core.caching.warm``): both call a view with a GET that never crossed the
network. :func:`get_request` makes it: an anonymous GET of the URL (path and query, so
``get_full_path`` — the public cache's key — is the URL's), with the headers the caller
passes (the outer request's address and host, the language asked for).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, QueryDict

#: what a request that crossed no network says about its server and client
DEFAULT_META = {"SERVER_NAME": "localhost", "SERVER_PORT": "80", "REMOTE_ADDR": "127.0.0.1",
                "SERVER_PROTOCOL": "HTTP/1.1", "SCRIPT_NAME": ""}


def get_request(url: str, *, meta: dict[str, str] | None = None) -> HttpRequest:
    """An anonymous GET of ``url`` (``/path/?query``) with ``meta`` over
    :data:`DEFAULT_META`."""
    path, _, query = url.partition("?")
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = path
    request.GET = QueryDict(query)
    request.META = {**DEFAULT_META, **(meta or {}),
                    "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query}
    request.user = AnonymousUser()
    return request
