"""TRF16 / TRF-2026 reader and writer (chessrules.trf).

The sample lines are laid out on the fixed columns of the FIDE TRF16 description
(player line 001: starting rank 5-8, rating 49-52, points 81-84, round 1 at 92-99).
"""

import pytest

from chessrules.trf import TrfError, TrfGame, TrfPlayer, parse_trf, write_trf

RULER = "".join(str(i % 10) for i in range(1, 120))

SAMPLE = """\
012 Giai co vua mo rong
XXR 5
XXC black1
001    1 m GM Alpha, A                          2600 VIE    12345678 1990/01/01  1.5    1     3 w 1     2 b =  0000 - H
001    2 fWGM Beta, B                           2500 VIE    12345679 1991/02/02  1.5    2     4 b 1     1 w =  0000 - Z
001    3 m    Gamma, C                          2400 VIE             1992/03/03  1.0    3     1 b 0  0000 - U
001    4 m    Delta, D                                                           1.0    4     2 w 0     3 b +
"""


def test_trf_player_line_fixed_columns():
    t = parse_trf(SAMPLE)
    assert t.name == "Giai co vua mo rong"
    assert t.rounds == 5 and t.rounds_declared
    assert t.initial_color == "b"
    p1 = t.players[1]
    assert (p1.id, p1.sex, p1.title, p1.name, p1.rating, p1.fed) == (
        1, "m", "GM", "Alpha, A", 2600, "VIE")
    assert (p1.fide_id, p1.birth, p1.points, p1.rank) == ("12345678", "1990/01/01", 1.5, 1)
    assert p1.games == [TrfGame(1, 3, "w", "1"), TrfGame(2, 2, "b", "="), TrfGame(3, None, "-", "H")]
    assert t.players[2].title == "WGM"
    assert t.players[4].rating == 0
    assert t.players[4].games[1] == TrfGame(2, 3, "b", "+")
    assert t.players[3].games[1] == TrfGame(2, None, "-", "U")


def test_trf_round_trip_is_exact_for_canonical_file():
    assert write_trf(parse_trf(SAMPLE)) == SAMPLE
    t = parse_trf(SAMPLE)
    assert parse_trf(write_trf(t)) == t


def test_trf_rounds_default_to_rounds_in_file():
    text = "\n".join(line for line in SAMPLE.splitlines() if not line.startswith("XXR"))
    t = parse_trf(text)
    assert t.rounds == 3 and not t.rounds_declared


def test_trf_written_from_objects_has_handbook_columns():
    t = parse_trf("")
    t.players[7] = TrfPlayer(7, "Nguyen, Van A", "m", "FM", 2311, "VIE", "", "", 3.0, 12,
                            [TrfGame(1, 12, "b", "1"), TrfGame(2, None, "-", "F")])
    line = write_trf(t).splitlines()[-1]
    assert line[0:3] == "001" and line[4:8] == "   7" and line[48:52] == "2311"
    assert line[80:84] == " 3.0" and line[85:89] == "  12"
    assert line[91:95] == "  12" and line[96] == "b" and line[98] == "1"
    assert line[101:105] == "0000" and line[108] == "F"


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (SAMPLE.replace("    3 w 1", "    3 x 1"), "colour"),
        (SAMPLE.replace("    3 w 1", "    3 w Q"), "result"),
        (SAMPLE.replace("0000 - H", "   3 - H"), "cannot have an opponent"),
        (SAMPLE + SAMPLE.splitlines()[5] + "\n", "repeated"),
        (SAMPLE.replace("XXR 5", "XXR x"), "number of rounds"),
        (SAMPLE.replace("    3 b +", "   99 b +"), "no 001 line"),
    ],
)
def test_trf_errors_name_line_and_reason(bad, reason):
    with pytest.raises(TrfError) as info:
        parse_trf(bad)
    assert reason in str(info.value)
    assert "TRF line " in str(info.value)


def test_trf_error_line_number_is_the_offending_line():
    bad = SAMPLE.replace("    2 w 0", "    2 w ?")
    with pytest.raises(TrfError) as info:
        parse_trf(bad)
    assert info.value.line_number == 7


def test_trf_accepts_crlf_and_152_initial_colour():
    text = SAMPLE.replace("XXC black1", "152 W").replace("\n", "\r\n")
    assert parse_trf(text).initial_color == "w"
