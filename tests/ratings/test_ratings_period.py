"""Rating periods through the job worker (FIDE B.02 2024, issue 8).

Expected numbers are worked by hand from FIDE's tables: table 8.1.2 (a difference of 100 → PD
0.64, 200 → 0.76, 300 → 0.85) and table 8.1.1 (p = 0.64 → dp = 102, p = 0.50 → dp = 0), with
K = 20 (rated, 30+ games, adult, under 2400) or 40 (junior: B.02 8.3.3), change rounded per period.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from core.models import Job
from ratings import services
from ratings.models import PeriodTournament, PlayerRating, RatingChangeDetail, RatingPeriod
from tests.factories.ratings import certified_tournament, member, xiangqi_standard
from tests.helpers import client_for
from tournaments.models import Pairing, Tournament

OCT = (date(2026, 10, 1), date(2026, 10, 31))
#: These periods (November, December 2026) may not have ended when the tests run: published
#: early with a reason (issue #28).
EARLY = {"reason": "Thử nghiệm: công bố sớm"}


def _seed(staff, ratings: dict) -> RatingPeriod:
    return services.seed_period(xiangqi_standard(), *OCT,
                                {m.person_id: (r, 100) for m, r in ratings.items()}, user=staff)


def _compute(client, period: RatingPeriod, job_worker, *, publish: bool = True) -> Job:
    """Compute through the API (for review), then publish as the separate act (issue 13)."""
    response = client.post(f"/api/v1/ratings/periods/{period.pk}/compute/", {}, format="json")
    assert response.status_code == 202, response.content
    job = job_worker.wait(response.json()["id"])
    assert job.state == Job.State.SUCCEEDED, job.error
    period.refresh_from_db()
    assert period.status == RatingPeriod.Status.COMPUTED  # computing is not publishing
    assert not PlayerRating.objects.filter(period=period, published=True).exists()
    if publish:
        response = client.post(f"/api/v1/ratings/periods/{period.pk}/publish/", EARLY,
                               format="json")
        assert response.status_code == 200, response.content
        assert response.json()["status"] == "published"
    return job


def _snapshot(period: RatingPeriod) -> list[tuple]:
    rows = PlayerRating.objects.filter(period=period).order_by("person_id")
    details = RatingChangeDetail.objects.filter(player_rating__period=period).order_by(
        "player_rating__person_id", "tournament_id")
    return ([(r.person_id, r.rating, r.old_rating, r.games, r.k, r.change, r.change_exact,
              r.rank, r.total_games, r.pending) for r in rows]
            + [(d.player_rating.person_id, d.tournament_id, d.games, d.score, d.expected,
                d.k, d.change, d.performance, d.opponents) for d in details])


@pytest.fixture
def four(db):
    a, b, c = member("An"), member("Bình"), member("Cường")
    d = member("Dũng", born=date(2010, 3, 1))  # junior in 2026: K = 40 (8.3.3)
    return a, b, c, d


def _main_event(a, b, c, d, certified_on=date(2026, 11, 20)) -> Tournament:
    return certified_tournament([
        [(a, d, "0-1"), (b, c, "1/2-1/2")],
        [(a, c, "1-0"), (d, b, "0-1")],
        [(a, b, "1/2-1/2"), (c, d, "1-0")],
    ], certified_on=certified_on, start=date(2026, 11, 15))


def test_full_period_over_a_certified_event_through_the_worker(job_worker, four, staff):
    """B.02 8.3: ratings of the published October list, games of the event certified in
    November; forfeits (8.1), unrated events and December certifications are not rated."""
    a, b, c, d = four
    _seed(staff, {a: 2000, b: 1900, c: 1800, d: 1700})
    event = _main_event(a, b, c, d)
    certified_tournament([[(a, b, "+-")]], certified_on=date(2026, 11, 21))  # forfeit only
    certified_tournament([[(a, b, "1-0")]], certified_on=date(2026, 11, 22), rated=False)
    certified_tournament([[(a, b, "1-0")]], certified_on=date(2026, 12, 2))  # next period
    november = services.get_or_create_period(xiangqi_standard(), date(2026, 11, 5))

    _compute(client_for(staff), november, job_worker)

    november.refresh_from_db()
    assert november.status == RatingPeriod.Status.PUBLISHED
    rows = {r.person_id: r for r in PlayerRating.objects.filter(period=november)}
    # A: PD .15 (vs 1700, +300) +.24 (vs 1800) +.36 ... seen from A: .85 + .76 + .64 = 2.25;
    # score 0 + 1 + .5 = 1.5 → 20 × (1.5 − 2.25) = −15.
    assert (rows[a.person_id].rating, rows[a.person_id].change) == (1985, -15)
    # B: .64 (C) + .76 (D) + .36 (A) = 1.76; score 2 → 20 × .24 = 4.8 → +5.
    assert (rows[b.person_id].rating, rows[b.person_id].change) == (1905, 5)
    # C: .36 (B) + .24 (A) + .64 (D) = 1.24; score 1.5 → 20 × .26 = 5.2 → +5.
    assert (rows[c.person_id].rating, rows[c.person_id].change) == (1805, 5)
    # D (junior, K 40): .15 + .24 + .36 = .75; score 1 → 40 × .25 = 10.
    assert (rows[d.person_id].k, rows[d.person_id].rating) == (40, 1710)
    assert [rows[p.person_id].rank for p in (a, b, c, d)] == [1, 2, 3, 4]
    assert all(r.published for r in rows.values())
    detail = RatingChangeDetail.objects.get(player_rating=rows[a.person_id])
    assert detail.tournament_id == event.pk  # the forfeit and the unrated event are not rated
    assert (detail.old_rating, detail.games, detail.score, detail.expected, detail.k) == (
        2000, 3, Decimal("1.5"), Decimal("2.25"), 20)
    assert detail.change == Decimal("-15.00")
    assert [o[1] for o in detail.opponents] == [1700, 1800, 1900]  # in round order
    assert detail.performance == 1800  # Ra 1800, p .50 → dp 0
    assert set(PeriodTournament.objects.filter(period=november).values_list(
        "tournament_id", flat=True)) == set(Tournament.objects.filter(
            certified_at__month=11, rated=True).values_list("pk", flat=True))

    # Public list of the current period, with the period it comes from.
    listing = client_for(None).get(f"/api/v1/ratings/lists/{xiangqi_standard().pk}/players/")
    assert listing.status_code == 200
    body = listing.json()
    assert body["period"]["id"] == november.pk
    assert [row["rating"] for row in body["results"]] == [1985, 1905, 1805, 1710]


def test_rerunning_a_period_gives_the_same_list(job_worker, four, staff):
    """Idempotent job: the period's rows are replaced, not added to."""
    a, b, c, d = four
    _seed(staff, {a: 2000, b: 1900, c: 1800, d: 1700})
    _main_event(a, b, c, d)
    november = services.get_or_create_period(xiangqi_standard(), date(2026, 11, 5))
    client = client_for(staff)
    _compute(client, november, job_worker, publish=False)
    first = _snapshot(november)
    november.refresh_from_db()
    _compute(client, november, job_worker, publish=False)
    assert _snapshot(november) == first
    november.refresh_from_db()
    assert november.computations == 2
    assert PlayerRating.objects.filter(period=november).count() == 4


