"""Real games (../shared/data/xiangqi-games: the same game per line in ICCS, WXF and the
Vietnamese notation of Điều 11.2a): every file converts to the others exactly, both ways.

The small sample in tests/data/notation/ (see its README for attribution) always runs; the
full 2,000 games run when ../shared is present.
"""

import re
from pathlib import Path

import pytest

from chessrules.notation import NotationError
from chessrules.notation import xiangqi as xn

REPO = Path(__file__).resolve().parents[3]
FULL = REPO / ".." / "shared" / "data" / "xiangqi-games"
SAMPLE = REPO / "tests" / "data" / "notation"
FORMATS = ("iccs", "wxf", "vn")
ILLEGAL = re.compile(r"\s*\{ILLEGAL ply (\d+): (\w+)\}")


def load(folder: Path, prefix: str) -> dict[str, list[tuple[str, str]]]:
    games = {}
    for fmt in FORMATS:
        path = folder / f"{prefix}_{fmt}.txt"
        lines = path.read_text(encoding="utf-8").splitlines()
        games[fmt] = [tuple(line.split("\t", 1)) for line in lines]
    return games


def marked_illegal(texts: dict[str, str]) -> tuple[int, str] | None:
    for text in texts.values():
        m = ILLEGAL.search(text)
        if m:
            return int(m.group(1)), m.group(2)
    return None


def check_conversions(games: dict[str, list[tuple[str, str]]]) -> int:
    """Assert the conversions; return how many records carry an illegal move."""
    count = len(games["iccs"])
    assert all(len(games[fmt]) == count for fmt in FORMATS)
    illegal_records = 0
    for index in range(count):
        results = {games[fmt][index][0] for fmt in FORMATS}
        assert len(results) == 1, f"line {index + 1}: results differ"
        texts = {fmt: games[fmt][index][1] for fmt in FORMATS}
        marker = marked_illegal(texts)
        if marker:
            illegal_records += 1
            check_illegal_record(index + 1, texts, *marker)
            continue
        parsed = {fmt: xn.parse_moves(texts[fmt], fmt) for fmt in FORMATS}
        assert parsed["wxf"] == parsed["iccs"], f"line {index + 1}: WXF reads differently"
        assert parsed["vn"] == parsed["iccs"], f"line {index + 1}: VN reads differently"
        moves = parsed["iccs"]
        assert xn.write_moves(moves, "iccs", numbered=False) == texts["iccs"]
        assert xn.write_moves(moves, "wxf") == texts["wxf"], f"line {index + 1}: WXF"
        assert xn.write_moves(moves, "vn") == texts["vn"], f"line {index + 1}: VN"
    return illegal_records


def check_illegal_record(line: int, texts: dict[str, str], ply: int, move: str) -> None:
    """The ICCS record holds the illegal move at ``ply``; VN/WXF stop before it (marked)."""
    with pytest.raises(NotationError) as info:
        xn.parse_moves(texts["iccs"], "iccs")
    assert (info.value.ply, info.value.text, info.value.code) == (ply, move, "illegal"), line
    prefix = xn.parse_moves(" ".join(texts["iccs"].split()[: ply - 1]), "iccs")
    for fmt in ("wxf", "vn"):
        assert xn.parse_moves(texts[fmt], fmt) == prefix  # the comment is skipped
        with pytest.raises(NotationError) as info:  # score sheets mix in ICCS moves
            xn.parse_moves(ILLEGAL.sub(f" {move}", texts[fmt]), fmt)
        assert info.value.ply == ply


def test_sample_converts_exactly_both_ways():
    assert check_conversions(load(SAMPLE, "games_sample")) == 1  # line 35 of the full set


def test_full_set_converts_exactly_both_ways():
    if not FULL.is_dir():
        pytest.skip(f"../shared/data not present: {FULL} (the full real-game set lives there)")
    assert check_conversions(load(FULL, "games")) == 4


def test_sample_round_trips_in_every_format_and_through_pgn():
    """Every notation (also asian, coord, vn-words) reads back what it wrote on real games,
    and a PGN file of the sample games (ICCS and WXF movetext) reads back the same games."""
    from chessrules.pgn import read_pgn, write_pgn

    games = load(SAMPLE, "games_sample")
    pgn_parts = {"iccs": [], "wxf": []}
    expected = []
    for result, text in games["iccs"]:
        try:
            moves = xn.parse_moves(text, "iccs")
        except NotationError:
            continue  # the record with an illegal move
        expected.append((result, moves))
        for fmt in ("vn", "vn-words", "asian", "coord", "wxf", "iccs"):
            written = xn.write_moves(moves, fmt)
            assert xn.parse_moves(written, fmt) == moves, fmt
            assert xn.parse_moves(written) == moves, f"{fmt} detected as another format"
        for fmt in pgn_parts:
            pgn_parts[fmt].append(write_pgn(moves, discipline="xiangqi", notation=fmt,
                                            result=result))
    for fmt, parts in pgn_parts.items():
        read_back = list(read_pgn("\n".join(parts)))
        assert len(read_back) == len(expected)
        for game, (result, moves) in zip(read_back, expected, strict=True):
            report = game.validate()
            assert report.valid and report.notation == fmt
            assert report.moves == [m.iccs() for m in moves] and game.result == result
