"""Pairing planners: one pure function per system, from a ``Snapshot`` to a ``RoundPlan``.

Each system's spec (``tournaments.systems``) names its planner here (team events' in
``pairing_teams``, the shared plan types in ``plan``), and
``tournaments.systems.plan(snapshot, number, seed)`` runs it; no planner reads the
database (the adapter loads the snapshot, ``tournaments.services`` writes the plan). A
refusal is an ``EngineError`` with a code and an untranslated Vietnamese message.
"""

from __future__ import annotations

import random

from chessrules.competition import adjusted_swiss as cadjusted
from chessrules.competition import match as cmatch
from chessrules.competition import model as cmodel
from chessrules.competition import swissdraw
from chessrules.dutch import (
    DutchOptions,
    PairingError,
    PointSystem,
    RoundEntry,
    SwissPlayer,
    pair_round,
)
from chessrules.values import bye_code
from tournaments.engine import formats
from tournaments.engine import knockout as ko
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import (
    KNOCKOUT_DECIDED,
    MATCH_DECIDED,
    PlannedBoard,
    RoundPlan,
    beyond,
    board_with_withdrawals,
    draw_json,
    no_further_round,
    no_pairing,
    previous_draw,
    withdrawn,
)
from tournaments.engine.snapshot import EntryRow, Snapshot, history
from tournaments.engine.tables import competitors, schedule


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
        raise beyond(number, len(table))
    rest = []
    # Điều 21.5: a withdrawn player's remaining games are forfeited; the standings
    # annul them when he played half or fewer (chessrules.withdraw_round_robin).
    out = withdrawn(players.values(), number)
    for board in table[number - 1]:
        if board.bye is not None:
            rest.append(PlannedBoard(board.bye, None, kind="absent"))
            continue
        planned = board_with_withdrawals(board.white, board.black, out)
        if two_games:  # Điều 21.2: rounds 2k-1 and 2k are the two games of match k
            low, high = sorted(board.pair())
            planned.match_key = f"m{(number + 1) // 2}:{low}-{high}"
            planned.game_number = 2 - number % 2
        plan.boards.append(planned)
    plan.boards.extend(rest)


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
    out = withdrawn(players, number)
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
        raise no_pairing(number, exc) from exc
    for pair in pairs:
        if pair.black is None:
            plan.boards.append(_swiss_bye(pair.white, out, settings.bye_score))
        else:
            plan.boards.append(board_with_withdrawals(pair.white, pair.black, out))
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


def swiss_draw(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 29: score groups, colour sub-groups, draws by a seeded generator."""
    absent = _absent_players(snapshot.entries, number)
    players = competitors(snapshot, number - 1)
    out = withdrawn(snapshot.entries, number)
    if snapshot.settings.withdrawn_stay_in_draw:  # Điều 21.5.2: drawn, his opponent wins
        for number_ in out:
            players[number_].withdrawn_after = None
    try:
        draw = swissdraw.draw_round(players, number,
                                    plan.seed if plan.seed is not None else 0,
                                    previous_draw(snapshot, number), absent)
    except ValueError as exc:
        raise no_pairing(number, exc) from exc
    for white, black in draw.pairs:
        plan.boards.append(board_with_withdrawals(white, black, out))
    if draw.bye is not None:
        plan.boards.append(_swiss_bye(draw.bye, out, snapshot.settings.bye_score))
    for number_, points in sorted(absent.items()):
        if points is not None:
            plan.boards.append(PlannedBoard(number_, None, kind="bye", bye_points=points))
    plan.warnings = list(draw.warnings) + list(draw.relaxed)
    plan.draw = draw_json(draw)


def adjusted_swiss(snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
    """Điều 28 as written (002 Điều 13): starting numbers are the 28.1 ranks; late
    entries, requested byes and withdrawn players (21.5.2 "not paired") sit out."""
    settings = snapshot.settings
    absent = _absent_players(snapshot.entries, number)
    out = withdrawn(snapshot.entries, number)
    sitting = set(absent) | (set() if settings.withdrawn_stay_in_draw else set(out))
    players = [_adjusted_player(c, number) for n, c in sorted(
        competitors(snapshot, number - 1).items()) if n not in sitting]
    try:
        draw = cadjusted.pair_round(players, number, settings.number_of_rounds or 0,
                                         settings.lot_seed or 0)
    except ValueError as exc:
        raise no_pairing(number, exc) from exc
    for white, black in draw.pairs:
        plan.boards.append(board_with_withdrawals(white, black, out))
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
    plan.boards.append(board_with_withdrawals(players[white], players[black],
                                               withdrawn(snapshot.entries, number)))
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
        raise beyond(number, len(table))
    out = withdrawn(snapshot.entries, number)
    for board in table[number - 1]:
        pa, pb = a[board.a - 1], b[board.b - 1]
        white, black = (pa, pb) if board.a_white else (pb, pa)
        plan.boards.append(board_with_withdrawals(white, black, out))
