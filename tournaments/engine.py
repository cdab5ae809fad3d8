"""The one adapter between the tournaments app and ``chessrules`` (pure rules).

Every call into ``chessrules`` goes through this module: it builds the pure input from
the database (entries by starting number, the history of each player in TRF16 codes),
calls the rules package and returns plain data (dicts, lists, dataclasses of this
module). When ``chessrules`` changes its API only this file changes.

History codes (TRF16, as ``chessrules`` reads them): ``1 0 =`` played, ``+ -`` forfeit
(with an opponent), ``U`` pairing-allocated bye, ``H``/``F``/``Z`` requested bye of
½/1/0 point, ``-`` without opponent: not paired (withdrawn, absent, round-robin rest).
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

import chessrules
from chessrules.competition import knockout, roundrobin, scoring, swissdraw, tiebreaks
from chessrules.competition import model as cmodel
from chessrules.competition import team as cteam
from chessrules.dutch import (
    DutchOptions,
    PairingError,
    PointSystem,
    RoundEntry,
    SwissPlayer,
    initial_order_key,
    pair_round,
)
from chessrules.trf import TrfError, TrfGame, TrfPlayer, TrfTournament, parse_trf, write_trf

__all__ = [
    "EngineError", "PlannedBoard", "PlannedMatch", "RoundPlan", "TrfError",
    "engine_version", "lot_order", "rating_order", "plan_round", "standings",
    "crosstable", "team_standings", "history_of", "export_trf", "read_trf",
]


class EngineError(ValueError):
    """The rules package refused the input (no legal pairing, inconsistent data)."""


def engine_version() -> str:
    return chessrules.__version__


# --- plain data ----------------------------------------------------------------------

@dataclass
class PlannedBoard:
    """One board of a planned round, by starting numbers (``black`` None: no opponent)."""

    white: int
    black: int | None = None
    kind: str = "game"  # game / pab / bye / absent (Pairing.Kind)
    bye_points: float | None = None
    result: str = ""  # preset result (forfeit of a withdrawn player)
    match_board: int | None = None
    team_match: int | None = None  # index into RoundPlan.matches
    match_key: str = ""
    game_number: int = 1


@dataclass
class PlannedMatch:
    home: int  # team starting numbers
    away: int | None


@dataclass
class RoundPlan:
    number: int
    system: str
    seed: int | None
    boards: list[PlannedBoard] = field(default_factory=list)
    matches: list[PlannedMatch] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    draw: dict = field(default_factory=dict)
    engine_version: str = field(default_factory=engine_version)


@dataclass
class Player:
    """What the rules need to know of one entry."""

    number: int
    name: str
    rating: int = 0
    title: str = ""
    withdrawn_after: int | None = None
    joins_in_round: int = 1
    byes: dict[int, float] = field(default_factory=dict)  # requested byes by round
    team: int | None = None
    board_order: int | None = None


# --- history from the database ---------------------------------------------------------

_RESULT_CODES = {
    "1-0": ("1", "0"), "1/2-1/2": ("=", "="), "0-1": ("0", "1"),
    "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-"),
}


def _bye_code(points: float) -> str:
    return {1.0: "F", 0.5: "H"}.get(float(points), "Z")


def history_of(tournament, up_to_round: int | None = None) -> dict[int, dict[int, TrfGame]]:
    """For each starting number, its rounds as ``TrfGame`` (TRF16 codes), from the DB."""
    from tournaments.models import Pairing

    history: dict[int, dict[int, TrfGame]] = defaultdict(dict)
    pairings = (Pairing.objects.filter(round__tournament=tournament)
                .select_related("round", "white", "black"))
    if up_to_round is not None:
        pairings = pairings.filter(round__number__lte=up_to_round)
    for p in pairings.order_by("round__number", "board"):
        number = p.round.number
        white = p.white.starting_number if p.white_id else None
        black = p.black.starting_number if p.black_id else None
        if p.kind == "game" and white and black:
            codes = _RESULT_CODES.get(p.result, (" ", " "))
            history[white][number] = TrfGame(number, black, "w", codes[0])
            history[black][number] = TrfGame(number, white, "b", codes[1])
        elif white:
            if p.kind == "pab":
                code = "U"
            elif p.kind == "bye":
                code = _bye_code(float(p.bye_points or 0))
            else:
                code = "-"
            history[white][number] = TrfGame(number, None, "-", code)
    return history


def players_of(tournament) -> list[Player]:
    players = []
    for entry in tournament.entries.filter(starting_number__isnull=False).select_related("team"):
        players.append(Player(
            number=entry.starting_number, name=entry.name, rating=entry.rating,
            title=entry.title, withdrawn_after=entry.withdrawn_after_round,
            joins_in_round=entry.joins_in_round,
            byes={int(b["round"]): float(b.get("points", 0.5)) for b in entry.requested_byes or []},
            team=entry.team.starting_number if entry.team_id else None,
            board_order=entry.board_order))
    return players


# --- starting numbers --------------------------------------------------------------------

def lot_order(keys: list, seed: int) -> list:
    """A drawing of lots (bốc thăm) reproducible from ``seed``: the keys in drawn order."""
    drawn = sorted(keys)
    random.Random(seed).shuffle(drawn)
    return drawn


def rating_order(players: list[tuple[object, int, str, str]]) -> list:
    """Keys ordered by Điều 28.1 / C.04.2: rating, then title, then name.

    ``players`` are ``(key, rating, title, name)``.
    """
    def key(item):
        k, rating, title, name = item
        return initial_order_key(SwissPlayer(0, rating or 0, name, title))
    return [item[0] for item in sorted(players, key=key)]


# --- pairing -------------------------------------------------------------------------------

def plan_round(tournament, number: int, seed: int | None) -> RoundPlan:
    """Pair round ``number`` of ``tournament`` by its system (state read from the DB)."""
    system = tournament.system
    if system not in ("swiss_draw", "team_swiss_draw"):
        # Only the draws of Điều 29/30.5 use a new seed each round; every other system is
        # determined by the lot drawn at closing (starting numbers, Dutch initial colour,
        # knockout colours and lots), so that is the seed recorded with the round.
        seed = tournament.lot_seed
    plan = RoundPlan(number=number, system=system, seed=seed)
    if system in ("round_robin", "double_round_robin"):
        _plan_round_robin(tournament, number, plan)
    elif system == "dutch":
        _plan_dutch(tournament, number, plan)
    elif system == "team_round_robin":
        _plan_team_round_robin(tournament, number, plan)
    elif system == "swiss_draw":
        _plan_swiss_draw(tournament, number, plan)
    elif system == "knockout":
        _plan_knockout(tournament, number, plan)
    elif system == "team_swiss_draw":
        _plan_team_swiss_draw(tournament, number, plan)
    elif system == "scheveningen":
        _plan_scheveningen(tournament, number, plan)
    else:
        raise EngineError(f"the system {system!r} is not available in chessrules "
                          f"{engine_version()} yet")
    return plan


def total_rounds(tournament, players: int | None = None, teams: int | None = None) -> int:
    """Rounds of the event: stored, or from the Berger table for round robins."""
    if tournament.system in ("round_robin", "double_round_robin"):
        n = players if players is not None else tournament.entries.filter(
            starting_number__isnull=False).count()
        rounds = roundrobin.table_size(n) - 1
        return rounds * 2 if tournament.system == "double_round_robin" else rounds
    if tournament.system == "team_round_robin":
        n = teams if teams is not None else tournament.teams.count()
        return roundrobin.table_size(n) - 1
    if tournament.system == "scheveningen":
        return tournament.boards_per_team or 0
    return tournament.number_of_rounds or 0


def _schedule(system: str, n: int) -> list[list[roundrobin.Board]]:
    if system == "double_round_robin":
        return roundrobin.double_round_robin(n)
    return roundrobin.berger_table(n)


def _plan_round_robin(tournament, number: int, plan: RoundPlan) -> None:
    players = {p.number: p for p in players_of(tournament)}
    schedule = _schedule(tournament.system, len(players))
    if number > len(schedule):
        raise EngineError(f"round {number} is beyond the {len(schedule)} rounds of the table")
    rest = []
    for board in schedule[number - 1]:
        if board.bye is not None:
            rest.append(PlannedBoard(board.bye, None, kind="absent"))
            continue
        white, black = players[board.white], players[board.black]
        # Điều 21.5: a withdrawn player's remaining games are forfeited; the standings
        # annul them when he played half or fewer (chessrules.withdraw_round_robin).
        result = ""
        white_out = white.withdrawn_after is not None and white.withdrawn_after < number
        black_out = black.withdrawn_after is not None and black.withdrawn_after < number
        if white_out or black_out:
            result = "--" if white_out and black_out else ("-+" if white_out else "+-")
        plan.boards.append(PlannedBoard(white.number, black.number, result=result))
    plan.boards.extend(rest)


def _plan_dutch(tournament, number: int, plan: RoundPlan) -> None:
    players = players_of(tournament)
    history = history_of(tournament, number - 1)
    swiss = [SwissPlayer(p.number, p.rating, p.name, p.title) for p in players]
    entries: dict[int, list[RoundEntry | None]] = {}
    for p in players:
        rounds = history.get(p.number, {})
        entries[p.number] = [
            RoundEntry(g.opponent, g.color, g.result) if (g := rounds.get(r)) else None
            for r in range(1, number)]
    not_paired: dict[int, str] = {}
    for p in players:
        if p.withdrawn_after is not None and p.withdrawn_after < number:
            not_paired[p.number] = "-"
        elif p.joins_in_round > number:
            not_paired[p.number] = "Z"
        elif number in p.byes:
            not_paired[p.number] = _bye_code(p.byes[number])
    bye_tenths = int(Decimal(tournament.bye_score) * 10)
    options = DutchOptions(total_rounds=tournament.number_of_rounds,
                           initial_color=initial_colour(tournament),
                           not_paired=not_paired, points=PointSystem(pairing_bye=bye_tenths))
    try:
        pairs = pair_round(swiss, entries, number, options)
    except PairingError as exc:
        raise EngineError(str(exc)) from exc
    for pair in pairs:
        if pair.black is None:
            plan.boards.append(PlannedBoard(pair.white, None, kind="pab",
                                            bye_points=float(tournament.bye_score)))
        else:
            plan.boards.append(PlannedBoard(pair.white, pair.black))
    for p in players:
        if not_paired.get(p.number) in ("H", "F", "Z") and number in p.byes:
            plan.boards.append(PlannedBoard(p.number, None, kind="bye",
                                            bye_points=p.byes[number]))


def initial_colour(tournament) -> str:
    """Colour of the top-ranked player in round 1 of a Dutch Swiss (C.04.3 E.5: by lot),
    drawn from the stored lot seed so that it replays."""
    return random.Random(f"initial-colour:{tournament.lot_seed or 0}").choice("wb")


def _plan_team_round_robin(tournament, number: int, plan: RoundPlan) -> None:
    """Điều 30.4: the team table is the player Berger table; board i meets board i; the
    team with priority (White in the table) has White on odd boards, Black on even."""
    players = players_of(tournament)
    teams = sorted({p.team for p in players if p.team is not None})
    lineup: dict[int, dict[int, int]] = defaultdict(dict)
    boards = tournament.boards_per_team or 4
    for p in players:
        if p.team is not None and p.board_order is not None and p.board_order <= boards:
            lineup[p.team][p.board_order] = p.number
    schedule = cteam.team_round_robin(len(teams))
    if number > len(schedule):
        raise EngineError(f"round {number} is beyond the {len(schedule)} rounds of the table")
    for table in schedule[number - 1]:
        if table.bye is not None:
            plan.matches.append(PlannedMatch(table.bye, None))
            continue
        plan.matches.append(PlannedMatch(table.white, table.black))
        index = len(plan.matches) - 1
        colours = cteam.board_colours(table.white, table.black, boards)
        for board, (white_team, black_team) in enumerate(colours, 1):
            white = lineup[white_team].get(board)
            black = lineup[black_team].get(board)
            if white is None or black is None:
                missing = white_team if white is None else black_team
                raise EngineError(f"team {missing} has no player on board {board}")
            plan.boards.append(PlannedBoard(white, black, match_board=board, team_match=index))


def _absent_players(players: list[Player], number: int) -> dict[int, float | None]:
    """Players not paired in ``number``: requested byes (their points) and late entries."""
    absent: dict[int, float | None] = {}
    for p in players:
        if p.withdrawn_after is not None and p.withdrawn_after < number:
            continue
        if p.joins_in_round > number:
            absent[p.number] = None
        elif number in p.byes:
            absent[p.number] = p.byes[number]
    return absent


def _previous_draw(tournament, number: int) -> swissdraw.DrawResult | None:
    rnd = tournament.rounds.filter(number=number - 1).first()
    if rnd is None or not rnd.draw:
        return None
    return _draw_from_json(rnd.number, rnd.seed, rnd.draw)


def _draw_from_json(number: int, seed, data: dict) -> swissdraw.DrawResult:
    ints = lambda d: {int(k): v for k, v in (d or {}).items()}  # noqa: E731
    return swissdraw.DrawResult(
        round=number, seed=seed if seed is not None else 0,
        pairs=[tuple(p) for p in data.get("pairs", [])], bye=data.get("bye"),
        score_group=ints(data.get("score_group")), subgroups=ints(data.get("subgroups")),
        floats=ints(data.get("floats")), warnings=list(data.get("warnings", [])),
        relaxed=list(data.get("relaxed", [])))


def _plan_swiss_draw(tournament, number: int, plan: RoundPlan) -> None:
    """Điều 29: score groups, colour sub-groups, draws by a seeded generator."""
    players = players_of(tournament)
    competitors = _competitors(tournament, number - 1, players)
    absent = _absent_players(players, number)
    try:
        draw = swissdraw.draw_round(competitors, number, plan.seed if plan.seed is not None
                                    else 0, _previous_draw(tournament, number), absent)
    except ValueError as exc:
        raise EngineError(str(exc)) from exc
    for white, black in draw.pairs:
        plan.boards.append(PlannedBoard(white, black))
    if draw.bye is not None:
        plan.boards.append(PlannedBoard(draw.bye, None, kind="pab",
                                        bye_points=float(tournament.bye_score)))
    for number_, points in sorted(absent.items()):
        if points is not None:
            plan.boards.append(PlannedBoard(number_, None, kind="bye", bye_points=points))
    plan.warnings = list(draw.warnings) + list(draw.relaxed)
    plan.draw = {"pairs": [list(p) for p in draw.pairs], "bye": draw.bye,
                 "score_group": {str(k): v for k, v in draw.score_group.items()},
                 "subgroups": {str(k): v for k, v in draw.subgroups.items()},
                 "floats": {str(k): v for k, v in draw.floats.items()},
                 "warnings": draw.warnings, "relaxed": draw.relaxed}


# --- knockout ---------------------------------------------------------------------------------

_TIE_RULES = {"two_then_decider": "decider", "two_then_lots": "lots", "lots": "lots"}


@dataclass
class KnockoutStage:
    stage: int
    pairs: list[tuple[int, int | None]]
    matches: dict[tuple[int, int], knockout.MiniMatch]
    pending: set[tuple[int, int]] = field(default_factory=set)  # a game without result

    @property
    def finished(self) -> bool:
        return not self.pending and all(m.finished for m in self.matches.values())

    def winners(self) -> list[int]:
        return [a if b is None else self.matches[(a, b)].winner for a, b in self.pairs]


def match_key(stage: int, a: int, b: int) -> str:
    return f"s{stage}:{a}-{b}"


def knockout_stages(tournament) -> list[KnockoutStage]:
    """Replay the bracket (Điều 25) from the recorded games: every mini-match's colours and
    lots come from ``chessrules.knockout.MiniMatch`` seeded with the stored lot seed."""
    from tournaments.models import RESULT_POINTS, Pairing

    n = tournament.entries.filter(starting_number__isnull=False).count()
    tie = _TIE_RULES.get(tournament.knockout_tie_rule, "decider")
    seed = tournament.lot_seed or 0
    games: dict[str, list] = defaultdict(list)
    for p in (Pairing.objects.filter(round__tournament=tournament, kind="game")
              .exclude(match_key="").select_related("white", "black")
              .order_by("round__number", "board")):
        games[p.match_key].append(p)
    stages = []
    pairs = knockout.first_round(n)
    stage_number = 1
    while True:
        stage = KnockoutStage(stage_number, pairs, {})
        for a, b in pairs:
            if b is None:
                continue
            match = knockout.MiniMatch(a, b, seed, tiebreak=tie)
            for p in games.get(match_key(stage_number, a, b), []):
                if p.result not in RESULT_POINTS:
                    stage.pending.add((a, b))
                    break
                white_points, black_points = RESULT_POINTS[p.result]
                a_points = white_points if p.white.starting_number == a else black_points
                if p.result == "--":
                    a_points = 0.5  # a double forfeit decides nothing between the two
                match.record(a_points)
            stage.matches[(a, b)] = match
        stages.append(stage)
        if not stage.finished:
            return stages
        winners = stage.winners()
        if len(winners) == 1:
            return stages
        pairs = [(w, v) for w, v in knockout.next_round(winners)]
        stage_number += 1


def knockout_champion(tournament) -> int | None:
    stages = knockout_stages(tournament)
    last = stages[-1]
    if last.finished and len(last.pairs) == 1:
        return last.winners()[0]
    return None


def _plan_knockout(tournament, number: int, plan: RoundPlan) -> None:
    stages = knockout_stages(tournament)
    stage = stages[-1]
    if stage.pending:
        raise EngineError("a game of the current knockout stage has no result yet")
    if stage.finished and len(stage.pairs) == 1:
        raise EngineError("the knockout is decided; there is no further round")
    first_game_of_stage = all(not m.games for m in stage.matches.values())
    if number == 1:
        for a, b in stage.pairs:
            if b is None:  # top seeds pass the first round (Điều 25)
                plan.boards.append(PlannedBoard(a, None, kind="pab",
                                                bye_points=float(tournament.bye_score)))
    for (a, b), match in stage.matches.items():
        if match.finished:
            continue
        white, black = match.next_colours()
        plan.boards.append(PlannedBoard(white, black, match_key=match_key(stage.stage, a, b),
                                        game_number=len(match.games) + 1))
    plan.boards.sort(key=lambda board: board.kind != "game")
    plan.draw = {"stage": stage.stage, "first_game_of_stage": first_game_of_stage}


# --- standings -------------------------------------------------------------------------------

_POINTS = {"1": cmodel.WIN, "=": cmodel.DRAW, "0": cmodel.LOSS}


def _to_entry(game: TrfGame, pab_points: float) -> cmodel.Entry:
    code = game.result
    if game.opponent is not None:
        if code in _POINTS:
            return cmodel.Entry(cmodel.GAME, _POINTS[code], game.opponent, game.color)
        if code in "+-":
            return cmodel.Entry(cmodel.FORFEIT, cmodel.WIN if code == "+" else cmodel.LOSS,
                                game.opponent, game.color if game.color in "wb" else None)
        return cmodel.Entry(cmodel.ABSENT)  # pending result: counts nothing yet
    if code == "U":
        return cmodel.Entry(cmodel.PAB, pab_points)
    if code in "HFZ":
        return cmodel.Entry(cmodel.BYE, {"H": 0.5, "F": 1.0, "Z": 0.0}[code])
    return cmodel.Entry(cmodel.ABSENT)


def default_tiebreaks(system: str) -> list[str]:
    if system in ("round_robin", "double_round_robin", "team_round_robin"):
        return list(tiebreaks.DEFAULT_ROUND_ROBIN)
    return list(tiebreaks.DEFAULT_SWISS)


def tiebreak_codes(tournament) -> list[str]:
    codes = [c.strip().upper() for c in (tournament.tiebreaks or "").split(",") if c.strip()]
    return codes or default_tiebreaks(tournament.system)


def check_tiebreak_codes(text: str) -> str | None:
    """None when every code is known to chessrules, else the reason."""
    for code in [c.strip().upper() for c in (text or "").split(",") if c.strip()]:
        try:
            tiebreaks.parse_code(code)
        except ValueError as exc:
            return str(exc)
    return None


def _competitors(tournament, after_round: int, players: list[Player] | None = None
                 ) -> dict[int, cmodel.Competitor]:
    players = players if players is not None else players_of(tournament)
    history = history_of(tournament, after_round)
    pab = float(tournament.bye_score)
    competitors = {}
    for p in players:
        entries = {r: _to_entry(g, pab) for r, g in history.get(p.number, {}).items()}
        competitors[p.number] = cmodel.Competitor(
            id=p.number, name=p.name, title=p.title, rating=p.rating or None, entries=entries)
    rr = tournament.system in ("round_robin", "double_round_robin")
    if rr:
        schedule = _schedule(tournament.system, len(players))
        pairs = {r: [b.pair() for b in boards if b.bye is None]
                 for r, boards in enumerate(schedule, 1)}
    for p in players:
        if p.withdrawn_after is None:
            continue
        if rr:
            # The forfeits written for the rounds after his withdrawal are not games he
            # played: chessrules decides from his real games whether to annul or forfeit.
            quitter = competitors[p.number]
            for r in [r for r in quitter.entries if r > p.withdrawn_after]:
                entry = quitter.entries.pop(r)
                if entry.opponent in competitors:
                    competitors[entry.opponent].entries.pop(r, None)
            law = "chess" if tournament.discipline == "chess" else "xiangqi"
            scoring.withdraw_round_robin(competitors, p.number, pairs, law=law)
        else:
            scoring.withdraw_swiss(competitors[p.number], p.withdrawn_after)
    return competitors


def standings(tournament, after_round: int, codes: list[str] | None = None) -> list[dict]:
    """Ranking after ``after_round`` with every tie-break value in the tournament's order."""
    codes = codes or tiebreak_codes(tournament)
    competitors = _competitors(tournament, after_round)
    system = (tiebreaks.ROUND_ROBIN
              if tournament.system in ("round_robin", "double_round_robin")
              else tiebreaks.SWISS)
    rows = tiebreaks.compute_standings(competitors, after_round, codes, system,
                                       lot_seed=tournament.lot_seed)
    return [{"starting_number": s.id, "rank": s.rank, "points": s.points,
             "tiebreaks": dict(s.tiebreaks)} for s in rows]


