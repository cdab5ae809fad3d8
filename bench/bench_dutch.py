"""Benchmark: Dutch pairing (C.04.3) of round 9 after 8 random rounds, or every round.

    .venv/bin/python bench/bench_dutch.py [--sizes 100 500 1000 2000] [--limit 600]
    .venv/bin/python bench/bench_dutch.py --per-round [--sizes 500 1000 2000] [--rounds 11]
        [--event-rounds 11]
        [--upto 3] [--plain] [--one-go]

Targets (issue 5): 100 players <= 0.5 s, 500 <= 10 s, 1,000 <= 60 s per round, one
core.  The 8 rounds of history are played with a fast greedy Swiss pairing and
random results (``--dutch-history`` plays them with the Dutch pairing itself,
much slower for big events); only the 9th round's Dutch pairing is timed.
A size that exceeds ``--limit`` seconds is reported as such and skipped.

``--per-round`` (issue 15: 500 players round 2 <= 2 s, 1,000 round 2 <= 20 s, every
round of 2,000 <= 60 s, warm process) plays a whole event with the Dutch pairing and
prints the CPU and wall time of each round (``--upto`` stops after that round);
``--plain`` also pairs each round with the matching algorithm without its
shortcuts (``matching.BLOSSOM_SHORTCUTS = False``), prints its time beside and
checks that both pairings are identical; ``--one-go`` does the same with the
tie-broken matchings solved in one go (``matching.TIE_SPLIT = False``).  CPU time is the fair figure on a
shared machine; the load average is printed.
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

from chessrules.dutch import matching, pair_round  # noqa: E402
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


def _timed(pair, *args):
    start = time.perf_counter()
    cpu_start = time.process_time()
    result = pair(*args)
    return result, time.process_time() - cpu_start, time.perf_counter() - start


def per_round(size: int, rounds: int, upto: int, seed: int, plain: bool, limit: int,
              one_go: bool = False) -> None:
    """Play a whole event with the Dutch pairing, timing each round."""
    def timed_pair(players, history, round_number, options):
        pairings, cpu, wall = _timed(pair_round, players, history, round_number, options)
        line = f"{size:>5} players round {round_number:>2}: {cpu:8.2f} s CPU {wall:8.2f} s wall"
        if one_go:
            matching.TIE_SPLIT = False
            try:
                old, old_cpu, _ = _timed(pair_round, players, history, round_number, options)
            finally:
                matching.TIE_SPLIT = True
            same = "identical" if old == pairings else "DIFFERENT"
            line += f" | tie-broken matchings in one go {old_cpu:8.2f} s CPU ({same})"
        if plain:
            matching.BLOSSOM_SHORTCUTS = False
            try:
                old, old_cpu, _ = _timed(pair_round, players, history, round_number, options)
            finally:
                matching.BLOSSOM_SHORTCUTS = True
            same = "identical" if old == pairings else "DIFFERENT"
            line += f" | plain matching {old_cpu:8.2f} s CPU ({same})"
        print(f"{line}  load {os.getloadavg()[0]:.1f}", flush=True)
        if round_number >= upto or cpu > limit:
            raise _TimeUp
        return pairings

    try:
        play_tournament(size, rounds, seed, pair=timed_pair)
    except _TimeUp:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--rounds", type=int, default=8, help="rounds played before")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--limit", type=int, default=600, help="seconds per size")
    parser.add_argument("--dutch-history", action="store_true")
    parser.add_argument("--per-round", action="store_true", help="time every round")
    parser.add_argument("--event-rounds", type=int, default=11, help="--per-round: rounds")
    parser.add_argument("--upto", type=int, default=99, help="--per-round: last round")
    parser.add_argument("--plain", action="store_true",
                        help="--per-round: also time the plain matching algorithm")
    parser.add_argument("--one-go", action="store_true",
                        help="--per-round: also time tie-broken matchings solved in one go "
                             "(matching.TIE_SPLIT = False, the code before #15's two-step "
                             "solve) and check the pairings are identical")
    args = parser.parse_args()
    print(f"Dutch pairing bench, load average {os.getloadavg()[0]:.2f}, "
          f"{os.cpu_count()} cores")
    if args.per_round:
        for size in args.sizes:
            per_round(size, args.event_rounds, args.upto, args.seed, args.plain, args.limit,
                      args.one_go)
        return
    for size in args.sizes:
        print(bench(size, args.rounds, args.seed, args.dutch_history, args.limit), flush=True)


if __name__ == "__main__":
    main()
