"""Maximum-weight matching on small dense graphs with (big) integer weights.

The Dutch pairing encodes all its criteria into one integer per edge, so the
weights can be hundreds of bits long.  rustworkx (compiled) is used while the
weights fit its 128-bit integers; otherwise networkx's exact integer blossom
algorithm is the fallback.  Both return *a* maximum-weight matching; the
pairing procedure never depends on which one when several are optimal.
"""

from __future__ import annotations

try:  # optional compiled backend
    import rustworkx as _rx
except ImportError:  # pragma: no cover - depends on the environment
    _rx = None

import networkx as _nx

RUSTWORKX_LIMIT = 1 << 120
"""Largest weight handed to rustworkx (its weights are 128-bit signed integers)."""


class MatchingComputer:
    """A dense weighted graph on vertices 0..n-1 (weight 0 = no edge)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.weights: list[list[int]] = [[0] * size for _ in range(size)]
        self.mate: list[int] = list(range(size))
        self.fixed: dict[int, int] = {}

    def set_weight(self, a: int, b: int, weight: int) -> None:
        self.weights[a][b] = weight
        self.weights[b][a] = weight
        if self.fixed and (a in self.fixed or b in self.fixed):
            for v in (a, b):
                partner = self.fixed.pop(v, None)
                if partner is not None:
                    self.fixed.pop(partner, None)

    def weight(self, a: int, b: int) -> int:
        return self.weights[a][b]

    def compute(self) -> list[int]:
        """Recompute a maximum-weight matching; ``mate[v] == v`` when v is unmatched."""
        fixed = self.fixed
        free = [v for v in range(self.size) if v not in fixed]
        index = {v: k for k, v in enumerate(free)}
        edges = []
        for a in free:
            row = self.weights[a]
            ia = index[a]
            for b in free:
                if b > a and (w := row[b]) > 0:
                    edges.append((ia, index[b], w))
        mate = list(range(self.size))
        for v, partner in fixed.items():
            mate[v] = partner
        for a, b in max_weight_matching_edges(len(free), edges):
            mate[free[a]] = free[b]
            mate[free[b]] = free[a]
        self.mate = mate
        return mate

    def finalize_pair(self, a: int, b: int, weight: int) -> None:
        """Force the pair (a, b): its edge gets ``weight``, all other edges of a and b go."""
        row_a, row_b = self.weights[a], self.weights[b]
        for v in range(self.size):
            row_a[v] = row_b[v] = 0
            self.weights[v][a] = self.weights[v][b] = 0
        row_a[b] = row_b[a] = weight
        self.fixed[a] = b
        self.fixed[b] = a


def max_weight_matching_edges(size: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Pairs of one maximum-weight matching of the graph (positive integer weights)."""
    if not edges:
        return []
    biggest = max(w for _, _, w in edges)
    if _rx is not None and biggest * (size + 1) < RUSTWORKX_LIMIT:
        graph = _rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        return [tuple(pair) for pair in _rx.max_weight_matching(graph, weight_fn=lambda w: w)]
    graph = _nx.Graph()
    graph.add_weighted_edges_from(edges)
    return [tuple(pair) for pair in _nx.max_weight_matching(graph)]


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
