"""Real games through the engine: exactly the illegal moves of the score sheets are rejected.

The shared set (../shared/data/xiangqi-games, 2,000 games) states that lines 35, 620, 1571 and
1657 contain an illegal move (README; marked ``{ILLEGAL ply N: ...}`` in the VN/WXF files). A
24-game sample with its licence lives in tests/data/xiangqi/ so that one test always runs.
"""

import csv
from pathlib import Path

import pytest

from chessrules.xiangqi import START_FEN, Move, Position, analyse_game

REPO = Path(__file__).resolve().parents[3]
SAMPLE = REPO / "tests" / "data" / "xiangqi"
SHARED = REPO / ".." / "shared" / "data" / "xiangqi-games"

# From the shared set's README (lines 35, 620, 1571, 1657) and its VN/WXF files (the plies).
ILLEGAL_IN_SHARED_SET = {35: 72, 620: 72, 1571: 115, 1657: 70}


def first_illegal_ply(moves: list[Move]) -> tuple[int, str] | None:
    """(ply, reason) of the first illegal move of a game from the initial position, or None."""
    pos = Position.from_fen(START_FEN)
    for ply, move in enumerate(moves, 1):
        reason = pos.illegal_reason(move)
        if reason is not None:
            return ply, reason
        pos.push(move)
    return None


def read_games(path: Path) -> list[tuple[str, list[Move]]]:
    games = []
    for line in path.read_text(encoding="utf-8").splitlines():
        result, _, moves = line.partition("\t")
        games.append((result, [Move.from_iccs(m) for m in moves.split()]))
    return games


def test_sample_games_reject_exactly_the_marked_illegal_moves():
    games = read_games(SAMPLE / "games_iccs_sample.txt")
    with (SAMPLE / "games_index_sample.tsv").open(encoding="utf-8") as handle:
        index = list(csv.DictReader(handle, delimiter="\t"))
    assert len(games) == len(index) == 24
    for (_, moves), row in zip(games, index, strict=True):
        expected = int(row["first_illegal_ply"]) if row["first_illegal_ply"] else None
        found = first_illegal_ply(moves)
        assert (found[0] if found else None) == expected, f"game on shared line {row['line']}"
        assert len(moves) == int(row["plies"])


def test_sample_checkmate_game_is_recognised_dieu_7_1a():
    games = read_games(SAMPLE / "games_iccs_sample.txt")
    result, moves = games[15]  # shared line 16, a 1-0 game ending in mate
    analysis = analyse_game(None, moves)
    assert result == "1-0"
    assert (analysis.ending, analysis.winner) == ("checkmate", "w")


def test_all_shared_games_reject_exactly_the_known_illegal_moves():
    path = SHARED / "games_iccs.txt"
    if not path.exists():
        pytest.skip(f"../shared/data not present: {path.resolve()} (only in CI / the lead's tree)")
    games = read_games(path)
    assert len(games) == 2000
    found = {}
    for line, (_, moves) in enumerate(games, 1):
        illegal = first_illegal_ply(moves)
        if illegal is not None:
            found[line] = illegal[0]
        else:
            analyse_game(None, moves)  # every legal game also goes through the analysis
    assert found == ILLEGAL_IN_SHARED_SET
