"""Chess notation with Vietnamese piece letters (seed 002 appendix E, seed 003 §5.5-5.6).

Legality comes from python-chess; expected moves are derived from the examples printed in
the seeds.
"""

import chess
import pytest

from chessrules import chess as vn_chess
from chessrules.notation import NotationError


def test_appendix_e_letters_v_h_x_t_m():
    """E1: V Vua, H Hậu, X Xe, T Tượng, M Mã; E7: no letter for pawns."""
    moves = vn_chess.parse_moves("1. e4 e5 2. Mf3 Mc6 3. Tc4 Tc5 4. He2 Mf6 5. Vf1 Xb8")
    san = vn_chess.write_moves(moves, "san")
    assert san == "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Qe2 Nf6 5. Kf1 Rb8"
    assert vn_chess.write_moves(moves, "vn") == (
        "1. e4 e5 2. Mf3 Mc6 3. Tc4 Tc5 4. He2 Mf6 5. Vf1 Xb8"
    )


def test_capture_with_x_or_colon_and_castling_with_zeros():
    """Seed 003: capture 'x' or ':'; castling '0-0' and '0-0-0' (E: 'nhập thành')."""
    text = "1.d4 Mf6 2.c4 e6 3.Mc3 Tb4 4.Td2 0-0 5.e4 d5 6.e:d5 e:d5 7.c:d5 T:c3 8.T:c3 M:d5"
    moves = vn_chess.parse_moves(text)
    board = chess.Board()
    for m in moves:
        board.push(m)
    assert board.fen().startswith("rnbq1rk1/ppp2ppp/8/3n4/3P4/2B5/PP3PPP/R2QKBNR w")
    assert "0-0" in vn_chess.write_moves(moves, "vn")
    castle = vn_chess.parse_moves("1. e4 e5 2. Mf3 Mc6 3. Tc4 Tc5 4. 0-0")[-1]
    assert castle.uci() == "e1g1"


def test_long_form_of_seed_003():
    """§5.6 'Cách ghi đầy đủ': 1. e2-e4, 5. Mg1-f3, 6. Tc1:g5 (bishop takes on g5)."""
    moves = vn_chess.parse_moves("1. e2-e4 h7-h6 2. d2-d3 g7-g5 3. Mg1-f3 Mb8-c6 4. Tc1:g5")
    assert [m.uci() for m in moves] == ["e2e4", "h7h6", "d2d3", "g7g5", "g1f3", "b8c6", "c1g5"]
    with pytest.raises(NotationError) as info:  # written with '-' but it takes a pawn
        vn_chess.parse_moves("1. e2-e4 h7-h6 2. d2-d3 g7-g5 3. Tc1-g5")
    assert info.value.code == "illegal"
    with pytest.raises(NotationError) as info:  # no knight on g1 for 'Mg2-f4'
        vn_chess.parse_moves("1. Mg2-f4")
    assert info.value.code == "no_piece"


def test_en_passant_qd():
    """Seed 003 §5.5 example: White pawn c5, Black b7-b5, '16. cxb6 qđ'."""
    board = chess.Board("4k3/1p6/8/2P5/8/8/8/4K3 b - - 0 15")
    board.push_san("b5")
    for text in ("cxb6 qđ", "cxb6qđ", "c:b6", "cxb6"):
        assert vn_chess.read_move(board, text).uci() == "c5b6"
    assert vn_chess.write_move(board, chess.Move.from_uci("c5b6"), "vn") == "cxb6qđ"


def test_promotion_d8h_and_h8_slash_h():
    """E11 'd8H, f8M, b1T, g1X'; seed 003 'Phong cấp: h8/H'."""
    board = chess.Board("8/3P3P/8/8/8/8/k7/4K3 w - - 0 1")
    assert vn_chess.read_move(board, "d8H") == chess.Move.from_uci("d7d8q")
    assert vn_chess.read_move(board, "h8/H") == chess.Move.from_uci("h7h8q")
    assert vn_chess.read_move(board, "d8M") == chess.Move.from_uci("d7d8n")
    assert vn_chess.read_move(board, "d8=Q") == chess.Move.from_uci("d7d8q")
    assert vn_chess.write_move(board, chess.Move.from_uci("d7d8r"), "vn") == "d8X"


def test_disambiguation_examples_of_e9():
    """E9 (1): knights g1 and e1 can both reach f3: 'Mgf3' / 'Mef3'."""
    board = chess.Board("4k3/8/8/8/8/8/8/K3N1N1 w - - 0 1")
    assert vn_chess.read_move(board, "Mgf3").uci() == "g1f3"
    assert vn_chess.read_move(board, "Mef3").uci() == "e1f3"
    assert vn_chess.write_move(board, chess.Move.from_uci("g1f3"), "vn") == "Mgf3"
    with pytest.raises(NotationError) as info:
        vn_chess.read_move(board, "Mf3")
    assert info.value.code == "ambiguous"


def test_errors_name_ply_and_side():
    with pytest.raises(NotationError) as info:
        vn_chess.parse_moves("1. e4 e5 2. Ke3")
    e = info.value
    assert (e.ply, e.move_number, e.side, e.code) == (3, 2, "w", "illegal")
    with pytest.raises(NotationError) as info:
        vn_chess.parse_moves("1. e4 Zz9")
    assert (info.value.ply, info.value.side, info.value.code) == (2, "b", "unreadable")


def test_draw_flags_of_dieu_9():
    """002 Điều 9.2 threefold repetition, 9.6 dead position (king against king)."""
    moves = vn_chess.parse_moves("1. Mf3 Mf6 2. Mg1 Mg8 3. Mf3 Mf6 4. Mg1 Mg8")
    flags = vn_chess.draw_flags(None, moves)
    assert flags["threefold_repetition"] == 8  # the start position for the third time
    assert flags["fifty_moves"] is None
    assert vn_chess.draw_flags("4k3/8/8/8/8/8/8/4K3 w - - 0 1", [])["dead_position"] is True
    clock = vn_chess.draw_flags("4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
                                [chess.Move.from_uci("a1a2")])
    assert clock["fifty_moves"] == 1


def test_en_passant_giving_check_reads_back_as_written():
    """Seed 003 §5.5 (en passant 'qđ') with a check: White pawn g5, Black h7-h5, gxh6 e.p.
    attacks the king on g7. The project writes 'gxh6qđ+' and must read it back (and
    'gxh6+qđ', 'gxh6 qđ+')."""
    board = chess.Board("8/6kp/8/6P1/8/8/8/4K3 b - - 0 1")
    board.push_san("h5")
    move = chess.Move.from_uci("g5h6")
    written = vn_chess.write_move(board, move, "vn")
    assert written == "gxh6qđ+"
    for text in (written, "gxh6+qđ", "gxh6 qđ+", "g:h6qđ+"):
        assert vn_chess.read_move(board, text) == move, text
    moves = vn_chess.parse_moves("1... h5 2. gxh6qđ+", start_fen=board.root().fen())
    assert moves[-1] == move


@pytest.mark.parametrize("null", ["--", "Z0", "0000", "@@@@"])
def test_null_moves_are_refused(null):
    """Laws of Chess (Article 1.1: the players move alternately) have no null move; PGN tools'
    spellings of one are refused with the ply named."""
    with pytest.raises(NotationError) as info:
        vn_chess.parse_moves(f"1. e4 {null} 2. d4")
    assert (info.value.ply, info.value.side, info.value.code) == (2, "b", "illegal")
    assert info.value.illegal_code == "null_move"
