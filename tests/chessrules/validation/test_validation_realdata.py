"""validate_game on real records: exactly the four records with an illegal move (lines 35,
620, 1571, 1657 of ../shared/data/xiangqi-games) are rejected, at the ply marked in the WXF and
VN files, in all three notations. The sample in tests/data/notation always runs."""

import re
from pathlib import Path

import pytest

from chessrules.validation import validate_game

REPO = Path(__file__).resolve().parents[3]
FULL = REPO / ".." / "shared" / "data" / "xiangqi-games"
SAMPLE = REPO / "tests" / "data" / "notation"
MARK = re.compile(r"\{ILLEGAL ply (\d+): (\w+)\}")


def check_folder(folder: Path, prefix: str) -> dict[int, int]:
    """Validate every record in every notation; return {line: rejected ply}."""
    rejected_by_format = {}
    marks = {}
    for line_no, line in enumerate(
        (folder / f"{prefix}_vn.txt").read_text(encoding="utf-8").splitlines(), 1
    ):
        m = MARK.search(line)
        if m:
            marks[line_no] = (int(m.group(1)), m.group(2))
    for fmt in ("iccs", "wxf", "vn"):
        rejected = {}
        lines = (folder / f"{prefix}_{fmt}.txt").read_text(encoding="utf-8").splitlines()
        for line_no, line in enumerate(lines, 1):
            result, moves = line.split("\t", 1)
            if line_no in marks:  # the WXF/VN records carry the illegal move as a comment
                moves = MARK.sub(marks[line_no][1], moves)
            report = validate_game("xiangqi", moves, declared_result=result)
            assert report.notation == fmt, line_no
            if not report.valid:
                rejected[line_no] = report.error["ply"]
                assert report.error["code"] == "illegal"
        rejected_by_format[fmt] = rejected
        assert rejected == {line: ply for line, (ply, _) in marks.items()}, fmt
    return rejected_by_format["iccs"]


def test_sample_rejects_its_illegal_record():
    assert check_folder(SAMPLE, "games_sample") == {21: 72}  # line 35 of the full set


def test_full_set_rejects_exactly_the_four_marked_records():
    if not FULL.is_dir():
        pytest.skip(f"../shared/data not present: {FULL} (the full real-game set lives there)")
    rejected = check_folder(FULL, "games")
    assert sorted(rejected) == [35, 620, 1571, 1657]
