"""Individual matches (002 part 2, Điều 8) and individual Scheveningen (002 Điều 10).

Điều 8 "Thi đấu đối kháng": a match between two players "có thể tính tỷ số với số lượng ván
ấn định, hoặc có thể tính thắng cuộc theo số điểm ấn định hoặc ván thắng ấn định trước" —
the score over a fixed number of games, or the first to a set number of points, or the first
to a set number of won games. ``match_state`` reads the games played so far under those
terms: whether the match is decided and who won. Player 0 (starting number 1, drawn by
lot) has White in the odd games, colours alternate (002 Điều 11: "Màu quân phải thay đổi
lần lượt").

Điều 10 "Hệ thống Svennhighen": "một nhóm (hoặc một nửa số đấu thủ) đấu với đấu thủ của
nhóm thứ hai" — every player of group A meets every player of group B once. The order is
the table of Điều 30.2.2 (file 000: on board i of round r, A_i meets B_j with
j = i - r (mod n)), the colours the rule printed under it (odd A White against odd B,
Black against even B; even A White against even B). The printed tables stop at 6 players;
the same rule gives the table for any size (docs/decisions-competition.md).

Public API
----------
``match_colours(game) -> (white, black)`` (player indexes 0/1);
``check_match_terms(games, target_points=None, target_wins=None)`` (``ValueError``);
``match_state(games, scheduled, target_points=None, target_wins=None) -> MatchState``;
``scheveningen_rounds(size) -> list[list[SchevBoard]]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MAX_MATCH_GAMES = 40
#: the two groups of an individual Scheveningen (002 Điều 10), as stored on an entry
GROUPS = ("A", "B")


def match_colours(game: int) -> tuple[int, int]:
    """(White, Black) as player indexes for game ``game`` (1-based): player 0 White first."""
    if game < 1:
        raise ValueError(f"games are numbered from 1, got {game}")
    return (0, 1) if game % 2 == 1 else (1, 0)


def check_match_terms(games: int, target_points: float | None = None,
                      target_wins: int | None = None) -> None:
    """Điều 8: a match of ``games`` games (the number set, or the most that may be played
    when a target is set); at most one target; a points target decides the match only when
    it is more than half of the games and reachable; a wins target is reachable."""
    if not 1 <= games <= MAX_MATCH_GAMES:
        raise ValueError(f"a match has 1-{MAX_MATCH_GAMES} games, got {games}")
    if target_points is not None and target_wins is not None:
        raise ValueError("a match is won on points or on won games, not both")
    if target_points is not None:
        if (target_points * 2) != int(target_points * 2):
            raise ValueError(f"a points target is a whole or half point, got {target_points}")
        if not games / 2 < target_points <= games:
            raise ValueError(f"a points target must be more than half of the {games} games "
                             f"and at most {games}, got {target_points}")
    if target_wins is not None and not 1 <= target_wins <= games:
        raise ValueError(f"a wins target must be 1-{games}, got {target_wins}")


@dataclass(frozen=True)
class MatchState:
    """The match after ``games`` games: each player's points and wins, whether it is over
    and the winner's index (None: not over, or drawn)."""

    games: int
    points: tuple[float, float]
    wins: tuple[int, int]
    decided: bool
    winner: int | None


def match_state(games: Sequence[tuple[float, float] | None], scheduled: int,
                target_points: float | None = None,
                target_wins: int | None = None) -> MatchState:
    """The state after ``games`` (per game the points of player 0 and player 1, None for a
    game without result yet). A won game is one scoring 1 (a forfeit win counts, 002 part 2
    Điều 4.4). Decided when a player reaches the target, or when ``scheduled`` games are
    played; then the winner has more points (equal points: a drawn match)."""
    check_match_terms(scheduled, target_points, target_wins)
    points = [0.0, 0.0]
    wins = [0, 0]
    played = 0
    for game in games:
        if game is None:
            break
        played += 1
        for side in (0, 1):
            points[side] += game[side]
            wins[side] += game[side] == 1
    reached = _reached(points, wins, target_points, target_wins)
    if reached is not None:
        return MatchState(played, (points[0], points[1]), (wins[0], wins[1]), True, reached)
    if played >= scheduled:
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
        return MatchState(played, (points[0], points[1]), (wins[0], wins[1]), True, winner)
    return MatchState(played, (points[0], points[1]), (wins[0], wins[1]), False, None)


def _reached(points: list[float], wins: list[int], target_points: float | None,
             target_wins: int | None) -> int | None:
    for side in (0, 1):
        if target_points is not None and points[side] >= target_points:
            return side
        if target_wins is not None and wins[side] >= target_wins:
            return side
    return None


@dataclass(frozen=True)
class SchevBoard:
    """One board of a Scheveningen round: A_a meets B_b (1-based), ``a_white`` or not."""

    a: int
    b: int
    a_white: bool


def scheveningen_rounds(size: int) -> list[list[SchevBoard]]:
    """The rounds of group A against group B, ``size`` players each (Điều 30.2.2 order
    and colour rule; 002 Điều 10)."""
    if size < 1:
        raise ValueError(f"each group needs at least one player, got {size}")
    rounds = []
    for r in range(1, size + 1):
        boards = []
        for i in range(1, size + 1):
            j = (i - r - 1) % size + 1
            boards.append(SchevBoard(i, j, i % 2 == j % 2))
        rounds.append(boards)
    return rounds
