"""Maximum-weight matching for the Dutch pairing, with big integer weights.

The pairing encodes all its criteria into one integer per edge (hundreds of
bits), in one graph holding every player still to be paired.  Edges between
players below the bracket being paired ("dormant" players) only carry the
completion field (C4/C5: everybody paired, the bye to an eligible player of
the lowest possible score).  Among complete pairings that field has the same
total, so the optimum can be searched on the bracket's window alone (with the
completion field removed) and then checked for completability: if the
remaining players can still all be paired, the window's optimum is an
optimum of the whole graph; otherwise the whole graph is solved.

Solvers: rustworkx (compiled) while the weights fit its 128-bit integers,
otherwise the exact big-integer blossom algorithm of :mod:`.blossom`.  When several matchings
are optimal the pairing procedure does not depend on which one is returned.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Protocol

try:  # optional compiled backend
    import rustworkx as _rx
except ImportError:  # pragma: no cover - depends on the environment
    _rx = None

from chessrules.dutch import potentials, twins
from chessrules.dutch.blossom import certifies, max_weight_matching

RUSTWORKX_LIMIT = 1 << 122
"""Largest weight handed to rustworkx (its weights are 128-bit signed integers)."""

USE_WINDOW = True
"""Solve on the bracket's window when possible (False: always the whole graph; tests)."""

BLOSSOM_SHORTCUTS = True
"""The blossom algorithm's shortcuts (False: the plain algorithm; tests, bench)."""

TWIN_REDUCTION = True
"""Solve the first step of a tie-broken matching without most of the interchangeable
players of the lower score groups (see :mod:`.twins`; False: always whole; tests, bench)."""

DefaultWeight = Callable[[int, int], int]
Compatible = Callable[[int, int], bool]
Ranking = list[tuple[int, list[int]]]
"""Tie-break tiers as a ranking: (player's vertex, his candidates' vertices, best first),
the first player's tier highest."""
Bonus = Mapping[tuple[int, int], int]
"""Tie-break bonus of an edge, keys (a, b) with a < b."""
TieBreak = tuple[Bonus, int, "Ranking | None"]


class TierBonus(Mapping[tuple[int, int], int]):
    """The tie-break bonuses of a ranking, computed when read.

    Tier ``position`` of ``ranking`` (player, his candidates best first) gives the edge
    (player, ``options[rank]``) the bonus ``(len(options) - rank) << (tiers - 1 -
    position) * width``; an edge named by two tiers has the later tier's bonus.  The same
    values as a dict of every edge, without holding one integer of up to ``tiers * width``
    bits per edge of a big bracket (most of the pairing's memory when stored).
    """

    def __init__(self, ranking: Ranking, width: int) -> None:
        self._tiers = len(ranking)
        self._width = width
        self._rows: dict[int, tuple[int, dict[int, int]]] = {}
        for position, (player, options) in enumerate(ranking):
            if player in self._rows:
                raise ValueError(f"vertex {player} has two tiers (use a dict of bonuses)")
            self._rows[player] = (position, {opp: len(options) - rank
                                             for rank, opp in enumerate(options)})

    def _find(self, a: int, b: int) -> tuple[int, int] | None:
        """(tier, points) of the edge, the later tier when both ends have one."""
        found = None
        for player, opp in ((a, b), (b, a)):
            row = self._rows.get(player)
            if row is not None:
                points = row[1].get(opp)
                if points is not None and (found is None or row[0] > found[0]):
                    found = (row[0], points)
        return found

    def __getitem__(self, key: tuple[int, int]) -> int:
        found = self._find(*key)
        if found is None:
            raise KeyError(key)
        return found[1] << (self._tiers - 1 - found[0]) * self._width

    def __iter__(self) -> Iterator[tuple[int, int]]:
        for player, (_position, points) in self._rows.items():
            for opp in points:
                key = (player, opp) if player < opp else (opp, player)
                # Named by both ends: listed from the end whose tier holds it.
                other = self._rows.get(opp)
                if other is None or player not in other[1] or other[0] < _position:
                    yield key

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def vertices(self) -> set[int]:
        """Every vertex some bonus touches."""
        touched = set(self._rows)
        for _position, points in self._rows.values():
            touched.update(points)
        return touched


