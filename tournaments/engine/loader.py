"""The database side of the adapter: one event's ``Snapshot`` in a few queries.

Rows come as tuples (``values_list``), never model instances: for a 1,000-player,
11-round event that is 1,000 entry rows and 5,500 pairing rows, read in two queries.
The rounds with their draws (JSON, only the Swiss by draw and tracking cards need them)
and the team tables are read only when asked for.
"""

from __future__ import annotations

from types import MappingProxyType

from django.db.models import FloatField
from django.db.models.functions import Cast

from chessrules.competition import tiebreaks
from chessrules.values import RESULT_POINTS, TieBreak
from tournaments import systems
from tournaments.engine.snapshot import (
    NO_BYES,
    EntryRow,
    PairingRow,
    RoundRow,
    Settings,
    Snapshot,
    TeamMatchRow,
    TeamRow,
)
from tournaments.models import Entry, Pairing, PlayOffGame, Round, TeamEntry, TeamMatch


def settings_of(tournament) -> Settings:
    spec = systems.spec_of(tournament.system)
    return Settings(
        round_robin=spec.round_robin, legs=spec.legs, team_bye_points=spec.team_bye_points,
        english_form=spec.english_form(tournament),
        id=tournament.pk, system=tournament.system, discipline=tournament.discipline,
        bye_score=float(tournament.bye_score), lot_seed=tournament.lot_seed,
        number_of_rounds=tournament.number_of_rounds,
        boards_per_team=tournament.boards_per_team, tiebreaks=tournament.tiebreaks or "",
        knockout_tie_rule=tournament.knockout_tie_rule or "",
        knockout_double_forfeit=tournament.knockout_double_forfeit or "",
        knockout_placement=tournament.knockout_placement or "",
        team_match_form=tournament.team_match_form or "",
        swiss_withdrawal=tournament.swiss_withdrawal,
        match_target_points=(float(tournament.match_target_points)
                             if tournament.match_target_points is not None else None),
        match_target_wins=tournament.match_target_wins,
        match_scoring=tournament.match_scoring,
        disqualification_scoring=tournament.disqualification_scoring,
        playoff=_playoff(tournament),
        tiebreak_rules=tiebreaks.rules_for_start(tournament.start_date))


def _playoff(tournament) -> tuple[tuple[int, float], ...]:
    """Points of each player in the play-off games (002 Phần 2 Điều 2.3), read only when the
    event ranks by them (tie-break PO): one query then, none otherwise."""
    if not ranks_by_playoff(tournament):
        return ()
    points: dict[int, float] = {}
    games = PlayOffGame.objects.filter(tournament=tournament, match__isnull=True)
    for white, black, result in games.values_list(
            "white__starting_number", "black__starting_number", "result"):
        scored = RESULT_POINTS.get(result)
        if scored is None or white is None or black is None:
            continue
        points[white] = points.get(white, 0.0) + scored[0]
        points[black] = points.get(black, 0.0) + scored[1]
    return tuple(sorted(points.items()))


def ranks_by_playoff(tournament) -> bool:
    """The regulations list the play-off (tie-break PO, 002 Phần 2 Điều 2.3)."""
    codes = {code.strip().upper() for code in (tournament.tiebreaks or "").split(",")}
    return TieBreak.PO.value in codes


def load_team_playoff(tournament) -> list[tuple[int, int | None, int | None, str]]:
    """The games of the team play-off matches (002 Phần 2 Điều 2.3 "Thi đấu thêm"):
    ``(match, white's team, black's team, result)`` by team starting numbers, one query."""
    return list(PlayOffGame.objects.filter(tournament=tournament, match__isnull=False)
                .order_by("number").values_list(
                    "match_id", "white__team__starting_number", "black__team__starting_number",
                    "result"))


def _byes(requested) -> MappingProxyType:
    # Every stored bye has its points (migration 0007 wrote the old ½ where missing).
    return MappingProxyType({int(b["round"]): float(b.get("points", 0))
                             for b in requested or []})


