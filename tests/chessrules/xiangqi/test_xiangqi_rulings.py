"""Repetition rulings (Luật Cờ Tướng 2004, Điều 23) checked on the worked examples of Điều 24.

The seed's text gives each figure's moves and ruling but not its diagram: every position below
is built so that the figure's moves (as written, in the Vietnamese notation of Điều 11) are
legal and do what the figure's text says (which piece checks, chases, is protected, pinned).
The figures are played through the command-line contract ``python -m chessrules ruling`` and
cross-checked with Fairy-Stockfish (pyffish) where it gives a repetition result.
docs/decisions-repetition.md lists the figures not reconstructed and why.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

import pytest

from chessrules.cli import main
from chessrules.notation.xiangqi import read_move
from chessrules.values import RepetitionRuling
from chessrules.xiangqi import Position
from chessrules.xiangqi.rulings import Basis, propose_ruling, propose_rulings


@dataclass(frozen=True)
class Figure:
    number: int
    article: str  # the example of Điều 24 and the point of Điều 23
    fen: str
    moves: str  # as written in the figure (Vietnamese notation), repeated ``times``
    times: int
    ruling: RepetitionRuling
    basis: Basis  # the main basis the proposal must name
    points: tuple[str, ...]  # text the "point:" line must contain

    def iccs(self) -> list[str]:
        pos = Position.from_fen(self.fen)
        played = []
        for text in self.moves.split() * self.times:
            move = read_move(pos, text, "vn")
            assert pos.is_legal(move), (self.number, text)
            pos.push(move)
            played.append(move.iccs())
        return played


RED, DRAW = RepetitionRuling.RED_LOSES, RepetitionRuling.DRAW
BLACK = RepetitionRuling.BLACK_LOSES
P1, P2, P3 = "Điều 23 điểm 1", "Điều 23 điểm 2", "Điều 23 điểm 3"
P4, P5, P6 = "Điều 23 điểm 4", "Điều 23 điểm 5", "Điều 23 điểm 6"
P7, P8, P9 = "Điều 23 điểm 7", "Điều 23 điểm 8", "Điều 23 điểm 9"

FIGURES = [
    # Điều 24.2: one chariot, or two in turn, checking for ever: Red must change (point 1).
    Figure(1, "Điều 24.2 hình 1, Điều 23 điểm 1", "5k3/7R1/9/9/9/9/9/9/9/3K5 w - - 0 1",
           "X2.1 Tg6.1 X2/1 Tg6/1", 2, RED, Basis.PERPETUAL_CHECK, (P1, "hình 1-3")),
    Figure(2, "Điều 24.2 hình 2, Điều 23 điểm 1", "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1",
           "X4-5 Tg5-6 X5-4 Tg6-5", 2, RED, Basis.PERPETUAL_CHECK, (P1,)),
    Figure(3, "Điều 24.2 hình 3, Điều 23 điểm 1", "3k5/5R3/9/9/4R4/9/9/9/9/5K3 w - - 0 1",
           "X4.1 Tg4.1 X5-6 Tg4-5 X6-5 Tg5-4 X4/1 Tg4/1", 2, RED, Basis.PERPETUAL_CHECK, (P1,)),
    # Điều 24.3: each side parries and checks back with every move: both break point 1, draw
    # (Điều 7.2c). Played from the figure's move 2 (its first move, X5.1, is the approach).
    Figure(4, "Điều 24.3 hình 4, Điều 23 điểm 1, Điều 7.2c",
           "5k3/9/4r4/9/4c4/9/4R4/9/5C3/4K4 w - - 0 1",
           "X5-4 P5-6 X4-5 P6-5", 3, DRAW, Basis.MUTUAL, ("Điều 7.2c", "hình 4")),
    # Điều 24.5 hình 6: the chariot threatens mate on every move (R×g9#, or R h9+ T-g9
    # R×g9#: the soldier e7 guards e8, the general d0 the d-file); the elephant parries from
    # g9 / i7 each time: draw (point 2).
    Figure(6, "Điều 24.5 hình 6, Điều 23 điểm 2", "4k1b2/9/4P4/9/7R1/9/9/9/9/3K5 w - - 0 1",
           "X2-3 T7.9 X3-2 T9/7", 3, DRAW, Basis.MATE_THREATS, (P2, "24.5-24.6")),
    # Điều 24.9: one check, one idle move: draw (point 2).
    Figure(14, "Điều 24.9 hình 14, Điều 23 điểm 2", "4k4/2R1a4/9/9/9/9/9/9/9/3K5 w - - 0 1",
           "X7.1 S5/4 X7/1 S4.5", 3, DRAW, Basis.CHECK_AND_OTHER, (P2, "24.7-24.10")),
    # Điều 24.11: a cannon may not chase a chariot, even a protected one (point 6). Black's
    # front chariot (protected by the rear one) steps along its file; the cannon follows.
    Figure(18, "Điều 24.11 hình 18, Điều 23 điểm 6",
           "4k4/2r6/9/5C3/2r1p4/9/3p5/9/9/3K5 w - - 0 1",
           "P4/1 Xt.2 P4/2 Xt/2 P4.2 Xt.2 P4/2 Xt/2 P4.2 Xt.2 P4/2 Xt/2", 1, RED,
           Basis.CHASE_CHARIOT, (P6, "24.11")),
    # Điều 24.11 hình 22: the cannon follows the chariot up and down; the chariot's own
    # threats alternate between two soldiers (point 4, allowed).
    Figure(22, "Điều 24.11 hình 22, Điều 23 điểm 6",
           "4k4/9/9/1C1P5/3P1r3/9/9/9/9/3K5 w - - 0 1",
           "P8/1 X6/1 P8.1 X6.1", 3, RED, Basis.CHASE_CHARIOT, (P6,)),
    # Điều 24.12 hình 26: one cannon on rank 3 attacks the chariots i8/h8 and a8/b8 in turn
    # through the soldiers of rank 6 (point 4, allowed): draw. The figure shows its cycle
    # (moves 2-5) once; it is played three times.
    Figure(26, "Điều 24.12 hình 26, Điều 23 điểm 4", "4k4/r7r/9/pp5pp/9/9/7C1/9/9/3K5 w - - 0 1",
           "P2-1 X9-8" + " P1-9 X1-2 P9-2 X8-9 P2-8 X2-1 P8-1 X9-8" * 3, 1, DRAW,
           Basis.ALTERNATE_TARGETS, (P4, "24.12")),
    # Điều 24.12 hình 28: the cannons f and h attack the chariots d (through the advisor e1 or
    # the soldier e5) and b (through the elephant e7 or the soldier g4) in turn: draw
    # (point 4). The position after move 4 recurs after move 8; moves 5-8 are played twice.
    Figure(28, "Điều 24.12 hình 28, Điều 23 điểm 4",
           "4k4/9/4b4/9/4p4/1r4P2/7C1/5C3/3rA4/4K4 w - - 0 1",
           "P4.1 X2/3 P2/1 X4/4 P4.2 X4.2 P2.2 X4.2" + " P2.3 X2.3 P4/4 X4/4 P2/3 X2/3 P4.4 X4.4" * 2,
           1, DRAW, Basis.ALTERNATE_TARGETS, (P4, "24.12")),
    # Điều 24.13: chasing a really protected piece is allowed: draw (point 6).
    Figure(29, "Điều 24.13 hình 29, Điều 23 điểm 6", "4k4/9/6rc1/9/9/9/8R/9/9/3K5 w - - 0 1",
           "X1-2 P8-9 X2-1 P9-8", 3, DRAW, Basis.PROTECTED_TARGET, (P6, "24.13")),
    Figure(30, "Điều 24.13 hình 30, Điều 23 điểm 6", "4k4/4n4/6c2/9/9/9/5R3/9/9/3K5 w - - 0 1",
           "X4-3 P7-3 X3-7 P3-7 X7-3 P7-3 X3-7 P3-7 X7-3 P7-3 X3-7 P3-7", 1, DRAW,
           Basis.PROTECTED_TARGET, (P6,)),
    # Hình 31: one move attacks the cannon protected (horse g9 covers h7), one unprotected.
    Figure(31, "Điều 24.13 hình 31, Điều 23 điểm 2, 6",
           "4k1n2/9/8c/9/9/9/7R1/9/9/3K5 w - - 0 1",
           "X2-1 P9-8 X1-2 P8-9", 3, DRAW, Basis.CHASE_AND_OTHER, (P6,)),
    # Điều 24.14: a chariot chasing an unprotected cannon loses (point 3).
    Figure(32, "Điều 24.14 hình 32, Điều 23 điểm 3", "3k5/9/c8/9/9/9/1R7/9/9/5K3 w - - 0 1",
           "X8-9 P1-5 X9-5 P5-1 X5-9 P1-5 X9-5 P5-1 X5-9 P1-5 X9-5 P5-1", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.14")),
    Figure(33, "Điều 24.14 hình 33, Điều 23 điểm 3", "4k4/9/8c/9/9/9/7R1/9/9/3K5 w - - 0 1",
           "X2-1 P9-8 X1-2 P8-9", 3, RED, Basis.CHASE_UNPROTECTED, (P3,)),
    # Điều 24.14 hình 34: the chariot follows the unprotected cannon from file to file.
    Figure(34, "Điều 24.14 hình 34, Điều 23 điểm 3", "4k4/9/7c1/9/9/9/6R2/9/9/3K5 w - - 0 1",
           "X3-2 P8-3 X2-7 P3-8 X7-2 P8-3 X2-7 P3-8 X7-2 P8-3 X2-7 P3-8", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3,)),
    # Điều 24.14 hình 35: the black cannon threatens mate with every move (from c7 or g7 it
    # would drop to c0/g0, checking through the advisor d0/f0: the general is walled in by
    # its advisors and the cannon e1); the red chariot blocks the file each time and chases
    # the unprotected cannon: Red loses (point 3), Black's threats are allowed (point 2).
    Figure(35, "Điều 24.14 hình 35, Điều 23 điểm 3", "4k4/9/6c2/9/9/9/3R5/9/4C4/3AKA3 w - - 0 1",
           "X6-3 P7-3 X3-7 P3-7 X7-3 P7-3 X3-7 P3-7 X7-3 P7-3 X3-7 P3-7", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.14")),
    # Điều 24.14 hình 36: the chariot follows the unprotected cannon c7/g7; the cannon attacks
    # the horse c9 (through the cannon c8) and the horse g9 (through g8) in turn (point 4).
    # The text's 5th black move "P3-8" is read as P3-7 (the cycle it repeats).
    Figure(36, "Điều 24.14 hình 36, Điều 23 điểm 3, 4",
           "2N1k1N2/2C3C2/2c6/9/9/9/7R1/9/9/3K5 w - - 0 1",
           "X2-7 P3-7 X7-3 P7-3 X3-7 P3-7 X7-3 P7-3 X3-7 P3-7 X7-3 P7-3", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.14")),
    # Điều 24.14 hình 37: the chariot chases the cannon up and down the a-file, its parry of
    # the check included; the cannon checks once and attacks the horse e2 once (point 2).
    Figure(37, "Điều 24.14 hình 37, Điều 23 điểm 3", "4k4/9/9/9/9/9/9/c1C1N4/1RN1K4/9 w - - 0 1",
           "X8.1 P1.1 X8/1 P1/1", 3, RED, Basis.CHASE_SEVERAL_PIECES, (P3,)),
    # Điều 24.14 hình 38: the black cannon attacks the horse h9 (through the cannon h8) from
    # h7, and threatens mate from c7 (c0, through the advisor d0, as in hình 35; the
    # elephant g0 spoils the same drop on h0); the chariot follows it: Red loses (point 3).
    Figure(38, "Điều 24.14 hình 38, Điều 23 điểm 3",
           "4k2N1/7C1/2c6/9/9/9/8R/9/4C4/3AKAB2 w - - 0 1",
           "X1-7 P3-8 X7-2 P8-3 X2-7 P3-8 X7-2 P8-3 X2-7 P3-8 X7-2 P8-3", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.14")),
    # Điều 24.16 hình 42-44: Black's horse and cannon (through the horse as screen) attack the
    # red chariot in turn: Black loses; the chariot attacks once and idles once (42), or
    # attacks two pieces in turn (43: the cannon g8 and the advisor f9).
    Figure(42, "Điều 24.16 hình 42, Điều 23 điểm 3, 6", "4k4/6c2/9/6n2/6R2/9/9/9/9/3K5 w - - 0 1",
           "X3-4 M7.8 X4-3 M8/7", 3, BLACK, Basis.CHASE_CHARIOT, (P6, "24.16")),
    Figure(43, "Điều 24.16 hình 43, Điều 23 điểm 3, 6",
           "4k1a2/6c2/9/9/5R3/7n1/9/9/9/3K5 w - - 0 1",
           "X4-3 M8/7 X3-4 M7.8", 3, BLACK, Basis.CHASE_CHARIOT, (P6,)),
    Figure(44, "Điều 24.16 hình 44, Điều 23 điểm 3, 6",
           "4k4/6c2/9/9/5R3/7n1/9/9/9/3K5 w - - 0 1",
           "X4-3 M8/7 X3-4 M7.8", 3, BLACK, Basis.CHASE_CHARIOT, (P6,)),
    # Điều 24.17: two chases, one counter-chase: the side chasing twice loses (point 5). The
    # horse attacks the chariot with every move; the chariot hits back every other move.
    Figure(47, "Điều 24.17 hình 47, Điều 23 điểm 5, 6", "4k4/9/9/9/9/9/8N/7r1/9/3K5 w - - 0 1",
           "M1.3 X8-7 M3/1 X7-8", 3, RED, Basis.CHASE_CHARIOT, (P5, P6, "24.17")),
    # Điều 24.17 hình 45: the horse attacks the chariot e4/e5 with every move (f3-g5-f7-g5);
    # the chariot hits back on rank 5 every other move: Red (two chases) loses.
    Figure(45, "Điều 24.17 hình 45, Điều 23 điểm 5, 6", "3k5/9/9/9/9/4r4/5N3/9/9/5K3 w - - 0 1",
           "M4.3 X5/1 M3.4 X5.1 M4/3 X5/1 M3/4 X5.1", 3, RED, Basis.CHASE_CHARIOT,
           (P5, P6, "24.17")),
    # Điều 24.17 hình 46: the black horse attacks the chariot with every move, the chariot
    # attacks back every other move: Black (two chases) loses.
    Figure(46, "Điều 24.17 hình 46, Điều 23 điểm 5", "4k4/9/9/9/n8/9/2R6/9/9/3K5 w - - 0 1",
           "X7.2 M1.2 X7/1 M2/1 X7.1 M1.2 X7/1 M2/1 X7.1 M1.2 X7/1 M2/1 X7.1 M1.2 X7/1 M2/1",
           1, BLACK, Basis.CHASE_CHARIOT, (P5, "24.17")),
    # Điều 24.19 hình 49: the chariot chases the horse; the horse attacks once, idles once.
    Figure(49, "Điều 24.19 hình 49, Điều 23 điểm 3, 5", "4k4/9/2R6/1n7/9/9/9/9/9/3K5 w - - 0 1",
           "X7/1 M2.1 X7/2 M1/2 X7.2 M2.1 X7/2 M1/2 X7.2 M2.1 X7/2 M1/2 X7.2 M2.1", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.19", P5)),
    # Điều 24.19 hình 50: the horse checks once (the chariot's parry attacks it again) and
    # attacks the cannon a6 once; the chariot chases the horse with every move.
    Figure(50, "Điều 24.19 hình 50, Điều 23 điểm 3", "5k3/9/9/C8/9/1n7/9/3R5/4K4/9 w - - 0 1",
           "X6.2 M2.3 X6/2 M3/2", 3, RED, Basis.CHASE_UNPROTECTED, (P3, "24.19")),
    # Điều 24.21 hình 56: the cannon h2 attacks the unprotected horse h9 through one screen
    # each time: the crossed soldier stepping onto h5, or the black cannon h7 left alone when
    # it steps off (the black cannon follows the soldier's file): Red loses (point 3). Moves
    # 2-5 (its cycle) are played three times.
    Figure(56, "Điều 24.21 hình 56, Điều 23 điểm 3", "4k2n1/9/4c4/9/8P/9/9/7C1/9/3K5 w - - 0 1",
           "B1-2 P5-8" + " B2-3 P8-7 B3-2 P7-8 B2-3 P8-5 B3-2 P5-8" * 3, 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.21")),
    # Điều 24.21 hình 57: the cannon f1 attacks the unprotected advisor f9 through one screen
    # each time: the red advisor stepping onto f2, or the black cannon f5 left alone when it
    # steps off (the black cannon goes f5-h5-f5): Red loses (point 3).
    Figure(57, "Điều 24.21 hình 57, Điều 23 điểm 3", "5a3/4k4/9/9/8c/9/9/5A3/6C2/3K5 w - - 0 1",
           "P3-4 P9-6 S4/5 P6-8 S5.4 P8-6 S4/5 P6-8 S5.4 P8-6 S4/5 P6-8 S5.4", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.21")),
    # Điều 24.21 hình 58: the same on the elephant g9, the red elephants i2 and e2 taking turns
    # on g4 and the black cannon g6 stepping to f6 or h6. Moves 2-5 (its cycle) are played
    # three times.
    Figure(58, "Điều 24.21 hình 58, Điều 23 điểm 3", "4k1b2/9/9/6c2/9/9/9/4B3B/5C3/3K5 w - - 0 1",
           "P4-3 P7-6" + " T1.3 P6-7 T3/1 P7-8 T5.3 P8-7 T3/5 P7-6" * 3, 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.21")),
    # Điều 24.21 hình 59: the cannon i5 attacks the crossed soldier i1 through one screen each
    # time: the elephant stepping onto i2, or, when it steps off, the black cannon i3 left
    # alone (the black cannon steps onto i3 beside the elephant, and off to f3): Red loses.
    Figure(59, "Điều 24.21 hình 59, Điều 23 điểm 3", "4k4/9/9/9/8C/9/6c2/9/8p/3K2B2 w - - 0 1",
           "T3.1 P7-9 T1.3 P9-6 T3/1 P6-9 T1.3 P9-6 T3/1 P6-9 T1.3 P9-6", 1, RED,
           Basis.CHASE_UNPROTECTED, (P3, "24.21")),
    # Điều 24.21 hình 60: the same screens, the soldier i6 not crossed: draw (point 3). Played
    # to move 5 (the figure's move 6, "T3.1", needs an elephant on the g-file it does not have).
    Figure(60, "Điều 24.21 hình 60, Điều 23 điểm 3", "4k4/9/9/8p/9/9/6c2/9/8C/3K2B2 w - - 0 1",
           "T3.1 P7-9 T1.3 P9-6 T3/1 P6-9 T1.3 P9-6 T3/1 P6-9", 1, DRAW,
           Basis.UNCROSSED_SOLDIER, (P3, "hình 60")),
    # Điều 24.22 hình 61: the cannon h2 attacks the still chariot c2 along rank 2; both sides
    # only move its screens: the elephant e2 (to g0 and back) and the black horse g2 (to f4
    # and back, a second screen). Every red move gives the cannon one screen again: Red loses
    # (point 6). The position after move 4 recurs after move 6; moves 5-6 are played twice.
    Figure(61, "Điều 24.22 hình 61, Điều 23 điểm 6", "4k2C1/9/9/9/9/9/8n/2r1B4/9/3K2B2 w - - 0 1",
           "P2/7 M9.7 T5.3 M7.5 T3.5 M5/7 T5/3 M7/6" + " T3.5 M6.7 T5/3 M7/6" * 2, 1, RED,
           Basis.CHASE_CHARIOT, (P6, "24.22")),
    # Điều 24.22 hình 62: the same with the advisor: the cannon i1 attacks the still chariot b1
    # along rank 1 through the advisor e1 or the black cannon h1, whichever stands alone
    # between them after each red move (the advisor e1-d0, the black cannon h0-h1): Red loses.
    Figure(62, "Điều 24.22 hình 62, Điều 23 điểm 6", "5k3/9/9/9/9/9/9/8C/1r2A4/4K2c1 w - - 0 1",
           "P1/1 P8/1 S5/6 P8.1 S6.5 P8/1 S5/6 P8.1 S6.5 P8/1 S5/6 P8.1 S6.5", 1, RED,
           Basis.CHASE_CHARIOT, (P6, "24.22")),
    # Điều 24.20 hình 53: the black cannon is pinned on rank 9 (chariot a9, general e9) and
    # cannot take back: the red cannon chasing it through changing screens loses (point 7).
    Figure(53, "Điều 24.20 hình 53, Điều 23 điểm 7", "Rc2k4/9/1PP6/9/6C2/9/9/9/9/3K5 w - - 0 1",
           "P3-8 P2-3 P8-7 P3-2 P7-8 P2-3 P8-7 P3-2 P7-8 P2-3 P8-7 P3-2", 1, RED,
           Basis.CHASE_PINNED, (P7, "hình 53")),
    # Điều 24.20 hình 54: pinned too, but protected on g9 (horse e8) every other move: draw.
    Figure(54, "Điều 24.20 hình 54, Điều 23 điểm 2, 6",
           "4k2cR/4n4/6PP1/9/2C6/9/9/9/9/3K5 w - - 0 1",
           "P7-2 P8-7 P2-3 P7-8 P3-2 P8-7 P2-3 P7-8 P3-2 P8-7 P2-3 P7-8", 1, DRAW,
           Basis.CHASE_AND_OTHER, (P2, P6)),
    # Điều 24.20 hình 55: a horse whose leg is blocked cannot take back: the chasing horse
    # loses (point 7, second sentence).
    Figure(55, "Điều 24.20 hình 55, Điều 23 điểm 7",
           "4k4/9/6n2/6p2/8p/7N1/9/9/9/3K5 w - - 0 1",
           "M2.4 M7.9 M4/2 M9/7", 3, RED, Basis.CHASE_BLOCKED_HORSE, (P7, "hình 55")),
    # Điều 24.23 hình 63: the black chariot, held on the e-file by the cannon e0 (through the
    # advisor e8), follows the red cannon's rank; it cannot take, so it does not chase: draw.
    # The figure's moves repeat a position twice; its last three moves are played three times.
    Figure(63, "Điều 24.23 hình 63, Điều 23 điểm 7", "4k4/4a4/9/9/4r4/9/9/9/1C7/3KC4 w - - 0 1",
           "P8.3 X5.1 P8.1 X5/1" + " P8/2 X5.2 P8.3 X5/3 P8/1 X5.1" * 3, 1, DRAW,
           Basis.NO_VIOLATION, ("Điều 7.2b",)),
    # Điều 24.23 hình 64: the black chariot is held on the e-file by the cannon e0 (through the
    # advisor e8); the red chariot chases it up and down: Red loses (point 7).
    Figure(64, "Điều 24.23 hình 64, Điều 23 điểm 7", "4k4/4a4/9/4r4/9/9/9/1R7/9/3KC4 w - - 0 1",
           "X8.4 X5.4 X8/4 X5/1 X8.1 X5.1 X8/1 X5/1 X8.1 X5.1 X8/1 X5/1 X8.1 X5.1 X8/1 X5/1",
           1, RED, Basis.CHASE_PINNED, (P7, "24.23")),
    # Điều 24.23 hình 65: the black chariot, held on the f-file by the cannon f0 (through the
    # advisor f7), steps up and down; the red chariot follows it on the h-file: Red loses
    # (point 7). The cycle (moves 3-4) is played until its position has stood three times.
    Figure(65, "Điều 24.23 hình 65, Điều 23 điểm 7", "5k3/9/5a3/9/5r3/9/7R1/9/9/3K1C3 w - - 0 1",
           "X2.2 X6.1 X2/1 X6.1 X2/1 X6/1" + " X2.1 X6.1 X2/1 X6/1" * 2, 1, RED,
           Basis.CHASE_PINNED, (P7, "24.23")),
    # Điều 24.23 hình 66: the black chariot, held on rank 9 by the cannon i9, is protected on
    # g9 and not on h9: the red chariot is not counted as chasing it: draw.
    Figure(66, "Điều 24.23 hình 66, Điều 23 điểm 2, 6", "4ka1rC/4n4/9/9/6R2/9/9/9/9/3K5 w - - 0 1",
           "X3-2 X8-7 X2-3 X7-8", 3, DRAW, Basis.CHASE_AND_OTHER, (P6,)),
    # Điều 24.24: the general chasing a cannon: draw (point 9).
    Figure(67, "Điều 24.24 hình 67, Điều 23 điểm 9", "4k4/4a4/9/9/9/9/9/9/4c4/3K5 w - - 0 1",
           "Tg6-5 P5-6 Tg5-4 P6-5 Tg4-5 P5-6 Tg5-4 P6-5 Tg4-5 P5-6 Tg5-4 P6-5", 1, DRAW,
           Basis.GENERAL_OR_SOLDIER, (P9, "24.24")),
    # Điều 24.24 hình 68: the general, helped by one horse (d2, covering e0 only), chases the
    # soldier: draw (point 9, second sentence: joined by one horse).
    Figure(68, "Điều 24.24 hình 68, Điều 23 điểm 9", "3k5/9/9/9/9/9/9/3N5/5K3/4p4 w - - 0 1",
           "Tg4-5 B5-6 Tg5-4 B6-5", 3, DRAW, Basis.GENERAL_OR_SOLDIER, (P9, "24.24")),
    # Điều 24.25: a soldier chasing a cannon: draw (point 9).
    Figure(69, "Điều 24.25 hình 69, Điều 23 điểm 9", "4k4/9/8c/7P1/9/9/9/9/9/3K5 w - - 0 1",
           "B2-1 P9-8 B1-2 P8-9", 3, DRAW, Basis.GENERAL_OR_SOLDIER, (P9,)),
    # Điều 24.25 hình 70: the soldier attacks the horse on one move, the cannon (through the
    # soldier as screen) on the other: draw.
    Figure(70, "Điều 24.25 hình 70, Điều 23 điểm 9", "4k4/9/9/6n2/7P1/9/9/7C1/9/3K5 w - - 0 1",
           "B2-3 M7/8 B3-2 M8.7", 3, DRAW, Basis.CHASE_AND_OTHER, (P9, "24.24-24.25")),
    # Điều 24.26 hình 71: the general chases the soldier and two horses attack it after every
    # move too: Red loses (point 9 read with 24.26, docs/decisions-repetition.md §2).
    Figure(71, "Điều 24.26 hình 71, Điều 23 điểm 9",
           "5k3/9/9/9/9/9/9/2N2N3/3K5/4p4 w - - 0 1",
           "Tg6-5 B5-4 Tg5-6 B4-5", 3, RED, Basis.GENERAL_SOLDIER_WITH_OTHERS, (P9, "24.26")),
    # Điều 24.26 hình 72: the soldier chases the cannon, the horses a5 and e6 attack it on
    # b7 and c7: Red loses.
    Figure(72, "Điều 24.26 hình 72, Điều 23 điểm 9", "4k4/9/1c7/2P1N4/N8/9/9/9/9/3K5 w - - 0 1",
           "B7-8 P2-3 B8-7 P3-2", 3, RED, Basis.GENERAL_SOLDIER_WITH_OTHERS, (P9, "24.26")),
    # Điều 24.26 hình 73: the soldier chases the chariot and, through it as screen, the
    # cannons a5 and b5 attack it too: Red loses (the cannons alone already break point 6).
    Figure(73, "Điều 24.26 hình 73, Điều 23 điểm 6, 9", "4k4/9/1r7/P8/CC7/9/9/9/9/3K5 w - - 0 1",
           "B9-8 X2-1 B8-9 X1-2", 3, RED, Basis.CHASE_CHARIOT, (P6, P9, "24.26")),
    # Điều 24.27 hình 74: a chariot may not chase a soldier that has crossed the river.
    Figure(74, "Điều 24.27 hình 74, Điều 23 điểm 3", "3k5/9/5R3/9/9/9/4p4/9/9/5K3 w - - 0 1",
           "X4-5 B5-6 X5-4 B6-5", 3, RED, Basis.CHASE_UNPROTECTED, (P3, "24.27")),
    # Điều 24.28 hình 77: the chariot (rank 6) attacks the crossed soldiers on rank 3 in turn,
    # h3/g3 then b3/c3 (point 4, allowed): draw. Moves 3-6 are played three times.
    Figure(77, "Điều 24.28 hình 77, Điều 23 điểm 4", "4k4/9/9/8R/9/9/1p5p1/9/9/3K5 w - - 0 1",
           "X1-2 B8-7 X2-3 B7-8" + " X3-8 B2-3 X8-7 B3-2 X7-2 B8-7 X2-3 B7-8" * 3, 1, DRAW,
           Basis.ALTERNATE_TARGETS, (P4, "24.28")),
    # Điều 24.28 hình 79: the cannon attacks the soldiers g1 and g3 in turn (allowed, point 4);
    # the black chariot chases the cannon with every move: Black loses.
    Figure(79, "Điều 24.28 hình 79, Điều 23 điểm 3, 4",
           "4k4/9/9/9/9/9/4P1p2/2C6/3rA1p2/4K4 w - - 0 1",
           "P7.1 X4/2 P7/2 X4.2 P7.2 X4/2 P7/2 X4.2 P7.2 X4/2 P7/2 X4.2 P7.2 X4/2", 1, BLACK,
           Basis.CHASE_UNPROTECTED, (P3,)),
    # Điều 24.28 hình 80: two chariots chase two cannons in turn: draw (point 4).
    Figure(80, "Điều 24.28 hình 80, Điều 23 điểm 4", "4k4/9/c6c1/9/9/9/1R6R/9/9/3K5 w - - 0 1",
           "X1-2 P8-9 X8-9 P1-2 X2-1 P9-8 X9-8 P2-1", 3, DRAW, Basis.ALTERNATE_TARGETS,
           (P4, "24.28")),
    # Điều 24.30 hình 83: the cannon's only defender, the horse e8, is pinned by the chariot
    # e1 (cẩn giả, Điều 22.16): Red loses (point 6).
    Figure(83, "Điều 24.30 hình 83, Điều 23 điểm 6",
           "4k4/4n4/6c2/9/9/9/3R5/9/4R4/3K5 w - - 0 1",
           "X6-3 P7-3 X3-7 P3-7 X7-3 P7-3 X3-7 P3-7 X7-3 P7-3 X3-7 P3-7", 1, RED,
           Basis.CHASE_FALSELY_PROTECTED, (P6, "24.30")),
    # Điều 24.30 hình 84: the cannon's defender, the chariot e7, is pinned on the e-file.
    Figure(84, "Điều 24.30 hình 84, Điều 23 điểm 6", "4k4/9/4r1c2/9/9/9/7R1/9/4R4/3K5 w - - 0 1",
           "X2-3 P7-8 X3-2 P8-7", 3, RED, Basis.CHASE_FALSELY_PROTECTED, (P6, "24.30")),
    # Điều 24.30 hình 85: the cannon's defender, the chariot f9, is pinned on rank 9 (chariot
    # i9, general d9); the red chariot attacks the cannon on the next file with every move.
    # Its last two moves are played once more (the figure shows the position twice).
    Figure(85, "Điều 24.30 hình 85, Điều 23 điểm 6", "3k1r2R/9/9/6R2/5c3/9/9/9/9/4K4 w - - 0 1",
           "X3/1 P6/2 X3.2 P6.2 X3/2 P6.2" + " X3/2 P6/2 X3.2 P6.2" * 2 + " X3/2 P6/2", 1, RED,
           Basis.CHASE_FALSELY_PROTECTED, (P6, "24.30")),
    # Điều 24.31 hình 86: the chariot h-file follows the cannon up and down the i-file, the
    # cannon i0 (through the horse i2) attacks it too; the chariot i9 really protects it:
    # draw. The figure's moves 1-4 are its cycle, played three times.
    Figure(86, "Điều 24.31 hình 86, Điều 23 điểm 6", "4k3r/9/8c/9/7R1/9/9/8N/9/3K4C w - - 0 1",
           "X2.2 P9.2 X2/2 P9.1 X2/1 P9/1 X2.1 P9/2", 3, DRAW, Basis.PROTECTED_TARGET,
           (P6, "24.31")),
    # Điều 24.31 hình 87: chariot and cannon (through the soldier e3) attack a cannon that
    # the chariot e7 really protects: draw.
    Figure(87, "Điều 24.31 hình 87, Điều 23 điểm 6",
           "4k4/9/4r4/9/2R6/4c4/4P4/9/4C4/3K5 w - - 0 1",
           "X7/1 P5/1 X7.1 P5.1", 3, DRAW, Basis.PROTECTED_TARGET, (P6, "24.31")),
    # Điều 24.31 hình 88: the chariot f-file attacks the front cannon on its rank with every
    # move, the cannon h0 (through the horse h2) attacks it too; the rear cannon h9 (through
    # the horse h8) really protects it: draw. The figure's position recurs at uneven
    # intervals; its last two moves are played once more to make a cycle.
    Figure(88, "Điều 24.31 hình 88, Điều 23 điểm 6",
           "4k2c1/7n1/9/7c1/9/9/5R3/7N1/9/3K3C1 w - - 0 1",
           "X4.3 Pt.1 X4/1 Pt.1 X4/1 Pt/2 X4.2 Pt.1" + " X4/1 Pt/1 X4.1 Pt.1" * 2, 1, DRAW,
           Basis.PROTECTED_TARGET, (P6, "24.31")),
    # Điều 24.31 hình 89: cannon (through the chariot) and chariot attack the horse, which
    # the chariots a9/c9 really protect on a8 and c7: draw.
    Figure(89, "Điều 24.31 hình 89, Điều 23 điểm 6", "r1r1k4/9/2n6/9/9/9/2R6/9/3C5/3K5 w - - 0 1",
           "P6-7 M3/1 X7-9 M1.3 X9-7 M3/1 X7-9 M1.3 X9-7 M3/1 X7-9 M1.3 X9-7 M3/1", 1, DRAW,
           Basis.PROTECTED_TARGET, (P6, "24.31")),
    # Điều 24.32 hình 92: the chariot offers an exchange, but a cannon (behind it) attacks the
    # black chariot too: still a chase (point 8).
    Figure(92, "Điều 24.32 hình 92, Điều 23 điểm 8", "5k3/9/3r5/9/9/9/4R4/9/3CC4/3K5 w - - 0 1",
           "X5-6 X4-5 X6-5 X5-4", 3, RED, Basis.CHASE_CHARIOT, (P8, "24.32", P6)),
    # Điều 24.32 hình 93: chariots offering an exchange, while the cannons b1/c1 attack the
    # black chariot through the red one: still a chase (point 8).
    Figure(93, "Điều 24.32 hình 93, Điều 23 điểm 8", "4k4/9/1r7/9/9/9/2R6/9/1CC6/3K5 w - - 0 1",
           "X7-8 X2-3 X8-7 X3-2", 3, RED, Basis.CHASE_CHARIOT, (P8, "24.32")),
    # Điều 24.33 hình 94: the horse chases the chariot (which hits back every other move).
    Figure(94, "Điều 24.33 hình 94, Điều 23 điểm 6", "4k4/9/9/9/9/5N3/9/5r3/9/3K5 w - - 0 1",
           "M4/2 X6-7 M2.4 X7-6", 3, RED, Basis.CHASE_CHARIOT, (P6, "24.33")),
    # Điều 24.33 hình 95 (to save a piece): the black chariot h2 attacks the cannon h7; the
    # horse steps onto the h-file (h3, h5), screening the cannon onto the chariot, or attacks
    # it on g2 from f4 and i3: the horse (with the cannon behind it) chases for ever: Red
    # loses. Its last two moves are played once more (the figure shows the position twice).
    Figure(95, "Điều 24.33 hình 95, Điều 23 điểm 6", "4k4/9/7C1/9/9/5N3/9/7r1/9/3K5 w - - 0 1",
           "M4/2 X8-7 M2.4 X7-8 M4.2 X8-7 M2/1 X7-8" + " M1.2 X8-7 M2/1 X7-8" * 2, 1, RED,
           Basis.CHASE_CHARIOT, (P6, "24.33")),
    # Điều 24.33 hình 96: the cannon a-file follows the chariot f3-f4-f5 rank by rank, the
    # black soldiers c3-c5 as screens: Red loses. Moves 1-4 are played, then the cycle of
    # moves 2-4 twice more (the figure's moves 5-6 leave it).
    Figure(96, "Điều 24.33 hình 96, Điều 23 điểm 6",
           "C2k5/9/9/9/2p6/2p6/2p2r3/9/9/3AKA3 w - - 0 1",
           "P9/6 X6/1" + " P9.1 X6/1 P9.1 X6.2 P9/2 X6/1" * 3, 1, RED, Basis.CHASE_CHARIOT,
           (P6, "24.33")),
    # Điều 24.35 hình 99 (cản mãi): the red cannon fires over the black cannon at the chariot
    # i9 and at the protected horse h9 in turn; the black cannon steps aside each time, which
    # blocks the threat (point 10): draw.
    Figure(99, "Điều 24.35 hình 99, Điều 23 điểm 10", "4k2nr/9/8c/9/9/9/9/7C1/9/3K5 w - - 0 1",
           "P2-1 P9-8 P1-2 P8-9", 3, DRAW, Basis.CHASE_AND_OTHER, ("Điều 23 điểm 10", "24.35")),
    # Điều 24.36 hình 102 (đòi đổi mãi): the black chariot (rank 7) steps onto the red
    # chariot's file (rank 3) every time, both free to take: draw (point 10). The figure
    # repeats a position twice; its moves 2-6 are played twice more.
    Figure(102, "Điều 24.36 hình 102, Điều 23 điểm 10", "4k4/9/5r3/9/9/9/2R6/9/9/3K5 w - - 0 1",
           "X7-3 X6-7" + " X3-2 X7-8 X2-4 X8-6 X4-1 X6-9 X1-2 X9-8 X2-3 X8-7" * 3, 1, DRAW,
           Basis.EXCHANGE_OFFER, ("Điều 23 điểm 10", "24.36")),
    # Điều 24.36 hình 103: the red chariot follows the black one onto its rank (d2-d3-d5):
    # an exchange demanded for ever: draw (point 10).
    Figure(103, "Điều 24.36 hình 103, Điều 23 điểm 10",
           "4k4/4a4/9/9/1R7/9/9/3r5/9/4K4 w - - 0 1",
           "X8/3 X4/1 X8.1 X4/2 X8.2 X4.3", 3, DRAW, Basis.EXCHANGE_OFFER,
           ("Điều 23 điểm 10", "24.36")),
    # Điều 24.36 hình 104 (thí mãi): the soldier steps in front of the chariot again and again,
    # offering itself: draw (points 9, 10).
    Figure(104, "Điều 24.36 hình 104, Điều 23 điểm 10", "4k4/9/1r7/2P6/9/9/9/9/9/3K5 w - - 0 1",
           "B7-8 X2-3 B8-7 X3-2", 3, DRAW, Basis.GENERAL_OR_SOLDIER,
           ("Điều 23 điểm 10", "24.36", P9)),
    # Hình 105 (bắt mãi): the cannon c8 protects the horse c3 through one screen on the c-file.
    # Each soldier move (c6-d6-c6-b6-c6) leaves it no screen or two, and the chariot i3's
    # standing attack on the horse becomes a chase of an unprotected piece; each elephant
    # move (into c5 and back; the one whose eye b6/d6 is free) gives the cannon one screen
    # again: Red loses (point 3).
    Figure(105, "Điều 24 hình 105, Điều 23 điểm 3",
           "4k4/2c6/b3b4/2P6/9/9/2n5R/9/9/3K5 w - - 0 1",
           "B7-6 T1.3 B6-7 T3/1 B7-8 T5.3 B8-7 T3/5", 2, RED, Basis.CHASE_UNPROTECTED, (P3,)),
    # Hình 107: both sides chase for ever, so draw (Điều 7.2c). Red's chariots f and d, with the
    # cannon a4 (through the soldier c4), attack the horse g4 afresh with every move; the
    # black advisor, d9 or e8, screens the cannon a9 or e6 onto the red horse e9 each time.
    Figure(107, "Điều 24 hình 107, Điều 23 điểm 3, Điều 7.2c",
           "c2aN4/5k3/5a3/4cR3/9/C1PR2n2/9/9/9/4K4 w - - 0 1",
           "X4/2 S4.5 X4.2 S5/4 X6/4 S4.5 X6.4 S5/4", 3, DRAW, Basis.MUTUAL,
           ("Điều 7.2c", "hình 107")),
    # Hình 106 (không phải bắt mãi): the chariot's threat on the cannon was already there.
    Figure(106, "Điều 24 hình 106", "4k4/7c1/9/9/9/9/9/7R1/9/3K5 w - - 0 1",
           "X2.1 P8.1 X2/1 P8/1", 3, DRAW, Basis.NO_VIOLATION, ("Điều 7.2b",)),
]


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.mark.parametrize("figure", FIGURES, ids=[f"hinh_{f.number}" for f in FIGURES])
def test_cli_gives_the_law_s_ruling_on_the_figure(figure: Figure, capsys):
    code, lines, _ = run_cli(["ruling", "--fen", figure.fen, *figure.iccs()], capsys)
    assert code == 0
    assert lines[0] == f"ruling: {figure.ruling.value}", (figure.article, lines)
    assert lines[1].startswith("point: ")
    for text in figure.points:
        assert text in lines[1], (figure.article, text, lines[1])
    proposal = propose_ruling(figure.fen, figure.iccs())
    assert proposal is not None and proposal.bases[0] == figure.basis.value, figure.article


def pyffish_ruling(fen: str, moves: list[str]) -> str:
    """Fairy-Stockfish's xiangqi repetition result for the side to move, as our wording."""
    pyffish = pytest.importorskip("pyffish")
    uci = [f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}" for m in moves]
    ended, value = pyffish.is_optional_game_end("xiangqi", fen, uci)
    if not ended:
        return "none"
    if value == 0:
        return "draw"
    to_move = "red" if (len(moves) % 2 == 0) == (fen.split()[1] == "w") else "black"
    other = "black" if to_move == "red" else "red"
    return f"{to_move if value < 0 else other} loses"


