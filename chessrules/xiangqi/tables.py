"""Precomputed move tables of the xiangqi board (Điều 2, 4.3).

Squares are numbered ``rank * 9 + file`` (file 0..8 = a..i from Red's left, rank 0..9 from
Red's side, as in ICCS). Pieces are small ints ``kind | colour << 3`` so that the colour of a
non-empty square is ``piece >> 3`` (0 = Red/White, 1 = Black) and its kind ``piece & 7``.
Everything a move generator needs is looked up here instead of being computed per move.
"""

RED, BLACK = 0, 1
EMPTY = 0
KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN = 1, 2, 3, 4, 5, 6, 7
KIND_LETTERS = "?KABNRCP"

FILES, RANKS = 9, 10
NSQ = FILES * RANKS

PIECE_OF_LETTER: dict[str, int] = {}
for _kind in range(1, 8):
    PIECE_OF_LETTER[KIND_LETTERS[_kind]] = _kind
    PIECE_OF_LETTER[KIND_LETTERS[_kind].lower()] = _kind | 8
# Letters some FEN writers use: E(lephant) and H(orse).
PIECE_OF_LETTER.update({"E": ELEPHANT, "e": ELEPHANT | 8, "H": HORSE, "h": HORSE | 8})
LETTER_OF_PIECE: list[str | None] = [None] * 16
for _kind in range(1, 8):
    LETTER_OF_PIECE[_kind] = KIND_LETTERS[_kind]
    LETTER_OF_PIECE[_kind | 8] = KIND_LETTERS[_kind].lower()


def square(file: int, rank: int) -> int:
    return rank * FILES + file


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < FILES and 0 <= rank < RANKS


def in_palace(colour: int, file: int, rank: int) -> bool:
    """Cung Tướng: files d-f, ranks 0-2 (Red) or 7-9 (Black) (Điều 2.1)."""
    return 3 <= file <= 5 and (0 <= rank <= 2 if colour == RED else 7 <= rank <= 9)


def own_half(colour: int, rank: int) -> bool:
    """True when ``rank`` is on ``colour``'s side of the river."""
    return 0 <= rank <= 4 if colour == RED else 5 <= rank <= 9


FORWARD = (1, -1)  # rank step of a soldier's advance, per colour

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))  # N, S, E, W (N = towards Black)
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _build() -> None:
    g = globals()
    king_steps: list[list[list[int]]] = [[[] for _ in range(NSQ)] for _ in (RED, BLACK)]
    advisor_steps: list[list[list[int]]] = [[[] for _ in range(NSQ)] for _ in (RED, BLACK)]
    elephant_steps: list[list[list[tuple[int, int]]]] = [
        [[] for _ in range(NSQ)] for _ in (RED, BLACK)
    ]
    pawn_steps: list[list[list[int]]] = [[[] for _ in range(NSQ)] for _ in (RED, BLACK)]
    pawn_attackers: list[list[list[int]]] = [[[] for _ in range(NSQ)] for _ in (RED, BLACK)]
    horse_steps: list[list[tuple[int, int]]] = [[] for _ in range(NSQ)]
    horse_attackers: list[list[tuple[int, int]]] = [[] for _ in range(NSQ)]
    rays: list[tuple[tuple[int, ...], ...]] = []
    for sq in range(NSQ):
        f, r = sq % FILES, sq // FILES
        one_ray = []
        for df, dr in ORTHOGONAL:
            ray = []
            ff, rr = f + df, r + dr
            while on_board(ff, rr):
                ray.append(square(ff, rr))
                ff, rr = ff + df, rr + dr
            one_ray.append(tuple(ray))
        rays.append(tuple(one_ray))
        for colour in (RED, BLACK):
            if in_palace(colour, f, r):
                for df, dr in ORTHOGONAL:
                    if in_palace(colour, f + df, r + dr):
                        king_steps[colour][sq].append(square(f + df, r + dr))
                for df, dr in DIAGONAL:
                    if in_palace(colour, f + df, r + dr):
                        advisor_steps[colour][sq].append(square(f + df, r + dr))
            if own_half(colour, r):
                for df, dr in DIAGONAL:
                    tf, tr = f + 2 * df, r + 2 * dr
                    if on_board(tf, tr) and own_half(colour, tr):
                        elephant_steps[colour][sq].append((square(tf, tr), square(f + df, r + dr)))
            fwd = FORWARD[colour]
            steps = [(0, fwd)] if own_half(colour, r) else [(0, fwd), (1, 0), (-1, 0)]
            for df, dr in steps:
                if on_board(f + df, r + dr):
                    to = square(f + df, r + dr)
                    pawn_steps[colour][sq].append(to)
                    pawn_attackers[colour][to].append(sq)
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            tf, tr = f + df, r + dr
            if not on_board(tf, tr):
                continue
            # The leg is the point next to the horse along the longer leg of the "L".
            if abs(dr) == 2:
                leg = square(f, r + dr // 2)
            else:
                leg = square(f + df // 2, r)
            horse_steps[sq].append((square(tf, tr), leg))
            horse_attackers[square(tf, tr)].append((sq, leg))
    # For a general on ``k``: which direction (index into RAYS[k]) leads to each square, and
    # for each diagonal neighbour of ``k`` (a horse leg) the horse squares it shields.
    line_dir: list[list[int]] = []
    leg_horses: list[list[tuple[int, ...] | None]] = []
    for k in range(NSQ):
        dirs = [-1] * NSQ
        for d, ray_squares in enumerate(rays[k]):
            for target in ray_squares:
                dirs[target] = d
        line_dir.append(dirs)
        legs: list[tuple[int, ...] | None] = [None] * NSQ
        by_leg: dict[int, list[int]] = {}
        for h, leg in horse_attackers[k]:
            by_leg.setdefault(leg, []).append(h)
        for leg, hs in by_leg.items():
            legs[leg] = tuple(hs)
        leg_horses.append(legs)
    g.update(
        KING_STEPS=king_steps,
        ADVISOR_STEPS=advisor_steps,
        ELEPHANT_STEPS=elephant_steps,
        PAWN_STEPS=pawn_steps,
        PAWN_ATTACKERS=pawn_attackers,
        HORSE_STEPS=horse_steps,
        HORSE_ATTACKERS=horse_attackers,
        RAYS=tuple(rays),
        LINE_DIR=line_dir,
        LEG_HORSES=leg_horses,
    )


KING_STEPS: list[list[list[int]]]
ADVISOR_STEPS: list[list[list[int]]]
ELEPHANT_STEPS: list[list[list[tuple[int, int]]]]
PAWN_STEPS: list[list[list[int]]]
PAWN_ATTACKERS: list[list[list[int]]]
HORSE_STEPS: list[list[tuple[int, int]]]
HORSE_ATTACKERS: list[list[tuple[int, int]]]
RAYS: tuple[tuple[tuple[int, ...], ...], ...]
LINE_DIR: list[list[int]]
LEG_HORSES: list[list[tuple[int, ...] | None]]
_build()