def load_entries(tournament_id: int) -> tuple[EntryRow, ...]:
    rows = (Entry.objects.filter(tournament_id=tournament_id, starting_number__isnull=False)
            .order_by("starting_number")
            .values_list("starting_number", "pk", "name", "rating", "title",
                         "withdrawn_after_round", "joins_in_round", "requested_byes",
                         "team__starting_number", "team__name", "board_order", "group",
                         "disqualified_at", "removal_decision_id",
                         "tournament__disqualification_scoring"))
    return tuple(EntryRow(number, pk, name, rating, title, withdrawn, joins,
                          _byes(byes) if byes else NO_BYES, team, team_name, board, group,
                          _annulled(disqualified, removal, scoring))
                 for (number, pk, name, rating, title, withdrawn, joins, byes, team, team_name,
                      board, group, disqualified, removal, scoring) in rows
                 if number is not None)  # filtered above: the type cannot say so


def _annulled(disqualified, removal, scoring: str) -> str:
    """Điều 15.6, 16.1d-e: what the standings annul of a sanctioned player."""
    if removal is not None or (disqualified is not None and scoring == "all_games"):
        return "all"
    return "own" if disqualified is not None else ""


def load_pairings(tournament_id: int, up_to_round: int | None = None
                  ) -> tuple[PairingRow, ...]:
    """Pairings in round and board order, players by starting number (the database does
    the mapping and the float conversion: each row becomes a ``PairingRow`` as it is)."""
    pairings = Pairing.objects.filter(round__tournament_id=tournament_id)
    if up_to_round is not None:
        pairings = pairings.filter(round__number__lte=up_to_round)
    rows = pairings.annotate(
        points=Cast("bye_points", FloatField()), white_game=Cast("white_points", FloatField()),
        black_game=Cast("black_points", FloatField())).order_by(
        "round__number", "board").values_list(
        "round__number", "board", "kind", "white__starting_number", "black__starting_number",
        "result", "points", "match_key", "team_match_id", "match_board", "white_game",
        "black_game")
    return tuple(map(PairingRow._make, rows))


def load_rounds(tournament_id: int) -> tuple[RoundRow, ...]:
    rows = Round.objects.filter(tournament_id=tournament_id).order_by("number")
    return tuple(map(RoundRow._make, rows.values_list("number", "seed", "draw")))


def load_teams(tournament_id: int) -> tuple[tuple[TeamRow, ...], tuple[TeamMatchRow, ...]]:
    teams = tuple(TeamRow(number, pk, name, withdrawn is not None)
                  for number, pk, name, withdrawn in
                  TeamEntry.objects.filter(tournament_id=tournament_id,
                                           starting_number__isnull=False)
                  .order_by("starting_number")
                  .values_list("starting_number", "pk", "name", "withdrawn_on")
                  if number is not None)  # filtered above: the type cannot say so
    matches = tuple(map(TeamMatchRow._make,
                    TeamMatch.objects.filter(round__tournament_id=tournament_id)
                    .order_by("round__number", "table")
                    .values_list("id", "round__number", "table", "home__starting_number",
                                 "away__starting_number")))
    return teams, matches


def load(tournament, *, up_to_round: int | None = None, draws: bool = False,
         teams: bool | None = None) -> Snapshot:
    """The snapshot of ``tournament`` (pairings up to ``up_to_round``; the rounds with
    their draws when ``draws``; team tables for team systems unless ``teams`` says
    otherwise): two queries for an individual event's standings."""
    entries = load_entries(tournament.pk)
    pairings = load_pairings(tournament.pk, up_to_round)
    rounds = load_rounds(tournament.pk) if draws else ()  # only draws read rounds
    if up_to_round is not None:
        rounds = tuple(r for r in rounds if r.number <= up_to_round)
    team_rows: tuple[TeamRow, ...] = ()
    matches: tuple[TeamMatchRow, ...] = ()
    if teams if teams is not None else systems.spec_of(tournament.system).team:
        team_rows, matches = load_teams(tournament.pk)
        if up_to_round is not None:
            matches = tuple(m for m in matches if m.round <= up_to_round)
    return Snapshot(settings_of(tournament), entries, pairings, rounds, team_rows, matches)
