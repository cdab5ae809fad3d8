"""Đối kháng đồng loạt (Điều 30.2.1): two teams, board i against board i, a match of 1-4
games (one round each)."""

from __future__ import annotations

from typing import Any

from chessrules.values import System
from tournaments.engine import pairing_teams
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import Field, SystemSpec, two_teams


class Simultaneous(SystemSpec):
    system = System.SIMULTANEOUS
    team = True
    trf_words = (("doi khang dong loat",),)

    def check_settings(self, t: Any) -> None:
        super().check_settings(t)
        if not 1 <= (t.number_of_rounds or 0) <= 4:
            raise EngineError(N_("Đối kháng đồng loạt (Điều 30.2.1): mỗi cặp đấu 1-4 ván."),
                              field="number_of_rounds", code="invalid")

    def check_field(self, t: Any, entries: Field) -> None:
        two_teams(entries)

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing_teams.simultaneous(snapshot, number, plan)
