"""Đối kháng kiểu Anh (Scheveningen, Điều 30.2.2): two teams, every player of A meets every
player of B by the printed tables (3-6 boards), one round per board."""

from __future__ import annotations

from typing import Any

from chessrules.values import System
from tournaments.engine import pairing_teams
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import Counts, Field, SystemSpec, two_teams


class Scheveningen(SystemSpec):
    system = System.SCHEVENINGEN
    team = True
    rounds_from_field = True
    trf_words = (("scheveningen",),)
    trf_rank = 10

    def total_rounds(self, t: Any, counts: Counts) -> int:
        return t.boards_per_team or 0

    def english_form(self, t: Any) -> bool:
        return True

    def board_limits(self, t: Any, low: int, high: int) -> tuple[int, int]:
        return max(low, 3), min(high, 6)  # the tables of 30.2.2

    def check_field(self, t: Any, entries: Field) -> None:
        two_teams(entries)

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing_teams.scheveningen(snapshot, number, plan)
