"""Demo game record for ``manage.py load_demo`` (after the tournaments' demo loader): a score
sheet of the running chess Swiss, decided by the arbiter (the board's result) and signed by
the arbiter and both players — an official record (Điều 11.1b, 13.1) a new user can see in
the admin."""

from __future__ import annotations

from chessrules.values import Result, System
from games import services
from games.models import Decision
from tournaments.models import Pairing

#: A short game in SAN that ends as the board's result says (only its moves are checked).
MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6"
DECISION_OF = {Result.WHITE_WINS: Decision.WHITE_WINS, Result.BLACK_WINS: Decision.BLACK_WINS,
               Result.DRAW: Decision.DRAW}


def load_signed_game(ctx) -> str:
    staff = ctx.data["users"]["staff"]
    swiss = next(t for t in ctx.data["tournaments"] if t.system == System.DUTCH)
    pairing = (Pairing.objects.filter(round__tournament=swiss, round__number=1,
                                      kind=Pairing.Kind.GAME, result__in=list(DECISION_OF))
               .order_by("board").first())
    game, _job = services.create_game(user=staff, pairing=pairing, moves_text=MOVES,
                                      notation="san", declared_score=pairing.result)
    decision = DECISION_OF[pairing.result]
    reason = "agreed_draw" if decision == Decision.DRAW else "resignation"
    game, _job = services.decide(game, decision=decision, reason=reason, user=staff,
                                 expected_version=game.version)
    for who in ("arbiter", "white", "black"):
        game = services.sign(game, who=who, user=staff, expected_version=game.version)
    ctx.data["signed_game"] = game
    return (f"game record: board {pairing.board} of round 1 of '{swiss.name}', decided "
            f"({pairing.result}) and signed by the arbiter and both players")


LOADERS = [load_signed_game]