def test_first_rating_pooled_over_two_periods(job_worker, staff):
    """B.02 8.2 / 7.1: 4 games in November are kept (pending); with a 5th in December the first
    rating is Ru = Ra + dp with two imaginary draws against 1800: opponents 1600..2000 and
    1800, 1800 → Ra = 12600 / 7 = 1800; score 2.5 + 1 = 3.5 of 7 → p .50 → dp 0 → 1800.
    Games of rated players against him are not rated for them."""
    rated = [member(f"R{i}") for i in range(5)]
    newcomer = member("Mới")
    services.seed_period(xiangqi_standard(), *OCT,
                         {m.person_id: (1600 + 100 * i, 100) for i, m in enumerate(rated)},
                         user=staff)
    scores = ["1-0", "1/2-1/2", "1/2-1/2", "0-1"]
    certified_tournament([[(newcomer, rated[i], scores[i])] for i in range(4)],
                         certified_on=date(2026, 11, 10))
    certified_tournament([[(rated[4], newcomer, "1/2-1/2")]], certified_on=date(2026, 12, 10))
    client = client_for(staff)
    november = services.get_or_create_period(xiangqi_standard(), date(2026, 11, 1))
    _compute(client, november, job_worker)
    row = PlayerRating.objects.get(period=november, person=newcomer.person)
    assert row.rating is None and len(row.pending) == 4 and row.initial["rating"] is None
    assert [r.games for r in PlayerRating.objects.filter(period=november,
                                                         person__in=[m.person for m in rated])
            ] == [0] * 5

    december = services.get_or_create_period(xiangqi_standard(), date(2026, 12, 1))
    _compute(client, december, job_worker)
    row = PlayerRating.objects.get(period=december, person=newcomer.person)
    assert row.became_rated and row.rating == 1800
    assert row.initial["games"] == 5 and row.initial["dp"] == 0
    assert row.pending == []


