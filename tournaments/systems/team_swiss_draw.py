"""Đồng đội Thụy Sĩ bốc thăm (Điều 30.5): teams drawn like players (Điều 29), a new seed
each round."""

from __future__ import annotations

from chessrules.values import System
from tournaments.engine import pairing_teams
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import SystemSpec


class TeamSwissDraw(SystemSpec):
    system = System.TEAM_SWISS_DRAW
    team = True
    swiss = True
    draws_each_round = True
    team_bye_points = True
    trf_words = (("team", "swiss"), ("dong doi", "thuy si"))
    trf_rank = 20

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing_teams.team_swiss_draw(snapshot, number, plan)
