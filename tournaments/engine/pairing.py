"""Pairing planners: one pure function per system, from a ``Snapshot`` to a ``RoundPlan``.

Each system's spec (``tournaments.systems``) names its planner here, and
``tournaments.systems.plan(snapshot, number, seed)`` runs it; no planner reads the
database (the adapter loads the snapshot, ``tournaments.services`` writes the plan). A
refusal is an ``EngineError`` with a code and an untranslated Vietnamese message.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import chessrules
from chessrules.competition import adjusted_swiss as cadjusted
from chessrules.competition import match as cmatch
from chessrules.competition import model as cmodel
from chessrules.competition import swissdraw
from chessrules.competition import team as cteam
from chessrules.competition.knockout import bracket_size
from chessrules.dutch import (
    DutchOptions,
    PairingError,
    PointSystem,
    RoundEntry,
    SwissPlayer,
    pair_round,
)
from chessrules.values import Result
from tournaments.engine import formats
from tournaments.engine import knockout as ko
from tournaments.engine import teams as teams_engine
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.snapshot import EntryRow, Snapshot, bye_code, history
from tournaments.engine.tables import competitors, draw_from_json, schedule
from tournaments.engine.teams import lineups, team_competitors

#: No further round: the bracket or the match is decided (Điều 25, 30.3; 002 Điều 8).
KNOCKOUT_DECIDED = N_("Giải loại trực tiếp đã có nhà vô địch.")
TEAM_KNOCKOUT_DECIDED = N_("Giải đồng đội loại trực tiếp đã phân thắng bại; không còn ván nào.")
MATCH_DECIDED = N_("Trận đối kháng đã kết thúc (002 Điều 8).")


def no_further_round(message: str) -> EngineError:
    return EngineError(message, code="no_more_rounds")


#: a round beyond the event's (or its table's) rounds
BEYOND_ROUNDS = N_("Giải chỉ có %(n)s ván.")


def _beyond(number: int, rounds: int) -> EngineError:
    return EngineError(BEYOND_ROUNDS, code="no_more_rounds", n=rounds, number=number)


def _no_pairing(number: int, exc: Exception) -> EngineError:
    """``chessrules`` found no legal pairing (its reason, in English, is kept as a detail)."""
    return EngineError(N_("Không có cách xếp cặp hợp lệ cho ván %(number)s (%(reason)s)."),
                       code="no_legal_pairing", number=number, reason=str(exc))


def engine_version() -> str:
    return chessrules.__version__


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
    #: told the share (0-1) of the pairing done, where the system can tell (the Dutch
    #: engine after each bracket); not part of the plan's value
    progress: Callable[[float], None] | None = field(default=None, repr=False, compare=False)


def initial_colour(lot_seed: int | None) -> str:
    """Colour of the top-ranked player in round 1 of a Dutch Swiss (C.04.3 E.5: by lot),
    drawn from the stored lot seed so that it replays."""
    return random.Random(f"initial-colour:{lot_seed or 0}").choice("wb")


def seed_for_colour(colour: str) -> int:
    """The smallest lot seed whose C.04.3 E.5 lot (:func:`initial_colour`) gives the top
    player ``colour`` ("w"/"b") in round 1: an imported TRF's XXC recorded as its lot."""
    return next(seed for seed in range(64) if initial_colour(seed) == colour)