def crosstable(tournament, after_round: int) -> dict[int, list[dict]]:
    """For each starting number: per round opponent, colour, mark ("1", "½", "+", "X"...)."""
    competitors = _competitors(tournament, after_round)
    table = {}
    for number, competitor in competitors.items():
        rows = []
        for r in range(1, after_round + 1):
            entry = competitor.entries.get(r)
            rows.append({"round": r, "opponent": entry.opponent if entry else None,
                         "color": entry.color if entry else None,
                         "mark": scoring.crosstable_mark(entry)})
        table[number] = rows
    return table


def team_matches(tournament, up_to_round: int) -> list[dict]:
    """Team match results from the DB: ``{"round", "home", "away", "points": [(team,
    board, points)]}`` by team starting numbers. A player's board is his board order, or
    the board he played as a reserve (30.1.4). A team bye of the team Swiss by draw scores
    ``bye_score`` on every board (docs/decisions-tournaments.md)."""
    from tournaments.models import RESULT_POINTS, TeamMatch

    boards = tournament.boards_per_team or 4
    matches = []
    for match in (TeamMatch.objects.filter(round__tournament=tournament,
                                           round__number__lte=up_to_round)
                  .select_related("round", "home", "away")
                  .prefetch_related("boards__white__team", "boards__black__team")
                  .order_by("round__number", "table")):
        row = {"round": match.round.number, "home": match.home.starting_number,
               "away": match.away.starting_number if match.away_id else None, "points": []}
        if match.away_id is None:
            if tournament.system == "team_swiss_draw":
                row["points"] = [(row["home"], b, float(tournament.bye_score))
                                 for b in range(1, boards + 1)]
            matches.append(row)
            continue
        for p in match.boards.all():
            if p.result not in RESULT_POINTS:
                continue
            for player, points in zip((p.white, p.black), RESULT_POINTS[p.result], strict=True):
                board = player.board_order if player.board_order and \
                    player.board_order <= boards else p.match_board
                row["points"].append((player.team.starting_number, board, points))
        matches.append(row)
    return matches