def test_first_rating_in_one_event(job_worker, staff):
    """B.02 8.2: 5 games, score 3.5 → with the two imaginary draws 4.5 of 7 → p = .64 →
    dp = 102; Ra = (1600+1700+1800+1900+2000+2×1800)/7 = 1800 → Ru = 1902."""
    rated = [member(f"S{i}") for i in range(5)]
    newcomer = member("Tân")
    services.seed_period(xiangqi_standard(), *OCT,
                         {m.person_id: (1600 + 100 * i, 100) for i, m in enumerate(rated)},
                         user=staff)
    scores = ["1-0", "1-0", "1-0", "1/2-1/2", "0-1"]
    certified_tournament([[(newcomer, rated[i], scores[i])] for i in range(5)],
                         certified_on=date(2026, 11, 10))
    november = services.get_or_create_period(xiangqi_standard(), date(2026, 11, 1))
    _compute(client_for(staff), november, job_worker)
    row = PlayerRating.objects.get(period=november, person=newcomer.person)
    assert (row.rating, row.became_rated, row.initial["dp"]) == (1902, True, 102)


def test_correction_of_a_published_period_is_recomputed_with_a_reason_and_published_again(
        job_worker, four, staff):
    """A certified tournament rated in the published November list is reopened, a result
    corrected and certified again: the published lists are not touched by the hook; the
    review shows the pending correction; staff recompute with a reason (November and
    December go back to "computed"), review and publish again, in order. The first
    publication keeps the list as it was published (issue 13)."""
    from ratings.models import RatingPublication
    from tournaments import services as tournament_services

    a, b, c, d = four
    _seed(staff, {a: 2000, b: 1900, c: 1800, d: 1700})
    event = _main_event(a, b, c, d)
    certified_tournament([[(a, b, "1-0")]], certified_on=date(2026, 12, 5))
    client = client_for(staff)
    lst = xiangqi_standard()
    november = services.get_or_create_period(lst, date(2026, 11, 1))
    december = services.get_or_create_period(lst, date(2026, 12, 1))
    _compute(client, november, job_worker)
    _compute(client, december, job_worker)
    # December: A 1985 vs B 1905 (difference 80 → PD .61), A wins: 20 × .39 = 7.8 → 1993.
    assert PlayerRating.objects.get(period=december, person=a.person).rating == 1993

    tournament_services.reopen_tournament(event, user=staff, reason="Sai kết quả ván 1")
    pairing = Pairing.objects.get(round__tournament=event, round__number=1, white=event.entries
                                  .get(member=a))
    tournament_services.record_result(pairing, "1/2-1/2", user=staff,
                                      expected_version=pairing.version)
    tournament_services.certify_tournament(event, user=staff)
    assert not Job.objects.filter(kind="ratings.recompute").exists()  # official: not touched
    assert PlayerRating.objects.get(period=november, person=a.person).rating == 1985
    review = client.get(f"/api/v1/ratings/periods/{november.pk}/review/").json()
    assert review["corrections_pending"] == [event.pk]

    response = client.post(f"/api/v1/ratings/periods/{november.pk}/recompute/")
    assert response.status_code == 400 and response.json()["error"]["fields"]["reason"]
    response = client.post(f"/api/v1/ratings/periods/{november.pk}/recompute/",
                           {"reason": "Sửa kết quả ván 1 giải tháng 11"}, format="json")
    job = job_worker.wait(response.json()["id"])
    assert job.state == Job.State.SUCCEEDED, job.error
    assert job.result["periods"] == ["2026-11-01", "2026-12-01"]
    november.refresh_from_db()
    december.refresh_from_db()
    assert (november.status, december.status) == ("computed", "computed")
    assert november.summary["correction"] == {"reason": "Sửa kết quả ván 1 giải tháng 11",
                                              "corrects_publication": 1}

    # December cannot be published before November (the order of the lists).
    response = client.post(f"/api/v1/ratings/periods/{december.pk}/publish/", EARLY,
                           format="json")
    assert response.status_code == 409
    for period in (november, december):
        assert client.post(f"/api/v1/ratings/periods/{period.pk}/publish/", EARLY,
                               format="json").status_code == 200
    # November again: A now 1 + .5 + .5 = 2.0 → 20 × (2 − 2.25) = −5 → 1995.
    assert PlayerRating.objects.get(period=november, person=a.person).rating == 1995
    # D (junior, K 40) now .5 of expected .75 → 40 × (−.25) = −10 → 1690.
    assert PlayerRating.objects.get(period=november, person=d.person).rating == 1690
    # December from the corrected list: A 1995 vs B 1905, difference 90 → PD .62 (84-91);
    # A wins: 20 × .38 = 7.6 → +8 → 2003 (before the correction: 80 → .61, 7.8 → 1993).
    assert PlayerRating.objects.get(period=december, person=a.person).old_rating == 1995
    assert PlayerRating.objects.get(period=december, person=a.person).rating == 2003
    # The tournament stays in November although it was certified again in December.
    assert PeriodTournament.objects.get(tournament=event).period_id == november.pk
    # Both publications of November are kept: the first with the list as first published.
    first, second = RatingPublication.objects.filter(period=november).order_by("number")
    # (and, while the periods have not ended, the reason of the early publication: issue #28)
    early = "Công bố trước khi kỳ kết thúc: " + EARLY["reason"]
    assert first.reason in ("", early)
    assert second.reason in ("Sửa kết quả ván 1 giải tháng 11",
                             "Sửa kết quả ván 1 giải tháng 11; " + early)
    assert [r[2] for r in first.rows if r[0] == a.person_id] == [1985]
    assert [r[2] for r in second.rows if r[0] == a.person_id] == [1995]