class Feasibility:
    """Can a set of players all be paired (one eligible bye when odd)?"""

    def __init__(self, compatible: Compatible, bye_candidate: Callable[[int], bool]) -> None:
        self.compatible = compatible
        self.bye_candidate = bye_candidate

    def complete(self, vertices: list[int], restricted: set[int] | None = None) -> bool:
        """True if ``vertices`` can be paired, all but at most one bye candidate.

        Vertices in ``restricted`` may only be paired with vertices outside it.
        """
        restricted = restricted or set()
        if self._greedy(vertices, restricted):
            return True
        return self._exact(vertices, restricted)

    def _allowed(self, a: int, b: int, restricted: set[int]) -> bool:
        return not (a in restricted and b in restricted) and self.compatible(a, b)

    def _greedy(self, vertices: list[int], restricted: set[int]) -> bool:
        free = list(vertices)
        if len(free) % 2:
            bye = next((v for v in reversed(free) if v not in restricted
                        and self.bye_candidate(v)), None)
            if bye is None:
                return False
            free.remove(bye)
        # The most constrained players first, then in order.
        order = [v for v in free if v in restricted] + [v for v in free if v not in restricted]
        unpaired = set(free)
        for v in order:
            if v not in unpaired:
                continue
            unpaired.discard(v)
            partner = next((w for w in free if w in unpaired and self._allowed(v, w, restricted)),
                           None)
            if partner is None:
                return False
            unpaired.discard(partner)
        return True

    def _exact(self, vertices: list[int], restricted: set[int]) -> bool:
        """Exact: a greedy matching, then an augmenting path (Edmonds' search, with
        blossoms) for every player it left unpaired.  A player no such path reaches is
        unpaired in every maximum matching (Berge), so then nobody can pair them all.
        The compatibility graph is dense and large (every player below the bracket), so
        its edges are listed only for the players a search reaches."""
        size = len(vertices)
        bye = size if size % 2 else -1  # a virtual opponent: the bye

        def allowed(i: int, j: int) -> bool:
            if bye in (i, j):
                v = vertices[i if j == bye else j]
                return v not in restricted and self.bye_candidate(v)
            return self._allowed(vertices[i], vertices[j], restricted)

        count = size + (bye != -1)
        neighbours = _LazyNeighbours(count, allowed)
        mate = [-1] * count
        if bye != -1:
            last = next((i for i in reversed(range(size)) if allowed(i, bye)), None)
            if last is None:
                return False
            mate[last], mate[bye] = bye, last
        for i in range(count):
            if mate[i] != -1:
                continue
            partner = next((j for j in range(i + 1, count) if mate[j] == -1 and allowed(i, j)),
                           None)
            if partner is not None:
                mate[i], mate[partner] = partner, i
        required = [True] * count
        fixed = [False] * count
        budget = [1 << 62]  # exact: never gives up
        return all(mate[root] != -1
                   or _augment_from(root, neighbours, mate, fixed, required, budget)
                   for root in range(count))


class _LazyNeighbours:
    """The neighbour lists of an implicit graph, each computed when first read."""

    def __init__(self, count: int, allowed: Callable[[int, int], bool]) -> None:
        self._count = count
        self._allowed = allowed
        self._rows: list[list[int] | None] = [None] * count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, v: int) -> list[int]:
        row = self._rows[v]
        if row is None:
            row = [w for w in range(self._count) if w != v and self._allowed(v, w)]
            self._rows[v] = row
        return row


