"""Rating lists and periods (FIDE B.02 via ``ratings.engine``, issue 8).

The rated games of the tournaments certified in the period are rated with ``rate_period`` from
the previous period's *published* state; everything is stored in one transaction (the period's
rows are replaced, so re-running gives the same list), then the list is published. A
correction (a certified tournament reopened and certified again) recomputes the period the
tournament was rated in and every later computed period.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, ServiceError
from core.jobs import start_job
from federation.models import Person
from ratings import cache_scopes, engine
from ratings.models import PeriodTournament, PlayerRating, RatingList, RatingPeriod
from ratings.services.common import Progress, _no_progress, _require_staff
from ratings.services.period_rows import (
    _assign_ranks,
    _delete_rows,
    _link_tournaments,
    _write_rows,
)
from tournaments.models import Entry, Pairing, Tournament

#: Results that are rated: played games only (forfeits "+-", "-+", "--" are not rated).
PLAYED_RESULTS = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}


@cache_scopes.touches
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


@cache_scopes.touches
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


@cache_scopes.touches
def create_period(rating_list: RatingList, start: date, end: date, *, user) -> RatingPeriod:
    """Staff create a period of another length than a month (it must not overlap another)."""
    _require_staff(user)
    if end < start:
        raise ServiceError(_("Ngày kết thúc trước ngày bắt đầu."), field="end")
    if RatingPeriod.objects.filter(rating_list=rating_list, start__lte=end,
                                   end__gte=start).exists():
        raise ConflictError(_("Kỳ này trùng với một kỳ đã có."), field="start")
    return RatingPeriod.objects.create(rating_list=rating_list, start=start, end=end)


@cache_scopes.touches
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


@cache_scopes.touches
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


@cache_scopes.touches
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
    from ratings.services.titles import request_title_check

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
