"""Swiss system by draw ("Hệ thống Đại tuần hoàn", Điều 29; 002 Điều 14).

Round 1: 1 - 2, 3 - 4, ... (the lower number has White, 29.1).  Later rounds:

1. players with equal scores form a score group (29.2), drawn from the highest down;
2. each group is split into four colour sub-groups (29.2.1 after an odd number of
   rounds, 29.2.2 after an even number; see ``subgroup``);
3. drawing order (29.3.1-29.3.4): sub-group 1 draws from sub-groups 3+4 (1 has White),
   the rest of 4 draws from 2 (2 has White), the rest of 2 draws from 3 (2 has White),
   the rest play each other with colours by lot.  In general the player of the lower
   sub-group number has White;
4. an odd group sends its unpaired player down (29.3.5-29.3.6): from sub-group 1/2 he
   takes an opponent of sub-group 3/4 of the next group and White, from 3/4 an
   opponent of 1/2 and Black; he is marked "↓" and his opponent "↑";
5. absolute limits (29.4.1-29.4.2): never the same opponent twice, never three games
   in a row with one colour, White/Black difference at most 1 after an odd and at most
   2 after an even number of games;
6. 29.4.4 (002 14.4.4): a player moved down in the previous round is not moved down
   again when another draw exists;
7. when a group cannot be completed the draws already made are undone (29.4.1, 29.4.3):
   depth-first search over the draws of all groups; if still impossible more players
   are moved down, and as a last resort (Điều 27: colour rules may be waived) the
   colour limits are relaxed - both reported in ``DrawResult.relaxed``.

Every choice "by lot" comes from ``random.Random`` seeded with the seed stored with the
round, so ``draw_round(..., seed)`` replays a draw exactly.  Fewer than 18 players gives
a warning (29.5).  Forfeited games are not meetings and carry no colour.

Public API
----------
- ``subgroup(colours, rounds_completed) -> 1..4``
- ``colour_allowed(colours, colour, relaxed=False) -> bool``
- ``draw_round(competitors, round_number, seed, previous=None, absent=()) -> DrawResult``
  (``competitors``: ``model.Competitor`` objects with their entries so far; withdrawn
  players - ``withdrawn_after`` set - are not paired).
- ``tracking_card(player_id, competitors, draws) -> list[CardRow]`` (Thẻ theo dõi, 29.1).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from chessrules.competition.model import GAME, PAB, Competitor

#: Điều 29.5 (002 Điều 14.5): "Số đấu thủ ... không được ít hơn 18 vận động viên" and
#: "Số vòng thi đấu ... ít nhất là 6 vòng"
MIN_PLAYERS = 18
MIN_ROUNDS = 6
NODE_BUDGET = 60_000
GROUP_NODE_BUDGET = 4_000
SOLUTIONS_PER_GROUP = 4
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


@dataclass
class DrawResult:
    """One drawn round; ``pairs`` are ``(white, black)`` in group order."""

    round: int
    seed: int | str
    pairs: list[tuple[int, int]] = field(default_factory=list)
    bye: int | None = None
    score_group: dict[int, float] = field(default_factory=dict)
    subgroups: dict[int, int] = field(default_factory=dict)
    floats: dict[int, str] = field(default_factory=dict)  # "↓" moved down, "↑" met one
    warnings: list[str] = field(default_factory=list)
    relaxed: list[str] = field(default_factory=list)


@dataclass
class CardRow:
    """One row of the tracking card (Thẻ theo dõi thi đấu, 29.1)."""

    round: int
    opponent_name: str
    opponent_title: str
    opponent_number: int | None
    colour: str  # "T" (Trắng) / "Đ" (Đen) / "" for a bye
    result: float | None
    group: str  # colour sub-group I-IV with a float mark
    total: float
    note: str = ""


@dataclass
class _State:
    id: int
    score: float
    colours: list[str]
    opponents: set[int]
    had_bye: bool
    subgroup: int = 2
    floated_down_last: bool = False


def subgroup(colours: list[str], rounds_completed: int) -> int:
    """Colour sub-group 1-4 of a player (29.2.1 / 29.2.2).

    ``colours`` are the colours of his played games in order ("w"/"b").  The "two last
    games with one colour" conditions come first (they force the next colour).
    """
    whites, blacks = colours.count("w"), colours.count("b")
    last_two = "".join(colours[-2:])
    last = colours[-1] if colours else ""
    if last_two == "bb":
        return 1
    if last_two == "ww":
        return 4
    if rounds_completed % 2 == 1:  # 29.2.1
        if blacks > whites:
            return 2
        if whites > blacks:
            return 3
    else:  # 29.2.2
        if blacks > whites:
            return 1
        if whites > blacks:
            return 4
    return 3 if last == "w" else 2


def colour_allowed(colours: list[str], colour: str, relaxed: bool = False) -> bool:
    """29.4.2: no third game in a row with one colour, and |White - Black| at most 1
    after an odd number of games, at most 2 after an even number."""
    if relaxed:
        return True
    if len(colours) >= 2 and colours[-1] == colours[-2] == colour:
        return False
    whites = colours.count("w") + (colour == "w")
    blacks = colours.count("b") + (colour == "b")
    games = whites + blacks
    return abs(whites - blacks) <= (1 if games % 2 else 2)


def _states(competitors: Mapping[int, Competitor], round_number: int) -> dict[int, _State]:
    states = {}
    for pid, c in competitors.items():
        if c.withdrawn_after is not None and c.withdrawn_after < round_number:
            continue
        entries = [c.entries[r] for r in sorted(c.entries) if r < round_number]
        colours = [e.color for e in entries if e.kind == GAME and e.color]
        opponents = {e.opponent for e in entries if e.kind == GAME and e.opponent is not None}
        score = sum(e.points for e in entries)
        had_bye = any(e.kind == PAB for e in entries)
        states[pid] = _State(pid, score, colours, opponents, had_bye)
    return states


def draw_round(
    competitors: Mapping[int, Competitor],
    round_number: int,
    seed: int | str,
    previous: DrawResult | None = None,
    absent: Iterable[int] = (),
) -> DrawResult:
    """Draw ``round_number`` (Điều 29); reproducible from ``seed``.

    ``previous`` is the draw of the round before (for 29.4.4); ``absent`` are players
    not to be paired this round (requested byes, excused absences)."""
    if isinstance(competitors, list):
        competitors = {c.id: c for c in competitors}
    states = _states(competitors, round_number)
    for pid in absent:
        states.pop(pid, None)
    result = DrawResult(round_number, seed)
    if len(states) < MIN_PLAYERS:
        result.warnings.append(
            f"Điều 29.5: hệ Đại tuần hoàn cần ít nhất {MIN_PLAYERS} đấu thủ, có {len(states)}"
        )
    if round_number == 1:
        return _first_round(states, result)
    for pid, s in states.items():
        s.subgroup = subgroup(s.colours, round_number - 1)
        s.floated_down_last = bool(previous and previous.floats.get(pid) == "↓")
        result.subgroups[pid] = s.subgroup
        result.score_group[pid] = s.score
    scores = sorted({s.score for s in states.values()}, reverse=True)
    groups = [sorted(p for p, s in states.items() if s.score == sc) for sc in scores]
    # (extra players moved down, colour limits relaxed, 29.4.4 kept)
    attempts = [(0, False, True), (0, False, False), (1, False, True), (1, False, False),
                (2, False, False), (2, True, False)]
    for extra, relaxed, no_double_float in attempts:
        rng = random.Random(f"{seed}:{round_number}")
        search = _Search(states, rng, extra, relaxed, no_double_float)
        solution = search.solve(groups)
        if solution is not None:
            pairs, bye, floats = solution
            result.pairs, result.bye, result.floats = pairs, bye, floats
            if extra:
                result.relaxed.append(
                    f"Điều 29.4.3: chuyển thêm tối đa {extra} đấu thủ xuống nhóm điểm dưới")
            if relaxed:
                result.relaxed.append("Điều 29.4.2: nới giới hạn màu quân (Điều 27)")
            again = sorted(p for p, m in floats.items() if m == "↓" and states[p].floated_down_last)
            if again:
                result.relaxed.append(
                    f"Điều 29.4.4: lại bị chuyển xuống nhóm dưới: {', '.join(map(str, again))}")
            return result
    raise ValueError(
        f"round {round_number}: no draw satisfies Điều 29.4.1 (every player has met "
        "all possible opponents)"
    )


def _first_round(states: dict[int, _State], result: DrawResult) -> DrawResult:
    order = sorted(states)
    for i in range(0, len(order) - 1, 2):
        result.pairs.append((order[i], order[i + 1]))
    if len(order) % 2:
        result.bye = order[-1]
    return result


class _Search:
    def __init__(self, states: dict[int, _State], rng: random.Random, extra: int,
                 relaxed: bool, no_double_float: bool = False) -> None:
        self.no_double_float = no_double_float
        self.states = states
        self.rng = rng
        self.extra = extra
        self.relaxed = relaxed
        self.nodes = 0

    # colour of a pair: the lower sub-group number has White (29.3.1-29.3.3, and for a
    # player moved down 29.3.5-29.3.6), equal sub-groups by lot (29.3.4)
    def colours(self, a: int, b: int) -> tuple[int, int] | None:
        sa, sb = self.states[a], self.states[b]
        if sa.subgroup != sb.subgroup:
            first = (a, b) if sa.subgroup < sb.subgroup else (b, a)
        else:
            first = (a, b) if self.rng.random() < 0.5 else (b, a)
        for white, black in (first, (first[1], first[0])):
            if colour_allowed(self.states[white].colours, "w", self.relaxed) and colour_allowed(
                self.states[black].colours, "b", self.relaxed
            ):
                return white, black
        return None

    def solve(self, groups: list[list[int]]) -> Any:
        total = sum(len(g) for g in groups)
        for solution in self._groups(groups, 0, [], total % 2 == 1):
            return solution
        return None

    def _groups(self, groups: list[list[int]], index: int, incoming: list[int],
                bye_needed: bool) -> Iterator[Any]:
        if index == len(groups):
            if not incoming:
                yield [], None, {}
            elif bye_needed and len(incoming) == 1:
                yield [], incoming[0], {}
            return
        members = groups[index]
        last = index == len(groups) - 1
        size = len(members) + len(incoming)
        parity = size % 2
        if last:
            allowed = [1] if (bye_needed and parity) else [0]
        else:
            allowed = list(range(parity, min(size, parity + 2 * self.extra) + 1, 2))
        for max_left in allowed:
            tried = 0
            for pairs, left, floats in self._group(members, incoming, max_left, last, bye_needed):
                tried += 1
                for rest_pairs, bye, rest_floats in self._groups(
                    groups, index + 1, left, bye_needed
                ):
                    merged = dict(floats)
                    merged.update(rest_floats)
                    if not last:
                        for p in left:
                            merged[p] = "↓"
                    yield pairs + rest_pairs, bye, merged
                if self.nodes > NODE_BUDGET or tried >= SOLUTIONS_PER_GROUP:
                    break
            if self.nodes > NODE_BUDGET:
                return

    def _group(self, members: list[int], incoming: list[int], max_left: int, last: bool,
               bye_needed: bool) -> Iterator[Any]:
        """Draws of one score group: yields (pairs, players left unpaired, floats)."""
        by_sub = {k: [p for p in members if self.states[p].subgroup == k] for k in (1, 2, 3, 4)}
        for k in by_sub:
            self.rng.shuffle(by_sub[k])
        drawers = list(incoming) + by_sub[1] + by_sub[4] + by_sub[2] + by_sub[3]
        incoming_set = set(incoming)
        unpaired = set(drawers)
        pairs: list[tuple[int, int]] = []
        left: list[int] = []
        floats: dict[int, str] = {}
        budget = [GROUP_NODE_BUDGET]

        def tiers(d: int) -> list[list[int]]:
            sub = self.states[d].subgroup
            if d in incoming_set:
                wanted = (3, 4) if sub <= 2 else (1, 2)
                order = [list(wanted), [k for k in (1, 2, 3, 4) if k not in wanted]]
            else:
                order = {1: [[3, 4], [2], [1]], 4: [[2], [3], [4, 1]],
                         2: [[3], [2], [1, 4]], 3: [[3], [2, 1, 4]]}[sub]
            result = []
            for ks in order:
                tier = [p for k in ks for p in by_sub[k] if p in unpaired and p != d]
                result.append(tier)
            # incoming floaters left for later drawers are paired with anyone
            result.append([p for p in incoming if p in unpaired and p != d])
            return result

        def can_leave(d: int) -> bool:
            if len(left) >= max_left:
                return False
            if last and bye_needed:
                return not self.states[d].had_bye or self.relaxed
            # 29.4.4 / 002 14.4.4: avoid moving the same player down twice in a row
            return not (self.no_double_float and self.states[d].floated_down_last)

        def dfs(i: int) -> Iterator[Any]:
            self.nodes += 1
            budget[0] -= 1
            if self.nodes > NODE_BUDGET or budget[0] < 0:
                return
            while i < len(drawers) and drawers[i] not in unpaired:
                i += 1
            if i == len(drawers):
                if len(left) == max_left:
                    yield list(pairs), list(left), dict(floats)
                return
            d = drawers[i]
            unpaired.discard(d)
            for tier in tiers(d):
                for o in tier:
                    if o not in unpaired or o in self.states[d].opponents:
                        continue
                    colours = self.colours(d, o)
                    if colours is None:
                        continue
                    unpaired.discard(o)
                    pairs.append(colours)
                    marks = []
                    for x, y in ((d, o), (o, d)):
                        if x in incoming_set:
                            floats[y] = "↑"
                            marks.append(y)
                    yield from dfs(i + 1)
                    for y in marks:
                        floats.pop(y, None)
                    pairs.pop()
                    unpaired.add(o)
            if can_leave(d):
                left.append(d)
                yield from dfs(i + 1)
                left.pop()
            unpaired.add(d)

        yield from dfs(0)


def tracking_card(
    player_id: int,
    competitors: Mapping[int, Competitor],
    draws: list[DrawResult],
) -> list[CardRow]:
    """The tracking card of 29.1: one row per drawn round."""
    if isinstance(competitors, list):
        competitors = {c.id: c for c in competitors}
    player = competitors[player_id]
    rows = []
    total = 0.0
    for draw in sorted(draws, key=lambda d: d.round):
        entry = player.entries.get(draw.round)
        opponent, colour = None, ""
        for white, black in draw.pairs:
            if player_id == white:
                opponent, colour = black, "T"
            elif player_id == black:
                opponent, colour = white, "Đ"
        result = entry.points if entry is not None else None
        total += result or 0.0
        sub = draw.subgroups.get(player_id)
        group = (ROMAN[sub] if sub else "") + draw.floats.get(player_id, "")
        other = competitors.get(opponent) if opponent is not None else None
        rows.append(CardRow(
            round=draw.round,
            opponent_name=other.name if other else "",
            opponent_title=other.title if other else "",
            opponent_number=opponent,
            colour=colour,
            result=result,
            group=group,
            total=total,
            note="nghỉ (bye)" if draw.bye == player_id else "",
        ))
    return rows
