"""Reads of delegations, prizes and the overall delegation ranking ("toàn đoàn", Phụ lục 5
mục 10; Điều 19.4). The ranking's algorithm is ``chessrules.competition.delegations``."""

from __future__ import annotations

from decimal import Decimal

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


def delegation_ranking(tournament: Tournament, after_round: int | None = None) -> dict:
    """The overall ranking of the delegations (Phụ lục 5 mục 10) from the individual standings
    after ``after_round`` (default: the last complete round): each player's place 1, 2 or 3 is
    a gold, silver or bronze of his delegation, his points count to its total; ordered by the
    event's ``delegation_ranking`` (docs/decisions-tournaments.md). Players of no delegation
    count for none."""
    table = selectors.standings(tournament, after_round)
    of_entry = dict(tournament.entries.filter(starting_number__isnull=False)
                    .values_list("starting_number", "delegation_id"))
    names = dict(delegations(tournament).values_list("pk", "name"))
    counts: dict[int, dict] = {pk: {"gold": 0, "silver": 0, "bronze": 0,
                                    "points": Decimal(0)} for pk in names}
    for row in table["rows"]:
        delegation = of_entry.get(row["starting_number"])
        if delegation is None:
            continue
        count = counts[delegation]
        medal = medal_of(row["rank"])
        if medal is not None:
            count[medal] += 1
        count["points"] += Decimal(str(row["points"]))
    order = DelegationOrder(tournament.delegation_ranking)
    ranked = rank_delegations((Tally(pk, **c) for pk, c in counts.items()), order)
    return {"after_round": table["after_round"], "order": order.value,
            "rows": [{"rank": r.rank, "delegation": r.tally.key, "name": names[r.tally.key],
                      "gold": r.tally.gold, "silver": r.tally.silver,
                      "bronze": r.tally.bronze, "points": float(r.tally.points)}
                     for r in ranked]}
