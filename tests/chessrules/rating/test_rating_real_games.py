"""A rating period over real xiangqi game results (players, events and results of the shared
data set's index; see data/ATTRIBUTION.md).

Checks that hold whatever the players' start ratings are:
* with one K for everybody and no 700 cap the changes of a period add up to zero, because in
  every game PD(a) + PD(b) = 1 and score(a) + score(b) = 1 (8.3.2);
* each player's score in the result equals his points counted straight from the index;
* the period does not depend on the order of the games.
"""

from __future__ import annotations

import csv
import random
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from chessrules.rating import FIDE_STANDARD, PlayerState, RatedGame, RatingRules, rate_period

SAMPLE = Path(__file__).resolve().parent / "data" / "games_index_sample.tsv"
FULL = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "xiangqi-games" / \
    "games_index.tsv"
POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}


def read_games(path: Path) -> list[RatedGame]:
    games = []
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if row["result"] in POINTS and row["red"] and row["black"] \
                    and row["red"] != row["black"]:
                games.append(RatedGame(row["event"], row["red"], row["black"],
                                       POINTS[row["result"]][0]))
    return games


def start_states(games: list[RatedGame]) -> dict[str, PlayerState]:
    """Start ratings spread over 1500-2490 from the sorted names (any spread would do)."""
    names = sorted({g.player_a for g in games} | {g.player_b for g in games})
    return {name: PlayerState(1500 + (index * 37) % 1000, games=100)
            for index, name in enumerate(names)}


def check_period(games: list[RatedGame]) -> None:
    players = start_states(games)
    equal_k = RatingRules(flat_k=20, k_games_cap=None)
    results = rate_period(players, games, equal_k, period=date(2026, 11, 1))
    assert sum(result.change_x100 for result in results.values()) == 0

    points: Counter[str] = Counter()
    for game in games:
        points[game.player_a] += game.score_a
        points[game.player_b] += 1 - game.score_a
    assert {player: result.score for player, result in results.items()} == dict(points)

    shuffled = games[:]
    random.Random(8).shuffle(shuffled)
    forward = rate_period(players, games, FIDE_STANDARD, period=date(2026, 11, 1))
    backward = rate_period(players, shuffled, FIDE_STANDARD, period=date(2026, 11, 1))
    assert {p: r.new_rating for p, r in forward.items()} == {
        p: r.new_rating for p, r in backward.items()}


def test_period_over_the_sample_of_real_games() -> None:
    games = read_games(SAMPLE)
    assert len(games) >= 30
    check_period(games)


def test_period_over_all_real_games() -> None:
    if not FULL.exists():
        pytest.skip(f"../shared/data not present: {FULL} (the full game set lives beside the "
                    "repository in CI)")
    games = read_games(FULL)
    assert len(games) > 1000
    check_period(games)
