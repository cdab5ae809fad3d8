"""Sub-commands for game records (issue 4): ``convert`` and ``validate``.

``python -m chessrules convert --game xiangqi --from vn --to wxf "1. P2-5 M8.7"`` rewrites a
move list (stdin when no moves are given); ``python -m chessrules validate FILE`` checks every
game of a PGN file and exits 0 only if all are valid.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from chessrules.notation.errors import NotationError
from chessrules.notation.movetext import MovetextError

if TYPE_CHECKING:
    from chessrules.validation import GameReport

XIANGQI_FORMATS = ("vn", "vn-words", "asian", "coord", "wxf", "iccs")
CHESS_FORMATS = ("san", "vn", "uci")


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this module's sub-commands to the parser (each sets ``handler``)."""
    convert = subcommands.add_parser(
        "convert",
        help="rewrite a move list in another notation",
        description="Formats: xiangqi vn, vn-words, asian, coord, wxf, iccs (Điều 11, Phụ lục "
        "3); chess san, vn, uci (seed 002 appendix E). Reads stdin when no moves are given.",
    )
    convert.add_argument("--game", choices=("xiangqi", "chess"), default="xiangqi")
    convert.add_argument("--from", dest="from_format", default=None,
                         help="notation of the input (default: detect)")
    convert.add_argument("--to", dest="to_format", required=True, help="notation to write")
    convert.add_argument("--fen", default=None, help="start position (default: initial)")
    convert.add_argument("--no-numbers", action="store_true", help="omit move numbers")
    convert.add_argument("moves", nargs="*", help="the moves (default: read stdin)")
    convert.set_defaults(handler=run_convert)

    validate = subcommands.add_parser(
        "validate",
        help="check every game of a PGN file (chess or xiangqi)",
        description="Prints per game 'ok' or the first bad move (ply and reason) and the "
        "ending found on the board. Exit status 0 only if all games are valid.",
    )
    validate.add_argument("file", help="PGN file ('-' for stdin)")
    validate.add_argument("--no-capture-limit", type=int, default=50,
                          help="xiangqi moves without capture for a draw (Điều 12: 50; 001: 60)")
    validate.add_argument("--strict", action="store_true",
                          help="also fail when a declared result contradicts the position")
    validate.set_defaults(handler=run_validate)


def run_convert(args: argparse.Namespace) -> int:
    text = " ".join(args.moves) if args.moves else sys.stdin.read()
    allowed = XIANGQI_FORMATS if args.game == "xiangqi" else CHESS_FORMATS
    for fmt in (args.from_format, args.to_format):
        if fmt is not None and fmt not in allowed:
            print(f"error: unknown {args.game} notation {fmt!r} (use {', '.join(allowed)})",
                  file=sys.stderr)
            return 2
    try:
        if args.game == "xiangqi":
            from chessrules.notation import xiangqi

            out = xiangqi.convert(text, args.from_format, args.to_format, args.fen,
                                  numbered=not args.no_numbers)
        else:
            from chessrules import chess as vn_chess

            out = vn_chess.convert(text, args.to_format, args.fen, numbered=not args.no_numbers)
    except (NotationError, MovetextError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # a bad FEN
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(out)
    return 0


def _describe_ending(report: GameReport) -> str:
    ending = report.ending
    if ending["type"] == "none":
        return "ending: none"
    winner = {"w": "White/Red", "b": "Black"}.get(ending["winner"], "draw")
    return f"ending: {ending['type']} ({winner})"


def run_validate(args: argparse.Namespace) -> int:
    from chessrules.pgn import PgnError, read_pgn

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8-sig") as handle:
                text = handle.read()
    except OSError as error:
        print(f"error: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    all_ok, count = True, 0
    try:
        for game in read_pgn(text):
            count += 1
            label = f"game {game.number} ({game.discipline}, line {game.line})"
            try:
                report = game.validate(no_capture_limit=args.no_capture_limit)
            except ValueError as error:  # bad FEN tag and the like
                print(f"{label}: error: {error}")
                all_ok = False
                continue
            if report.valid:
                status = "ok"
            else:
                all_ok = False
                e = report.error
                assert e is not None  # an invalid report names its error
                side = {"w": "White/Red", "b": "Black"}[e["side"]]
                status = (f"error at ply {e['ply']} (move {e['move_number']}, {side}, line "
                          f"{game.line_of_ply(e['ply'])}): {e['text']!r}: {e['code']}: "
                          f"{e['reason'].rstrip('.')}")
            print(f"{label}: {status}; {_describe_ending(report)}")
            for problem in report.problems:
                print(f"  result: {problem}")
                if args.strict:
                    all_ok = False
    except PgnError as error:
        print(f"error: {error}")
        return 1
    if count == 0:
        print("error: no game found", file=sys.stderr)
        return 1
    return 0 if all_ok else 1
