"""Xiangqi notations on hand-made positions (seed 000 Điều 11.2, Phụ lục 3; WXF).

Expected moves are derived by hand from the board drawings in the docstrings: files a-i from
Red's left, ranks 0-9 from Red's side; Red counts files 1-9 from its right (i=1 ... a=9),
Black from its own right (a=1 ... i=9); "front" is the piece nearer the opponent.
"""

import pytest

from chessrules.notation import NotationError
from chessrules.notation import xiangqi as xn
from chessrules.xiangqi import Move, Position

ALL_FORMATS = ("vn", "vn-words", "asian", "coord", "wxf", "iccs")

# Red chariots c6 (front) and c3 (rear); Black cannons g4 (front for Black) and g8 (rear).
TANDEM = "5k3/6c2/9/2R6/9/6c2/2R6/9/9/4K4 w - - 0 1"
# Red soldiers e7 (front), e6 (middle), e5 (rear).
THREE_SOLDIERS = "5k3/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1"
# Red soldiers e7, e6, e5 on file 5 and c6, c5 on file 7.
TWO_FILES = "5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/4K4 w - - 0 1"
# Red soldiers e8, e7, e6, e5: four on one file.
FOUR_SOLDIERS = "5k3/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1"
# Red chariots e7 (front) and e4 (rear); Red general d0.
CHARIOTS_ON_E = "5k3/9/4R4/9/9/4R4/9/9/9/3K5 w - - 0 1"
# Red advisors d2 and d0, general f0.
ADVISORS_ON_D = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1"
# Phụ lục 3 example: Trắng Te0 Sd0 Sf0 Ve2 Xf8 / Đen Te9 Sd9 Mb2 Ba4 Bb4.
APPENDIX3 = "3ak4/5R3/9/9/9/pp7/9/1n2B4/9/3AKA3 w - - 0 1"


def pos(fen: str, turn: str | None = None) -> Position:
    if turn:
        fen = fen.replace(" w ", f" {turn} ")
    return Position.from_fen(fen)


def read(fen, text, fmt, turn=None) -> str:
    return xn.read_move(pos(fen, turn), text, fmt).iccs()


def write(fen, iccs, fmt, turn=None) -> str:
    return xn.write_move(pos(fen, turn), Move.from_iccs(iccs), fmt)


# ----------------------------------------------------------------- seed examples
def test_dieu_11_2a_example_symbols_and_words():
    """Điều 11.2a: '1) Pháo 2 bình 5 | Mã 2 tiến 3 / 2) Mã 8 tiến 7 | Pháo 8 bình 5' and the same
    game as 'P2-5 M2.3 M8.7 P8-5'. Red cannon h2 to e2, Black horse b9-c7, Red horse b0-c2,
    Black cannon h7-e7."""
    expected = ["h2e2", "b9c7", "b0c2", "h7e7"]
    symbols = xn.parse_moves("1) P2-5 M2.3 2) M8.7 P8-5", "vn")
    words = xn.parse_moves("1) Pháo 2 bình 5 Mã 2 tiến 3 2) Mã 8 tiến 7 Pháo 8 bình 5")
    assert [m.iccs() for m in symbols] == expected
    assert [m.iccs() for m in words] == expected
    assert xn.write_moves(symbols, "vn") == "1. P2-5 M2.3 2. M8.7 P8-5"
    assert xn.write_moves(symbols, "vn-words", numbered=False) == (
        "Pháo 2 bình 5 Mã 2 tiến 3 Mã 8 tiến 7 Pháo 8 bình 5"
    )


def test_phu_luc_3_opening_example():
    """Phụ lục 3: '1. Phe2 Mg7 2. Pb1 Bg5'. Both Red cannons (b2, h2) can reach e2, so the
    origin file h is written; the other moves name the destination only."""
    moves = xn.parse_moves("1. Phe2 Mg7 2. Pb1 Bg5", "coord")
    assert [m.iccs() for m in moves] == ["h2e2", "h9g7", "b2b1", "g6g5"]
    assert xn.write_moves(moves, "coord") == "1. Phe2 Mg7 2. Pb1 Bg5"


