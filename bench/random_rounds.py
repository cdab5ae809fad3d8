"""Rounds of random pairings and results written straight into the models, for the benches
that measure serving a big event rather than pairing it (no care for rematches)."""

from __future__ import annotations

import random

from chessrules.values import Result

#: in this order: the benches' data depend on the random sequence
PLAYED = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)


def write_random_rounds(tournament, entries: list, rounds: int, rng: random.Random, *,
                        last_pending: bool = False) -> None:
    """Rounds 1..``rounds`` of ``tournament``: each a shuffle of ``entries`` paired board by
    board with a random result; with ``last_pending`` the last round is started and has no
    results yet (a live event)."""
    from tournaments.models import Pairing, Round

    for number in range(1, rounds + 1):
        pending = last_pending and number == rounds
        rnd = Round.objects.create(tournament=tournament, number=number,
                                   system=tournament.system, engine_version="bench",
                                   status="started" if pending else "complete")
        order = entries[:]
        rng.shuffle(order)
        Pairing.objects.bulk_create(
            Pairing(round=rnd, board=board, white=order[2 * board - 2],
                    black=order[2 * board - 1],
                    result=Result.PENDING if pending else rng.choice(PLAYED))
            for board in range(1, len(entries) // 2 + 1))
