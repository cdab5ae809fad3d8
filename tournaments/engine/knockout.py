"""Knockout replay (Điều 25): the bracket rebuilt from a snapshot's recorded games.

Every mini-match's colours and lots come from ``chessrules.competition.knockout.MiniMatch``
seeded with the stored lot seed, so replaying the same games gives the same bracket.
The regulations' tie rule and double-forfeit rule (Điều 25; 002 Điều 11) come from the
event's settings.  When both players of a mini-match are out, the next opponent passes
(``None`` in a pair stands for nobody).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from chessrules.competition import knockout
from chessrules.values import Result
from tournaments.engine.snapshot import RESULT_POINTS, PairingRow, Snapshot


@dataclass
class KnockoutStage:
    stage: int
    pairs: list[tuple[int, int | None]]
    matches: dict[tuple[int, int], knockout.MiniMatch]
    pending: set[tuple[int, int]] = field(default_factory=set)  # a game without result

    @property
    def finished(self) -> bool:
        return not self.pending and all(m.finished for m in self.matches.values())

    def winners(self) -> list[int | None]:
        return [a if b is None else self.matches[(a, b)].winner for a, b in self.pairs]


def match_key(stage: int, a: int, b: int) -> str:
    return f"s{stage}:{a}-{b}"


def stages(snapshot: Snapshot) -> list[KnockoutStage]:
    """The stages played so far; the last one is the current (or the final) stage."""
    n = len(snapshot.entries)
    tie = snapshot.settings.knockout_tie_rule or knockout.TieRule.TWO_THEN_DECIDER
    forfeit = snapshot.settings.knockout_double_forfeit or knockout.DoubleForfeitRule.BOTH_OUT
    seed = snapshot.settings.lot_seed or 0
    games: dict[str, list[PairingRow]] = defaultdict(list)
    for p in snapshot.pairings:  # in round and board order
        if p.kind == "game" and p.match_key:
            games[p.match_key].append(p)
    result = []
    pairs: list[tuple[int | None, int | None]] = list(knockout.first_round(n))
    stage_number = 1
    while True:
        stage = KnockoutStage(stage_number, pairs, {})
        for a, b in pairs:
            if a is None or b is None:
                continue
            match = knockout.MiniMatch(a, b, seed, tie_rule=tie, double_forfeit=forfeit)
            for p in games.get(match_key(stage_number, a, b), []):
                if p.result not in RESULT_POINTS:
                    stage.pending.add((a, b))
                    break
                if p.result == Result.DOUBLE_FORFEIT:
                    match.record_double_forfeit()
                    continue
                white_points, black_points = RESULT_POINTS[p.result]
                match.record(white_points if p.white == a else black_points)
            stage.matches[(a, b)] = match
        result.append(stage)
        if not stage.finished:
            return result
        winners = stage.winners()
        if len(winners) == 1:
            return result
        # a pair with one player out: the other passes ("miễn đấu"), kept first
        pairs = [(v, w) if w is None else (w, v) for w, v in knockout.next_round(winners)]
        stage_number += 1


def champion(played: list[KnockoutStage]) -> int | None:
    last = played[-1]
    if last.finished and len(last.pairs) == 1:
        return last.winners()[0]
    return None
