"""Team events from a snapshot (Điều 30): match scores, lineups, teams as competitors.

The team table itself (match points, 30.1.5 ranking) is ``chessrules.competition.team``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from chessrules.competition import model as cmodel
from chessrules.competition import team as cteam
from chessrules.competition.knockout import Placement
from chessrules.values import RESULT_POINTS, Result, TeamMatchForm
from tournaments.engine.snapshot import Snapshot, game_points

_PLAYED = frozenset(r.value for r in Result if r.played and r.points is not None)


def team_matches(snapshot: Snapshot, up_to_round: int) -> list[dict]:
    """Team match results: ``{"round", "home", "away", "points": [(team, board,
    points)]}`` by team starting numbers. A player's board is his board order, or the
    board he played as a reserve (30.1.4). A team bye of the team Swiss by draw scores
    ``bye_score`` on every board (docs/decisions-tournaments.md)."""
    settings = snapshot.settings
    boards = settings.boards
    players = {e.number: e for e in snapshot.entries}
    games: dict[int, list] = defaultdict(list)
    for p in snapshot.pairings:
        if p.team_match is not None:
            games[p.team_match].append(p)
    matches = []
    for match in snapshot.team_matches:
        if match.round > up_to_round:
            continue
        row: dict[str, Any] = {"round": match.round, "home": match.home, "away": match.away,
                               "points": []}
        if match.away is None:
            if settings.team_bye_points:
                row["points"] = [(match.home, b, settings.bye_score)
                                 for b in range(1, boards + 1)]
            matches.append(row)
            continue
        for p in games.get(match.id, []):
            scored = game_points(p, RESULT_POINTS)  # the penalty's points where set (13.4e-f)
            if scored is None:
                continue
            for number, points in zip((p.white, p.black), scored, strict=True):
                if number is None:  # a result is between two players
                    continue
                player = players[number]
                row["points"].append((player.team, board_of(settings, player, p, match),
                                      points))
        matches.append(row)
    return matches


def team_standings(matches: list[dict], teams: list[int], boards: int,
                   match_points_first: bool = False, ranking: str | None = None,
                   playoff: dict[int, float] | None = None) -> list[dict]:
    """Team ranking (Điều 30.1.5 or 002 Điều 2.3 by ``ranking``,
    ``chessrules.competition.team.team_standings``) as ``{"team", "game_points",
    "match_points", "opponents_points", "boards", "rank", "playoff"}`` rows; ``playoff``
    the teams' play-off match points (tie-break PO, 002 Điều 2.3 "Thi đấu thêm") or None."""
    scores = [cteam.TeamMatchScore(m["home"], m["away"], tuple(m["points"])) for m in matches]
    return [{"team": s.team, "game_points": s.game_points, "match_points": s.match_points,
             "opponents_points": s.opponents_points, "boards": list(s.boards),
             "rank": s.rank, "playoff": s.playoff}
            for s in cteam.team_standings(scores, teams, boards, match_points_first,
                                          ranking=ranking, playoff=playoff)]


def playoff_match_points(games: list[tuple[int, int | None, int | None, str]]
                         ) -> dict[int, float]:
    """The teams' tie-break PO (002 Phần 2 Điều 2.3 "Thi đấu thêm"): each play-off match
    (``(match, white's team, black's team, result)`` per board game) gives 2 match points to
    the team with more game points, 1 to each on a draw (as 30.1.5 counts)."""
    sums: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    for match, white, black, result in games:
        scored = RESULT_POINTS.get(result)
        if scored is None or white is None or black is None:
            continue
        sums[match][white] += scored[0]
        sums[match][black] += scored[1]
    points: dict[int, float] = defaultdict(float)
    for teams in sums.values():
        if len(teams) != 2:
            continue
        (a, pa), (b, pb) = teams.items()
        points[a] += cteam.match_points(pa, pb)
        points[b] += cteam.match_points(pb, pa)
    return dict(points)


def board_results(snapshot: Snapshot, up_to_round: int) -> list[tuple[int, int, float]]:
    """``(board, player, points)`` per game played over the board in a team match (30.1.2:
    a player's pool is his board order; a reserve's, the board he played). Forfeits are
    not games played (002 Điều 2.3 counts "số ván đã chơi")."""
    players = {e.number: e for e in snapshot.entries}
    matches = {m.id: m for m in snapshot.team_matches}
    out = []
    for p in snapshot.pairings:
        if p.round > up_to_round or p.team_match is None or p.result not in _PLAYED:
            continue
        scored = game_points(p, RESULT_POINTS) or (0.0, 0.0)
        for number, points in zip((p.white, p.black), scored, strict=True):
            if number is None:  # a result is between two players
                continue
            out.append((board_of(snapshot.settings, players[number], p,
                                 matches.get(p.team_match)), number, points))
    return out


