"""A Dutch Swiss of 100+ players through 9 rounds (Điều 27-28, FIDE C.04.3), with a late
entry, a requested bye and a withdrawal (Điều 21.5.2)."""

from __future__ import annotations

import random
from collections import Counter

from tournaments.models import Entry, Pairing


def test_dutch_swiss_of_101_players_nine_rounds(driver):
    driver.create(system="dutch", number_of_rounds=9, tiebreaks="BH-C1,BH,SB,WIN")
    driver.action("open-registration")
    members = driver.members(100, ratings=[1500 + (i * 37) % 900 for i in range(100)])
    driver.enter(members)
    closed = driver.action("close-registration")
    assert closed["status"] == "closed"
    # Điều 28.1: starting numbers in rating order.
    by_number = sorted(Entry.objects.filter(tournament_id=driver.tid),
                       key=lambda e: e.starting_number)
    ratings = [e.rating for e in by_number]
    assert ratings == sorted(ratings, reverse=True)

    rng = random.Random(11)
    late = withdrawn = None
    for number in range(1, 10):
        if number == 2:  # a late entry joins from round 2 (C.04.2: renumbered by rating)
            member, rating = driver.members(1, ratings=[2500])[0]
            entry = {"tournament": driver.tid, "member": member.pk, "rating": rating}
            refused = driver.post(driver.organiser, "/api/v1/tournament-entries/", entry, 400)
            assert refused["error"]["code"] == "late_entry"  # only the explicit late entry
            late = driver.post(driver.organiser, "/api/v1/tournament-entries/late/",
                               {**entry, "reason": "Được BTC chấp thuận"}, 201)
            assert late["is_late"] and late["joins_in_round"] == 2
            assert late["late_reason"] == "Được BTC chấp thuận"
            assert late["starting_number"] == 1
        if number == 3:  # a requested half-point bye for round 4
            entry = Entry.objects.filter(tournament_id=driver.tid, starting_number=10).get()
            driver.post(driver.arbiter, f"/api/v1/tournament-entries/{entry.pk}/request-bye/",
                        {"round": 4, "points": 0.5})
        if number == 5:  # Điều 21.5.2: a withdrawal; results kept, no longer paired
            withdrawn = Entry.objects.filter(tournament_id=driver.tid, starting_number=50).get()
            driver.post(driver.arbiter, f"/api/v1/tournament-entries/{withdrawn.pk}/withdraw/")
        summary = driver.pair_next()
        assert summary["round"] == number and summary["system"] == "dutch"
        assert summary["engine_version"] and summary["seed"] is not None
        rnd = driver.play_round(number, rng)
        paired = Counter()
        for p in rnd["pairings"]:
            paired[p["white"]] += 1
            if p["black"]:
                paired[p["black"]] += 1
        assert all(v == 1 for v in paired.values()), "a player paired twice in a round"
        if number == 1:
            assert late is None and len(paired) == 100
        if number == 4:
            bye = [p for p in rnd["pairings"] if p["kind"] == "bye"]
            assert [(p["white_number"], p["bye_points"]) for p in bye] == [(10, "0.5")]
        if number >= 6:
            assert withdrawn.pk not in paired

    # C.04.1: no two players meet twice.
    games = Pairing.objects.filter(round__tournament_id=driver.tid, kind="game")
    meetings = Counter(frozenset((p.white_id, p.black_id)) for p in games)
    assert max(meetings.values()) == 1
    # The pairing-allocated bye goes to a different player each time (C.04.1 rule).
    byes = [p.white_id for p in Pairing.objects.filter(round__tournament_id=driver.tid,
                                                       kind="pab")]
    assert len(byes) == len(set(byes))

    standings = driver.standings()
    assert standings["tiebreaks"] == ["BH-C1", "BH", "SB", "WIN"]
    assert len(standings["rows"]) == 101
    totals = Counter()
    for p in Pairing.objects.filter(round__tournament_id=driver.tid).select_related(
            "white", "black"):
        if p.kind == "game":
            w, b = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}[p.result]
            totals[p.white.starting_number] += w
            totals[p.black.starting_number] += b
        else:
            totals[p.white.starting_number] += float(p.bye_points or 0)
    rows = {r["starting_number"]: r for r in standings["rows"]}
    assert {n: r["points"] for n, r in rows.items() if r["points"]} == {
        n: v for n, v in totals.items() if v}
    points = [r["points"] for r in standings["rows"]]
    assert points == sorted(points, reverse=True)

    card = driver.arbiter.get(f"/api/v1/tournament-entries/{withdrawn.pk}/tracking-card/").json()
    assert [r["round"] for r in card["rounds"]] == list(range(1, 10))
    assert card["rounds"][-1]["opponent_number"] is None

    csv = driver.arbiter.get(f"/api/v1/tournaments/{driver.tid}/standings/",
                             {"output": "csv"})
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode("utf-8-sig").splitlines()[0].startswith("Hạng,Số xếp,Họ tên")
    assert len(csv.content.decode().splitlines()) == 102

    assert driver.finish_and_certify()["status"] == "certified"
