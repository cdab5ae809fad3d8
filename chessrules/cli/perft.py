"""``python -m chessrules perft``: count the legal move tree (engine self-check)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``perft`` sub-command (prints ``depth D nodes X`` for D = 1..N)."""
    parser = subcommands.add_parser(
        "perft",
        help="count leaf nodes of the legal move tree (xiangqi or chess)",
        description="Print 'depth D nodes X' for every depth from 1 to --depth.",
    )
    parser.add_argument("--game", choices=("xiangqi", "chess"), default="xiangqi")
    parser.add_argument("--depth", type=int, required=True, help="last depth (>= 1)")
    parser.add_argument("--fen", default=None, help="start position (default: initial position)")
    parser.add_argument("--time", action="store_true", help="also print seconds per depth")
    parser.set_defaults(handler=run_perft)


def run_perft(args: argparse.Namespace) -> int:
    if args.depth < 1:
        raise SystemExit("perft: --depth must be at least 1")
    count = _xiangqi_counter(args.fen) if args.game == "xiangqi" else _chess_counter(args.fen)
    for depth in range(1, args.depth + 1):
        started = time.perf_counter()
        nodes = count(depth)
        line = f"depth {depth} nodes {nodes}"
        if args.time:
            line += f" seconds {time.perf_counter() - started:.3f}"
        print(line, flush=True)
    return 0


def _xiangqi_counter(fen: str | None) -> Callable[[int], int]:
    from chessrules.xiangqi import START_FEN, Position, perft

    try:
        pos = Position.from_fen(fen or START_FEN)
    except ValueError as error:
        raise SystemExit(f"perft: bad --fen: {error}") from None
    return lambda depth: perft(pos, depth)


def _chess_counter(fen: str | None) -> Callable[[int], int]:
    import chess  # python-chess; chess perft is delegated to it

    try:
        board = chess.Board(fen) if fen else chess.Board()
    except ValueError as error:
        raise SystemExit(f"perft: bad --fen: {error}") from None

    def count(depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in list(board.legal_moves):
            board.push(move)
            total += count(depth - 1)
            board.pop()
        return total

    return count