#: Figures where Fairy-Stockfish's simplified chase rules disagree with the law's text.
PYFFISH_DISAGREES = {
    71: "draw", 72: "draw",  # it ignores pieces joining a general's or a soldier's chase (24.26)
    63: "black loses",  # it counts a chariot held on its line as chasing (24.23: it is not)
    105: "draw",  # it does not see a chase made by taking the target's protection away
}


@pytest.mark.parametrize("figure", FIGURES, ids=[f"hinh_{f.number}" for f in FIGURES])
def test_fairy_stockfish_agrees_except_where_listed(figure: Figure):
    theirs = pyffish_ruling(figure.fen, figure.iccs())
    assert theirs == PYFFISH_DISAGREES.get(figure.number, figure.ruling.value), figure.article


def test_every_point_of_dieu_23_is_exercised_by_a_figure():
    cited = " ".join(p for f in FIGURES for p in f.points)
    for point in range(1, 11):
        assert f"Điều 23 điểm {point}" in cited


def test_black_is_named_when_black_chases():
    """Mirror of Hình 33: the black chariot chases a red cannon with every move."""
    fen = "4k4/9/9/1r7/9/9/9/C8/9/3K5 b - - 0 1"
    moves = "b6a6 a2b2 a6b6 b2a2".split() * 3
    proposal = propose_ruling(fen, moves)
    assert proposal is not None and proposal.ruling == RepetitionRuling.BLACK_LOSES
    assert proposal.sides[1].chased == "C@a2" and proposal.sides[1].chasers == ["r@b6"]
    assert "bên Đen" in proposal.text_vi and "Trọng tài quyết định" in proposal.text_vi


