"""Benchmarks of chessrules.competition (issue 5 targets: < 1 s each).

Run: ``.venv/bin/python bench/bench_competition.py``.  Prints:
- Berger tables for 3..100 players (all of them, and the largest alone);
- standings with every tie-break for a 1,000-player, 11-round Swiss event;
- Swiss-by-draw (Điều 29) pairing of 200 players, every round of an 11-round event.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chessrules.competition.model import GAME, PAB, Competitor, Entry  # noqa: E402
from chessrules.competition.roundrobin import berger_table  # noqa: E402
from chessrules.competition.swissdraw import draw_round  # noqa: E402
from chessrules.competition.tiebreaks import compute_standings  # noqa: E402

ALL_CODES = ["BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1", "DE", "WIN", "WON", "BPG",
             "BWG", "ARO", "ARO-C1", "PS", "BH-VN"]


def timed(func, *args, **kwargs):
    start = time.perf_counter()
    result = func(*args, **kwargs)
    return result, time.perf_counter() - start


def bench_berger() -> None:
    _, total = timed(lambda: [berger_table(n) for n in range(3, 101)])
    _, largest = timed(berger_table, 100)
    print(f"berger tables 3..100 players: {total:.3f} s in all; 100 players alone {largest:.4f} s"
          " (target < 1 s)")


def random_swiss(n: int, rounds: int, seed: int = 1) -> dict[int, Competitor]:
    """Random results on random pairings, with some forfeits, byes and withdrawals."""
    rng = random.Random(seed)
    comps = {i: Competitor(i, rating=1200 + rng.randrange(1500)) for i in range(1, n + 1)}
    for r in range(1, rounds + 1):
        ids = [i for i in comps if comps[i].withdrawn_after is None]
        rng.shuffle(ids)
        if len(ids) % 2:
            comps[ids.pop()].entries[r] = Entry(PAB, 1.0)
        for a, b in zip(ids[::2], ids[1::2], strict=True):
            res = rng.choice([0.0, 0.5, 1.0])
            if rng.random() < 0.02:
                comps[a].entries[r] = Entry("forfeit", 1.0, b)
                comps[b].entries[r] = Entry("forfeit", 0.0, a)
            else:
                comps[a].entries[r] = Entry(GAME, res, b, "w")
                comps[b].entries[r] = Entry(GAME, 1.0 - res, a, "b")
        for pid in ids:
            if r < rounds and rng.random() < 0.003:
                comps[pid].withdrawn_after = r
    return comps


def bench_standings() -> None:
    comps = random_swiss(1000, 11)
    standings, seconds = timed(compute_standings, comps, 11, ALL_CODES)
    print(f"standings, 1000 players x 11 rounds, {len(ALL_CODES)} tie-breaks: {seconds:.3f} s"
          f" (target < 1 s); leader {standings[0].id} with {standings[0].points}")


def bench_swiss_by_draw(n: int = 200, rounds: int = 11) -> None:
    rng = random.Random(3)
    comps = {i: Competitor(i) for i in range(1, n + 1)}
    times, relaxed = [], 0
    previous = None
    for r in range(1, rounds + 1):
        draw, seconds = timed(draw_round, comps, r, f"bench-{r}", previous)
        times.append(seconds)
        relaxed += bool(draw.relaxed)
        previous = draw
        for white, black in draw.pairs:
            res = rng.choice([0.0, 0.5, 1.0])
            comps[white].entries[r] = Entry(GAME, res, black, "w")
            comps[black].entries[r] = Entry(GAME, 1.0 - res, white, "b")
        if draw.bye is not None:
            comps[draw.bye].entries[r] = Entry(PAB, 1.0)
    print(f"swiss by draw, {n} players, {rounds} rounds: mean {statistics.mean(times):.3f} s,"
          f" max {max(times):.3f} s per round; rounds needing 29.4.3 relaxation: {relaxed}")


if __name__ == "__main__":
    bench_berger()
    bench_standings()
    bench_swiss_by_draw()
