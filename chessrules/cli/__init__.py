"""Command line of the rules package.

Each module below registers its own sub-commands; this file only wires them.
"""

import argparse
import sys

from chessrules.cli import competition, games, pairing, perft, rating, ruling

COMMAND_MODULES = (perft, games, competition, pairing, rating, ruling)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m chessrules",
        description="Xiangqi and chess rules of the Vietnam Chess Federation.",
    )
    subcommands = parser.add_subparsers(dest="command", required=True)
    for module in COMMAND_MODULES:
        module.register(subcommands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout.flush()
