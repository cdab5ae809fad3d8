"""Time one rating period of the pure engine: 100,000 players, 1,000,000 games (issue 8).

Run: ``.venv/bin/python bench/bench_rating.py [--players N] [--games N] [--seed S]``

Prints the time to build the inputs (what the ratings app does when it reads its rows), the time
of :func:`chessrules.rating.rate_period` and a few counts that show the period is realistic
(rated/unrated players, games rated, players who became rated or were delisted). The whole
ratings job has a target of 60 s on this machine; the pure engine should take well under half.
The inputs are pseudo-random but seeded, so two runs rate the same period.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chessrules.rating import FIDE_STANDARD, PlayerState, RatedGame, rate_period  # noqa: E402


def build_players(count: int, rng: random.Random) -> dict[int, PlayerState]:
    players = {}
    for player in range(count):
        if rng.random() < 0.1:  # one in ten not yet rated
            players[player] = PlayerState(None, birth_year=rng.randint(1960, 2018))
        else:
            rating = max(1400, min(2800, int(rng.gauss(1750, 250))))
            players[player] = PlayerState(rating, games=rng.randint(0, 400),
                                          birth_year=rng.randint(1950, 2018),
                                          peak_rating=rating + rng.randint(0, 60))
    return players


def build_games(players: int, count: int, rng: random.Random) -> list[RatedGame]:
    """Swiss-like events of 40 players × 10 rounds (200 games each); every player takes part in
    about two events in the period; 1 % of the games are forfeits."""
    games: list[RatedGame] = []
    randrange = rng.randrange
    results = (1.0, 0.5, 0.0, 1.0, 0.0)
    event = 0
    while len(games) < count:
        entrants = rng.sample(range(players), 40)
        for _round in range(10):
            rng.shuffle(entrants)
            for board in range(0, 40, 2):
                games.append(RatedGame(event, entrants[board], entrants[board + 1],
                                       results[randrange(5)], randrange(100) == 0))
        event += 1
    del games[count:]
    return games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    start = time.perf_counter()
    players = build_players(args.players, rng)
    games = build_games(args.players, args.games, rng)
    built = time.perf_counter()
    results = rate_period(players, games, FIDE_STANDARD, period=date(2026, 11, 1))
    rated = time.perf_counter()

    became_rated = sum(1 for r in results.values() if r.became_rated)
    delisted = sum(1 for r in results.values() if r.delisted)
    capped = sum(1 for r in results.values() if r.k is not None and "capped" in r.k.reason)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"players {args.players}, games {args.games} (seed {args.seed})")
    print(f"build inputs {built - start:.2f} s")
    print(f"rate_period {rated - built:.2f} s")
    print(f"results {len(results)}, became rated {became_rated}, delisted {delisted}, "
          f"K capped {capped}")
    print(f"load average (1 min) {load:.2f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
