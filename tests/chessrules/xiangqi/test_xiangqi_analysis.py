"""Evidence for the arbiter: Điều 12 (no-capture moves), repetition, perpetual check (Điều 23
point 1, Điều 24.2-24.4, 24.9) and perpetual chase (Điều 23 points 3, 6; Điều 24.14, 24.20).

The positions are drawn so that the move lists of the worked examples of Điều 24 can be played;
whether a move gives check is cross-checked with pyffish where it matters.
"""

from pathlib import Path

import pytest

from chessrules.xiangqi import Move, Position, analyse_game
from chessrules.xiangqi.analysis import IllegalMoveError, _forbidden_threats, _perpetual_checks

SAMPLE = Path(__file__).resolve().parents[3] / "tests" / "data" / "xiangqi"


def moves_of(text: str, times: int = 1) -> list[Move]:
    return [Move.from_iccs(m) for m in text.split()] * times


def pyffish_checks(fen: str, moves: list[Move]) -> list[bool]:
    """Whether each move gives check, according to pyffish (ranks 1-10)."""
    pyffish = pytest.importorskip("pyffish")
    uci = [f"{m.iccs()[0]}{m.from_rank + 1}{m.iccs()[2]}{m.to_rank + 1}" for m in moves]
    return [pyffish.gives_check("xiangqi", fen, uci[: i + 1]) for i in range(len(uci))]


# Điều 24.2 Hình 1 ("X2.1 Tg6.1 / X2/1 Tg6/1"): the chariot on Red's file 2 (h) steps up and
# down, checking the general on Black's file 6 (f), which steps down and up.
HINH_1_FEN = "5k3/7R1/9/9/9/9/9/9/9/3K5 w - - 0 1"
HINH_1_MOVES = "h8h9 f9f8 h9h8 f8f9"
# Điều 24.2 Hình 2 ("X4-5 Tg5-6 / X5-4 Tg6-5"): the chariot follows the general from file to file.
HINH_2_FEN = "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1"
HINH_2_MOVES = "f5e5 e9f9 e5f5 f9e9"


@pytest.mark.parametrize(
    ("fen", "cycle"),
    [(HINH_1_FEN, HINH_1_MOVES), (HINH_2_FEN, HINH_2_MOVES)],
    ids=["hinh_1", "hinh_2"],
)
def test_one_chariot_checking_for_ever_is_flagged_dieu_24_2(fen, cycle):
    moves = moves_of(cycle, times=2)  # 8 plies: the start position occurs 3 times
    assert pyffish_checks(fen, moves) == [True, False] * 4
    analysis = analyse_game(fen, moves)
    assert [(r.first_ply, r.length, r.count) for r in analysis.repetitions] == [(0, 4, 3)]
    assert analysis.repetitions[0].moves == cycle.split()
    [flag] = analysis.perpetual_checks
    assert (flag.side, flag.plies, flag.mutual) == ("w", [1, 3, 5, 7], False)
    assert flag.moves == [m.iccs() for m in moves[0::2]]
    assert analysis.chases == []


def test_two_chariots_checking_in_turn_are_flagged_dieu_24_2_hinh_3():
    """Hình 3: "X4.1 Tg4.1 / X5-6 Tg4-5 / X6-5 Tg5-4 / X4/1 Tg4/1": two chariots take turns."""
    fen = "3k5/5R3/9/9/4R4/9/9/9/9/5K3 w - - 0 1"
    moves = moves_of("f8f9 d9d8 e5d5 d8e8 d5e5 e8d8 f9f8 d8d9", times=2)
    assert pyffish_checks(fen, moves) == [True, False] * 8
    analysis = analyse_game(fen, moves)
    assert [(r.first_ply, r.length, r.count) for r in analysis.repetitions] == [(0, 8, 3)]
    [flag] = analysis.perpetual_checks
    assert (flag.side, flag.plies, flag.mutual) == ("w", list(range(1, 16, 2)), False)


def test_two_checks_against_one_counter_check_flags_only_the_checker_dieu_24_4():
    """Điều 24.4: Red checks with every move (chariot off the file uncovers the cannon, chariot
    back checks directly); Black's cannon blocks, checking every other move. Red must change."""
    fen = "9/9/3k5/3c5/9/3R5/9/1c1C2r2/9/1N3K2n w - - 0 1"
    moves = moves_of("d4f4 d6f6 f4d4 f6d6", times=2)
    assert pyffish_checks(fen, moves) == [True, True, True, False] * 2
    analysis = analyse_game(fen, moves)
    assert [(p.side, p.mutual) for p in analysis.perpetual_checks] == [("w", False)]


