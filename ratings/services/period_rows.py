"""The stored rows of a computed rating period: players' ratings, the per-tournament change
details and the period's tournament links (written in the period's transaction)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.db import connection
from django.utils.translation import gettext as _

from chessrules.values import competition_ranks
from ratings import engine
from ratings.models import PeriodTournament, PlayerRating, RatingChangeDetail, RatingPeriod
from ratings.services.bulk_copy import JsonText, _bulk_insert
from ratings.services.common import Progress
from tournaments.models import Tournament


def _delete_rows(period: RatingPeriod) -> None:
    """Replace, not add (idempotent re-run); raw deletes because 100,000 rows must go fast."""
    details, ratings = RatingChangeDetail._meta.db_table, PlayerRating._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {details} WHERE player_rating_id IN "  # noqa: S608
                       f"(SELECT id FROM {ratings} WHERE period_id = %s)", [period.pk])
        cursor.execute(f"DELETE FROM {ratings} WHERE period_id = %s", [period.pk])  # noqa: S608


def _dec(x100: int | None) -> Decimal | None:
    return None if x100 is None else Decimal(x100).scaleb(-2)


def _write_rows(period: RatingPeriod, stored: dict[int, tuple], states: dict,
                results: dict, progress: Progress, *, published: bool) -> dict:
    """Write the period's rows. ``published``: the flag the rows get when the job publishes
    right after the commit (the period's status is what makes a list public; writing the flag
    now spares an UPDATE of 100,000 rows)."""
    rows: list[dict[str, Any]] = []
    for person in sorted(set(stored) | set(results)):
        result = results.get(person)
        if result is None:
            rating, total, birth, peak, pending = stored[person]
            rows.append({"person_id": person, "rating": rating, "old_rating": rating,
                         "total_games": total, "birth_year": birth, "peak_rating": peak,
                         "pending": pending or []})
            continue
        new = result.new_state
        initial = result.initial
        rows.append({
            "person_id": person, "rating": new.rating, "old_rating": result.old_rating,
            "games": result.games, "score": Decimal(str(result.score)),
            "expected": _dec(result.expected_x100) if result.old_rating is not None else None,
            "k": result.k.value if result.k else None,
            "k_reason": result.k.reason[:200] if result.k else "",
            "change": result.rounded_change, "change_exact": _dec(result.change_x100),
            "became_rated": result.became_rated, "delisted": result.delisted,
            "initial": None if initial is None else {
                "games": initial.games, "score": initial.score,
                "average_opponent": round(float(initial.average_opponent), 2),
                "p": initial.p, "dp": initial.dp, "computed": initial.computed,
                "rating": initial.rating, "reason": initial.reason},
            "total_games": new.games, "birth_year": new.birth_year,
            "peak_rating": new.peak_rating, "pending": engine.pending_to_json(new.pending),
            "_events": result.events,
        })
    _assign_ranks(rows)
    fields = ["period_id", "person_id", "rating", "old_rating", "games", "score", "expected", "k",
              "k_reason", "change", "change_exact", "rank", "published", "became_rated",
              "delisted", "initial", "total_games", "peak_rating", "birth_year", "pending"]
    defaults = {"games": 0, "score": Decimal(0), "expected": None, "k": None, "k_reason": "",
                "change": None, "change_exact": None, "published": published,
                "became_rated": False, "delisted": False, "initial": None,
                "period_id": period.pk}
    _bulk_insert(PlayerRating, fields, ({**defaults, **row} for row in rows))
    progress(80, _("Đang lưu chi tiết từng đấu thủ"))
    ids = dict(PlayerRating.objects.filter(period=period).values_list("person_id", "id"))
    detail_fields = ["player_rating_id", "tournament_id", "old_rating", "games", "score",
                     "expected", "k", "change", "performance", "opponents"]
    _bulk_insert(RatingChangeDetail, detail_fields, _detail_rows(rows, ids))
    rated = sum(1 for row in rows if row["rating"] is not None)
    return {"players": len(rows), "rated": rated,
            "became_rated": sum(1 for row in rows if row.get("became_rated")),
            "delisted": sum(1 for row in rows if row.get("delisted"))}


def _opponents(lines, as_text: bool):
    """[[person, rating, score, expected], ...]; as JSON text for COPY (no json.dumps call per
    row: 200,000 rows in the bench)."""
    if not as_text:
        return [[line.opponent, line.opponent_rating, line.score,
                 None if line.expected_x100 is None else line.expected_x100 / 100]
                for line in lines]
    return JsonText("[" + ",".join([
        f"[{line.opponent},{line.opponent_rating},{line.score},"
        f"{'null' if line.expected_x100 is None else line.expected_x100 / 100}]"
        for line in lines]) + "]")


def _detail_rows(rows: list[dict], ids: dict[int, int]) -> Iterable[dict]:
    as_text = connection.vendor == "postgresql"
    for row in rows:
        for event in row.get("_events", ()):
            rated_player = row["old_rating"] is not None
            yield {
                "player_rating_id": ids[row["person_id"]], "tournament_id": event.event_id,
                "old_rating": row["old_rating"], "games": len(event.games),
                "score": Decimal(str(event.score)),
                "expected": _dec(event.expected_x100) if rated_player else None,
                "k": event.k, "change": _dec(event.change_x100),
                "performance": event.performance.rating if event.performance else None,
                "opponents": _opponents(event.games, as_text),
            }


def _assign_ranks(rows: list[dict]) -> None:
    """Rank among rated players by rating; equal ratings share the better rank (1, 1, 3)."""
    rated = sorted((row for row in rows if row["rating"] is not None),
                   key=lambda row: -row["rating"])
    for row, rank in zip(rated, competition_ranks(row["rating"] for row in rated), strict=True):
        row["rank"] = rank
    for row in rows:
        row.setdefault("rank", None)


def _link_tournaments(period: RatingPeriod, tournaments: Sequence[Tournament],
                      games: Sequence[tuple], signature_of: dict[int, str],
                      copies: dict[int, int]) -> None:
    """Remember which period rated each tournament (a reopened one keeps its link), with the
    signature of its games and, for a copy of a counted tournament, the original."""
    counts: dict[int, int] = {}
    for game in games:
        counts[game[0]] = counts.get(game[0], 0) + 1
    PeriodTournament.objects.filter(period=period, tournament__status=Tournament.Status.CERTIFIED
                                    ).delete()
    PeriodTournament.objects.bulk_create(
        [PeriodTournament(period=period, tournament=t, games=counts.get(t.pk, 0),
                          signature=signature_of.get(t.pk, ""),
                          duplicate_of_id=copies.get(t.pk))
         for t in tournaments])
