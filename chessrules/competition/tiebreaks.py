"""Standings and tie-breaks (Điều 21.3, 21.4, 29.5; FIDE Tie-Break Regulations C.07).

Every requested tie-break value is computed for every player; the ranking applies them
in the caller's order after the points.  Codes:

FIDE C.07 (2024 version, applied from 1 August 2024; ``rules="2026"`` the 2026 amendment):
  ``BH`` Buchholz, ``BH-C1``/``BH-C2`` cut the 1/2 least significant values,
  ``BH-M1`` median (cut the lowest and the highest), ``SB`` Sonneborn-Berger,
  ``SB-C1``, ``DE`` direct encounter, ``WIN`` rounds won (with or without playing),
  ``WON`` games won over the board, ``BPG`` games played with Black, ``BWG`` games
  won with Black, ``ARO`` average rating of opponents, ``ARO-C1``, ``PS`` progressive
  scores (``PS-C1`` cuts round 1).  Any ``BH``/``SB``/``ARO``/``PS`` code takes
  ``-C<n>`` or ``-M<n>``.  ``REP`` rounds one elected to play (games, forfeit wins, the
  PAB), ``KS`` Koya (points against opponents on at least half the maximum score),
  ``AOB`` average of the opponents' Buchholz, ``TPR`` tournament performance rating
  (ARO + dp of B.02 table 8.1.1 over games played), ``APRO`` average of the opponents' TPR.
Federation:
  ``BH-VN`` Buchholz of Điều 21.4 / 29.5: sum of the opponents' final scores, a
  withdrawn opponent counted with the average final score of the players of his score
  group when he withdrew, a round without opponent counted with the score of the
  last-placed player.  ``LOT`` a drawing of lots (seeded, reproducible).  ``PO`` the points
  scored in play-off games among the tied ("thi đấu bổ sung", 002 Phần 2 Điều 2.3; 0 when none).

Unplayed rounds (C.07 Article 16), as applied by FIDE's tie-break program:
- a participant's unplayed rounds are evaluated against a dummy opponent having the
  participant's own final score (Swiss); in a round robin (pre-determined pairings) a
  forfeit counts as a game against the scheduled opponent and byes count nothing;
- when a participant is an opponent, his own score is adjusted: the voluntarily
  unplayed rounds (unplayed and less than a win: forfeit losses, half/zero-point byes,
  absences) after his last round that was not one of them, count as draws
  (in a round robin: as losses) - so a last-round requested bye counts as a draw;
- low cuts remove voluntarily unplayed rounds first.
``rules="2026"`` also applies the 2026 amendment (Art. 16.4: the dummy opponent's score is
capped by the real opponent's adjusted score, or by a draw in every round for a bye).
``rules_for_start(start)`` is the version in force on an event's first day, as FIDE's
reference program (TieBreakServer) picks it: the 2026 text from 1 March 2026.

Public API
----------
``compute_standings(competitors, rounds, tiebreaks, system="swiss", ...)
-> list[Standing]`` in ranking order; ``Standing(id, rank, points, tiebreaks)``.
``tiebreak_values(...)`` gives the values without ranking.
``DEFAULT_ROUND_ROBIN = ["DE", "SB", "WON", "BWG", "LOT"]`` (21.3: "số ván thắng" counts
games won over the board, ``WIN`` - rounds won, forfeits included - is an option; the
order ends with lots, "bốc thăm may rủi"),
``DEFAULT_SWISS = ["BH-VN"]`` (21.4, 29.5).
Chess law (002): ``DEFAULT_ROUND_ROBIN_CHESS = ["SB", "WON", "BWG", "DE", "LOT"]`` (002
Phần 3, Phụ lục 1: hệ số Bécgơ, more wins, more wins with Black, then the game between the
tied players, lots last); ``DEFAULT_ADJUSTED_SWISS_CHESS = ["PS", "BH-VN"]`` (002 Điều
14.5: "đối với hệ Thụy Sĩ có điều chỉnh ... thường tính hệ số lũy tiến", Buchholz after).
``default_tiebreaks(law, round_robin, progressive)`` picks among them.
"""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from chessrules.competition.model import (
    ANNULLED,
    BYE,
    DRAW,
    FORFEIT,
    GAME,
    PAB,
    WIN,
    Competitor,
    Entry,
)
from chessrules.rating import dp_for
from chessrules.values import TieBreak