def team_standings(matches: list[dict], teams: list[int], boards: int,
                   match_points_first: bool = False) -> list[dict]:
    """Team ranking (Điều 30.1.5, ``chessrules.competition.team.rank_teams``): game points,
    then board 1's score, board 2's, … With ``match_points_first`` match points (2 for a
    won match, 1 drawn, 0 lost) rank first (an option of the rules)."""
    totals = {team: {"team": team, "game_points": 0.0, "match_points": 0,
                     "boards": [0.0] * boards} for team in teams}
    for match in matches:
        sums = {match["home"]: 0.0}
        if match["away"] is not None:
            sums[match["away"]] = 0.0
        for team, board, points in match["points"]:
            totals[team]["boards"][board - 1] += points
            totals[team]["game_points"] += points
            sums[team] = sums.get(team, 0.0) + points
        if match["away"] is None:
            totals[match["home"]]["match_points"] += 2 if sums[match["home"]] else 0
            continue
        home, away = sums[match["home"]], sums[match["away"]]
        totals[match["home"]]["match_points"] += 2 if home > away else 1 if home == away else 0
        totals[match["away"]]["match_points"] += 2 if away > home else 1 if home == away else 0

    results = [cteam.TeamResult(str(r["team"]), tuple(r["boards"]), r["match_points"])
               for r in totals.values()]
    order = cteam.rank_teams(results, match_points_first=match_points_first)
    ordered = [totals[int(team)] for team in order]

    def key(r: dict) -> tuple:
        head = (-r["match_points"],) if match_points_first else ()
        return head + (-r["game_points"], *[-b for b in r["boards"]])
    rank = 0
    for index, r in enumerate(ordered):
        if index == 0 or key(r) != key(ordered[index - 1]):
            rank = index + 1
        r["rank"] = rank
    return ordered


