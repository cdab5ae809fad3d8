"""Cross-check of the move generator against Fairy-Stockfish (pyffish) on random play.

pyffish writes xiangqi moves with ranks 1-10; ICCS (ours) uses 0-9. Seeded RNG, ~2,000
positions. Also compares check status, game end (Điều 7.1: no legal move loses) and checks
that ``illegal_reason`` agrees with ``legal_moves`` on every from/to pair of sampled positions.
"""

import random
import re

import pytest

from chessrules.xiangqi import START_FEN, Move, Position

pyffish = pytest.importorskip("pyffish")

_UCI = re.compile(r"([a-i])(10|[1-9])([a-i])(10|[1-9])")


def iccs_of_pyffish(uci: str) -> str:
    match = _UCI.fullmatch(uci)
    assert match, uci
    return f"{match[1]}{int(match[2]) - 1}{match[3]}{int(match[4]) - 1}"


def random_positions(seed: int, games: int, max_plies: int):
    rng = random.Random(seed)
    for _ in range(games):
        pos = Position.from_fen(START_FEN)
        for _ in range(rng.randint(10, max_plies)):
            yield pos
            moves = pos.legal_moves()
            if not moves:
                break
            # Prefer captures half of the time so that sparse endgames are reached too.
            captures = [m for m in moves if pos.is_capture(m)]
            pos.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))


def test_legal_moves_agree_with_pyffish_on_random_positions():
    compared = terminal = checks = 0
    for pos in random_positions(seed=20261122, games=30, max_plies=130):
        fen = pos.fen()
        ours = sorted(m.iccs() for m in pos.legal_moves())
        theirs = sorted(iccs_of_pyffish(u) for u in pyffish.legal_moves("xiangqi", fen, []))
        assert ours == theirs, fen
        in_check = pos.is_check()  # incremental after push: compare with a fresh position too
        assert in_check == Position.from_fen(fen).is_check(), fen
        if in_check or compared % 4 == 0:  # pyffish calls cost ~3 ms: sample the non-checks
            assert in_check == pyffish.gives_check("xiangqi", fen, []), fen
        checks += in_check
        if not ours:
            terminal += 1
            # pyffish scores the side to move as mated (a loss) in both cases (Điều 7.1 a, b)
            assert pyffish.game_result("xiangqi", fen, []) < 0
            assert pos.outcome() is not None and pos.outcome()[1] != pos.turn
        compared += 1
    assert compared >= 2000
    assert checks > 20  # the sample really contains checks


def test_illegal_reason_agrees_with_legal_moves_on_every_from_to_pair():
    files_ranks = [(f, r) for r in range(10) for f in range(9)]
    for n, pos in enumerate(random_positions(seed=7, games=10, max_plies=120)):
        if n % 3:
            continue
        legal = set(pos.legal_moves())
        red_to_move = pos.turn == "w"
        own = [
            sq
            for sq in files_ranks
            if pos.piece_at(*sq) and pos.piece_at(*sq).isupper() == red_to_move
        ]
        for f, r in own:
            for tf, tr in files_ranks:
                move = Move(f, r, tf, tr)
                reason = pos.illegal_reason(move)
                assert (reason is None) == (move in legal), (pos.fen(), move.iccs(), reason)


def test_gives_check_agrees_with_pyffish():
    for n, pos in enumerate(random_positions(seed=99, games=4, max_plies=100)):
        if n % 8:
            continue
        fen = pos.fen()
        for move in pos.legal_moves():
            uci = f"{move.iccs()[0]}{move.from_rank + 1}{move.iccs()[2]}{move.to_rank + 1}"
            assert pos.gives_check(move) == pyffish.gives_check("xiangqi", fen, [uci]), (fen, uci)


@pytest.mark.parametrize(
    "fen",
    [
        "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",  # not over
        "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1",  # checkmate (Điều 7.1a)
        "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1",  # no legal move without check (7.1b)
        "5k3/9/9/9/4r4/9/9/9/r8/3K5 w - - 0 1",  # red general boxed in by two chariots (7.1b)
    ],
)
def test_game_end_agrees_with_pyffish_dieu_7_1(fen):
    pos = Position.from_fen(fen)
    ours = pos.outcome()
    theirs = pyffish.game_result("xiangqi", fen, []) if not pos.legal_moves() else None
    if ours is None:
        assert pyffish.legal_moves("xiangqi", fen, [])
    else:
        assert theirs is not None and theirs < 0  # the side to move loses in both cases
        assert ours[1] != pos.turn
        assert (ours[0] == "checkmate") == pyffish.gives_check("xiangqi", fen, [])
