"""Public, TRF-independent API of the Dutch pairing.

    pair_round(players, history, round_number, options) -> list[Pairing]

* ``players``: the registered players (:class:`SwissPlayer`, ``id`` = pairing
  number; use :func:`assign_pairing_numbers` to number them by Điều 28.1);
* ``history``: for each player id the list of :class:`RoundEntry` of rounds
  1 .. round_number - 1 (``None`` or a missing entry = not paired, 0 points);
* ``options``: :class:`DutchOptions` (number of rounds, initial colour, the
  players not paired this round with their bye code, acceleration, points).

The result lists the boards in the order of the FIDE-endorsed programs
(highest scores first) and the pairing-allocated bye last as
``Pairing(player, None)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from chessrules.dutch.colors import choose_colour
from chessrules.dutch.engine import compute_pairs
from chessrules.dutch.model import (
    WHITE,
    DutchOptions,
    Pairing,
    PairingError,
    RoundEntry,
    SwissPlayer,
)
from chessrules.dutch.state import PlayerState, TournamentState

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""Title precedence for the initial order (C.04.2 / Điều 28.1)."""


def title_rank(title: str) -> int:
    title = (title or "").strip().upper()
    if title in TITLE_ORDER:
        return TITLE_ORDER.index(title)
    # TRF16 one-letter codes: g, m (IM), f, c, wg, wm, wf, wc.
    short = {"G": 0, "M": 1, "WG": 2, "F": 3, "WM": 4, "C": 5, "WF": 6, "WC": 7}
    return short.get(title, len(TITLE_ORDER))


def initial_order_key(player: SwissPlayer) -> tuple[int, int, str]:
    """Điều 28.1 / C.04.2: rating (descending), then title, then name (alphabetical)."""
    return (-(player.rating or 0), title_rank(player.title), player.name.casefold())


def assign_pairing_numbers(players: Iterable[SwissPlayer]) -> list[SwissPlayer]:
    """Number the players 1..n in the initial order (rating, title, name)."""
    ordered = sorted(players, key=initial_order_key)
    return [
        SwissPlayer(number, p.rating, p.name, p.title) for number, p in enumerate(ordered, 1)
    ]


def pair_round(
    players: Sequence[SwissPlayer],
    history: Mapping[int, Sequence[RoundEntry | None]],
    round_number: int,
    options: DutchOptions | None = None,
    progress: Callable[[float], None] | None = None,
) -> list[Pairing]:
    """Pair round ``round_number`` by the FIDE Dutch System (C.04.3).

    ``progress`` is told the share of players paired (0-1) after each bracket; the first,
    biggest brackets of an early round take most of the time."""
    options = options or DutchOptions()
    if options.initial_color not in ("w", "b"):
        raise PairingError(f"initial colour {options.initial_color!r} is not 'w' or 'b'")
    known = {p.id for p in players}
    for player_id in list(history) + list(options.not_paired):
        if player_id not in known:
            raise PairingError(f"player {player_id} is not registered")
    state = TournamentState(
        list(players), {k: list(v) for k, v in history.items()}, round_number, options
    )
    pairs = compute_pairs(state, progress)
    boards: list[tuple[PlayerState, PlayerState | None]] = []
    for first, second in pairs:
        if second is None:
            boards.append((first, None))
            continue
        colour = choose_colour(first, second, state)
        boards.append((first, second) if colour == WHITE else (second, first))
    boards.sort(key=_board_order_key)
    return [Pairing(white.id, black.id if black else None) for white, black in boards]


def _board_order_key(board: tuple[PlayerState, PlayerState | None]) -> tuple[int, ...]:
    """Boards by the higher then the lower player's score, then the higher's rank."""
    white, black = board
    if black is None:
        return (1, 0, 0, white.rank_index)
    if (white.score_raw, black.rank_index) < (black.score_raw, white.rank_index):
        higher, lower = black, white
    else:
        higher, lower = white, black
    return (0, -higher.score_raw, -lower.score_raw, higher.rank_index)
