"""Solve a big pairing graph on a smaller one when many of its players are interchangeable.

While a bracket is paired, the players of the score groups below it take part in the
matching only through fields that are the same for all of them (the next bracket's pairs
and scores, the completion field): towards everybody else they are *twins*.  In an early
round of a big event that is most of the graph (round 2 of 2,000 players: 644 of 1,291
vertices while the first bracket is paired), and the matching's cost grows with the cube
of its size.

A class of twins (one weight towards each vertex outside the class, which a member may
lack: a rematch; inside it, one weight or no edge) is represented by a few of its members
that have every edge.  The graph with the rest of
each class left out is solved, with its dual solution; the players left out are paired
among themselves and given the duals of a pair of representatives that the solution
paired together (each left-out pair a copy of that pair: a copy's missing edges only
remove constraints from the duals it copies).  The result is then *proved*
optimal on the whole graph by the caller with :func:`chessrules.dutch.blossom.certifies`,
which checks the duals against every edge: when the guess does not hold (too few representatives, a
representative inside a blossom, ...), the caller solves the whole graph as before.  So
the reduction never changes which matchings are accepted, only how fast one is found.
"""

from __future__ import annotations

from collections.abc import Mapping

from chessrules.dutch.blossom import max_weight_matching
from chessrules.dutch.potentials import first_step

KEPT = 6
"""Representatives kept of a class of twins (plus one when the parities differ)."""

MIN_SIZE = 200
"""Smaller graphs are solved whole (the reduction's bookkeeping would cost more)."""

MIN_SHARE = 8
"""Graphs with fewer candidates than ``size / MIN_SHARE`` are solved whole: leaving out a
few vertices saves little, and the reduction's copies of a dense graph (every weight
in both directions, the smaller graph's edges) cost more memory than the matching itself
(bbp-like 2,000 round 2: 28 of 1,010 vertices left out, ~100 MB)."""

Edge = tuple[int, int, int]


def solve_reduced(
    size: int, edges: list[Edge], candidates: set[int], *, shortcuts: bool = True,
    potential: Mapping[int, int] | None = None,
) -> tuple[list[int], list[list[int]]] | None:
    """A matching and duals (as ``max_weight_matching`` gives them) found on the graph
    without most of the twins among ``candidates``: **not yet proved**; the caller checks
    them with ``certifies`` on the whole graph and solves it whole if they fail.
    ``potential`` (by vertex index) is handed to :func:`.potentials.first_step`.

    None when nothing can be left out.
    """
    if size < MIN_SIZE or len(candidates) <= KEPT + 1 or len(candidates) * MIN_SHARE < size:
        return None
    weight: list[dict[int, int]] = [{} for _ in range(size)]
    for i, j, w in edges:
        weight[i][j] = w
        weight[j][i] = w
    plan = _plan(size, weight, candidates)
    del weight  # not needed any more: free it before the matching
    if plan is None:
        return None
    kept, left_out = plan
    index = {v: i for i, v in enumerate(kept)}
    small_edges = [(index[i], index[j], w) for i, j, w in edges if i in index and j in index]
    small_duals: list[list[int]] = []
    small_mate = first_step(kept, small_edges, potential or {}, small_duals, shortcuts,
                            solve=max_weight_matching)
    return _extend(size, kept, index, small_mate, small_duals, left_out)


def _plan(
    size: int, weight: list[dict[int, int]], candidates: set[int],
) -> tuple[list[int], list[tuple[list[int], list[tuple[int, int]]]]] | None:
    """The vertices to keep, and per reduced class (its representatives, its other
    members paired among themselves)."""
    others = [v for v in range(size) if v not in candidates]
    classes = _classes(weight, candidates, others)
    class_of = {v: n for n, members in enumerate(classes) for v in members}
    kept = list(others)
    left_out: list[tuple[list[int], list[tuple[int, int]]]] = []
    for n, members in enumerate(classes):
        full = _full_members(members, n, class_of, weight) if len(members) > KEPT + 1 else None
        reduced = _representatives(members, full, weight) if full else None
        if reduced is None:
            kept.extend(members)
            continue
        representatives, pairs, unpaired = reduced
        kept.extend(representatives + unpaired)
        left_out.append((representatives, pairs))
    if not left_out:
        return None
    kept.sort()
    return kept, left_out


