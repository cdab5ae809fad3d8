"""Reads of the ratings app: lists, histories, performance ratings, title evidence.

Public reads never include a person's date of birth, citizen ID or contact: rows are built
from explicit columns here, and the age filter takes birth years and returns none.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from datetime import date
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery

from chessrules.values import PLAYED, RESULT_POINTS, GenderSection, competition_ranks
from core.text import fold
from federation.models import Member, Person
from federation.selectors import shown_club_memberships
from ratings import engine
from ratings.models import (
    TITLE_ORDER,
    PlayerRating,
    PlayerTitle,
    RatingChangeDetail,
    RatingList,
    RatingPeriod,
    RatingPublication,
    TitleCode,
    TitleQualification,
)
from tournaments.models import Entry, Pairing, Tournament
from tournaments.selectors import standings

# --- periods ------------------------------------------------------------------------------------

def current_period(rating_list: RatingList) -> RatingPeriod | None:
    """The latest published period of the list (the current list)."""
    return (rating_list.periods.filter(status=RatingPeriod.Status.PUBLISHED)
            .order_by("-start").first())


def resolve_period(rating_list: RatingList, value: str | None, *, staff: bool = False
                   ) -> RatingPeriod | None:
    """``value``: a period id, ``YYYY-MM`` (the period containing that month's 1st), or empty
    for the current one. The public sees published periods only."""
    if not value:
        return current_period(rating_list)
    periods = rating_list.periods.all()
    if not staff:
        periods = periods.filter(status=RatingPeriod.Status.PUBLISHED)
    match = re.fullmatch(r"(\d{4})-(\d{1,2})", value.strip())
    if match:
        day = date(int(match[1]), int(match[2]), 1)
        return periods.filter(start__lte=day, end__gte=day).first()
    if value.strip().isdigit():
        return periods.filter(pk=int(value)).first()
    return None


#: The review table's sortable columns (issue #28) -> ordering.
CHANGE_ORDERS = {"name": "person__name_folded", "old_rating": "old_rating", "games": "games",
                 "expected": "expected", "score": "score", "k": "k", "rating": "rating",
                 "change": "change"}


def period_changes(period: RatingPeriod, order: str = ""):
    """Every player who played in the period, with his change: ordered by a column of
    ``CHANGE_ORDERS`` ("-" first: descending), by default the largest gain first."""
    from django.db.models import F

    key = order.lstrip("-")
    if key in CHANGE_ORDERS:
        field = F(CHANGE_ORDERS[key])
        first = field.desc(nulls_last=True) if order.startswith("-") else field.asc(
            nulls_last=True)
    else:
        first = F("change").desc(nulls_last=True)
    return (PlayerRating.objects.filter(period=period, games__gt=0).select_related("person")
            .order_by(first, "person__name_folded", "person_id"))


def period_review(period: RatingPeriod, *, with_changes: bool = True) -> dict:
    """What staff review before publishing (issue 13): the tournaments and games counted, the
    warnings of the computation (a tournament counted twice), the corrections pending (a
    tournament rated here and certified again after the publication) and the change of every
    player who played in the period."""
    from ratings.models import PeriodTournament

    links = (PeriodTournament.objects.filter(period=period).select_related("tournament")
             .order_by("tournament__end_date", "tournament_id"))
    pending = [link.tournament_id for link in links
               if period.published_at and link.tournament.certified_at
               and link.tournament.certified_at > period.published_at]
    changes = (PlayerRating.objects.filter(period=period, games__gt=0)
               .select_related("person").order_by("-change", "person_id")
               if with_changes else PlayerRating.objects.none())
    summary = period.summary or {}
    return {
        "period": period.pk, "status": period.status, "computed_at": period.computed_at,
        "published_at": period.published_at, "computations": period.computations,
        "games": summary.get("games", 0), "players": summary.get("players", 0),
        "warnings": summary.get("warnings", []), "correction": summary.get("correction"),
        "corrections_pending": pending,
        "tournaments": [{"id": link.tournament_id, "name": link.tournament.name,
                         "games": link.games, "duplicate_of": link.duplicate_of_id}
                        for link in links],
        "changes": [{"person": row.person_id, "name": row.person.full_name,
                     "old_rating": row.old_rating, "rating": row.rating, "change": row.change,
                     "games": row.games, "score": float(row.score), "k": row.k,
                     "became_rated": row.became_rated} for row in changes],
        "publications": [{"number": p.number, "published_at": p.published_at,
                          "reason": p.reason} for p in period.publications.all()],
    }


# --- list rows -----------------------------------------------------------------------------------

def _club_name_subquery():
    return Subquery(shown_club_memberships().filter(
        member__person=OuterRef("person_id")).values("club__name")[:1])


def _best_title_subquery():
    # Highest title first: the codes sort by TITLE_ORDER through an explicit ordering list.
    from django.db.models import Case, IntegerField, Value, When

    order = Case(*[When(title=code, then=Value(rank)) for code, rank in TITLE_ORDER.items()],
                 output_field=IntegerField())
    return Subquery(PlayerTitle.objects.filter(person=OuterRef("person_id"))
                    .annotate(order=order).order_by("-order").values("title")[:1])


def list_rows(period: RatingPeriod, *, province: str | None = None,
              club: int | str | None = None,
              gender: str | None = None, born_from: int | None = None,
              born_to: int | None = None, title: str | None = None, search: str | None = None,
              rated_only: bool = False) -> QuerySet:
    """The list of ``period`` as dicts of public columns, best first; unrated players last."""
    rows = PlayerRating.objects.filter(period=period)
    if rated_only:
        rows = rows.filter(rating__isnull=False)
    if province:
        rows = rows.filter(person__province__code=province) if not province.isdigit() or \
            len(province) == 2 else rows.filter(person__province_id=int(province))
    if club:
        rows = rows.filter(Exists(shown_club_memberships().filter(
            member__person=OuterRef("person_id"), club_id=int(club))))
    if gender:
        rows = rows.filter(person__gender=gender)
    if born_from is not None:
        rows = rows.filter(person__date_of_birth__year__gte=born_from)
    if born_to is not None:
        rows = rows.filter(person__date_of_birth__year__lte=born_to)
    if title:
        rows = rows.filter(Exists(PlayerTitle.objects.filter(person=OuterRef("person_id"),
                                                             title=title)))
    if search:
        rows = rows.filter(person__name_folded__contains=fold(search))
    from django.db.models import F

    return (rows.annotate(name=F("person__full_name"), gender=F("person__gender"),
                          province=F("person__province__name"), club=_club_name_subquery(),
                          title=_best_title_subquery())
            .order_by(F("rank").asc(nulls_last=True), "person__name_folded", "person_id")
            .values("person_id", "name", "gender", "province", "club", "title", "rating",
                    "old_rating", "games", "change", "k", "rank", "became_rated", "delisted"))


# --- a player's history ----------------------------------------------------------------------------

def player_history(person: Person, rating_list: RatingList, *, staff: bool = False) -> list[dict]:
    """Every period of the list the player is on, oldest first, with per-event details."""
    rows = (PlayerRating.objects.filter(person=person, period__rating_list=rating_list)
            .select_related("period").order_by("period__start"))
    if not staff:
        rows = rows.filter(period__status=RatingPeriod.Status.PUBLISHED)
    details = defaultdict(list)
    for d in (RatingChangeDetail.objects.filter(player_rating__in=rows)
              .select_related("tournament").order_by("id")):
        details[d.player_rating_id].append(d)
    names = _names({o[0] for ds in details.values() for d in ds for o in d.opponents})
    history = []
    for row in rows:
        history.append({
            "period": row.period_id, "start": row.period.start, "end": row.period.end,
            "rating": row.rating, "old_rating": row.old_rating, "games": row.games,
            "score": row.score, "expected": row.expected, "k": row.k, "k_reason": row.k_reason,
            "change": row.change, "change_exact": row.change_exact, "rank": row.rank,
            "became_rated": row.became_rated, "delisted": row.delisted, "initial": row.initial,
            "events": [_detail_dict(d, names) for d in details[row.pk]],
        })
    return history


def _names(ids) -> dict[int, str]:
    return dict(Person.objects.filter(pk__in=ids).values_list("pk", "full_name"))


def _detail_dict(d: RatingChangeDetail, names: dict[int, str]) -> dict:
    return {"tournament": d.tournament_id, "tournament_name": d.tournament.name,
            "old_rating": d.old_rating, "games": d.games, "score": d.score,
            "expected": d.expected, "k": d.k, "change": d.change, "performance": d.performance,
            "opponents": [{"person": o[0], "name": names.get(o[0], ""), "rating": o[1],
                           "score": o[2], "expected": o[3]} for o in d.opponents]}


# --- performance rating per tournament --------------------------------------------------------------

def list_of(tournament: Tournament) -> RatingList | None:
    return RatingList.objects.filter(discipline=tournament.discipline,
                                     time_control_class=tournament.time_control_class).first()


def ratings_in_force(rating_list: RatingList, day: date) -> tuple[RatingPeriod | None,
                                                                   dict[int, int]]:
    """The published list in force on ``day`` (the latest period ended before it)."""
    period = (rating_list.periods.filter(status=RatingPeriod.Status.PUBLISHED, end__lt=day)
              .order_by("-start").first())
    if period is None:
        return None, {}
    return period, {person: rating for person, rating in
                    PlayerRating.objects.filter(period=period, rating__isnull=False)
                    .values_list("person_id", "rating")
                    if rating is not None}  # filtered above: the type cannot say so


def national_ratings(tournament: Tournament) -> dict[int, int]:
    """Điều 28.1 "hệ số của quốc gia": person -> rating on the federation's list of the
    event's discipline and time control in force at its start (settings.PROVIDERS: the
    adjusted Swiss numbers its entries by it); no list, or not on it: absent."""
    rating_list = list_of(tournament)
    if rating_list is None:
        return {}
    _period, by_person = ratings_in_force(rating_list, tournament.start_date)
    return by_person


def tournament_performances(tournament: Tournament) -> dict:
    """Performance rating Rp = Ra + dp (FIDE B.02 8.1.1) of every identified player over his
    played games against rated opponents, with the ratings of the list in force when the
    tournament started. Forfeits are not games."""
    rating_list = list_of(tournament)
    period, ratings = (ratings_in_force(rating_list, tournament.start_date)
                       if rating_list else (None, {}))
    games: dict[int, list[tuple[int, float]]] = defaultdict(list)
    played: dict[int, int] = defaultdict(int)
    rows = (Pairing.objects.filter(round__tournament=tournament, kind=Pairing.Kind.GAME,
                                   result__in=[r.value for r in PLAYED],
                                   white__member__isnull=False, black__member__isnull=False)
            .values_list("white__member__person_id", "black__member__person_id", "result"))
    for white, black, result in rows:
        white_points, black_points = RESULT_POINTS[result]
        played[white] += 1
        played[black] += 1
        if black in ratings:
            games[white].append((ratings[black], white_points))
        if white in ratings:
            games[black].append((ratings[white], black_points))
    names = _names(played)
    players: list[dict[str, Any]] = []
    for person in sorted(played, key=lambda p: names.get(p, "")):
        numbers = engine.performance(games.get(person, []))
        players.append({
            "person": person, "name": names.get(person, ""), "rating": ratings.get(person),
            "games": played[person],
            "rated_games": numbers.games if numbers else 0,
            "score": numbers.score if numbers else None,
            "average_opponent": round(numbers.average_opponent, 2) if numbers else None,
            "p": numbers.p if numbers else None, "dp": numbers.dp if numbers else None,
            "performance": numbers.rating if numbers else None})
    players.sort(key=lambda r: (r["performance"] is None, -(r["performance"] or 0)))
    return {"tournament": tournament.pk, "name": tournament.name,
            "rating_list": rating_list.pk if rating_list else None,
            "ratings_of_period": period.start if period else None, "players": players}


# --- title evidence ---------------------------------------------------------------------------------

def _age_group(tournament: Tournament) -> int | None:
    digits = re.sub(r"\D", "", tournament.age_group or "")
    return int(digits) if digits else None


def _section(tournament: Tournament, gender: str) -> str:
    return GenderSection(tournament.gender_section).title_section(gender)


def _competition_ranks(ordered: list[tuple[int, tuple]]) -> dict[int, int]:
    """(key, sort value) in order → rank; equal sort values share the better rank."""
    ranks = competition_ranks(value for _key, value in ordered)
    return {key: rank for (key, _value), rank in zip(ordered, ranks, strict=True)}


def event_rounds(tournament: Tournament) -> int | None:
    """The rounds the event had (played rounds, else the planned number)."""
    return tournament.rounds.count() or tournament.number_of_rounds


def _ranked_within_women(tournament: Tournament) -> bool:
    """Phụ lục 6 B ranks a woman among women in an open event only when its regulations make
    it also the women's championship (docs/decisions-ratings-app.md)."""
    return (tournament.gender_section == Tournament.GenderSection.OPEN
            and tournament.womens_championship)


