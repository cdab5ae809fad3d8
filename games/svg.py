"""Server-side SVG diagrams of a final position, for the admin and printed records.

Xiangqi (Điều 2): 9 files × 10 ranks of intersections, the river between ranks 4 and 5
(inner files broken there), the two palaces with their diagonals; pieces drawn on the points
with the federation's letters (Điều 11.2: Tg S T X P M B), White/Red in red. Chess: the
python-chess renderer (``chess.svg``).
"""

from __future__ import annotations

from html import escape

import chess
import chess.svg

from chessrules.values import Discipline
from games import engine

CELL = 40
MARGIN = 30
RADIUS = 17
#: Xiangqi FEN letters → the federation's piece letters (Điều 11.2).
LETTERS = {"k": "Tg", "a": "S", "b": "T", "e": "T", "r": "X", "c": "P", "n": "M", "h": "M",
           "p": "B"}


def _x(file: int) -> int:
    return MARGIN + file * CELL


def _y(row: int) -> int:  # row 0 = rank 9 (Black's back rank), drawn at the top
    return MARGIN + row * CELL


def xiangqi_svg(fen: str, *, size: int | None = None) -> str:
    """The position of ``fen`` as an SVG document (White/Red at the bottom)."""
    width, height = 2 * MARGIN + 8 * CELL, 2 * MARGIN + 9 * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        + (f' width="{size}" height="{size * height // width}"' if size else "")
        + ' class="xiangqi-board">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f3d9a4"/>',
        '<g stroke="#5b3a1a" stroke-width="1.2" fill="none">',
    ]
    for row in range(10):
        parts.append(_line(_x(0), _y(row), _x(8), _y(row)))
    for file in range(9):
        if file in (0, 8):
            parts.append(_line(_x(file), _y(0), _x(file), _y(9)))
        else:  # inner files stop at the river
            parts.append(_line(_x(file), _y(0), _x(file), _y(4)))
            parts.append(_line(_x(file), _y(5), _x(file), _y(9)))
    for top in (0, 7):  # palaces: files d-f, three rows, two diagonals
        parts.append(_line(_x(3), _y(top), _x(5), _y(top + 2)))
        parts.append(_line(_x(5), _y(top), _x(3), _y(top + 2)))
    parts.append("</g>")
    river_y = (_y(4) + _y(5)) // 2 + 6
    parts.append(f'<text x="{_x(2)}" y="{river_y}" font-size="16" text-anchor="middle" '
                 'fill="#5b3a1a" font-family="serif">SỞ HÀ</text>')
    parts.append(f'<text x="{_x(6)}" y="{river_y}" font-size="16" text-anchor="middle" '
                 'fill="#5b3a1a" font-family="serif">HÁN GIỚI</text>')
    for row, pieces in enumerate(engine.xiangqi_board(fen)):
        for file, piece in enumerate(pieces):
            if piece:
                parts.append(_piece(piece, _x(file), _y(row)))
    parts.append("</svg>")
    return "".join(parts)


def _line(x1: int, y1: int, x2: int, y2: int) -> str:
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'


def _piece(piece: str, x: int, y: int) -> str:
    red = piece.isupper()
    colour = "#b0161b" if red else "#1c1c1c"
    letter = LETTERS.get(piece.lower(), piece)
    return (f'<g class="piece {"red" if red else "black"}" data-piece="{escape(piece)}">'
            f'<circle cx="{x}" cy="{y}" r="{RADIUS}" fill="#fbf0d9" stroke="{colour}" '
            'stroke-width="2"/>'
            f'<text x="{x}" y="{y + 6}" font-size="{15 if len(letter) == 1 else 13}" '
            f'text-anchor="middle" font-weight="bold" fill="{colour}" '
            f'font-family="sans-serif">{escape(letter)}</text></g>')


def chess_svg(fen: str, *, size: int | None = 360) -> str:
    return chess.svg.board(chess.Board(fen or chess.STARTING_FEN), size=size)


def board_svg(discipline: str, fen: str, *, size: int | None = None) -> str:
    """The final-position diagram of a record (start position when no FEN is known)."""
    if discipline == Discipline.XIANGQI:
        return xiangqi_svg(fen or Discipline.XIANGQI.start_fen, size=size)
    return chess_svg(fen or Discipline.CHESS.start_fen, size=size)