class MatchingComputer:
    """The pairing graph: explicit weights where set, ``default(a, b)`` elsewhere."""

    def __init__(self, size: int, default: DefaultWeight) -> None:
        self.size = size
        self.default = default
        self.explicit: dict[int, dict[int, int]] = {}
        self.fixed: dict[int, int] = {}
        self.mate: list[int] = list(range(size))
        # Window optimisation (see the module docstring); None = always solve everything.
        self.window: list[int] | None = None
        self.top_shift = 0
        self.feasibility: Feasibility | None = None
        # A "closed" window: the bracket alone, valid while the optimum pairs all of
        # it within itself; otherwise compute() widens to ``closed_fallback``.
        self.closed: set[int] | None = None
        self.closed_fallback: list[int] | None = None
        # Vertices that may be interchangeable (the score groups below the bracket):
        # only a hint for :mod:`.twins`, whose result is proved optimal or not used.
        self.twin_hint: set[int] = set()
        # Vertex potentials that make the next tie-broken solve's weights nearly flat (see
        # :func:`.potentials.first_step`): only a hint, the result is certified or not used.
        self.potential: dict[int, int] = {}
        self.calls = 0
        self.full_calls = 0
        self.reduced_solves = 0
        self.potential_solves = 0  # first steps proved optimal on shifted weights

    def weight(self, a: int, b: int) -> int:
        if a > b:
            a, b = b, a
        row = self.explicit.get(a)
        if row is not None:
            weight = row.get(b)
            if weight is not None:
                return weight
        return self.default(a, b)

    def set_weight(self, a: int, b: int, weight: int) -> None:
        # Kept once, under the lower vertex (a dense bracket sets every pair's weight).
        if a > b:
            a, b = b, a
        row = self.explicit.get(a)
        if row is None:
            row = self.explicit[a] = {}
        row[b] = weight

    def finalize_pair(self, a: int, b: int, weight: int) -> None:
        """Force the pair (a, b): their only edge is now the one between them.

        Such a pair is in every maximum-weight matching, so both leave the graph.
        """
        self.fixed[a] = b
        self.fixed[b] = a
        # Their other weights are never read again (every solve leaves fixed vertices
        # out): dropped, so a finished bracket's dense table does not stay in memory.
        self.explicit.pop(a, None)
        self.explicit.pop(b, None)
        self.set_weight(a, b, weight)

    def close_window(self, bracket: list[int]) -> None:
        """Solve on ``bracket`` alone as long as every optimum pairs it within itself."""
        self.closed_fallback = self.window
        self.closed = set(bracket)
        self.window = list(bracket)

    def open_window(self, window: list[int] | None) -> None:
        self.window = window
        self.closed = self.closed_fallback = None

    def active(self) -> list[int]:
        return [v for v in range(self.size) if v not in self.fixed]

    def compute(self, bonus: Bonus | None = None, bonus_bits: int = 0,
                ranking: Ranking | None = None) -> list[int]:
        """A maximum-weight matching; ``mate[v] == v`` when v is unmatched.

        With ``bonus``, the weights are ``weight << bonus_bits`` plus the bonus of
        the edge (keys (a, b) with a < b): the bonuses only break ties (the bonuses of
        any matching sum to less than ``1 << bonus_bits``; see :func:`_tie_broken`).
        ``ranking``, if given, is the same tie-break as tiers (see :func:`_settle_ranking`).
        """
        self.calls += 1
        active = self.active()
        tie: TieBreak | None = (bonus, bonus_bits, ranking) if bonus is not None else None
        pairs = None
        if USE_WINDOW and self.window is not None and self.feasibility is not None:
            pairs = self._window_optimum(active, self.weight, self.top_shift, tie)
        if pairs is None:
            self.full_calls += 1
            pairs = self._solve(active, self.weight, tie)
        mate = list(range(self.size))
        for v, partner in self.fixed.items():
            mate[v] = partner
        for a, b in pairs:
            mate[a] = b
            mate[b] = a
        if self.closed is not None and not all(
            mate[v] in self.closed and mate[v] != v for v in self.closed
        ):
            # Somebody floats down after all: the next scoregroup matters again.
            self.open_window(self.closed_fallback)
            return self.compute(bonus, bonus_bits, ranking)
        self.mate = mate
        return mate

    def _solve(self, vertices: list[int], weight: Callable[[int, int], int],
               tie: TieBreak | None = None) -> list[tuple[int, int]]:
        edges = []
        for i, a in enumerate(vertices):
            for j in range(i + 1, len(vertices)):
                w = weight(a, vertices[j])
                if w > 0:
                    edges.append((i, j, w))
                elif tie is not None and tie[0].get((a, vertices[j]) if a < vertices[j]
                                                    else (vertices[j], a)):
                    edges.append((i, j, 0))  # weighs its bonus alone
        if tie is None:
            found = max_weight_matching_edges(len(vertices), edges)
        else:
            hint = {i for i, v in enumerate(vertices) if v in self.twin_hint}
            found = _tie_broken(vertices, edges, *tie, twin_hint=hint, computer=self,
                                consume_edges=True)
        return [(vertices[i], vertices[j]) for i, j in found]

    def _window_optimum(
        self, active: list[int], weight: Callable[[int, int], int], top_shift: int,
        tie: TieBreak | None = None,
    ) -> list[tuple[int, int]] | None:
        # Called only while a window and its feasibility test are set.
        assert self.window is not None and self.feasibility is not None
        window = [v for v in self.window if v not in self.fixed]
        inside = set(window)
        dormant = [v for v in active if v not in inside]
        if not dormant:
            return None
        mask = (1 << top_shift) - 1
        pairs = self._solve(window, lambda a, b: weight(a, b) & mask, tie)
        paired = {v for pair in pairs for v in pair}
        leftovers = [v for v in window if v not in paired]
        if self.feasibility.complete(leftovers + dormant, set(leftovers)):
            return pairs
        return None


