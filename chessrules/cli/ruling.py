"""``python -m chessrules ruling --fen FEN MOVE...``: the proposed repetition ruling.

Prints on its first line exactly one of ``ruling: red loses``, ``ruling: black loses``,
``ruling: draw``, ``ruling: none``, then ``point: ...`` (the point(s) of Điều 23 and the
examples of Điều 24 the proposal rests on), then the detail (cycle, each side's moves, the
proposal in Vietnamese). Moves are ICCS (``h2e2``), played from ``--fen``. An unreadable or
illegal move is an error naming its index (1-based) and text; the exit status is then 2.
"""

from __future__ import annotations

import argparse
import sys

MAX_MOVES = 2000  # a record longer than any real game is refused, naming the limit


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subcommands.add_parser(
        "ruling",
        help="propose the repetition ruling (Điều 23-24 of the xiangqi law) for a move list",
        description="Print 'ruling: red loses|black loses|draw|none' then 'point: ...'.",
    )
    parser.add_argument("--fen", default=None, help="start position (default: initial position)")
    parser.add_argument("--min-repetitions", type=int, default=3,
                        help="times the cycle's first position must occur (default 3)")
    parser.add_argument("moves", nargs="*", metavar="MOVE", help="ICCS moves, e.g. h2e2")
    parser.set_defaults(handler=run_ruling)


def run_ruling(args: argparse.Namespace) -> int:
    from chessrules.xiangqi import START_FEN, Move, Position
    from chessrules.xiangqi.rulings import IllegalMoveError, propose_ruling

    if len(args.moves) > MAX_MOVES:
        return _fail(f"too many moves: {len(args.moves)} (at most {MAX_MOVES})")
    if args.min_repetitions < 2:
        return _fail("--min-repetitions must be at least 2")
    try:
        Position.from_fen(args.fen or START_FEN)
    except ValueError as error:
        return _fail(f"bad --fen: {error}")
    moves = []
    for index, text in enumerate(args.moves, start=1):
        try:
            moves.append(Move.from_iccs(text))
        except ValueError as error:
            return _fail(f"move {index} {text!r}: {error}")
    try:
        proposal = propose_ruling(args.fen, moves, min_repetitions=args.min_repetitions,
                                  validate=True)
    except IllegalMoveError as error:
        return _fail(f"move {error.ply} {error.move.iccs()!r} is illegal ({error.reason})")
    if proposal is None:
        print("ruling: none")
        print("point: - (no position repeats "
              f"{args.min_repetitions} times: nothing to rule on, Điều 23)")
        return 0
    print(f"ruling: {proposal.ruling}")
    print(f"point: {proposal.points}")
    first, last = proposal.cycle_first_ply, proposal.cycle_last_ply
    print(f"cycle: plies {first + 1}-{last}, period {proposal.cycle_length}, "
          f"start position {proposal.cycle_count} times: {' '.join(proposal.cycle_moves)}")
    for side in proposal.sides:
        name = "red" if side.side == "w" else "black"
        violation = f" -> {side.violation}" if side.violation else ""
        print(f"{name}: {' '.join(side.kinds)}{violation}")
    print(f"proposal: {proposal.text_vi}")
    return 0


def _fail(message: str) -> int:
    print(f"ruling: error: {message}", file=sys.stderr)
    return 2
