"""Writes of the ratings app: rating periods (FIDE B.02 via ``ratings.engine``) and national
titles (Phụ lục 6, Luật Cờ Tướng 2004).

Rating period job (issue 8): the rated games of the tournaments certified in the period are
rated with ``rate_period`` from the previous period's *published* state; everything is stored in
one transaction (the period's rows are replaced, so re-running gives the same list), then the
list is published. A correction (a certified tournament reopened and certified again) recomputes
the period the tournament was rated in and every later computed period.

Title job: when a tournament is certified, every player is checked against the criteria table
in force on the event's end date; each criterion met becomes a :class:`TitleQualification` with
its evidence. Staff approve (a title-award decision is issued through
``documents.services.issue_decision`` and a :class:`PlayerTitle` created) or reject with a reason.
"""

from __future__ import annotations

import calendar
import csv
import io
import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, NotAllowedError, ServiceError
from core.jobs import start_job
from federation.models import Person
from ratings import engine, selectors
from ratings.models import (
    TITLE_ORDER,
    ForeignTitle,
    PeriodTournament,
    PlayerRating,
    PlayerTitle,
    RatingChangeDetail,
    RatingList,
    RatingPeriod,
    TitleCode,
    TitleCriteriaTable,
    TitleQualification,
)
from tournaments.models import Entry, Pairing, Tournament

logger = logging.getLogger(__name__)

Progress = Callable[[float, str], None]

#: Results that are rated: played games only (forfeits "+-", "-+", "--" are not rated).
PLAYED_RESULTS = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}


def _no_progress(_percent: float, _message: str = "") -> None:
    return None


def _require_staff(user) -> None:
    if not getattr(user, "is_staff", False):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn được thực hiện việc này."))


# =============================================================================================
# Rating lists and periods
# =============================================================================================

def update_list_rules(rating_list: RatingList, rules: dict, *, user) -> RatingList:
    """Staff change a list's FIDE B.02 settings (every parameter, issue 8)."""
    _require_staff(user)
    if not isinstance(rules, dict):
        raise ServiceError(_("Tham số phải là một đối tượng JSON."), field="rules")
    try:
        normalised = engine.normalise_rules(rules)
    except (TypeError, ValueError) as exc:
        raise ServiceError(str(exc), field="rules", code="invalid_rules") from None
    rating_list.rules = normalised
    rating_list.save(update_fields=["rules"])
    return rating_list


def month_bounds(day: date) -> tuple[date, date]:
    last = calendar.monthrange(day.year, day.month)[1]
    return day.replace(day=1), day.replace(day=last)


def get_or_create_period(rating_list: RatingList, day: date) -> RatingPeriod:
    """The monthly period of ``rating_list`` containing ``day`` (created as draft)."""
    existing = (RatingPeriod.objects.filter(rating_list=rating_list, start__lte=day, end__gte=day)
                .first())
    if existing:
        return existing
    start, end = month_bounds(day)
    period, _created = RatingPeriod.objects.get_or_create(
        rating_list=rating_list, start=start, defaults={"end": end})
    return period


def create_period(rating_list: RatingList, start: date, end: date, *, user) -> RatingPeriod:
    """Staff create a period of another length than a month (it must not overlap another)."""
    _require_staff(user)
    if end < start:
        raise ServiceError(_("Ngày kết thúc trước ngày bắt đầu."), field="end")
    if RatingPeriod.objects.filter(rating_list=rating_list, start__lte=end,
                                   end__gte=start).exists():
        raise ConflictError(_("Kỳ này trùng với một kỳ đã có."), field="start")
    return RatingPeriod.objects.create(rating_list=rating_list, start=start, end=end)