TIE_SPLIT = True
"""Solve a tie-broken matching in two steps (see :func:`_tie_broken`; False: in one)."""

POTENTIALS = True
"""Solve the first step of a tie-broken matching on weights shifted by the engine's vertex
potentials (see :func:`.potentials.first_step`; False: on the weights as they are; tests, bench)."""

TIE_SPLIT_BITS = 64
"""Fewer bonus bits than this: solved in one go (the first step would cost as much)."""


RANKING_BY_PATHS = True
"""Settle a tie-break ranking on the tight edges by alternating paths (see
:func:`_settle_ranking`; False: always the tie-broken matching on the tight edges)."""

RANKING_BUDGET = 256
"""Edge visits allowed to :func:`_settle_ranking`, per tight edge, before it gives up
(the tie-broken matching it replaces costs far more: the bottom bracket of a 2,000-player
round 2 refuses 271 candidates, each an exhaustive search, in about 2 s and 4 budgets of 64,
where the matching takes 43 s)."""


def _tie_broken(vertices: list[int], edges: list[tuple[int, int, int]],
                bonus: Bonus, bonus_bits: int,
                ranking: Ranking | None = None, *, twin_hint: set[int] | None = None,
                computer: MatchingComputer | None = None,
                consume_edges: bool = False) -> list[tuple[int, int]]:
    """A maximum-weight matching for the weights ``w << bonus_bits`` plus the bonus.

    The bonuses of a matching sum to less than ``1 << bonus_bits`` (one tier per
    player, a tier per matched pair at most), so such a matching is first of all
    one of maximum weight ``w``. Solved in one go, the all-distinct weights make the
    blossom algorithm slow on big brackets; instead the weights ``w`` alone are
    solved first, with the dual solution that proves the result optimal, and the
    edges that dual leaves slack are dropped: by complementary slackness no
    maximum-weight matching uses them, so the tie-broken optimum is the same on the
    tight edges left, a smaller graph.  Worth it when the bonuses are long (one tier
    per player of a big bracket): with few bonus bits the weights keep most of their
    ties and one solve costs no more than the first step.

    With a ``ranking`` (the same bonuses as tiers) the second step is usually not a
    matching at all: :func:`_settle_ranking` makes the tiers' choices one by one on
    the tight edges, from the first step's matching, by alternating paths; its result
    is accepted only if ``certifies`` proves it optimal for ``w`` with the first
    step's duals (otherwise, or if it gives up, the tie-broken matching is solved).

    ``consume_edges``: the caller has no further use for ``edges``, which may then be
    overwritten (the last solve's weights, in place: one list of a dense graph, not two).

    The first step is tried on a smaller graph first when ``twin_hint`` (indices) holds
    interchangeable vertices that no bonus touches (:mod:`.twins`); its result is used only
    if ``certifies`` proves it optimal on the whole graph.
    """
    size = len(vertices)

    def tied(i: int, j: int, w: int) -> int:
        a, b = vertices[i], vertices[j]
        return (w << bonus_bits) + bonus.get((a, b) if a < b else (b, a), 0)

    if not TIE_SPLIT or bonus_bits < TIE_SPLIT_BITS or not edges:
        return _tied_matching(size, edges if consume_edges else list(edges), tied)
    tight: list[tuple[int, int, int]] = []
    potential = computer.potential if computer is not None and POTENTIALS else {}
    reduced = _reduced_first_step(vertices, edges, bonus, twin_hint, potential)
    if reduced is not None and certifies(size, edges, *reduced, tight):
        mate, duals = reduced
        if computer is not None:
            computer.reduced_solves += 1
            computer.potential_solves += bool(potential)
        proved = True
    else:
        tight = []
        duals = []
        mate = potentials.first_step(vertices, edges, potential, duals, BLOSSOM_SHORTCUTS)
        proved = certifies(size, edges, mate, duals, tight)
        if proved and potential and computer is not None:
            computer.potential_solves += 1
        elif not proved and potential:
            tight = []
            mate = potentials.first_step(vertices, edges, {}, duals, BLOSSOM_SHORTCUTS)
            proved = certifies(size, edges, mate, duals, tight)
    if not proved:  # never expected: solve in one go
        tight = edges if consume_edges else list(edges)
    elif RANKING_BY_PATHS and ranking is not None:
        # From the ranking's greedy choices (the first step's matching can be far from
        # them when the potentials left its weights flat), else from that matching.
        start = potentials.ranking_start(vertices, tight, duals, ranking, _augment_from)
        settled = _settle_contracted(vertices, tight, mate if start is None else start,
                                     duals, ranking)
        if settled is not None and certifies(size, edges, settled, duals):
            return [(i, j) for i, j in enumerate(settled) if j > i]
    return _tied_matching(size, tight, tied)


