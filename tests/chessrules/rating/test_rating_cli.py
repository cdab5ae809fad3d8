"""``python -m chessrules rating-change`` and ``performance`` (issue 8), run as a user would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "chessrules", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=60)


def test_rating_change_prints_the_worked_example() -> None:
    """Rated 1850, K 20; vs 1900 win (PD .43), vs 1800 draw (.57), vs 2300 loss (D −450 → −400,
    .08): ΣΔR = .57 − .07 − .08 = .42 → change +8.4 → +8 → 1858."""
    done = run("rating-change", "--rating", "1850", "--k", "20",
               "--games", "1900:1 1800:0.5 2300:0")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "rating 1850",
        "K 20",
        "game 1: opponent 1900, score 1, expected 0.43",
        "game 2: opponent 1800, score 0.5, expected 0.57",
        "game 3: opponent 2300, score 0, expected 0.08",
        "score 1.5",
        "expected 1.08",
        "change +8.4",
        "rounded change +8",
        "new rating 1858",
    ]


def test_rating_change_shows_the_700_cap() -> None:
    """K 40 over 18 games → 38; 18 losses to equal opponents: −.5 × 18 × 38 = −342."""
    games = " ".join(["1500:0"] * 18)
    done = run("rating-change", "--rating", "1500", "--k", "40", "--games", games)
    lines = done.stdout.splitlines()
    assert lines[1] == "K 38 (capped: K × 18 games ≤ 700)"
    assert lines[-3:] == ["change -342.0", "rounded change -342", "new rating 1158"]


def test_performance_prints_ra_p_rp() -> None:
    """Opponents 1900 (win), 1800 (draw), 2001 (loss): Ra = 5701/3 = 1900.33, p = 1.5/3 = .50,
    dp 0, Rp = 1900."""
    done = run("performance", "--games", "1900:1, 1800:½, 2001:0")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["games 3", "score 1.5", "Ra 1900.33", "p 0.50", "dp 0",
                                        "Rp 1900"]


def test_bad_games_exit_2_naming_the_game() -> None:
    done = run("performance", "--games", "1900:1 1800-0.5")
    assert done.returncode == 2
    assert "game 2 ('1800-0.5'): expected OPP:SCORE" in done.stderr
    done = run("rating-change", "--rating", "1800", "--k", "20", "--games", "1900:2")
    assert done.returncode == 2
    assert "score '2' is not 1, 0.5 or 0" in done.stderr


ELEVEN_WINS = " ".join(["2250:1"] * 11)


def test_rating_change_exempts_2650_and_above_by_default() -> None:
    """FIDE B.02 8.3.1 as amended 1 October 2025 ("for players rated 2650 and above, the
    difference between ratings shall be used in all cases"). The case that led to it (FIDE's
    announcement as reported by ChessBase, 30 September 2025): 11 wins against opponents rated
    at most 2250 had earned a top player 0.8 a win, nine points in all — 2807 vs 2250 counted as D = 400, PD .92, 11 × .08 × 10 = +8.8
    → +9. Under the amended rule D = 557 → PD .97: 11 × .03 × 10 = +3.3 → +3."""
    done = run("rating-change", "--rating", "2807", "--k", "10", "--games", ELEVEN_WINS)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "game 1: opponent 2250, score 1, expected 0.97" in lines
    assert lines[-3:] == ["change +3.3", "rounded change +3", "new rating 2810"]
    old = run("rating-change", "--rules", "fide-2024", "--rating", "2807", "--k", "10",
              "--games", ELEVEN_WINS).stdout.splitlines()
    assert "game 1: opponent 2250, score 1, expected 0.92" in old
    assert old[-3:] == ["change +8.8", "rounded change +9", "new rating 2816"]
    none = run("rating-change", "--exempt-from", "0", "--rating", "2807", "--k", "10",
               "--games", ELEVEN_WINS).stdout.splitlines()
    assert none[-2] == "rounded change +9"


def test_rating_change_exempt_from_sets_the_limit() -> None:
    """8.3.1: below the limit the 400-point rule still applies (2600 vs 2100: D 500 → 400, PD
    .92); --exempt-from 2600 makes the real difference count (PD .96)."""
    below = run("rating-change", "--rating", "2600", "--k", "10", "--games", "2100:1")
    assert "expected 0.92" in below.stdout
    exempt = run("rating-change", "--exempt-from", "2600", "--rating", "2600", "--k", "10",
                 "--games", "2100:1")
    assert "game 1: opponent 2100, score 1, expected 0.96" in exempt.stdout.splitlines()


def test_performance_for_a_norm_raises_the_lowest_opponent_to_the_floor() -> None:
    """FIDE B.01 1.46: for a GM norm the adjusted rating floor is 2200 and at most one opponent
    (the lowest) is raised to it. Opponents 2500, 2100, 2000, score 2/3: plain Ra 2200, p .67 →
    dp 125, Rp 2325; for a GM norm 2000 → 2200: Ra 2266.67, Rp 2392."""
    games = "2500:1 2100:1 2000:0"
    plain = run("performance", "--games", games).stdout.splitlines()
    assert plain[2:] == ["Ra 2200.00", "p 0.67", "dp 125", "Rp 2325"]
    norm = run("performance", "--norm", "GM", "--games", games)
    assert norm.returncode == 0, norm.stderr
    assert norm.stdout.splitlines()[2:] == ["Ra 2266.67", "p 0.67", "dp 125", "Rp 2392"]
