"""Xiangqi (cờ tướng) rules engine: positions, legal moves, game end, repetition evidence.

Implements Luật Cờ Tướng 2004 (seeds/000): board and pieces (Điều 2-3), moves (Điều 4.3),
capture (Điều 5), check (Điều 6), game end (Điều 7.1 a-c: checkmate and "no legal move" both
lose), and the evidence the arbiter needs for the 50-move rule (Điều 12), repetitions,
perpetual check and perpetual chase (Điều 22-24).
"""

from chessrules.xiangqi.analysis import GameAnalysis, analyse_game
from chessrules.xiangqi.position import START_FEN, Move, Position, perft
from chessrules.xiangqi.reasons import REASONS, REASONS_EN

__all__ = [
    "START_FEN",
    "REASONS",
    "REASONS_EN",
    "GameAnalysis",
    "Move",
    "Position",
    "analyse_game",
    "perft",
]