def test_a_tournament_counted_twice_is_rated_once_with_a_warning(job_worker, four, staff):
    """The same event imported twice and both copies certified: the copy's games are not
    rated again; the review names both (issue 13). A copy certified after the list was
    published does not touch it: it is checked in the next period."""
    a, b, c, d = four
    _seed(staff, {a: 2000, b: 1900, c: 1800, d: 1700})
    event = _main_event(a, b, c, d)
    copy = _main_event(a, b, c, d, certified_on=date(2026, 11, 21))
    client = client_for(staff)
    lst = xiangqi_standard()
    november = services.get_or_create_period(lst, date(2026, 11, 1))
    _compute(client, november, job_worker, publish=False)

    review = client.get(f"/api/v1/ratings/periods/{november.pk}/review/")
    assert review.status_code == 200, review.content
    body = review.json()
    assert body["games"] == 6  # not 12
    assert [(w["code"], w["tournament"], w["duplicate_of"]) for w in body["warnings"]] == [
        ("tournament_counted_twice", copy.pk, event.pk)]
    assert {t["id"]: t["duplicate_of"] for t in body["tournaments"]} == {event.pk: None,
                                                                        copy.pk: event.pk}
    changes = {row["person"]: row for row in body["changes"]}
    assert (changes[a.person_id]["games"], changes[a.person_id]["rating"]) == (3, 1985)
    assert client_for(None).get(f"/api/v1/ratings/periods/{november.pk}/review/"
                                ).status_code in (401, 403, 404)
    assert client.post(f"/api/v1/ratings/periods/{november.pk}/publish/", EARLY,
                       format="json").status_code == 200

    # A third copy certified late, in November, after the publication: November is not
    # recomputed; December rates it as a copy (no game counted) and warns again.
    third = _main_event(a, b, c, d, certified_on=date(2026, 11, 29))
    from core import hooks

    hooks.fire("tournament_certified", tournament=third)
    assert not Job.objects.filter(kind="ratings.recompute").exists()
    assert RatingPeriod.objects.get(pk=november.pk).status == RatingPeriod.Status.PUBLISHED
    december = services.get_or_create_period(lst, date(2026, 12, 1))
    _compute(client, december, job_worker, publish=False)
    december.refresh_from_db()
    assert december.summary["games"] == 0
    assert [w["duplicate_of"] for w in december.summary["warnings"]] == [event.pk]
    assert PlayerRating.objects.get(period=december, person=a.person).games == 0


