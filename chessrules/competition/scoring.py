"""Scoring (Điều 21.1-21.2) and withdrawals (Điều 21.5; 002 part 2 Điều 4).

Public API
----------
- ``GAME_POINTS``: 21.2 game points per game, ``{1.0: 2, 0.5: 1, 0.0: 0}``.
- ``two_game_match(results, absent=None) -> (MatchScore, MatchScore)``: a two-game
  match (21.2): each game gives 2/1/0 game points; the match gives 1/½/0 match points;
  an absent player's opponent gets 1 match point and 4 game points.
- ``rank_by_match_points(totals) -> list[id]``: match points, then game points (21.2).
- ``match_of(mine, theirs) -> MatchScore | None``: one side of a match from the two
  games' entries (forfeits, double forfeits and absences included).
- ``match_totals(competitors, matches) -> {id: MatchScore}``: every competitor's match
  and game points over the matches ``(a, b, first round, second round)``.
- ``withdraw_round_robin(competitors, player_id, pairings, law="xiangqi")``: 21.5.1 —
  played half or fewer of his games (chess, 002 Điều 4.2: fewer than half) -> all his
  games annulled (``ANNULLED``, shown X); otherwise his remaining games are lost by
  forfeit (``-`` for him, ``+`` for the opponent, 002 Điều 4.3).
  "Played" is the games played over the board at the moment of withdrawal (``played=``,
  by default his ``GAME`` entries now): a forfeit is not a game played.
- ``withdraw_round_robin_all(competitors, player_ids, pairings, law)``: several
  withdrawals in the order given; each player's games over the board are counted before
  any is applied, so an earlier withdrawer's annulled games do not push a later one
  under half (21.5.1 counts the games he had played when he withdrew).
- ``withdraw_swiss(competitor, after_round)``: 21.5.2 — results kept, no longer paired.
- ``crosstable_mark(entry) -> str``: "1", "½", "0", "+", "-", "X", "=" (half bye) ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from chessrules.competition.model import (
    ABSENT,
    ANNULLED,
    BYE,
    DRAW,
    FORFEIT,
    GAME,
    LOSS,
    PAB,
    WIN,
    Competitor,
    Entry,
)
from chessrules.values import BYE_CODES

GAME_POINTS = {WIN: 2, DRAW: 1, LOSS: 0}
ABSENT_OPPONENT_GAME_POINTS = 4


@dataclass(frozen=True)
class MatchScore:
    match_points: float
    game_points: int


def two_game_match(
    results: list[float], absent: str | None = None
) -> tuple[MatchScore, MatchScore]:
    """Score a two-game match between A and B (Điều 21.2).

    ``results`` are A's results (1, 0.5, 0) in the games played; ``absent`` is "a" or
    "b" when that player did not turn up (the other gets 1 match point, 4 game points).
    """
    if absent is not None:
        if absent not in ("a", "b"):
            raise ValueError(f"absent must be 'a' or 'b', got {absent!r}")
        present = MatchScore(1.0, ABSENT_OPPONENT_GAME_POINTS)
        missing = MatchScore(0.0, 0)
        return (missing, present) if absent == "a" else (present, missing)
    if len(results) != 2:
        raise ValueError(f"a two-game match has 2 results, got {len(results)}")
    for r in results:
        if r not in GAME_POINTS:
            raise ValueError(f"game result {r!r} is not 1, 0.5 or 0")
    a = sum(GAME_POINTS[r] for r in results)
    b = 4 - a
    if a > b:
        return MatchScore(1.0, a), MatchScore(0.0, b)
    if a < b:
        return MatchScore(0.0, a), MatchScore(1.0, b)
    return MatchScore(0.5, a), MatchScore(0.5, b)


def rank_by_match_points(totals: Mapping[int, MatchScore]) -> list[int]:
    """Order by match points, then game points (21.2); ties keep id order."""
    return sorted(totals, key=lambda k: (-totals[k].match_points, -totals[k].game_points, k))


def match_of(mine: Sequence[Entry], theirs: Sequence[Entry]) -> MatchScore | None:
    """One side of a two-game match (Điều 21.2) from the entries of its two games, or None
    while a game has no result (or was annulled by a withdrawal, 21.5.1).

    A forfeited game counts like a game won or lost (2 or 0 game points), so a player who
    is absent from both games gives his opponent 1 match point and 4 game points, as 21.2
    says. A game neither side came to gives nobody anything; when neither came to either
    game nobody wins the match (0 match points each).
    """
    if len(mine) != 2 or len(theirs) != 2:
        raise ValueError("a two-game match has 2 games")
    if any(e.kind not in (GAME, FORFEIT) for e in (*mine, *theirs)):
        return None
    double = [m.kind == FORFEIT and m.points == t.points == LOSS
              for m, t in zip(mine, theirs, strict=True)]
    if all(double):
        return MatchScore(0.0, 0)
    if not any(double):
        results = [e.points for e in mine]
        return two_game_match(results)[0]
    own = sum(GAME_POINTS[e.points] for e in mine)
    other = sum(GAME_POINTS[e.points] for e in theirs)
    return MatchScore(1.0 if own > other else 0.5 if own == other else 0.0, own)


def match_totals(competitors: Mapping[int, Competitor],
                 matches: Iterable[tuple[int, int, int, int]]) -> dict[int, MatchScore]:
    """Match points and game points of every competitor (Điều 21.2) over ``matches``:
    ``(a, b, round of game 1, round of game 2)``; unfinished matches count nothing yet."""
    points = {pid: 0.0 for pid in competitors}
    games = {pid: 0 for pid in competitors}
    for a, b, first, second in matches:
        if a not in competitors or b not in competitors:
            continue
        ea = [competitors[a].entries.get(r) for r in (first, second)]
        eb = [competitors[b].entries.get(r) for r in (first, second)]
        if any(e is None for e in (*ea, *eb)):
            continue
        mine = [e for e in ea if e is not None]
        theirs = [e for e in eb if e is not None]
        for pid, own, other in ((a, mine, theirs), (b, theirs, mine)):
            score = match_of(own, other)
            if score is not None:
                points[pid] += score.match_points
                games[pid] += score.game_points
    return {pid: MatchScore(points[pid], games[pid]) for pid in competitors}


def games_played(competitor: Competitor) -> int:
    """Games with a result against an opponent (played or forfeited)."""
    return sum(1 for e in competitor.entries.values() if e.kind in (GAME, FORFEIT))


def games_over_the_board(competitor: Competitor) -> int:
    """Games played over the board (Điều 21.5.1 "chỉ chơi nửa số trận")."""
    return sum(1 for e in competitor.entries.values() if e.kind == GAME)


def withdraw_round_robin(
    competitors: Mapping[int, Competitor],
    player_id: int,
    pairings: Mapping[int, list[tuple[int, int]]],
    law: str = "xiangqi",
    *,
    played: int | None = None,
) -> str:
    """Apply a round-robin withdrawal in place; returns "annulled" or "forfeited".

    ``pairings`` maps every round to its ``(white, black)`` pairs (the whole schedule).
    ``law`` "xiangqi" (Điều 21.5.1: half or fewer played -> annul) or "chess" (002
    Điều 4.2-4.3: fewer than half -> annul, half or more -> keep).  ``played``: his games
    over the board when he withdrew (default: counted now).
    """
    if law not in ("xiangqi", "chess"):
        raise ValueError(f"law must be 'xiangqi' or 'chess', got {law!r}")
    player = competitors[player_id]
    scheduled = sum(1 for pairs in pairings.values() for p in pairs if player_id in p)
    if played is None:
        played = games_over_the_board(player)
    annul = played * 2 <= scheduled if law == "xiangqi" else played * 2 < scheduled
    rounds_of_player = {
        r: (w if b == player_id else b)
        for r, pairs in pairings.items() for w, b in pairs if player_id in (w, b)
    }
    for round_number, opponent_id in sorted(rounds_of_player.items()):
        opponent = competitors.get(opponent_id)
        if opponent is None:
            continue  # the missing number of an odd field: a rest round
        mine = player.entries.get(round_number)
        if annul:
            if mine is not None and mine.kind in (GAME, FORFEIT):
                player.entries[round_number] = Entry(ANNULLED, 0.0, opponent_id, mine.color)
                theirs = opponent.entries.get(round_number)
                colour = theirs.color if theirs else None
                opponent.entries[round_number] = Entry(ANNULLED, 0.0, player_id, colour)
            else:
                player.entries[round_number] = Entry(ANNULLED, 0.0, opponent_id)
                opponent.entries[round_number] = Entry(ANNULLED, 0.0, player_id)
        elif mine is None or mine.kind == ABSENT:
            player.entries[round_number] = Entry(FORFEIT, LOSS, opponent_id)
            opponent.entries[round_number] = Entry(FORFEIT, WIN, player_id)
    last_game = max((r for r, e in player.entries.items() if e.kind == GAME), default=0)
    player.withdrawn_after = last_game
    return "annulled" if annul else "forfeited"


def withdraw_round_robin_all(
    competitors: Mapping[int, Competitor],
    player_ids: list[int],
    pairings: Mapping[int, list[tuple[int, int]]],
    law: str = "xiangqi",
) -> dict[int, str]:
    """Several round-robin withdrawals, in the order they happened (Điều 21.5.1).

    Every withdrawer's games over the board are counted first: a game against an
    earlier withdrawer whose games were annulled was still played by the later one.
    """
    played = {pid: games_over_the_board(competitors[pid]) for pid in player_ids}
    return {pid: withdraw_round_robin(competitors, pid, pairings, law, played=played[pid])
            for pid in player_ids}


def withdraw_swiss(competitor: Competitor, after_round: int) -> None:
    """Điều 21.5.2: results kept; he is no longer paired after ``after_round``."""
    competitor.withdrawn_after = after_round


#: Điều 21.5.2 (Swiss): "Trên bảng điểm ghi “0” cho người bỏ cuộc và ghi “X” cho người thắng
#: đối phương bỏ cuộc" - the forfeits after a withdrawal, instead of "-" and "+".
SWISS_WITHDRAWN_MARK = "0"
SWISS_WIN_AGAINST_WITHDRAWN_MARK = "X"


def swiss_withdrawal_mark(entry: Entry | None, *, own: bool, opponents: bool) -> str | None:
    """Điều 21.5.2: the mark of a forfeit in a Swiss after a withdrawal (``own``: this
    player had withdrawn before the round; ``opponents``: his opponent had), or None when
    the round is not such a forfeit."""
    if entry is None or entry.kind != FORFEIT:
        return None
    if own and entry.points < WIN:
        return SWISS_WITHDRAWN_MARK
    if opponents and entry.points >= WIN:
        return SWISS_WIN_AGAINST_WITHDRAWN_MARK
    return None


def crosstable_mark(entry: Entry | None) -> str:
    """How a round is shown on the score table."""
    if entry is None or entry.kind == ABSENT:
        return ""
    if entry.kind == ANNULLED:
        return "X"
    if entry.kind == FORFEIT:
        return "+" if entry.points >= WIN else "-"
    if entry.kind in (PAB, BYE):
        return BYE_CODES.get(entry.points, str(entry.points))
    return {WIN: "1", DRAW: "½", LOSS: "0"}[entry.points]
