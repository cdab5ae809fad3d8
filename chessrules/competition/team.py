"""Team events ("thi đấu đồng đội", Điều 30 of the Xiangqi Law; 002 Điều 16).

- Rosters (30 intro, 30.1.3-30.1.4): 3-6 board players and 1-3 reserves (chess, 002
  Điều 16: 3-4 and 1-2) in a fixed board order (strongest on board 1); a reserve may
  only replace a board player *on that board* for a whole round.
- Team round robin (30.4): the player Berger table with team letters (1 = A, 2 = B,
  ...); board i meets board i; the team that has White in the Berger table has the
  priority: White on odd boards, Black on even boards.
- Scheveningen ("đối kháng kiểu Anh", 30.2.2): every player of A meets every player of
  B, in the printed order; colours: odd A vs odd B -> A White, odd A vs even B -> A
  Black, even A vs even B -> A White, even A vs odd B -> A Black.
- Simultaneous match ("đối kháng đồng loạt", 30.2.1): board i meets board i over 1-4
  games; with one game A has White on odd boards, colours alternate game by game.
- Team Swiss by draw (30.5): ``swissdraw.draw_round`` with teams as the competitors;
  the team given White by the draw has White on odd boards (``board_colours``).
- Team ranking (30.1.5): total game points, then board 1's score, board 2's, ...;
  ``match_points_first=True`` ranks by match points before that.

Public API
----------
``Roster(team, players, reserves, law="xiangqi")`` with ``lineup(absent)``;
``team_letter(n)``; ``team_round_robin(teams) -> list[list[Board]]``;
``board_colours(priority_team, other, boards) -> list[tuple[str, str]]``;
``scheveningen(size) -> list[list[tuple[str, str]]]`` (``("A1", "B3")`` = White, Black);
``simultaneous_match(boards, games=1) -> list[list[tuple[str, str]]]``;
``team_swiss_round(teams, round, seed, boards, previous=None)`` (30.5);
``rank_teams(results, match_points_first=False) -> list[team]``;
``match_points(own, other)``; ``team_standings(matches, teams, boards,
match_points_first=False) -> list[TeamStanding]`` (``TeamMatchScore`` per match); ``board_rankings(results, min_games)`` (30.1.2-30.1.3,
002 Điều 2.3); ``team_knockout(teams, results, seed)``, ``tie_winner``,
``team_knockout_placement(teams, stages, results, seed, placement)`` (3rd, 5-8; 002 Điều
11), ``team_knockout_places``, ``team_knockout_decided``, ``scheveningen_sides`` (A and B
of an English-form tie by lot) (30.3).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from chessrules.competition.knockout import Placement, bracket_size, first_round, next_round
from chessrules.competition.match import scheveningen_rounds
from chessrules.competition.model import Competitor
from chessrules.competition.roundrobin import Board, berger_table
from chessrules.competition.swissdraw import DrawResult, draw_round
from chessrules.values import TeamRanking, competition_ranks

#: a team in the helpers that do not care what names it (a code, a starting number)
_Team = TypeVar("_Team")

ROSTER_LIMITS = {"xiangqi": ((3, 6), (1, 3)), "chess": ((3, 4), (1, 2))}


@dataclass
class Roster:
    """A team's board order (30.1.3) and reserves."""

    team: str
    players: Sequence[str]
    reserves: Sequence[str] = ()
    law: str = "xiangqi"

    def __post_init__(self) -> None:
        if self.law not in ROSTER_LIMITS:
            raise ValueError(f"law must be one of {sorted(ROSTER_LIMITS)}, got {self.law!r}")
        (lo, hi), (rlo, rhi) = ROSTER_LIMITS[self.law]
        if not lo <= len(self.players) <= hi:
            raise ValueError(
                f"team {self.team}: {len(self.players)} board players, the law allows {lo}-{hi}"
            )
        if not rlo <= len(self.reserves) <= rhi:
            raise ValueError(
                f"team {self.team}: {len(self.reserves)} reserves, the law allows {rlo}-{rhi}"
            )
        names = list(self.players) + list(self.reserves)
        if len(set(names)) != len(names):
            raise ValueError(f"team {self.team}: a player is listed twice")

    def lineup(self, replacements: Mapping[int, str] | None = None) -> list[str]:
        """Board order for a round; ``replacements`` maps board (1-based) -> reserve.

        30.1.4: a reserve plays only on the board of the player he replaces."""
        boards = list(self.players)
        used = set()
        for board, reserve in (replacements or {}).items():
            if not 1 <= board <= len(boards):
                raise ValueError(f"team {self.team}: there is no board {board}")
            if reserve not in self.reserves:
                raise ValueError(f"team {self.team}: {reserve!r} is not a reserve")
            if reserve in used:
                raise ValueError(f"team {self.team}: reserve {reserve!r} on two boards")
            used.add(reserve)
            boards[board - 1] = reserve
        return boards


