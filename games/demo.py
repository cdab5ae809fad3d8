"""Demo game records for ``manage.py load_demo`` (after the tournaments' demo loader).

- the score sheets of round 1 of each finished event (one per discipline), decided and
  signed by the demo arbiter and both players (Điều 11.1b, 13.1); the event is then
  certified (công nhận kết quả), since a certified event takes no new record;
- a score sheet of the running chess Swiss, signed the same way by staff.

Each is an official record a new user can see in the admin.
"""

from __future__ import annotations

from chessrules.values import Result, System
from games import services
from games.models import Decision
from tournaments import services as tournament_services
from tournaments.models import Pairing

#: Short games that end as the board's result says (only their moves are checked).
MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6"
XIANGQI_MOVES = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5"
DECISION_OF: dict[str, Decision] = {Result.WHITE_WINS: Decision.WHITE_WINS, Result.BLACK_WINS: Decision.BLACK_WINS,
               Result.DRAW: Decision.DRAW}


def _signed_record(pairing: Pairing, user):
    """A score sheet for a played board: moves, the arbiter's decision, three signatures."""
    xiangqi = pairing.round.tournament.discipline == "xiangqi"
    game, _job = services.create_game(
        user=user, pairing=pairing, moves_text=XIANGQI_MOVES if xiangqi else MOVES,
        notation="iccs" if xiangqi else "san", declared_score=pairing.result)
    decision = DECISION_OF[pairing.result]
    reason = "agreed_draw" if decision == Decision.DRAW else "resignation"
    game, _job = services.decide(game, decision=decision, reason=reason, user=user,
                                 expected_version=game.version)
    for who in ("arbiter", "white", "black"):
        game = services.sign(game, who=who, user=user, expected_version=game.version)
    return game


def _played_boards(tournament, number: int):
    return (Pairing.objects.filter(round__tournament=tournament, round__number=number,
                                   kind=Pairing.Kind.GAME, result__in=list(DECISION_OF))
            .select_related("round__tournament").order_by("board"))


def load_finished_events(ctx) -> str:
    staff, arbiter = ctx.data["users"]["staff"], ctx.data["users"]["arbiter"]
    lines = []
    for tournament in ctx.data["finished"]:
        games = [_signed_record(p, arbiter) for p in _played_boards(tournament, 1)]
        tournament_services.certify_tournament(tournament, user=staff)
        tournament.refresh_from_db()
        lines.append(f"'{tournament.name}': {len(games)} signed records, certified")
    return "finished events: " + "; ".join(lines)


def load_signed_game(ctx) -> str:
    staff = ctx.data["users"]["staff"]
    swiss = next(t for t in ctx.data["tournaments"] if t.system == System.DUTCH)
    pairing = _played_boards(swiss, 1).first()
    game = _signed_record(pairing, staff)
    ctx.data["signed_game"] = game
    return (f"game record: board {pairing.board} of round 1 of '{swiss.name}', decided "
            f"({pairing.result}) and signed by the arbiter and both players")


LOADERS = [load_finished_events, load_signed_game]