def test_phu_luc_3_worked_position_x4_7_b2_1_is_xc8_bb3():
    """Phụ lục 3: in the printed position, 'X4-7 B2.1' is written 'Xc8 Bb3' in the new way."""
    from_vn = xn.parse_moves("1. X4-7 B2.1", "vn", APPENDIX3)
    from_coord = xn.parse_moves("1. Xc8 Bb3", "coord", APPENDIX3)
    assert from_vn == from_coord
    assert [m.iccs() for m in from_vn] == ["f8c8", "b4b3"]
    assert xn.write_moves(from_vn, "coord", APPENDIX3) == "1. Xc8 Bb3"
    assert xn.write_moves(from_coord, "vn", APPENDIX3) == "1. X4-7 B2.1"


def test_asian_symbols_dieu_11_2b():
    """Điều 11.2b: '+' advance, '.' retreat, '=' sideways (letters as in 11.2a)."""
    moves = xn.parse_moves("1. P2=5 M2+3 2. M8+7 P8=5", "asian")
    assert [m.iccs() for m in moves] == ["h2e2", "b9c7", "b0c2", "h7e7"]
    assert xn.write_moves(moves, "asian") == "1. P2=5 M2+3 2. M8+7 P8=5"
    # A retreat: the Red cannon on e2 goes back one point.
    assert read(xn.START_FEN.replace("1C5C1", "1C2C4"), "P5.1", "asian") == "e2e1"


def test_wxf_and_iccs_start():
    moves = xn.parse_moves("1. C2=5 H8+7 2. H2+3 R9=8", "wxf")
    assert [m.iccs() for m in moves] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert xn.parse_moves("h2e2 h9g7 h0-g2 I9-H9", "iccs") == moves
    assert xn.write_moves(moves, "iccs", numbered=False) == "h2e2 h9g7 h0g2 i9h9"


# ----------------------------------------------------------------- tandem pieces
@pytest.mark.parametrize(
    ("iccs", "turn", "vn", "wxf", "words"),
    [
        ("c6c8", "w", "Xt.2", "R++2", "Xe trước tiến 2"),
        ("c3e3", "w", "Xs-5", "R-=5", "Xe sau bình 5"),
        ("g4e4", "b", "Pt-5", "C+=5", "Pháo trước bình 5"),
        ("g8g7", "b", "Ps.1", "C-+1", "Pháo sau tiến 1"),
    ],
)
def test_tandem_front_rear(iccs, turn, vn, wxf, words):
    """Điều 11.2a 't'/'s' (WXF '+'/'-') for two identical pieces on one file; for Black the
    front piece is the one with the lower rank."""
    assert write(TANDEM, iccs, "vn", turn) == vn
    assert write(TANDEM, iccs, "wxf", turn) == wxf
    assert write(TANDEM, iccs, "vn-words", turn) == words
    for fmt, text in (("vn", vn), ("wxf", wxf), ("vn-words", words)):
        assert read(TANDEM, text, fmt, turn) == iccs


def test_wxf_writes_file_number_when_the_other_piece_cannot_make_the_move():
    """Red chariots c8 (front) and c1 (rear). The front one retreating 6 (c8-c2) or 4 (c8-c4):
    the rear one cannot retreat that far on the board, so WXF writes the plain file number, as
    the federation's WXF records do; VN always writes the marker (Điều 11.2a)."""
    fen = "5k3/2R6/9/9/9/9/9/9/2R6/4K4 w - - 0 1"
    assert write(fen, "c8c2", "wxf") == "R7-6"
    assert write(fen, "c8c4", "wxf") == "R7-4"
    assert write(fen, "c8c2", "vn") == "Xt/6"
    assert write(fen, "c1c0", "wxf") == "R--1"  # the front one could retreat 1: marker
    assert write(fen, "c8c9", "wxf") == "R++1"
    assert read(fen, "R7-6", "wxf") == "c8c2"
    assert read(fen, "X7/6", "vn") == "c8c2"


