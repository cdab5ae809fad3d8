"""Games factories: score sheets (game records) written directly — no validation job and no
service checks (tests of ``games.services`` call the services).

    game = make_game(pairing)                       # the board's sheet, its event's discipline
    signed = make_signed_game(pairing, by=arbiter)  # decided and signed: an official record
"""

from __future__ import annotations

from django.utils import timezone

from games.models import GameRecord
from tournaments.models import Pairing


def make_game(pairing: Pairing | None = None, *, discipline: str | None = None,
              **kw) -> GameRecord:
    """A score sheet of ``pairing`` (in the discipline of its tournament) or a standalone one
    (xiangqi unless told)."""
    if discipline is None:
        discipline = pairing.round.tournament.discipline if pairing is not None else "xiangqi"
    return GameRecord.objects.create(pairing=pairing, discipline=discipline, **kw)


def make_signed_game(pairing: Pairing | None = None, *, by, decision: str = "white_wins",
                     reason: str = "resignation", **kw) -> GameRecord:
    """A score sheet decided and signed by the arbiter ``by`` (Điều 11, 13): an official
    record, locked against edits."""
    now = timezone.now()
    return make_game(pairing, decision=decision, decision_reason=reason, decided_by=by,
                     decided_at=now, arbiter_signed_at=now, arbiter_signed_by=by, **kw)
