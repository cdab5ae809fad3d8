"""``python -m chessrules pair --system dutch FILE.trf``: pair the next Swiss round.

Prints the pairing in JaVaFo's ``-p`` format: the number of pairs, then one
``WHITE BLACK`` line per board (starting numbers), the pairing-allocated bye as
``ID 0``.  Exit status 1 when no pairing satisfies the absolute criteria,
2 for an unreadable or malformed file.
"""

from __future__ import annotations

import argparse
import sys


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``pair`` sub-command."""
    parser = subcommands.add_parser(
        "pair",
        help="pair the next round of a Swiss tournament given as a TRF file",
        description="Pair the next round (FIDE Dutch System, C.04.3) of a TRF16/TRF-2026 file.",
    )
    parser.add_argument("trf", help="tournament report file with all rounds so far")
    parser.add_argument("--system", choices=["dutch"], default="dutch", help="pairing system")
    parser.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.5.1)")
    parser.add_argument("--rounds", type=int, default=None, help="total rounds (overrides XXR)")
    parser.set_defaults(handler=_pair)


def _pair(args: argparse.Namespace) -> int:
    from chessrules.dutch import PairingError, format_javafo, pair_trf_text
    from chessrules.trf import TrfError

    try:
        # A plain path string, not pathlib (a smaller cold process, issue 34).
        with open(args.trf, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError as error:
        print(f"cannot read {args.trf}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        pairings = pair_trf_text(text, baku=args.baku or None, total_rounds=args.rounds)
    except TrfError as error:
        print(f"{args.trf}: {error}", file=sys.stderr)
        return 2
    except PairingError as error:
        print(f"{args.trf}: no valid pairing: {error}", file=sys.stderr)
        return 1
    sys.stdout.write(format_javafo(pairings))
    return 0
