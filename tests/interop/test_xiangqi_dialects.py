"""Xiangqi files as other programs write them (issue 29), and Chess960 refused.

Public xiangqi databases write ICCS moves with ``[Red]``/``[Black]`` and ``[Format "ICCS"]``
(no ``[Variant]``): they were refused as chess ("unknown chess notation 'iccs'", in
English) and ``[Red]`` was not the red player's name. Full-width WXF (``Ｃ２＝５``) and
WinBoard SAN (``Che2``) were unreadable; DhtmlXQ (UBB) was neither read nor written. Every
import error names the game, the ply or the tag, in Vietnamese.
"""

from __future__ import annotations

import pytest

from chessrules import pgn
from chessrules.notation import xiangqi_dialects as dialects
from chessrules.notation.errors import NotationError
from chessrules.xiangqi import Move, Position
from games import pgn_import
from games.models import GameUpload
from tests.factories import make_staff

ICCS_FILE = """[Game "Chinese Chess"]
[Event "Giải Vô địch"]
[Red "Hứa Ngân Xuyên"]
[Black "Lữ Khâm"]
[Result "1-0"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 I9-H9 1-0
"""


def _plan(content: str, notation: str = "auto") -> pgn_import.Plan:
    upload = GameUpload(content=content, notation=notation, uploaded_by=make_staff())
    return pgn_import.plan_upload(upload, lambda *args: None)


def _only_game(plan: pgn_import.Plan):
    assert plan.file_error is None, plan.file_error
    [game] = plan.games
    assert game.errors == [] and game.record is not None, game.errors
    return game.record


@pytest.mark.django_db
def test_iccs_file_with_red_and_black_tags_is_xiangqi():
    # not in the box for ICCS: the uploader said "iccs" (a chess file would say san)
    for notation in ("iccs", "auto", "san"):
        record = _only_game(_plan(ICCS_FILE, notation))
        assert record.discipline == "xiangqi" and record.notation == "iccs"
        assert (record.white_name, record.black_name) == ("Hứa Ngân Xuyên", "Lữ Khâm")
        assert record.moves_normalised == ["h2e2", "h9g7", "h0g2", "i9h9"]
        assert record.validation_status == "valid"


@pytest.mark.django_db
def test_full_width_wxf_is_read():
    text = ('[Variant "xiangqi"]\n[White "A"]\n[Black "B"]\n[Format "WXF"]\n\n'
            "1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９＝８ *\n")
    record = _only_game(_plan(text, "wxf"))
    assert record.moves_normalised == ["h2e2", "h9g7", "h0g2", "i9h9"]


@pytest.mark.django_db
def test_winboard_san_is_read():
    text = ('[Variant "xiangqi"]\n[White "A"]\n[Black "B"]\n\n'
            "1. Che2 Hg7 2. Hg2 Rh9 3. Rh0 Cbe7 *\n")
    record = _only_game(_plan(text))
    assert record.moves_normalised == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7e7"]


@pytest.mark.django_db
def test_import_errors_name_game_ply_and_tag_in_vietnamese():
    text = ('[Variant "xiangqi"]\n[White "A"]\n[Black "B"]\n[Date "2026.13.45"]\n\n'
            "1. h2e2 h9g7 *\n\n"
            '[Variant "xiangqi"]\n[White "C"]\n[Black "D"]\n\n'
            "1. Che2 Hg7 2. Hf2 *\n")
    plan = _plan(text)
    first, second = plan.games
    [date_error] = first.errors
    assert date_error["tag"] == "Date" and date_error["message"].startswith("Ván 1: Thẻ Date")
    [move_error] = second.errors
    assert move_error["code"] == "invalid_move" and move_error["ply"] == 3
    assert move_error["message"].startswith("Ván 2, nước thứ 3 (Hf2): ")
    broken = _plan('[Variant "xiangqi"]\n[White A]\n\n1. h2e2 *\n')
    assert broken.file_error["message"].startswith("Ván 1, dòng 2: dòng thẻ sai dạng")