def seed_period(rating_list: RatingList, start: date, end: date,
                ratings: dict[int, tuple[int, int]], *, user) -> RatingPeriod:
    """Staff load a starting list (ratings from an earlier system or FIDE) as a published
    period: ``ratings`` = {person id: (rating, rated games so far)}. Only before any computed
    period of the list, because every later period starts from it."""
    _require_staff(user)
    if RatingPeriod.objects.filter(rating_list=rating_list, start__gte=start).exists():
        raise ConflictError(_("Danh sách khởi đầu phải có trước mọi kỳ khác của bảng."),
                            field="start")
    floor = engine.rules_from_dict(rating_list.rules).rating_floor
    with transaction.atomic():
        period = RatingPeriod.objects.create(rating_list=rating_list, start=start, end=end,
                                             summary={"seeded": True})
        births = dict(Person.objects.filter(pk__in=ratings).values_list("pk", "date_of_birth"))
        rows = []
        for person, (rating, total) in ratings.items():
            if rating is None or rating < floor:
                raise ServiceError(_("Hệ số %(r)s của người %(p)s dưới hệ số sàn %(f)s.")
                                   % {"r": rating, "p": person, "f": floor}, field="ratings")
            birth = births.get(person)
            rows.append({"person_id": person, "rating": rating, "old_rating": rating,
                         "total_games": total, "peak_rating": rating, "pending": [],
                         "birth_year": birth.year if birth else None})
        _assign_ranks(rows)
        PlayerRating.objects.bulk_create([PlayerRating(period=period, **row) for row in rows])
        period.status = RatingPeriod.Status.COMPUTED
        period.computed_at = timezone.now()
        period.save(update_fields=["status", "computed_at"])
    return publish_period(period)


def request_period_computation(period: RatingPeriod, *, user=None, publish: bool = True):
    """Start (or join) the job computing and publishing ``period``."""
    from ratings.tasks import compute_period_task

    if user is not None and getattr(user, "is_authenticated", False):
        _require_staff(user)
    job = start_job("rating_period", compute_period_task,
                    params={"period": period.pk, "publish": publish},
                    key=f"rating-period:{period.pk}:{period.computations}:{int(publish)}",
                    user=user)
    RatingPeriod.objects.filter(pk=period.pk).update(job=job)
    return job


def request_recompute(period: RatingPeriod, *, user=None, reason: str = "", key: str | None = None):
    """Start the job recomputing ``period`` and every later computed period of its list."""
    from ratings.tasks import recompute_from_task

    if user is not None and getattr(user, "is_authenticated", False):
        _require_staff(user)
    return start_job("rating_recompute", recompute_from_task,
                     params={"period": period.pk, "reason": reason},
                     key=key or f"rating-recompute:{period.pk}:{period.computations}", user=user)


def compute_period_job(params: dict, progress: Progress) -> dict:
    period = RatingPeriod.objects.get(pk=params["period"])
    return compute_period(period, publish=bool(params.get("publish", True)), progress=progress)


def recompute_from_job(params: dict, progress: Progress) -> dict:
    period = RatingPeriod.objects.get(pk=params["period"])
    return recompute_from(period, progress=progress)


def recompute_from(period: RatingPeriod, *, progress: Progress = _no_progress) -> dict:
    """Recompute ``period`` and every later period of its list that was computed (a correction
    changes the start state of all of them); published periods are published again, the others
    stay unpublished. The next
    period is looked up after each one, so a period computed meanwhile is not missed."""
    done = []
    item: RatingPeriod | None = period
    publish = period.status == RatingPeriod.Status.PUBLISHED  # unpublished ones stay so
    while item is not None:
        count = len(done)
        compute_period(item, publish=publish,
                       progress=lambda p, m, c=count: progress(min(95, c * 20 + p / 5), m))
        done.append(item.start.isoformat())
        item = (RatingPeriod.objects.filter(rating_list=item.rating_list, start__gt=item.start)
                .exclude(status=RatingPeriod.Status.DRAFT).order_by("start").first())
        publish = item is not None and item.status == RatingPeriod.Status.PUBLISHED
    return {"periods": done}


def _previous_period(period: RatingPeriod) -> RatingPeriod | None:
    """The period before, locked: a recomputation of it finishes before this one reads it."""
    return (RatingPeriod.objects.select_for_update()
            .filter(rating_list=period.rating_list, start__lt=period.start)
            .order_by("-start").first())


def _tournaments_of(period: RatingPeriod) -> list[Tournament]:
    """Rated tournaments of the list certified in the period (or rated in it before a
    correction), in chronological order (end date, then id)."""
    rating_list = period.rating_list
    certified = Tournament.objects.filter(
        status=Tournament.Status.CERTIFIED, rated=True, discipline=rating_list.discipline,
        time_control_class=rating_list.time_control_class)
    linked = certified.filter(rating_period_link__period=period)
    new = certified.filter(rating_period_link__isnull=True,
                           certified_at__date__gte=period.start,
                           certified_at__date__lte=period.end)
    return sorted({*linked, *new}, key=lambda t: (t.end_date, t.pk))  # as rated_games orders


