"""Svennhighen cá nhân (002 Điều 10): every player of group A meets every player of group B
(A1..An, B1..Bn drawn by lot within each group); the rounds are one group's size."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chessrules.competition.match import GROUPS
from chessrules.values import System
from tournaments.engine import formats, pairing
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import Counts, Field, SystemSpec


class IndividualScheveningen(SystemSpec):
    system = System.INDIVIDUAL_SCHEVENINGEN
    predetermined = True
    rounds_from_field = True
    groups = True
    starting_order = "groups"
    trf_words = (("svennhighen",), ("individual", "scheveningen"))
    trf_rank = 5  # before the team Scheveningen

    def total_rounds(self, t: Any, counts: Counts) -> int:
        return counts.players() // 2

    def summary(self, load: Callable[[], Snapshot], rows: list[dict[str, Any]]) -> dict[str, Any]:
        """Each group's total points: the result of group A against group B."""
        return {"groups": formats.group_scores(load(), rows)}

    def check_field(self, t: Any, entries: Field) -> None:
        if any(n for group, n in entries.groups.items() if group not in GROUPS):
            raise EngineError(N_("Svennhighen cá nhân (002 Điều 10): mỗi đấu thủ phải thuộc "
                                 "nhóm A hoặc B."), field="group", code="group_missing")
        a, b = (entries.groups.get(g, 0) for g in GROUPS)
        if a != b or a < 2:
            raise EngineError(N_("Svennhighen cá nhân (002 Điều 10): hai nhóm cần cùng số đấu "
                                 "thủ (ít nhất 2); nhóm A có %(a)s, nhóm B có %(b)s."),
                              field="group", code="groups_unequal", a=a, b=b)

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.individual_scheveningen(snapshot, number, plan)