def test_no_repetition_is_ruling_none(capsys):
    code, lines, _ = run_cli(["ruling", "h2e2", "h7e7"], capsys)
    assert code == 0 and lines[0] == "ruling: none" and lines[1].startswith("point: ")


def test_illegal_move_names_its_index_and_text(capsys):
    fen = FIGURES[0].fen
    code, lines, err = run_cli(["ruling", "--fen", fen, "h8h9", "f9f8", "h9g8"], capsys)
    assert code == 2 and lines == []
    assert "move 3 'h9g8' is illegal" in err
    code, _, err = run_cli(["ruling", "--fen", fen, "h8h9", "zz"], capsys)
    assert code == 2 and "move 2 'zz'" in err
    code, _, err = run_cli(["ruling", "--fen", "bad"], capsys)
    assert code == 2 and "bad --fen" in err


def test_the_module_entry_point_prints_the_contract():
    figure = FIGURES[0]
    done = subprocess.run(
        [sys.executable, "-m", "chessrules", "ruling", "--fen", figure.fen, *figure.iccs()],
        capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()[:2]
    assert first == "ruling: red loses" and second.startswith("point: Điều 23 điểm 1")


def test_real_game_perpetual_check_then_a_drawn_cycle_as_declared():
    """Sample game (shared line 945, declared ½-½): Red checks with every move of a cycle at
    plies 104-112 (Black's replies are forced defences, never chases: Điều 22.12), then
    changes; the game ends in a cycle where Red checks once and threatens once: draw."""
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "data" / "xiangqi" / "games_iccs_sample.txt"
    result, moves = sample.read_text(encoding="utf-8").splitlines()[21].split("\t")[:2]
    assert result == "1/2-1/2"
    first, last = propose_rulings(None, moves.split())
    assert (first.ruling, first.bases[0]) == ("red loses", "perpetual_check")
    assert first.sides[1].violation is None
    assert all(r.evading for r in first.moves if r.side == "b")
    assert last.ruling == "draw" and last.cycle_last_ply == len(moves.split())
    assert last.bases[0] == Basis.CHECK_AND_OTHER.value
