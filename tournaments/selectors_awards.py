"""Reads of delegations, prizes and the overall delegation ranking ("toàn đoàn", Phụ lục 5
mục 10; Điều 19.4). The ranking's algorithm is ``chessrules.competition.delegations``."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from chessrules.competition.delegations import DelegationOrder, Tally, medal_of, rank_delegations
from tournaments import selectors
from tournaments.models import Delegation, DelegationStaff, Prize, Tournament


def delegations(tournament: Tournament) -> QuerySet[Delegation]:
    return Delegation.objects.filter(tournament=tournament).order_by("name")


def delegation_staff(tournament: Tournament) -> QuerySet[DelegationStaff]:
    return (DelegationStaff.objects.filter(delegation__tournament=tournament)
            .select_related("person", "delegation").order_by("delegation__name", "role", "id"))


def prizes(tournament: Tournament) -> QuerySet[Prize]:
    return (Prize.objects.filter(tournament=tournament)
            .select_related("entry", "team", "delegation").order_by("kind", "place", "id"))


def delegation_ranking(tournament: Tournament, after_round: int | None = None) -> dict[str, Any]:
    """The overall ranking of the delegations (Phụ lục 5 mục 10) from the individual standings
    after ``after_round`` (default: the last complete round): each player's place 1, 2 or 3 is
    a gold, silver or bronze of his delegation, his points count to its total; ordered by the
    event's ``delegation_ranking`` (docs/decisions-tournaments.md). Players of no delegation
    count for none. In a team event the medals are the teams' places 1-3, each counted for
    the delegation all the team's players were sent by."""
    table = selectors.standings(tournament, after_round)
    of_entry = dict(tournament.entries.filter(starting_number__isnull=False)
                    .values_list("starting_number", "delegation_id"))
    names = dict(delegations(tournament).values_list("pk", "name"))
    counts: dict[int, dict[str, Any]] = {pk: {"gold": 0, "silver": 0, "bronze": 0,
                                    "points": Decimal(0)} for pk in names}
    for row in table["rows"]:
        delegation = of_entry.get(row["starting_number"])
        if delegation is None:
            continue
        count = counts[delegation]
        medal = medal_of(row["rank"])
        if medal is not None and not tournament.is_team_event:
            count[medal] += 1
        count["points"] += Decimal(str(row["points"]))
    if tournament.is_team_event:  # a team's place is its delegation's medal (Phụ lục 5 mục 10)
        for team_id, rank in _team_places(tournament, table["after_round"]):
            delegation = _team_delegation(tournament, team_id)
            medal = medal_of(rank)
            if delegation is not None and medal is not None:
                counts[delegation][medal] += 1
    order = DelegationOrder(tournament.delegation_ranking)
    ranked = rank_delegations((Tally(pk, **c) for pk, c in counts.items()), order)
    return {"after_round": table["after_round"], "order": order.value,
            "rows": [{"rank": r.rank, "delegation": r.tally.key, "name": names[r.tally.key],
                      "gold": r.tally.gold, "silver": r.tally.silver,
                      "bronze": r.tally.bronze, "points": float(r.tally.points)}
                     for r in ranked]}


def _team_places(tournament: Tournament, after_round: int) -> list[tuple[int, int]]:
    return [(row["team_id"], row["rank"])
            for row in selectors.team_standings(tournament, after_round)["rows"]]


def _team_delegation(tournament: Tournament, team_id: int) -> int | None:
    """The delegation of a team: the one its players were sent by, when they agree."""
    sent = set(tournament.entries.filter(team_id=team_id).values_list("delegation_id",
                                                                       flat=True))
    return sent.pop() if len(sent) == 1 else None
