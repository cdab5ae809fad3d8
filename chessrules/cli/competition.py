"""Competition sub-commands: ``roundrobin`` (Phụ lục 1 tables) and ``standings``.

``python -m chessrules roundrobin N [--double] [--numbered]`` prints the Berger table
for N players in the layout of Phụ lục 1 (one line per round, boards separated by two
spaces, ``white - black``, the missing number of an odd field in brackets).

``python -m chessrules standings FILE.trf --tiebreaks BH,BH-C1,SB,DE,WIN`` prints JSON:
a list in ranking order of ``{"id", "rank", "points", "tiebreaks": {code: value}}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chessrules.trf import TrfTournament


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this module's sub-commands to the parser (each sets ``handler``)."""
    rr = subcommands.add_parser(
        "roundrobin", help="print the Berger round-robin table (Phụ lục 1, FIDE C.05)"
    )
    rr.add_argument("players", type=int, help="number of players (>= 3)")
    rr.add_argument("--double", action="store_true", help="double round robin (colours reversed)")
    rr.add_argument("--numbered", action="store_true", help="prefix each line with the round")
    rr.set_defaults(handler=run_roundrobin)

    st = subcommands.add_parser("standings", help="standings with tie-breaks of a TRF file")
    st.add_argument("file", type=Path, help="TRF16 / TRF-2026 file ('-' for stdin)")
    st.add_argument("--tiebreaks", default="", help="comma-separated codes, e.g. BH,BH-C1,SB,DE")
    st.add_argument("--system", choices=("swiss", "roundrobin"), default=None,
                    help="pairing system (default: guessed from the file)")
    st.add_argument("--rules", choices=("2024", "2026", "auto"), default="2024",
                    help="FIDE C.07 version for unplayed rounds (default 2024; auto: 2026 "
                         "for events starting on or after 2026-03-01 per the 042 date)")
    st.add_argument("--unrated", type=int, default=None, help="rating used for unrated players")
    st.add_argument("--lot-seed", default=None, help="seed of the LOT tie-break")
    st.set_defaults(handler=run_standings)


def run_roundrobin(args: argparse.Namespace) -> int:
    from chessrules.competition.roundrobin import format_table

    if args.players < 3:
        print(f"roundrobin: need at least 3 players, got {args.players}", file=sys.stderr)
        return 2
    sys.stdout.write(format_table(args.players, double=args.double, numbered=args.numbered))
    return 0


def rules_for(tournament: TrfTournament) -> str:
    """C.07 version by the start date (TRF ``042``: YYYY/MM/DD, YYYY-MM-DD or DD.MM.YYYY)."""
    from chessrules.competition.tiebreaks import rules_for_start
    from chessrules.trf import header_date

    dates = tournament.fields.get("042", [])
    return rules_for_start(header_date(dates[0]) if dates else None)


def run_standings(args: argparse.Namespace) -> int:
    from chessrules.competition.tiebreaks import parse_code
    from chessrules.competition.trf_adapter import standings_from_trf
    from chessrules.trf import TrfError, parse_trf

    codes = [c.strip().upper() for c in args.tiebreaks.split(",") if c.strip()]
    try:
        for code in codes:
            parse_code(code)
    except ValueError as error:
        print(f"standings: {error}", file=sys.stderr)
        return 2
    try:
        if str(args.file) == "-":
            text = sys.stdin.read()
        else:
            text = args.file.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        print(f"standings: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        tournament = parse_trf(text)
        rules = rules_for(tournament) if args.rules == "auto" else args.rules
        standings = standings_from_trf(
            tournament, codes, args.system, rules=rules,
            unrated_rating=args.unrated, lot_seed=args.lot_seed,
        )
    except (TrfError, ValueError) as error:
        print(f"standings: {args.file}: {error}", file=sys.stderr)
        return 1
    json.dump([s.as_dict() for s in standings], sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0