def rated_games(tournaments: Sequence[Tournament]) -> list[tuple]:
    """Played games between two identified players (members), chronological: tournament end
    date and id, round, board. Forfeits, byes and players without a member record are not
    rated. Items are ``RatedGame``-shaped tuples (event, player_a, player_b, score_a, forfeit)."""
    ids = [t.pk for t in tournaments]
    person_of = dict(Entry.objects.filter(tournament_id__in=ids, member__isnull=False)
                     .values_list("pk", "member__person_id"))
    rows = (Pairing.objects
            .filter(round__tournament_id__in=ids, kind=Pairing.Kind.GAME,
                    result__in=list(PLAYED_RESULTS), white__isnull=False, black__isnull=False)
            .order_by("round__tournament__end_date", "round__tournament_id", "round__number",
                      "board", "game_number")
            .values_list("round__tournament_id", "white_id", "black_id", "result"))
    games = []
    append = games.append
    points = PLAYED_RESULTS
    for tournament, white, black, result in rows.iterator(chunk_size=50_000):
        a, b = person_of.get(white), person_of.get(black)
        if a is not None and b is not None and a != b:
            append((tournament, a, b, points[result], False))
    return games


def _start_states(previous: RatingPeriod | None) -> dict[int, tuple]:
    if previous is None:
        return {}
    rows = PlayerRating.objects.filter(period=previous).values_list(
        "person_id", "rating", "total_games", "birth_year", "peak_rating", "pending")
    return {row[0]: row[1:] for row in rows.iterator(chunk_size=20_000)}


def compute_period(period: RatingPeriod, *, publish: bool = True,
                   progress: Progress = _no_progress) -> dict:
    """Compute (replace) the list of ``period``, in one transaction; then publish it."""
    with transaction.atomic():
        period = RatingPeriod.objects.select_for_update(of=("self",)).select_related("rating_list").get(
            pk=period.pk)
        previous = _previous_period(period)
        if previous is not None and previous.status != RatingPeriod.Status.PUBLISHED:
            raise ServiceError(
                _("Kỳ trước (%(start)s) chưa công bố: phải tính và công bố kỳ trước trước.")
                % {"start": previous.start.isoformat()}, field="period",
                code="previous_period_not_published")
        progress(5, "loading games")
        tournaments = _tournaments_of(period)
        games = rated_games(tournaments)
        stored = _start_states(previous)
        progress(25, "rating")
        states = _engine_states(stored, games)
        results = engine.rate(states, games, period.rating_list.rules, period=period.start)
        progress(55, "storing")
        _delete_rows(period)
        summary = _write_rows(period, stored, states, results, progress, published=publish)
        progress(90, "linking tournaments")
        _link_tournaments(period, tournaments, games)
        period.status = RatingPeriod.Status.COMPUTED
        period.computed_at = timezone.now()
        period.published_at = None
        period.computations += 1
        period.summary = summary | {"tournaments": len(tournaments), "games": len(games)}
        period.save(update_fields=["status", "computed_at", "published_at", "computations",
                                   "summary"])
        progress(95, "committing")
    if publish:
        progress(97, "publishing")
        publish_period(period)
    progress(99, "done")
    return {"period": period.pk, "start": period.start.isoformat(), **period.summary,
            "published": publish}


def _engine_states(stored: dict[int, tuple], games: Sequence[tuple]
                   ) -> dict[int, engine.PlayerState]:
    states = {person: engine.state(rating, total, birth, peak, pending)
              for person, (rating, total, birth, peak, pending) in stored.items()}
    newcomers = {p for g in games for p in (g[1], g[2]) if p not in states}
    births = dict(Person.objects.filter(pk__in=newcomers).values_list("pk", "date_of_birth"))
    for person in newcomers:
        birth = births.get(person)
        states[person] = engine.state(None, 0, birth.year if birth else None, None)
    return states


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
    progress(80, "storing details")
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
    previous_rating, previous_rank = None, 0
    for index, row in enumerate(rated, start=1):
        if row["rating"] != previous_rating:
            previous_rating, previous_rank = row["rating"], index
        row["rank"] = previous_rank
    for row in rows:
        row.setdefault("rank", None)