def board_of(settings, player, pairing, match) -> int:
    """The board a player's game counts on: his board order; a reserve's, the board of the
    player he replaced (30.1.4 "thay … vào đúng bảng có đấu thủ phải nghỉ"). Board against
    board that is the seat's number; in the English form (30.2.2) the seat of table board i
    in round r of the tie is A's board i and B's board i - r (mod n), A the home team."""
    boards = settings.boards
    if player.board_order and player.board_order <= boards:
        return player.board_order
    seat = pairing.match_board
    if match is None or not settings.english_form or player.team == match.home or not seat:
        return seat
    r = (match.round - 1) % boards + 1
    return (seat - r - 1) % boards + 1


def team_competitors(snapshot: Snapshot, up_to_round: int) -> dict[int, cmodel.Competitor]:
    """Teams as competitors of the draw (30.5): each round a game against the other team
    with the team's game points; colour "w" for the team that had the priority."""
    teams = {t.number: cmodel.Competitor(id=t.number, name=t.name) for t in snapshot.teams}
    for t in snapshot.teams:
        if t.withdrawn:
            teams[t.number].withdrawn_after = up_to_round
    for match in team_matches(snapshot, up_to_round):
        sums: dict[int, float] = defaultdict(float)
        for team, _board, points in match["points"]:
            sums[team] += points
        home, away, r = match["home"], match["away"], match["round"]
        if away is None:
            teams[home].entries[r] = cmodel.Entry(cmodel.PAB, sums[home])
            continue
        teams[home].entries[r] = cmodel.Entry(cmodel.GAME, sums[home], away, "w")
        teams[away].entries[r] = cmodel.Entry(cmodel.GAME, sums[away], home, "b")
    return teams


def lineups(snapshot: Snapshot) -> dict[int, dict[int, int]]:
    """Team starting number -> board -> player starting number (board players only)."""
    boards = snapshot.settings.boards
    lineup: dict[int, dict[int, int]] = defaultdict(dict)
    for p in snapshot.entries:
        if p.team is not None and p.board_order is not None and p.board_order <= boards:
            lineup[p.team][p.board_order] = p.number
    return lineup


def rounds_per_tie(settings) -> int:
    """Rounds a team-knockout tie lasts (30.3): the English form (30.2.2) one per board,
    board against board (30.2.1) one."""
    if (settings.team_match_form or TeamMatchForm.SCHEVENINGEN) == TeamMatchForm.SCHEVENINGEN:
        return settings.boards
    return 1


def team_knockout(snapshot: Snapshot) -> tuple[list[list[cteam.TeamTie]],
                                               list[cteam.PlacementTies]]:
    """Điều 30.3: the bracket and the placement matches (002 Điều 11) from the team matches
    of each tie once every game of the tie has a result: one match board against board, or
    the ``boards`` rounds of the English form (30.2.2). A player's points count on his board
    order (a reserve's on the board he played), so 30.1.5 compares board 1, board 2, …"""
    settings = snapshot.settings
    boards = settings.boards
    complete = 2 * boards * rounds_per_tie(settings)
    played: dict[frozenset[int], list[tuple[int, int, float]]] = defaultdict(list)
    for match in team_matches(snapshot, max((m.round for m in snapshot.team_matches),
                                            default=0)):
        if match["away"] is not None:
            played[frozenset((match["home"], match["away"]))].extend(match["points"])
    results: dict[frozenset[int], dict[int, list[float]]] = {}
    for pair, points in played.items():
        if len(points) < complete:
            continue
        by_team = {team: [0.0] * boards for team in pair}
        for team, board, value in points:
            by_team[team][board - 1] += value
        results[pair] = by_team
    seed = settings.lot_seed or 0
    stages = cteam.team_knockout(len(snapshot.teams), results, seed)
    placement = cteam.team_knockout_placement(
        len(snapshot.teams), stages, results, seed,
        settings.knockout_placement or Placement.NONE)
    return stages, placement