def _team_competitors(tournament, up_to_round: int) -> dict[int, cmodel.Competitor]:
    """Teams as competitors of the draw (30.5): each round a game against the other team
    with the team's game points; colour "w" for the team that had the priority."""
    teams = {t.starting_number: cmodel.Competitor(id=t.starting_number, name=t.name)
             for t in tournament.teams.filter(starting_number__isnull=False)}
    for t in tournament.teams.filter(withdrawn_on__isnull=False):
        teams[t.starting_number].withdrawn_after = up_to_round
    for match in team_matches(tournament, up_to_round):
        sums: dict[int, float] = defaultdict(float)
        for team, _board, points in match["points"]:
            sums[team] += points
        home, away, r = match["home"], match["away"], match["round"]
        if away is None:
            teams[home].entries[r] = cmodel.Entry(cmodel.PAB, sums[home])
            continue
        teams[home].entries[r] = cmodel.Entry(cmodel.GAME, sums[home], away, "w")
        teams[away].entries[r] = cmodel.Entry(cmodel.GAME, sums[away], home, "b")
    return teams


def _lineups(tournament) -> dict[int, dict[int, int]]:
    boards = tournament.boards_per_team or 4
    lineup: dict[int, dict[int, int]] = defaultdict(dict)
    for p in players_of(tournament):
        if p.team is not None and p.board_order is not None and p.board_order <= boards:
            lineup[p.team][p.board_order] = p.number
    return lineup