def _tied_matching(size: int, edges: list[tuple[int, int, int]],
                   tied: Callable[[int, int, int], int]) -> list[tuple[int, int]]:
    """The matching for the tie-broken weights; ``edges`` (not needed any more by the
    caller) becomes the blossom's doubled weights in place: no second list of a dense
    graph."""
    for k, (i, j, w) in enumerate(edges):
        edges[k] = (i, j, tied(i, j, w) << 1)
    return max_weight_matching_edges(size, edges, doubled=True, consume=True)


def _reduced_first_step(vertices: list[int], edges: list[tuple[int, int, int]],
                        bonus: Bonus, twin_hint: set[int] | None,
                        potential: Mapping[int, int]) -> tuple[list[int], list[list[int]]] | None:
    """:func:`.twins.solve_reduced` on the hinted vertices that no bonus touches."""
    if not TWIN_REDUCTION or not twin_hint:
        return None
    index = {v: i for i, v in enumerate(vertices)}
    ends = bonus.vertices() if isinstance(bonus, TierBonus) else {v for pair in bonus
                                                                  for v in pair}
    touched = {index[v] for v in ends if v in index}
    shift = {i: potential[v] for i, v in enumerate(vertices) if v in potential}
    return twins.solve_reduced(len(vertices), edges, twin_hint - touched,
                               shortcuts=BLOSSOM_SHORTCUTS, potential=shift)


