"""Public cache scopes of the federation app (see core.caching).

- ``clubs``: clubs (the public list; organisers' names on events);
- ``players``: persons and members (public profiles; names on rating lists).

Every service that writes calls :func:`touch` (both scopes: a member's club is shown on
his profile, a club's players count on the list).
"""

from __future__ import annotations

from core.caching import touch_now_and_on_commit
from core.caching import touches as touches_after

CLUBS = "clubs"
PLAYERS = "players"


def touch() -> None:
    touch_now_and_on_commit(CLUBS, PLAYERS)


#: decorator of this app's writing services
touches = touches_after(touch)


def touch_for_admin(obj: object) -> None:
    touch()
