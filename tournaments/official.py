"""Which tournament rows are official records (``core.official``): a certified tournament
and everything that makes its result (entries, officials, rounds, pairings, logs)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.official import official_rule, refuse_deletion
from tournaments.models import (
    Entry,
    Official,
    Pairing,
    PairingChange,
    ResultChange,
    Round,
    StatusChange,
    TeamEntry,
    TeamMatch,
    Tournament,
)

CERTIFIED = Tournament.Status.CERTIFIED


@official_rule(Tournament)
def certified_tournament(t: Tournament) -> str | None:
    if t.status == CERTIFIED:
        return _("giải đã được công nhận kết quả; chỉ mở lại được, có ghi lý do")
    return None


def _part_of_certified(tournament_id: int | None) -> str | None:
    if tournament_id and Tournament.objects.filter(pk=tournament_id, status=CERTIFIED).exists():
        return _("thuộc giải đã được công nhận kết quả")
    return None


@official_rule(Entry, Official, Round, TeamEntry, StatusChange)
def row_of_certified_tournament(row: Any) -> str | None:  # a row of one of the models above
    return _part_of_certified(row.tournament_id)


@official_rule(Pairing, TeamMatch, PairingChange)
def board_of_certified_tournament(row: Any) -> str | None:  # a row of one of the models above
    return _part_of_certified(Round.objects.filter(pk=row.round_id)
                              .values_list("tournament_id", flat=True).first())


@official_rule(ResultChange)
def result_of_certified_tournament(row: ResultChange) -> str | None:
    return _part_of_certified(Pairing.objects.filter(pk=row.pairing_id)
                              .values_list("round__tournament_id", flat=True).first())


refuse_deletion(Tournament)