def team_letter(number: int) -> str:
    """1 -> "A", 2 -> "B", ..., 27 -> "AA" (30.1.3)."""
    if number < 1:
        raise ValueError(f"team number must be >= 1, got {number}")
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def team_round_robin(teams: int) -> list[list[Board]]:
    """Team round robin schedule = the player Berger table (30.4)."""
    return berger_table(teams)


def board_colours(priority: _Team, other: _Team, boards: int) -> list[tuple[_Team, _Team]]:
    """(white, black) team per board: the priority team White on odd boards (30.4); a team
    is whatever names it (a code, a starting number)."""
    return [(priority, other) if b % 2 else (other, priority) for b in range(1, boards + 1)]


def scheveningen(size: int) -> list[list[tuple[str, str]]]:
    """Rounds of the Scheveningen match of two teams of ``size`` (30.2.2, 3-6 players):
    on board i of round r A_i meets B_j with j = i - r (mod size); each pair is
    (white, black) by the colour rule printed under the tables (``match.scheveningen_rounds``)."""
    if not 3 <= size <= 6:
        raise ValueError(f"Scheveningen tables exist for teams of 3-6 players, got {size}")
    return [[(f"A{b.a}", f"B{b.b}") if b.a_white else (f"B{b.b}", f"A{b.a}") for b in boards]
            for boards in scheveningen_rounds(size)]


def simultaneous_match(boards: int, games: int = 1) -> list[list[tuple[str, str]]]:
    """Games of a simultaneous match (30.2.1): list per game of (white, black)."""
    if not 1 <= games <= 4:
        raise ValueError(f"a simultaneous match has 1-4 games per board, got {games}")
    if boards < 1:
        raise ValueError("a match needs at least one board")
    result = []
    for g in range(games):
        row = []
        for i in range(1, boards + 1):
            a_white = (i % 2 == 1) == (g % 2 == 0)
            row.append((f"A{i}", f"B{i}") if a_white else (f"B{i}", f"A{i}"))
        result.append(row)
    return result


def team_swiss_round(
    teams: Mapping[int, Competitor],
    round_number: int,
    seed: int | str,
    boards: int,
    previous: DrawResult | None = None,
) -> tuple[DrawResult, dict[tuple[int, int], list[tuple[int, int]]]]:
    """Team Swiss by draw (30.5): the individual engine on teams (their entries hold
    the team results, colour = the team that had the priority).  Returns the draw and,
    per drawn pair (priority team, other), the (white, black) team of every board: the
    priority team has White on odd boards, board i meets board i."""
    draw = draw_round(teams, round_number, seed, previous)
    colours = {
        (white, black): [(white, black) if b % 2 else (black, white) for b in range(1, boards + 1)]
        for white, black in draw.pairs
    }
    return draw, colours


@dataclass(frozen=True)
class TeamResult:
    """A team's totals: ``board_points[i]`` is board i+1's score."""

    team: str
    board_points: tuple[float, ...]
    match_points: float = 0.0

    @property
    def game_points(self) -> float:
        return sum(self.board_points)


def rank_teams(results: Sequence[TeamResult], match_points_first: bool = False) -> list[str]:
    """30.1.5: game points, then board 1, board 2, ...; optionally match points first."""

    def key(t: TeamResult) -> tuple[float | str, ...]:
        boards = tuple(-p for p in t.board_points)
        head = (-t.match_points,) if match_points_first else ()
        return head + (-t.game_points,) + boards + (t.team,)

    return [t.team for t in sorted(results, key=key)]


# --- team match points and the team table (30.1.5) ----------------------------------------

@dataclass(frozen=True)
class TeamMatchScore:
    """One team match: ``points`` holds ``(team, board, points)`` per board and side;
    ``away`` None is a team bye (its points, if any, are the home team's)."""

    home: int
    away: int | None
    points: tuple[tuple[int, int, float], ...] = ()


