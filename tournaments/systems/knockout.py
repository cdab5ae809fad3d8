"""Loại trực tiếp (Điều 25): the bracket replayed from the games; it ends with its champion
(and the placement matches the regulations ask for), not after a number of rounds."""

from __future__ import annotations

from typing import Any

from chessrules.values import System
from tournaments.engine import knockout as ko
from tournaments.engine import pairing
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import KNOCKOUT_DECIDED, RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import TWO_GAME_MATCHES, SystemSpec


class Knockout(SystemSpec):
    system = System.KNOCKOUT
    starting_order = "rating"
    accepts = frozenset({TWO_GAME_MATCHES})
    bounded_by_rounds = False
    final_stage = True
    bracket = True
    ends_on_decision = True
    decided_message = KNOCKOUT_DECIDED
    undecided_message = N_("Giải loại trực tiếp chưa có nhà vô địch.")
    trf_words = (("knock",), ("loai truc tiep",))
    trf_rank = 60

    def decided(self, snapshot: Snapshot) -> bool:
        """The final is settled (a winner, or both finalists out) and so is every placement
        match the regulations ask for."""
        main = ko.stages(snapshot)
        return ko.decided(main, ko.placement_stages(snapshot, main))

    def rerank(self, snapshot: Snapshot, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Điều 25: ranked by the stage reached, once the bracket is drawn."""
        if len(snapshot.entries) >= 2 and snapshot.settings.lot_seed is not None:
            return ko.rerank(rows, ko.ranking(snapshot))
        return rows

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.knockout(snapshot, number, plan)