def test_both_sides_checking_with_every_move_is_mutual_dieu_24_3():
    """Điều 24.3 / 7.2c: when both sides check with every move, both flags say ``mutual``."""
    moves = moves_of("a0a1 a9a8 a1a0 a8a9", times=2)
    flags = _perpetual_checks(moves, [False] + [True] * 8, "4k4/9/9/9/9/9/9/9/9/3K5 w", 0, 8)
    assert [(f.side, f.plies, f.mutual) for f in flags] == [
        ("w", [1, 3, 5, 7], True),
        ("b", [2, 4, 6, 8], True),
    ]


def test_one_check_one_idle_is_not_perpetual_check_dieu_24_9():
    """Điều 24.9 Hình 14 ("X7.1 S5/4 / X7/1 S4.5"): check, advisor blocks, chariot retreats."""
    fen = "4k4/2R1a4/9/9/9/9/9/9/9/3K5 w - - 0 1"
    moves = moves_of("c8c9 e8d9 c9c8 d9e8", times=3)
    assert pyffish_checks(fen, moves)[:4] == [True, False, False, False]
    analysis = analyse_game(fen, moves)
    assert [(r.first_ply, r.length, r.count) for r in analysis.repetitions] == [(0, 4, 4)]
    assert analysis.perpetual_checks == []
    assert analysis.chases == []  # the chariot never attacks the advisor after its moves


def test_chariot_chasing_an_unprotected_cannon_is_flagged_dieu_24_14_hinh_33():
    """Hình 33 ("X2-1 P9-8 / X1-2 P8-9"): the chariot follows the cannon from file to file."""
    fen = "4k4/9/8c/9/9/9/7R1/9/9/3K5 w - - 0 1"
    moves = moves_of("h3i3 i7h7 i3h3 h7i7", times=3)
    analysis = analyse_game(fen, moves)
    assert analysis.perpetual_checks == []
    [chase] = analysis.chases
    assert (chase.side, chase.chasing_piece, chase.chased_piece) == ("w", "R@h3", "c@i7")
    assert (chase.kind, chase.protected) == ("one_piece", False)
    assert chase.plies == [1, 3, 5, 7, 9, 11]
    assert chase.moves == ["h3i3", "i3h3"] * 3


def test_chariot_offering_an_exchange_to_a_chariot_is_not_a_chase_dieu_24_20():
    """Điều 24.20: chariots attacking each other, both free to capture = offered exchange."""
    fen = "4k4/9/8r/9/9/9/7R1/9/9/3K5 w - - 0 1"
    moves = moves_of("h3i3 i7h7 i3h3 h7i7", times=3)
    analysis = analyse_game(fen, moves)
    assert analysis.repetitions and analysis.chases == []


def test_cannon_chasing_a_protected_chariot_is_still_flagged_dieu_23_point_6():
    """Point 6: a horse or cannon chasing a chariot is forbidden even when it is protected.
    The black chariot toggles h8/i8 (protected by the chariot on g8); the red cannon follows,
    firing over the soldiers on h5 and i5. The black chariot's own threats alternate between
    two soldiers (point 4: allowed)."""
    fen = "4k4/6rr1/9/9/7PP/9/7C1/9/9/3K5 b - - 0 1"
    moves = moves_of("h8i8 h3i3 i8h8 i3h3", times=3)
    analysis = analyse_game(fen, moves)
    [chase] = analysis.chases
    assert (chase.side, chase.chasing_piece, chase.chased_piece) == ("w", "C@h3", "r@h8")
    assert chase.protected is True
    assert chase.plies == [2, 4, 6, 8, 10, 12]