SWISS = "swiss"
ROUND_ROBIN = "roundrobin"
# Điều 21.3: đối kháng, hệ số, số ván thắng (over the board), thắng bằng quân Đen, bốc thăm.
DEFAULT_ROUND_ROBIN = [TieBreak.DE, TieBreak.SB, TieBreak.WON, TieBreak.BWG, TieBreak.LOT]
DEFAULT_SWISS = [TieBreak.BH_VN]
# 002 Phần 3, Phụ lục 1: hệ số Bécgơ, số ván thắng, thắng bằng quân Đen, ván giữa hai người, bốc thăm.
DEFAULT_ROUND_ROBIN_CHESS = [TieBreak.SB, TieBreak.WON, TieBreak.BWG, TieBreak.DE, TieBreak.LOT]
# 002 Điều 14.5: the adjusted Swiss "thường tính hệ số lũy tiến".
DEFAULT_ADJUSTED_SWISS_CHESS = [TieBreak.PS, TieBreak.BH_VN]
CHESS_LAW = "chess"
#: C.07 as amended by the FIDE Council on 2 February 2026 applies to events starting on or
#: after 1 March 2026 (TieBreakServer ``TIEBREAK_RULES[2]``); earlier events: the 2024 text.
FIDE_2026_FROM = datetime.date(2026, 3, 1)


def rules_for_start(start: datetime.date | None) -> str:
    """The C.07 version (``"2024"``/``"2026"``) for unplayed rounds (Art. 16) of an event
    starting on ``start``; unknown start: the 2024 text."""
    return "2026" if start is not None and start >= FIDE_2026_FROM else "2024"


def default_tiebreaks(law: str, *, round_robin: bool, progressive: bool = False) -> list[str]:
    """The tie-breaks when the regulations name none, by law: the xiangqi law's Điều 21.3
    (round robins) and 21.4/29.5 (the others); the chess regulations' Phụ lục 1 (round
    robins) and Điều 14.5 (``progressive``: the adjusted Swiss)."""
    chess = law == CHESS_LAW
    if round_robin:
        return [str(c) for c in (DEFAULT_ROUND_ROBIN_CHESS if chess else DEFAULT_ROUND_ROBIN)]
    if chess and progressive:
        return [str(c) for c in DEFAULT_ADJUSTED_SWISS_CHESS]
    return [str(c) for c in DEFAULT_SWISS]
BASE_CODES = tuple(TieBreak)
_WITH_CUTS = "|".join(code for code in TieBreak if code.takes_cuts)
_WITHOUT_CUTS = frozenset(code.value for code in TieBreak if not code.takes_cuts)
_CODE_RE = re.compile(rf"^({_WITH_CUTS})(?:-([CM])(\d+))?$")


@dataclass
class Standing:
    id: int
    rank: int
    points: float
    tiebreaks: dict[str, float | int | None] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "rank": self.rank, "points": self.points,
                "tiebreaks": dict(self.tiebreaks)}


@dataclass
class _Options:
    rounds: int
    system: str
    win: float
    draw: float
    rules: str
    unrated_rating: int | None
    lot_seed: int | str | None
    #: points each player scored in the play-off games (002 Phần 2 Điều 2.3 "thi đấu bổ sung")
    playoff: Mapping[int, float] = field(default_factory=dict)


