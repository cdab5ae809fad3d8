"""Vòng tròn (Điều 24): the Berger table; a table round may be a match of two games
(Điều 21.2, "lượt đi, lượt về")."""

from __future__ import annotations

from typing import Any

from chessrules.values import MatchScoring, System
from tournaments.engine import pairing
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import TWO_GAME_MATCHES, Counts, SystemSpec, round_robin_rounds


class RoundRobin(SystemSpec):
    system = System.ROUND_ROBIN
    predetermined = True
    round_robin = True
    qualifying_stage = True
    final_stage = True
    crosstable_matrix = True
    rounds_from_field = True
    accepts = frozenset({TWO_GAME_MATCHES})
    trf_words = (("round robin",), ("round-robin",), ("berger",), ("vong tron",))
    trf_rank = 50

    def total_rounds(self, t: Any, counts: Counts) -> int:
        rounds = round_robin_rounds(counts.players())
        return rounds * 2 if t.match_scoring == MatchScoring.TWO_GAME_MATCH else rounds

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.round_robin(snapshot, number, plan)