@dataclass(frozen=True)
class TeamStanding:
    team: int
    game_points: float
    match_points: int
    boards: tuple[float, ...]
    rank: int
    opponents_points: float = 0.0  # 002 Điều 2.3 "hệ số": the opponents' game points
    playoff: float | None = None  # 002 Điều 2.3 "Thi đấu thêm": match points of the play-off


def match_points(own: float, other: float) -> int:
    """2 for a won match, 1 drawn, 0 lost (30.1.5; 002 Điều 2.3 counts 1 and ½: the same
    order)."""
    return 2 if own > other else 1 if own == other else 0


def team_standings(matches: Sequence[TeamMatchScore], teams: Sequence[int], boards: int,
                   match_points_first: bool = False,
                   ranking: TeamRanking | str | None = None,
                   playoff: Mapping[int, float] | None = None) -> list[TeamStanding]:
    """The team table. ``ranking`` (``TeamRanking``, default 30.1.5): game points, then
    board 1's score, board 2's, …; match points first; or 002 Điều 2.3: after the first
    criterion the other (match or game points), then the opponents' game points ("hệ số":
    each match counts the final game points of the team met), then the boards.
    ``match_points_first`` is ``ranking=MATCH_GAME_BOARDS``. A team bye scores 2 match
    points when it carries points (the team Swiss by draw's bye), else 0. ``playoff`` (002
    Điều 2.3 "Thi đấu thêm": each team's match points in the play-off matches, 0 for a team
    that played none) decides last among teams equal on every criterion of the ranking; None:
    the regulations have no play-off. Equal keys share the better rank."""
    order_rule = TeamRanking(ranking) if ranking else (
        TeamRanking.MATCH_GAME_BOARDS if match_points_first else TeamRanking.GAME_BOARDS)
    game = {team: 0.0 for team in teams}
    matchp = {team: 0 for team in teams}
    by_board = {team: [0.0] * boards for team in teams}
    met: dict[int, list[int]] = {team: [] for team in teams}
    for match in matches:
        sums = {match.home: 0.0}
        if match.away is not None:
            sums[match.away] = 0.0
        for team, board, points in match.points:
            by_board[team][board - 1] += points
            game[team] += points
            sums[team] = sums.get(team, 0.0) + points
        if match.away is None:
            matchp[match.home] += 2 if sums[match.home] else 0
            continue
        home, away = sums[match.home], sums[match.away]
        matchp[match.home] += match_points(home, away)
        matchp[match.away] += match_points(away, home)
        met[match.home].append(match.away)
        met[match.away].append(match.home)
    opponents = {team: sum(game[o] for o in met[team]) for team in teams}

    def key(team: int) -> tuple[float, ...]:
        first, second = ((-matchp[team], -game[team]) if order_rule.match_points_first
                         else (-game[team], -matchp[team]))
        boards_key = tuple(-b for b in by_board[team])
        last = () if playoff is None else (-playoff.get(team, 0.0),)
        if order_rule.opponents_points:
            return (first, second, -opponents[team], *boards_key, *last)
        return (first, *boards_key, *last) if not order_rule.match_points_first else (
            first, second, *boards_key, *last)

    order = sorted(teams, key=lambda team: (key(team), team))
    ranks = competition_ranks(key(team) for team in order)
    return [TeamStanding(team, game[team], matchp[team], tuple(by_board[team]), rank,
                         opponents[team],
                         None if playoff is None else playoff.get(team, 0.0))
            for team, rank in zip(order, ranks, strict=True)]


# --- per-board individual ranking (30.1.2-30.1.3; 002 Điều 2.3) ------------------------------

@dataclass(frozen=True)
class BoardRow:
    """One player's results on one board: ``rank`` None below the minimum of games."""

    board: int
    player: int
    points: float
    games: int
    rank: int | None