def round_robin(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    players = {p.number: p for p in snapshot.entries}
    two_games = snapshot.settings.two_game_matches
    table = schedule(len(players), snapshot.settings.legs, two_game=two_games)
    if number > len(table):
        raise _beyond(number, len(table))
    rest = []
    # Điều 21.5: a withdrawn player's remaining games are forfeited; the standings
    # annul them when he played half or fewer (chessrules.withdraw_round_robin).
    out = _withdrawn(players.values(), number)
    for board in table[number - 1]:
        if board.bye is not None:
            rest.append(PlannedBoard(board.bye, None, kind="absent"))
            continue
        planned = _board_with_withdrawals(board.white, board.black, out)
        if two_games:  # Điều 21.2: rounds 2k-1 and 2k are the two games of match k
            low, high = sorted(board.pair())
            planned.match_key = f"m{(number + 1) // 2}:{low}-{high}"
            planned.game_number = 2 - number % 2
        plan.boards.append(planned)
    plan.boards.extend(rest)


def _withdrawn(players, number: int) -> frozenset[int]:
    """Numbers of the players who withdrew before round ``number``."""
    return frozenset(p.number for p in players
                     if p.withdrawn_after is not None and p.withdrawn_after < number)


def _board_with_withdrawals(white: int, black: int, out: frozenset[int]) -> PlannedBoard:
    """A game, lost by forfeit by the side that withdrew (both: double forfeit)."""
    result = ""
    if white in out or black in out:
        result = (Result.DOUBLE_FORFEIT if white in out and black in out
                  else Result.BLACK_FORFEIT_WIN if white in out else Result.WHITE_FORFEIT_WIN)
    return PlannedBoard(white, black, result=result)


def _swiss_bye(number: int, out: frozenset[int], points: float) -> PlannedBoard:
    """The pairing bye; drawn to a withdrawn player (21.5.2 "opponent wins") it is an
    absence: he is not there to score it."""
    if number in out:
        return PlannedBoard(number, None, kind="absent")
    return PlannedBoard(number, None, kind="pab", bye_points=points)


def dutch(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    settings = snapshot.settings
    players = snapshot.entries
    games = history(snapshot, number - 1)
    swiss = [SwissPlayer(p.number, p.rating, p.name, p.title) for p in players]
    entries: dict[int, list[RoundEntry | None]] = {}
    for p in players:
        rounds = games.get(p.number, {})
        entries[p.number] = [
            RoundEntry(g.opponent, g.color, g.result) if (g := rounds.get(r)) else None
            for r in range(1, number)]
    not_paired: dict[int, str] = {}
    # Điều 21.5.2: not paired again, or (setting) still drawn and his opponent wins.
    out = _withdrawn(players, number)
    for p in players:
        if p.number in out and not settings.withdrawn_stay_in_draw:
            not_paired[p.number] = "-"
        elif p.joins_in_round > number:
            not_paired[p.number] = "Z"
        elif number in p.byes:
            not_paired[p.number] = bye_code(p.byes[number])
    bye_tenths = round(settings.bye_score * 10)
    options = DutchOptions(total_rounds=settings.number_of_rounds,
                           initial_color=initial_colour(settings.lot_seed),
                           not_paired=not_paired, points=PointSystem(pairing_bye=bye_tenths))
    try:
        pairs = pair_round(swiss, entries, number, options, progress=plan.progress)
    except PairingError as exc:
        raise _no_pairing(number, exc) from exc
    for pair in pairs:
        if pair.black is None:
            plan.boards.append(_swiss_bye(pair.white, out, settings.bye_score))
        else:
            plan.boards.append(_board_with_withdrawals(pair.white, pair.black, out))
    for p in players:
        if not_paired.get(p.number) in ("H", "F", "Z") and number in p.byes:
            plan.boards.append(PlannedBoard(p.number, None, kind="bye",
                                            bye_points=p.byes[number]))


def _absent_players(players: tuple[EntryRow, ...], number: int) -> dict[int, float | None]:
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


def _previous_draw(snapshot: Snapshot, number: int) -> swissdraw.DrawResult | None:
    rnd = snapshot.round_row(number - 1)
    if rnd is None or not rnd.draw:
        return None
    return draw_from_json(rnd.number, rnd.seed, rnd.draw)


def _draw_json(draw: swissdraw.DrawResult) -> dict:
    return {"pairs": [list(p) for p in draw.pairs], "bye": draw.bye,
            "score_group": {str(k): v for k, v in draw.score_group.items()},
            "subgroups": {str(k): v for k, v in draw.subgroups.items()},
            "floats": {str(k): v for k, v in draw.floats.items()},
            "warnings": draw.warnings, "relaxed": draw.relaxed}


def swiss_draw(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 29: score groups, colour sub-groups, draws by a seeded generator."""
    absent = _absent_players(snapshot.entries, number)
    players = competitors(snapshot, number - 1)
    out = _withdrawn(snapshot.entries, number)
    if snapshot.settings.withdrawn_stay_in_draw:  # Điều 21.5.2: drawn, his opponent wins
        for number_ in out:
            players[number_].withdrawn_after = None
    try:
        draw = swissdraw.draw_round(players, number,
                                    plan.seed if plan.seed is not None else 0,
                                    _previous_draw(snapshot, number), absent)
    except ValueError as exc:
        raise _no_pairing(number, exc) from exc
    for white, black in draw.pairs:
        plan.boards.append(_board_with_withdrawals(white, black, out))
    if draw.bye is not None:
        plan.boards.append(_swiss_bye(draw.bye, out, snapshot.settings.bye_score))
    for number_, points in sorted(absent.items()):
        if points is not None:
            plan.boards.append(PlannedBoard(number_, None, kind="bye", bye_points=points))
    plan.warnings = list(draw.warnings) + list(draw.relaxed)
    plan.draw = _draw_json(draw)


def adjusted_swiss(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 28 as written (002 Điều 13): starting numbers are the 28.1 ranks; late
    entries, requested byes and withdrawn players (21.5.2 "not paired") sit out."""
    settings = snapshot.settings
    absent = _absent_players(snapshot.entries, number)
    out = _withdrawn(snapshot.entries, number)
    sitting = set(absent) | (set() if settings.withdrawn_stay_in_draw else set(out))
    players = [_adjusted_player(c, number) for n, c in sorted(
        competitors(snapshot, number - 1).items()) if n not in sitting]
    try:
        draw = cadjusted.pair_round(players, number, settings.number_of_rounds or 0,
                                         settings.lot_seed or 0)
    except ValueError as exc:
        raise _no_pairing(number, exc) from exc
    for white, black in draw.pairs:
        plan.boards.append(_board_with_withdrawals(white, black, out))
    if draw.bye is not None:  # 28.2: one point, no colour
        plan.boards.append(_swiss_bye(draw.bye, out, settings.bye_score))
    for number_, points in sorted(absent.items()):
        if points is not None:
            plan.boards.append(PlannedBoard(number_, None, kind="bye", bye_points=points))
    plan.warnings = list(draw.warnings)
    plan.draw = {"floats": {str(k): v for k, v in draw.floats.items()},
                 "score_group": {str(k): v for k, v in draw.score_group.items()},
                 "backtracked": draw.backtracked}  # 28.4-28.6: earlier choices re-made


def _adjusted_player(c: cmodel.Competitor, number: int) -> cadjusted.Player:
    """A competitor as Điều 28 sees him: played games give colours and opponents (a
    forfeit is no meeting); a bye or a win by forfeit is "a point for want of an
    opponent" (28.2)."""
    entries = [c.entries[r] for r in sorted(c.entries) if r < number]
    return cadjusted.Player(
        c.id, c.rating or 0, cmodel.score(c, number - 1),
        tuple(e.color for e in entries if e.kind == cmodel.GAME and e.color),
        frozenset(e.opponent for e in entries
                  if e.kind == cmodel.GAME and e.opponent is not None),
        any(e.kind == cmodel.PAB or (e.kind == cmodel.FORFEIT and e.points >= 1)
            for e in entries))


def _team_board(white: int, black: int, out: frozenset[int], board: int, match: int
                ) -> PlannedBoard:
    """A board of a team match; a withdrawn side (his team withdrew) loses by forfeit."""
    planned = _board_with_withdrawals(white, black, out)
    planned.match_board, planned.team_match = board, match
    return planned


def team_round_robin(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 30.4: the team table is the player Berger table; board i meets board i; the
    team with priority (White in the table) has White on odd boards, Black on even."""
    teams = sorted({p.team for p in snapshot.entries if p.team is not None})
    lineup = lineups(snapshot)
    boards = snapshot.settings.boards
    table = cteam.team_round_robin(len(teams))
    if number > len(table):
        raise _beyond(number, len(table))
    for pair in table[number - 1]:
        if pair.bye is not None:
            plan.matches.append(PlannedMatch(pair.bye, None))
            continue
        plan.matches.append(PlannedMatch(pair.white, pair.black))
        index = len(plan.matches) - 1
        colours = cteam.board_colours(pair.white, pair.black, boards)
        out = _withdrawn(snapshot.entries, number)
        for board, (white_team, black_team) in enumerate(colours, 1):
            white = lineup[white_team].get(board)
            black = lineup[black_team].get(board)
            if white is None or black is None:
                missing = white_team if white is None else black_team
                raise EngineError(N_("Đội %(team)s không có đấu thủ ở bàn %(board)s."),
                                  code="lineup_incomplete", team=missing, board=board)
            plan.boards.append(_team_board(white, black, out, board, index))


def team_swiss_draw(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 30.5: teams drawn like players (Điều 29); the team with White has White on odd
    boards; board i meets board i."""
    lineup = lineups(snapshot)
    try:
        draw, colours = cteam.team_swiss_round(
            team_competitors(snapshot, number - 1), number,
            plan.seed if plan.seed is not None else 0, snapshot.settings.boards,
            _previous_draw(snapshot, number))
    except ValueError as exc:
        raise _no_pairing(number, exc) from exc
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
    plan.draw = _draw_json(draw)


def scheveningen(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 30.2.2: every player of A meets every player of B, by the printed tables."""
    _two_team_match(snapshot, number, plan,
                    lambda: cteam.scheveningen(snapshot.settings.boards))


def simultaneous(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 30.2.1: board i of team A meets board i of team B in a match of 1-4 games (one
    round each); A (team number 1, by lot) has White on the odd boards in game 1, colours
    alternate game by game."""
    _two_team_match(snapshot, number, plan,
                    lambda: cteam.simultaneous_match(snapshot.settings.boards,
                                                     snapshot.settings.number_of_rounds or 1))


def _two_team_match(snapshot: Snapshot, number: int, plan: RoundPlan,
                    make_table: Callable[[], list[list[tuple[str, str]]]]) -> None:
    """Round ``number`` of a match of teams 1 (A) and 2 (B) by a printed table of rounds,
    each a list of (white, black) such as ("A1", "B2"), board by board (Điều 30.2)."""
    lineup = lineups(snapshot)
    if sorted(lineup) != [1, 2]:
        raise EngineError(N_("Đối kháng (Điều 30.2) giữa đúng 2 đội."), code="too_few")
    try:
        table = make_table()
    except ValueError as exc:
        raise _no_pairing(number, exc) from exc
    if number > len(table):
        raise _beyond(number, len(table))
    plan.matches.append(PlannedMatch(1, 2))
    side = {"A": 1, "B": 2}
    out = _withdrawn(snapshot.entries, number)
    for board, (white, black) in enumerate(table[number - 1], 1):
        plan.boards.append(_team_board(lineup[side[white[0]]][int(white[1:])],
                                       lineup[side[black[0]]][int(black[1:])], out, board, 0))


def team_knockout(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 30.3: round ``number`` of the team bracket. Each tie is a team match in the
    regulations' form: the English form (30.2.2, default: "thường là đối kháng kiểu Anh"),
    ``boards`` rounds a stage, A and B by lot, order and colours by the printed tables; or
    board i against board i (30.2.1), one round a stage, the better seed (lower team
    number) White on the odd boards. The placement matches the regulations ask for (3rd;
    5-8, 002 Điều 11) are played in the same rounds as the stage they go with; a team
    without an opponent passes."""
    per_tie = teams_engine.rounds_per_tie(snapshot.settings)
    stage_number, in_tie = divmod(number - 1, per_tie)
    stage_number, in_tie = stage_number + 1, in_tie + 1
    stages, placement = teams_engine.team_knockout(
        snapshot.up_to((stage_number - 1) * per_tie))
    total = bracket_size(len(snapshot.teams)).bit_length() - 1
    if len(stages) < stage_number:
        if cteam.team_knockout_decided(stages, total, placement):
            raise no_further_round(TEAM_KNOCKOUT_DECIDED)
        raise EngineError(N_("Trận đồng đội của vòng đấu hiện tại chưa có kết quả."),
                          code="round_incomplete")
    ties = [(tie.a, tie.b) for tie in stages[stage_number - 1]]
    ties += [(tie.a, tie.b) for group in placement if group.stage == stage_number
             for tie in group.ties]
    if not any(b is not None for _a, b in ties):
        raise no_further_round(TEAM_KNOCKOUT_DECIDED)
    lineup = lineups(snapshot)
    out = _withdrawn(snapshot.entries, number)
    seed = snapshot.settings.lot_seed or 0
    for a, b in ties:
        if b is None:
            if in_tie == 1 and stage_number == 1:
                plan.matches.append(PlannedMatch(a, None))
            continue
        if per_tie == 1:
            home, away = min(a, b), max(a, b)
            games = [(home, board, away, board) if board % 2 else (away, board, home, board)
                     for board in range(1, snapshot.settings.boards + 1)]
        else:
            home, away = cteam.scheveningen_sides(a, b, seed)
            side = {"A": home, "B": away}
            games = [(side[w[0]], int(w[1:]), side[bl[0]], int(bl[1:]))
                     for w, bl in cteam.scheveningen(per_tie)[in_tie - 1]]
        plan.matches.append(PlannedMatch(home, away))
        index = len(plan.matches) - 1
        for board, (white_team, white_board, black_team, black_board) in enumerate(games, 1):
            plan.boards.append(_team_board(lineup[white_team][white_board],
                                           lineup[black_team][black_board], out, board, index))


def knockout(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    main = ko.stages(snapshot)
    stage = main[-1]
    placement = ko.placement_stages(snapshot, main)
    if stage.pending or any(p.pending for p in placement):
        raise EngineError(N_("Một ván của vòng loại trực tiếp hiện tại chưa có kết quả."),
                          code="round_incomplete")
    if ko.decided(main, placement):
        raise no_further_round(KNOCKOUT_DECIDED)
    first_game_of_stage = all(not m.games for m in stage.matches.values())
    if number == 1:
        for a, b in stage.pairs:
            if b is None and a is not None:  # top seeds pass the first round (Điều 25)
                plan.boards.append(PlannedBoard(a, None, kind="pab",
                                                bye_points=snapshot.settings.bye_score))
    for current in (stage, *placement):  # placement matches alongside (002 Điều 11)
        for (a, b), match in current.matches.items():
            if match.finished:
                continue
            white, black = match.next_colours()
            plan.boards.append(PlannedBoard(white, black, match_key=current.key(a, b),
                                            game_number=len(match.games) + 1))
    plan.boards.sort(key=lambda board: board.kind != "game")
    plan.draw = {"stage": stage.stage, "first_game_of_stage": first_game_of_stage}


def match(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """002 Điều 8: one game a round between the two players, number 1 White in the odd
    games; no further game once the match is decided (target reached or all played)."""
    players = formats.match_players(snapshot)
    if len(players) != 2:
        raise EngineError(N_("Đấu đối kháng cá nhân (002 Điều 8) giữa đúng 2 đấu thủ."),
                          code="too_few")
    if formats.match_state(snapshot.up_to(number - 1)).decided:
        raise no_further_round(MATCH_DECIDED)
    white, black = cmatch.match_colours(number)
    plan.boards.append(_board_with_withdrawals(players[white], players[black],
                                               _withdrawn(snapshot.entries, number)))
    plan.draw = {"game": number}


def individual_scheveningen(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """002 Điều 10: every player of group A meets every player of group B, in the order
    and colours of the Điều 30.2.2 tables (A1, A2, … by starting number)."""
    groups = formats.groups(snapshot)
    a, b = (groups[g] for g in cmatch.GROUPS)
    if not a or len(a) != len(b):
        raise EngineError(N_("Svennhighen cá nhân (002 Điều 10): hai nhóm cần cùng số đấu "
                             "thủ (ít nhất 2); nhóm A có %(a)s, nhóm B có %(b)s."),
                          code="groups_unequal", a=len(a), b=len(b))
    table = cmatch.scheveningen_rounds(len(a))
    if number > len(table):
        raise _beyond(number, len(table))
    out = _withdrawn(snapshot.entries, number)
    for board in table[number - 1]:
        pa, pb = a[board.a - 1], b[board.b - 1]
        white, black = (pa, pb) if board.a_white else (pb, pa)
        plan.boards.append(_board_with_withdrawals(white, black, out))
