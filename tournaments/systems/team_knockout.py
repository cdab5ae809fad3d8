"""Đồng đội loại trực tiếp (Điều 30.3): a knockout of teams, each tie a team match in the
regulations' form: the English form (30.2.2, the default: one round per board) or board
against board (30.2.1, one round)."""

from __future__ import annotations

from typing import Any

from chessrules.values import System, TeamMatchForm
from tournaments.engine import pairing_teams
from tournaments.engine.plan import RoundPlan
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.base import TEAM_MATCH_FORM, Counts, SystemSpec, knockout_stage_count


def _english_form(t: Any) -> bool:
    return (t.team_match_form or TeamMatchForm.SCHEVENINGEN) == TeamMatchForm.SCHEVENINGEN


class TeamKnockout(SystemSpec):
    system = System.TEAM_KNOCKOUT
    team = True
    rounds_from_field = True
    accepts = frozenset({TEAM_MATCH_FORM})
    team_bracket = True
    trf_words = (("dong doi", "loai truc tiep"), ("team", "knock"))
    trf_rank = 25  # before the knockout

    def total_rounds(self, t: Any, counts: Counts) -> int:
        """One team match per stage (30.3): the English form's ``boards`` rounds a tie."""
        teams = counts.teams()
        per_tie = (t.boards_per_team or 4) if _english_form(t) else 1
        return knockout_stage_count(teams) * per_tie if teams >= 2 else 0

    def english_form(self, t: Any) -> bool:
        """30.3: "thường là đối kháng kiểu Anh" (the default), or board against board."""
        return _english_form(t)

    def board_limits(self, t: Any, low: int, high: int) -> tuple[int, int]:
        if t.team_match_form == TeamMatchForm.SCHEVENINGEN:
            return max(low, 3), min(high, 6)  # the tables of 30.2.2
        return low, high

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        pairing_teams.team_knockout(snapshot, number, plan)
