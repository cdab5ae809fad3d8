"""Knockout replay (Điều 25): the bracket rebuilt from a snapshot's recorded games.

Every mini-match's colours and lots come from ``chessrules.competition.knockout.MiniMatch``
seeded with the stored lot seed, so replaying the same games gives the same bracket.
The regulations' tie rule and double-forfeit rule (Điều 25; 002 Điều 11) come from the
event's settings.  When both players of a mini-match are out, the next opponent passes
(``None`` in a pair stands for nobody).  Placement matches (the regulations' ``Placement``;
002 Điều 11) pair the losers of the semi-finals (3rd place) and of the quarter-finals (5-8:
two matches, then 5th and 7th) as soon as their stage is decided, alongside the main bracket.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from chessrules.competition import knockout, scoring
from chessrules.values import RESULT_POINTS, Result
from tournaments.engine.snapshot import PairingRow, Snapshot


@dataclass
class KnockoutStage:
    stage: int
    pairs: list[tuple[int | None, int | None]]
    matches: dict[tuple[int, int], knockout.MiniMatch]
    pending: set[tuple[int, int]] = field(default_factory=set)  # a game without result
    label: str = ""  # "" for the main bracket; "3", "5-8", "5", "7" for placement matches

    @property
    def finished(self) -> bool:
        return not self.pending and all(m.finished for m in self.matches.values())

    def winners(self) -> list[int | None]:
        # a pass (no opponent) goes through; otherwise the mini-match's winner
        return [self.matches[(a, b)].winner if a is not None and b is not None else a
                for a, b in self.pairs]

    def losers(self) -> list[int | None]:
        """Per pair the player who lost the mini-match; None after a pass or both out."""
        out: list[int | None] = []
        for a, b in self.pairs:
            match = self.matches.get((a, b)) if a is not None and b is not None else None
            winner = match.winner if match else None
            out.append(None if winner is None else (b if winner == a else a))
        return out

    def key(self, a: int, b: int) -> str:
        return match_key(self.stage, a, b) if not self.label else f"p{self.label}:{a}-{b}"


def match_key(stage: int, a: int, b: int) -> str:
    return f"s{stage}:{a}-{b}"


class _Replay:
    """The recorded games of an event and its rules, to replay any stage."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.tie = knockout.TieRule(snapshot.settings.knockout_tie_rule
                                    or knockout.TieRule.TWO_THEN_DECIDER)
        self.forfeit = knockout.DoubleForfeitRule(snapshot.settings.knockout_double_forfeit
                                                  or knockout.DoubleForfeitRule.BOTH_OUT)
        self.placement = snapshot.settings.knockout_placement or knockout.Placement.NONE
        self.seed = snapshot.settings.lot_seed or 0
        self.games: dict[str, list[PairingRow]] = defaultdict(list)
        for p in snapshot.pairings:  # in round and board order
            if p.kind == "game" and p.match_key:
                self.games[p.match_key].append(p)

    def stage(self, number: int, pairs, label: str = "") -> KnockoutStage:
        # a pair with one player out: the other passes ("miễn đấu"), kept first
        pairs = [(b, a) if a is None else (a, b) for a, b in pairs]
        stage = KnockoutStage(number, pairs, {}, label=label)
        for a, b in pairs:
            if a is None or b is None:
                continue
            match = knockout.MiniMatch(a, b, f"{self.seed}{label}" if label else self.seed,
                                       tie_rule=self.tie, double_forfeit=self.forfeit)
            for p in self.games.get(stage.key(a, b), []):
                if p.result not in RESULT_POINTS:
                    stage.pending.add((a, b))
                    break
                if p.result == Result.DOUBLE_FORFEIT:
                    match.record_double_forfeit()
                    continue
                white_points, black_points = RESULT_POINTS[p.result]
                match.record(white_points if p.white == a else black_points)
            stage.matches[(a, b)] = match
        return stage


def stages(snapshot: Snapshot) -> list[KnockoutStage]:
    """The stages played so far; the last one is the current (or the final) stage."""
    replay = _Replay(snapshot)
    return _main(replay, len(snapshot.entries))


def _main(replay: _Replay, entries: int) -> list[KnockoutStage]:
    result = []
    pairs: list[tuple[int | None, int | None]] = list(knockout.first_round(entries))
    number = 1
    while True:
        stage = replay.stage(number, pairs)
        result.append(stage)
        if not stage.finished:
            return result
        winners = stage.winners()
        if len(winners) == 1:
            return result
        pairs = knockout.next_round(winners)
        number += 1