def _settle_contracted(vertices: list[int], tight: list[tuple[int, int, int]], mate: list[int],
                       duals: list[list[int]], ranking: Ranking) -> list[int] | None:
    """:func:`_settle_ranking` with the blossoms of positive dual that hold no vertex of
    the ranking shrunk to one vertex each.

    Such a blossom B must hold exactly ``(|B| - 1) / 2`` pairs of every optimal matching:
    one of its vertices is matched outside it or (if its dual is 0) not at all, and
    the blossom's tight edges pair the others among themselves whichever it is (a
    blossom is factor-critical on its tight edges).  Shrunk, that constraint holds by
    construction and the ranking's choices are settled on the smaller graph; the
    blossom is then expanded again (its vertex matched outside is made its odd one out
    by an even alternating path inside it).  None if anything does not work out; the
    caller certifies the result in any case.
    """
    size = len(vertices)
    dual, parent = duals
    in_ranking = [False] * size
    index = {v: i for i, v in enumerate(vertices)}
    for player, options in ranking:
        for v in (player, *options):
            i = index.get(v)
            if i is not None:
                in_ranking[i] = True
    chains: list[list[int]] = []
    touched: set[int] = set()
    for v in range(size):
        chain = [v]
        while parent[chain[-1]] != -1:
            chain.append(parent[chain[-1]])
        chain.reverse()  # outermost blossom first
        chains.append(chain)
        if in_ranking[v]:
            touched.update(chain[:-1])
    # node[v]: the vertex itself, or size + blossom for a shrunk blossom.
    node = list(range(size))
    members: dict[int, list[int]] = {}
    for v in range(size):
        for b in chains[v][:-1]:
            if dual[b] > 0 and b not in touched:
                node[v] = size + b
                members.setdefault(size + b, []).append(v)
                break
    if not members:
        return _settle_ranking(vertices, tight, mate, dual, ranking, len(tight))
    ids = sorted(set(node))
    compact = {n: i for i, n in enumerate(ids)}
    count = len(ids)
    small_tight: list[tuple[int, int, int]] = []
    link: dict[tuple[int, int], tuple[int, int]] = {}
    for i, j, _ in tight:
        a, b = compact[node[i]], compact[node[j]]
        if a == b:
            continue
        key = (a, b) if a < b else (b, a)
        if key not in link:
            link[key] = (i, j) if a < b else (j, i)
            small_tight.append((a, b, 0))
    small_mate = [-1] * count
    for v in range(size):
        if mate[v] != -1 and node[mate[v]] != node[v]:
            small_mate[compact[node[v]]] = compact[node[mate[v]]]
    small_dual = [0] * count
    for n, i in compact.items():
        small_dual[i] = dual[n] if n < size else int(all(dual[v] for v in members[n]))
    small_vertices = [vertices[n] if n < size else -1 - n for n in ids]
    settled = _settle_ranking(small_vertices, small_tight, small_mate, small_dual, ranking,
                              len(tight))
    if settled is None:
        return None
    result = [-1] * size
    outside: dict[int, tuple[int, int]] = {}  # shrunk blossom -> (its odd one out, partner)
    for a, b in enumerate(settled):
        if b <= a:
            continue
        i, j = link[(a, b)]
        for n, v, other in ((ids[a], i, j), (ids[b], j, i)):
            if n >= size:
                outside[n] = (v, other)
            else:
                result[v] = other
    adjacent: list[list[int]] = [[] for _ in range(size)]
    for i, j, _ in tight:
        if node[i] == node[j] >= size:
            adjacent[i].append(j)
            adjacent[j].append(i)
    budget = [RANKING_BUDGET * len(tight) + size]
    for n, leaves in members.items():
        inner = [-1] * size
        for v in leaves:
            if mate[v] != -1 and node[mate[v]] == n:
                inner[v] = mate[v]
        old = [v for v in leaves if inner[v] == -1]
        if len(old) != 1:
            return None
        odd, partner = outside.get(n, (-1, -1))
        if odd == -1:  # unmatched: its odd one out must have dual 0
            odd = old[0] if not dual[old[0]] else next((v for v in leaves if not dual[v]), -1)
            if odd == -1:
                return None
        if odd != old[0]:
            # An even alternating path inside the blossom from its odd one out to
            # ``odd``, the only vertex allowed to end up unmatched.
            blocked = [node[v] != n for v in range(size)]
            required = [True] * size
            required[odd] = False
            if not _augment_from(old[0], adjacent, inner, blocked, required, budget):
                return None
        for v in leaves:
            result[v] = inner[v]
        if partner != -1:
            result[odd] = partner
    return result


