"""XQF, XQStudio's binary game file, both ways (issue 29: "XQF (binary, incl. its encrypted
versions as documented publicly) both ways where the format allows; every import error names
game, ply and tag, in Vietnamese").

The ``cchess`` package (PyPI, written by others) is the independent reader: it reads our
exports, and our encrypted files (versions 1.1-1.8, made by ``write_xqf`` per the public
description of XQStudio's key scheme) decode in it to the same moves, names and result. Real
games: tests/data/xiangqi (a sample of ../shared/data/xiangqi-games, licences in its
LICENCE.md); the whole shared set when ../shared is present.
"""

from __future__ import annotations

from pathlib import Path

import cchess
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from chessrules import pgn
from chessrules.notation import xqf
from chessrules.xiangqi import Move
from games import pgn_import, services
from games.models import GameRecord, GameUpload
from tests.factories import make_staff
from tests.helpers import client_for, shared_path

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "xiangqi"
MOVES = "h2e2 h9g7 h0g2 i9h9 i0h0 b7e7 b2c2 b9c7".split()
#: names that fit XQF's 15 bytes in GB18030, and two that do not
SHORT = ("Lê Văn Minh", "遼寧 韓福德")
LONG = ("Nguyễn Thành Bảo", "Tôn Thất Nhật Tân")


def _moves(text: str) -> list[Move]:
    return [Move.from_iccs(m) for m in text.split()]


def _sample_games() -> list[tuple[str, str, str, str]]:
    """(result, moves, red, black) of the committed sample's legal games."""
    index = (SAMPLE / "games_index_sample.tsv").read_text(encoding="utf-8").splitlines()[1:]
    games = (SAMPLE / "games_iccs_sample.txt").read_text(encoding="utf-8").splitlines()
    out = []
    for row, line in zip(index, games, strict=True):
        cells = row.split("\t")
        if cells[5] == "True":
            result, moves = line.split("\t", 1)
            out.append((result, moves, cells[7], cells[8]))
    return out


def _tags(red: str, black: str, result: str) -> dict[str, str]:
    """The PGN tags a game has (a name the source does not give is no tag; names are read
    without the spaces around them)."""
    tags = {"White": red, "Black": black, "Result": result}
    return {tag: value.strip() for tag, value in tags.items() if value.strip()}


def _cchess(tmp_path: Path, data: bytes, name: str = "game.xqf"):
    path = tmp_path / name
    path.write_bytes(data)
    return cchess.read_from_xqf(str(path))


def _cchess_moves(game) -> list[str]:
    return game.dump_iccs_moves()[0] if game.first_move is not None else []


@pytest.mark.parametrize("version", [10, 11, 12, 16, 18])
def test_every_version_is_read_by_cchess_and_read_back(tmp_path, version):
    """1.0 is plain; 1.1-1.8 are encrypted (keys, rotated piece squares from 1.2, the byte
    stream): cchess decodes them to the same game, and so does our reader."""
    headers = {"Event": "Giải Vô địch Quốc gia", "Site": "Hà Nội", "Date": "2026.11.29",
               "White": SHORT[0], "Black": SHORT[1], "Result": "0-1"}
    data = xqf.write_xqf(headers, _moves(" ".join(MOVES)), version=version)
    read = _cchess(tmp_path, data)
    assert _cchess_moves(read) == MOVES
    assert (read.info["red"], read.info["black"], read.info["result"]) == (*SHORT, "0-1")
    assert read.info["event"] == "Giải Vô địch Quốc gia"
    game = xqf.read_xqf(data)
    assert game.version == version and game.headers == headers
    assert [m.iccs() for m in game.moves] == MOVES
    plain = xqf.write_xqf(headers, _moves(" ".join(MOVES)))
    # encrypted: the piece squares and the move records are not 1.0's bytes
    assert (data[16:48] == plain[16:48]) == (version == 10)
    assert (data[1024:1028] == plain[1024:1028]) == (version == 10)