def placement_stages(snapshot: Snapshot, main: list[KnockoutStage] | None = None
                     ) -> list[KnockoutStage]:
    """The placement matches the regulations ask for whose players are known (002 Điều 11):
    the semi-final losers for 3rd; the quarter-final losers in two matches, then their
    winners for 5th and their losers for 7th."""
    replay = _Replay(snapshot)
    main = main if main is not None else _main(replay, len(snapshot.entries))
    if replay.placement == knockout.Placement.NONE:
        return []
    rounds = knockout.bracket_size(len(snapshot.entries)).bit_length() - 1  # stages in all
    out = []
    semis = main[rounds - 2] if rounds >= 2 and len(main) >= rounds - 1 else None
    if semis is not None and semis.finished:
        out.append(replay.stage(rounds, [tuple(semis.losers())], label="3"))
    quarters = main[rounds - 3] if rounds >= 3 and len(main) >= rounds - 2 else None
    if (replay.placement == knockout.Placement.THIRD_AND_FIVE_TO_EIGHT
            and quarters is not None and quarters.finished):
        first = replay.stage(rounds - 1, knockout.next_round(quarters.losers()), label="5-8")
        out.append(first)
        if first.finished:
            out.append(replay.stage(rounds, [tuple(first.winners())], label="5"))
            out.append(replay.stage(rounds, [tuple(first.losers())], label="7"))
    return [stage for stage in out if stage.pairs != [(None, None)]]


def places(main: list[KnockoutStage], placement: list[KnockoutStage]) -> list[tuple[int, int]]:
    """(place, starting number) of the players placed so far, best first; players who lost
    in the same stage without a placement match share the place (3rd, 5th)."""
    final = main[-1]
    if not (final.finished and len(final.pairs) == 1):
        return []
    out: list[tuple[int, int]] = []

    def add(place: int, players) -> None:
        out.extend((place, n) for n in players if n is not None)

    add(1, final.winners())
    add(2, final.losers())
    by_label = {stage.label: stage for stage in placement if stage.finished}
    for label, place, stage_index in (("3", 3, -2), ("5", 5, -3)):
        if label in by_label:
            add(place, by_label[label].winners())
            add(place + 1, by_label[label].losers())
            if label == "5" and "7" in by_label:
                add(7, by_label["7"].winners())
                add(8, by_label["7"].losers())
        elif len(main) >= -stage_index:
            add(place, main[stage_index].losers())
    return out


def ranking(snapshot: Snapshot) -> dict[int, int]:
    """Each player's place as far as decided: a main-bracket loser shares the place his stage
    reaches (final 2, semi-finals 3, quarter-finals 5, last 16 9, …) until a placement match
    settles it (3/4, 5-8, 5/6, 7/8); the champion is 1.  Players still in have no place."""
    main = stages(snapshot)
    placement = placement_stages(snapshot, main)
    rounds = knockout.bracket_size(len(snapshot.entries)).bit_length() - 1
    place: dict[int, int] = {}
    for index, stage in enumerate(main):
        for (a, b), match in stage.matches.items():
            if match.finished:
                for loser in ((a, b) if match.both_out else (b if match.winner == a else a,)):
                    place[loser] = 2 ** (rounds - 1 - index) + 1
    winner = champion(main)
    if winner is not None:
        place[winner] = 1
    settled = {"3": (3, 4), "5-8": (5, 7), "5": (5, 6), "7": (7, 8)}
    for stage in placement:  # in order: "5" and "7" come after "5-8"
        if stage.finished:
            won, lost = settled[stage.label]
            place.update((n, won) for n in stage.winners() if n is not None)
            place.update((n, lost) for n in stage.losers() if n is not None)
    return place


def rerank(rows: list[dict], places: dict[int, int]) -> list[dict]:
    """Standings rows of a knockout ordered and ranked by place (``ranking``); players still
    in come first, sharing rank 1; points order within a place."""
    ordered = sorted(enumerate(rows),
                     key=lambda item: (places.get(item[1]["starting_number"], 1), item[0]))
    return [{**row, "rank": places.get(row["starting_number"], 1)} for _, row in ordered]


def decided(main: list[KnockoutStage], placement: list[KnockoutStage]) -> bool:
    """The final is settled, and so is every placement match the regulations ask for.
    (Each placement stage is listed as soon as its players are known — the 3rd-place match
    when the semi-finals are decided, so before the final ends — hence "all finished".)"""
    final = main[-1]
    return final.finished and len(final.pairs) == 1 and all(s.finished for s in placement)


def champion(played: list[KnockoutStage]) -> int | None:
    last = played[-1]
    if last.finished and len(last.pairs) == 1:
        return last.winners()[0]
    return None


def two_game_score(scores_of_a: list[float | None]) -> dict | None:
    """Điều 21.2 for a knockout tie: match and game points of both sides from the first
    two games (``score_of_a`` per game, None for a double forfeit; tie-break games do not
    count), or None before both are played."""
    if len(scores_of_a) < 2:
        return None
    first = scores_of_a[:2]
    a = sum(scoring.GAME_POINTS[s] for s in first if s is not None)
    b = sum(scoring.GAME_POINTS[1 - s] for s in first if s is not None)
    if all(s is None for s in first):
        mp_a = mp_b = 0.0  # neither came to either game: nobody wins the match
    else:
        mp_a = 1.0 if a > b else 0.5 if a == b else 0.0
        mp_b = 1.0 - mp_a
    return {"a": {"match_points": mp_a, "game_points": a},
            "b": {"match_points": mp_b, "game_points": b}}
