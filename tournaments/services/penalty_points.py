"""Points of a game set by the chess arbiter's penalty (Luật Cờ Vua 13.4e-f in seed 002;
FIDE Laws 12.9e-f): "giảm điểm số của ván đấu của đấu thủ vi phạm" and "tăng điểm số của ván
đấu của đối phương tới mức tối đa của ván đấu đó".

The board keeps its result (1-0, ½-½, …: what was played, PGN, TRF codes); the side's points
are stored beside it (``Pairing.white_points``/``black_points``) and every score reads them
(standings, tie-breaks, crosstable, team boards, the TRF total): the points of the game are
then not the result's pair (½-0, 1-1). Each change is logged with source ``penalty``.
Called by the games app when a penalty is recorded (``games.penalty_effects``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from chessrules.values import RESULT_POINTS
from core.errors import ServiceError
from tournaments import cache_scopes
from tournaments.models import Pairing, ResultChange
from tournaments.services._common import _require_arbiter, _require_not_locked

#: The points a side may hold in one game (002 Điều 10.1: 1, ½, 0).
GAME_POINTS = (Decimal("0"), Decimal("0.5"), Decimal("1"))
SOURCE = ResultChange.Source.PENALTY.value


def result_points(pairing: Pairing, side: str) -> Decimal:
    """The points ``side`` ("white"/"black") holds now: the penalty's, else the result's."""
    stored = getattr(pairing, f"{side}_points")
    if stored is not None:
        return Decimal(stored)
    white, black = RESULT_POINTS[pairing.result]
    return Decimal(str(white if side == "white" else black))


@transaction.atomic
def set_penalty_points(pairing: Pairing, *, side: str, points: Decimal, user: Any) -> Pairing:
    """Set ``side``'s points of the game on the board (13.4e-f). The board must have its
    result (the points are those "của ván đấu": the game is over and scored), be a game,
    and its event not certified. ``user=None``: a trusted internal call."""
    p = (Pairing.objects.select_for_update().select_related("round__tournament")
         .get(pk=pairing.pk))
    if user is not None:
        _require_arbiter(user, p.round.tournament)
    _require_not_locked(p.round.tournament)
    if p.kind != Pairing.Kind.GAME or p.black_id is None:
        raise ServiceError(_("Bàn %(b)s không phải ván đấu.") % {"b": p.board}, field="pairing",
                           code="bye")
    if p.result not in RESULT_POINTS:
        raise ServiceError(_("Bàn %(b)s chưa có kết quả: ghi kết quả ván trước, rồi mới trừ hay "
                             "tăng điểm ván (Luật Cờ Vua 13.4e-f).") % {"b": p.board},
                           field="points", code="no_result")
    if Decimal(points) not in GAME_POINTS:
        raise ServiceError(_("Điểm một ván là 0, 0.5 hoặc 1."), field="points")
    if side not in ("white", "black"):
        raise ServiceError(_("Bên phải là white hoặc black."), field="side")
    setattr(p, f"{side}_points", Decimal(points))
    p.version += 1
    p.save(update_fields=[f"{side}_points", "version", "updated_at"])
    ResultChange.objects.create(pairing=p, old_result=p.result, new_result=p.result,
                                version=p.version, source=SOURCE,
                                changed_by=user if getattr(user, "is_authenticated", False)
                                else None)
    cache_scopes.touch_event_and_warm(p.round.tournament_id)
    return p
