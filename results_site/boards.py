"""Positions of a public game for the replay board (issue 20), computed server-side.

The moves come from the public API in the machine notation (ICCS for xiangqi, UCI for
chess); ``chessrules`` replays them and gives the board part of the FEN after every
half-move, so the page's script only draws (it knows no rules).
"""

from __future__ import annotations

from typing import Any

from chessrules import chess as chess_rules
from chessrules.notation import xiangqi as xiangqi_notation
from chessrules.values import Discipline
from chessrules.xiangqi import Position as XiangqiPosition


def positions(discipline: str, start_fen: str, moves: list[str]) -> list[str]:
    """The board (FEN placement field) before the first move and after each move (``moves``
    in the discipline's machine notation)."""
    if discipline == Discipline.XIANGQI:
        position = XiangqiPosition.from_fen(start_fen or Discipline.XIANGQI.start_fen)
        boards = [position.board_fen()]
        for move in xiangqi_notation.parse_moves(moves, Discipline.XIANGQI.machine_notation,
                                                 start_fen or None):
            position.push(move)
            boards.append(position.board_fen())
        return boards
    board = chess_rules.board_from(start_fen or None)
    boards = [board.board_fen()]
    for chess_move in chess_rules.parse_moves(moves, start_fen or None):
        board.push(chess_move)
        boards.append(board.board_fen())
    return boards


def replay_data(game: dict[str, Any], coordinates: list[str], written: list[str]
                ) -> dict[str, Any]:
    """What the board script needs: boards, the move squares, the moves as written."""
    return {"discipline": game["discipline"],
            "boards": positions(game["discipline"], game["start_fen"], coordinates),
            "moves": coordinates, "written": written}
