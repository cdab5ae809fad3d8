"""Issue 15: the Dutch engine reports the share of players paired after each bracket."""

from __future__ import annotations

from chessrules.dutch import RoundEntry, SwissPlayer, pair_round


def test_progress_rises_to_one_bracket_by_bracket():
    players = [SwissPlayer(n, 2400 - 10 * n, f"P{n}") for n in range(1, 17)]
    # round 1: 1 beats 9, 2 beats 10, ... (the top half won): two score groups of 8
    history = {}
    for n in range(1, 9):
        history[n] = [RoundEntry(n + 8, "w" if n % 2 else "b", "1")]
        history[n + 8] = [RoundEntry(n, "b" if n % 2 else "w", "0")]
    shares: list[float] = []
    pairs = pair_round(players, history, 2, progress=shares.append)
    assert len(pairs) == 8
    assert shares == sorted(shares) and shares[-1] == 1.0
    assert len(shares) >= 2 and 0 < shares[0] < 1  # the winners' bracket first
