"""#34: the first step of a tie-broken matching solved on weights shifted by vertex
potentials (chessrules.dutch.potentials): exact whenever accepted (``certifies`` on the
original weights), refused and solved again without them otherwise, and the pairings of
whole events unchanged."""

import random

import networkx as nx
import pytest

from chessrules.dutch import matching, pair_round, potentials
from chessrules.dutch.blossom import certifies
from chessrules.dutch.generator import play_tournament


def _optimum(edges):
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    return sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))


def _weight(edges, pairs):
    weights = {(a, b): w for a, b, w in edges} | {(b, a): w for a, b, w in edges}
    return sum(weights[pair] for pair in pairs)


def _homogeneous_bracket(rng, size):
    """Criteria of a few levels on top, the ordering field ``-2 * index`` of the higher
    player below (plus a bonus for an S1 player), a few pairs missing (rematches)."""
    half = size // 2
    edges = []
    for i in range(size):
        for j in range(i + 1, size):
            if rng.random() < 0.93:
                order = (((i < half) << 20) - i) << 1
                edges.append((i, j, (rng.choice((5, 6, 7)) << 40) + order))
    potential = {v: 2 * (half - 1 - v) for v in range(half)}
    return edges, potential


@pytest.mark.parametrize("seed", range(6))
def test_shifted_first_step_is_a_certified_optimum(seed):
    rng = random.Random(seed)
    size = rng.choice((20, 30, 41))
    edges, potential = _homogeneous_bracket(rng, size)
    original = list(edges)
    duals: list[list[int]] = []
    mate = potentials.first_step(list(range(size)), edges, potential, duals)
    assert edges == original  # shifted in place and restored
    if mate.count(-1) and any(potential.get(v) for v, m in enumerate(mate) if m == -1):
        assert not certifies(size, edges, mate, duals)
        return
    assert certifies(size, edges, mate, duals)
    pairs = [(v, m) for v, m in enumerate(mate) if m > v]
    assert _weight(edges, pairs) == _optimum(edges)


def test_a_wrong_potential_is_refused_and_the_graph_solved_without():
    """A triangle plus a pendant: the optimum leaves vertex 3 out; with a positive
    potential on 3 the shifted solve cannot be certified, the plain one is used."""
    edges = [(0, 1, 10 << 70), (1, 2, 10 << 70), (0, 2, 10 << 70), (2, 3, 1 << 70)]
    computer = matching.MatchingComputer(4, lambda a, b: 0)
    computer.potential = {3: 5 << 69}
    duals: list[list[int]] = []
    shifted = potentials.first_step([0, 1, 2, 3], list(edges), computer.potential, duals)
    assert not certifies(4, edges, shifted, duals)
    pairs = matching._tie_broken([0, 1, 2, 3], list(edges), {}, 64, computer=computer)
    assert _weight(edges, pairs) == _optimum(edges) == 11 << 70
    assert computer.potential_solves == 0


@pytest.mark.parametrize(("players", "rounds", "seed"),
                         [(30, 7, 81), (64, 5, 82), (101, 4, 83), (240, 3, 84)])
def test_potentials_give_the_same_pairings(players, rounds, seed, monkeypatch):
    """Every round of random tournaments (byes, forfeits, withdrawals, odd numbers) paired
    with the potentials (new, used at least once) and without (old): identical."""
    monkeypatch.setattr(matching, "TIE_SPLIT_BITS", 0)
    computers = []
    original_init = matching.MatchingComputer.__init__

    def recording_init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        computers.append(self)

    monkeypatch.setattr(matching.MatchingComputer, "__init__", recording_init)
    tournament = play_tournament(players, rounds, seed, bye_rate=0.04, withdraw_rate=0.02,
                                 forfeit_rate=0.04, full_bye_rate=0.02)
    assert sum(c.potential_solves for c in computers) > 0
    monkeypatch.setattr(matching, "POTENTIALS", False)
    for index in range(rounds):
        history = {p: entries[:index] for p, entries in tournament.history.items()}
        options = tournament.options(tournament.not_paired[index])
        again = pair_round(tournament.players, history, index + 1, options)
        assert again == tournament.pairings[index], f"round {index + 1}"


@pytest.mark.parametrize("seed", range(4))
def test_doubled_weights_give_the_same_matching_and_duals(seed):
    """``max_weight_matching(doubled=True)`` takes twice the weights as its working weights
    (no second integer per edge): the same run, the same matching and duals."""
    from chessrules.dutch.blossom import max_weight_matching

    rng = random.Random(100 + seed)
    edges, _ = _homogeneous_bracket(rng, rng.choice((16, 25, 34)))
    size = 1 + max(max(i, j) for i, j, _ in edges)
    plain_duals: list[list[int]] = []
    doubled_duals: list[list[int]] = []
    plain = max_weight_matching(size, edges, duals=plain_duals)
    doubled = max_weight_matching(size, [(i, j, 2 * w) for i, j, w in edges],
                                  duals=doubled_duals, doubled=True)
    assert doubled == plain
    assert doubled_duals == plain_duals
    assert certifies(size, edges, doubled, doubled_duals)
