"""Public cache scopes of the documents app (see core.caching).

- ``decisions``: issued decisions (a title's decision number and date are shown on
  players' profiles and the titled players' list).

Every service that writes a decision calls :func:`touch`. Rendered PDFs are not public.
"""

from __future__ import annotations

from core.caching import touch_now_and_on_commit

DECISIONS = "decisions"


def touch() -> None:
    touch_now_and_on_commit(DECISIONS)


def touch_for_admin(obj) -> None:
    touch()