def parse_code(code: str) -> tuple[str, int, int]:
    """``"BH-C1"`` -> ("BH", low cuts 1, high cuts 0); ``"BH-M1"`` -> ("BH", 1, 1)."""
    code = code.strip().upper()
    if code in _WITHOUT_CUTS:
        return code, 0, 0
    match = _CODE_RE.match(code)
    if not match:
        raise ValueError(
            f"unknown tie-break {code!r}; known: BH, BH-C1, BH-C2, BH-M1, SB, SB-C1, DE, "
            "WIN, WON, BPG, BWG, ARO, ARO-C1, PS, BH-VN, LOT, REP, KS, AOB, TPR, APRO, PO"
        )
    name, modifier, number = match.groups()
    if modifier is None:
        return name, 0, 0
    n = int(number)
    return (name, n, 0) if modifier == "C" else (name, n, n)


class _Event:
    """Per-player facts shared by the tie-breaks."""

    def __init__(self, competitors: Mapping[int, Competitor], opts: _Options) -> None:
        self.players = dict(competitors)
        self.opts = opts
        self.rr = opts.system == ROUND_ROBIN
        self.rounds = range(1, opts.rounds + 1)
        self.entries: dict[int, list[Entry]] = {
            pid: [c.entry(r) for r in self.rounds] for pid, c in self.players.items()
        }
        for pid, entries in self.entries.items():
            for r, e in zip(self.rounds, entries, strict=True):
                if e.opponent is not None and e.opponent not in self.players:
                    raise ValueError(
                        f"player {pid} round {r}: opponent {e.opponent} is not a participant"
                    )
        self.points = {
            pid: sum(e.points for e in entries if e.kind != ANNULLED)
            for pid, entries in self.entries.items()
        }
        self.adjusted = {pid: self._adjusted_score(pid) for pid in self.players}

    # --- C.07 Article 16 -------------------------------------------------------------
    def is_vur(self, e: Entry) -> bool:
        """Voluntarily unplayed round: unplayed, not a PAB, and less than a win."""
        return e.kind not in (GAME, PAB) and e.points < self.opts.win

    def counts_as_played(self, e: Entry) -> bool:
        """A game against an opponent; in a round robin forfeits count as played."""
        if e.opponent is None or e.kind == ANNULLED:
            return False
        return e.kind == GAME or (self.rr and e.kind == FORFEIT)

    def _adjusted_score(self, pid: int) -> float:
        """The score a participant lends to his opponents' tie-breaks (C.07 16.3)."""
        entries = self.entries[pid]
        last_not_vur = max(
            (r for r, e in zip(self.rounds, entries, strict=True) if not self.is_vur(e)),
            default=0,
        )
        unplayed_value = 0.0 if self.rr else self.opts.draw
        total = 0.0
        for r, e in zip(self.rounds, entries, strict=True):
            if e.kind == ANNULLED:
                continue
            if r <= last_not_vur or e.opponent is not None:
                total += e.points
            else:
                total += unplayed_value
        return total


