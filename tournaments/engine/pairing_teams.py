"""Pairing planners of team events (Điều 30): the team round robin and Swiss, the matches
of two teams (Scheveningen, simultaneous: Điều 30.2) and the team knockout (Điều 30.3). Each
fills a ``RoundPlan`` from a ``Snapshot``; the system specs (``tournaments.systems``) name them."""

from __future__ import annotations

from collections.abc import Callable

from chessrules.competition import team as cteam
from chessrules.competition.knockout import bracket_size
from tournaments.engine import teams as teams_engine
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import (
    TEAM_KNOCKOUT_DECIDED,
    PlannedBoard,
    PlannedMatch,
    RoundPlan,
    beyond,
    board_with_withdrawals,
    draw_json,
    no_further_round,
    no_pairing,
    previous_draw,
    withdrawn,
)
from tournaments.engine.snapshot import Snapshot
from tournaments.engine.teams import lineups, team_competitors


def team_board(white: int, black: int, out: frozenset[int], board: int, match: int
                ) -> PlannedBoard:
    """A board of a team match; a withdrawn side (his team withdrew) loses by forfeit."""
    planned = board_with_withdrawals(white, black, out)
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
        raise beyond(number, len(table))
    for pair in table[number - 1]:
        if pair.bye is not None:
            plan.matches.append(PlannedMatch(pair.bye, None))
            continue
        plan.matches.append(PlannedMatch(pair.white, pair.black))
        index = len(plan.matches) - 1
        colours = cteam.board_colours(pair.white, pair.black, boards)
        out = withdrawn(snapshot.entries, number)
        for board, (white_team, black_team) in enumerate(colours, 1):
            white = lineup[white_team].get(board)
            black = lineup[black_team].get(board)
            if white is None or black is None:
                missing = white_team if white is None else black_team
                raise EngineError(N_("Đội %(team)s không có đấu thủ ở bàn %(board)s."),
                                  code="lineup_incomplete", team=missing, board=board)
            plan.boards.append(team_board(white, black, out, board, index))


def team_swiss_draw(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 30.5: teams drawn like players (Điều 29); the team with White has White on odd
    boards; board i meets board i."""
    lineup = lineups(snapshot)
    try:
        draw, colours = cteam.team_swiss_round(
            team_competitors(snapshot, number - 1), number,
            plan.seed if plan.seed is not None else 0, snapshot.settings.boards,
            previous_draw(snapshot, number))
    except ValueError as exc:
        raise no_pairing(number, exc) from exc
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
    plan.draw = draw_json(draw)


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
        raise no_pairing(number, exc) from exc
    if number > len(table):
        raise beyond(number, len(table))
    plan.matches.append(PlannedMatch(1, 2))
    side = {"A": 1, "B": 2}
    out = withdrawn(snapshot.entries, number)
    for board, (white, black) in enumerate(table[number - 1], 1):
        plan.boards.append(team_board(lineup[side[white[0]]][int(white[1:])],
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
    out = withdrawn(snapshot.entries, number)
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
            plan.boards.append(team_board(lineup[white_team][white_board],
                                           lineup[black_team][black_board], out, board, index))
