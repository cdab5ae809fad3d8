"""Seed rules of seed 000 (Luật cờ, 2004) through the API: defaults and settings of
Điều 21.3, 21.5, 27 and 28.7 (002 Điều 13.7)."""

from __future__ import annotations

import random


def test_round_robin_default_tiebreaks_end_with_lots(driver):
    """Điều 21.3: with no order in the regulations, the standings use đối kháng (DE),
    hệ số (SB), số ván thắng over the board (WON), wins with Black (BWG), then lots: four
    players who draw every game are ranked 1-4, reproducibly."""
    driver.create(system="round_robin")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration", {"seed": 11})
    driver.run_all_rounds(3, random.Random(1), choose=lambda p: "1/2-1/2")
    standings = driver.standings()
    assert standings["tiebreaks"] == ["DE", "SB", "WON", "BWG", "LOT"]
    rows = standings["rows"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert sorted(r["tiebreaks"]["LOT"] for r in rows) == [1, 2, 3, 4]
    assert driver.standings()["rows"] == rows