def _member(entry: Entry) -> Member:
    """The member of an entry read with ``member__isnull=False``."""
    if entry.member is None:
        raise ValueError(f"entry {entry.pk} has no member")
    return entry.member


def title_performances(tournament: Tournament, *, minimum_games: int = 0) -> list[dict]:
    """Each identified player's result as Phụ lục 6 reads it (see docs/decisions-ratings-app.md):
    individual and youth championships: final rank (tournaments' standings), a woman's among
    women only in an open event that is also the women's championship; team championship:
    points and games played over the board (forfeits left out), and his individual ranking per
    board by percentage among the players of that board with ``minimum_games`` games (among
    women only as above)."""
    entries = {e.pk: e for e in tournament.entries.filter(member__isnull=False)
               .select_related("member__person")}
    within_women = _ranked_within_women(tournament)
    result = []
    if tournament.category == Tournament.Category.NATIONAL_TEAM:
        # Games over the board only: a forfeit is no game (Phụ lục 6, docs/decisions-ratings.md).
        points: dict[int, float] = defaultdict(float)
        games: dict[int, int] = defaultdict(int)
        for p in Pairing.objects.filter(round__tournament=tournament, kind=Pairing.Kind.GAME,
                                        result__in=[r.value for r in PLAYED]):
            white_points, black_points = RESULT_POINTS[p.result]
            for entry_id, pts in ((p.white_id, white_points), (p.black_id, black_points)):
                if entry_id in entries:
                    points[entry_id] += pts
                    games[entry_id] += 1
        rounds = event_rounds(tournament)
        groups: dict[tuple, list[tuple[int, tuple]]] = defaultdict(list)
        for entry_id, entry in entries.items():
            if games[entry_id] and games[entry_id] >= minimum_games:
                section = _section(tournament, _member(entry).person.gender)
                open_pool = tournament.gender_section == Tournament.GenderSection.OPEN
                pool = "all" if open_pool and not within_women else section
                groups[(pool, entry.board_order)].append(
                    (entry_id, (-points[entry_id] / games[entry_id],)))
        ranks: dict[int, int] = {}
        for items in groups.values():
            ranks |= _competition_ranks(sorted(items, key=lambda item: item[1]))
        for entry_id, entry in entries.items():
            if games[entry_id]:
                member = _member(entry)
                result.append({"person": member.person_id,
                               "section": _section(tournament, member.person.gender),
                               "score": points[entry_id], "games": games[entry_id],
                               "rounds": max(rounds or 0, games[entry_id]),
                               "board_rank": ranks.get(entry_id)})
        return result
    rows = standings(tournament)["rows"]
    by_section = defaultdict(list)
    for row in sorted(rows, key=lambda r: r["rank"]):
        ranked_entry = entries.get(row["entry"])
        if ranked_entry is not None:
            section = _section(tournament, _member(ranked_entry).person.gender)
            by_section[section].append((ranked_entry.pk, row["rank"]))
    ranked = {section: _competition_ranks(items)
              if within_women and section == GenderSection.WOMEN.value else dict(items)
              for section, items in by_section.items()}
    for section, ranks_of in ranked.items():
        for entry_id, rank in ranks_of.items():
            result.append({"person": _member(entries[entry_id]).person_id, "section": section,
                           "rank": rank, "age_group": _age_group(tournament)})
    return result


