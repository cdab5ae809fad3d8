"""The adjusted Swiss system as the Law writes it ("Hệ Thụy Sĩ điều chỉnh", Điều 28;
002 Điều 13 and its Phụ lục 3 examples).  Pure Python, no Django.

Players are named by their numbers, which are their ranks in the order of 28.1
(``rank_order``: rating, title, national rating or category, lot); number 1 is the
strongest.  One round (``pair_round``):

1. 28.2: with an odd number of players, the highest-numbered player of the lowest score
   group who has not yet scored a point for want of an opponent gets the bye (1 point,
   no colour);
2. 28.3: score groups are paired from the highest down to the median group (50 % of the
   points), then from the lowest up to it, and the median group last; inside a group the
   first half meets the second half in order (1 - n/2+1, 2 - n/2+2, ...);
3. 28.4-28.5: a group that cannot be completed (odd, or nobody left for a player) sends
   a player to the next group toward the median: down from above (the highest number
   by default), up from below (the lowest); the choice helps the White/Black balance
   (28.4.1), and when there are more players than 2 to the power of the rounds the
   floater is never rated more than 100 above the group's end player (28.4.2-28.4.3);
   floaters come first in their new group, the highest score first (28.5), and meet its
   lowest number (down) or highest number (up) they are compatible with (28.6);
4. 28.6, first check: every pair must be compatible (they have not met; a colour exists
   that keeps both within the colour limits of Điều 27).  Alternatives are tried in the
   order of Phụ lục 3 (``pairings_in_order``): the first player's opponent moves through
   the second half top-down, then through the first half bottom-up, the rest paired
   again by halves;
5. 28.6, second check: colours alternate and even out; when both are due the same
   colour, the earlier games decide, and otherwise the lower number gets his due colour;
   two pairs of a group exchange partners when that gives both their due colours and
   the exchanged players' ratings differ by at most 100;
6. round 1: the lot decides the colour of the odd numbers of the first half, the even
   numbers take the other (28.6 last paragraph);
7. 28.7: a late player is not paired before the round he joins (the caller leaves him
   out); numbers are provisional until then (``rank_order`` is rerun).

When the median group cannot be completed its players go to the nearest group (28.4):
the meeting point moves to the next score group, nearest first (a warning says so).
When the groups' first choices still leave players without a partner, the choices are
searched again with backtracking: a group that cannot be completed sends the search back
to the group before it, which tries other floaters (28.4 "phải chọn đấu thủ khác trong
nhóm"), more floaters (28.6.1-28.6.2) and other partners for its floaters (28.6).  Only
when that finds nothing is the rest of the field (else the whole field) paired by the
smallest score differences (a maximum matching; a warning says so); when no pairing keeps
the colour limits they are waived (Điều 27: "có thể bị xóa bỏ ở vòng đấu cuối cùng";
earlier rounds say so in a warning for the arbiter).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from chessrules.dutch.api import title_rank
from chessrules.dutch.blossom import max_weight_matching

RATING_GAP = 100  # 28.4.2, 28.4.3, 28.6: "không quá 100 đơn vị"
NODE_BUDGET = 50_000  # pairings tried per group before it sends more players on
SEARCH_BUDGET = 200_000  # steps of the backtracking across score groups (one round)


class _OutOfBudget(Exception):
    """The backtracking search took more than ``SEARCH_BUDGET`` steps."""


@dataclass(frozen=True)
class Ranked:
    """What 28.1 ranks a player by (``key`` is the caller's id for him)."""

    key: object
    rating: int = 0
    title: str = ""
    national: int = 0  # the national rating (higher first)
    category: int = 0  # the national category ("đẳng cấp") as a rank, higher first


def rank_order(players: Iterable[Ranked], lot_seed: int) -> list[object]:
    """28.1: rating (highest first), then title, then "hệ số của quốc gia hoặc đẳng cấp
    theo thứ hạng quốc gia" — the national rating, and where that is equal or absent the
    national category (higher first) — then lot (drawn from ``lot_seed``, so it replays)."""
    players = list(players)
    lot = {id(p): i for i, p in enumerate(
        random.Random(f"28.1:{lot_seed}").sample(players, len(players)))}
    return [p.key for p in sorted(players, key=lambda p: (
        -(p.rating or 0), title_rank(p.title), -(p.national or 0), -(p.category or 0),
        lot[id(p)]))]


@dataclass(frozen=True)
class Player:
    """A player before the round: ``number`` is his 28.1 rank."""

    number: int
    rating: int = 0
    score: float = 0.0
    colours: tuple[str, ...] = ()  # colours of his played games in order, "w"/"b"
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False  # a point without an opponent already (28.2)


@dataclass
class Draw:
    """One paired round: ``pairs`` are ``(white, black)`` from the top group down."""

    round: int
    pairs: list[tuple[int, int]] = field(default_factory=list)
    bye: int | None = None
    floats: dict[int, str] = field(default_factory=dict)  # "↓" moved down, "↑" up
    score_group: dict[int, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    # the groups' first choices dead-ended and backtracking across groups paired the round
    backtracked: bool = False


# --- Phụ lục 3: the order in which alternatives are tried -----------------------------------

def opponent_order(group: Sequence[int]) -> list[int]:
    """The opponents the first player of ``group`` tries in turn (Phụ lục 3): the second
    half from its top, then the first half from its bottom."""
    half = len(group) // 2
    return list(group[half:]) + list(reversed(group[1:half]))


def pairings_in_order(group: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every pairing of an even ``group`` in the order of Phụ lục 3 (the first is the
    halving of 28.3).  Top-down the group is in rising numbers, bottom-up in falling."""
    if not group:
        yield []
        return
    first = group[0]
    for other in opponent_order(group):
        rest = [p for p in group[1:] if p != other]
        for tail in pairings_in_order(rest):
            yield [(first, other), *tail]


# --- colours ------------------------------------------------------------------------------------

def colour_allowed(colours: Sequence[str], colour: str) -> bool:
    """Điều 27: no third game in a row with one colour, never three more of one colour."""
    if len(colours) >= 2 and colours[-1] == colours[-2] == colour:
        return False
    whites = colours.count("w") + (colour == "w")
    return abs(2 * whites - len(colours) - 1) < 3


def due_colour(colours: Sequence[str]) -> str | None:
    """The colour that evens out his games, else the one that alternates."""
    whites, blacks = colours.count("w"), colours.count("b")
    if whites != blacks:
        return "b" if whites > blacks else "w"
    if colours:
        return "b" if colours[-1] == "w" else "w"
    return None


def _other(colour: str) -> str:
    return "b" if colour == "w" else "w"


def allocate(a: Player, b: Player, first_colour: str = "w") -> tuple[int, int]:
    """(White, Black) for two players, by 28.6's second check: each his due colour; when
    both are due the same one, the latest earlier game in which their colours differed
    decides (each alternates from it), and otherwise the lower number gets his due colour.
    ``first_colour``: the lower number's colour when neither has played yet."""
    low, high = (a, b) if a.number < b.number else (b, a)
    due_low, due_high = due_colour(low.colours), due_colour(high.colours)
    if due_low is None and due_high is None:
        colour = first_colour
    elif due_high is None:
        colour = due_low or first_colour
    elif due_low is None:
        colour = _other(due_high)
    elif due_low != due_high:
        colour = due_low
    else:
        colour = _decide_equal_due(low, high, due_low)
    if not colour_allowed(low.colours, colour) or not colour_allowed(high.colours,
                                                                      _other(colour)):
        colour = _other(colour)  # an absolute limit outranks a preference
    return (low.number, high.number) if colour == "w" else (high.number, low.number)


def _decide_equal_due(low: Player, high: Player, due: str) -> str:
    for i in range(1, min(len(low.colours), len(high.colours)) + 1):
        mine, theirs = low.colours[-i], high.colours[-i]
        if mine != theirs:
            return _other(mine)
    return due


def _colours_possible(a: Player, b: Player, relaxed: bool) -> bool:
    if relaxed:
        return True
    return any(colour_allowed(a.colours, c) and colour_allowed(b.colours, _other(c))
               for c in "wb")


def _satisfied(a: Player, b: Player, first_colour: str) -> bool:
    """Both get the colour they are due (or have no preference)."""
    white, _black = allocate(a, b, first_colour)
    wanted = [due_colour(p.colours) for p in (a, b)]
    got = ["w" if p.number == white else "b" for p in (a, b)]
    return all(w is None or w == g for w, g in zip(wanted, got, strict=True))


# --- the round ----------------------------------------------------------------------------------

@dataclass
class _Round:
    players: dict[int, Player]
    limit_rule: bool  # 28.4 note: players > 2 ** rounds
    relaxed: bool = False
    first_colour: str = "w"
    draw: Draw = field(default_factory=lambda: Draw(0))
    steps: int = 0  # backtracking steps taken (``spend``)
    limit: int | None = None  # at most this many, when searching with backtracking
    # the first choices' pairs, floats and the players left when they fail (last resort)
    partial: tuple[list[tuple[int, int]], dict[int, str], list[int]] | None = None

    def spend(self) -> None:
        """One step of the backtracking search; past its limit the search stops."""
        self.steps += 1
        if self.limit is not None and self.steps > self.limit:
            raise _OutOfBudget

    def compatible(self, a: int, b: int) -> bool:
        pa, pb = self.players[a], self.players[b]
        return b not in pa.opponents and _colours_possible(pa, pb, self.relaxed)

    def rating(self, n: int) -> int:
        return self.players[n].rating or 0

    def search(self, order: Sequence[int]) -> list[tuple[int, int]] | None:
        """The first pairing of ``order`` in Phụ lục 3 order whose pairs are all
        compatible (depth-first, pruned at the first incompatible pair)."""
        budget = [NODE_BUDGET]

        def walk(group: list[int]) -> list[tuple[int, int]] | None:
            if not group:
                return []
            first = group[0]
            for other in opponent_order(group):
                budget[0] -= 1
                if budget[0] < 0:
                    return None
                self.spend()
                if not self.compatible(first, other):
                    continue
                tail = walk([p for p in group[1:] if p != other])
                if tail is not None:
                    return [(first, other), *tail]
            return None
        return walk(list(order))


def pair_round(players: Sequence[Player], round_number: int, total_rounds: int,
               lot_seed: int = 0) -> Draw:
    """Pair round ``round_number`` of an event of ``total_rounds`` (Điều 28)."""
    state = _Round({p.number: p for p in players},
                   limit_rule=len(players) > 2 ** max(total_rounds, 0))
    state.first_colour = random.Random(f"28.6:{lot_seed}").choice("wb")
    state.draw = Draw(round_number, score_group={p.number: p.score for p in players})
    active = sorted(state.players)
    if len(active) % 2:
        state.draw.bye = _bye(list(state.players.values()))
        active.remove(state.draw.bye)
    pairs = _pair_field(state, active, round_number)
    if pairs is None:
        # Điều 27 lets the colour rule go in the last round; earlier, only when no
        # pairing without a rematch keeps it (the round says so, for the arbiter)
        state.relaxed = True
        pairs = _pair_field(state, active, round_number)
        if pairs is not None:
            state.draw.warnings.append(
                "Điều 27: colour limits waived in the last round" if round_number >= total_rounds
                else "Điều 27: no pairing keeps the colour limits; they were waived this round")
    if pairs is None:
        raise ValueError(f"round {round_number}: no pairing exists in which nobody meets "
                         "an opponent again within the colour limits")
    state.draw.pairs = [_coloured(state, a, b, i) for i, (a, b) in enumerate(pairs)]
    return state.draw


def _bye(players: list[Player]) -> int:
    """28.2: the last number of the lowest score group without a point for want of an
    opponent; if all of that group had one, the next group up."""
    for score in sorted({p.score for p in players}):
        group = [p.number for p in players if p.score == score and not p.had_bye]
        if group:
            return max(group)
    return max(p.number for p in players)


def _coloured(state: _Round, a: int, b: int, index: int) -> tuple[int, int]:
    pa, pb = state.players[a], state.players[b]
    if not pa.colours and not pb.colours and not pa.opponents and not pb.opponents:
        # Round 1 (28.6): the lot gives the odd numbers of the first half one colour,
        # the even numbers the other.
        low = min(a, b)
        colour = state.first_colour if low % 2 else _other(state.first_colour)
        return (low, max(a, b)) if colour == "w" else (max(a, b), low)
    return allocate(pa, pb, state.first_colour)


def _pair_field(state: _Round, active: list[int], round_number: int
                ) -> list[tuple[int, int]] | None:
    """28.3: the groups above the median paired top-down, those below bottom-up, the
    median group last.

    First the article's own moves: each group takes its first choice (28.4-28.6) and,
    when the median group cannot be completed, its players go on to the nearest group
    (28.4): the meeting point moves to the next score group, nearest first.  When that
    leaves players without a partner, the choices are searched again with backtracking
    (``_meet_at`` with ``full``): a group tries its other pairings — other floaters
    (28.4.1-28.4.3 "phải chọn đấu thủ khác trong nhóm"), more floaters (28.6.1-28.6.2),
    other partners for its floaters (28.6) — whenever a group below it cannot be
    completed, the median meeting point first.  Only when that search finds nothing (no
    pairing exists, or the search hit its limit) is the last resort used
    (``_by_score_difference``, with a warning)."""
    scores = {n: state.players[n].score for n in active}
    median = (round_number - 1) / 2
    meetings = sorted({median, *scores.values()}, key=lambda s: (abs(s - median), -s))
    state.partial = None
    exhausted = False
    for full in (False, True):
        state.steps, state.limit = 0, SEARCH_BUDGET if full else None
        for meeting in meetings:
            try:
                found = _meet_at(state, active, scores, meeting, full=full,
                                 keep_partial=not full and meeting == median)
            except _OutOfBudget:
                exhausted = True
                break
            if found is not None:
                pairs, state.draw.floats = found
                state.draw.backtracked = full
                if meeting != median:
                    state.draw.warnings.append(
                        f"Điều 28.4: the median group could not be completed; the groups "
                        f"met at {meeting:g} points")
                return pairs
        state.limit = None
    why = (f"the search by 28.3-28.6 stopped at its limit of {SEARCH_BUDGET} steps"
           if exhausted else "no pairing by 28.3-28.6 exists")
    if state.partial is not None:
        pairs, state.draw.floats, rest = state.partial
        tail = _by_score_difference(state, rest)
        if tail is not None:
            state.draw.warnings.append(
                f"Điều 28: {why}; the remaining players {sorted(rest)} were paired by the "
                "smallest score difference")
            return pairs + tail
    state.draw.floats = {}
    whole = _by_score_difference(state, active)
    if whole is not None:
        state.draw.warnings.append(
            f"Điều 28: {why}; the whole round was paired by the smallest score differences")
    return whole


Floats = dict[int, str]


def _meet_at(state: _Round, active: list[int], scores: dict[int, float], meeting: float,
             *, full: bool, keep_partial: bool = False
             ) -> tuple[list[tuple[int, int]], Floats] | None:
    """The pairs (and floats) made with the groups meeting at the score ``meeting``, or
    None.  ``full``: every choice of every group is tried, depth-first (backtracking);
    otherwise each group's first choice only.  ``keep_partial``: on failure, keep the
    first choices' pairs and the players left over in ``state.partial``."""
    upper = sorted({s for s in scores.values() if s > meeting}, reverse=True)
    lower = sorted({s for s in scores.values() if s < meeting})
    groups = [(s, True) for s in upper] + [(s, False) for s in lower]
    middle = [n for n in active if scores[n] == meeting]

    def walk(index: int, down: list[int], up: list[int], pairs: list[tuple[int, int]],
             floats: Floats) -> tuple[list[tuple[int, int]], Floats] | None:
        if index == len(groups):  # the median group, paired from the top with every floater
            for new_pairs, _sent in _group_options(state, down + up, middle, downward=True,
                                                   last=True, came_up=frozenset(up),
                                                   full=full):
                return pairs + new_pairs, floats
            if keep_partial:
                state.partial = (pairs, floats, down + up + middle)
            return None
        score, downward = groups[index]
        group = [n for n in active if scores[n] == score]
        floaters = down if downward else up  # 28.3: top-down, then bottom-up
        mark = "↓" if downward else "↑"
        for new_pairs, sent in _group_options(
                state, floaters, group, downward=downward, last=False,
                came_up=frozenset() if downward else frozenset(floaters), full=full):
            marked = floats | {n: mark for n in sent}
            found = walk(index + 1, sent if downward else down, up if downward else sent,
                         pairs + new_pairs, marked)
            if found is not None:
                return found
        return None

    return walk(0, [], [], [], {})


def _group_options(state: _Round, floaters: list[int], group: list[int], *, downward: bool,
                   last: bool, came_up: frozenset[int], full: bool
                   ) -> Iterator[tuple[list[tuple[int, int]], list[int]]]:
    """The ways to pair one score group with the players floated into it, as ``(pairs,
    players sent on)``, best first: the fewest sent (28.4), each count first by the
    article's choice (``_try_group``: 28.4.1-28.4.3, 28.5, 28.6) and, with ``full``,
    then every other set of players sent on (end players first, the 100-point rule first;
    each paired by ``_search_with_floaters``).  The median group (``last``) sends nobody.
    ``downward``: paired from the top (else from the bottom)."""
    players = state.players
    # 28.5: the floater with the highest score first (lowest when floating up), then the
    # lowest number (highest when up).
    floaters = sorted(floaters, key=lambda n: (-players[n].score, n) if downward
                      else (players[n].score, -n))
    residents = sorted(group, reverse=not downward)
    total = len(floaters) + len(residents)
    seen: set[frozenset[int]] = set()
    for count in range(0, 1 if last else total + 1):
        if (total - count) % 2:
            continue
        attempt = _try_group(state, floaters, residents, count, last, came_up)
        if attempt is not None:
            seen.add(frozenset(attempt[1]))
            yield attempt
            if not full:
                return
        if full:
            yield from _other_options(state, floaters, residents, count, came_up, seen)


def _other_options(state: _Round, floaters: list[int], residents: list[int], count: int,
                   came_up: frozenset[int], seen: set[frozenset[int]]
                   ) -> Iterator[tuple[list[tuple[int, int]], list[int]]]:
    """Backtracking: every other set of ``count`` players the group may send on, end
    players first and those within 100 points of the end player first (28.4.2-28.4.3),
    floaters last; the rest paired with floaters first (28.6)."""
    end = residents[-1] if residents else None
    limit = state.rating(end) + RATING_GAP if end is not None else 0

    def within(n: int) -> bool:
        return not state.limit_rule or end is None or state.rating(n) <= limit

    ends = list(reversed(residents))
    pool = ([n for n in ends if within(n)] + [n for n in ends if not within(n)]
            + list(reversed(floaters)))
    for sent in itertools.combinations(pool, count):
        key = frozenset(sent)
        if key in seen:
            continue
        seen.add(key)
        state.spend()
        found = _search_with_floaters(state, [f for f in floaters if f not in key],
                                      [r for r in residents if r not in key], came_up)
        if found is not None:
            yield found, list(sent)


def _search_with_floaters(state: _Round, floaters: list[int], residents: list[int],
                          came_up: frozenset[int]) -> list[tuple[int, int]] | None:
    """A pairing of floaters and residents (an even number in all): each floater in turn
    meets a resident in the order of 28.6 (lowest number going down, highest going up),
    else another floater; the residents left are paired in Phụ lục 3 order."""
    def walk(waiting: list[int], left: list[int]) -> list[tuple[int, int]] | None:
        if not waiting:
            found = state.search(left)
            return None if found is None else _second_check(state, found)
        floater, others = waiting[0], waiting[1:]
        for partner in sorted(left, reverse=floater in came_up) + others:
            state.spend()
            if not state.compatible(floater, partner):
                continue
            tail = (walk(others, [r for r in left if r != partner]) if partner in left
                    else walk([f for f in others if f != partner], left))
            if tail is not None:
                return [(floater, partner), *tail]
        return None

    if (len(floaters) + len(residents)) % 2:
        return None
    return walk(floaters, residents)


def _try_group(state: _Round, floaters: list[int], residents: list[int], sent: int,
               last: bool, came_up: frozenset[int]
               ) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Pair the group sending ``sent`` players on, or None when that cannot be done."""
    if (len(floaters) + len(residents) - sent) % 2 or (last and sent):
        return None
    placed: list[tuple[int, int]] = []
    left = list(residents)
    carried: list[int] = []
    for f in floaters:  # 28.6: a floater meets the first compatible resident in order
        order = sorted(left, reverse=f in came_up)  # down: lowest number; up: highest
        partner = _floater_partner(state, f, order)
        if partner is None:
            carried.append(f)
        else:
            placed.append((f, partner))
            left.remove(partner)
    # floaters nobody here could take meet each other if they can, else go on (28.4)
    for keep in (carried, []) if carried else ([],):
        count = sent - (len(carried) - len(keep))
        if count < 0:
            continue
        for candidates in _senders(state, left, count):
            rest = keep + [n for n in left if n not in candidates]
            found = state.search(rest)
            if found is not None:
                gone = [f for f in carried if f not in keep]
                return placed + _second_check(state, found), gone + list(candidates)
    return None


def _floater_partner(state: _Round, floater: int, residents: list[int]) -> int | None:
    """28.6: the resident of the lowest number (in pairing order) who can meet him,
    preferring one who is due the other colour."""
    fit = [r for r in residents if state.compatible(floater, r)]
    if not fit:
        return None
    for r in fit:
        if _satisfied(state.players[floater], state.players[r], state.first_colour):
            if not state.limit_rule or abs(state.rating(r) - state.rating(fit[0])) <= RATING_GAP:
                return r
    return fit[0]


def _senders(state: _Round, group: list[int], count: int
             ) -> Iterator[tuple[int, ...]]:
    """The players the group may send on, in the order of 28.4.1-28.4.3.

    ``group`` is in pairing order, so its end player is the highest number going down
    and the lowest going up.  The choice helps even out White and Black among those who
    stay (then the end player first); under the 100-point rule nobody rated more than
    100 above the end player is sent (28.4.2 going down, 28.4.3 going up).
    """
    if count == 0:
        yield ()
        return
    if count > len(group):
        return
    end = group[-1]
    limit = state.rating(end) + RATING_GAP
    allowed = [n for n in reversed(group)
               if not state.limit_rule or state.rating(n) <= limit]
    if count == 1:
        yield from ((n,) for n in sorted(allowed, key=lambda n: (
            _imbalance(state, [m for m in group if m != n]), allowed.index(n))))
        return
    # 28.6.1-28.6.2: number 1 keeps his opponent, number 2 goes too; in general the
    # players furthest down the pairing order go on together.
    yield tuple(allowed[:count]) if len(allowed) >= count else tuple(reversed(group))[:count]


def _imbalance(state: _Round, group: list[int]) -> int:
    dues = [due_colour(state.players[n].colours) for n in group]
    return abs(dues.count("w") - dues.count("b"))


def _second_check(state: _Round, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """28.6, second check: two pairs exchange their second players when that gives all
    four their due colours, they stay compatible, and the exchanged players' ratings
    differ by at most 100."""
    pairs = list(pairs)
    players, first = state.players, state.first_colour
    for i, (a, b) in enumerate(pairs):
        if _satisfied(players[a], players[b], first):
            continue
        for j in range(i + 1, len(pairs)):
            c, d = pairs[j]
            if abs(state.rating(b) - state.rating(d)) > RATING_GAP:
                continue
            if not (state.compatible(a, d) and state.compatible(c, b)):
                continue
            if (_satisfied(players[a], players[d], first)
                    and _satisfied(players[c], players[b], first)):
                pairs[i], pairs[j] = (a, d), (c, b)
                break
    return pairs


def _by_score_difference(state: _Round, rest: list[int]) -> list[tuple[int, int]] | None:
    """The last resort: a pairing of all of ``rest`` (a maximum matching) in which the
    sum of the squared score differences is smallest; None when none exists."""
    players = state.players
    order = sorted(rest, key=lambda n: (-players[n].score, n))
    gaps = {(i, j): round(2 * abs(players[a].score - players[b].score)) ** 2
            for i, a in enumerate(order) for j, b in enumerate(order)
            if i < j and state.compatible(a, b)}
    if not gaps:
        return None if order else []
    big = len(order) * max(gaps.values()) + 1  # every extra pair outweighs any gap
    mate = max_weight_matching(len(order), [(i, j, big - g) for (i, j), g in gaps.items()])
    if any(m < 0 for m in mate):
        return None
    return [(order[i], order[m]) for i, m in enumerate(mate) if m > i]
