"""What the chess arbiter's penalties 13.4e-g (Luật Cờ Vua in seed 002; FIDE Laws
12.9e-g) do to the event, carried out through the tournaments app's services when
``games.services.add_penalty`` records one on a game of an event:

- (e) "giảm điểm số của ván đấu của đấu thủ vi phạm": the offender's points of the game
  become ``points`` (0 or ½, lower than he has) — ``tournaments.services.set_penalty_points``;
- (f) "tăng điểm số của ván đấu của đối phương tới mức tối đa của ván đấu đó": the opponent's
  become 1, the most a game gives (002 Điều 10.1);
- (g) "truất quyền thi đấu": the offender is disqualified from the event
  (``tournaments.services.disqualify_entry``, the Điều 15.6 / 16.1d procedure: he is not
  paired again, his pending games are forfeited, the standings annul his points as the
  event's ``disqualification_scoring`` says). The chief arbiter's (Điều 16.2).

A standalone game (no event) records the penalty only. Readings: docs/decisions-games.md.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _

from chessrules.values import RESULT_POINTS
from core.errors import ServiceError
from games.models import GamePenalty, GameRecord, PenaltyKind, Side
from tournaments import services as tournament_services
from tournaments.services.penalty_points import result_points

#: 13.4f: "tới mức tối đa của ván đấu đó" — a win's point.
MAXIMUM = Decimal("1")
REDUCED = (Decimal("0"), Decimal("0.5"))


def check_points(kind: str, points: Any) -> Decimal | None:
    """The ``points`` of a penalty: required for a reduction (13.4e: what the offender keeps,
    0 or ½), refused for every other kind."""
    if kind != PenaltyKind.REDUCE_POINTS:
        if points is not None:
            raise ServiceError(_("Chỉ hình phạt trừ điểm ván (13.4e) có số điểm."),
                               field="points")
        return None
    try:
        value = Decimal(str(points)) if points is not None else None
    except InvalidOperation:
        value = None
    if value not in REDUCED:
        raise ServiceError(_("Trừ điểm ván (Luật Cờ Vua 13.4e): ghi số điểm đấu thủ vi phạm còn "
                             "được, 0 hoặc 0.5."), field="points")
    return value


def apply(game: GameRecord, penalty: GamePenalty, *, user: Any) -> None:
    """Carry out (e), (f) or (g) on the game's event; nothing for other kinds or a game of
    no event."""
    pairing = game.pairing
    if pairing is None or penalty.kind not in (PenaltyKind.REDUCE_POINTS,
                                               PenaltyKind.RAISE_OPPONENT_POINTS,
                                               PenaltyKind.EXPULSION):
        return
    if penalty.kind == PenaltyKind.EXPULSION:
        entry = pairing.white if penalty.side == Side.WHITE else pairing.black
        assert entry is not None  # a game record's board is a game: both players
        reason = _("Luật Cờ Vua 13.4g: truất quyền thi đấu (biên bản ván %(game)s).") % {
            "game": game.pk} + (f" {penalty.note}" if penalty.note else "")
        tournament_services.disqualify_entry(entry, user=user, reason=reason)
        return
    if pairing.result in RESULT_POINTS:  # else set_penalty_points refuses (no result yet)
        _check_change(pairing, penalty)
    side = penalty.side if penalty.kind == PenaltyKind.REDUCE_POINTS else _other(penalty.side)
    points = penalty.points if penalty.kind == PenaltyKind.REDUCE_POINTS else MAXIMUM
    assert points is not None  # check_points required it for a reduction
    tournament_services.set_penalty_points(pairing, side=side, points=points, user=user)


def _other(side: str) -> str:
    return Side.BLACK if side == Side.WHITE else Side.WHITE


def _check_change(pairing: Any, penalty: GamePenalty) -> None:
    if penalty.kind == PenaltyKind.REDUCE_POINTS:
        if Decimal(penalty.points or 0) >= result_points(pairing, penalty.side):
            raise ServiceError(_("Trừ điểm ván: số điểm còn lại phải ít hơn số điểm đấu thủ đang "
                                 "có (%(now)s).") % {"now": result_points(pairing, penalty.side)},
                               field="points", code="not_a_reduction")
    elif result_points(pairing, _other(penalty.side)) >= MAXIMUM:
        raise ServiceError(_("Đối phương đã có điểm tối đa của ván đấu (Luật Cờ Vua 13.4f)."),
                           field="kind", code="already_maximum")
