"""Public cache scopes of the ratings app (see core.caching).

- ``ratings``: rating lists, periods and their rows, titles (shown on rating lists,
  titled players and players' profiles).

Every service that writes calls :func:`touch`, including the COPY writer of rating
periods (a worker job) and title approvals.
"""

from __future__ import annotations

from core.caching import touch_now_and_on_commit
from core.caching import touches as touches_after

RATINGS = "ratings"


def touch() -> None:
    touch_now_and_on_commit(RATINGS)


#: decorator of this app's writing services
touches = touches_after(touch)


def touch_for_admin(obj: object) -> None:
    touch()
