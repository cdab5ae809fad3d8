"""Public cache scopes of the tournaments app (see core.caching).

- ``tournaments``: the public list of events;
- ``tournament:<id>``: one event's pages (detail, standings, crosstable, pairings);
- ``tournament:<id>:frame``: what of an event its results do not change (its detail and
  its decided complaints): touched by every write of the event but the result entries
  (issue 33: the answers made of it are not rebuilt after each result) — and by those too
  where they change it: a round's first result (its status, ``touch_event_frame``), its last
  (``refresh_round_status`` touches the event), any result of an event with delegations
  (the detail's delegation ranking, made of the standings);
- ``tournament-rows``: any event's own row (name, status); read by pages of other apps
  that show an event or depend on its status (only certified events' games are public).

Every service that writes an event's rows calls :func:`touch_event`; one that writes the
event's own row (a status change, an edit) calls :func:`touch_event_row`. The result-entry
services end with :func:`touch_event_and_warm`: a running event's hot answers
(:func:`hot_urls`) are built right after the commit, before the write answers, so the readers
after a result find them cached (warm-ahead, core.caching.touch_and_warm).
"""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from django.urls import reverse

from core.caching import touch_and_warm, touch_now_and_on_commit
from core.hot_urls import once
from tournaments import systems

LIST = "tournaments"
ROWS = "tournament-rows"


def event(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def frame(tournament_id: int) -> str:
    """The scope of an event's answers that its results do not change (see the module's
    docstring); every touch of the event but :func:`touch_event_and_warm` touches it."""
    return f"tournament:{tournament_id}:frame"


def touch_event(tournament_id: int) -> None:
    """An event's rows changed (entries, rounds, pairings, results, officials)."""
    touch_now_and_on_commit(LIST, event(tournament_id), frame(tournament_id))


def touch_event_and_warm(tournament_id: int) -> None:
    """Results of an event changed: as :func:`touch_event`, with its hot answers built after
    the commit (outside the write's transaction). Called once, after the service's last write (a later touch in the same
    transaction only makes it fall back to the plain touch). Only the board results and
    their points: the event's :func:`frame` is left as it is (a service that writes anything
    else calls :func:`touch_event` too, as ``refresh_round_status`` does)."""
    scopes: tuple[str, ...] = (LIST, event(tournament_id))
    if _has_delegations(tournament_id):  # the detail's delegation ranking is made of results
        scopes += (frame(tournament_id),)
    touch_and_warm(*scopes, hot=event(tournament_id))


def touch_event_frame(tournament_id: int) -> None:
    """A result changed what the event's :func:`frame` shows (a round's status)."""
    touch_now_and_on_commit(frame(tournament_id))


def _has_delegations(tournament_id: int) -> bool:
    from tournaments.models import Delegation

    return Delegation.objects.filter(tournament_id=tournament_id).exists()


def live_round(tournament_id: int) -> int | None:
    """The round being played (the last one) of a running individual event of at least
    ``PUBLIC_WARM_AHEAD_MIN_ENTRIES`` players, or None: the events whose answers are worth
    building ahead (a small event rebuilds in a few milliseconds; a finished one is read
    little after each change). One query, read once per ``core.hot_urls.hot_urls`` call."""
    return once(("live-round", tournament_id), lambda: _live_round(tournament_id))


def _live_round(tournament_id: int) -> int | None:
    from django.db.models import Count, OuterRef, Subquery

    from tournaments.models import Entry, Round, Tournament

    entries = (Entry.objects.filter(tournament=OuterRef("pk")).order_by()
               .values("tournament").annotate(n=Count("pk")).values("n"))
    last = Round.objects.filter(tournament=OuterRef("pk")).order_by("-number").values("number")
    row = (Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.RUNNING)
           .annotate(players=Subquery(entries[:1]), last=Subquery(last[:1]))
           .values_list("system", "players", "last").first())
    if row is None:
        return None
    system, players, last_round = row
    spec = systems.spec_of(system)
    if spec.team or spec.bracket:  # individual events ranked by points only
        return None
    if (players or 0) < settings.PUBLIC_WARM_AHEAD_MIN_ENTRIES:
        return None
    return cast("int | None", last_round)


def event_id(scope: str) -> int | None:
    prefix, _, number = scope.partition(":")
    return int(number) if prefix == "tournament" and number.isdigit() else None


def hot_urls(scope: str) -> list[str]:
    """What readers of a live event ask for after each result (core.caching.hot_urls): the
    public API's standings and crosstable (by default — the last complete round — and after
    the round being played, as live clients ask) and the pairings of the round being played,
    exactly as the results site and the clients spell them."""
    tournament_id = event_id(scope)
    current = live_round(tournament_id) if tournament_id is not None else None
    if current is None:
        return []
    standings, crosstable, pairings = (  # the public API's routes (config/public_urls.py)
        reverse(f"public-tournament-{action}", args=[tournament_id])
        for action in ("standings", "crosstable", "pairings"))
    # what a result changes first (readers after the write's answer wait for the one they
    # ask: core.warm_marks); the defaults, after the last complete round, are most often
    # unchanged and cheap (their bodies kept by value: public_standings.table_answer)
    return [f"{pairings}?round={current}", f"{standings}?after_round={current}",
            f"{crosstable}?after_round={current}", standings, crosstable]


def touch_event_row(tournament_id: int) -> None:
    """The event itself changed (status, name, dates)."""
    touch_now_and_on_commit(LIST, event(tournament_id), frame(tournament_id), ROWS)


def touch_for_admin(obj: Any) -> None:
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
