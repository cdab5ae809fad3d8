"""Public cache scopes of the documents app (see core.caching).

- ``decisions``: issued decisions (a title's decision number and date are shown on
  players' profiles and the titled players' list).

Every service that writes a decision calls :func:`touch`. Rendered PDFs are not public,
except an event's standings (individual, team, per board, overall), crosstable and
pairings (``tournaments.documents.PUBLIC_KINDS``,
issue 20): ``/api/v1/public/tournaments/{id}/documents/{kind}/`` keeps them in the public
cache under the event's scopes (``tournament:<id>``, ``clubs``), which every write of what
they print touches; a stored PDF is served only while its data hash is current.
"""

from __future__ import annotations

from core.caching import touch_now_and_on_commit

DECISIONS = "decisions"


def touch() -> None:
    touch_now_and_on_commit(DECISIONS)


def touch_for_admin(obj: object) -> None:
    touch()