def _bulk_insert(model, fields: list[str], rows: Iterable[dict], batch: int = 5000) -> None:
    """COPY on PostgreSQL (the 100,000-player bench), bulk_create elsewhere."""
    if connection.vendor == "postgresql":
        _copy_insert(model, fields, rows)
        return
    buffer = []
    for row in rows:
        buffer.append(model(**{name: row[name] for name in fields}))
        if len(buffer) >= batch:
            model.objects.bulk_create(buffer)
            buffer = []
    if buffer:
        model.objects.bulk_create(buffer)


class JsonText(str):
    """A JSON value already serialised (the COPY path writes it as it is)."""


def _copy_value(value) -> str:
    """One value in COPY text format (NULL, booleans, escaped text)."""
    if value is None:
        return "\\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, str):
        if "\\" in value or "\t" in value or "\n" in value or "\r" in value:
            value = (value.replace("\\", "\\\\").replace("\t", "\\t")
                     .replace("\n", "\\n").replace("\r", "\\r"))
        return value
    return str(value)


def _json_value(value) -> str:
    import json

    if value is None:
        return "\\N"
    if isinstance(value, JsonText):
        return _copy_value(value)
    if value == []:
        return "[]"
    return _copy_value(json.dumps(value))


def _copy_insert(model, fields: list[str], rows: Iterable[dict], batch: int = 5000) -> None:
    """COPY in text format, formatted here in batches (faster than adapting row by row)."""
    opts = model._meta
    column_of = {name: opts.get_field(name.removesuffix("_id")).column for name in fields}
    json_fields = [name for name in fields
                   if opts.get_field(name.removesuffix("_id")).get_internal_type() == "JSONField"]
    plain = [name for name in fields if name not in json_fields]
    columns = [column_of[name] for name in plain + json_fields]
    sql = f"COPY {opts.db_table} ({', '.join(columns)}) FROM STDIN"
    value, json_value = _copy_value, _json_value
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        lines: list[str] = []
        for row in rows:
            lines.append("\t".join([value(row[name]) for name in plain]
                                   + [json_value(row[name]) for name in json_fields]))
            if len(lines) >= batch:
                copy.write("\n".join(lines) + "\n")
                lines = []
        if lines:
            copy.write("\n".join(lines) + "\n")


def _link_tournaments(period: RatingPeriod, tournaments: Sequence[Tournament],
                      games: Sequence[tuple]) -> None:
    """Remember which period rated each tournament (a reopened one keeps its link)."""
    counts: dict[int, int] = {}
    for game in games:
        counts[game[0]] = counts.get(game[0], 0) + 1
    PeriodTournament.objects.filter(period=period, tournament__status=Tournament.Status.CERTIFIED
                                    ).delete()
    PeriodTournament.objects.bulk_create(
        [PeriodTournament(period=period, tournament=t, games=counts.get(t.pk, 0))
         for t in tournaments])


def publish_period(period: RatingPeriod, *, user=None) -> RatingPeriod:
    """Công bố: the list becomes the current one and the start state of the next period."""
    if user is not None:
        _require_staff(user)
    with transaction.atomic():
        period = RatingPeriod.objects.select_for_update().get(pk=period.pk)
        if period.status == RatingPeriod.Status.DRAFT:
            raise ServiceError(_("Kỳ chưa được tính."), field="period", code="not_computed")
        PlayerRating.objects.filter(period=period, published=False).update(published=True)
        period.status = RatingPeriod.Status.PUBLISHED
        period.published_at = timezone.now()
        period.save(update_fields=["status", "published_at"])
    return period


def schedule_monthly_periods(today: date | None = None) -> list[str]:
    """Celery beat, monthly: compute and publish last month's period of every list."""
    today = today or timezone.localdate()
    last_month = today.replace(day=1) - timedelta(days=1)
    jobs = []
    for rating_list in RatingList.objects.all():
        period = get_or_create_period(rating_list, last_month)
        if period.status == RatingPeriod.Status.DRAFT:
            jobs.append(str(request_period_computation(period).pk))
    return jobs