def titles_of(person: Person) -> QuerySet[PlayerTitle]:
    return PlayerTitle.objects.filter(person=person).select_related("decision")


def category_ranks(person_ids: set[int], day: date, discipline: str) -> dict[int, int]:
    """The highest national category ("đẳng cấp", Phụ lục 6) each person held on ``day``
    as a rank (``TITLE_ORDER``: kiện tướng 3, kiện tướng dự bị 2, cấp I 1). A title awarded
    on the criteria of another discipline's table does not count."""
    rows = (PlayerTitle.objects.filter(person_id__in=person_ids, awarded_on__lte=day)
            .filter(Q(qualification__isnull=True)
                    | Q(qualification__table__discipline=discipline))
            .values_list("person_id", "title"))
    ranks: dict[int, int] = {}
    for person, code in rows:
        ranks[person] = max(ranks.get(person, 0), TITLE_ORDER[TitleCode(code)])
    return ranks


def highest_title(person: Person) -> str | None:
    codes = list(PlayerTitle.objects.filter(person=person).values_list("title", flat=True))
    return max(codes, key=lambda c: TITLE_ORDER[TitleCode(c)]) if codes else None


def qualifications_to_review() -> QuerySet[TitleQualification]:
    """Phụ lục 6 qualifications waiting for staff review, oldest event first."""
    return TitleQualification.objects.filter(
        status=TitleQualification.Status.PENDING).order_by("event_date", "pk")


