"""A round robin of 12 from registration to certification (Điều 26, Phụ lục 1, Điều 21.3)."""

from __future__ import annotations

import random
from itertools import combinations

from tournaments.models import Pairing, Tournament


def test_round_robin_of_12_registration_to_certification(driver):
    """Every pair meets exactly once in 11 rounds, by the Berger table; the standings follow
    Điều 21.1 scoring and the certification locks the tournament."""
    driver.create(system="round_robin", tiebreaks="DE,SB,WIN,BWG")
    driver.action("open-registration")
    entries = driver.enter(driver.members(12))
    closed = driver.action("close-registration", {"seed": 20260504})
    assert closed["status"] == "closed" and closed["number_of_rounds"] == 11
    numbers = sorted(e["starting_number"] for e in driver.arbiter.get(
        "/api/v1/tournament-entries/", {"tournament": driver.tid, "page_size": 50}
    ).json()["results"])
    assert numbers == list(range(1, 13)) and len(entries) == 12

    rng = random.Random(7)
    rounds = driver.run_all_rounds(11, rng)

    met = set()
    for rnd in rounds:
        boards = [(p["white_number"], p["black_number"]) for p in rnd["pairings"]]
        assert len(boards) == 6
        for w, b in boards:
            # Phụ lục 1 rule (b): i and j meet in round i + j - 1, reduced by n - 1.
            i, j = sorted((w, b))
            expected_round = i + j - 1 if j < 12 else 2 * i - 1
            while expected_round > 11:
                expected_round -= 11
            assert rnd["number"] == expected_round
            met.add(frozenset((w, b)))
    assert met == {frozenset(p) for p in combinations(range(1, 13), 2)}

    standings = driver.standings()
    assert standings["after_round"] == 11
    assert standings["tiebreaks"] == ["DE", "SB", "WIN", "BWG"]
    points = {}
    for p in Pairing.objects.filter(round__tournament_id=driver.tid):
        w, b = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}[p.result]
        points[p.white.starting_number] = points.get(p.white.starting_number, 0) + w
        points[p.black.starting_number] = points.get(p.black.starting_number, 0) + b
    rows = standings["rows"]
    assert {r["starting_number"]: r["points"] for r in rows} == points
    assert [r["points"] for r in rows] == sorted(points.values(), reverse=True)
    assert sum(points.values()) == 66  # 66 games, one point each

    certified = driver.finish_and_certify()
    assert certified["status"] == "certified"
    pairing = rounds[0]["pairings"][0]
    locked = driver.arbiter.post(f"/api/v1/tournament-pairings/{pairing['id']}/result/",
                                 {"result": "0-1", "version": pairing["version"] + 1},
                                 format="json")
    assert locked.status_code == 400 and locked.json()["error"]["code"] == "locked"
    assert Tournament.objects.get(pk=driver.tid).status == "certified"