def on_tournament_certified(tournament: Tournament) -> dict:
    """Certified (or certified again after a correction): start the title check, and the
    recomputation of the rating period that rated it (or whose dates contain the certification)
    when that period is already computed."""
    started = {"titles": str(request_title_check(tournament).pk)}
    if not tournament.rated:
        return started
    link = PeriodTournament.objects.filter(tournament=tournament).select_related("period").first()
    if link is not None:
        period = link.period
    else:
        rating_list = RatingList.objects.filter(
            discipline=tournament.discipline,
            time_control_class=tournament.time_control_class).first()
        day = timezone.localdate(tournament.certified_at) if tournament.certified_at else None
        period = (RatingPeriod.objects.filter(rating_list=rating_list, start__lte=day,
                                              end__gte=day).first()
                  if rating_list and day else None)
    if period is not None and period.status != RatingPeriod.Status.DRAFT:
        stamp = tournament.certified_at.isoformat() if tournament.certified_at else ""
        job = request_recompute(period, reason=f"tournament {tournament.pk} certified",
                                key=f"rating-recompute:{period.pk}:{tournament.pk}:{stamp}")
        started["ratings"] = str(job.pk)
    return started


# =============================================================================================
# Titles (Phụ lục 6)
# =============================================================================================

CATEGORY_OF = {
    Tournament.Category.NATIONAL_INDIVIDUAL: engine.INDIVIDUAL_CHAMPIONSHIP,
    Tournament.Category.NATIONAL_TEAM: engine.TEAM_CHAMPIONSHIP,
    Tournament.Category.NATIONAL_YOUTH: engine.YOUTH_CHAMPIONSHIP,
}


def save_criteria_table(*, user, code: str, data: dict, discipline: str = "xiangqi",
                        source: str = "", table: TitleCriteriaTable | None = None
                        ) -> TitleCriteriaTable:
    """Staff add or edit a version of the standards (checked by the evaluator's loader)."""
    _require_staff(user)
    try:
        loaded = engine.load_table(data)
    except (engine.CriteriaError, ValueError, TypeError) as exc:
        raise ServiceError(str(exc), field="data", code="invalid_criteria") from None
    table = table or TitleCriteriaTable()
    table.code = code or loaded.id
    table.discipline = discipline
    table.valid_from, table.valid_to = loaded.valid_from, loaded.valid_to
    table.source = source or loaded.source
    table.data = data
    table.save()
    return table


def table_for(discipline: str, day: date) -> TitleCriteriaTable | None:
    tables = list(TitleCriteriaTable.objects.filter(discipline=discipline))
    key = engine.table_valid_on(((t.pk, t.data) for t in tables), day)
    return next((t for t in tables if t.pk == key), None)


def request_title_check(tournament: Tournament, *, user=None):
    from ratings.tasks import check_titles_task

    stamp = tournament.certified_at.isoformat() if tournament.certified_at else "manual"
    return start_job("title_check", check_titles_task, params={"tournament": tournament.pk},
                     key=f"title-check:{tournament.pk}:{stamp}", user=user)


def check_titles_job(params: dict, progress: Progress) -> dict:
    tournament = Tournament.objects.get(pk=params["tournament"])
    return check_tournament_titles(tournament, progress=progress)


def check_tournament_titles(tournament: Tournament, *, progress: Progress = _no_progress) -> dict:
    """Check every player of a certified national event against Phụ lục 6 (idempotent)."""
    if tournament.status != Tournament.Status.CERTIFIED:
        raise ServiceError(_("Giải chưa được công nhận kết quả."), field="tournament",
                           code="not_certified")
    category = CATEGORY_OF.get(tournament.category)
    table = table_for(tournament.discipline, tournament.end_date)
    if category is None or table is None:
        return {"tournament": tournament.pk, "checked": 0, "qualifications": 0,
                "reason": "no criteria for this event"}
    performances = selectors.title_performances(tournament)
    progress(30, "checking")
    created = kept = 0
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        met_keys = set()
        for perf in performances:
            earlier = _earlier_standards(perf["person"], tournament)
            qualifications = engine.check_player(
                table.data, event_id=tournament.pk, category=category, section=perf["section"],
                end_date=tournament.end_date, rank=perf.get("rank"),
                age_group=perf.get("age_group"), score=perf.get("score"),
                games=perf.get("games"), board_rank=perf.get("board_rank"), earlier=earlier)
            for q in qualifications:
                met_keys.add((perf["person"], q.criterion_id))
                _obj, was_created = _store_qualification(perf["person"], tournament, table, q)
                created += was_created
                kept += not was_created
        stale = [q.pk for q in TitleQualification.objects.filter(
            tournament=tournament, status=TitleQualification.Status.PENDING)
            if (q.person_id, q.criterion_id) not in met_keys]
        TitleQualification.objects.filter(pk__in=stale).delete()
    return {"tournament": tournament.pk, "checked": len(performances), "created": created,
            "unchanged": kept, "withdrawn": len(stale), "table": table.code}


