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