def _settle_ranking(vertices: list[int], tight: list[tuple[int, int, int]], mate: list[int],
                    dual: list[int], ranking: Ranking, scale: int) -> list[int] | None:
    """The tiers' choices, made one by one on the tight edges (``mate`` -1: unmatched).

    ``mate`` is a maximum-weight matching for ``w`` and ``dual`` (twice the vertex duals)
    part of the dual solution proving it; ``tight`` the edges of zero slack.  Every
    maximum-weight matching uses only tight edges and matches every vertex of positive
    dual ("required"), so the matchings of the tight graph matching every required
    vertex are a superset of the optimal ones.  Each player of the ranking in turn
    takes his first candidate that such a matching can give him together with the
    choices already made: the pair is fixed, the two partners it frees are re-matched
    by an augmenting path (Edmonds' search with blossoms, from one root), or left
    unmatched when not required; when no such path exists, no such matching exists
    (the symmetric difference with one would contain one), so the candidate is
    refused.  A refusal is therefore exact; the caller checks that the final matching
    is optimal (``certifies`` with the same duals: positive blossom duals are not
    modelled here), which also proves every accepted choice possible.  The result is
    then an optimum of the tie-broken weights: optimal for ``w``, and among those the
    lexicographically best for the tiers.  None if the searches visit more than
    ``RANKING_BUDGET * scale`` edges.
    """
    size = len(vertices)
    index = {v: i for i, v in enumerate(vertices)}
    adjacent: list[list[int]] = [[] for _ in range(size)]
    # Which pairs are tight: a bitmap of size * size bytes, not a set of pairs (issue 34).
    is_tight = bytearray(size * size)
    for i, j, _ in tight:
        adjacent[i].append(j)
        adjacent[j].append(i)
        is_tight[i * size + j] = is_tight[j * size + i] = 1
    mate = list(mate)
    required = [dual[v] > 0 for v in range(size)]
    fixed = [False] * size
    budget = [RANKING_BUDGET * scale + size]
    for player, options in ranking:
        k = index.get(player)
        if k is None or fixed[k]:
            continue
        for option in options:
            c = index.get(option)
            if c is None or fixed[c] or not is_tight[k * size + c]:
                continue
            if mate[k] == c:
                fixed[k] = fixed[c] = True
                break
            saved = list(mate)
            freed = (mate[k], mate[c])
            for v in freed:
                if v != -1:
                    mate[v] = -1
            mate[k], mate[c] = c, k
            fixed[k] = fixed[c] = True
            possible = True
            for root in freed:
                if root != -1 and mate[root] == -1 and required[root]:
                    found = _augment_from(root, adjacent, mate, fixed, required, budget)
                    if found is None:
                        return None
                    if not found:
                        possible = False
                        break
            if possible:
                break
            mate = saved
            fixed[k] = fixed[c] = False
    return mate


class _Adjacency(Protocol):
    def __len__(self) -> int: ...

    def __getitem__(self, v: int) -> list[int]: ...


def _augment_from(root: int, adjacent: _Adjacency, mate: list[int], fixed: list[bool],
                  required: list[bool], budget: list[int]) -> bool | None:
    """Match the unmatched vertex ``root`` by an alternating path of the graph without
    the fixed vertices: to an unmatched vertex, or (even length) to a matched vertex
    that need not be matched, which is left unmatched.  Edmonds' search from one root
    (contracting blossoms); ``mate`` is updated.  False if there is no such path
    (then no matching of this graph matches every required vertex and ``root``
    together), None when ``budget`` (edge visits) runs out.
    """
    size = len(adjacent)
    base = list(range(size))
    parent = [-1] * size
    outer = [False] * size
    outer[root] = True
    queue = [root]

    def lca(a: int, b: int) -> int:
        seen = [False] * size
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, in_blossom: list[bool]) -> None:
        while base[v] != b:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def flip(v: int) -> None:
        while v != -1:
            pv = parent[v]
            ppv = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = ppv

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        if v != root and not required[v]:
            # An even path root .. v: v gives up its partner and stays unmatched.
            partner = mate[v]
            mate[v] = -1
            flip(partner)
            return True
        budget[0] -= len(adjacent[v])
        if budget[0] < 0:
            return None
        for to in adjacent[v]:
            if fixed[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                current = lca(v, to)
                in_blossom = [False] * size
                mark_path(v, current, to, in_blossom)
                mark_path(to, current, v, in_blossom)
                for i in range(size):
                    if in_blossom[base[i]]:
                        base[i] = current
                        if not outer[i]:
                            outer[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    flip(to)
                    return True
                outer[mate[to]] = True
                queue.append(mate[to])
    return False


def max_weight_matching_edges(size: int, edges: list[tuple[int, int, int]],
                              doubled: bool = False, consume: bool = False,
                              ) -> list[tuple[int, int]]:
    """Pairs of one maximum-weight matching of the graph (positive integer weights;
    ``doubled``: given twice; ``consume``: ``edges`` may be emptied; see
    :func:`.blossom.max_weight_matching`)."""
    if not edges:
        return []
    biggest = max(w for _, _, w in edges) >> doubled
    if _rx is not None and biggest < RUSTWORKX_LIMIT:
        graph = _rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        return [tuple(pair) for pair in _rx.max_weight_matching(
            graph, weight_fn=lambda w: w >> doubled)]
    mate = max_weight_matching(size, edges, shortcuts=BLOSSOM_SHORTCUTS, doubled=doubled,
                               consume=consume)
    return [(v, m) for v, m in enumerate(mate) if m > v]
