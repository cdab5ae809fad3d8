"""The big-integer blossom algorithm against networkx's reference implementation."""

import random

import networkx as nx
import pytest

from chessrules.dutch import matching
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


@pytest.mark.parametrize("seed", range(6))
def test_ranking_settled_by_paths_is_a_tie_broken_optimum(seed, monkeypatch):
    """#15: the tiers of a tie-broken matching settled on the tight edges by alternating
    paths (new, ``matching.RANKING_BY_PATHS``) weigh exactly as much, for the tie-broken
    weights, as the tie-broken matching solved by the blossom algorithm (old); weights
    with few classes give blossoms of positive dual, unmatched vertices and refusals."""
    rng = random.Random(500 + seed)
    settled = 0
    for _ in range(30):
        n = rng.randint(4, 36)
        classes = [rng.randint(1, 6) for _ in range(rng.choice([1, 2, 3]))]
        # Half the time an odd cluster whose inner edges weigh more (as a scoregroup
        # below a bracket): a blossom of positive dual, outside the ranking, shrunk.
        cluster = set(rng.sample(range(n), (n // 2) | 1)) if rng.random() < 0.5 else set()
        edges = [(i, j, (rng.choice(classes) + 8 * (i in cluster and j in cluster)) << 20)
                 for i in range(n) for j in range(i + 1, n) if rng.random() < 0.6]
        vertices = [3 * v + 1 for v in range(n)]  # vertex ids are not indices
        pool = [v for v in range(n) if v not in cluster]
        if len(pool) < 2:
            continue
        order = rng.sample(pool, rng.randint(2, len(pool)))
        used: set = set()
        ranking, bonus = [], {}
        width = n.bit_length()
        for position, k in enumerate(order):
            options = [c for c in rng.sample(pool, len(pool)) if c != k
                       and (min(k, c), max(k, c)) not in used][: rng.randint(1, n)]
            used.update((min(k, c), max(k, c)) for c in options)
            ranking.append((vertices[k], [vertices[c] for c in options]))
            for rank, c in enumerate(options):
                a, b = sorted((vertices[k], vertices[c]))
                bonus[(a, b)] = (len(options) - rank) << ((len(order) - 1 - position) * width)
        bits = len(order) * width
        monkeypatch.setattr(matching, "TIE_SPLIT_BITS", 0)

        def tied(pairs, bonus=bonus, bits=bits, edges=edges, vertices=vertices):
            weight = {(i, j): w for i, j, w in edges}
            return sum((weight[min(i, j), max(i, j)] << bits)
                       + bonus.get(tuple(sorted((vertices[i], vertices[j]))), 0)
                       for i, j in pairs)

        monkeypatch.setattr(matching, "RANKING_BY_PATHS", False)
        old = matching._tie_broken(vertices, edges, bonus, bits, ranking)
        monkeypatch.setattr(matching, "RANKING_BY_PATHS", True)
        results: list = []
        original = matching._settle_contracted

        def spy(*args, original=original, results=results):
            results.append(original(*args))
            return results[-1]

        monkeypatch.setattr(matching, "_settle_contracted", spy)
        new = matching._tie_broken(vertices, edges, bonus, bits, ranking)
        settled += bool(results) and results[0] is not None
        assert tied(new) == tied(old)
    assert settled > 20
