"""Individual matches (002 Điều 8) and individual Scheveningen (002 Điều 10) from a
snapshot: the match state and the groups' totals (pure; the rules are
``chessrules.competition.match``)."""

from __future__ import annotations

from typing import Any

from chessrules.competition import match as cmatch
from chessrules.values import RESULT_POINTS
from tournaments.engine.snapshot import Snapshot, game_points


def match_players(snapshot: Snapshot) -> list[int]:
    """The two players' starting numbers (1 has White in the odd games)."""
    return sorted(p.number for p in snapshot.entries)


def match_state(snapshot: Snapshot) -> cmatch.MatchState:
    """002 Điều 8: the match after the games recorded, under the event's terms (the
    number of games, a points or wins target)."""
    settings = snapshot.settings
    players = match_players(snapshot)
    games: dict[int, tuple[float, float] | None] = {}
    for p in snapshot.pairings:
        if p.kind != "game" or p.white is None or p.black is None:
            continue
        points = game_points(p, RESULT_POINTS)  # the penalty's points where set (13.4e-f)
        if points is None:
            games[p.round] = None
            continue
        by_player = dict(zip((p.white, p.black), points, strict=True))
        games[p.round] = (by_player[players[0]], by_player[players[1]])
    ordered = [games[r] for r in sorted(games)]
    return cmatch.match_state(ordered, settings.number_of_rounds or len(ordered) or 1,
                              settings.match_target_points, settings.match_target_wins)


def groups(snapshot: Snapshot) -> dict[str, list[int]]:
    """Group letter -> starting numbers in order (A1, A2, ... are the group's order)."""
    out: dict[str, list[int]] = {g: [] for g in cmatch.GROUPS}
    for p in snapshot.entries:
        if p.group in out:
            out[p.group].append(p.number)
    return {g: sorted(numbers) for g, numbers in out.items()}


def group_scores(snapshot: Snapshot, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each group's total of its players' points in ``rows`` (the standings): the result
    of group A against group B (002 Điều 10)."""
    points = {row["starting_number"]: row["points"] for row in rows}
    return [{"group": g, "points": sum(points.get(n, 0.0) for n in numbers),
             "numbers": numbers} for g, numbers in groups(snapshot).items()]
