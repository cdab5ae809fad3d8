"""Rating lists and periods (FIDE B.02 via ``ratings.engine``, issue 8).

The rated games of the tournaments certified in the period are rated with ``rate_period`` from
the previous period's *published* state; everything is stored in one transaction (the period's
rows are replaced, so re-running gives the same list). Computing is not publishing (issue 13):
a computed period is reviewed (``selectors.period_review``: changes per player, games counted,
warnings such as a tournament counted twice) and published by a separate act
(``publication.publish_period``, permission ``ratings.publish_ratingperiod``).

A published list is an official record: it is not recomputed by a plain "compute". A
tournament certified late is rated in the first unpublished period; a correction of a
tournament rated in a published period is applied by ``recompute_from`` with a reason (the
period goes back to "computed" for review and is published again as a new publication; the
earlier publication keeps the list as it was).
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from chessrules.values import PLAYED
from core.errors import ConflictError, ServiceError
from core.jobs import start_job
from federation.models import Person
from ratings import cache_scopes, engine
from ratings.models import PeriodTournament, PlayerRating, RatingList, RatingPeriod
from ratings.services import duplicates
from ratings.services.common import Progress, _no_progress, _require_staff
from ratings.services.period_rows import (
    _assign_ranks,
    _delete_rows,
    _link_tournaments,
    _write_rows,
)
from tournaments.models import Entry, Pairing, Tournament

#: Results that are rated, with White's score: played games only (forfeits are not rated).
#: the job kinds of rating periods (ratings/jobs.py registers them)
PERIOD_JOB = "ratings.compute_period"
RECOMPUTE_JOB = "ratings.recompute"
PLAYED_RESULTS = {r.value: r.points[0] for r in PLAYED if r.points}


@cache_scopes.touches
def update_list_rules(rating_list: RatingList, rules: dict, *, user) -> RatingList:
    """Staff change a list's FIDE B.02 settings (every parameter, issue 8)."""
    _require_staff(user)
    if not isinstance(rules, dict):
        raise ServiceError(_("Tham số phải là một đối tượng JSON."), field="rules")
    try:
        normalised = engine.normalise_rules(rules, engine.default_rules(
            rating_list.discipline, rating_list.time_control_class))
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
    period of the list, because every later period starts from it. Loading it publishes it,
    so it needs the publishing permission."""
    from ratings.services.publication import publish_period, require_publisher

    _require_staff(user)
    require_publisher(user)
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
        return publish_period(period, user=user, seeded=True)


def _refuse_published(period: RatingPeriod) -> None:
    if period.status == RatingPeriod.Status.PUBLISHED:
        raise ConflictError(
            _("Kỳ %(period)s đã công bố: danh sách đã công bố là văn bản chính thức. Muốn sửa, "
              "tính lại kỳ (recompute) kèm lý do, xem lại rồi công bố lại.")
            % {"period": period}, field="period", code="published")


def request_period_computation(period: RatingPeriod, *, user=None):
    """Start (or join) the job computing ``period`` for review (it does not publish)."""
    if user is not None and getattr(user, "is_authenticated", False):
        _require_staff(user)
    _refuse_published(period)
    job = start_job(PERIOD_JOB, params={"period": period.pk},
                    key=f"rating-period:{period.pk}:{period.computations}", user=user)
    RatingPeriod.objects.filter(pk=period.pk).update(job=job)
    return job


def request_recompute(period: RatingPeriod, *, user=None, reason: str = "", key: str | None = None):
    """Start the job recomputing ``period`` and every later computed period of its list. A
    published period among them is corrected: that needs a reason."""
    if user is not None and getattr(user, "is_authenticated", False):
        _require_staff(user)
    reason = (reason or "").strip()
    if not reason and _published_from(period):
        raise ServiceError(_("Cần ghi lý do: tính lại sẽ sửa danh sách đã công bố."),
                           field="reason", code="reason_required")
    return start_job(RECOMPUTE_JOB,
                     params={"period": period.pk, "reason": reason},
                     key=key or f"rating-recompute:{period.pk}:{period.computations}", user=user)


def _published_from(period: RatingPeriod) -> bool:
    return RatingPeriod.objects.filter(rating_list=period.rating_list, start__gte=period.start,
                                       status=RatingPeriod.Status.PUBLISHED).exists()


def compute_period_job(params: dict, progress: Progress) -> dict:
    period = RatingPeriod.objects.get(pk=params["period"])
    return compute_period(period, progress=progress)


def recompute_from_job(params: dict, progress: Progress) -> dict:
    period = RatingPeriod.objects.get(pk=params["period"])
    return recompute_from(period, reason=params.get("reason", ""), progress=progress)


def recompute_from(period: RatingPeriod, *, reason: str = "",
                   progress: Progress = _no_progress) -> dict:
    """Recompute ``period`` and every later period of its list that was computed (a correction
    changes the start state of all of them). Nothing is published: a published period that
    is recomputed becomes "computed" (a correction, with ``reason``) until staff review and
    publish it again. The next period is looked up after each one, so a period computed
    meanwhile is not missed."""
    done: list[str] = []  # the periods recomputed, by their start date
    item: RatingPeriod | None = period
    while item is not None:
        count = len(done)

        def chained_progress(p: float, m: str, c: int = count) -> None:
            progress(min(95, c * 20 + p / 5), m)

        compute_period(item, correction_reason=reason, chained=bool(done),
                       progress=chained_progress)
        done.append(item.start.isoformat())
        item = (RatingPeriod.objects.filter(rating_list=item.rating_list, start__gt=item.start)
                .exclude(status=RatingPeriod.Status.DRAFT).order_by("start").first())
    return {"periods": done}


def _previous_period(period: RatingPeriod) -> RatingPeriod | None:
    """The period before, locked: a recomputation of it finishes before this one reads it."""
    return (RatingPeriod.objects.select_for_update()
            .filter(rating_list=period.rating_list, start__lt=period.start)
            .order_by("-start").first())


def _tournaments_of(period: RatingPeriod) -> list[Tournament]:
    """Rated tournaments of the list rated in this period before (a correction), or certified
    in it, or certified earlier and not rated yet (a late certification into a published
    period is rated in the first unpublished one), in chronological order (end date, id)."""
    rating_list = period.rating_list
    certified = Tournament.objects.filter(
        status=Tournament.Status.CERTIFIED, rated=True, discipline=rating_list.discipline,
        time_control_class=rating_list.time_control_class)
    linked = certified.filter(rating_period_link__period=period)
    # Not before the first computed period: a starting list (seeded) already holds the games
    # of its own time.
    first = next((start for start, seeded in RatingPeriod.objects.filter(
        rating_list=rating_list).order_by("start").values_list("start", "summary__seeded")
        if not seeded), period.start)
    new = certified.filter(rating_period_link__isnull=True,
                           certified_at__date__gte=min(first, period.start),
                           certified_at__date__lte=period.end)
    return sorted({*linked, *new}, key=lambda t: (t.end_date, t.pk))  # as rated_games orders


def rated_games(tournaments: Sequence[Tournament]) -> list[engine.RatedGame]:
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
    games: list[engine.RatedGame] = []
    append = games.append
    points = PLAYED_RESULTS
    for tournament, white, black, result in rows.iterator(chunk_size=50_000):
        a, b = person_of.get(white), person_of.get(black)
        if a is not None and b is not None and a != b:
            append(engine.RatedGame(tournament, a, b, points[result], False))
    return games


def _start_states(previous: RatingPeriod | None) -> dict[int, tuple]:
    if previous is None:
        return {}
    rows = PlayerRating.objects.filter(period=previous).values_list(
        "person_id", "rating", "total_games", "birth_year", "peak_rating", "pending")
    return {row[0]: row[1:] for row in rows.iterator(chunk_size=20_000)}


@cache_scopes.touches
def compute_period(period: RatingPeriod, *, correction_reason: str = "", chained: bool = False,
                   progress: Progress = _no_progress) -> dict:
    """Compute (replace) the list of ``period`` for review, in one transaction. A published
    period is only recomputed as a correction (``correction_reason``). ``chained``: part of
    a recomputation from an earlier period, which may itself be computed and not yet
    published again (publishing keeps the order)."""
    with transaction.atomic():
        period = RatingPeriod.objects.select_for_update(of=("self",)).select_related("rating_list").get(
            pk=period.pk)
        correction = _correction(period, correction_reason)
        previous = _previous_period(period)
        allowed = {RatingPeriod.Status.PUBLISHED} | ({RatingPeriod.Status.COMPUTED} if chained
                                                     else set())
        if previous is not None and previous.status not in allowed:
            raise ServiceError(
                _("Kỳ trước (%(start)s) chưa công bố: phải tính và công bố kỳ trước trước.")
                % {"start": previous.start.isoformat()}, field="period",
                code="previous_period_not_published")
        progress(5, _("Đang đọc các ván"))
        tournaments = _tournaments_of(period)
        games = rated_games(tournaments)
        signature_of = duplicates.signatures(games)
        copies = duplicates.find_duplicates(period, tournaments, signature_of)
        if copies:
            games = [game for game in games if game[0] not in copies]
        stored = _start_states(previous)
        progress(25, _("Đang tính hệ số"))
        states = _engine_states(stored, games)
        results = engine.rate(states, games, period.rating_list.rules, period=period.start)
        progress(55, _("Đang lưu hệ số"))
        _delete_rows(period)
        summary = _write_rows(period, stored, states, results, progress, published=False)
        progress(90, _("Đang gắn các giải vào kỳ"))
        _link_tournaments(period, tournaments, games, signature_of, copies)
        period.status = RatingPeriod.Status.COMPUTED
        period.computed_at = timezone.now()
        period.published_at = None
        period.computations += 1
        period.summary = summary | {
            "tournaments": len(tournaments) - len(copies), "games": len(games),
            "warnings": duplicates.warnings_for(copies)} | correction
        period.save(update_fields=["status", "computed_at", "published_at", "computations",
                                   "summary"])
        progress(95, _("Đang hoàn tất"))
    progress(99, _("Xong"))
    return {"period": period.pk, "start": period.start.isoformat(), **period.summary,
            "published": False}


def _correction(period: RatingPeriod, reason: str) -> dict:
    """What a recomputation of a published period records (the reason, the publication it
    corrects); a plain computation of a published period is refused."""
    if period.status != RatingPeriod.Status.PUBLISHED:
        return {"correction": period.summary["correction"]} if "correction" in period.summary \
            else {}
    if not (reason or "").strip():
        _refuse_published(period)
    last = period.publications.order_by("-number").values_list("number", flat=True).first()
    return {"correction": {"reason": reason.strip(), "corrects_publication": last}}


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


def schedule_monthly_periods(today: date | None = None) -> list[str]:
    """Celery beat, monthly: compute last month's period of every list, for review (staff
    publish it)."""
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
    recomputation of the computed (unpublished) period that rates it. A published list is
    never recomputed by this hook: a tournament rated in it and corrected is shown as a
    pending correction in the period's review (staff recompute with a reason); a late one is
    rated in the first unpublished period."""
    from ratings.services.titles import request_title_check

    started = {"titles": str(request_title_check(tournament).pk)}
    if not tournament.rated:
        return started
    period = _period_rating(tournament)
    if period is not None and period.status == RatingPeriod.Status.COMPUTED:
        stamp = tournament.certified_at.isoformat() if tournament.certified_at else ""
        job = request_recompute(period, reason=f"tournament {tournament.pk} certified",
                                key=f"rating-recompute:{period.pk}:{tournament.pk}:{stamp}")
        started["ratings"] = str(job.pk)
    return started


def _period_rating(tournament: Tournament) -> RatingPeriod | None:
    """The period that rated ``tournament``, else the first unpublished period that will."""
    link = PeriodTournament.objects.filter(tournament=tournament).select_related("period").first()
    if link is not None:
        return link.period
    day = timezone.localdate(tournament.certified_at) if tournament.certified_at else None
    if day is None:
        return None
    return (RatingPeriod.objects.filter(
        rating_list__discipline=tournament.discipline,
        rating_list__time_control_class=tournament.time_control_class, end__gte=day)
        .exclude(status=RatingPeriod.Status.PUBLISHED).order_by("start").first())
