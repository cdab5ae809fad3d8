"""Dutch pairing on a corpus of event shapes, beside bbpPairings (issue 34).

    .venv/bin/python bench/bench_pairing_corpus.py [--generators ours bbp-like ...]
        [--sizes 500 1000 2000] [--rounds 2] [--bbp PATH] [--write DIR] [--limit 900]

Each generator makes a random event (fixed seed) and plays its rounds before ``--rounds``
(each round paired by our Dutch pairing, then random results); the round is written as
TRF(x) and paired by ``python -m chessrules pair FILE`` in a new process (a cold process,
as an arbiter or a script runs it) and, with ``--bbp PATH`` (or ``BBP_PAIRINGS``), by
``bbpPairings --dutch FILE -p OUT`` (built outside this repository). Printed per file: the
CPU seconds (user + system) and peak memory (max RSS) of each process from ``wait4``, the
ratio ours / bbpPairings, and whether the two pairings are identical board for board. CPU is
the figure to read on a shared machine; the load average is printed.

Generators (the shapes the issue names):

* ``ours``: ratings uniform 1000-2700, 30 % draws whatever the rating gap, 3 % forfeits,
  3 % half-point byes, 1 % withdrawals a round (``chessrules.dutch.generator``'s defaults);
* ``bbp-like``: as bbpPairings' random tournament generator at its widest rating range:
  ratings uniform 1400-2800 (it draws the lowest in 1400-2300, the highest in 2400-2800), the stronger player's expected score
  ``Φ(7·gap/2000)``, draws ``min(30 %, 2 - 2·expected)`` (so a large gap is a win for the
  stronger player almost always: after round 1 the score groups are about ½ / 0 / ½),
  forfeits as bbpPairings draws them (each side with probability 1 - sqrt(1 - 1/15));
* ``absences``: ``ours`` with heavy byes, forfeits and withdrawals (10 % half-point byes,
  3 % full-point byes, 12 % forfeits, 4 % withdrawals a round);
* ``equal-ratings``: 60 % unrated players (rating 0) and the rest on 5 ratings;
* ``3-1-0``: ``bbp-like`` scored 3 for a win, 1 for a draw (``BBW``/``BBD`` lines).

No timed unit test: this prints figures.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from chessrules.dutch import pair_round  # noqa: E402
from chessrules.dutch.generator import RandomTournament, choose_not_paired  # noqa: E402
from chessrules.dutch.model import Pairing, RoundEntry, SwissPlayer  # noqa: E402

ResultFunction = Callable[[SwissPlayer, SwissPlayer, random.Random], str]  # "1", "=", "0"


@dataclass(frozen=True)
class Shape:
    ratings: Callable[[int, random.Random], list[int]]
    result: ResultFunction
    forfeit: Callable[[random.Random], bool]
    bye_rate: float = 0.03
    withdraw_rate: float = 0.01
    full_bye_rate: float = 0.0
    points: tuple[float, float] | None = None  # (win, draw) when not 1 and ½


def uniform_ratings(low: int, high: int) -> Callable[[int, random.Random], list[int]]:
    return lambda count, rng: [rng.randint(low, high) for _ in range(count)]


def bbp_ratings(count: int, rng: random.Random) -> list[int]:
    return [rng.randint(1400, 2800) for _ in range(count)]  # its widest range


def equal_ratings(count: int, rng: random.Random) -> list[int]:
    return [0 if rng.random() < 0.6 else rng.choice((1500, 1600, 1700, 1800, 1900))
            for _ in range(count)]


def elo_result(draw_rate: float) -> ResultFunction:
    def result(white: SwissPlayer, black: SwissPlayer, rng: random.Random) -> str:
        if rng.random() < draw_rate:
            return "="
        expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
        return "1" if rng.random() < expected else "0"
    return result


def bbp_result(draw_percentage: float) -> ResultFunction:
    """bbpPairings' generator (src/tournament/generator.cpp), in Python."""
    def result(white: SwissPlayer, black: SwissPlayer, rng: random.Random) -> str:
        gap = abs(white.rating - black.rating)
        expected = math.erfc(-gap * 7 / math.sqrt(2) / 2000) / 2
        draw = min(draw_percentage / 100, 2 - expected * 2)
        roll = rng.random()
        if roll < draw:
            return "="
        stronger_wins = roll < expected + draw / 2
        return "1" if stronger_wins == (white.rating >= black.rating) else "0"
    return result


def rate(probability: float) -> Callable[[random.Random], bool]:
    return lambda rng: rng.random() < probability


def bbp_forfeit(rng: random.Random) -> bool:
    kept = math.sqrt(1 - 1 / 15)
    return rng.random() >= kept or rng.random() >= kept


SHAPES: dict[str, Shape] = {
    "ours": Shape(uniform_ratings(1000, 2700), elo_result(0.3), rate(0.03)),
    "bbp-like": Shape(bbp_ratings, bbp_result(30), bbp_forfeit, bye_rate=1 / 300,
                      withdraw_rate=1 / 300),
    "absences": Shape(uniform_ratings(1000, 2700), elo_result(0.3), rate(0.12), bye_rate=0.10,
                      withdraw_rate=0.04, full_bye_rate=0.03),
    "equal-ratings": Shape(equal_ratings, elo_result(0.3), rate(0.03)),
    "3-1-0": Shape(bbp_ratings, bbp_result(30), bbp_forfeit, bye_rate=1 / 300,
                   withdraw_rate=1 / 300, points=(3.0, 1.0)),
}


