"""Command line of the rules package.

Each module below registers its own sub-commands; this file only wires them.  A known
command imports only the module that owns it (``pair`` does not load the notation,
rating or competition code: a cold pairing process is smaller, issue 34); anything
else (``--help``, a typo) builds the whole parser.
"""

import argparse
import importlib
import sys
from types import ModuleType

MODULE_NAMES = ("perft", "games", "competition", "pairing", "rating", "ruling")
COMMAND_OWNERS = {
    "perft": "perft", "convert": "games", "validate": "games", "roundrobin": "competition",
    "standings": "competition", "pair": "pairing", "rating-change": "rating",
    "performance": "rating", "ruling": "ruling",
}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"chessrules.cli.{name}")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``command`` (a known sub-command) only that command's module."""
    parser = argparse.ArgumentParser(
        prog="python -m chessrules",
        description="Xiangqi and chess rules of the Vietnam Chess Federation.",
    )
    subcommands = parser.add_subparsers(dest="command", required=True)
    owner = COMMAND_OWNERS.get(command or "")
    for name in (owner,) if owner else MODULE_NAMES:
        _module(name).register(subcommands)
    return parser


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    args = build_parser(words[0] if words else None).parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout.flush()