def published_ratings_of(person: Person, limit: int = 12) -> QuerySet[PlayerRating]:
    """The person's ratings in published periods, newest first (the member page's history)."""
    return (PlayerRating.objects.filter(person=person,
                                        period__status=RatingPeriod.Status.PUBLISHED)
            .select_related("period__rating_list").order_by("-period__start", "pk")[:limit])


def published_lists_digest(using: str = "default") -> dict:
    """The published rating lists as a fingerprint (the backup's manifest and restore drill,
    issue 32): how many publications and published ratings, and a SHA-256 over every
    publication's rows and every published (list, period, person, rating), in a fixed order."""
    digest = hashlib.sha256()
    publications = RatingPublication.objects.using(using).order_by("period_id", "number")
    for period_id, number, rows in publications.values_list("period_id", "number", "rows"):
        digest.update(json.dumps([period_id, number, rows], sort_keys=True,
                                 default=str).encode())
    ratings = (PlayerRating.objects.using(using).filter(published=True)
               .order_by("period_id", "person_id")
               .values_list("period__rating_list_id", "period_id", "person_id", "rating"))
    count = 0
    for row in ratings.iterator(chunk_size=5000):
        digest.update(json.dumps(row).encode())
        count += 1
    return {"publications": publications.count(), "published_ratings": count,
            "sha256": digest.hexdigest()}