def _earlier_standards(person_id: int, tournament: Tournament) -> list[engine.EarlierStandard]:
    """Candidate-master standards of the same year at other events (approved or pending)."""
    rows = (TitleQualification.objects
            .filter(person_id=person_id, title=TitleCode.NATIONAL_CANDIDATE_MASTER,
                    event_date__year=tournament.end_date.year, tournament__isnull=False)
            .exclude(tournament=tournament).exclude(status=TitleQualification.Status.REJECTED))
    return [engine.EarlierStandard(q.title, q.criterion_id, q.tournament_id, q.event_date)
            for q in rows]


def _store_qualification(person_id: int, tournament: Tournament | None,
                         table: TitleCriteriaTable, q, *, foreign: ForeignTitle | None = None,
                         event_date: date | None = None) -> tuple[TitleQualification, bool]:
    lookup = {"person_id": person_id, "criterion_id": q.criterion_id}
    if foreign is not None:
        lookup["foreign_title"] = foreign
    else:
        lookup["tournament"] = tournament
    existing = TitleQualification.objects.filter(**lookup).first()
    values = {"title": q.title, "criterion_text": q.text, "table": table, "section": q.section,
              "evidence": q.evidence,
              "event_date": event_date or (tournament.end_date if tournament else date.today())}
    if existing is None:
        return TitleQualification.objects.create(**lookup, **values), True
    if existing.status == TitleQualification.Status.PENDING:
        for name, value in values.items():
            setattr(existing, name, value)
        existing.save()
    return existing, False


def section_of(person: Person) -> str:
    return engine.WOMEN if person.gender == "F" else engine.MEN


def record_foreign_title(person: Person, title: str, awarded_on: date, *, user,
                         reference: str = "") -> ForeignTitle:
    """Staff record a WXF/AXF master title; the criteria it meets (A.1.d, B.1.c) become
    qualifications for review."""
    _require_staff(user)
    if title not in ForeignTitle.Kind.values:
        raise ServiceError(_("Danh hiệu quốc tế không hợp lệ."), field="title")
    with transaction.atomic():
        foreign, _created = ForeignTitle.objects.get_or_create(
            person=person, title=title,
            defaults={"awarded_on": awarded_on, "reference": reference, "recorded_by": user})
        table = table_for("xiangqi", awarded_on)
        if table is not None:
            for q in engine.check_foreign(table.data, section=section_of(person),
                                          foreign_titles=[title]):
                _store_qualification(person.pk, None, table, q, foreign=foreign,
                                     event_date=awarded_on)
    return foreign


