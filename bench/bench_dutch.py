"""Benchmark: Dutch pairing (C.04.3) of round 9 after 8 random rounds, or every round.

    .venv/bin/python bench/bench_dutch.py [--sizes 100 500 1000 2000] [--limit 600]
    .venv/bin/python bench/bench_dutch.py --per-round [--sizes 500 1000 2000] [--rounds 11]
        [--event-rounds 11]
        [--upto 3] [--plain] [--one-go] [--bbp PATH]

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
tie-broken matchings solved in one go (``matching.TIE_SPLIT = False``), ``--no-twins``
without the reduction of interchangeable players (``matching.TWIN_REDUCTION = False``).  CPU time is the fair figure on a
shared machine; the load average is printed.

``--bbp PATH`` (or the environment variable ``BBP_PAIRINGS``) names a bbpPairings
binary (the FIDE-endorsed C++ engine, built outside this repository): each timed
round is also written as a TRF(x) file (``RandomTournament.to_trf``: ``XXR`` total
rounds, ``XXC white1/black1`` initial colour, the next round's requested byes and
absences in its column), paired by ``bbpPairings --dutch FILE -p OUT`` in a new
process, timed (wall, and CPU of the child from ``getrusage(RUSAGE_CHILDREN)``) and
printed beside ours (``--bbp-rounds`` limits this to some rounds); its output is compared with ours as the equivalence test does
(``format_javafo``: same pairs, colours and board order).  Our pairing continues the
event either way.  Without a binary this comparison is skipped with a message.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chessrules.dutch import format_javafo, matching, pair_round  # noqa: E402
from chessrules.dutch.generator import (  # noqa: E402
    RandomTournament,
    choose_not_paired,
    play_tournament,
    quick_pair,
)


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


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def round_trf(players, history, round_number, options) -> str:
    """The event before ``round_number`` as TRF(x), the round's byes and absences included."""
    event = RandomTournament(list(players), options.total_rounds,
                             {p: list(e) for p, e in history.items()},
                             pairings=[[] for _ in range(round_number - 1)],
                             initial_color=options.initial_color)
    return event.to_trf(options.not_paired)


def run_bbp(binary: str, trf: str, limit: int) -> tuple[str | None, float, float, str]:
    """Pair ``trf`` with bbpPairings: (its ``-p`` output or None, CPU s, wall s, error)."""
    with tempfile.TemporaryDirectory(prefix="bench-bbp-") as folder:
        source, target = Path(folder, "round.trf"), Path(folder, "pairs.txt")
        source.write_text(trf)
        cpu_start, start = _children_cpu(), time.perf_counter()
        try:
            done = subprocess.run([binary, "--dutch", str(source), "-p", str(target)],
                                  capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            return None, _children_cpu() - cpu_start, time.perf_counter() - start, "timed out"
        wall, cpu = time.perf_counter() - start, _children_cpu() - cpu_start
        if done.returncode or not target.exists():
            error = (done.stderr or done.stdout).strip().splitlines()
            return None, cpu, wall, f"exit {done.returncode}: {error[-1] if error else ''}"
        return target.read_text(), cpu, wall, ""


def compare_bbp(binary: str, pairings, args, limit: int) -> str:
    """bbpPairings on the same round: its times and whether its pairing is ours."""
    output, cpu, wall, error = run_bbp(binary, round_trf(*args), limit)
    if output is None:
        return f" | bbpPairings {cpu:8.2f} s CPU {wall:8.2f} s wall (FAILED: {error})"
    ours = format_javafo(pairings)
    if output == ours:
        same = "identical"
    elif sorted(output.split("\n")) == sorted(ours.split("\n")):
        same = "same boards, other order"
    else:
        theirs = {tuple(line.split()) for line in output.splitlines()[1:]}
        mine = {tuple(line.split()) for line in ours.splitlines()[1:]}
        same = f"DIFFERENT: {len(mine - theirs)} of {len(mine)} boards"
    return f" | bbpPairings {cpu:8.2f} s CPU {wall:8.2f} s wall ({same})"


def per_round(size: int, rounds: int, upto: int, seed: int, plain: bool, limit: int,
              one_go: bool = False, bbp: str | None = None,
              bbp_rounds: frozenset[int] = frozenset(), no_twins: bool = False) -> None:
    """Play a whole event with the Dutch pairing, timing each round."""
    def timed_pair(players, history, round_number, options):
        pairings, cpu, wall = _timed(pair_round, players, history, round_number, options)
        line = f"{size:>5} players round {round_number:>2}: {cpu:8.2f} s CPU {wall:8.2f} s wall"
        if bbp and (not bbp_rounds or round_number in bbp_rounds):
            line += compare_bbp(bbp, pairings, (players, history, round_number, options), limit)
        for wanted, switch, label in ((one_go, "TIE_SPLIT", "tie-broken matchings in one go"),
                                      (no_twins, "TWIN_REDUCTION", "no twin reduction"),
                                      (plain, "BLOSSOM_SHORTCUTS", "plain matching")):
            if not wanted:
                continue
            setattr(matching, switch, False)
            try:
                old, old_cpu, _ = _timed(pair_round, players, history, round_number, options)
            finally:
                setattr(matching, switch, True)
            same = "identical" if old == pairings else "DIFFERENT"
            line += f" | {label} {old_cpu:8.2f} s CPU ({same})"
        print(f"{line}  load {os.getloadavg()[0]:.1f}", flush=True)
        if round_number >= upto or cpu > limit:
            raise _TimeUp
        return pairings

    try:
        play_tournament(size, rounds, seed, pair=timed_pair)
    except _TimeUp:
        pass


def _bbp_binary(path: str | None) -> str | None:
    if not path:
        print("bbpPairings: no binary given (--bbp PATH or BBP_PAIRINGS): comparison skipped")
        return None
    if not os.access(path, os.X_OK):
        print(f"bbpPairings: {path} is not an executable file: comparison skipped")
        return None
    return path


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
    parser.add_argument("--no-twins", action="store_true",
                        help="--per-round: also time the pairing without the twin reduction "
                             "(matching.TWIN_REDUCTION = False) and check it is identical")
    parser.add_argument("--bbp", metavar="PATH", default=os.environ.get("BBP_PAIRINGS"),
                        help="--per-round: bbpPairings binary to time beside ours and "
                             "compare pairings with (default: $BBP_PAIRINGS)")
    parser.add_argument("--bbp-rounds", type=int, nargs="+", default=[],
                        help="--bbp: only these rounds (default: every round)")
    args = parser.parse_args()
    print(f"Dutch pairing bench, load average {os.getloadavg()[0]:.2f}, "
          f"{os.cpu_count()} cores")
    if args.per_round:
        bbp = _bbp_binary(args.bbp)
        for size in args.sizes:
            per_round(size, args.event_rounds, args.upto, args.seed, args.plain, args.limit,
                      args.one_go, bbp, frozenset(args.bbp_rounds), args.no_twins)
        return
    for size in args.sizes:
        print(bench(size, args.rounds, args.seed, args.dutch_history, args.limit), flush=True)


if __name__ == "__main__":
    main()
