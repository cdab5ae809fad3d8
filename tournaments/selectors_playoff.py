"""Reads of the play-offs (thi đấu bổ sung / thi đấu thêm, seed 002 Phần 2 Điều 2.3): the team
play-off matches with their score, shown with the team table that they decide."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from chessrules.values import RESULT_POINTS
from tournaments.models import PlayOffGame, PlayOffMatch, Tournament


def team_playoff_matches(tournament: Tournament) -> list[dict[str, Any]]:
    """The event's team play-off matches in their order: ``{"number", "home", "away",
    "home_points", "away_points", "boards"}`` with the teams' starting numbers and the game
    points each scored (two queries)."""
    matches = list(PlayOffMatch.objects.filter(tournament=tournament).order_by("number")
                   .values_list("pk", "number", "home_id", "home__starting_number",
                                "away__starting_number"))
    scored: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    boards: dict[int, int] = defaultdict(int)
    homes = {pk: home for pk, _n, home, _h, _a in matches}
    for match, white_team, result in PlayOffGame.objects.filter(
            tournament=tournament, match__isnull=False).values_list(
            "match_id", "white__team_id", "result"):
        points = RESULT_POINTS.get(result)
        if points is None or match is None or match not in homes:
            continue
        own, other = points if white_team == homes[match] else points[::-1]
        scored[match][0] += own
        scored[match][1] += other
        boards[match] += 1
    return [{"number": number, "home": home, "away": away, "home_points": scored[pk][0],
             "away_points": scored[pk][1], "boards": boards[pk]}
            for pk, number, _home_id, home, away in matches]