DHTMLXQ = """Ván hay: [DhtmlXQ]
[DhtmlXQ_title]Giải Cờ Tướng Hà Nội[/DhtmlXQ_title]
[DhtmlXQ_red]Lại Lý Huynh[/DhtmlXQ_red]
[DhtmlXQ_black]Nguyễn Thành Bảo[/DhtmlXQ_black]
[DhtmlXQ_result]和棋[/DhtmlXQ_result]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]77477242796780818979[/DhtmlXQ_movelist]
[/DhtmlXQ]"""


@pytest.mark.django_db
def test_dhtmlxq_is_imported():
    record = _only_game(_plan(DHTMLXQ))
    assert record.discipline == "xiangqi" and record.event_name == "Giải Cờ Tướng Hà Nội"
    assert (record.white_name, record.black_name) == ("Lại Lý Huynh", "Nguyễn Thành Bảo")
    assert record.declared_score == "1/2-1/2"
    assert record.moves_normalised == ["h2e2", "h7e7", "h0g2", "i9i8", "i0h0"]
    bad = _plan(DHTMLXQ.replace("77477242796780818979", "7747724279678081897"))
    assert bad.file_error["message"].startswith("Ván 1, dòng 1: thẻ [DhtmlXQ_movelist]")


def test_dhtmlxq_round_trip_from_a_set_up_position():
    fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"
    moves = [Move.from_iccs("e1f1"), Move.from_iccs("d9d8")]
    text = dialects.write_dhtmlxq({"White": "Đỏ", "Black": "Đen", "Result": "1-0"}, moves, fen)
    [game] = dialects.read_dhtmlxq(text)
    assert game.start_fen == fen and game.moves == moves
    assert game.headers == {"White": "Đỏ", "Black": "Đen", "Result": "1-0"}
    [as_pgn] = pgn.read_pgn(text)
    assert as_pgn.discipline == "xiangqi" and as_pgn.headers["FEN"] == fen


@pytest.mark.django_db
@pytest.mark.parametrize(("tags", "tag"), [
    ('[Variant "Chess960"]\n', "Variant"),
    ('[SetUp "1"]\n[FEN "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1"]\n', "FEN"),
    ('[SetUp "1"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n',
     "FEN"),
])
def test_chess960_is_recognised_and_refused_naming_the_tag(tags, tag):
    text = f'[White "A"]\n[Black "B"]\n{tags}\n1. e4 e5 *\n'
    [game] = _plan(text).games
    [error] = game.errors
    assert error["code"] == "unsupported_variant" and error["tag"] == tag
    assert error["message"].startswith(f"Ván 1, thẻ [{tag}]: ván cờ vua Chess960")
    assert game.record is None


@pytest.mark.django_db
def test_standard_chess_from_a_set_up_position_is_not_chess960():
    text = ('[White "A"]\n[Black "B"]\n[SetUp "1"]\n'
            '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n\n1... e5 *\n')
    assert _only_game(_plan(text)).discipline == "chess"


def test_winboard_san_is_told_apart_from_iccs_and_the_vietnamese_coordinates():
    assert dialects.is_winboard_san(["Che2", "Hg7"])
    assert not dialects.is_winboard_san(["h2e2", "h9g7"])  # ICCS
    assert not dialects.is_winboard_san(["Phe2", "Mg7"])  # Phụ lục 3 (P = pháo, M = mã)
    assert not dialects.is_winboard_san(["C2=5", "H8+7"])  # WXF


def test_winboard_san_names_an_ambiguous_move_and_reads_its_origin():
    fen = "3k5/9/9/9/9/9/9/9/4K4/R7R w - - 0 1"
    with pytest.raises(NotationError) as refused:
        dialects.read_san(Position.from_fen(fen), "Re0")
    assert refused.value.code == "ambiguous"
    assert dialects.read_san(Position.from_fen(fen), "Rae0").iccs() == "a0e0"