def test_a_set_up_position_with_black_to_move_round_trips(tmp_path):
    fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"
    for version in (10, 18):
        data = xqf.write_xqf({"Result": "1-0"}, _moves("d9d8 e1d1"), fen, version=version)
        game = xqf.read_xqf(data)
        assert game.start_fen == fen and [m.iccs() for m in game.moves] == ["d9d8", "e1d1"]
        read = _cchess(tmp_path, data)
        assert read.init_board.to_fen().split()[:2] == fen.split()[:2]
        assert _cchess_moves(read) == ["d9d8", "e1d1"]


def test_names_longer_than_the_header_holds_are_cut_there_and_kept_whole(tmp_path):
    """XQF gives a player's name 15 bytes: a Vietnamese name is cut at a letter (what XQStudio
    and cchess show) and written whole in the game's comment, which our reader reads back."""
    headers = {"White": LONG[0], "Black": LONG[1], "Result": "1/2-1/2"}
    data = xqf.write_xqf(headers, _moves("h2e2"))
    read = _cchess(tmp_path, data)
    assert LONG[0].startswith(read.info["red"]) and read.info["red"] != LONG[0]
    assert len(read.info["red"].encode("gb18030")) <= 15
    assert xqf.read_xqf(data).headers == headers
    quoted = {"White": 'Lại "Lý" Huynh, Hà Nội', "Result": "*"}
    assert xqf.read_xqf(xqf.write_xqf(quoted, [])).headers == quoted


def test_real_games_round_trip_and_cchess_reads_them(tmp_path):
    games = _sample_games()
    assert len(games) >= 20
    for number, (result, moves, red, black) in enumerate(games):
        headers = _tags(red, black, result)
        data = xqf.write_xqf(headers, _moves(moves), version=10 + number % 9)
        game = xqf.read_xqf(data)
        assert [m.iccs() for m in game.moves] == moves.split()
        assert game.headers == headers
        read = _cchess(tmp_path, data)
        assert _cchess_moves(read) == moves.split() and read.info["result"] == result
        for name, key in ((red, "red"), (black, "black")):
            if len(name.encode("gb18030")) <= 15:
                assert read.info.get(key, "") == name


def test_the_shared_set_round_trips():
    """The 2,000 shared games (skipped when ../shared is absent), in 1.0 and 1.8."""
    folder = shared_path("data", "xiangqi-games")
    lines = (folder / "games_iccs.txt").read_text(encoding="utf-8").splitlines()
    index = (folder / "games_index.tsv").read_text(encoding="utf-8").splitlines()[1:]
    for line, row in zip(lines, index, strict=True):
        result, moves = line.split("\t", 1)
        cells = row.split("\t")
        headers = _tags(cells[7], cells[8], result)
        for version in (10, 18):
            game = xqf.read_xqf(xqf.write_xqf(headers, _moves(moves), version=version))
            assert [m.iccs() for m in game.moves] == moves.split(), cells[0]
            assert game.headers == headers, cells[0]


def test_the_upload_keeps_the_file_as_text_and_reads_it_as_a_xiangqi_game():
    data = xqf.write_xqf({"White": "A", "Black": "B", "Date": "1997.??.??", "Result": "1-0"},
                         _moves("h2e2 h9g7"), version=18)
    assert xqf.is_xqf(data) and xqf.is_xqf(b"", "ván.XQF") and not xqf.is_xqf(b"[Event")
    [game] = pgn.read_pgn(xqf.to_text(data))
    assert game.discipline == "xiangqi" and game.headers["Format"] == "ICCS"
    assert [t.text for t in game.tokens] == ["h2e2", "h9g7"]
    assert game.headers["Date"] == "1997.??.??" and game.result == "1-0"


# ----------------------------------------------------------------------- through the API
def _record(staff, moves: str, white: str, black: str, result: str) -> GameRecord:
    game, _job = services.create_game(
        user=staff, discipline="xiangqi", notation="iccs", moves_text=moves,
        white_name=white, black_name=black, event_name="Giải Cờ Tướng Hà Nội",
        declared_score=result, played_on="2026-11-29")
    services.validate_game_work({"game_id": game.pk}, lambda *args: None)
    return GameRecord.objects.get(pk=game.pk)


