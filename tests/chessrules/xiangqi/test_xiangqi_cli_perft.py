"""``python -m chessrules perft``: one ``depth D nodes X`` line per depth."""

import pytest

from chessrules.cli import main


def test_xiangqi_perft_prints_one_line_per_depth(capsys):
    assert main(["perft", "--game", "xiangqi", "--depth", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "depth 1 nodes 44",
        "depth 2 nodes 1920",
        "depth 3 nodes 79666",
    ]


def test_xiangqi_perft_from_a_fen(capsys):
    # Black general alone on e8: e9 is on the red chariot's rank, d8 faces the red general on
    # the open d-file (Điều 4.3a); e7 and f8 remain.
    fen = "R8/4k4/9/9/9/9/9/9/9/3K5 b - - 0 1"
    assert main(["perft", "--depth", "1", "--fen", fen]) == 0
    assert capsys.readouterr().out.strip() == "depth 1 nodes 2"


def test_chess_perft_is_delegated_to_python_chess(capsys):
    pytest.importorskip("chess")
    assert main(["perft", "--game", "chess", "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["depth 1 nodes 20", "depth 2 nodes 400"]


def test_bad_fen_exits_with_a_message():
    with pytest.raises(SystemExit, match="bad --fen"):
        main(["perft", "--depth", "1", "--fen", "not a fen"])
