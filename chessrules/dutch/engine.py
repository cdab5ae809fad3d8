"""The FIDE Dutch System pairing of one round (C.04.3, version applied from 2025).

Method (that of the FIDE-endorsed engine bbpPairings, re-implemented here):
one weighted graph holds all players to be paired.  Every edge weight is one
integer whose bit fields, from the most significant down, encode the criteria
in the order of the rules, so that a maximum-weight matching is the pairing
the rules prescribe:

* C1 (no rematch) and C3 (absolute colour preferences, except topscorers in
  the last round) remove the edge;
* C2/C4 (completion, bye eligibility) and C5 (the bye goes to a player of the
  lowest possible score) form the top field;
* then, for the bracket being paired: C6 maximise the pairs, C7 maximise the
  scores paired, the same for the next bracket, C9 minimise the unplayed games
  of the bye assignee, C10-C13 colours, C14-C17 repeated floaters, C18-C21
  their scores;
* the low bits are left for the ordering rules of section 3 (which moved-down
  players, exchanges, S1/S2 transpositions), settled by re-solving the
  matching with small bonuses, one decision at a time.

Brackets are paired from the top score down; every decided pair is frozen
before the next bracket.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from chessrules.dutch.matching import (
    Bonus,
    Compatible,
    Feasibility,
    MatchingComputer,
    Ranking,
    TierBonus,
)
from chessrules.dutch.model import PairingError
from chessrules.dutch.state import FLOAT_DOWN, FLOAT_UP, PlayerState, TournamentState

SHORTCUTS = True
"""Settle sequences of ordering steps with one tie-broken matching (see _lexicographic)."""


def _bits(value: int) -> int:
    return value.bit_length()


def compatible(a: PlayerState, b: PlayerState, state: TournamentState) -> bool:
    """C1 (no rematch) and C3 (absolute colour preferences), with the topscorer exception."""
    if b.id in a.forbidden:
        return False
    if not a.absolute_preference or not b.absolute_preference:
        return True
    if a.preference != b.preference:
        return True
    if state.is_last_round():
        threshold = state.played_rounds * max(state.points.win, state.points.draw) // 2
        return a.score > threshold or b.score > threshold
    return False


def _preferences_compatible(a: str | None, b: str | None) -> bool:
    return a != b or a is None or b is None


def _invert(colour: str | None) -> str | None:
    return {"w": "b", "b": "w"}.get(colour or "")


class _Weights:
    """The edge weight layout of one round (bbpPairings' computeEdgeWeight)."""

    def __init__(self, sorted_players: list[PlayerState], state: TournamentState) -> None:
        self.state = state
        shifts: dict[int, int] = {}
        total = 0
        largest = 0
        count = 0
        reversed_players = list(reversed(sorted_players))
        for k, player in enumerate(reversed_players):
            count += 1
            if k + 1 == len(reversed_players) or player.score < reversed_players[k + 1].score:
                shifts[player.score] = total
                largest = max(largest, count)
                total += _bits(count)
                count = 0
        self.shifts = shifts
        self.group_shift = total
        self.size_bits = _bits(largest)
        self.bye_score = 0
        self.single_downfloater_is_bye = False
        self.unplayed_ranks: dict[int, int] = {}
        self.max_weight = (1 << (self._width() + 4)) - 1
        self.top_shift = self._width() - 2  # position of the completion field
        self._frozen: tuple[bool, dict[int, int]] = (False, {})

    def freeze_dormant(self) -> None:
        """Remember C9's set-up for the edges set once at the start (dormant edges)."""
        self._frozen = (self.single_downfloater_is_bye, dict(self.unplayed_ranks))

    def dormant_edge(self, higher: PlayerState, lower: PlayerState) -> int:
        current = (self.single_downfloater_is_bye, self.unplayed_ranks)
        self.single_downfloater_is_bye, self.unplayed_ranks = self._frozen
        try:
            return self.edge(higher, lower, False, False)
        finally:
            self.single_downfloater_is_bye, self.unplayed_ranks = current

    def _width(self) -> int:
        sb, gs = self.size_bits, self.group_shift
        width = 2 + sb + gs + sb + gs + 2 * sb + 4 * sb
        rounds = self.state.played_rounds
        if rounds:
            width += 2 * sb + 2 * gs
        if rounds > 1:
            width += 2 * sb + 2 * gs
        return width + 3 * sb + 1

    def bye_candidate(self, player: PlayerState) -> bool:
        return player.eligible_for_bye and player.score <= self.bye_score

    def edge(self, higher: PlayerState, lower: PlayerState, lower_in: bool, lower_next: bool) -> int:
        """Weight of the edge higher-lower (``higher`` ranked above ``lower``)."""
        state = self.state
        if not compatible(higher, lower, state):
            return 0
        sb, gs, shifts = self.size_bits, self.group_shift, self.shifts
        hs, ls = higher.score, lower.score
        # C2/C4/C5: completion, bye eligibility, bye to the lowest score.
        w = 1 + (not self.bye_candidate(higher)) + (not self.bye_candidate(lower))
        # C6: pairs in the current bracket; C7: scores paired there.
        w = (w << sb) | lower_in
        w <<= gs
        if lower_in:
            w |= 1 << shifts[hs]
        # The same for the next bracket.
        w = (w << sb) | lower_next
        w <<= gs
        if lower_next:
            w |= 1 << shifts[hs]
        # C9: unplayed games of the bye assignee.
        w <<= 2 * sb
        if self.single_downfloater_is_bye:
            if hs == self.bye_score:
                w |= self.unplayed_ranks[higher.played_games]
            if ls == self.bye_score:
                w += self.unplayed_ranks[lower.played_games]
        w = self._colour_bits(w, lower, higher, lower_in)
        rounds = state.played_rounds
        for back in (1, 2):
            if rounds < back:
                continue
            # C14/C16 repeated downfloaters, C15/C17 repeated upfloaters.
            w <<= sb
            if lower_in:
                w |= lower.floats[back - 1] == FLOAT_DOWN
                w += hs <= ls and higher.floats[back - 1] == FLOAT_DOWN
            w <<= sb
            if lower_in:
                w |= not (hs > ls and lower.floats[back - 1] == FLOAT_UP)
        for back in (1, 2):
            if rounds < back:
                continue
            # C18/C20: scores of repeated downfloaters; C19/C21: upfloaters' opponents.
            w <<= gs
            if lower_in:
                w += (lower.floats[back - 1] == FLOAT_DOWN) << shifts[ls]
                w += (higher.floats[back - 1] == FLOAT_DOWN) << shifts[hs]
            w <<= gs
            if lower_in and not (lower.floats[back - 1] == FLOAT_UP and hs > ls):
                w |= 1 << shifts[hs]
        # Room for the ordering rules (exchanges, transpositions).
        w <<= 3 * sb + 1
        return w

    def _colour_bits(self, w: int, player: PlayerState, opponent: PlayerState, mask: bool) -> int:
        """C10-C13; ``player`` is the lower-ranked one."""
        sb = self.size_bits
        same = player.preference == opponent.preference
        w <<= sb
        w |= mask and (not player.absolute_imbalance or not opponent.absolute_imbalance or not same)
        w <<= sb
        if mask:
            if not player.absolute_preference or not opponent.absolute_preference or not same:
                bit = True
            elif player.imbalance == opponent.imbalance:
                bit = player.repeated is None or player.repeated != opponent.repeated
            else:
                chosen = opponent if player.imbalance > opponent.imbalance else player
                bit = chosen.repeated != _invert(player.preference)
            w |= bit
        w <<= sb
        w |= mask and _preferences_compatible(player.preference, opponent.preference)
        w <<= sb
        w |= mask and (
            (not player.strong and not player.absolute_preference)
            or (not opponent.strong and not opponent.absolute_preference)
            or (player.absolute_preference and opponent.absolute_preference)
            or not same
        )
        return w

    def initial_bye_weight(self, lower: PlayerState, higher: PlayerState, top: int) -> int:
        """Weights of the first matching that finds the bye assignee's score (odd count)."""
        if not compatible(lower, higher, self.state):
            return 0
        w = 1 + (not lower.eligible_for_bye) + (not higher.eligible_for_bye)
        w <<= self.group_shift
        w |= self.shifts[lower.score] + self.shifts[higher.score]
        w <<= self.size_bits
        w |= lower.score >= top
        return w


def compute_pairs(
    state: TournamentState, progress: Callable[[float], None] | None = None
) -> list[tuple[PlayerState, PlayerState | None]]:
    """Pairs (colours not yet allocated) of the round; the bye as (player, None).
    ``progress``: the share of players paired, after each bracket."""
    players_sorted = sorted(state.to_pair, key=lambda p: (-p.score, p.rank_index))
    n = len(players_sorted)
    if n == 0:
        return []
    if SHORTCUTS and _is_plain_first_round(players_sorted, state):
        return _first_round_pairs(players_sorted)
    weights = _Weights(players_sorted, state)

    def is_compatible(a: int, b: int) -> bool:
        return compatible(players_sorted[a], players_sorted[b], state)

    if n % 2 == 0:
        if not Feasibility(is_compatible, lambda v: False).complete(list(range(n))):
            raise _no_pairing()
    else:
        _choose_bye_score(weights, players_sorted, is_compatible, state)
    weights.freeze_dormant()

    def default(a: int, b: int) -> int:
        return weights.dormant_edge(players_sorted[a], players_sorted[b])

    computer = MatchingComputer(n, default)
    computer.top_shift = weights.top_shift
    computer.feasibility = Feasibility(
        is_compatible, lambda v: weights.bye_candidate(players_sorted[v])
    )
    opponent_of = _pair_brackets(players_sorted, weights, computer, state, progress)
    result: list[tuple[PlayerState, PlayerState | None]] = []
    for player in players_sorted:
        match = opponent_of.get(player.id)
        if match is None:
            result.append((player, None))
        elif player.id < match.id:
            result.append((player, match))
    return result


def _is_plain_first_round(players: list[PlayerState], state: TournamentState) -> bool:
    """Round 1 without acceleration: one homogeneous bracket of identical players."""
    return state.played_rounds == 0 and all(not p.accelerations for p in players)


def _first_round_pairs(players: list[PlayerState]) -> list[tuple[PlayerState, PlayerState | None]]:
    """C.04.3 for round 1: S1 (upper half) meets S2 (lower half) in order; with an odd
    number the lowest-ranked player gets the bye (C5/C9 cannot tell the players apart,
    so the bracket's order decides).  Identical to the general procedure, in O(n)."""
    half = len(players) // 2
    pairs: list[tuple[PlayerState, PlayerState | None]] = [
        (players[k], players[half + k]) for k in range(half)
    ]
    if len(players) % 2:
        pairs.append((players[-1], None))
    return pairs


def _no_pairing() -> PairingError:
    return PairingError(
        "the players cannot all be paired without breaking an absolute criterion "
        "(C1 no rematch, C2 no second bye, C3 colours)"
    )


def _choose_bye_score(
    weights: _Weights, players: list[PlayerState], is_compatible: Compatible,
    state: TournamentState,
) -> None:
    """C5 and C9 set-up: the bye assignee's (lowest possible) score and the unplayed ranks.

    bbpPairings finds the score with one matching over all players; the same
    score is found here by trying the eligible players from the bottom.
    """
    n = len(players)
    everyone = list(range(n))
    bye_score = None
    for k in range(n - 1, -1, -1):
        if bye_score is not None and players[k].score > bye_score:
            break
        if not players[k].eligible_for_bye or bye_score is not None:
            continue
        def is_bye(v: int, k: int = k) -> bool:
            return v == k

        if Feasibility(is_compatible, is_bye).complete(everyone):
            bye_score = players[k].score
    if bye_score is None:
        raise _no_pairing()
    weights.bye_score = bye_score
    top = players[0].score
    single = bye_score >= top
    if single and any(p.score < top for p in players):
        single = _top_group_pairs_internally(weights, players, state)
    weights.single_downfloater_is_bye = single
    counts = sorted((p.played_games for p in players if p.score == bye_score), reverse=True)
    weights.unplayed_ranks = {}
    for rank, count in enumerate(counts):
        weights.unplayed_ranks[count] = rank


def _top_group_pairs_internally(
    weights: _Weights, players: list[PlayerState], state: TournamentState
) -> bool:
    """Rare case (the bye goes to a topscorer): bbpPairings' first matching, in full."""
    n = len(players)
    top = players[0].score
    computer = MatchingComputer(
        n, lambda a, b: weights.initial_bye_weight(players[b], players[a], top)
    )
    mate = computer.compute()
    for k, player in enumerate(players):
        if player.score < top:
            break
        if players[mate[k]].score < top:
            return False
    return True


def _pair_brackets(
    sorted_players: list[PlayerState],
    weights: _Weights,
    computer: MatchingComputer,
    state: TournamentState,
    progress: Callable[[float], None] | None = None,
) -> dict[int, PlayerState]:
    n = len(sorted_players)
    opponent_of: dict[int, PlayerState] = {}
    players: list[PlayerState] = []
    vertices: list[int] = []
    nxt = 0
    while nxt < n and sorted_players[nxt].score >= sorted_players[0].score:
        players.append(sorted_players[nxt])
        vertices.append(nxt)
        nxt += 1
    matched = [False] * n
    moved_down = 0  # scoreGroupBegin: players[0:moved_down] come from higher brackets
    group_vertex = 0  # vertex of the first resident of the current bracket

    while len(players) > 1 or nxt < n:
        size = len(players)  # nextScoreGroupBegin
        next_vertex = group_vertex + (size - moved_down)
        group_start = nxt
        while nxt < n and sorted_players[nxt].score >= sorted_players[group_start].score:
            players.append(sorted_players[nxt])
            vertices.append(vertices[-1] + 1)
            nxt += 1
        window_allowed = n % 2 == 0 or all(p.score > weights.bye_score for p in players)
        computer.open_window(list(vertices) if window_allowed else None)
        # The players below the bracket weigh alike towards it (matching.TWIN_REDUCTION).
        in_bracket = set(vertices[:size])
        computer.twin_hint = {v for v in range(n) if v not in in_bracket}
        bracket = _BracketPairing(
            players, vertices, moved_down, size, group_vertex, next_vertex, weights, computer,
            matched,
        )
        stable = bracket.run()
        del bracket  # its weight table is not needed by the next bracket: free it first

        single = (
            n % 2 == 1
            and group_start < n
            and weights.bye_score >= sorted_players[group_start].score
        )
        new_players: list[PlayerState] = []
        new_vertices: list[int] = []
        moved_down = 0
        for k, player in enumerate(players):
            vertex = vertices[k]
            if k < size and matched[vertex]:
                partner = sorted_players[stable[vertex]]
                opponent_of[player.id] = partner
                opponent_of[partner.id] = player
            else:
                new_players.append(player)
                new_vertices.append(vertex)
                if k < size:
                    moved_down += 1
                if single and sorted_players[stable[vertex]].score < sorted_players[group_start].score:
                    single = False
        weights.single_downfloater_is_bye = single
        players, vertices = new_players, new_vertices
        group_vertex = next_vertex
        if progress is not None:
            progress(len(opponent_of) / n)
    return opponent_of


class _BracketPairing:
    """Section 3 of C.04.3 for one bracket, on the shared matching computer."""

    def __init__(
        self,
        players: list[PlayerState],
        vertices: list[int],
        moved_down: int,
        size: int,
        group_vertex: int,
        next_vertex: int,
        weights: _Weights,
        computer: MatchingComputer,
        matched: list[bool],
    ) -> None:
        self.players = players
        self.vertices = vertices
        self.moved_down = moved_down
        self.size = size
        self.group_vertex = group_vertex
        self.next_vertex = next_vertex
        self.weights = weights
        self.computer = computer
        self.matched = matched
        self.shortcuts = SHORTCUTS
        count = len(players)
        self.base: list[list[int]] = [[] for _ in range(count)]
        for lo in range(moved_down, count):
            lower = players[lo]
            lower_in, lower_next = lo < size, lo >= size
            self.base[lo] = [
                weights.edge(players[hi], lower, lower_in, lower_next) for hi in range(lo)
            ]
        for lo in range(moved_down, count):
            row = self.base[lo]
            vlo = vertices[lo]
            for hi in range(lo):
                computer.set_weight(vertices[hi], vlo, row[hi])

    def _set(self, a: int, b: int, weight: int) -> None:
        self.computer.set_weight(self.vertices[a], self.vertices[b], weight)

    def _rweight(self, hi: int, lo: int, hi_index: int, remainder_pairs: int) -> int:
        result = self.base[lo][hi]
        if result:
            addend = int(hi_index < remainder_pairs)
            addend <<= 2 * self.weights.size_bits
            addend -= hi_index
            addend <<= 1
            result += addend
        return result

    def _in_current_group(self, stable: list[int], k: int) -> bool:
        return self.group_vertex <= stable[self.vertices[k]] < self.next_vertex

    def _lexicographic(self, order: list[int], candidates: Callable[[int], list[int]],
                       stable: list[int]
                       ) -> tuple[list[int], bool]:
        """One matching that already makes the choices of a sequence of steps.

        bbpPairings lets each player of ``order`` in turn take the first (highest
        ranked) of his candidates that keeps the pairing optimal, re-solving the
        matching each time.  Tie-break bonuses, one tier per player (the first
        player's tier highest), give a matching that is optimal for the current
        weights and makes all these choices at once; each step then checks that
        the matching still pairs its player with his first candidate, which
        proves it optimal for that step's weights, and re-solves otherwise.
        Returns the matching and whether it is optimal for the current weights.
        """
        if not self.shortcuts or len(order) < 2:
            return stable, False
        return self.computer.compute(*self._bonus(order, candidates)), True

    def _bonus(self, order: list[int], candidates: Callable[[int], list[int]]
               ) -> tuple[Bonus, int, Ranking]:
        """Tie-break bonuses: one tier per player of ``order``, best candidate highest.

        Also returns the same tiers as a ranking (each player's vertex and his
        candidates' vertices, best first), which the matching may settle directly.
        The bonuses are computed from the ranking when read (:class:`TierBonus`).
        """
        vertices = self.vertices
        ranking: Ranking = [(vertices[k], [vertices[opp] for opp in candidates(k)])
                            for k in order]
        width = max((len(options) for _, options in ranking), default=0).bit_length()
        if len(set(order)) == len(order):
            return TierBonus(ranking, width), len(order) * width, ranking
        bonus: dict[tuple[int, int], int] = {}  # a player in two tiers: the later one wins
        for position, (player, options) in enumerate(ranking):
            shift = (len(order) - 1 - position) * width
            for rank, opp in enumerate(options):
                bonus[(min(player, opp), max(player, opp))] = (len(options) - rank) << shift
        return bonus, len(order) * width, ranking

    def run(self) -> list[int]:
        players, vertices, base = self.players, self.vertices, self.base
        moved_down, size = self.moved_down, self.size
        computer, matched = self.computer, self.matched
        max_weight = self.weights.max_weight
        if self.shortcuts and moved_down == 0:
            # Homogeneous bracket: the remainder is the whole bracket; its number of
            # pairs (C6) is that of any optimal matching, so guess it, solve, check.
            whole = list(range(size))
            remainder_pairs = size // 2
            if computer.window is not None and size % 2 == 0:
                # If the bracket can be paired within itself nobody floats down, and
                # the next scoregroup cannot change the bracket's pairs: leave it out.
                computer.close_window(vertices[:size])
            presolved = self._solve_remainder(whole, remainder_pairs)
            actual = self._pairs_in_bracket(whole, presolved[0])
            if actual != remainder_pairs:
                remainder_pairs = actual
                presolved = self._solve_remainder(whole, remainder_pairs)
            return self._pair_remainder(whole, remainder_pairs, presolved)
        # Break the first matching's ties the way the moved-down players' opponent
        # steps will; valid for them as long as no step below needs a new matching.
        if self.shortcuts:
            def residents(k: int) -> list[int]:
                return [opp for opp in range(moved_down, size) if base[opp][k]]

            stable = self._first_matching(self._bonus(list(range(moved_down)), residents))
            tie_broken = True
        else:
            stable = self._first_matching()
            tie_broken = False

        # Which moved-down players get paired here (highest first).
        group_score = None
        remaining_group = remaining_matched = 0
        for k in range(moved_down):
            if k == 0 or players[k].score < cast(int, group_score):  # set when k == 0
                group_score = players[k].score
                remaining_group = remaining_matched = 0
                m = k
                while m < len(players) and players[m].score >= group_score:
                    remaining_group += 1
                    if self._in_current_group(stable, m):
                        remaining_matched += 1
                    m += 1
            if not remaining_matched:
                continue
            vertex = vertices[k]
            if remaining_group <= remaining_matched:
                matched[vertex] = True
                continue
            remaining_group -= 1
            if not self._in_current_group(stable, k):
                for opp in range(moved_down, size):
                    weight = base[opp][k]
                    if weight:
                        self._set(k, opp, weight | 1)
                stable = computer.compute()
                tie_broken = False
            if self._in_current_group(stable, k):
                matched[vertex] = True
                remaining_matched -= 1
                for opp in range(moved_down, size):
                    weight = base[opp][k]
                    if weight:
                        self._set(k, opp, (weight | (size - moved_down)) + 1)

        # Their opponents: the highest-ranked resident possible, in order.
        order = [k for k in range(moved_down) if matched[vertices[k]]]

        def resident_candidates(k: int) -> list[int]:
            return [opp for opp in range(moved_down, size)
                    if not matched[vertices[opp]] and base[opp][k]]

        if tie_broken:
            optimal = True
        else:
            stable, optimal = self._lexicographic(order, resident_candidates, stable)
        for k in order:
            vertex = vertices[k]
            candidates = resident_candidates(k)
            addend = len(players)
            for opp in reversed(candidates):
                self._set(k, opp, base[opp][k] + addend)
                addend += 1
            if not (optimal and stable[vertex] in {vertices[c] for c in candidates}):
                stable = computer.compute()
                optimal = False  # optimal for this step only, not a tie-broken one
            mate = stable[vertex]
            matched[mate] = True
            computer.finalize_pair(vertex, mate, max_weight)

        # The remainder: S1 (first remainder_pairs players) against S2, with exchanges.
        remainder: list[int] = []
        remainder_pairs = 0
        for k in range(moved_down, size):
            vertex = vertices[k]
            if stable[vertex] < self.group_vertex:
                continue
            remainder.append(k)
            if stable[vertex] < vertex:
                remainder_pairs += 1
        return self._pair_remainder(remainder, remainder_pairs, None)

    def _first_matching(self, bonus: tuple[Bonus, int, Ranking] | None = None
                        ) -> list[int]:
        """The bracket's first matching, on the bracket alone when nobody floats down.

        When the bracket (even) can be paired within itself, every optimal pairing
        does so and the next scoregroup cannot change the bracket's pairs; every
        matching of the bracket is checked for that (see ``close_window``).
        """
        computer = self.computer
        if self.shortcuts and computer.window is not None and self.size % 2 == 0:
            computer.close_window(self.vertices[: self.size])
        return computer.compute(*bonus) if bonus else computer.compute()

    def _pairs_in_bracket(self, remainder: list[int], stable: list[int]) -> int:
        vertices = self.vertices
        return sum(1 for k in remainder if self.group_vertex <= stable[vertices[k]] < vertices[k])

    def _solve_remainder(self, remainder: list[int], remainder_pairs: int
                         ) -> tuple[list[int], bool]:
        """Weights minimising exchanges (and their BSN differences); solve."""
        base, computer = self.base, self.computer
        for a_pos, lo in enumerate(remainder):
            for hi_index, hi in enumerate(remainder[:a_pos]):
                self._set(hi, lo, self._rweight(hi, lo, hi_index, remainder_pairs))
        if self.shortcuts and remainder_pairs > 1:
            # Also break ties the way the S1 steps will (used if there is no exchange).
            natural_s1 = remainder[:remainder_pairs]
            # The ordering field adds ``-2 * hi_index`` to every edge of an S1 player:
            # as a potential it leaves nearly flat weights (``matching._first_step``).
            computer.potential = {self.vertices[hi]: 2 * (remainder_pairs - 1 - hi_index)
                                  for hi_index, hi in enumerate(natural_s1)}
            try:
                stable = computer.compute(*self._bonus(
                    natural_s1, lambda k: [lo for lo in remainder if lo > k and base[lo][k]]))
            finally:
                computer.potential = {}
            return stable, True
        return computer.compute(), False

    def _pair_remainder(self, remainder: list[int], remainder_pairs: int,
                        presolved: tuple[list[int], bool] | None) -> list[int]:
        players, vertices, base = self.players, self.vertices, self.base
        size = self.size
        computer, matched = self.computer, self.matched
        max_weight = self.weights.max_weight
        first_group_end = remainder_pairs

        if presolved is None:
            stable, tie_broken = self._solve_remainder(remainder, remainder_pairs)
        else:
            stable, tie_broken = presolved

        def plays_up(k: int) -> bool:  # paired with a higher-index player of this bracket
            vertex = vertices[k]
            return vertex < stable[vertex] < self.next_vertex

        exchange_count = 0
        if first_group_end < len(remainder):
            boundary = remainder[first_group_end]
            for k in remainder:
                if k >= boundary:
                    break
                exchange_count += not plays_up(k)

        # Exchanges, part 1: S1 players that go to S2, lowest first.
        exchanges_remaining = exchange_count
        position = first_group_end
        while position > 0 and exchanges_remaining:
            position -= 1
            k = remainder[position]
            if plays_up(k):
                for lo in remainder[position + 1 :]:
                    weight = self._rweight(k, lo, position, remainder_pairs)
                    if weight:
                        self._set(k, lo, weight - 1)
                stable = computer.compute()
            exchange = not plays_up(k)
            exchanges_remaining -= exchange
            for lo in remainder[position + 1 :]:
                if exchange:
                    base[lo][k] = 0
                self._set(k, lo, self._rweight(k, lo, position, remainder_pairs))

        # Exchanges, part 2: S2 players that go to S1, highest first.
        exchanges_remaining = exchange_count
        for position in range(first_group_end, len(remainder)):
            if exchanges_remaining <= 1:
                break
            k = remainder[position]
            already = plays_up(k)
            if not already:
                for lo in remainder[position + 1 :]:
                    weight = self._rweight(k, lo, position, remainder_pairs)
                    if weight:
                        self._set(k, lo, weight + 1)
                stable = computer.compute()
            if plays_up(k):
                exchanges_remaining -= 1
                for hi in remainder[:position]:
                    base[k][hi] = 0
                    self._set(k, hi, 0)
                for opp in range(size, len(players)):
                    base[opp][k] = 0
                    self._set(k, opp, 0)
            if not already:
                for lo in remainder[position + 1 :]:
                    self._set(k, lo, self._rweight(k, lo, position, remainder_pairs))

        # Fix who is in S1 and who in S2.
        for a_pos, k in enumerate(remainder):
            for lo in remainder[a_pos + 1 :]:
                if not plays_up(k) or plays_up(lo):
                    base[lo][k] = 0
                self._set(k, lo, base[lo][k])

        # Each S1 player, in order, gets the highest-ranked S2 opponent still possible.
        def s2_candidates(k: int) -> list[int]:
            return [lo for lo in remainder if lo > k and not matched[vertices[lo]] and base[lo][k]]

        order = [k for k in remainder if plays_up(k)]
        if tie_broken and exchange_count == 0:
            optimal = True  # the remainder's matching already broke the ties
        else:
            stable, optimal = self._lexicographic(order, s2_candidates, stable)
        for k in remainder:
            if not plays_up(k):
                continue
            addend = 0
            for lo in reversed(remainder):
                if lo <= k or matched[vertices[lo]]:
                    continue
                weight = base[lo][k]
                if weight:
                    self._set(k, lo, weight + addend)
                addend += 1
            vertex = vertices[k]
            candidates = s2_candidates(k)
            if not (optimal and stable[vertex] in {vertices[c] for c in candidates}):
                stable = computer.compute()
                optimal = False  # optimal for this step only, not a tie-broken one
            mate = stable[vertex]
            matched[vertex] = True
            matched[mate] = True
            computer.finalize_pair(vertex, mate, max_weight)
        return stable