def _plan_team_swiss_draw(tournament, number: int, plan: RoundPlan) -> None:
    """Điều 30.5: teams drawn like players (Điều 29); the team with White has White on odd
    boards; board i meets board i."""
    boards = tournament.boards_per_team or 4
    lineup = _lineups(tournament)
    try:
        draw, colours = cteam.team_swiss_round(
            _team_competitors(tournament, number - 1), number,
            plan.seed if plan.seed is not None else 0, boards,
            _previous_draw(tournament, number))
    except ValueError as exc:
        raise EngineError(str(exc)) from exc
    for home, away in draw.pairs:
        plan.matches.append(PlannedMatch(home, away))
        index = len(plan.matches) - 1
        for board, (white_team, black_team) in enumerate(colours[(home, away)], 1):
            plan.boards.append(PlannedBoard(lineup[white_team][board],
                                            lineup[black_team][board], match_board=board,
                                            team_match=index))
    if draw.bye is not None:
        plan.matches.append(PlannedMatch(draw.bye, None))
    plan.warnings = list(draw.warnings) + list(draw.relaxed)
    plan.draw = {"pairs": [list(p) for p in draw.pairs], "bye": draw.bye,
                 "score_group": {str(k): v for k, v in draw.score_group.items()},
                 "subgroups": {str(k): v for k, v in draw.subgroups.items()},
                 "floats": {str(k): v for k, v in draw.floats.items()},
                 "warnings": draw.warnings, "relaxed": draw.relaxed}


