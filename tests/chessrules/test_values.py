"""The value vocabulary (chessrules.values): results (Điều 21.1), systems, tie-break codes,
gender sections and shared ranks."""

import pytest

from chessrules import titles
from chessrules.values import (
    PREDETERMINED_SYSTEMS,
    ROUND_ROBIN_SYSTEMS,
    SWISS_SYSTEMS,
    TEAM_SYSTEMS,
    GenderSection,
    Result,
    System,
    TieBreak,
    competition_ranks,
)


@pytest.mark.parametrize("text,expected", [
    ("1-0", Result.WHITE_WINS), ("0-1", Result.BLACK_WINS), ("1/2-1/2", Result.DRAW),
    ("½-½", Result.DRAW), ("=", Result.DRAW), ("0.5-0.5", Result.DRAW),
    ("+-", Result.WHITE_FORFEIT_WIN), ("+/-", Result.WHITE_FORFEIT_WIN),
    ("-+", Result.BLACK_FORFEIT_WIN), ("-/+", Result.BLACK_FORFEIT_WIN),
    ("--", Result.DOUBLE_FORFEIT), ("-/-", Result.DOUBLE_FORFEIT), ("0-0", Result.DOUBLE_FORFEIT),
    ("*", Result.ADJOURNED), ("", Result.PENDING), ("pending", Result.PENDING),
    (" 1-0 ", Result.WHITE_WINS),
])
def test_parse_every_accepted_form(text, expected):
    assert Result.parse(text) is expected


@pytest.mark.parametrize("text", ["2-0", "1:0", "bye", "draw", "1/2"])
def test_parse_refuses_other_text(text):
    assert Result.parse(text) is None


def test_points_played_and_forfeits_21_1():
    assert Result.WHITE_WINS.points == (1.0, 0.0)
    assert Result.DRAW.points == (0.5, 0.5)
    assert Result.BLACK_FORFEIT_WIN.points == (0.0, 1.0)
    assert Result.DOUBLE_FORFEIT.points == (0.0, 0.0)
    assert Result.PENDING.points is None and Result.BYE.points is None
    assert [r for r in Result if r.played] == [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]
    assert not Result.WHITE_FORFEIT_WIN.played and Result.WHITE_FORFEIT_WIN.forfeit
    assert Result.BYE.final and not Result.BYE.decided and not Result.ADJOURNED.final
    assert Result.WHITE_FORFEIT_WIN.present == ("white",)
    assert Result.DOUBLE_FORFEIT.present == ()


def test_trf_codes_round_trip():
    for result in Result:
        if result.trf is not None:
            assert Result.from_trf(*result.trf) is result
    assert Result.DRAW.trf == ("=", "=")
    assert Result.from_trf(" ", " ") is Result.PENDING
    assert Result.from_trf("1", "1") is None


def test_pgn_forms():
    assert Result.DRAW.pgn == "1/2-1/2" and Result.WHITE_FORFEIT_WIN.pgn == "1-0"
    assert Result.DOUBLE_FORFEIT.pgn is None
    assert Result.from_pgn("1/2") is Result.DRAW and Result.from_pgn("*") is Result.ADJOURNED
    assert Result.from_pgn("+-") is None


def test_values_are_the_stored_strings():
    assert Result.DRAW == "1/2-1/2" and System.ROUND_ROBIN == "round_robin"
    assert {s.value for s in ROUND_ROBIN_SYSTEMS} == {"round_robin", "double_round_robin"}
    assert PREDETERMINED_SYSTEMS == ROUND_ROBIN_SYSTEMS | {System.TEAM_ROUND_ROBIN,
                                                          System.INDIVIDUAL_SCHEVENINGEN}
    assert System("team_swiss_draw") in SWISS_SYSTEMS & TEAM_SYSTEMS
    assert System.KNOCKOUT not in SWISS_SYSTEMS | ROUND_ROBIN_SYSTEMS | TEAM_SYSTEMS


def test_tiebreak_codes():
    assert TieBreak("BH-VN") is TieBreak.BH_VN
    assert TieBreak.BH.takes_cuts and not TieBreak.DE.takes_cuts
    assert TieBreak.DE.ascending and not TieBreak.SB.ascending


def test_gender_section_entry_and_title_section():
    assert GenderSection.MEN.admits("M") and not GenderSection.MEN.admits("F")
    assert GenderSection.WOMEN.admits("F") and not GenderSection.WOMEN.admits(None)
    assert GenderSection.OPEN.admits("F") and GenderSection.OPEN.admits(None)
    assert GenderSection.OPEN.title_section("F") == titles.WOMEN
    assert GenderSection.OPEN.title_section("M") == titles.MEN
    assert GenderSection.WOMEN.title_section("M") == titles.WOMEN


def test_equal_values_share_the_better_rank():
    assert competition_ranks([9, 9, 7, 7, 7, 1]) == [1, 1, 3, 3, 3, 6]
    assert competition_ranks([]) == []
    assert competition_ranks([(1, 2), (1, 3)]) == [1, 2]
