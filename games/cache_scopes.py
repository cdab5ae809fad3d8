"""Public cache scopes of the games app (see core.caching).

- ``games``: the public game records (list, one game, PGN downloads).

Every service that writes a game record or an upload calls :func:`touch` (validation
reports written with ``update()`` and PGN imports included).
"""

from __future__ import annotations

from core.caching import touch_now_and_on_commit

GAMES = "games"


def touch() -> None:
    touch_now_and_on_commit(GAMES)


def touch_for_admin(obj: object) -> None:
    touch()
