"""Round robin ("hệ thống vòng tròn", Điều 26 and Phụ lục 1 of the Xiangqi Law).

The schedule is the Berger table, identical to FIDE Handbook C.05 Annex 1.  It is
built from the two rules printed under the tables of Phụ lục 1 (the printed tables
themselves contain typos, see ``PRINTED_TABLE_TYPOS`` and docs/decisions-competition.md):

a) colours: an even number against an odd number -> the lower number has White; two
   even or two odd numbers -> the higher number has White.  The last (even) number has
   Black against the upper half (1 .. n/2) and White against the others.
b) round: players i and j meet in round ``i + j - 1``, minus ``n - 1`` if that is larger
   than ``n - 1``; the last number meets k in round ``2k - 1`` reduced the same way.

With an odd number of players the table of ``n + 1`` is used and whoever meets the
missing number ``n + 1`` rests that round.

Public API
----------
- ``table_size(players) -> int``: even size of the Berger table for that many players.
- ``meeting_round(i, j, size) -> int``: rule (b).
- ``white_of(i, j, size) -> int``: rule (a), the number that has White.
- ``berger_table(players) -> list[list[Board]]``: rounds of ``Board(white, black)`` in
  board order; with an odd number of players one board per round has the missing number
  ``size`` (see ``Board.bye``).
- ``double_round_robin(players, swap_last_two=False)``: cycle 2 with colours reversed
  (002 Điều 15); ``swap_last_two`` exchanges the last two rounds of cycle 1 as FIDE
  C.05 recommends.
- ``format_table(players, double=False) -> str``: the Phụ lục 1 layout.
"""

from __future__ import annotations

from typing import NamedTuple


class Board(NamedTuple):
    """One board of a round: ``white`` plays ``black``.

    ``rest`` is the number of the missing player when the table is used for an odd
    number of players (then the other player of the board rests), else None.
    """

    white: int
    black: int
    rest: int | None = None

    @property
    def bye(self) -> int | None:
        """The player who rests on this board (odd number of players), or None."""
        if self.rest is None or self.rest not in (self.white, self.black):
            return None
        return self.black if self.white == self.rest else self.white

    def pair(self) -> tuple[int, int]:
        return (self.white, self.black)


def table_size(players: int) -> int:
    """The even size of the Berger table used for ``players`` players (Phụ lục 1)."""
    if players < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {players}")
    return players + (players % 2)


def _reduce(value: int, size: int) -> int:
    """Map a round or player number into 1 .. size-1 (subtract size-1 while larger)."""
    modulus = size - 1
    return (value - 1) % modulus + 1


def meeting_round(i: int, j: int, size: int) -> int:
    """Rule (b) of Phụ lục 1: the round in which numbers ``i`` and ``j`` meet."""
    _check_numbers(i, j, size)
    if size in (i, j):
        other = j if i == size else i
        return _reduce(2 * other - 1, size)
    return _reduce(i + j - 1, size)


def white_of(i: int, j: int, size: int) -> int:
    """Rule (a) of Phụ lục 1: which of ``i`` and ``j`` has White."""
    _check_numbers(i, j, size)
    if size in (i, j):
        other = j if i == size else i
        return size if other > size // 2 else other
    if (i + j) % 2 == 1:  # one even, one odd
        return min(i, j)
    return max(i, j)


def _check_numbers(i: int, j: int, size: int) -> None:
    if size % 2 or size < 2:
        raise ValueError(f"table size must be even and >= 2, got {size}")
    for number in (i, j):
        if not 1 <= number <= size:
            raise ValueError(f"player number {number} is outside 1..{size}")
    if i == j:
        raise ValueError(f"player {i} cannot meet himself")


def berger_table(players: int) -> list[list[Board]]:
    """The Berger table for ``players`` players (FIDE C.05 Annex 1, Phụ lục 1).

    Board order follows the printed tables: board 1 holds the last number, then the
    pairs (k+1, k-1), (k+2, k-2), ... around the player k who meets the last number.
    """
    size = table_size(players)
    rest = size if players % 2 else None
    rounds: list[list[Board]] = []
    for round_number in range(1, size):
        # The player k who meets the last number: 2k - 1 == round (mod size - 1).
        k = (round_number + 1) // 2 if round_number % 2 else (round_number + size) // 2
        boards = [_board(k, size, size, rest)]
        for m in range(1, size // 2):
            boards.append(_board(_reduce(k + m, size), _reduce(k - m, size), size, rest))
        rounds.append(boards)
    return rounds


def _board(a: int, b: int, size: int, rest: int | None) -> Board:
    # rule (a), inlined: berger_table already guarantees valid, distinct numbers
    if size in (a, b):
        other = b if a == size else a
        white = size if other > size // 2 else other
    elif (a + b) % 2:
        white = min(a, b)
    else:
        white = max(a, b)
    return Board(white, b if white == a else a, rest)


def double_round_robin(players: int, swap_last_two: bool = False) -> list[list[Board]]:
    """Two cycles; in cycle 2 the colours are reversed (002 Điều 15).

    ``swap_last_two`` exchanges the last two rounds of the first cycle (FIDE C.05
    Annex 1 recommendation, avoids three games in a row with one colour); the second
    cycle then repeats the (swapped) first cycle with colours reversed.
    """
    first = berger_table(players)
    if swap_last_two and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [[Board(b.black, b.white, b.rest) for b in boards] for boards in first]
    return first + second


def format_board(board: Board) -> str:
    """``white - black`` with the missing number in brackets, as in Phụ lục 1."""

    def shown(number: int) -> str:
        return f"({number})" if number == board.rest else str(number)

    return f"{shown(board.white)} - {shown(board.black)}"


def format_table(players: int, double: bool = False, numbered: bool = False) -> str:
    """The table in the layout of Phụ lục 1: one line per round, boards separated by
    two spaces.  ``numbered`` prefixes each line with the round number and two spaces.
    """
    rounds = double_round_robin(players) if double else berger_table(players)
    lines = []
    for number, boards in enumerate(rounds, 1):
        text = "  ".join(format_board(board) for board in boards)
        lines.append(f"{number}  {text}" if numbered else text)
    return "\n".join(lines) + "\n"


def rest_schedule(players: int) -> dict[int, int]:
    """For an odd number of players: round -> the player who rests."""
    if players % 2 == 0:
        return {}
    return {
        number: next(b.bye for b in boards if b.bye is not None)
        for number, boards in enumerate(berger_table(players), 1)
    }


PRINTED_TABLE_TYPOS: list[tuple[str, int, int, str, str]] = [
    # (table, round, board, printed, correct) in Phụ lục 1 of seed 000.
    ("5-6", 5, 1, "3 - 6", "3 - (6)"),
    ("11-12", 3, 1, "2 - (12)4", "2 - (12)"),
    ("11-12", 3, 6, "7 - 3", "7 - 8"),
    ("11-12", 6, 5, "2 - 15", "2 - 5"),
    ("11-12", 9, 4, "8 - 12", "8 - 2"),
    ("17-18", 17, 3, "11 - 17", "11 - 7"),
]
"""Typos of the printed tables of Phụ lục 1 (seed 000), found by comparing with rules
(a) and (b); the tests check that fixing exactly these makes the tables agree."""
