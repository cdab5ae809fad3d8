"""#15: a big pairing graph solved on a smaller one when many players are interchangeable
(chessrules.dutch.twins); the result is used only when ``certifies`` proves it optimal on
the whole graph, so it must be a true optimum whenever it is accepted."""

import random

import networkx as nx
import pytest

from chessrules.dutch import matching, twins
from chessrules.dutch.blossom import certifies, max_weight_matching


def _weight(edges, mate):
    weights = {(a, b): w for a, b, w in edges} | {(b, a): w for a, b, w in edges}
    return sum(weights[(v, m)] for v, m in enumerate(mate) if m > v)


def _optimum(edges):
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    return sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))


def _bracket_and_twins(rng, bracket, lower, towards, inside, missing=0.05):
    """A bracket of distinct weights (vertices 0..bracket-1) and a class of ``lower``
    twins: the same weight ``towards`` to every bracket vertex, ``inside`` among
    themselves, a few of those edges missing (rematches)."""
    edges = [(i, j, (3 << 40) + rng.randint(0, 1 << 30))
             for i in range(bracket) for j in range(i + 1, bracket) if rng.random() < 0.9]
    size = bracket + lower
    edges += [(i, j, towards) for i in range(bracket) for j in range(bracket, size)]
    edges += [(i, j, inside) for i in range(bracket, size) for j in range(i + 1, size)
              if rng.random() >= missing]
    return size, edges


@pytest.fixture
def small_graphs(monkeypatch):
    monkeypatch.setattr(twins, "MIN_SIZE", 0)


@pytest.fixture
def solved_sizes(monkeypatch):
    """The sizes of the graphs the reduction hands to the matching, in order."""
    sizes = []

    def recording(n, graph_edges, **kwargs):
        sizes.append(n)
        return max_weight_matching(n, graph_edges, **kwargs)

    monkeypatch.setattr(twins, "max_weight_matching", recording)
    return sizes


def _tie_broken_mate(size, edges, bracket):
    """The tie-broken matching of the whole graph (twins hinted below ``bracket``) as a
    mate list, with the computer that solved it."""
    computer = matching.MatchingComputer(size, lambda a, b: 0)
    pairs = matching._tie_broken(list(range(size)), edges, {}, 1, None,
                                 twin_hint=set(range(bracket, size)), computer=computer)
    mate = [-1] * size
    for a, b in pairs:
        mate[a], mate[b] = b, a
    return mate, computer


@pytest.mark.parametrize("seed", range(5))
def test_reduced_solution_is_a_proved_optimum(seed, small_graphs, solved_sizes):
    rng = random.Random(seed)
    bracket = rng.choice([11, 12, 15])
    size, edges = _bracket_and_twins(rng, bracket, rng.choice([30, 31, 44]),
                                     towards=1 << 40, inside=1 << 38)
    result = twins.solve_reduced(size, edges, set(range(bracket, size)))
    assert result is not None
    mate, duals = result
    assert solved_sizes and solved_sizes[0] < size - 20  # most twins left out
    assert all(mate[m] == v for v, m in enumerate(mate) if m != -1)
    assert certifies(size, edges, mate, duals)
    assert _weight(edges, mate) == _optimum(edges)


def test_a_wrong_guess_is_refused(small_graphs):
    """The twins weigh more towards the bracket than the bracket among itself: the
    optimum pairs every bracket player with a twin, which six representatives cannot
    hold. The small solution then pairs no two representatives together, so it cannot be
    extended (None), or its extension is not optimal and ``certifies`` refuses it."""
    rng = random.Random(7)
    size, edges = _bracket_and_twins(rng, 12, 40, towards=1 << 44, inside=1 << 30)
    result = twins.solve_reduced(size, edges, set(range(12, size)))
    assert result is None or not certifies(size, edges, *result)


def test_vertices_that_differ_are_kept(small_graphs, solved_sizes):
    """A candidate with one different weight towards the bracket is not a twin: it is
    kept in the graph solved (with the class's representatives)."""
    rng = random.Random(3)
    size, edges = _bracket_and_twins(rng, 12, 31, towards=1 << 40, inside=1 << 38, missing=0)
    odd_one = size - 1
    edges = [(i, j, w + 1 if j == odd_one and i == 0 else w) for i, j, w in edges]
    mate, duals = twins.solve_reduced(size, edges, set(range(12, size)))
    assert solved_sizes == [12 + twins.KEPT + 1]  # the bracket, six representatives, the odd one
    assert certifies(size, edges, mate, duals)
    assert _weight(edges, mate) == _optimum(edges)


def test_nothing_to_leave_out():
    rng = random.Random(5)
    size, edges = _bracket_and_twins(rng, 12, 30, towards=1 << 40, inside=1 << 38)
    assert twins.solve_reduced(size, edges, set(range(12, size))) is None  # below MIN_SIZE


def test_few_candidates_are_not_worth_the_reduction(small_graphs):
    """#34: 40 twins are a class the reduction would cut to seven, but beside a bracket
    of 300 they are under ``size / MIN_SHARE``: the graph is solved whole (no copies)."""
    rng = random.Random(6)
    size, edges = _bracket_and_twins(rng, 300, 40, towards=1 << 44, inside=1 << 30)
    assert 40 * twins.MIN_SHARE < size
    assert twins.solve_reduced(size, edges, set(range(300, size))) is None


def test_a_refused_reduction_falls_back_to_the_whole_graph(small_graphs, monkeypatch):
    """Through the tie-broken matching: the wrong guess above is refused and the whole
    graph solved, so the result is still the optimum."""
    monkeypatch.setattr(matching, "TIE_SPLIT_BITS", 0)
    rng = random.Random(7)
    size, edges = _bracket_and_twins(rng, 12, 40, towards=1 << 44, inside=1 << 30)
    mate, computer = _tie_broken_mate(size, edges, 12)
    assert _weight(edges, mate) == _optimum(edges)
    assert computer.reduced_solves == 0


def test_an_unproved_reduction_is_not_used(monkeypatch):
    """Whatever the reduction returns, the tie-broken matching uses it only once
    ``certifies`` proves it: a wrong matching with made-up duals is solved again whole."""
    monkeypatch.setattr(matching, "TIE_SPLIT_BITS", 0)
    rng = random.Random(9)
    size, edges = _bracket_and_twins(rng, 12, 30, towards=1 << 40, inside=1 << 38)
    wrong = [-1] * size
    wrong[0], wrong[1] = 1, 0
    monkeypatch.setattr(twins, "solve_reduced", lambda *args, **kwargs: (
        wrong, [[0] * (2 * size), [-1] * (2 * size)]))
    mate, computer = _tie_broken_mate(size, edges, 12)
    assert _weight(edges, mate) == _optimum(edges)
    assert computer.reduced_solves == 0


def test_twins_missing_some_edges_are_still_left_out(small_graphs, solved_sizes):
    """Rematches: some twins lack some edges towards the bracket. They still belong to
    the class (a missing edge only takes an option away) and are left out as copies of
    a representative with every edge; the result is certified and optimal."""
    rng = random.Random(11)
    size, edges = _bracket_and_twins(rng, 14, 40, towards=1 << 40, inside=1 << 38)
    edges = [(i, j, w) for i, j, w in edges if not (i < 14 <= j and rng.random() < 0.1)]
    mate, duals = twins.solve_reduced(size, edges, set(range(14, size)))
    assert solved_sizes[0] < size - 20
    assert certifies(size, edges, mate, duals)
    assert _weight(edges, mate) == _optimum(edges)
