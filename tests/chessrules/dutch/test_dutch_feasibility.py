"""#15: can the players below a bracket all still be paired (C.04.3 C4, completion)?

``Feasibility`` answers it exactly, with a greedy matching repaired by augmenting paths
on the compatibility graph it lists lazily; the reference is networkx's maximum-cardinality
matching on the whole graph, built as the check was built before (the bye as one more
vertex, joined to the players who may take it)."""

import random

import networkx as nx
import pytest

from chessrules.dutch.matching import Feasibility


def _reference(vertices, restricted, compatible, bye_candidate):
    graph = nx.Graph()
    graph.add_nodes_from(vertices)
    for i, a in enumerate(vertices):
        for b in vertices[i + 1:]:
            if not (a in restricted and b in restricted) and compatible(a, b):
                graph.add_edge(a, b)
    if len(vertices) % 2:
        graph.add_node("bye")
        graph.add_edges_from((v, "bye") for v in vertices
                             if v not in restricted and bye_candidate(v))
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == graph.number_of_nodes()


@pytest.mark.parametrize("seed", range(8))
def test_exact_completion_agrees_with_maximum_matching(seed):
    rng = random.Random(seed)
    answers = set()
    for _ in range(60):
        n = rng.randint(1, 40)
        density = rng.choice([0.05, 0.15, 0.5, 0.9])
        edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < density}
        byes = {v for v in range(n) if rng.random() < 0.3}
        vertices = rng.sample(range(n), rng.randint(0, n))
        restricted = set(rng.sample(vertices, rng.randint(0, len(vertices) // 3)))

        def compatible(a, b, edges=edges):
            return (min(a, b), max(a, b)) in edges

        def bye_candidate(v, byes=byes):
            return v in byes

        feasibility = Feasibility(compatible, bye_candidate)
        expected = _reference(vertices, restricted, compatible, bye_candidate)
        assert feasibility._exact(vertices, restricted) == expected
        assert feasibility.complete(vertices, restricted) == expected
        answers.add(expected)
    assert answers == {True, False}  # both answers were exercised


def test_a_greedy_dead_end_is_repaired():
    """Greedy pairs 0-1, then 2 and 3 have played each other: the path 2-1-0-3 re-pairs
    0-3 and 1-2 (the greedy check alone says no)."""
    played = {(2, 3), (0, 2), (1, 3)}

    def compatible(a, b):
        return (min(a, b), max(a, b)) not in played

    feasibility = Feasibility(compatible, lambda v: False)
    assert not feasibility._greedy([0, 1, 2, 3], set())
    assert feasibility.complete([0, 1, 2, 3])
    assert not Feasibility(lambda a, b: (a, b) == (0, 1), lambda v: False).complete([0, 1, 2, 3])
