"""The value vocabulary (chessrules.values): results (Điều 21.1), systems, tie-break codes,
gender sections, disciplines and shared ranks."""

import chess
import pytest

from chessrules import chess as chess_rules
from chessrules import titles, validation
from chessrules.competition.team import ROSTER_LIMITS, Roster
from chessrules.notation import xiangqi as xiangqi_notation
from chessrules.values import (
    PREDETERMINED_SYSTEMS,
    ROUND_ROBIN_SYSTEMS,
    SWISS_SYSTEMS,
    TEAM_SYSTEMS,
    Discipline,
    GenderSection,
    Result,
    System,
    TieBreak,
    competition_ranks,
)
from chessrules.xiangqi import Position, perft


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


# --- Discipline ------------------------------------------------------------------------------

def test_disciplines_are_the_stored_strings():
    assert [d.value for d in Discipline] == ["xiangqi", "chess"]
    assert Discipline("xiangqi") is Discipline.XIANGQI and Discipline.CHESS == "chess"
    assert [d.label for d in Discipline] == ["Cờ tướng", "Cờ vua"]
    assert validation.DISCIPLINES == (Discipline.XIANGQI, Discipline.CHESS)
    with pytest.raises(ValueError):
        Discipline("go")


def test_notations_machine_last_human_first_and_one_label_each():
    """Điều 11.2a/b, Phụ lục 3, WXF and ICCS for xiangqi; SAN, the Vietnamese letters (seed
    002 appendix E) and UCI for chess: what each discipline's reader accepts is the value's."""
    xq, ch = Discipline.XIANGQI, Discipline.CHESS
    assert xq.machine_notation == "iccs" and ch.machine_notation == "uci"
    assert xq.notations == ("vn", "vn-words", "asian", "coord", "wxf", "iccs")
    assert ch.notations == ("san", "vn", "uci")
    assert xiangqi_notation.FORMATS == xq.notations and chess_rules.FORMATS == ch.notations
    for discipline in Discipline:
        assert discipline.notations == (*discipline.human_notations, discipline.machine_notation)
        assert tuple(discipline.notation_labels) == discipline.notations
        assert set(discipline.export_notations) <= set(discipline.notations)
        assert discipline.export_notations[0] in (discipline.machine_notation, "san")
    assert xq.notation_labels["vn-words"] == "Việt Nam bằng chữ (Pháo 2 bình 5)"
    assert ch.notation_labels["vn"] != xq.notation_labels["vn"]  # Mf3 is not P2-5


@pytest.mark.parametrize("discipline,moves", [
    (Discipline.XIANGQI, ["h2e2", "h9g7", "h0g2", "i9h9"]),
    (Discipline.CHESS, ["e2e4", "e7e5", "g1f3", "b8c6"]),
])
def test_every_notation_writes_and_reads_back_the_machine_moves(discipline, moves):
    """Each notation of the value is one the rules package writes and reads: the machine moves
    written in it come back unchanged."""
    for notation in discipline.notations:
        if discipline is Discipline.XIANGQI:
            written = xiangqi_notation.convert(moves, "iccs", notation)
            back = xiangqi_notation.convert(written, notation, "iccs", numbered=False)
        else:
            written = chess_rules.convert(moves, notation)
            back = chess_rules.convert(written, "uci", numbered=False)
        assert back.split() == moves, notation


def test_start_positions():
    assert Discipline.CHESS.start_fen == chess.STARTING_FEN
    board = Discipline.XIANGQI.start_fen.split()[0]
    assert sum(c.isalpha() for c in board) == 32 and board.count("/") == 9
    assert Discipline.XIANGQI.start_fen.split()[1] == "w"  # the first mover (Red) is "w"
    assert perft(Position.from_fen(Discipline.XIANGQI.start_fen), 1) == 44  # Red's first moves


def test_law_is_what_the_competition_rules_take():
    """Điều 30.1.3 (xiangqi) and the chess team rules differ: the law names the set."""
    assert {d.law for d in Discipline} == set(ROSTER_LIMITS)
    Roster("A", ["1", "2", "3", "4", "5"], ["r"], law=Discipline.XIANGQI.law)
    with pytest.raises(ValueError):
        Roster("A", ["1", "2", "3", "4", "5"], ["r"], law=Discipline.CHESS.law)


def test_colour_names_and_readable_abbreviations():
    """Đỏ/Đen for xiangqi, Trắng/Đen for chess; a crosstable's abbreviations tell the two
    sides apart (Đỏ and Đen share their initial, so xiangqi writes the words)."""
    xq, ch = Discipline.XIANGQI, Discipline.CHESS
    assert xq.colour_names == ("Đỏ", "Đen") and ch.colour_names == ("Trắng", "Đen")
    assert xq.colour_name("w") == xq.colour_name("white") == "Đỏ"
    assert ch.colour_name("b") == ch.colour_name("black") == "Đen"
    assert [ch.colour_abbreviation(c) for c in "wb"] == ["T", "Đ"]
    assert [xq.colour_abbreviation(c) for c in "wb"] == ["Đỏ", "Đen"]
    for discipline in Discipline:
        assert discipline.colour_abbreviation("w") != discipline.colour_abbreviation("b")
    with pytest.raises(ValueError):
        xq.colour_name("red")
