"""Public cache scopes of the tournaments app (see core.caching).

- ``tournaments``: the public list of events;
- ``tournament:<id>``: one event's pages (detail, standings, crosstable, pairings);
- ``tournament-rows``: any event's own row (name, status); read by pages of other apps
  that show an event or depend on its status (only certified events' games are public).

Every service that writes an event's rows calls :func:`touch_event`; one that writes the
event's own row (a status change, an edit) calls :func:`touch_event_row`.
"""

from __future__ import annotations

from core.caching import touch_now_and_on_commit

LIST = "tournaments"
ROWS = "tournament-rows"


def event(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def touch_event(tournament_id: int) -> None:
    """An event's rows changed (entries, rounds, pairings, results, officials)."""
    touch_now_and_on_commit(LIST, event(tournament_id))


def touch_event_row(tournament_id: int) -> None:
    """The event itself changed (status, name, dates)."""
    touch_now_and_on_commit(LIST, event(tournament_id), ROWS)


def touch_for_admin(obj) -> None:
    """A row saved or deleted in the admin: the event it belongs to."""
    from tournaments.models import Tournament

    if isinstance(obj, Tournament):
        touch_event_row(obj.pk)
        return
    tournament_id = getattr(obj, "tournament_id", None)
    if tournament_id is None and getattr(obj, "round_id", None) is not None:
        tournament_id = obj.round.tournament_id
    if tournament_id is not None:
        touch_event(tournament_id)
