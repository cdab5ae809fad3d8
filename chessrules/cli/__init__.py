"""Command line of the rules package.

Each module below registers its own sub-commands; this file only wires them.  A known
command imports only the module that owns it (``pair`` does not load the notation,
rating or competition code: a cold pairing process is smaller, issue 34); anything
else (``--help``, a typo) builds the whole parser.
"""

import argparse
import importlib
import os
import sys
from types import ModuleType
from typing import Any

MODULE_NAMES = ("perft", "games", "competition", "pairing", "rating", "ruling")
COMMAND_OWNERS = {
    "perft": "perft", "convert": "games", "validate": "games", "roundrobin": "competition",
    "standings": "competition", "pair": "pairing", "rating-change": "rating",
    "performance": "rating", "ruling": "ruling",
}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"chessrules.cli.{name}")


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, its width found without importing ``shutil`` (and with it
    zlib, bz2, lzma: a smaller cold ``pair`` process); the same rule as
    ``shutil.get_terminal_size``: ``COLUMNS``, else the terminal, else 80."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            try:
                width = int(os.environ["COLUMNS"])
            except (KeyError, ValueError):
                width = 0
            if width <= 0:
                stdout = sys.__stdout__
                try:
                    width = os.get_terminal_size(stdout.fileno()).columns if stdout else 0
                except (AttributeError, ValueError, OSError):
                    width = 0
            width = (width or 80) - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    """An argument parser (the main one and each command's) with :class:`_Formatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``command`` (a known sub-command) only that command's module."""
    parser = _Parser(
        prog="python -m chessrules",
        description="Xiangqi and chess rules of the Vietnam Chess Federation.",
    )
    subcommands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
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
