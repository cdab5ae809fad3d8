"""PGN read/write for chess and xiangqi ([Variant "xiangqi"], [FEN]) and the CLI commands."""

import io

import chess.pgn
import pytest

from chessrules.cli import main
from chessrules.notation import xiangqi as xn
from chessrules.pgn import PgnError, read_pgn, write_pgn

XIANGQI_MOVES = "1. P2-5 M8.7 2. M2.3 X9-8 3. X1-2 M2.3 4. B7.1 B7.1"
TANDEM = "5k3/6c2/9/2R6/9/6c2/2R6/9/9/4K4 w - - 0 1"


@pytest.mark.parametrize("notation", ["iccs", "wxf"])
def test_xiangqi_round_trip(notation):
    moves = xn.parse_moves(XIANGQI_MOVES, "vn")
    text = write_pgn(moves, discipline="xiangqi", notation=notation, result="1-0",
                     headers={"Event": "Giải vô địch", "White": "A", "Black": "B"})
    assert '[Variant "xiangqi"]' in text and '[Result "1-0"]' in text
    assert "[FEN" not in text
    games = list(read_pgn(text))
    assert len(games) == 1
    game = games[0]
    assert game.discipline == "xiangqi" and game.result == "1-0"
    assert game.headers["Event"] == "Giải vô địch"
    report = game.validate()
    assert report.valid and report.notation == notation
    assert report.moves == [m.iccs() for m in moves]


def test_xiangqi_fen_tag_when_not_from_the_start():
    moves = xn.parse_moves("1. Xt.2 Pt-5", "vn", TANDEM)
    text = write_pgn(moves, discipline="xiangqi", start_fen=TANDEM)
    assert f'[FEN "{TANDEM}"]' in text and '[SetUp "1"]' in text
    game = next(read_pgn(text))
    assert game.start_fen == TANDEM
    assert game.validate().moves == ["c6c8", "g4e4"]


def test_chess_pgn_is_readable_by_python_chess():
    text = write_pgn("1. e4 e5 2. Mf3 Mc6 3. Tb5 a6 4. 0-0", discipline="chess",
                     headers={"White": "Lê Quang Liêm"})
    game = chess.pgn.read_game(io.StringIO(text))
    assert [m.uci() for m in game.mainline_moves()][-1] == "e1g1"
    assert game.headers["White"] == "Lê Quang Liêm"
    ours = next(read_pgn(text))
    assert ours.discipline == "chess" and ours.validate().valid


def test_movetext_in_vietnamese_notation_and_several_games():
    text = (
        '[Event "1"]\n[Variant "xiangqi"]\n[Result "*"]\n\n1. P2-5 M8.7 {ghi chú}\n2. M2.3 *\n\n'
        '[Event "2"]\n[Result "1-0"]\n\n1. e4 e5 2. Tc4 Mc6 3. Hh5 Mf6 4. H:f7# 1-0\n'
    )
    games = list(read_pgn(text))
    assert [g.number for g in games] == [1, 2]
    assert [g.line for g in games] == [1, 8]
    assert games[0].tokens[2].line == 6  # "M2.3" is on line 6
    assert games[1].validate().ending["type"] == "checkmate"


def test_errors_name_game_and_line():
    with pytest.raises(PgnError) as info:
        list(read_pgn('[Event "ok"]\n\n1. e4 *\n\n[Event broken]\n\n1. d4 *\n'))
    assert (info.value.game_number, info.value.line) == (2, 5)
    with pytest.raises(PgnError) as info:
        list(read_pgn('[Event "x"]\n\n1. e4 {never closed\n'))
    assert info.value.game_number == 1


# ----------------------------------------------------------------- command line
def test_cli_convert_vn_to_wxf(capsys):
    assert main(["convert", "--game", "xiangqi", "--from", "vn", "--to", "wxf",
                 "1. P2-5 M8.7 2. M2.3 X9-8"]) == 0
    assert capsys.readouterr().out.strip() == "1. C2=5 H8+7 2. H2+3 R9=8"


def test_cli_convert_reads_stdin_and_chess(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1. e4 e5 2. Nf3 Nc6 3. Bb5\n"))
    assert main(["convert", "--game", "chess", "--to", "vn"]) == 0
    assert capsys.readouterr().out.strip() == "1. e4 e5 2. Mf3 Mc6 3. Tb5"


def test_cli_convert_error(capsys):
    assert main(["convert", "--to", "wxf", "1. P2-5 M8.7 2. M2.4"]) == 1
    err = capsys.readouterr().err
    assert "move 2 (White, ply 3)" in err and "blocked" in err


def test_cli_validate(tmp_path, capsys):
    good = tmp_path / "good.pgn"
    good.write_text(write_pgn(["i0i9"], discipline="xiangqi", result="1-0",
                              start_fen="4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1"), encoding="utf-8")
    assert main(["validate", str(good)]) == 0
    out = capsys.readouterr().out
    assert "game 1 (xiangqi, line 1): ok; ending: checkmate (White/Red)" in out
    bad = tmp_path / "bad.pgn"
    bad.write_text('[Variant "xiangqi"]\n\n1. h2e2 h9g7\n2. h0g2 i9h9 3. g2g4 *\n',
                   encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "error at ply 5 (move 3, White/Red, line 4): 'g2g4': illegal" in out
