"""FIDE Dutch System (C.04.3, version applied from 2025) for Swiss tournaments.

Điều 27-28 of the federation's rules describe an older FIDE rating-seeded
Swiss; this package implements its current form.  Entry points:

* :func:`pair_round` — in-memory API (players, history, round, options);
* :func:`pair_trf_text` — pair the next round of a TRF file;
* :func:`assign_pairing_numbers` — initial order by rating, title, name (Điều 28.1).
"""

from typing import Any

from chessrules.dutch.api import assign_pairing_numbers, initial_order_key, pair_round
from chessrules.dutch.model import (
    DutchOptions,
    Pairing,
    PairingError,
    PointSystem,
    RoundEntry,
    SwissPlayer,
)


def pair_trf_text(text: str, **kwargs: Any) -> list[Pairing]:
    """Pair the round after the last one of a TRF file (see :mod:`.trf_input`)."""
    from chessrules.dutch.trf_input import dutch_input_from_trf
    from chessrules.trf import parse_trf

    data = dutch_input_from_trf(parse_trf(text), **kwargs)
    rounds = data.options.total_rounds
    if rounds is not None and data.round_number > rounds:  # as bbpPairings refuses it
        raise PairingError(f"no round left to pair: all {rounds} rounds (XXR) are played")
    return pair_round(data.players, data.history, data.round_number, data.options)


def format_javafo(pairings: list[Pairing]) -> str:
    """JaVaFo/bbpPairings ``-p`` output: the number of pairs, then ``WHITE BLACK`` lines."""
    lines = [str(len(pairings))]
    lines += [f"{p.white} {p.black if p.black is not None else 0}" for p in pairings]
    return "\n".join(lines) + "\n"


__all__ = [
    "DutchOptions",
    "Pairing",
    "PairingError",
    "PointSystem",
    "RoundEntry",
    "SwissPlayer",
    "assign_pairing_numbers",
    "format_javafo",
    "initial_order_key",
    "pair_round",
    "pair_trf_text",
]