def _cut(items: list[tuple[float, float, bool]], low: int, high: int, rounds: int) -> float:
    """Sum ``(score, value, vur)`` items after C.07 cuts (VURs are cut first on low)."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    items = list(items)
    for _ in range(low):
        if not items:
            break
        lowest = min(items, key=lambda it: (it[0], it[1]))
        vurs = [it for it in items if it[2]]
        # C.07 16 (2026 caps make dummy scores differ): the VUR compared is the one with the
        # lowest dummy score, then the lowest contribution, as FIDE's reference program.
        lowest_vur = min(vurs, key=lambda it: (it[0], it[1])) if vurs else None
        if lowest_vur is None or lowest[1] > lowest_vur[1]:
            items.remove(lowest)
        else:
            items.remove(lowest_vur)
    for _ in range(high):
        if not items:
            break
        items.remove(max(items, key=lambda it: (it[0], it[1])))
    return sum(it[1] for it in items)


def _buchholz_family(ev: _Event, pid: int, sonneborn: bool, low: int, high: int) -> float:
    opts = ev.opts
    items: list[tuple[float, float, bool]] = []
    own = ev.points[pid]
    for e in ev.entries[pid]:
        if e.kind == ANNULLED:
            continue
        if ev.counts_as_played(e):
            assert e.opponent is not None  # a played game has an opponent
            opponent_score = ev.adjusted[e.opponent]
            vur = False
        elif not ev.rr:
            opponent_score = own
            if opts.rules == "2026":
                cap = ev.adjusted[e.opponent] if e.opponent is not None else opts.draw * opts.rounds
                opponent_score = min(opponent_score, cap)
            vur = ev.is_vur(e)
        else:
            if e.opponent is None:
                continue
            opponent_score, vur = 0.0, ev.is_vur(e)
        value = opponent_score * e.points if sonneborn else opponent_score
        items.append((opponent_score, value, vur))
    return _cut(items, low, high, opts.rounds)


def _progressive(ev: _Event, pid: int, low: int) -> float:
    running = total = 0.0
    for r, e in zip(ev.rounds, ev.entries[pid], strict=True):
        if e.kind != ANNULLED:
            running += e.points
        if r > low:
            total += running
    return total


def _aro(ev: _Event, pid: int, low: int, high: int, valid: bool) -> int | None:
    if not valid:
        return None
    ratings = []
    for e in ev.entries[pid]:
        if e.kind == GAME and e.opponent is not None:
            rating = ev.players[e.opponent].rating or ev.opts.unrated_rating
            if rating:
                ratings.append(rating)
    ratings.sort()
    low = min(low, len(ratings))
    ratings = ratings[low:]
    if high:
        ratings = ratings[: max(0, len(ratings) - high)]
    if not ratings:
        return None
    return int(sum(ratings) / len(ratings) + 0.5 + 1e-9)


def _counts(ev: _Event, pid: int) -> dict[str, int]:
    win = ev.opts.win
    counts = {"WIN": 0, "WON": 0, "BPG": 0, "BWG": 0}
    for e in ev.entries[pid]:
        if e.kind == ANNULLED:
            continue
        is_win = e.points == win
        counts["WIN"] += is_win
        if e.kind == GAME:
            counts["WON"] += is_win
            if e.color == "b":
                counts["BPG"] += 1
                counts["BWG"] += is_win
    return counts


def _federation_buchholz(ev: _Event) -> dict[int, float]:
    """Điều 21.4 / 29.5 Buchholz (hệ số Búcgôn)."""
    last_place = min(ev.points.values(), default=0.0)
    value_as_opponent: dict[int, float] = {}
    for pid, c in ev.players.items():
        value_as_opponent[pid] = ev.points[pid]
        if c.withdrawn_after is not None:
            # His score group when he withdrew: players with his score after that round.
            score_then = _score_after(ev, pid, c.withdrawn_after)
            group = [
                q for q in ev.players
                if q != pid and _score_after(ev, q, c.withdrawn_after) == score_then
            ]
            if group:
                value_as_opponent[pid] = sum(ev.points[q] for q in group) / len(group)
    result = {}
    for pid in ev.players:
        total = 0.0
        for e in ev.entries[pid]:
            if e.kind == ANNULLED:
                continue
            if e.opponent is not None and e.kind in (GAME, FORFEIT):
                total += value_as_opponent[e.opponent]
            else:
                total += last_place
        result[pid] = total
    return result


def _score_after(ev: _Event, pid: int, round_number: int) -> float:
    return sum(
        e.points for r, e in zip(ev.rounds, ev.entries[pid], strict=True)
        if r <= round_number and e.kind != ANNULLED
    )


def _lots(ev: _Event) -> dict[int, int]:
    ids = sorted(ev.players)
    rng = random.Random(f"lots:{ev.opts.lot_seed}")
    drawn = ids[:]
    rng.shuffle(drawn)
    return {pid: place for place, pid in enumerate(drawn, 1)}


def tiebreak_values(
    competitors: Mapping[int, Competitor] | Iterable[Competitor],
    rounds: int,
    codes: Iterable[str],
    system: str = SWISS,
    *,
    win: float = WIN,
    draw: float = DRAW,
    rules: str = "2024",
    unrated_rating: int | None = None,
    lot_seed: int | str | None = None,
    playoff: Mapping[int, float] | None = None,
) -> dict[int, dict[str, float | int | None]]:
    """Every non-DE tie-break value for every player (DE needs the ranking)."""
    ev = _make_event(competitors, rounds, system, win, draw, rules, unrated_rating, lot_seed,
                     playoff)
    return _values(ev, [c for c in codes if c.strip().upper() != "DE"])


def _make_event(
    competitors: Mapping[int, Competitor] | Iterable[Competitor], rounds: int, system: str,
    win: float, draw: float, rules: str, unrated_rating: int | None,
    lot_seed: int | str | None, playoff: Mapping[int, float] | None = None,
) -> _Event:
    if system not in (SWISS, ROUND_ROBIN):
        raise ValueError(f"system must be {SWISS!r} or {ROUND_ROBIN!r}, got {system!r}")
    if rules not in ("2024", "2026"):
        raise ValueError(f"rules must be '2024' or '2026', got {rules!r}")
    if not isinstance(competitors, Mapping):
        competitors = {c.id: c for c in competitors}
    opts = _Options(rounds, system, win, draw, rules, unrated_rating, lot_seed,
                    dict(playoff or {}))
    return _Event(competitors, opts)


def _values(ev: _Event, codes: list[str]) -> dict[int, dict[str, float | int | None]]:
    values: dict[int, dict[str, float | int | None]] = {pid: {} for pid in ev.players}
    all_rated = ev.opts.unrated_rating is not None or all(
        c.rating for c in ev.players.values()
    )
    counts = None
    federation = None
    lots = None
    for code in codes:
        key = code.strip().upper()
        name, low, high = parse_code(key)
        if name in ("WIN", "WON", "BPG", "BWG"):
            counts = counts or {pid: _counts(ev, pid) for pid in ev.players}
            for pid in ev.players:
                values[pid][key] = counts[pid][name]
        elif name in ("BH", "SB"):
            for pid in ev.players:
                values[pid][key] = _buchholz_family(ev, pid, name == "SB", low, high)
        elif name == "PS":
            for pid in ev.players:
                values[pid][key] = _progressive(ev, pid, low)
        elif name == "ARO":
            for pid in ev.players:
                values[pid][key] = _aro(ev, pid, low, high, all_rated)
        elif name == "BH-VN":
            federation = federation or _federation_buchholz(ev)
            for pid in ev.players:
                values[pid][key] = federation[pid]
        elif name == "PO":  # 002 Phần 2 Điều 2.3: the play-off's points; none played: 0
            for pid in ev.players:
                values[pid][key] = ev.opts.playoff.get(pid, 0.0)
        elif name == "LOT":
            lots = lots or _lots(ev)
            for pid in ev.players:
                values[pid][key] = lots[pid]
        elif name == "REP":
            for pid in ev.players:
                values[pid][key] = _rounds_elected_to_play(ev, pid)
        elif name == "KS":
            for pid in ev.players:
                values[pid][key] = _koya(ev, pid)
        elif name == "AOB":
            buchholz = {pid: _buchholz_family(ev, pid, False, 0, 0) for pid in ev.players}
            for pid in ev.players:
                values[pid][key] = _average_of_opponents(ev, pid, buchholz, 2)
        elif name in ("TPR", "APRO"):
            tpr = {pid: _tpr(ev, pid, all_rated) for pid in ev.players}
            for pid in ev.players:
                values[pid][key] = (tpr[pid] if name == "TPR"
                                    else _average_of_opponents(ev, pid, tpr, 0, games_only=True))
    return values


def _rounds_elected_to_play(ev: _Event, pid: int) -> int:
    """C.07 REP: rounds the participant was there to play — games, the pairing-allocated bye,
    and unplayed rounds scored as a win (forfeit wins, a requested full-point bye: FIDE's
    reference program, TieBreakServer ``is_vur``, counts an unplayed win as no voluntarily
    unplayed round); half- and zero-point byes, absences and forfeit losses are not."""
    return sum(1 for e in ev.entries[pid]
               if e.kind in (GAME, PAB)
               or (e.kind in (FORFEIT, BYE) and e.points >= ev.opts.win))


def _koya(ev: _Event, pid: int) -> float:
    """C.07 KS (Koya): points scored against the opponents who finished with at least half
    the maximum possible score (a forfeit counts against its scheduled opponent)."""
    half = ev.opts.win * _koya_games(ev) / 2
    return sum(e.points for e in ev.entries[pid]
               if e.opponent is not None and e.kind != ANNULLED and ev.points[e.opponent] >= half)


def _koya_games(ev: _Event) -> int:
    """The games a participant can play, on which KS's "maximum possible score" stands. In a
    round robin of an odd number of participants each one sits out once per cycle (n rounds,
    n - 1 games), and a participant never paired is not a game for anyone; FIDE's reference
    program (TieBreakServer ``compute_koya``) counts so: 5 players, 5 rounds -> 4 games."""
    games = ev.opts.rounds
    if ev.rr:
        n = len(ev.players)
        if n and games % n == 0:
            games -= games // n
        games -= sum(1 for p in ev.players
                     if all(e.opponent is None for e in ev.entries[p]))
    return games


def _tpr(ev: _Event, pid: int, valid: bool) -> int | None:
    """C.07 TPR: ARO of the games played over the board + dp (FIDE B.02 table 8.1.1) of the
    percentage score in those games, rounded half up; undefined without games or ratings."""
    if not valid:
        return None
    ratings, points = [], 0.0
    for e in ev.entries[pid]:
        if e.kind == GAME and e.opponent is not None:
            rating = ev.players[e.opponent].rating or ev.opts.unrated_rating
            if rating:
                ratings.append(rating)
                points += e.points
    if not ratings:
        return None
    p = Fraction(str(points)) / (Fraction(str(ev.opts.win)) * len(ratings))
    return int(Fraction(sum(ratings), len(ratings)) + dp_for(p) + Fraction(1, 2))


def _average_of_opponents(ev: _Event, pid: int, of: Mapping[int, float | int | None],
                          digits: int, *, games_only: bool = False) -> float | int | None:
    """Average of a value of the opponents (AOB: their Buchholz, over the rounds counted as
    played; APRO: their TPR, over games played over the board, undefined ones left out)."""
    values = [of[e.opponent] for e in ev.entries[pid]
              if e.opponent is not None
              and (e.kind == GAME if games_only else ev.counts_as_played(e))
              and of[e.opponent] is not None]
    if not values:
        return None
    average = Fraction(sum(Fraction(str(v)) for v in values), len(values))
    return half_up(average, digits)


def half_up(value: Fraction, digits: int) -> float | int:
    """``value`` rounded to ``digits`` decimals, halves up, as FIDE's reference program
    (TieBreakServer ``compute_average``: ``quantize(..., ROUND_HALF_UP)``) rounds AOB (two
    decimals) and APRO (whole numbers): 9/8 is 1.13 (Python's ``round`` gives 1.12)."""
    scale = 10 ** digits
    rounded = int(value * scale + Fraction(1, 2))
    return rounded if digits == 0 else rounded / scale


_ASCENDING = {code for code in TieBreak if code.ascending}  # lower value ranks higher


def compute_standings(
    competitors: Mapping[int, Competitor] | Iterable[Competitor],
    rounds: int,
    tiebreaks: Iterable[str],
    system: str = SWISS,
    *,
    win: float = WIN,
    draw: float = DRAW,
    rules: str = "2024",
    unrated_rating: int | None = None,
    lot_seed: int | str | None = None,
    playoff: Mapping[int, float] | None = None,
) -> list[Standing]:
    """Rank by points, then by ``tiebreaks`` in order; full ties share a rank.

    ``system`` is ``"swiss"`` or ``"roundrobin"`` (pre-determined pairings: forfeits
    count as games against the scheduled opponent, C.07).  ``rounds`` is the number of
    rounds counted (rounds without an entry are absences).
    """
    codes = [c.strip().upper() for c in tiebreaks if c.strip()]
    for code in codes:
        parse_code(code)
    ev = _make_event(competitors, rounds, system, win, draw, rules, unrated_rating, lot_seed,
                     playoff)
    values = _values(ev, codes)
    groups: list[list[int]] = [sorted(ev.players, key=lambda p: (-ev.points[p], p))]
    groups = _split(groups, lambda p: -ev.points[p])
    for code in codes:
        if code == "DE":
            de = _direct_encounter(ev, groups)
            for pid in ev.players:
                values[pid]["DE"] = de[pid]
        key = code

        def sort_key(p: int, key: str = key) -> float:
            v = values[p][key]
            if v is None:
                return float("inf")
            return v if key in _ASCENDING else -v

        groups = _split(groups, sort_key)
    standings = []
    position = 0
    for group in groups:
        rank = position + 1
        for pid in sorted(group):
            ordered = {code: values[pid][code] for code in codes}
            standings.append(Standing(pid, rank, ev.points[pid], ordered))
            position += 1
    return standings


def _split(groups: list[list[int]], key: Callable[[int], Any]) -> list[list[int]]:
    """Refine tied groups by ``key`` (ascending), keeping equal keys together."""
    result = []
    for group in groups:
        ordered = sorted(group, key=lambda p: (key(p), p))
        current = [ordered[0]]
        for p in ordered[1:]:
            if key(p) == key(current[-1]):
                current.append(p)
            else:
                result.append(current)
                current = [p]
        result.append(current)
    return result


def _direct_encounter(ev: _Event, groups: list[list[int]]) -> dict[int, int]:
    """C.07 Article 6 (and Điều 21.3): rank within each tied group by the games among
    the tied players, recursively while the tie persists; 0 when the group stays tied
    or has one player, otherwise 1, 2, ... (shared positions for persisting ties)."""
    result: dict[int, int] = {}
    for group in groups:
        if len(group) == 1:
            result[group[0]] = 0
            continue
        parts = _de_refine(ev, sorted(group))
        if len(parts) == 1:
            for pid in group:
                result[pid] = 0
            continue
        position = 1
        for part in parts:
            for pid in part:
                result[pid] = position
            position += len(part)
    return result


def _de_refine(ev: _Event, members: list[int]) -> list[list[int]]:
    parts = _de_pass(ev, members)
    if len(parts) == 1:
        return parts
    refined = []
    for part in parts:
        refined.extend(_de_refine(ev, part) if len(part) > 1 else [part])
    return refined


def _de_pass(ev: _Event, members: list[int]) -> list[list[int]]:
    member_set = set(members)
    score: dict[int, float] = {}
    met: dict[int, int] = {}
    for pid in members:
        per_opponent: dict[int, list[float]] = {}
        for e in ev.entries[pid]:
            if e.opponent in member_set and ev.counts_as_played(e):
                per_opponent.setdefault(e.opponent, []).append(e.points)
        score[pid] = sum(sum(v) / len(v) for v in per_opponent.values())
        met[pid] = len(per_opponent)
    others = len(members) - 1
    all_met = ev.rr or all(met[p] >= others for p in members)
    if all_met:
        ordered = sorted(members, key=lambda p: (-score[p], p))
        parts = [[ordered[0]]]
        for p in ordered[1:]:
            if score[p] == score[parts[-1][-1]]:
                parts[-1].append(p)
            else:
                parts.append([p])
        return parts
    # Not everybody met everybody: a player is separated only if his score exceeds the
    # best possible score of everyone below him.
    maximum = {p: score[p] + (others - met[p]) * ev.opts.win for p in members}
    ordered = sorted(members, key=lambda p: (-score[p], -maximum[p], p))
    parts = []
    i = 0
    while i < len(ordered) - 1:
        rest_max = max(maximum[p] for p in ordered[i + 1:])
        if score[ordered[i]] > rest_max:
            parts.append([ordered[i]])
            i += 1
        else:
            break
    parts.append(ordered[i:])
    return parts