def play(event: RandomTournament, pairings: list[Pairing], not_paired: dict[int, str],
         shape: Shape, rng: random.Random) -> None:
    by_id = {p.id: p for p in event.players}
    results: dict[int, RoundEntry] = {}
    for pairing in pairings:
        if pairing.black is None:
            results[pairing.white] = RoundEntry(None, "-", "U")
            continue
        white, black = by_id[pairing.white], by_id[pairing.black]
        if shape.forfeit(rng):
            white_wins = rng.random() < 0.5
            results[white.id] = RoundEntry(black.id, "w", "+" if white_wins else "-")
            results[black.id] = RoundEntry(white.id, "b", "-" if white_wins else "+")
            continue
        result = shape.result(white, black, rng)
        results[white.id] = RoundEntry(black.id, "w", result)
        results[black.id] = RoundEntry(white.id, "b", {"1": "0", "0": "1", "=": "="}[result])
    for player_id, code in not_paired.items():
        results[player_id] = RoundEntry(None, "-", code if code in ("H", "F") else "Z")
    for player in event.players:
        event.history[player.id].append(results.get(player.id))
    event.pairings.append(pairings)
    event.not_paired.append(not_paired)


def make_round(name: str, size: int, round_number: int, seed: int = 2026,
               total_rounds: int = 11) -> str:
    """The TRF(x) of the event of shape ``name`` before ``round_number``."""
    shape, rng = SHAPES[name], random.Random(f"{name}:{size}:{seed}")
    ratings = sorted(shape.ratings(size, rng), reverse=True)
    players = [SwissPlayer(i + 1, r, f"Player {i + 1:04d}") for i, r in enumerate(ratings)]
    event = RandomTournament(players, total_rounds, {p.id: [] for p in players})
    event.initial_color = rng.choice("wb")
    for _ in range(round_number - 1):
        not_paired = choose_not_paired(event, rng, shape.bye_rate, shape.withdraw_rate,
                                       shape.full_bye_rate)
        options = event.options(not_paired)
        pairings = pair_round(event.players, event.history, event.played_rounds + 1, options)
        play(event, pairings, not_paired, shape, rng)
    upcoming = choose_not_paired(event, rng, shape.bye_rate, shape.withdraw_rate,
                                 shape.full_bye_rate)
    text = event.to_trf(upcoming)
    return text if shape.points is None else rescore(text, event, *shape.points)


def rescore(text: str, event: RandomTournament, win: float, draw: float) -> str:
    """The same file scored ``win``/``draw`` (the player lines' points, BBW/BBD lines)."""
    value = {"1": win, "+": win, "=": draw, "H": draw, "F": win, "U": win}
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("001 "):
            player = int(line[4:8])
            points = sum(value.get(e.result, 0.0) for e in event.history[player] if e)
            lines[index] = f"{line[:80]}{points:4.1f}{line[84:]}"
    lines[1:1] = [f"BBW {win:4.1f}", f"BBD {draw:4.1f}"]
    return "\n".join(lines) + "\n"


def run(command: list[str], limit: float) -> tuple[int, float, int, str]:
    """(exit status, CPU seconds, max RSS in MB, stdout) of one process."""
    with tempfile.TemporaryFile("w+") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + limit
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
                pid, status, usage = os.wait4(process.pid, 0)
                status = -9
                break
            time.sleep(0.05)
        process.returncode = 0  # reaped above
        out.seek(0)
        code = os.waitstatus_to_exitcode(status) if status != -9 else -9
        return code, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, out.read()


def compare(name: str, size: int, round_number: int, bbp: str | None, folder: Path,
            limit: float) -> None:
    started = time.perf_counter()
    text = make_round(name, size, round_number)
    path = folder / f"{name}-{size}-r{round_number}.trf"
    path.write_text(text)
    made = time.perf_counter() - started
    code, cpu, rss, ours = run([sys.executable, "-m", "chessrules", "pair", str(path)], limit)
    line = (f"{name:>13} {size:>5} r{round_number}: ours {cpu:8.2f} s CPU {rss:5d} MB"
            + ("" if code == 0 else f" (exit {code})"))
    if bbp:
        target = folder / f"{path.stem}.bbp.txt"
        bcode, bcpu, brss, _ = run([bbp, "--dutch", str(path), "-p", str(target)], limit)
        theirs = target.read_text() if target.exists() and bcode == 0 else None
        same = ("identical" if theirs == ours else "bbpPairings failed" if theirs is None
                else "DIFFERENT")
        line += (f" | bbpPairings {bcpu:8.2f} s CPU {brss:5d} MB | ratio "
                 f"{cpu / max(bcpu, 1e-3):5.2f} (CPU), {rss / max(brss, 1):4.1f} (memory) | {same}")
    print(f"{line} | made in {made:.1f} s, load {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generators", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[2],
                        help="rounds to pair (the earlier ones are played first)")
    parser.add_argument("--bbp", metavar="PATH", default=os.environ.get("BBP_PAIRINGS"))
    parser.add_argument("--write", metavar="DIR", help="keep the TRF files in DIR")
    parser.add_argument("--limit", type=float, default=900, help="seconds per process")
    args = parser.parse_args()
    if args.bbp and not os.access(args.bbp, os.X_OK):
        raise SystemExit(f"{args.bbp}: not an executable file")
    print(f"Dutch pairing corpus, load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} "
          f"cores{'' if args.bbp else '; no bbpPairings given (--bbp PATH): ours only'}")
    with tempfile.TemporaryDirectory(prefix="bench-corpus-") as scratch:
        folder = Path(args.write or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for name in args.generators:
            for size in args.sizes:
                for round_number in args.rounds:
                    compare(name, size, round_number, args.bbp, folder, args.limit)


if __name__ == "__main__":
    main()
