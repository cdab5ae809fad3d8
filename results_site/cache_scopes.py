"""The results site has no scopes of its own: its pages are cached under the scopes of the
API answers they show (results_site.views). It declares which pages readers ask for right
after a result of a live event, for the warm-ahead (core.caching.hot_urls)."""

from __future__ import annotations

from django.urls import reverse

from tournaments import cache_scopes as tournament_scopes


def hot_urls(scope: str) -> list[str]:
    """A live event's page and its crosstable page, in Vietnamese (/) and English (/en/);
    built after the API's answers, which they read from the cache."""
    tournament_id = tournament_scopes.event_id(scope)
    if tournament_id is None or tournament_scopes.live_round(tournament_id) is None:
        return []
    return [reverse(f"{namespace}:{name}", args=[tournament_id])
            for namespace in ("site", "site-en") for name in ("event", "crosstable")]