def test_no_capture_counter_reaches_the_limit_after_50_moves_each_dieu_12():
    fen = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
    moves = moves_of("a0a1 i9i8 a1a0 i8i9", times=25)  # 100 plies, no capture, no check
    analysis = analyse_game(fen, moves)
    assert analysis.plies_since_capture == 100
    assert analysis.counted_no_capture_moves == {"w": 50, "b": 50}
    assert (analysis.fifty_move_reached, analysis.fifty_move_ply) == (True, 100)
    sixty = analyse_game(fen, moves, no_capture_limit=60)  # seed 001 says 60
    assert sixty.fifty_move_reached is False and sixty.fifty_move_ply is None
    assert analyse_game(fen, moves * 2, no_capture_limit=60).fifty_move_ply == 120


def test_checks_count_for_at_most_five_moves_dieu_12c():
    # Hình 1 cycle repeated: every red move checks, so red's 50 moves count as 5.
    fen = "9/5k3/7R1/9/9/9/9/9/9/3K5 w - - 0 1"
    moves = moves_of("h7h8 f8f7 h8h7 f7f8", times=25)
    analysis = analyse_game(fen, moves)
    assert analysis.plies_since_capture == 100
    assert analysis.counted_no_capture_moves == {"w": 5, "b": 50}
    assert analysis.fifty_move_reached is False


def test_a_capture_resets_the_counter_and_the_fen_clock_is_taken_over_dieu_12():
    fen = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 90 60"  # 45 moves each already without capture
    moves = moves_of("a0a1 i9i8 a1a0 i8i9", times=3)  # 6 more each -> 51
    analysis = analyse_game(fen, moves)
    assert analysis.counted_no_capture_moves == {"w": 51, "b": 51}
    assert analysis.fifty_move_ply == 10
    capture = analyse_game("4k3r/9/9/9/9/9/9/9/p8/R2K5 w - - 90 60", moves_of("a0a1 i9i8 a1a2"))
    assert capture.plies_since_capture == 2
    assert capture.counted_no_capture_moves == {"w": 1, "b": 1}


def test_game_end_and_to_dict():
    fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"
    analysis = analyse_game(fen, moves_of("b0b9"))
    assert (analysis.ending, analysis.winner) == ("checkmate", "w")
    data = analysis.to_dict()
    for key in ("ending", "winner", "plies_since_capture", "fifty_move_reached"):
        assert key in data
    assert data["repetitions"] == data["perpetual_checks"] == data["chases"] == []
    stalemate = analyse_game("4k4/3P1P3/9/9/9/9/9/9/9/3K4R w - - 0 1", moves_of("i0i1"))
    assert (stalemate.ending, stalemate.winner) == ("stalemate", "w")


def test_validate_names_the_illegal_ply():
    lines = (SAMPLE / "games_iccs_sample.txt").read_text(encoding="utf-8").splitlines()
    moves = moves_of(lines[20].split("\t")[1])  # shared line 35: illegal at ply 72
    with pytest.raises(IllegalMoveError, match="ply 72: illegal move e9e8") as info:
        analyse_game(None, moves, validate=True)
    assert (info.value.ply, info.value.reason) == (72, "leaves_check")


def test_real_perpetual_check_flags_are_real_checks():
    """Sample game (shared line 945): every flagged move gives check according to pyffish."""
    lines = (SAMPLE / "games_iccs_sample.txt").read_text(encoding="utf-8").splitlines()
    moves = moves_of(lines[21].split("\t")[1])
    analysis = analyse_game(None, moves)
    assert analysis.perpetual_checks
    start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    gives = pyffish_checks(start, moves)
    for flag in analysis.perpetual_checks:
        assert all(gives[p - 1] for p in flag.plies)


def threats(fen: str, side: str = "w") -> dict[str, bool]:
    """Forbidden-to-repeat capture threats of ``side`` as {iccs: target really protected}."""
    pos = Position.from_fen(fen)
    found = _forbidden_threats(pos, 0 if side == "w" else 1)
    assert pos.fen() == Position.from_fen(fen).fen()  # the helper leaves the position intact
    return {_move_name(fr, to): protected for (fr, to), protected in found.items()}


def _move_name(fr: int, to: int) -> str:
    return f"{'abcdefghi'[fr % 9]}{fr // 9}{'abcdefghi'[to % 9]}{to // 9}"


def test_soldier_before_the_river_may_be_chased_after_it_not_dieu_23_point_3():
    # Red chariots c3 and g2 attack an uncrossed soldier (c6) and a crossed one (g4).
    assert threats("4k4/9/9/2p6/9/6p2/2R6/6R2/9/5K3 w - - 0 1") == {"g2g4": False}


