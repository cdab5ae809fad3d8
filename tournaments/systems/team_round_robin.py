"""Đồng đội vòng tròn (Điều 30.4): the teams meet by the Berger table, board i against
board i."""

from __future__ import annotations

from typing import Any

from chessrules.values import System
from tournaments.engine import pairing_teams
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import Counts, SystemSpec, round_robin_rounds


class TeamRoundRobin(SystemSpec):
    system = System.TEAM_ROUND_ROBIN
    team = True
    predetermined = True
    rounds_from_field = True
    team_crosstable = True
    trf_words = (("team", "round"), ("dong doi", "vong tron"))
    trf_rank = 30

    def total_rounds(self, t: Any, counts: Counts) -> int:
        return round_robin_rounds(counts.teams())

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing_teams.team_round_robin(snapshot, number, plan)
