"""A tournament counted twice (issue 13): the same TRF imported twice and both copies
certified would rate the same games twice. Each tournament's rated games get a signature;
a tournament whose signature is already counted (earlier in the period, or in an earlier
period of the list) is not rated again, and the review shows a warning naming both."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from ratings.models import PeriodTournament, RatingPeriod
from tournaments.models import Tournament


def signatures(games: Sequence[tuple[Any, ...]]) -> dict[int, str]:
    """{tournament id: sha256 of its rated games} (players and scores; order-free)."""
    by_event: dict[int, list[tuple[Any, ...]]] = {}
    for event, a, b, score, _forfeit in games:
        pair = (a, b, score) if a < b else (b, a, 1.0 - score)
        by_event.setdefault(event, []).append(pair)
    return {event: hashlib.sha256(repr(sorted(pairs)).encode()).hexdigest()
            for event, pairs in by_event.items()}


def find_duplicates(period: RatingPeriod, tournaments: Sequence[Tournament],
                    signature_of: dict[int, str]) -> dict[int, int]:
    """{copy id: id of the tournament already counted with the same games}. The first in
    chronological order (end date, id) counts; tournaments without rated games never match."""
    earlier = dict(PeriodTournament.objects
                   .filter(period__rating_list=period.rating_list,
                           signature__in=[s for s in signature_of.values() if s],
                           duplicate_of__isnull=True)
                   .exclude(period=period).values_list("signature", "tournament_id"))
    seen: dict[str, int] = {}
    copies: dict[int, int] = {}
    for tournament in tournaments:
        signature = signature_of.get(tournament.pk)
        if not signature:
            continue
        original = earlier.get(signature) or seen.get(signature)
        if original is not None and original != tournament.pk:
            copies[tournament.pk] = original
        else:
            seen.setdefault(signature, tournament.pk)
    return copies


def warnings_for(copies: dict[int, int]) -> list[dict[str, Any]]:
    names = dict(Tournament.objects.filter(pk__in={*copies, *copies.values()})
                 .values_list("pk", "name"))
    return [{"code": "tournament_counted_twice", "tournament": copy, "duplicate_of": original,
             "message": _("Giải #%(copy)s (%(name)s) có đúng các ván của giải #%(original)s đã "
                          "được tính: không tính lại các ván này.")
             % {"copy": copy, "name": names.get(copy, ""), "original": original}}
            for copy, original in sorted(copies.items())]
