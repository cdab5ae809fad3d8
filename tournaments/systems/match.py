"""Đấu đối kháng cá nhân (002 Điều 8): two players, a number of games (the most the match
may last when a target is set) and at most one target, points or games won."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chessrules.competition.match import MAX_MATCH_GAMES, check_match_terms
from chessrules.values import System
from tournaments.engine import formats, pairing
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import MATCH_DECIDED, RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import MATCH_TERMS, Field, SystemSpec


class Match(SystemSpec):
    system = System.MATCH
    accepts = frozenset({MATCH_TERMS})
    ends_on_decision = True
    decided_message = MATCH_DECIDED
    undecided_message = N_("Trận đối kháng chưa kết thúc (002 Điều 8).")
    trf_words = (("doi khang ca nhan",),)

    def check_settings(self, t: Any) -> None:
        super().check_settings(t)
        if not t.number_of_rounds:
            raise EngineError(N_("Đấu đối kháng (002 Điều 8) cần số ván ấn định (hoặc tối "
                                 "đa)."), field="number_of_rounds", code="invalid")
        points = float(t.match_target_points) if t.match_target_points is not None else None
        try:
            check_match_terms(t.number_of_rounds, points, t.match_target_wins)
        except ValueError:
            field = "match_target_wins" if t.match_target_wins is not None else (
                "match_target_points" if points is not None else "number_of_rounds")
            if points is not None and t.match_target_wins is not None:
                raise EngineError(N_("Chọn một cách thắng trận: theo số điểm hoặc theo số ván "
                                     "thắng."), field=field, code="invalid") from None
            if field == "number_of_rounds":
                raise EngineError(N_("Trận đối kháng có từ 1 đến %(n)s ván."), field=field,
                                  code="invalid", n=MAX_MATCH_GAMES) from None
            if field == "match_target_points":
                raise EngineError(N_("Số điểm thắng trận phải lớn hơn một nửa số ván (%(n)s) và "
                                     "không quá số ván, tính theo nửa điểm."), field=field,
                                  code="invalid", n=t.number_of_rounds) from None
            raise EngineError(N_("Số ván thắng để thắng trận phải từ 1 đến số ván (%(n)s)."),
                              field=field, code="invalid", n=t.number_of_rounds) from None

    def check_field(self, t: Any, entries: Field) -> None:
        if entries.players != 2:
            raise EngineError(N_("Đấu đối kháng cá nhân (002 Điều 8) giữa đúng 2 đấu thủ; giải "
                                 "có %(n)s."), code="too_few", n=entries.players)

    def decided(self, snapshot: Snapshot) -> bool:
        return formats.match_state(snapshot).decided

    def summary(self, load: Callable[[], Snapshot], rows: list[dict[str, Any]]) -> dict[str, Any]:
        """002 Điều 8: the match's score, games won, and whether it is decided."""
        state = formats.match_state(load())
        numbers = sorted(row["starting_number"] for row in rows)
        return {"match": {
            "games": state.games, "players": numbers, "points": list(state.points),
            "wins": list(state.wins), "decided": state.decided,
            "winner": numbers[state.winner] if state.winner is not None else None}}

    def default_tiebreaks(self, law: str) -> list[str]:
        """002 Điều 8: the score decides; equal scores share."""
        return []

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing.match(snapshot, number, plan)
