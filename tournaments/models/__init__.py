"""Tournaments: the event, its officials, entries, rounds, pairings and results.

The lifecycle (draft → registration open → registration closed → rounds → finished →
certified) is driven by ``tournaments.services``; these models hold the data and the
invariants that do not need a query. Pairing algorithms live in ``chessrules`` and are
reached only through ``tournaments.engine``.

Names are stable: the games app links a game record to :class:`Pairing`.

One module per concern, every model imported here (Django finds them through this package):
``tournament``, ``entries`` (officials, teams, entries), ``rounds`` (rounds, matches, pairings
and their changes), ``records`` (status changes, sanctions, complaints, annulments,
amendments), ``organisation`` (schedule, boards, suspension, delegations, prizes, play-offs).
"""

from tournaments.models.entries import Entry, Official, TeamEntry
from tournaments.models.organisation import (
    BoardAssignment,
    Delegation,
    DelegationStaff,
    PlayOffGame,
    PlayOffMatch,
    Prize,
    ScheduledRound,
    Suspension,
)
from tournaments.models.records import (
    AnnulledGame,
    Complaint,
    RegulationAmendment,
    SanctionProposal,
    StatusChange,
)
from tournaments.models.rounds import (
    FINAL_RESULTS,
    LateArrival,
    Pairing,
    PairingChange,
    Result,
    ResultChange,
    Round,
    TeamMatch,
)
from tournaments.models.tournament import Tournament

__all__ = [
    "Tournament",
    "Official",
    "TeamEntry",
    "Entry",
    "Round",
    "TeamMatch",
    "Result",
    "FINAL_RESULTS",
    "Pairing",
    "ResultChange",
    "LateArrival",
    "PairingChange",
    "StatusChange",
    "SanctionProposal",
    "Complaint",
    "AnnulledGame",
    "RegulationAmendment",
    "ScheduledRound",
    "BoardAssignment",
    "Suspension",
    "Delegation",
    "DelegationStaff",
    "Prize",
    "PlayOffGame",
    "PlayOffMatch",
]