def _plan_scheveningen(tournament, number: int, plan: RoundPlan) -> None:
    """Điều 30.2.2: every player of A meets every player of B, by the printed tables."""
    boards = tournament.boards_per_team or 4
    lineup = _lineups(tournament)
    if sorted(lineup) != [1, 2]:
        raise EngineError("a Scheveningen match is played between exactly two teams")
    try:
        table = cteam.scheveningen(boards)
    except ValueError as exc:
        raise EngineError(str(exc)) from exc
    if number > len(table):
        raise EngineError(f"round {number} is beyond the {len(table)} rounds of the match")
    plan.matches.append(PlannedMatch(1, 2))
    for board, (white, black) in enumerate(table[number - 1], 1):
        side = {"A": 1, "B": 2}
        plan.boards.append(PlannedBoard(lineup[side[white[0]]][int(white[1:])],
                                        lineup[side[black[0]]][int(black[1:])],
                                        match_board=board, team_match=0))


def tracking_card(tournament, number: int) -> list[dict]:
    """Thẻ theo dõi (Điều 29.1) of the player with starting number ``number``:
    ``chessrules.competition.swissdraw.tracking_card`` over the recorded rounds."""
    from tournaments.models import Pairing

    rounds = list(tournament.rounds.order_by("number"))
    played = len(rounds)
    competitors = _competitors(tournament, played)
    draws = []
    for rnd in rounds:
        draw = _draw_from_json(rnd.number, rnd.seed, rnd.draw or {})
        draw.pairs = [(p.white.starting_number, p.black.starting_number)
                      for p in Pairing.objects.filter(round=rnd, kind="game")
                      .select_related("white", "black")]
        draws.append(draw)
    rows = swissdraw.tracking_card(number, competitors, draws)
    return [{"round": r.round, "opponent_number": r.opponent_number,
             "opponent_name": r.opponent_name, "opponent_title": r.opponent_title,
             "colour": r.colour, "result": r.result, "group": r.group, "total": r.total}
            for r in rows]