def _upload(client, data: bytes, name: str = "game.xqf") -> dict:
    response = client.post("/api/v1/game-uploads/", {"file": SimpleUploadedFile(name, data)},
                           format="multipart")
    assert response.status_code == 202, response.content[:500]
    return pgn_import.import_upload_work({"upload_id": response.json()["upload"]},
                                         lambda *args: None)


@pytest.mark.django_db
def test_xqf_export_is_read_by_cchess_and_imports_back_identically(tmp_path):
    staff = make_staff()
    client = client_for(staff)
    for white, black, result in ((*SHORT, "1-0"), (*LONG, "1/2-1/2")):
        record = _record(staff, " ".join(MOVES), white, black, result)
        response = client.get(f"/api/v1/games/{record.pk}/xqf/")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/octet-stream"
        assert response.content[:3] == b"XQ\x0a"  # version 1.0, unencrypted
        read = _cchess(tmp_path, response.content)
        assert _cchess_moves(read) == record.moves_normalised == MOVES
        assert read.info["result"] == result
        assert white.startswith(read.info["red"]) and black.startswith(read.info["black"])
        report = _upload(client, response.content)
        assert report["file_error"] is None and report["written"] == 1, report
        back = GameRecord.objects.get(pk=report["games"][0]["game_id"])
        assert back.moves_normalised == MOVES and back.validation_status == "valid"
        assert (back.white_name, back.black_name, back.declared_score) == (white, black, result)
        assert back.event_name == "Giải Cờ Tướng Hà Nội" and str(back.played_on) == "2026-11-29"
        assert GameUpload.objects.get(pk=back.upload_id).content.startswith("[XQF]")
    chess_game, _job = services.create_game(user=staff, discipline="chess", notation="san",
                                            moves_text="1. e4 e5", white_name="A",
                                            black_name="B")
    refused = client.get(f"/api/v1/games/{chess_game.pk}/xqf/")
    assert refused.status_code == 400
    assert refused.json()["error"]["fields"] == {"discipline": ["XQF chỉ dùng cho ván cờ tướng."]}


def _patched(data: bytes, offset: int, value: int) -> bytes:
    return data[:offset] + bytes([value]) + data[offset + 1:]


@pytest.mark.django_db
def test_import_errors_name_the_game_the_ply_and_the_field_in_vietnamese():
    client = client_for(make_staff())
    good = xqf.write_xqf({"White": "A", "Black": "B"}, _moves("h2e2 h9g7 h0g2"))
    # 1.0 records: root (4 + 4 bytes), then 8 bytes a move; ply 3's target square is off
    off_board = _patched(good, 1024 + 8 + 2 * 8 + 1, 0x20 + 95)
    report = _upload(client, off_board)
    assert report["file_error"]["message"] == (
        "Ván 1, nước thứ 3, trường moves của tệp XQF: ô 95 nằm ngoài bàn cờ (0-89).")
    assert (report["file_error"]["ply"], report["file_error"]["field"]) == (3, "moves")
    cut = _upload(client, good[:1024 + 8 + 8 + 2])
    assert cut["file_error"]["message"].startswith("Ván 1, nước thứ 2, trường moves của tệp "
                                                   "XQF: tệp bị cắt cụt")
    newer = _upload(client, _patched(good, 2, 19))
    assert newer["file_error"]["message"] == (
        "Ván 1, trường Version của tệp XQF: phiên bản 1.9 mới hơn 1.8, chưa đọc được.")
    result = _upload(client, _patched(good, 51, 7))
    assert result["file_error"]["field"] == "Result" and "mã kết quả 7" in \
        result["file_error"]["message"]
    short = _upload(client, b"XQ\x0a" + bytes(100))
    assert short["file_error"]["message"].startswith("Ván 1, trường header của tệp XQF: tệp "
                                                     "chỉ có 103 byte")
    # an illegal move is the engine's finding, with its ply
    illegal = xqf.write_xqf({"White": "A", "Black": "B"}, _moves("h2e2 h9g7 e2e9"))
    [game] = _upload(client, illegal)["games"]
    [error] = game["errors"]
    assert error["code"] == "invalid_move" and error["ply"] == 3
    assert error["message"].startswith("Ván 1, nước thứ 3 (e2e9): ")


