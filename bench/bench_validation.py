"""Average time of ``validate_game`` per real xiangqi game, in each notation (issue 4).

Target: about 2 ms per ~90-ply game for ICCS on one core of the CI machine (what pyffish needs
per game when driven from Python). Reads ../shared/data/xiangqi-games (2,000 games); falls back
to the 21-game sample in tests/data/notation when ../shared is absent.

    .venv/bin/python bench/bench_validation.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from chessrules.validation import validate_game  # noqa: E402

FULL = REPO / ".." / "shared" / "data" / "xiangqi-games"
SAMPLE = REPO / "tests" / "data" / "notation"
MARK = re.compile(r"\{ILLEGAL ply \d+: (\w+)\}")


def load(path: Path) -> list[tuple[str, str]]:
    games = []
    for line in path.read_text(encoding="utf-8").splitlines():
        result, moves = line.split("\t", 1)
        games.append((result, MARK.sub(r"\1", moves)))
    return games


def bench(games: list[tuple[str, str]], repeat: int) -> tuple[float, float, float]:
    """(wall ms per game, CPU ms per game, plies per game), best of ``repeat`` runs. CPU time
    is printed too because the machine is shared: wall time includes waiting for a core."""
    best_wall = best_cpu = float("inf")
    plies = 0
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        plies = 0
        for result, moves in games:
            plies += len(validate_game("xiangqi", moves, declared_result=result).moves)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    n = len(games)
    return best_wall / n * 1000, best_cpu / n * 1000, plies / n


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per notation (best kept)")
    args = parser.parse_args()
    folder, prefix = (FULL, "games") if FULL.is_dir() else (SAMPLE, "games_sample")
    print(f"data: {folder.resolve()} ({'full set' if prefix == 'games' else 'sample only'})")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for fmt in ("iccs", "wxf", "vn"):
        games = load(folder / f"{prefix}_{fmt}.txt")
        wall, cpu, plies = bench(games, args.repeat)
        print(f"validate_game {fmt:5s}: {wall:.2f} ms per game wall, {cpu:.2f} ms CPU "
              f"({len(games)} games, {plies:.1f} plies on average)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