def test_publishing_needs_its_own_permission(job_worker, four, staff):
    """Staff who compute are not necessarily allowed to publish (ratings.publish_ratingperiod),
    through the API and the admin action (issue 13)."""
    from django.contrib.auth.models import Permission
    from django.test import Client

    from tests.factories import make_staff

    a, b, c, d = four
    _seed(staff, {a: 2000, b: 1900, c: 1800, d: 1700})
    _main_event(a, b, c, d)
    november = services.get_or_create_period(xiangqi_standard(), date(2026, 11, 1))
    computer = make_staff(is_superuser=False)
    computer.user_permissions.add(*Permission.objects.filter(
        content_type__app_label="ratings", codename__in=["view_ratingperiod",
                                                         "change_ratingperiod"]))
    _compute(client_for(computer), november, job_worker, publish=False)
    response = client_for(computer).post(f"/api/v1/ratings/periods/{november.pk}/publish/")
    assert response.status_code == 403, response.content

    browser = Client()
    browser.force_login(computer)
    changelist = browser.get("/admin/ratings/ratingperiod/")
    assert changelist.status_code == 200
    assert 'value="publish"' not in changelist.content.decode()  # action not offered
    response = browser.post("/admin/ratings/ratingperiod/",
                            {"action": "publish", "_selected_action": [november.pk]})
    november.refresh_from_db()
    assert november.status == RatingPeriod.Status.COMPUTED

    computer.user_permissions.add(Permission.objects.get(codename="publish_ratingperiod"))
    browser.force_login(type(computer).objects.get(pk=computer.pk))
    page = browser.get(f"/admin/ratings/ratingperiod/{november.pk}/change/")
    assert page.status_code == 200 and "6 ván được tính" in page.content.decode()
    response = browser.post("/admin/ratings/ratingperiod/",  # confirmed, with a reason
                            {"action": "publish", "_selected_action": [november.pk],
                             "apply": "1", **EARLY}, follow=True)
    assert response.status_code == 200
    november.refresh_from_db()
    assert november.status == RatingPeriod.Status.PUBLISHED
    assert november.publications.get().published_by == computer
    # Published: the admin compute action refuses it with a message, nothing recomputed.
    computations = november.computations
    response = browser.post("/admin/ratings/ratingperiod/",
                            {"action": "compute", "_selected_action": [november.pk]},
                            follow=True)
    assert "đã công bố" in response.content.decode()
    november.refresh_from_db()
    assert november.computations == computations


def test_previous_period_must_be_published(job_worker, four, staff):
    a, b, c, d = four
    lst = xiangqi_standard()
    november = services.get_or_create_period(lst, date(2026, 11, 1))
    december = services.get_or_create_period(lst, date(2026, 12, 1))
    response = client_for(staff).post(f"/api/v1/ratings/periods/{december.pk}/compute/")
    job = job_worker.wait(response.json()["id"])
    assert job.state == Job.State.FAILED
    assert job.error["code"] == "previous_period_not_published"
    assert november.status == RatingPeriod.Status.DRAFT


def test_monthly_beat_entry_is_configured():
    from django.conf import settings

    entry = settings.CELERY_BEAT_SCHEDULE["ratings-monthly-period"]
    assert entry["task"] == "ratings.tasks.monthly_rating_periods_task"


def test_monthly_schedule_computes_last_month(job_worker, four, staff):
    a, b, c, d = four
    _seed(staff, {a: 2000, b: 1900, c: 1800, d: 1700})
    _main_event(a, b, c, d)
    started = services.schedule_monthly_periods(today=date(2026, 12, 1))
    assert len(started) == 6  # one per list
    for job_id in started:
        assert job_worker.wait(job_id).state == Job.State.SUCCEEDED
    november = RatingPeriod.objects.get(rating_list=xiangqi_standard(), start=date(2026, 11, 1))
    assert november.status == RatingPeriod.Status.COMPUTED  # staff review, then publish
    assert PlayerRating.objects.get(period=november, person=a.person).rating == 1985