def test_three_soldiers_on_a_file():
    """Điều 11.2a: 't', 'g', 's' for three soldiers; WXF: P+, P<file> (middle), P-."""
    cases = [("e7d7", "Bt-6", "P+=6"), ("e6f6", "Bg-4", "P5=4"), ("e5d5", "Bs-6", "P-=6")]
    for iccs, vn, wxf in cases:
        assert write(THREE_SOLDIERS, iccs, "vn") == vn
        assert write(THREE_SOLDIERS, iccs, "wxf") == wxf
        assert read(THREE_SOLDIERS, vn, "vn") == iccs
        assert read(THREE_SOLDIERS, wxf, "wxf") == iccs
    assert read(THREE_SOLDIERS, "Bt.1", "vn") == "e7e8"
    with pytest.raises(NotationError) as info:  # the middle soldier is blocked by the front one
        read(THREE_SOLDIERS, "Bg.1", "vn")
    assert info.value.code == "illegal" and info.value.illegal_code == "own_piece"


def test_soldiers_on_two_files_put_the_file_before_the_marker():
    """Several soldiers on files 5 (e7, e6, e5) and 7 (c6, c5): 'B7t-6' (VN), '7+=6' (WXF)."""
    assert write(TWO_FILES, "c6d6", "vn") == "B7t-6"
    assert write(TWO_FILES, "c5b5", "vn") == "B7s-8"
    assert write(TWO_FILES, "e6f6", "vn") == "B5g-4"
    assert write(TWO_FILES, "c6d6", "wxf") == "7+=6"
    assert write(TWO_FILES, "e6f6", "wxf") == "55=4"
    assert write(TWO_FILES, "e5f5", "wxf") == "5-=4"
    assert read(TWO_FILES, "B7t-6", "vn") == "c6d6"
    assert read(TWO_FILES, "7-=8", "wxf") == "c5b5"
    assert read(TWO_FILES, "55=4", "wxf") == "e6f6"
    with pytest.raises(NotationError) as info:  # 't' without the file: front of which file?
        read(TWO_FILES, "Bt-6", "vn")
    assert info.value.code == "ambiguous"
    assert sorted(info.value.candidates) == ["c6", "e7"]


def test_four_soldiers_on_a_file():
    """Four soldiers e8, e7, e6, e5: VN writes t, g2, g3, s (docs/decisions-notation.md);
    WXF (wxf.org): ++, P+, P-, --."""
    squares = ["e8", "e7", "e6", "e5"]
    vn = ["Bt-6", "Bg2-6", "Bg3-6", "Bs-6"]
    wxf = ["++=6", "P+=6", "P-=6", "--=6"]
    for square, v, w in zip(squares, vn, wxf, strict=True):
        iccs = f"{square}d{square[1]}"
        assert write(FOUR_SOLDIERS, iccs, "vn") == v
        assert write(FOUR_SOLDIERS, iccs, "wxf") == w
        assert read(FOUR_SOLDIERS, v, "vn") == iccs
        assert read(FOUR_SOLDIERS, w, "wxf") == iccs
        assert read(FOUR_SOLDIERS, xn.write_move(pos(FOUR_SOLDIERS), Move.from_iccs(iccs),
                                                 "vn-words"), "vn-words") == iccs