def test_threats_by_general_or_soldier_do_not_count_dieu_23_point_9():
    # The red soldier e5 attacks the horse d5; the red general e1 attacks the horse f1.
    assert threats("3k5/9/9/9/3nP4/9/9/9/4Kn3/9 w - - 0 1") == {}


def test_real_and_false_protection_and_offered_exchange_dieu_22_15_16_and_24_20():
    # a7 cannon: protected by the a9 chariot -> allowed. c8 horse: its only defender, the e8
    # chariot, is pinned on the e-file by the e3 chariot -> false protection ("cẩn giả").
    # e8 chariot attacked by the e3 chariot, which it can take back -> offered exchange.
    fen = "r3k4/2n1r4/c8/9/9/9/R3R4/2R6/9/5K3 w - - 0 1"
    assert threats(fen) == {"c2c8": False}


def test_horse_threatening_a_protected_chariot_counts_dieu_23_point_6():
    assert threats("4k1n2/9/7r1/9/6N2/9/9/9/9/5K3 w - - 0 1") == {"g5h7": True}


def test_chariot_keeping_its_attack_on_a_cannon_that_does_not_run_is_not_a_chase_hinh_106():
    """Điều 24 "Thí dụ về không phải bắt mãi", Hình 106 ("X2.1 P8.1 / X2/1 P8/1"): the chariot
    attacks the unprotected cannon after every move, but the threat was already there."""
    fen = "4k4/7c1/9/9/9/9/9/7R1/9/3K5 w - - 0 1"
    moves = moves_of("h2h3 h8h7 h3h2 h7h8", times=3)
    analysis = analyse_game(fen, moves)
    assert analysis.repetitions and analysis.chases == []


def test_iccs_strings_are_accepted_and_parameters_checked():
    fen = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
    assert (
        analyse_game(fen, ["a0a1", "i9i8"]).to_dict()
        == analyse_game(fen, moves_of("a0a1 i9i8")).to_dict()
    )
    with pytest.raises(ValueError, match="no_capture_limit"):
        analyse_game(fen, [], no_capture_limit=0)
    with pytest.raises(ValueError, match="Not an ICCS move"):
        analyse_game(fen, ["a0a"])


def test_horse_and_cannon_chasing_one_chariot_in_turn_dieu_24_16():
    """Điều 24.16 (and 23 point 3, 2nd sentence): cannon and horse take turns threatening the
    same chariot: the horse steps off the a-file (attacking a7 itself) and back (becoming the
    cannon's screen). Black only moves its general."""
    fen = "4k4/9/r8/9/9/9/N8/C8/9/3K5 w - - 0 1"
    moves = moves_of("a3b5 e9e8 b5a3 e8e9", times=3)
    analysis = analyse_game(fen, moves)
    [chase] = analysis.chases
    assert (chase.side, chase.chased_piece, chase.kind) == ("w", "r@a7", "several_pieces")
    assert chase.chasing_pieces == ["C@a2", "N@a3"]
    assert chase.plies == [1, 3, 5, 7, 9, 11]


@pytest.mark.parametrize(
    ("fen", "chased"),
    [
        ("4k4/9/6n2/6p2/8p/7N1/9/9/9/3K5 w - - 0 1", True),  # legs g6 / i5 blocked: Hình 55
        ("4k4/9/6n2/9/9/7N1/9/9/9/3K5 w - - 0 1", False),  # free to take back: exchange offer
    ],
    ids=["leg_blocked", "leg_free"],
)
def test_horse_chasing_a_horse_that_cannot_take_back_dieu_24_20_hinh_55(fen, chased):
    """Hình 55 ("M2.4 M7.9 / M4/2 M9/7"): the red horse follows the black horse. When the black
    horse's leg is blocked it cannot capture back, so it is a chase (24.20, second case);
    with free legs the horses attack each other: an offered exchange (first case)."""
    moves = moves_of("h4f5 g7i6 f5h4 i6g7", times=3)
    analysis = analyse_game(fen, moves)
    if chased:
        [chase] = analysis.chases
        assert (chase.side, chase.chasing_piece, chase.chased_piece) == ("w", "N@h4", "n@g7")
        assert chase.kind == "one_piece"
    else:
        assert analysis.chases == []
