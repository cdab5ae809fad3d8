"""Vòng tròn hai lượt: the Berger table played twice, colours reversed (Điều 24)."""

from __future__ import annotations

from typing import Any

from chessrules.values import System
from tournaments.engine import pairing
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import Counts, SystemSpec, round_robin_rounds


class DoubleRoundRobin(SystemSpec):
    system = System.DOUBLE_ROUND_ROBIN
    predetermined = True
    round_robin = True
    legs = 2
    qualifying_stage = True
    final_stage = True
    crosstable_matrix = True
    rounds_from_field = True
    trf_words = (("double", "round"), ("vong tron hai luot",))
    trf_rank = 40

    def total_rounds(self, t: Any, counts: Counts) -> int:
        return round_robin_rounds(counts.players()) * 2

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.round_robin(snapshot, number, plan)
