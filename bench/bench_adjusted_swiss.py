"""Benchmark: Điều 28 as written (``chessrules.competition.adjusted_swiss``), whole events.

Run: ``.venv/bin/python bench/bench_adjusted_swiss.py [--seeds 15]``.  Plays simulated
events (random results, ratings 1400-2500) for two families of fields and prints, per
family: rounds paired, rounds paired with backtracking across score groups (the groups'
first choices dead-ended), rounds that needed the last resort (smallest score
differences) or waived the colour limits, and the CPU time per round (mean, worst).

- small fields with many rounds (6-16 and 20, 25, 31 players, 3-11 rounds), where the
  first choices dead-end;
- fields of 40-100 players in 7, 9 or 11 rounds (Điều 27's guidance).

CPU time (``time.process_time``) is the fair figure on a shared machine; the load
average is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chessrules.competition.adjusted_swiss import Player, pair_round  # noqa: E402


def play(count: int, rounds: int, seed: int, stats: dict[str, float]) -> None:
    rng = random.Random(seed * 1000 + count * 31 + rounds)
    ratings = sorted((rng.randint(1400, 2500) for _ in range(count)), reverse=True)
    state = {n: {"score": 0.0, "colours": [], "opponents": set(), "bye": False}
             for n in range(1, count + 1)}
    for rnd in range(1, rounds + 1):
        players = [Player(n, ratings[n - 1], s["score"], tuple(s["colours"]),
                          frozenset(s["opponents"]), s["bye"]) for n, s in state.items()]
        start = time.process_time()
        try:
            draw = pair_round(players, rnd, rounds, lot_seed=count)
        except ValueError:  # no pairing without a rematch: the search was exhaustive
            stats["unpairable"] += 1
            stats["worst_unpairable"] = max(stats["worst_unpairable"],
                                            time.process_time() - start)
            return
        spent = time.process_time() - start
        stats["rounds"] += 1
        stats["cpu"] += spent
        stats["worst"] = max(stats["worst"], spent)
        stats["backtracked"] += draw.backtracked
        stats["last_resort"] += any("smallest" in w for w in draw.warnings)
        stats["colours_waived"] += any("colour" in w for w in draw.warnings)
        for white, black in draw.pairs:
            state[white]["colours"].append("w")
            state[black]["colours"].append("b")
            state[white]["opponents"].add(black)
            state[black]["opponents"].add(white)
            outcome = rng.choice([1.0, 0.5, 0.0])
            state[white]["score"] += outcome
            state[black]["score"] += 1 - outcome
        if draw.bye is not None:
            state[draw.bye]["bye"] = True
            state[draw.bye]["score"] += 1


def family(name: str, events: list[tuple[int, int]], seeds: int) -> None:
    stats = dict.fromkeys(("rounds", "cpu", "worst", "backtracked", "last_resort",
                           "colours_waived", "unpairable", "worst_unpairable"), 0.0)
    for count, rounds in events:
        for seed in range(seeds):
            play(count, rounds, seed, stats)
    rounds = int(stats["rounds"])
    print(f"{name}: {len(events) * seeds} events, {rounds} rounds; backtracked "
          f"{int(stats['backtracked'])}, last resort {int(stats['last_resort'])}, colour "
          f"limits waived {int(stats['colours_waived'])}, event stopped (nobody new to meet) "
          f"{int(stats['unpairable'])}; CPU per round mean "
          f"{1000 * stats['cpu'] / max(rounds, 1):.1f} ms, worst {1000 * stats['worst']:.0f} ms "
          f"(a round found unpairable: worst {1000 * stats['worst_unpairable']:.0f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=15)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    small = [(c, r) for c in [*range(6, 17), 20, 25, 31] for r in range(3, min(c, 12))]
    family("small fields, many rounds", small, args.seeds)
    large = [(c, r) for c in (40, 50, 64, 100) for r in (7, 9, 11)]
    family("40-100 players", large, max(1, args.seeds // 4))


if __name__ == "__main__":
    main()