def _classes(weight: list[dict[int, int]], candidates: set[int], others: list[int]
             ) -> list[list[int]]:
    """Candidates grouped by their weights towards the non-candidates: a member weighs
    the same as its class's first member wherever it has an edge (a missing edge, a
    rematch, is allowed: it only takes an option away).  Fullest rows first."""
    leaders: list[tuple[tuple[int, ...], list[int]]] = []
    for v in sorted(candidates, key=lambda v: (-len(weight[v]), v)):
        row = tuple(weight[v].get(x, 0) for x in others)
        for leader, members in leaders:
            if row == leader or all(w == 0 or w == lw for w, lw in zip(row, leader, strict=True)):
                members.append(v)
                break
        else:
            leaders.append((row, [v]))
    return [members for _, members in leaders]


def _full_members(members: list[int], n: int, class_of: dict[int, int],
                  weight: list[dict[int, int]]) -> list[int] | None:
    """The members with every edge of the class (one weight towards each outside vertex,
    one weight among themselves); None if the class's weights are not of that form."""
    towards: dict[int, int] = {}
    inside: set[int] = set()
    for v in members:
        for y, w in weight[v].items():
            if class_of.get(y, -1) == n:
                inside.add(w)
            elif towards.setdefault(y, w) != w:
                return None
    if len(inside) != 1:
        return None
    return [v for v in members
            if sum(1 for y in weight[v] if class_of.get(y, -1) != n) == len(towards)]


def _representatives(
    members: list[int], full: list[int], weight: list[dict[int, int]],
) -> tuple[list[int], list[tuple[int, int]], list[int]] | None:
    """``KEPT`` full members (the same parity as the class) all joined to each other, the
    other members paired among themselves (greedily) and those left unpaired; None if
    there are not enough such representatives."""
    target = KEPT + (len(members) - KEPT) % 2
    representatives: list[int] = []
    for v in full:
        if len(representatives) == target:
            break
        if all(u in weight[v] for u in representatives):
            representatives.append(v)
    if len(representatives) < target:
        return None
    chosen = set(representatives)
    rest = [v for v in members if v not in chosen]
    unpaired = set(rest)
    pairs: list[tuple[int, int]] = []
    for v in rest:
        if v not in unpaired:
            continue
        partner = next((u for u in rest if u != v and u in unpaired and u in weight[v]), None)
        if partner is not None:
            unpaired -= {v, partner}
            pairs.append((v, partner))
    return representatives, pairs, [v for v in rest if v in unpaired]


def _extend(
    size: int, kept: list[int], index: dict[int, int], small_mate: list[int],
    small_duals: list[list[int]], left_out: list[tuple[list[int], list[tuple[int, int]]]],
) -> tuple[list[int], list[list[int]]] | None:
    """The small solution on the whole graph: the left-out pairs copy a pair of their
    representatives matched together (its duals, its blossoms); None if there is none."""
    small_dual, small_parent = small_duals
    small_size = len(kept)
    shift = size - small_size  # blossom ids follow the vertices

    def blossom(b: int) -> int:
        return -1 if b == -1 else b + shift

    mate = [-1] * size
    dual = [0] * (2 * size)
    parent = [-1] * (2 * size)
    for i, v in enumerate(kept):
        mate[v] = kept[small_mate[i]] if small_mate[i] != -1 else -1
        dual[v] = small_dual[i]
        parent[v] = blossom(small_parent[i])
    for b in range(small_size, 2 * small_size):
        dual[b + shift] = small_dual[b]
        parent[b + shift] = blossom(small_parent[b])
    for representatives, pairs in left_out:
        chosen = set(representatives)
        matched = [(v, mate[v]) for v in representatives if mate[v] in chosen and mate[v] > v]
        if not matched:
            return None
        # Equal duals first: such a pair's copies are also tight with each other.
        model = min(matched, key=lambda pair: dual[pair[0]] != dual[pair[1]])
        for pair in pairs:
            mate[pair[0]], mate[pair[1]] = pair[1], pair[0]
            for copy, original in zip(pair, model, strict=True):
                dual[copy] = dual[original]
                parent[copy] = parent[original]
    return mate, [dual, parent]
