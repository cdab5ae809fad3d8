"""Standings, crosstables and tracking cards: pure functions of a ``Snapshot``.

The competitors handed to ``chessrules.competition`` are built from the snapshot's
pairing rows; withdrawals are applied as the rules say (Điều 21.5:
``scoring.withdraw_round_robin`` / ``withdraw_swiss``).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from chessrules.competition import model as cmodel
from chessrules.competition import roundrobin, scoring, swissdraw, tiebreaks
from chessrules.values import BYE_POINTS, Discipline, Result, bye_code
from tournaments.engine.snapshot import Snapshot, game_points

_GAME_POINTS = {r.value: r.points for r in Result if r.played and r.points}
_FORFEIT_POINTS = {r.value: r.points for r in Result if r.forfeit and r.points}


@lru_cache(maxsize=1 << 16)
def _entry(kind: str, points: float = 0.0, opponent: int | None = None,
           color: str | None = None) -> cmodel.Entry:
    """Entries are values (``chessrules`` replaces them, never changes them), so equal
    ones are built once: a 1,000-player, 11-round event has 11,000 of them."""
    return cmodel.Entry(kind, points, opponent, color)


def _entries(snapshot: Snapshot, after_round: int) -> dict[int, dict[int, cmodel.Entry]]:
    """Each player's entries by round, straight from the pairing rows: a played game, a
    forfeit (``+-``, ``-+``, ``--``), a pairing-allocated bye (the event's bye score), a
    requested bye (its points), or absent (not paired, or a result still pending)."""
    pab = snapshot.settings.bye_score
    absent = _entry(cmodel.ABSENT)
    rounds: dict[int, dict[int, cmodel.Entry]] = defaultdict(dict)
    for row in snapshot.pairings:
        r, _board, kind, white, black, result, bye, *_rest = row
        if r > after_round or not white:
            continue
        if kind == "game" and black:
            if result in _GAME_POINTS:  # the penalty's points where set (13.4e-f)
                w, b = game_points(row, _GAME_POINTS) or (0.0, 0.0)
                rounds[white][r] = _entry(cmodel.GAME, w, black, "w")
                rounds[black][r] = _entry(cmodel.GAME, b, white, "b")
            elif result in _FORFEIT_POINTS:
                w, b = game_points(row, _FORFEIT_POINTS) or (0.0, 0.0)
                rounds[white][r] = _entry(cmodel.FORFEIT, w, black, "w")
                rounds[black][r] = _entry(cmodel.FORFEIT, b, white, "b")
            else:  # pending result: counts nothing yet
                rounds[white][r] = rounds[black][r] = absent
        elif kind == "pab":
            rounds[white][r] = _entry(cmodel.PAB, pab)
        elif kind == "bye":
            rounds[white][r] = _entry(cmodel.BYE, BYE_POINTS[bye_code(bye or 0)])
        else:
            rounds[white][r] = absent
    return rounds


def schedule(n: int, legs: int = 1, two_game: bool = False) -> list[list[roundrobin.Board]]:
    """The round-robin table by round; ``legs`` 2: played twice, colours reversed (the
    double round robin). ``two_game`` (Điều 21.2, "lượt đi, lượt về"): each table round is
    a match of two games, played as two rounds, colours reversed in the second."""
    if legs == 2:
        return roundrobin.double_round_robin(n)
    table = roundrobin.berger_table(n)
    if not two_game:
        return table
    return [games for boards in table for games in (
        boards, [roundrobin.Board(b.black, b.white, b.rest) for b in boards])]


def match_rounds(snapshot: Snapshot, after_round: int) -> list[tuple[int, int, int, int]]:
    """The two-game matches (Điều 21.2) whose two games are both paired by
    ``after_round``: ``(a, b, round of game 1, round of game 2)``, from the pairings'
    match keys (a knockout's tie-break games after the first two are not part of it)."""
    games: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for p in snapshot.pairings:
        if p.match_key and p.kind == "game" and p.white and p.black:
            games[p.match_key].append((p.round, p.white, p.black))
    matches = []
    for rows in games.values():
        rows.sort()
        if len(rows) >= 2 and rows[1][0] <= after_round:
            (first, a, b), (second, *_sides) = rows[0], rows[1]
            matches.append((a, b, first, second))
    return matches


def parse_codes(text: str) -> list[str]:
    return [c.strip().upper() for c in (text or "").split(",") if c.strip()]


def check_tiebreak_codes(text: str) -> str | None:
    """None when every code is known to chessrules, else the reason."""
    for code in parse_codes(text):
        try:
            tiebreaks.parse_code(code)
        except ValueError as exc:
            return str(exc)
    return None


def competitors(snapshot: Snapshot, after_round: int) -> dict[int, cmodel.Competitor]:
    """Every numbered entry as a ``chessrules`` competitor after ``after_round``."""
    settings = snapshot.settings
    rounds = _entries(snapshot, after_round)
    result = {}
    for p in snapshot.entries:
        result[p.number] = cmodel.Competitor(
            id=p.number, name=p.name, title=p.title, rating=p.rating or None,
            entries=rounds.get(p.number, {}))
    rr = settings.round_robin
    if rr:
        table = schedule(len(snapshot.entries), settings.legs, settings.two_game_matches)
        pairs = {r: [b.pair() for b in boards if b.bye is None]
                 for r, boards in enumerate(table, 1)}
    for p in snapshot.entries:
        if p.annulled:
            annul_sanctioned(result, p.number, everyone=p.annulled == "all")
    # (round withdrawn after, starting number), in the order of withdrawal
    quitters = sorted((p.withdrawn_after, p.number) for p in snapshot.entries
                      if p.withdrawn_after is not None and not p.annulled)
    if not rr:
        for after, number in quitters:
            scoring.withdraw_swiss(result[number], after)
        return result
    for after, number in quitters:
        # The forfeits written for the rounds after his withdrawal are not games he
        # played: chessrules decides from his real games whether to annul or forfeit.
        quitter = result[number]
        for r in [r for r in quitter.entries if r > after]:
            entry = quitter.entries.pop(r)
            if entry.opponent in result:
                result[entry.opponent].entries.pop(r, None)
    # Điều 21.5.1: each counts the games he had played when he withdrew, in the order
    # of withdrawal (an earlier withdrawer's annulment does not cascade).
    scoring.withdraw_round_robin_all(result, [number for _after, number in quitters], pairs,
                                     law=Discipline(settings.discipline).law)
    return result


def annul_sanctioned(players: dict[int, cmodel.Competitor], number: int, *,
                     everyone: bool) -> None:
    """Điều 15.6 "hủy bỏ điểm số đạt được": every round of the disqualified player counts
    for nothing (X); with ``everyone`` (removed from the list and the results, 16.1e, or the
    regulations' "all_games") his opponents' games against him are annulled too."""
    player = players[number]
    for r, entry in list(player.entries.items()):
        player.entries[r] = cmodel.Entry(cmodel.ANNULLED, 0.0, entry.opponent, entry.color)
        opponent = players.get(entry.opponent) if entry.opponent is not None else None
        theirs = opponent.entries.get(r) if opponent is not None else None
        if everyone and opponent is not None and theirs is not None and theirs.opponent == number:
            opponent.entries[r] = cmodel.Entry(cmodel.ANNULLED, 0.0, number, theirs.color)


def standings(snapshot: Snapshot, after_round: int, codes: list[str],
              players: dict[int, cmodel.Competitor] | None = None) -> list[dict]:
    """Ranking after ``after_round``: ``{"starting_number", "rank", "points",
    "tiebreaks"}`` rows, tie-break values in the order of ``codes``."""
    settings = snapshot.settings
    players = players if players is not None else competitors(snapshot, after_round)
    system = tiebreaks.ROUND_ROBIN if settings.round_robin else tiebreaks.SWISS
    rows = tiebreaks.compute_standings(players, after_round, codes, system,
                                       lot_seed=settings.lot_seed,
                                       playoff=dict(settings.playoff),
                                       rules=settings.tiebreak_rules)
    table = [{"starting_number": s.id, "rank": s.rank, "points": s.points,
              "match_points": None, "game_points": None,
              "tiebreaks": dict(s.tiebreaks)} for s in rows]
    if settings.two_game_matches:
        table = _by_match_points(table, scoring.match_totals(
            players, match_rounds(snapshot, after_round)))
    return table


def _by_match_points(rows: list[dict], totals: dict[int, scoring.MatchScore]) -> list[dict]:
    """Điều 21.2: match points first, then game points, then the event's tie-breaks
    (the order ``compute_standings`` gave); equal on all of them share the rank."""
    for row in rows:
        total = totals[row["starting_number"]]
        row["match_points"], row["game_points"] = total.match_points, total.game_points
    key = [(-r["match_points"], -r["game_points"], r["rank"]) for r in rows]
    order = sorted(range(len(rows)), key=key.__getitem__)
    ranked: list[dict] = []
    for position, i in enumerate(order, 1):
        same = ranked and key[order[position - 2]] == key[i]
        ranked.append({**rows[i], "rank": ranked[-1]["rank"] if same else position})
    return ranked


def crosstable(snapshot: Snapshot, after_round: int,
               players: dict[int, cmodel.Competitor] | None = None) -> dict[int, list[dict]]:
    """For each starting number: per round opponent, colour, mark ("1", "½", "+", "X"...);
    in a Swiss the forfeits after a withdrawal are "0" (the one who withdrew) and "X" (his
    opponent), as Điều 21.5.2 writes."""
    players = players if players is not None else competitors(snapshot, after_round)
    table = {}
    mark = scoring.crosstable_mark
    left = {} if snapshot.settings.round_robin else {
        e.number: e.withdrawn_after for e in snapshot.entries if e.withdrawn_after is not None}

    def gone(number: int | None, r: int) -> bool:
        return number is not None and number in left and r > left[number]

    for number, competitor in players.items():
        rows = []
        for r in range(1, after_round + 1):
            entry = competitor.entries.get(r)
            shown = scoring.swiss_withdrawal_mark(
                entry, own=gone(number, r), opponents=gone(entry.opponent if entry else None, r))
            rows.append({"round": r, "opponent": entry.opponent if entry else None,
                         "color": entry.color if entry else None,
                         "mark": shown if shown is not None else mark(entry)})
        table[number] = rows
    return table


def draw_from_json(number: int, seed, data) -> swissdraw.DrawResult:
    ints = lambda d: {int(k): v for k, v in (d or {}).items()}  # noqa: E731
    return swissdraw.DrawResult(
        round=number, seed=seed if seed is not None else 0,
        pairs=[tuple(p) for p in data.get("pairs", [])], bye=data.get("bye"),
        score_group=ints(data.get("score_group")), subgroups=ints(data.get("subgroups")),
        floats=ints(data.get("floats")), warnings=list(data.get("warnings", [])),
        relaxed=list(data.get("relaxed", [])))


def tracking_card(snapshot: Snapshot, number: int) -> list[dict]:
    """Thẻ theo dõi (Điều 29.1) of the player with starting number ``number``:
    ``chessrules.competition.swissdraw.tracking_card`` over the recorded rounds (the
    snapshot must carry the round draws)."""
    played = len(snapshot.rounds)
    players = competitors(snapshot, played)
    draws = []
    for rnd in snapshot.rounds:
        draw = draw_from_json(rnd.number, rnd.seed, rnd.draw or {})
        draw.pairs = [(p.white, p.black) for p in snapshot.pairings  # a game: two players
                      if p.round == rnd.number and p.kind == "game"
                      and p.white is not None and p.black is not None]
        draws.append(draw)
    rows = swissdraw.tracking_card(number, players, draws)
    return [{"round": r.round, "opponent_number": r.opponent_number,
             "opponent_name": r.opponent_name, "opponent_title": r.opponent_title,
             "colour": r.colour, "result": r.result, "group": r.group, "total": r.total}
            for r in rows]
