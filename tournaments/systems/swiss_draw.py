"""Hệ Thụy Sĩ bốc thăm (Điều 29): score groups and colour sub-groups drawn round by round
with a new seed."""

from __future__ import annotations

from chessrules.values import System
from tournaments.engine import pairing
from tournaments.engine.pairing import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import SystemSpec


class SwissDraw(SystemSpec):
    system = System.SWISS_DRAW
    swiss = True
    qualifying_stage = True
    swiss_guidance = True
    draws_each_round = True
    trf_words = (("thuy si boc tham",), ("swiss", "draw"))
    trf_rank = 70

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.swiss_draw(snapshot, number, plan)
