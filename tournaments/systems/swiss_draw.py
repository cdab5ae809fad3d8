"""Hệ Thụy Sĩ bốc thăm (Điều 29): score groups and colour sub-groups drawn round by round
with a new seed. Điều 29.5 (002 Điều 14.5) sets its limits as rules, not guidance: at least
6 rounds and "không được ít hơn 18 vận động viên"."""

from __future__ import annotations

from typing import Any

from chessrules.competition import swissdraw
from chessrules.values import System
from tournaments.engine import pairing
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import Field, SystemSpec


class SwissDraw(SystemSpec):
    system = System.SWISS_DRAW
    swiss = True
    qualifying_stage = True
    swiss_guidance = True
    draws_each_round = True
    trf_words = (("thuy si boc tham",), ("swiss", "draw"))
    trf_rank = 70

    def check_field(self, t: Any, entries: Field) -> None:
        """Điều 29.5 (002 Điều 14.5), checked at the draw: "Số đấu thủ trong hệ Đại tuần hoàn
        không được ít hơn 18 vận động viên" and "Số vòng thi đấu ... ít nhất là 6 vòng". Not
        when the event is created: a TRF import records an event already played."""
        if entries.players < swissdraw.MIN_PLAYERS:
            raise EngineError(N_("Hệ Thụy Sĩ bốc thăm (Đại tuần hoàn) không được ít hơn "
                                 "%(min)s đấu thủ (Điều 29.5; cờ vua 002 Điều 14.5); giải có "
                                 "%(n)s."), code="too_few", min=swissdraw.MIN_PLAYERS,
                              n=entries.players)
        if (t.number_of_rounds or 0) < swissdraw.MIN_ROUNDS:
            raise EngineError(N_("Hệ Thụy Sĩ bốc thăm (Đại tuần hoàn) đấu ít nhất %(min)s ván "
                                 "(Điều 29.5; cờ vua 002 Điều 14.5); giải đặt %(rounds)s ván."),
                              field="number_of_rounds", code="too_few_rounds",
                              min=swissdraw.MIN_ROUNDS, rounds=t.number_of_rounds or 0)

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.swiss_draw(snapshot, number, plan)
