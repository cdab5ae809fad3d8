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

from collections.abc import Callable

try:  # optional compiled backend
    import rustworkx as _rx
except ImportError:  # pragma: no cover - depends on the environment
    _rx = None

import networkx as _nx

from chessrules.dutch.blossom import certifies, max_weight_matching

RUSTWORKX_LIMIT = 1 << 122
"""Largest weight handed to rustworkx (its weights are 128-bit signed integers)."""

USE_WINDOW = True
"""Solve on the bracket's window when possible (False: always the whole graph; tests)."""

BLOSSOM_SHORTCUTS = True
"""The blossom algorithm's shortcuts (False: the plain algorithm; tests, bench)."""

DefaultWeight = Callable[[int, int], int]
Compatible = Callable[[int, int], bool]


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
        size = len(vertices)
        edges = [
            (i, j)
            for i in range(size)
            for j in range(i + 1, size)
            if self._allowed(vertices[i], vertices[j], restricted)
        ]
        if size % 2:
            edges += [(i, size) for i in range(size)
                      if vertices[i] not in restricted and self.bye_candidate(vertices[i])]
            size += 1
        return has_perfect_matching(size, edges)


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
        self.calls = 0
        self.full_calls = 0

    def weight(self, a: int, b: int) -> int:
        row = self.explicit.get(a)
        if row is not None and b in row:
            return row[b]
        return self.default(min(a, b), max(a, b))

    def set_weight(self, a: int, b: int, weight: int) -> None:
        self.explicit.setdefault(a, {})[b] = weight
        self.explicit.setdefault(b, {})[a] = weight

    def finalize_pair(self, a: int, b: int, weight: int) -> None:
        """Force the pair (a, b): their only edge is now the one between them.

        Such a pair is in every maximum-weight matching, so both leave the graph.
        """
        self.fixed[a] = b
        self.fixed[b] = a
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

    def compute(self, bonus: dict[tuple[int, int], int] | None = None, bonus_bits: int = 0
                ) -> list[int]:
        """A maximum-weight matching; ``mate[v] == v`` when v is unmatched.

        With ``bonus``, the weights are ``weight << bonus_bits`` plus the bonus of
        the edge (keys (a, b) with a < b): the bonuses only break ties (the bonuses of
        any matching sum to less than ``1 << bonus_bits``; see :func:`_tie_broken`).
        """
        self.calls += 1
        active = self.active()
        tie = (bonus, bonus_bits) if bonus is not None else None
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
            return self.compute(bonus, bonus_bits)
        self.mate = mate
        return mate

    def _solve(self, vertices: list[int], weight: Callable[[int, int], int],
               tie: tuple[dict[tuple[int, int], int], int] | None = None
               ) -> list[tuple[int, int]]:
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
            found = _tie_broken(vertices, edges, *tie)
        return [(vertices[i], vertices[j]) for i, j in found]

    def _window_optimum(
        self, active: list[int], weight: Callable[[int, int], int], top_shift: int,
        tie: tuple[dict[tuple[int, int], int], int] | None = None,
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

TIE_SPLIT_BITS = 64
"""Fewer bonus bits than this: solved in one go (the first step would cost as much)."""


def _tie_broken(vertices: list[int], edges: list[tuple[int, int, int]],
                bonus: dict[tuple[int, int], int], bonus_bits: int) -> list[tuple[int, int]]:
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
    """
    size = len(vertices)

    def tied(i: int, j: int, w: int) -> int:
        a, b = vertices[i], vertices[j]
        return (w << bonus_bits) + bonus.get((a, b) if a < b else (b, a), 0)

    if not TIE_SPLIT or bonus_bits < TIE_SPLIT_BITS or not edges:
        return max_weight_matching_edges(size, [(i, j, tied(i, j, w)) for i, j, w in edges])
    duals: list[list[int]] = []
    mate = max_weight_matching(size, edges, shortcuts=BLOSSOM_SHORTCUTS, duals=duals)
    tight: list[tuple[int, int, int]] = []
    if not certifies(size, edges, mate, duals, tight):  # never expected: solve in one go
        tight = edges
    return max_weight_matching_edges(size, [(i, j, tied(i, j, w)) for i, j, w in tight])


def max_weight_matching_edges(size: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Pairs of one maximum-weight matching of the graph (positive integer weights)."""
    if not edges:
        return []
    biggest = max(w for _, _, w in edges)
    if _rx is not None and biggest < RUSTWORKX_LIMIT:
        graph = _rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        return [tuple(pair) for pair in _rx.max_weight_matching(graph, weight_fn=lambda w: w)]
    mate = max_weight_matching(size, edges, shortcuts=BLOSSOM_SHORTCUTS)
    return [(v, m) for v, m in enumerate(mate) if m > v]


def has_perfect_matching(size: int, edges: list[tuple[int, int]]) -> bool:
    """True if every vertex 0..size-1 can be matched using the given edges."""
    if size % 2:
        return False
    if size == 0:
        return True
    if _rx is not None:
        graph = _rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from_no_data(edges)
        matching = _rx.max_weight_matching(graph, max_cardinality=True)
    else:  # pragma: no cover
        graph = _nx.Graph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        matching = _nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == size