@pytest.mark.django_db
def test_variations_are_left_out_and_the_report_says_so():
    """Main line only: a file whose first move has an alternative (XQF's variation flag and
    the alternative's record after the main line) imports the main line, with a note."""
    client = client_for(make_staff())
    data = bytearray(xqf.write_xqf({"White": "A", "Black": "B"}, _moves("h2e2 h9g7")))
    data[1024 + 8 + 2] = 0xF1  # ply 1: a next move and a variation
    data += bytes([0x18 + 12, 0x20 + 42, 0, 0]) + bytes(4)  # the variation: b2e2 (b2 -> e2)
    report = _upload(client, bytes(data))
    [game] = report["games"]
    assert report["written"] == 1 and game["plies"] == 2
    assert game["notes"] == ["Tệp XQF có 1 nhánh biến; chỉ nhập nhánh chính."]


def _with_string(data: bytes, name: str, text: str) -> bytes:
    """``data`` with the header's Pascal string ``name`` set to ``text`` (GB18030)."""
    offset, size = xqf.STRINGS[name]
    raw = text.encode("gb18030")[:size]
    field = bytes([len(raw)]) + raw + bytes(size - len(raw))
    return data[:offset] + field + data[offset + 1 + size:]


@pytest.mark.parametrize(("written", "read"), [
    ("1997年11月16日", "1997.11.16"), ("2004-5-2", "2004.05.02"), ("1981", "1981.??.??"),
    ("1997.??.??", "1997.??.??"), ("năm ngoái", None), ("", None)])
def test_the_header_s_free_text_date_is_read_as_a_pgn_date(written, read):
    data = _with_string(xqf.write_xqf({}, []), "Date", written)
    assert xqf.read_xqf(data).headers.get("Date") == read


def test_the_title_stands_for_an_empty_event():
    data = _with_string(xqf.write_xqf({"Event": ""}, []), "Title", "第006局 蝇垂骥尾")
    assert xqf.read_xqf(data).headers["Event"] == "第006局 蝇垂骥尾"
    data = _with_string(data, "Event", "全国象棋锦标赛")
    assert xqf.read_xqf(data).headers["Event"] == "全国象棋锦标赛"


@pytest.mark.django_db
def test_a_start_position_xqf_cannot_hold_is_named_both_ways():
    client = client_for(make_staff())
    plain = xqf.write_xqf({}, [])
    no_red_general = _patched(plain, 16 + 4, 0xFF)  # piece 5 is Red's general
    report = _upload(client, no_red_general)
    assert report["file_error"]["message"] == (
        "Ván 1, trường PiecePos của tệp XQF: thế cờ ban đầu không hợp lệ (Tướng/Soái thiếu, "
        "thừa hoặc ngoài cung).")
    two_on_a0 = _patched(plain, 16 + 1, 0)  # Red's horse onto the rook's a0
    assert _upload(client, two_on_a0)["file_error"]["message"] == (
        "Ván 1, trường PiecePos của tệp XQF: hai quân cùng ở ô a0.")
    with pytest.raises(ValueError, match="at most 2"):
        xqf.write_xqf({}, [], "3k5/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1")


@pytest.mark.django_db
def test_an_encrypted_upload_imports_and_the_size_limit_holds(settings):
    client = client_for(make_staff())
    data = xqf.write_xqf({"Event": "Giải mở rộng", "White": SHORT[0], "Black": SHORT[1],
                          "Result": "1-0"}, _moves(" ".join(MOVES)), version=18)
    report = _upload(client, data, "ván 18.XQF")
    assert report["written"] == 1, report
    back = GameRecord.objects.get(pk=report["games"][0]["game_id"])
    assert back.moves_normalised == MOVES and back.white_name == SHORT[0]
    settings.PGN_UPLOAD_MAX_BYTES = len(data) - 1  # the limit of every upload
    response = client.post("/api/v1/game-uploads/",
                           {"file": SimpleUploadedFile("big.xqf", data)}, format="multipart")
    assert response.status_code == 413
