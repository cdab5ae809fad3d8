"""The big-integer blossom algorithm against networkx's reference implementation."""

import random

import networkx as nx
import pytest

from chessrules.dutch.blossom import certifies, max_weight_matching


def _weight(edges, mate):
    weights = {(a, b): w for a, b, w in edges} | {(b, a): w for a, b, w in edges}
    return sum(weights[(v, m)] for v, m in enumerate(mate) if m > v)


@pytest.mark.parametrize("seed", range(6))
def test_blossom_matches_networkx_on_random_graphs(seed):
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(2, 24)
        top = rng.choice([3, 50, 2**300])
        density = rng.choice([0.2, 0.5, 1.0])
        edges = [(i, j, rng.randint(1, top)) for i in range(n) for j in range(i + 1, n)
                 if rng.random() < density]
        mate = max_weight_matching(n, edges)
        assert all(mate[m] == v for v, m in enumerate(mate) if m != -1)
        graph = nx.Graph()
        graph.add_weighted_edges_from(edges)
        expected = sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))
        assert _weight(edges, mate) == expected


def test_blossom_small_cases():
    assert max_weight_matching(3, []) == [-1, -1, -1]
    # A triangle with a pendant: the odd cycle must be handled (blossom).
    edges = [(0, 1, 6), (1, 2, 10), (0, 2, 5), (2, 3, 7)]
    mate = max_weight_matching(4, edges)
    assert mate == [1, 0, 3, 2]  # 6 + 7 = 13 beats 10


@pytest.mark.parametrize("seed", range(4))
def test_tight_pair_shortcut_keeps_the_optimum(seed):
    """Few distinct weights (the Dutch pairing's early rounds): many edges become tight
    at once and the shortcut matches them before a stage; same optimum as the plain
    algorithm and networkx, on graphs big enough for blossoms and several stages."""
    rng = random.Random(100 + seed)
    for _ in range(25):
        n = rng.randint(6, 48)
        values = [rng.randint(1, 2**200) for _ in range(rng.choice([1, 2, 3, 6]))]
        density = rng.choice([0.3, 0.7, 1.0])
        edges = [(i, j, rng.choice(values)) for i in range(n) for j in range(i + 1, n)
                 if rng.random() < density]
        fast = max_weight_matching(n, edges)
        plain = max_weight_matching(n, edges, shortcuts=False)
        assert all(fast[m] == v for v, m in enumerate(fast) if m != -1)
        graph = nx.Graph()
        graph.add_weighted_edges_from(edges)
        expected = sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))
        assert _weight(edges, fast) == _weight(edges, plain) == expected


@pytest.mark.parametrize("seed", range(4))
def test_lazy_roots_keep_the_optimum_on_tiered_weights(seed):
    """Weights shaped like the Dutch pairing's tie-broken matchings (a few classes in
    the high bits, distinct bonuses below): the lazily scanned exposed vertices give
    the optimum of the plain algorithm and of networkx."""
    rng = random.Random(200 + seed)
    for _ in range(20):
        n = rng.randint(6, 44)
        classes = [rng.randint(1, 8) for _ in range(3)]
        edges = [(i, j, (rng.choice(classes) << 300) + rng.randint(0, 2**250))
                 for i in range(n) for j in range(i + 1, n) if rng.random() < 0.85]
        fast = max_weight_matching(n, edges)
        plain = max_weight_matching(n, edges, shortcuts=False)
        graph = nx.Graph()
        graph.add_weighted_edges_from(edges)
        expected = sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))
        assert _weight(edges, fast) == _weight(edges, plain) == expected


@pytest.mark.parametrize("seed", range(4))
def test_the_dual_solution_proves_the_matching_optimal(seed):
    """#15: the duals the algorithm returns are a proof of optimality (LP duality) that
    ``certifies`` checks on its own; the edges they leave tight hold every optimum."""
    rng = random.Random(300 + seed)
    for _ in range(25):
        n = rng.randint(2, 40)
        classes = [rng.randint(1, 8) for _ in range(rng.choice([1, 3]))]
        low = rng.choice([0, 3, 2**120])
        edges = [(i, j, (rng.choice(classes) << 130) + rng.randint(0, low))
                 for i in range(n) for j in range(i + 1, n) if rng.random() < 0.7]
        for shortcuts in (True, False):
            duals: list = []
            mate = max_weight_matching(n, edges, shortcuts=shortcuts, duals=duals)
            tight: list = []
            assert certifies(n, edges, mate, duals, tight)
            graph = nx.Graph()
            graph.add_weighted_edges_from(tight)
            best = sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))
            assert best == _weight(edges, mate)


def test_certificate_rejects_a_worse_matching_or_wrong_duals():
    # A triangle with a pendant: the optimum 0-1, 2-3 (13) beats 1-2 (10).
    edges = [(0, 1, 6), (1, 2, 10), (0, 2, 5), (2, 3, 7)]
    duals: list = []
    mate = max_weight_matching(4, edges, duals=duals)
    assert certifies(4, edges, mate, duals)
    assert not certifies(4, edges, [-1, 2, 1, -1], duals)  # 1-2 alone: not tight/optimal
    dual, parent = duals
    for v in range(4):
        lowered = list(dual)
        lowered[v] -= 1
        assert not certifies(4, edges, mate, [lowered, parent])
    raised = list(dual)
    raised[0] += 2  # still feasible, but the matched edge 0-1 is no longer tight
    assert not certifies(4, edges, mate, [raised, parent])
    assert not certifies(4, edges, [1, 0, -1, -1], duals)  # 2 and 3 left with duals > 0
