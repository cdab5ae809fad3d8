"""Hệ Thụy Sĩ (Dutch, FIDE C.04.3): pairing numbers in rating order (C.04.2)."""

from __future__ import annotations

from chessrules.values import System
from tournaments.engine import pairing
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import SystemSpec


class Dutch(SystemSpec):
    system = System.DUTCH
    swiss = True
    qualifying_stage = True
    swiss_guidance = True
    starting_order = "rating"
    trf_words = (("dutch",), ("swiss",), ("thuy si",))
    trf_rank = 80

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.dutch(snapshot, number, plan)
