"""Round robin: Berger tables (Điều 26, Phụ lục 1 of the Xiangqi Law; FIDE C.05 Annex 1)."""

from itertools import combinations
from pathlib import Path

import pytest

from chessrules.cli import main
from chessrules.competition.roundrobin import (
    PRINTED_TABLE_TYPOS,
    berger_table,
    double_round_robin,
    format_board,
    format_table,
    meeting_round,
    rest_schedule,
    white_of,
)

DATA = Path(__file__).parent / "data"

# FIDE Handbook C.05 Annex 1 (Berger tables), transcribed by hand: "white-black" per board.
FIDE_TABLES = {
    4: """1-4 2-3 / 4-3 1-2 / 2-4 3-1""",
    6: """1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 /
          3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 /
           10-7 8-6 9-5 1-4 2-3 / 3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 /
           4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / 5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7 / 12-7 8-6 9-5 10-4 11-3 1-2 /
           2-12 3-1 4-11 5-10 6-9 7-8 / 12-8 9-7 10-6 11-5 1-4 2-3 /
           3-12 4-2 5-1 6-11 7-10 8-9 / 12-9 10-8 11-7 1-6 2-5 3-4 /
           4-12 5-3 6-2 7-1 8-11 9-10 / 12-10 11-9 1-8 2-7 3-6 4-5 /
           5-12 6-4 7-3 8-2 9-1 10-11 / 12-11 1-10 2-9 3-8 4-7 5-6 /
           6-12 7-5 8-4 9-3 10-2 11-1""",
}


def _parse_fide(text: str) -> list[list[tuple[int, int]]]:
    return [
        [tuple(int(x) for x in board.split("-")) for board in rnd.split()]
        for rnd in text.split("/")
    ]


@pytest.mark.parametrize("n", sorted(FIDE_TABLES))
def test_berger_table_equals_fide_c05_annex(n):
    expected = _parse_fide(FIDE_TABLES[n])
    assert [[b.pair() for b in rnd] for rnd in berger_table(n)] == expected


def _printed_tables() -> dict[str, list[list[str]]]:
    tables: dict[str, list[list[str]]] = {}
    current = None
    for line in (DATA / "phu_luc_1_printed_000.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# table"):
            current = line.split()[-1]
            tables[current] = []
        elif line.strip():
            tables[current].append(line.split(" | ")[1:])
    return tables


def test_phu_luc_1_printed_tables_agree_after_fixing_listed_typos():
    """Phụ lục 1 (seed 000) as printed, 3-4 .. 17-18 players: exactly the listed typos
    differ from rules (a) and (b); everything else (boards, colours, brackets) matches."""
    tables = _printed_tables()
    assert sorted(tables, key=lambda t: int(t.split("-")[0])) == [
        "3-4", "5-6", "7-8", "9-10", "11-12", "13-14", "15-16", "17-18"]
    differences = []
    for name, rows in tables.items():
        odd = int(name.split("-")[0])
        for r, (printed, generated) in enumerate(zip(rows, berger_table(odd), strict=True), 1):
            for b, (cell, board) in enumerate(zip(printed, generated, strict=True), 1):
                if cell != format_board(board):
                    differences.append((name, r, b, cell, format_board(board)))
    assert differences == PRINTED_TABLE_TYPOS


def test_twelve_player_round_six_typo_is_two_against_five():
    """The issue's example: printed "2 - 15" in round 6 of the 12-player table."""
    round6 = berger_table(12)[5]
    assert (2, 5) in [b.pair() for b in round6]
    assert meeting_round(2, 5, 12) == 6


def test_rule_b_examples_printed_under_the_tables():
    """Phụ lục 1 b): in 12 players 3-5 meet in round 7, 9-11 in round 8, 12-3 in 5, 12-10 in 8."""
    assert meeting_round(3, 5, 12) == 7
    assert meeting_round(9, 11, 12) == 8
    assert meeting_round(12, 3, 12) == 5
    assert meeting_round(10, 12, 12) == 8


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 9, 12, 15, 18, 21, 30, 31])
def test_rules_a_and_b_hold_and_everyone_meets_once(n):
    table = berger_table(n)
    size = n + n % 2
    assert len(table) == size - 1
    met = set()
    for r, boards in enumerate(table, 1):
        seen = set()
        for b in boards:
            assert meeting_round(b.white, b.black, size) == r
            assert white_of(b.white, b.black, size) == b.white
            seen |= {b.white, b.black}
            met.add(frozenset(b.pair()))
        assert seen == set(range(1, size + 1))
    assert met == {frozenset(p) for p in combinations(range(1, size + 1), 2)}


def test_rule_a_last_number_black_against_upper_half():
    for k in range(1, 12):
        assert white_of(k, 12, 12) == (12 if k > 6 else k)


def test_odd_field_rests_against_missing_number():
    rests = rest_schedule(5)
    assert rests == {1: 1, 2: 4, 3: 2, 4: 5, 5: 3}  # Phụ lục 1 table for 5-6, "(6)"
    assert sorted(rests.values()) == [1, 2, 3, 4, 5]
    assert all(sum(b.bye is not None for b in rnd) == 1 for rnd in berger_table(5))
    assert all(b.bye is None for rnd in berger_table(6) for b in rnd)


def test_double_round_robin_reverses_colours_in_second_cycle():
    """002 Điều 15: after the first cycle the colours are swapped."""
    rounds = double_round_robin(6)
    assert len(rounds) == 10
    for first, second in zip(rounds[:5], rounds[5:], strict=True):
        assert [(b.black, b.white) for b in first] == [b.pair() for b in second]
    swapped = double_round_robin(6, swap_last_two=True)
    assert swapped[3] == rounds[4] and swapped[4] == rounds[3]


def test_format_table_layout_of_phu_luc_1():
    assert format_table(5) == (
        "1 - (6)  2 - 5  3 - 4\n"
        "(6) - 4  5 - 3  1 - 2\n"
        "2 - (6)  3 - 1  4 - 5\n"
        "(6) - 5  1 - 4  2 - 3\n"
        "3 - (6)  4 - 2  5 - 1\n"
    )
    assert format_table(4).splitlines()[1] == "4 - 3  1 - 2"


def test_cli_roundrobin(capsys):
    assert main(["roundrobin", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7
    assert lines[0] == "1 - (8)  2 - 7  3 - 6  4 - 5"
    assert lines[6] == "4 - (8)  5 - 3  6 - 2  7 - 1"
    assert main(["roundrobin", "4", "--double"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 6 and lines[3] == "4 - 1  3 - 2"


def test_cli_roundrobin_rejects_two_players(capsys):
    assert main(["roundrobin", "2"]) == 2
    assert "at least 3" in capsys.readouterr().err


def test_berger_table_of_100_players_is_valid():
    table = berger_table(100)
    assert len(table) == 99 and all(len(r) == 50 for r in table)
