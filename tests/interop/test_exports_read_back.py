"""The service's game exports read by tools nobody here wrote (issue 29): python-chess reads
the chess PGN, the ``cchess`` package the xiangqi PGN (``[Format "ICCS"]``), with every game,
move, name and result intact; DhtmlXQ exports read back."""

from __future__ import annotations

import io

import cchess
import chess
import chess.pgn
import pytest

from chessrules.notation import xiangqi_dialects
from games import pgn_export, services
from games.models import GameRecord
from tests.factories import make_staff
from tests.helpers import client_for

CHESS_GAMES = [
    ("Nguyễn Ngọc Trường Sơn", "Lê Quang Liêm", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6",
     "1-0"),
    ("Phạm Lê Thảo Nguyên", "Hoàng Thị Bảo Trâm", "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O",
     "0-1"),
    ("Đào Thiên Hải", "Từ Hoàng Thông", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7",
     "1/2-1/2"),
]
XIANGQI_GAMES = [
    ("Lại Lý Huynh", "Nguyễn Thành Bảo", "h2e2 h9g7 h0g2 i9h9 i0h0 b7e7", "1-0"),
    ("Trềnh A Sáng", "Uông Dương Bắc", "b2e2 b9c7 b0c2 a9b9 a0b0 h7e7 g3g4", "1/2-1/2"),
]


def _game(staff, discipline: str, notation: str, white: str, black: str, moves: str,
          result: str) -> GameRecord:
    game, _job = services.create_game(
        user=staff, discipline=discipline, notation=notation, moves_text=moves,
        white_name=white, black_name=black, event_name="Giải Vô địch Quốc gia",
        declared_score=result)
    services.validate_game_work({"game_id": game.pk}, lambda *args: None)
    return GameRecord.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_chess_exports_are_read_by_python_chess():
    staff = make_staff()
    games = [_game(staff, "chess", "san", *row) for row in CHESS_GAMES]
    assert all(g.validation_status == "valid" for g in games)
    client = client_for(staff)
    single = [client.get(f"/api/v1/games/{g.pk}/pgn/", {"notation": "san"}) for g in games]
    assert all(r.status_code == 200 for r in single)
    for text in ("\n".join(r.content.decode() for r in single),
                 pgn_export.export_games(games, "san")):
        stream = io.StringIO(text)
        read = []
        while (game := chess.pgn.read_game(stream)) is not None:
            assert game.errors == [], game.errors
            read.append(game)
        assert len(read) == len(games)
        for record, game in zip(games, read, strict=True):
            assert (game.headers["White"], game.headers["Black"], game.headers["Result"]) \
                == (record.white_name, record.black_name, record.declared_score)
            assert game.headers["Event"] == "Giải Vô địch Quốc gia"
            assert [m.uci() for m in game.mainline_moves()] == record.moves_normalised


@pytest.mark.django_db
def test_xiangqi_exports_are_read_by_cchess(tmp_path):
    staff = make_staff()
    games = [_game(staff, "xiangqi", "iccs", *row) for row in XIANGQI_GAMES]
    assert all(g.validation_status == "valid" for g in games)
    client = client_for(staff)
    for record in games:
        response = client.get(f"/api/v1/games/{record.pk}/pgn/", {"notation": "iccs"})
        path = tmp_path / f"game-{record.pk}.pgn"
        path.write_bytes(response.content)
        read = cchess.read_from_pgn(str(path))  # one game per file, as cchess reads them
        assert (read.info["white"], read.info["black"], read.info["result"]) == \
            (record.white_name, record.black_name, record.declared_score)
        assert read.dump_iccs_moves()[0] == record.moves_normalised


@pytest.mark.django_db
def test_xiangqi_dhtmlxq_export_reads_back():
    staff = make_staff()
    record = _game(staff, "xiangqi", "iccs", *XIANGQI_GAMES[0])
    client = client_for(staff)
    response = client.get(f"/api/v1/games/{record.pk}/dhtmlxq/")
    assert response.status_code == 200
    [game] = xiangqi_dialects.read_dhtmlxq(response.content.decode())
    assert [m.iccs() for m in game.moves] == record.moves_normalised
    assert (game.headers["White"], game.headers["Black"], game.headers["Result"]) == \
        (record.white_name, record.black_name, "1-0")
    chess_game = _game(staff, "chess", "san", *CHESS_GAMES[0])
    refused = client.get(f"/api/v1/games/{chess_game.pk}/dhtmlxq/")
    assert refused.status_code == 400
    assert refused.json()["error"]["fields"] == {"discipline": [
        "DhtmlXQ chỉ dùng cho ván cờ tướng."]}
