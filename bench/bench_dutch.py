"""Benchmark: Dutch pairing (C.04.3) of round 9 after 8 random rounds.

    .venv/bin/python bench/bench_dutch.py [--sizes 100 500 1000 2000] [--limit 600]

Targets (issue 5): 100 players <= 0.5 s, 500 <= 10 s, 1,000 <= 60 s per round, one
core.  The 8 rounds of history are played with a fast greedy Swiss pairing and
random results (``--dutch-history`` plays them with the Dutch pairing itself,
much slower for big events); only the 9th round's Dutch pairing is timed.
A size that exceeds ``--limit`` seconds is reported as such and skipped.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chessrules.dutch import pair_round  # noqa: E402
from chessrules.dutch.generator import choose_not_paired, play_tournament, quick_pair  # noqa: E402


class _TimeUp(Exception):
    pass


def _alarm(signum, frame):
    raise _TimeUp


def bench(size: int, rounds: int, seed: int, dutch_history: bool, limit: int) -> str:
    tournament = play_tournament(size, 11, seed, play=rounds,
                                 pair=pair_round if dutch_history else quick_pair)
    not_paired = choose_not_paired(tournament, random.Random(seed), 0.02, 0.0)
    options = tournament.options(not_paired)
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(limit)
    start = time.perf_counter()
    cpu_start = time.process_time()
    try:
        pairings = pair_round(tournament.players, tournament.history, rounds + 1, options)
    except _TimeUp:
        return f"{size:>5} players: > {limit} s (stopped)"
    finally:
        signal.alarm(0)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return (f"{size:>5} players: {elapsed:8.2f} s wall, {cpu:8.2f} s CPU "
            f"({len(pairings)} boards, round {rounds + 1})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--rounds", type=int, default=8, help="rounds played before")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--limit", type=int, default=600, help="seconds per size")
    parser.add_argument("--dutch-history", action="store_true")
    args = parser.parse_args()
    print(f"Dutch pairing bench, load average {os.getloadavg()[0]:.2f}, "
          f"{os.cpu_count()} cores")
    for size in args.sizes:
        print(bench(size, args.rounds, args.seed, args.dutch_history, args.limit), flush=True)


if __name__ == "__main__":
    main()
