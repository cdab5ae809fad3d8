"""Hệ Thụy Sĩ điều chỉnh: Điều 28 as written (002 Điều 13); starting numbers are the 28.1
ranks (renumbered on a late entry, 28.7)."""

from __future__ import annotations

from chessrules.values import System
from tournaments.engine import pairing
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import SystemSpec


class AdjustedSwiss(SystemSpec):
    system = System.ADJUSTED_SWISS
    swiss = True
    qualifying_stage = True
    swiss_guidance = True
    starting_order = "adjusted"
    progressive_default = True  # 002 Điều 14.5 (chess law)
    trf_words = (("thuy si dieu chinh",),)
    trf_rank = 75  # before the Dutch ("thuy si")

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.adjusted_swiss(snapshot, number, plan)