# --- TRF -------------------------------------------------------------------------------------

@dataclass
class TrfEntry:
    number: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""  # YYYY/MM/DD or YYYY


def export_trf(tournament, entries: list[TrfEntry], played_rounds: int) -> str:
    """TRF16 text with the TRF-2026 ``XXR`` (rounds) and ``XXC`` (initial colour) lines."""
    history = history_of(tournament, played_rounds)
    rows = {s["starting_number"]: s for s in standings(tournament, played_rounds)}
    trf = TrfTournament(name=tournament.name, rounds=total_rounds(tournament) or played_rounds,
                        rounds_declared=True, initial_color=initial_colour(tournament))
    for e in entries:
        row = rows.get(e.number, {})
        trf.players[e.number] = TrfPlayer(
            id=e.number, name=e.name, sex=e.sex, title=e.title, rating=e.rating,
            fed=e.federation, fide_id=e.fide_id, birth=e.birth, points=row.get("points"),
            rank=row.get("rank"),
            games=[history[e.number][r] for r in sorted(history.get(e.number, {}))])
    head = [f"012 {tournament.name}", f"042 {tournament.start_date:%Y/%m/%d}",
            f"052 {tournament.end_date:%Y/%m/%d}", f"092 {tournament.get_system_display()}",
            f"XXR {trf.rounds}", f"XXC {'white1' if trf.initial_color == 'w' else 'black1'}"]
    if tournament.venue:
        head.insert(1, f"022 {tournament.venue}")
    trf.layout = head + sorted(trf.players)
    return write_trf(trf)


@dataclass
class TrfRead:
    name: str
    rounds: int
    players: list[TrfEntry]
    games: dict[int, list[TrfGame]]


def read_trf(text: str) -> TrfRead:
    """Parse a TRF file; raises ``TrfError`` naming the line and the reason."""
    trf = parse_trf(text)
    players = [TrfEntry(p.id, p.name, p.sex, p.title, p.rating, p.fed, p.fide_id, p.birth)
               for p in sorted(trf.players.values(), key=lambda p: p.id)]
    games = {p.id: list(p.games) for p in trf.players.values()}
    return TrfRead(trf.name, trf.rounds, players, games)
