"""Benchmark of the xiangqi engine (not a unit test: prints figures and targets).

    .venv/bin/python bench/bench_perft.py [--depth 4] [--games PATH]

1. perft from the initial position (target: depth 4 = 3,290,240 leaves in <= 15 s, i.e.
   >= 220,000 leaf nodes/s, pure Python, one core);
2. validation speed on the 2,000 real games of ../shared/data/xiangqi-games: every move checked
   with ``illegal_reason`` then pushed, then ``analyse_game`` on the legal games
   (target: <= 2 ms per ~90-ply game, analysis included).
The machine is shared: figures are noisy; the load average is printed with them, and the CPU
time of this process is printed beside the wall-clock time (the targets are checked on the
smaller of the two, since other processes only stretch the wall clock).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from chessrules.xiangqi import START_FEN, Move, Position, analyse_game, perft  # noqa: E402

# Xiangqi (Chinese chess), initial position: the published counts (Chess Programming Wiki,
# "Chinese Chess Perft Results"; Fairy-Stockfish's `go perft` agrees).
PERFT_EXPECTED = {1: 44, 2: 1920, 3: 79666, 4: 3290240, 5: 133312995, 6: 5392831844}
PERFT_TARGET_SECONDS = 15.0
PERFT_TARGET_NPS = 220_000
GAME_TARGET_MS = 2.0
DEFAULT_GAMES = REPO / ".." / "shared" / "data" / "xiangqi-games" / "games_iccs.txt"


def bench_perft(depth: int) -> bool:
    pos = Position.from_fen(START_FEN)
    ok = True
    for d in range(1, depth + 1):
        started = time.perf_counter()
        cpu_started = time.process_time()
        nodes = perft(pos, d)
        seconds = time.perf_counter() - started
        cpu_seconds = time.process_time() - cpu_started
        right = PERFT_EXPECTED.get(d) in (None, nodes)
        ok &= right
        print(
            f"perft depth {d}: {nodes:>11,} nodes in {seconds:7.3f} s "
            f"= {nodes / max(seconds, 1e-9):>11,.0f} nodes/s (CPU {cpu_seconds:.3f} s)"
            + ("" if right else f"  WRONG (expected {PERFT_EXPECTED[d]:,})")
        )
        if d == 4:
            best = min(seconds, cpu_seconds)
            fast = best <= PERFT_TARGET_SECONDS and nodes / best >= PERFT_TARGET_NPS
            ok &= fast
            print(
                f"  target: depth 4 in <= {PERFT_TARGET_SECONDS:.0f} s and >= "
                f"{PERFT_TARGET_NPS:,} nodes/s -> {'MET' if fast else 'NOT MET'}"
            )
    return ok


def bench_games(path: Path) -> bool:
    if not path.exists():
        print(f"games: {path} not found, validation benchmark skipped")
        return True
    games = []
    for line in path.read_text(encoding="utf-8").splitlines():
        _, _, moves = line.partition("\t")
        games.append([Move.from_iccs(m) for m in moves.split()])
    plies = sum(len(g) for g in games)
    started = time.perf_counter()
    cpu_started = time.process_time()
    illegal = 0
    for moves in games:
        pos = Position.from_fen(START_FEN)
        legal = True
        for move in moves:
            if pos.illegal_reason(move) is not None:
                legal = False
                illegal += 1
                break
            pos.push(move)
        if legal:
            analyse_game(None, moves)
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    per_game = seconds / len(games) * 1000
    cpu_per_game = cpu_seconds / len(games) * 1000
    scale = 90 / (plies / len(games))
    ok = min(per_game, cpu_per_game) * scale <= GAME_TARGET_MS
    print(
        f"games: {len(games)} games, {plies / len(games):.1f} plies on average, "
        f"{illegal} with an illegal move; validation + analyse_game: wall {seconds:.2f} s = "
        f"{per_game:.3f} ms/game ({per_game * scale:.3f} ms per 90-ply game), "
        f"CPU {cpu_per_game:.3f} ms/game ({cpu_per_game * scale:.3f} ms per 90-ply game)"
    )
    print(f"  target: <= {GAME_TARGET_MS:.1f} ms per ~90-ply game -> {'MET' if ok else 'NOT MET'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--games", type=Path, default=DEFAULT_GAMES)
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f} "
        f"on {os.cpu_count()} cores"
    )
    ok = bench_perft(args.depth)
    ok &= bench_games(args.games)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