# ----------------------------------------------------------------- mixed-style tolerance
def test_plain_file_number_accepted_when_only_one_piece_can_move():
    """Score sheets often write 'X5/3' for one of two chariots on file 5. The front chariot
    (e7) retreating 3 would land on its own chariot (e4), so only e4-e1 fits."""
    assert read(CHARIOTS_ON_E, "X5/3", "vn") == "e4e1"
    assert read(CHARIOTS_ON_E, "Xs/3", "vn") == "e4e1"
    assert read(CHARIOTS_ON_E, "R5-3", "wxf") == "e4e1"
    assert read(CHARIOTS_ON_E, "R--3", "wxf") == "e4e1"
    assert read(CHARIOTS_ON_E, "-R-3", "wxf") == "e4e1"
    assert read(CHARIOTS_ON_E, "+R-2", "wxf") == "e7e5"
    assert read(CHARIOTS_ON_E, "R+-2", "wxf") == "e7e5"
    assert write(CHARIOTS_ON_E, "e4e1", "vn") == "Xs/3"


def test_plain_file_number_ambiguous_names_the_pieces():
    with pytest.raises(NotationError) as info:
        read(CHARIOTS_ON_E, "R5-2", "wxf")
    assert info.value.code == "ambiguous"
    assert sorted(info.value.candidates) == ["e4", "e7"]


def test_advisors_on_one_file_use_the_file_number():
    """Two advisors on file 6 (d0, d2): the direction tells which moves, no marker needed."""
    assert write(ADVISORS_ON_D, "d0e1", "vn") == "S6.5"
    assert write(ADVISORS_ON_D, "d2e1", "vn") == "S6/5"
    assert read(ADVISORS_ON_D, "S6.5", "vn") == "d0e1"
    assert read(ADVISORS_ON_D, "A6-5", "wxf") == "d2e1"


def test_coord_disambiguates_by_origin_file_then_rank():
    """Phụ lục 3: 'ghi thêm hàng hay cột xuất phát'. Chariots e7 and e4 can both reach e5:
    same file, so the origin rank is written."""
    assert write(CHARIOTS_ON_E, "e7e5", "coord") == "X7e5"
    assert write(CHARIOTS_ON_E, "e4e5", "coord") == "X4e5"
    assert write(CHARIOTS_ON_E, "e4a4", "coord") == "Xa4"
    assert read(CHARIOTS_ON_E, "X7e5", "coord") == "e7e5"
    with pytest.raises(NotationError) as info:
        read(CHARIOTS_ON_E, "Xe5", "coord")
    assert info.value.code == "ambiguous"


# ----------------------------------------------------------------- round trips, detection
@pytest.mark.parametrize("fen", [TANDEM, THREE_SOLDIERS, TWO_FILES, FOUR_SOLDIERS, CHARIOTS_ON_E,
                                 ADVISORS_ON_D, APPENDIX3, xn.START_FEN])
@pytest.mark.parametrize("turn", ["w", "b"])
def test_every_legal_move_round_trips_in_every_format(fen, turn):
    position = pos(fen, turn)
    for move in position.legal_moves():
        for fmt in ALL_FORMATS:
            text = xn.write_move(position, move, fmt)
            assert xn.read_move(position, text, fmt) == move, (fmt, text, move)


@pytest.mark.parametrize(
    ("text", "fmt"),
    [("1. P2-5 M8.7 2. M2.3 X9-8", "vn"), ("1. C2=5 H8+7", "wxf"), ("1. P2=5 M8+7", "asian"),
     ("1. Phe2 Mg7", "coord"), ("h2e2 h9g7", "iccs"), ("1. Pháo 2 bình 5 Mã 8 tiến 7", "vn-words")],
)
def test_format_detection(text, fmt):
    tokens = xn.tokens_of(text, None)
    assert xn.detect_format(t.text for t in tokens) == fmt
    assert [m.iccs() for m in xn.parse_moves(text)][:2] == ["h2e2", "h9g7"]


def test_move_numbers_comments_and_result_are_tolerated():
    text = "1. P2-5 {Pháo đầu} M8.7 2. M2.3 1... X9-8 ; line comment\n (2... X9.1) 1-0"
    assert [m.iccs() for m in xn.parse_moves(text, "vn")] == ["h2e2", "h9g7", "h0g2", "i9h9"]
