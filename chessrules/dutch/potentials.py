"""Cheaper first steps for the tie-broken matchings of big brackets (issue 34).

:func:`first_step` solves the criteria weights with the engine's vertex potentials, which
leave the ordering field of a homogeneous bracket nearly flat; :func:`ranking_start` gives
the ranking's alternating-path settlement (``matching._settle_contracted``) a start near
its answer.  Both are heuristics for speed only: every result is certified by the caller
(``blossom.certifies``) on the original weights or not used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from chessrules.dutch.blossom import max_weight_matching


class Solver(Protocol):
    def __call__(self, nvertex: int, edges: list[tuple[int, int, int]], *, shortcuts: bool = ...,
                 duals: list[list[int]] | None = ..., doubled: bool = ...,
                 columns: tuple[list[int], list[int], list[int]] | None = ...) -> list[int]: ...


Augment = Callable[[int, Sequence[list[int]], list[int], list[bool], list[bool], list[int]],
                   "bool | None"]


def first_step(vertices: list[int], edges: list[tuple[int, int, int]],
               potential: Mapping[int, int], duals: list[list[int]],
               shortcuts: bool = True, solve: Solver = max_weight_matching) -> list[int]:
    """A maximum-weight matching of ``edges`` and, in ``duals``, the duals meant to prove it.

    With ``potential`` (vertex -> p, missing ones 0), the blossom algorithm runs on the
    weights ``w - p_i - p_j``: every perfect matching loses the same total, so a perfect
    optimum of the shifted graph is an optimum of the graph, and its duals plus ``2 p``
    (duals are doubled) are the original graph's, with the same slack on every edge.  The
    ordering field of a homogeneous bracket (``- index`` of the higher player) is nearly
    separable: with the S1 players' indices as potentials the shifted weights keep few
    distinct values near the optimum, and the algorithm needs far fewer dual updates.
    Nothing is assumed: the caller certifies the result on the original weights (an
    unmatched vertex of positive potential fails that) and solves without potentials
    otherwise.  ``edges`` is emptied during the solve and restored: the blossom gets its
    edges as columns (ends and shifted, doubled weights), no tuple per edge held meanwhile
    (issue 34 memory).  ``solve``:
    the blossom algorithm (:func:`.blossom.max_weight_matching` or a stand-in).
    """
    size = len(vertices)
    shift = [potential.get(v, 0) for v in vertices]
    ids = list(range(size))  # vertex numbers interned
    edge_i = [ids[i] for i, _, _ in edges]
    edge_j = [ids[j] for _, j, _ in edges]
    weights = [w for _, _, w in edges]
    # Shifted and doubled (the blossom's own weights), the tuples freed meanwhile.
    shifted = [(w - shift[i] - shift[j]) << 1 for i, j, w in edges]
    edges.clear()
    try:
        mate = solve(size, [], shortcuts=shortcuts, duals=duals, doubled=True,
                     columns=(edge_i, edge_j, shifted))
    finally:
        del shifted
        edges[:] = zip(edge_i, edge_j, weights, strict=True)
    dual = duals[0]
    for v in range(size):
        dual[v] += 2 * shift[v]
    return mate


def ranking_start(vertices: list[int], tight: list[tuple[int, int, int]],
                  duals: list[list[int]], ranking: list[tuple[int, list[int]]],
                  augment: Augment) -> list[int] | None:
    """A maximum-weight matching on the tight edges close to the ranking's choices.

    Each player of the ranking in turn takes his first candidate still free along a
    tight edge; the vertices of positive dual left out are then matched by augmenting
    paths on the tight edges (``augment``, Edmonds' search).  Such a matching, on tight
    edges and matching every vertex of positive dual, is optimal when no blossom has a
    positive dual; with one (its fullness is not kept here), or if a path is missing,
    None.  ``mate`` -1: unmatched.
    """
    size = len(vertices)
    dual, _ = duals
    if any(dual[size:]):
        return None
    index = {v: i for i, v in enumerate(vertices)}
    adjacent: list[list[int]] = [[] for _ in range(size)]
    is_tight = bytearray(size * size)  # a bitmap of the tight pairs, not a set of tuples
    for i, j, _ in tight:
        adjacent[i].append(j)
        adjacent[j].append(i)
        is_tight[i * size + j] = is_tight[j * size + i] = 1
    mate = [-1] * size
    for player, options in ranking:
        k = index.get(player)
        if k is None or mate[k] != -1:
            continue
        for option in options:
            c = index.get(option)
            if c is not None and mate[c] == -1 and is_tight[k * size + c]:
                mate[k], mate[c] = c, k
                break
    required = [d > 0 for d in dual[:size]]
    fixed = [False] * size
    budget = [64 * len(tight) + size]
    for v in range(size):
        if mate[v] == -1 and required[v] and not augment(v, adjacent, mate, fixed, required,
                                                          budget):
            return None
    return mate