def approve_qualification(qualification: TitleQualification, *, user, signer_name: str,
                          signer_position: str = "CHỦ TỊCH", issued_on: date | None = None
                          ) -> PlayerTitle:
    """Duyệt: issue the title-award decision (numbered, unique per year) and award the title."""
    from documents.services import issue_decision

    _require_staff(user)
    if not (signer_name or "").strip():
        raise ServiceError(_("Cần tên người ký quyết định."), field="signer_name")
    with transaction.atomic():
        q = (TitleQualification.objects.select_for_update(of=("self",))
             .select_related("person", "tournament").get(pk=qualification.pk))
        if q.status != TitleQualification.Status.PENDING:
            raise ConflictError(_("Hồ sơ này đã được xét (%(s)s).") % {"s": q.get_status_display()},
                                field="status")
        held = list(PlayerTitle.objects.filter(person=q.person).values_list("title", flat=True))
        if any(TITLE_ORDER[TitleCode(t)] >= TITLE_ORDER[TitleCode(q.title)] for t in held):
            raise ConflictError(_("Vận động viên đã có đẳng cấp này hoặc cao hơn."),
                                field="title", code="title_held")
        decision = issue_decision(
            kind="title_award", subject=_decision_subject(q), grounds=_decision_grounds(q),
            articles=_decision_articles(q), signer_position=signer_position,
            signer_name=signer_name, recipients=[_("Như Điều 3"), _("Lưu VP")],
            issued_on=issued_on, user=user,
            payload={"players": [{"name": q.person.full_name, "unit": _unit_of(q.person),
                                  "title": q.get_title_display()}]})
        title = PlayerTitle.objects.create(person=q.person, title=q.title,
                                           awarded_on=decision.issued_on, decision=decision,
                                           qualification=q)
        q.status = TitleQualification.Status.APPROVED
        q.reviewed_by, q.reviewed_at, q.decision = user, timezone.now(), decision
        q.save(update_fields=["status", "reviewed_by", "reviewed_at", "decision"])
    return title


def reject_qualification(qualification: TitleQualification, *, user, reason: str
                         ) -> TitleQualification:
    _require_staff(user)
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do không duyệt."), field="reason")
    with transaction.atomic():
        q = TitleQualification.objects.select_for_update().get(pk=qualification.pk)
        if q.status != TitleQualification.Status.PENDING:
            raise ConflictError(_("Hồ sơ này đã được xét (%(s)s).") % {"s": q.get_status_display()},
                                field="status")
        q.status = TitleQualification.Status.REJECTED
        q.rejection_reason = reason.strip()
        q.reviewed_by, q.reviewed_at = user, timezone.now()
        q.save(update_fields=["status", "rejection_reason", "reviewed_by", "reviewed_at"])
    return q


def _unit_of(person: Person) -> str:
    from federation.selectors import active_club_of

    club = active_club_of(person)
    if club is not None:
        return club.name
    return person.province.name if person.province_id else ""


def _decision_subject(q: TitleQualification) -> str:
    return _("Về việc phong đẳng cấp %(title)s cho vận động viên %(name)s") % {
        "title": q.get_title_display(), "name": q.person.full_name}


def _decision_grounds(q: TitleQualification) -> list[str]:
    grounds = [_("Căn cứ Luật Cờ Tướng ban hành theo Quyết định số 1409/2004/QĐ-UBTDTT, "
                 "Phụ lục 6: Tiêu chuẩn phong cấp vận động viên cờ Tướng cấp quốc gia;"),
               _("Căn cứ tiêu chuẩn %(c)s: %(text)s") % {"c": q.criterion_id,
                                                         "text": q.criterion_text}]
    if q.tournament_id:
        grounds.append(_("Căn cứ kết quả giải %(event)s (kết thúc ngày %(day)s);") % {
            "event": q.tournament.name, "day": q.event_date.strftime("%d/%m/%Y")})
    return grounds


def _decision_articles(q: TitleQualification) -> list[str]:
    return [_("Phong đẳng cấp %(title)s cho vận động viên %(name)s (%(unit)s).") % {
                "title": q.get_title_display(), "name": q.person.full_name,
                "unit": _unit_of(q.person)},
            _("Quyết định có hiệu lực kể từ ngày ký."),
            _("Văn phòng Liên đoàn và vận động viên có tên tại Điều 1 chịu trách nhiệm thi hành "
              "Quyết định này.")]


# =============================================================================================
# CSV
# =============================================================================================

def list_csv(rows: Iterable[dict]) -> str:
    """A whole list as CSV (public columns only: never date of birth or contact)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "person_id", "name", "gender", "province", "club", "title",
                     "rating", "games", "change", "k"])
    for row in rows:
        writer.writerow([row["rank"] or "", row["person_id"], row["name"], row["gender"],
                         row["province"] or "", row["club"] or "", row["title"] or "",
                         row["rating"] if row["rating"] is not None else "",
                         row["games"], "" if row["change"] is None else row["change"],
                         row["k"] or ""])
    return out.getvalue()