def board_rankings(results: Sequence[tuple[int, int, float]], min_games: int
                   ) -> dict[int, list[BoardRow]]:
    """Per board (30.1.2-30.1.3: the players of one order number form one pool), each
    player's points and games from ``results`` (``(board, player, points)`` per game). A
    player ranks on the board only with at least ``min_games`` games (002 Điều 2.3: set in
    advance, 1/2 to 2/3 of the games he could play); ranked by the share of points, then
    by points; equal values share the better rank; the others follow unranked."""
    totals: dict[tuple[int, int], list[float]] = {}
    for board, player, points in results:
        total = totals.setdefault((board, player), [0.0, 0])
        total[0] += points
        total[1] += 1
    by_board: dict[int, list[tuple[int, float, int]]] = {}
    for (board, player), (points, games) in totals.items():
        by_board.setdefault(board, []).append((player, points, int(games)))
    out: dict[int, list[BoardRow]] = {}
    for board in sorted(by_board):
        rows = by_board[board]
        ranked = sorted((r for r in rows if r[2] >= min_games),
                        key=lambda r: (-r[1] / r[2], -r[1], r[0]))
        ranks = competition_ranks((-r[1] / r[2], -r[1]) for r in ranked)
        others = sorted((r for r in rows if r[2] < min_games), key=lambda r: (-r[1], r[0]))
        out[board] = ([BoardRow(board, p, pts, g, rank)
                       for (p, pts, g), rank in zip(ranked, ranks, strict=True)]
                      + [BoardRow(board, p, pts, g, None) for p, pts, g in others])
    return out


# --- team knockout (30.3) -------------------------------------------------------------------

@dataclass(frozen=True)
class TeamTie:
    """One tie of a team knockout: ``b`` None is a bye; ``points`` and ``boards`` are
    (a's, b's) once the match is complete; ``winner`` None while it is not."""

    a: int
    b: int | None
    points: tuple[float, float] | None = None
    boards: tuple[tuple[float, ...], tuple[float, ...]] | None = None
    winner: int | None = None
    by_lot: bool = False


def tie_winner(a: int, b: int, a_boards: Sequence[float], b_boards: Sequence[float],
               seed: int | str) -> tuple[int, bool]:
    """30.3 with 30.1.5: the team with more game points; equal, the better board 1, then
    board 2, …; equal on every board, lots (reproducible from ``seed``). Returns the
    winner and whether lots decided."""
    if sum(a_boards) != sum(b_boards):
        return (a if sum(a_boards) > sum(b_boards) else b), False
    for pa, pb in zip(a_boards, b_boards, strict=True):
        if pa != pb:
            return (a if pa > pb else b), False
    return random.Random(f"team-knockout:{seed}:{a}:{b}").choice((a, b)), True


def _tie(a: int, b: int | None, results: Mapping[frozenset[int], Mapping[int, Sequence[float]]],
         seed: int | str) -> TeamTie:
    if b is None:
        return TeamTie(a, None, winner=a)
    played = results.get(frozenset((a, b)))
    if played is None:
        return TeamTie(a, b)
    boards = (tuple(played[a]), tuple(played[b]))
    winner, by_lot = tie_winner(a, b, boards[0], boards[1], seed)
    return TeamTie(a, b, (sum(boards[0]), sum(boards[1])), boards, winner, by_lot)


def team_knockout(teams: int, results: Mapping[frozenset[int], Mapping[int, Sequence[float]]],
                  seed: int | str) -> list[list[TeamTie]]:
    """The bracket of a team knockout (30.3: "đúng như khi tổ chức thi đấu loại trực tiếp
    cho cá nhân", teams meeting in a team match): seeds by team number (``knockout``
    seeding and first-round byes); each tie is one match, ``results[{a, b}]`` the board
    points of each team once it is complete. Stages stop at the first one not decided."""
    stages: list[list[TeamTie]] = []
    pairs: list[tuple[int, int | None]] = list(first_round(teams))
    while True:
        stage = [_tie(a, b, results, seed) for a, b in pairs]
        stages.append(stage)
        winners = [tie.winner for tie in stage]
        if len(stage) == 1 or any(w is None for w in winners):
            return stages
        pairs = list(next_round([w for w in winners if w is not None]))


@dataclass(frozen=True)
class PlacementTies:
    """The placement matches of one kind (002 Điều 11): ``label`` "3" (semi-final losers
    for 3rd), "5-8" (quarter-final losers), "5" and "7"; ``stage``: the stage of the main
    bracket they are played alongside."""

    label: str
    stage: int
    ties: tuple[TeamTie, ...]

    @property
    def finished(self) -> bool:
        return all(t.winner is not None or t.a is None for t in self.ties)


def _losers(stage: Sequence[TeamTie]) -> list[int | None]:
    return [None if t.winner is None or t.b is None else (t.b if t.winner == t.a else t.a)
            for t in stage]


def _placement_tie(a: int | None, b: int | None,
                   results: Mapping[frozenset[int], Mapping[int, Sequence[float]]],
                   seed: int | str) -> TeamTie | None:
    """A placement tie; a team whose opponent is missing (a bye earlier) takes the place
    unplayed; None when neither team exists."""
    if a is None and b is None:
        return None
    if a is None or b is None:
        return _tie(a if a is not None else b, None, results, seed)  # type: ignore[arg-type]
    return _tie(a, b, results, seed)


