"""Điều 27 (seed 000, Hệ Thụy Sĩ): the size guidance of a Swiss event.

"Thi đấu theo hệ Thụy Sĩ áp dụng trong trường hợp có nhiều đấu thủ (theo quy định từ 20
trở lên) chơi với số vòng đấu hạn chế được thông báo từ trước (thông thường cứ 20-30 đấu
thủ thi đấu 7-9 vòng, từ 30-50 đấu thủ thi đấu 9 hay 11 vòng, nếu số lượng lớn hơn thi
đấu 11 hay 13 vòng)."

The article is guidance ("thông thường"), so it gives warnings, never a refusal.  30 and
50 players sit in two bands; either band's rounds are accepted.

Public API
----------
- ``MIN_PLAYERS = 20``
- ``recommended_rounds(players) -> tuple[int, ...]``: the rounds the article suggests
  (empty under 20 players: the article gives none).
- ``guidance(players, rounds) -> list[Guidance]``: ``few_players`` (fewer than 20) and
  ``rounds`` (a number of rounds outside ``recommended_rounds``).
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_PLAYERS = 20
FEW_PLAYERS = "few_players"
ROUNDS = "rounds"


@dataclass(frozen=True)
class Guidance:
    code: str  # FEW_PLAYERS or ROUNDS
    players: int
    rounds: int | None
    recommended: tuple[int, ...] = ()


def recommended_rounds(players: int) -> tuple[int, ...]:
    """Rounds of Điều 27 for ``players`` players (20-30: 7-9; 30-50: 9 or 11; more:
    11 or 13)."""
    bands: set[int] = set()
    if MIN_PLAYERS <= players <= 30:
        bands |= {7, 8, 9}
    if 30 <= players <= 50:
        bands |= {9, 11}
    if players > 50:
        bands |= {11, 13}
    return tuple(sorted(bands))


def guidance(players: int, rounds: int | None) -> list[Guidance]:
    """What in a Swiss event of ``players`` players and ``rounds`` rounds departs from
    the guidance of Điều 27 (empty: nothing)."""
    if players < MIN_PLAYERS:
        return [Guidance(FEW_PLAYERS, players, rounds)]
    recommended = recommended_rounds(players)
    if rounds is not None and rounds not in recommended:
        return [Guidance(ROUNDS, players, rounds, recommended)]
    return []