def team_knockout_placement(teams: int, stages: Sequence[Sequence[TeamTie]],
                            results: Mapping[frozenset[int], Mapping[int, Sequence[float]]],
                            seed: int | str, placement: str = Placement.NONE
                            ) -> list[PlacementTies]:
    """The placement matches the regulations ask for (``knockout.Placement``, as the
    individual knockout; 002 Điều 11 "người thua không bị loại mà lập thành những cặp để
    xếp hạng") whose teams are known: the semi-final losers for 3rd (played alongside the
    final); the quarter-final losers in bracket order (QF1 v QF2, QF3 v QF4, alongside the
    semi-finals), then their winners for 5th and their losers for 7th."""
    placement = Placement(placement)
    total = bracket_size(teams).bit_length() - 1 if teams >= 2 else 0
    out: list[PlacementTies] = []

    def add(label: str, stage: int, pairs: Sequence[tuple[int | None, int | None]]) -> None:
        ties = [t for a, b in pairs if (t := _placement_tie(a, b, results, seed)) is not None]
        if ties:
            out.append(PlacementTies(label, stage, tuple(ties)))

    def decided(index: int) -> bool:
        return (0 <= index < len(stages) and len(stages) > index
                and all(t.winner is not None for t in stages[index]))

    if placement == Placement.NONE:
        return out
    if total >= 2 and decided(total - 2):
        add("3", total, [tuple(_losers(stages[total - 2]))])  # type: ignore[list-item]
    if placement == Placement.THIRD_AND_FIVE_TO_EIGHT and total >= 3 and decided(total - 3):
        first = list(next_round(_losers(stages[total - 3])))
        add("5-8", total - 1, first)
        if out and out[-1].label == "5-8" and out[-1].finished:
            ties = out[-1].ties
            winners = [t.winner for t in ties]
            losers = _losers(ties)
            if len(ties) == 1:  # the other 5-8 match had no team at all
                winners, losers = winners + [None], losers + [None]
            add("5", total, [(winners[0], winners[1])])
            add("7", total, [(losers[0], losers[1])])
    return out


def team_knockout_places(stages: list[list[TeamTie]], total_stages: int,
                         placement: Sequence[PlacementTies] = ()) -> dict[int, int]:
    """Places decided so far: the champion 1st, the final's loser 2nd, a team out in stage
    s shares place 2^(S-s) + 1 (semi-final losers 3rd, quarter-final losers 5th) until a
    placement match settles it (3/4, 5/7 after the 5-8 matches, 5/6, 7/8)."""
    places: dict[int, int] = {}
    for s, stage in enumerate(stages, 1):
        for tie in stage:
            if tie.winner is None or tie.b is None:
                continue
            loser = tie.b if tie.winner == tie.a else tie.a
            places[loser] = 2 ** (total_stages - s) + 1
    last = stages[-1] if stages else []
    if len(stages) == total_stages and len(last) == 1 and last[0].winner is not None:
        places[last[0].winner] = 1
    settled = {"3": (3, 4), "5-8": (5, 7), "5": (5, 6), "7": (7, 8)}
    for group in placement:  # in order: "5" and "7" come after "5-8"
        won, lost = settled[group.label]
        for tie in group.ties:
            if tie.winner is None:
                continue
            places[tie.winner] = won
            if tie.b is not None:
                places[tie.b if tie.winner == tie.a else tie.a] = lost
    return places


def team_knockout_decided(stages: Sequence[Sequence[TeamTie]], total_stages: int,
                          placement: Sequence[PlacementTies] = ()) -> bool:
    """The final has a winner and every placement match the regulations ask for is played
    (each is listed as soon as its teams are known)."""
    last = stages[-1] if stages else []
    return (len(stages) == total_stages and len(last) == 1 and last[0].winner is not None
            and all(group.finished for group in placement))


def scheveningen_sides(a: int, b: int, seed: int | str) -> tuple[int, int]:
    """Which team of a tie is A in the English-form match (30.2.2 "Hai đội bốc thăm"): a
    lot reproducible from ``seed``; returns (A, B)."""
    low, high = min(a, b), max(a, b)
    rng = random.Random(f"team-knockout-sides:{seed}:{low}:{high}")
    return (low, high) if rng.random() < 0.5 else (high, low)
