"""Reads of the tournaments app: standings, crosstable, tracking cards. Permissions, the
regulations in words and the schedule are in ``selectors_access``, ``selectors_regulations``
and ``selectors_schedule`` (re-exported here); CSV, tables and TRF in ``selectors_exports``.

Who may do what (docs/decisions-tournaments.md):

* federation staff: everything, and only they reopen a certified tournament;
* organisers — officers (``federation.Officer``) of the organising body or of a body above
  it, and managers of the organising club — create and manage the tournament: regulations,
  officials, entries, lifecycle transitions, certification;
* assigned arbiters (``Official`` whose person is linked to the user): pairing, manual
  pairing changes, result entry, withdrawals and byes; results only by arbiters (Điều 20);
* a club's managers (and the officers over the club) send the club's members to an event
  open for registration, within its deadline and quota (Phụ lục 5 item 4: each unit sends
  its players), and withdraw them again before the deadline (:func:`can_enter_for_club`).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from chessrules.rating import Performance, performance_rating
from chessrules.values import PLAYED, MatchScoring, Result, competition_ranks
from federation.selectors import shown_clubs
from tournaments import engine, selectors_playoff, systems
from tournaments.models import (
    Entry,
    Pairing,
    Round,
    TeamEntry,
    Tournament,
)
from tournaments.selectors_access import (  # noqa: F401 (re-exported)
    can_arbitrate,
    can_direct,
    can_enter,
    can_enter_for_club,
    can_manage,
    can_organise,
    has_role,
    is_assigned_arbiter,
    visible_tournaments,
)
from tournaments.selectors_regulations import (  # noqa: F401 (re-exported)
    amendment_lines,
    regulation_label,
    time_control_text,
    value_words,
)
from tournaments.selectors_schedule import (  # noqa: F401 (re-exported)
    BOARDS_PER_ARBITER_LOCAL,
    BOARDS_PER_ARBITER_NATIONAL,
    MIN_ARBITERS,
    NATIONAL_CATEGORIES,
    ROLE_ORDER,
    arbiter_guidance,
    board_assignments,
    boards_per_arbiter,
    officials_in_order,
    open_suspension,
    round_schedule,
    scheduled_start,
    suspensions,
)

# --- rounds ---------------------------------------------------------------------------------

def last_round(tournament: Tournament) -> Round | None:
    return tournament.rounds.order_by("-number").first()


def completed_rounds(tournament: Tournament) -> int:
    """The number of the last round whose every result is in (0 before round 1)."""
    done = tournament.rounds.filter(status=Round.Status.COMPLETE).order_by("-number").first()
    return done.number if done else 0


def pairings_of(round_: Round) -> QuerySet[Pairing]:
    return (round_.pairings.select_related("white__member", "black__member", "team_match")
            .order_by("board"))


def pairing_rows(round_: Round) -> list[tuple]:
    """The round's boards for the public list, one query of plain values: ``(board, kind,
    white, black, result, bye_points, match_key, game_number)`` with each side as
    ``(number, name, rating, title, person id)`` (all None without a player)."""
    side = ("starting_number", "name", "rating", "title", "member__person_id")
    fields = ("board", "kind", *[f"white__{f}" for f in side],
              *[f"black__{f}" for f in side], "result", "bye_points", "match_key",
              "game_number")
    return [(row[0], row[1], row[2:7], row[7:12], *row[12:])
            for row in round_.pairings.order_by("board").values_list(*fields)]


# --- standings ---------------------------------------------------------------------------------

def _entries_by_number(tournament: Tournament) -> dict[int, Entry]:
    return {e.starting_number: e for e in tournament.entries.filter(
        starting_number__isnull=False).select_related("team")
        if e.starting_number is not None}  # filtered above: the type cannot say so


TableInputs = tuple[int, list[str], engine.Snapshot]


def table_inputs(tournament: Tournament, after_round: int | None) -> TableInputs:
    """What a standings table is computed from: the round it is after (default: the last
    complete one), the tie-breaks in order and the event's snapshot up to that round."""
    after = completed_rounds(tournament) if after_round is None else after_round
    return after, engine.tiebreak_codes(tournament), engine.snapshot_of(tournament, after,
                                                                        teams=False)


def _table(tournament: Tournament, after_round: int | None, cross: bool,
           inputs: TableInputs | None = None) -> dict:
    """Standings (with the crosstable cells when ``cross``) from one snapshot of the
    event: a few queries for the data; the rows are memoised by the snapshot's value, so
    an unchanged event (a result entered in a later round) is not computed again."""
    after, codes, snapshot = inputs or table_inputs(tournament, after_round)
    rows = engine.memoised(("rows", tournament.pk, after, tuple(codes), cross), snapshot,
                           lambda: _rows(snapshot, after, codes, cross))
    copies = [{**row, "tiebreaks": dict(row["tiebreaks"])} for row in rows]
    if cross:  # fresh lists; the cells themselves are shared with the memo: read only
        for row in copies:
            row["rounds"] = list(row["rounds"])
    table = {"after_round": after, "tiebreaks": codes, "rows": copies}
    table.update(format_summary(tournament, after, copies))
    return table


def format_summary(tournament: Tournament, after: int, rows: list[dict]) -> dict:
    """What a format adds to its standings: an individual match's score (002 Điều 8), the
    groups' totals of an individual Scheveningen (002 Điều 10)."""
    return engine.format_summary(tournament, after, rows)


def _rows(snapshot: engine.Snapshot, after: int, codes: list[str], cross: bool) -> list[dict]:
    if not snapshot.entries:
        return []
    ranked, cells = engine.table_of(snapshot, after, codes, cross=cross)
    entries = {e.number: e for e in snapshot.entries}
    rows = []
    for row in ranked:
        entry = entries[row["starting_number"]]
        rows.append({**row, "entry": entry.pk, "name": entry.name, "rating": entry.rating,
                     "title": entry.title, "team": entry.team_name, "group": entry.group,
                     "withdrawn": entry.withdrawn_after is not None})
        if cells is not None:
            rows[-1]["rounds"] = cells[entry.number]
    return rows


def entry_people(tournament: Tournament) -> dict[int, tuple[int | None, dict | None]]:
    """Starting number -> (person id, the player's club ``{id, name}``) for the public rows
    (issue 20): the person's public profile and the club it shows
    (``federation.selectors.shown_clubs``: his active membership's club, whatever membership
    he entered under; the event's PDFs use the same rule). Two queries, whatever the size of
    the event."""
    entries = tournament.entries.filter(starting_number__isnull=False)
    people = dict(entries.values_list("starting_number", "member__person_id"))
    clubs = shown_clubs(entries.filter(member__isnull=False).values("member__person_id"))
    return {number: (person, _club_ref(clubs.get(person)) if person else None)
            for number, person in people.items()
            if number is not None}  # filtered above: the type cannot say so


def _club_ref(club: tuple[int, str] | None) -> dict | None:
    return {"id": club[0], "name": club[1]} if club else None


def public_entries(tournament: Tournament) -> list[dict]:
    """The entries as the public sees them before the draw (issue 20: the event page's list
    of players): name, title and rating at registration, team, the person's public profile
    (members only) and the club it shows (:func:`entry_people`'s rule); strongest first
    (rating, then name); withdrawn entries left out. Two queries."""
    rows = list(tournament.entries.filter(withdrawn_on__isnull=True)
                .order_by("-rating", "name", "pk")
                .values_list("name", "title", "rating", "starting_number", "team__name",
                             "member__person_id"))
    clubs = shown_clubs({row[5] for row in rows if row[5]})
    return [{"name": name, "title": title, "rating": rating or None,
             "starting_number": number, "team": team, "person": person,
             "club": _club_ref(clubs.get(person)) if person else None}
            for name, title, rating, number, team, person in rows]


def with_people(tournament: Tournament, table: dict, people: dict | None = None) -> dict:
    """``table``'s rows with ``person`` and ``club`` (:func:`entry_people`, or ``people``
    read already), in place."""
    people = entry_people(tournament) if people is None else people
    for row in table["rows"]:
        row["person"], row["club"] = people.get(row["starting_number"], (None, None))
    return table


def public_events_of(person_id: int) -> list[dict]:
    """The published (non-draft) events a person entered, newest first (issue 20: a public
    profile lists them). One query."""
    return [dict(row) for row in Entry.objects.filter(member__person_id=person_id)
            .exclude(tournament__status=Tournament.Status.DRAFT)
            .order_by("-tournament__start_date", "-tournament_id")
            .values("tournament_id", "tournament__name", "tournament__discipline",
                    "tournament__start_date", "tournament__status", "starting_number")]


def public_performances_of(person_id: int) -> dict[int, Performance]:
    """The person's performance rating in each published event (issue 20, B.02 8.1.1 via
    ``chessrules.rating.performance_rating``): over the games played over the board (no
    forfeits or byes) against opponents rated at registration (``Entry.rating`` > 0); an event
    without such a game has none. One query."""
    mine = Q(white__member__person_id=person_id) | Q(black__member__person_id=person_id)
    rows = (Pairing.objects.filter(mine, kind=Pairing.Kind.GAME,
                                   result__in=[r.value for r in PLAYED])
            .exclude(round__tournament__status=Tournament.Status.DRAFT)
            .values_list("round__tournament_id", "white__member__person_id", "result",
                         "white__rating", "black__rating"))
    games: dict[int, list[tuple[int, float]]] = {}
    for tournament_id, white_person, result, white_rating, black_rating in rows:
        white_points, black_points = Result(result).points or (0.0, 0.0)
        opponent, points = ((black_rating, white_points) if white_person == person_id
                            else (white_rating, black_points))
        if opponent:
            games.setdefault(tournament_id, []).append((opponent, points))
    return {tournament_id: performance_rating(played) for tournament_id, played in games.items()}


def standings(tournament: Tournament, after_round: int | None = None,
              inputs: TableInputs | None = None) -> dict:
    """Ranking after a round (default: the last complete one) with tie-breaks in order
    (from ``inputs`` when :func:`table_inputs` was read already)."""
    return _table(tournament, after_round, cross=False, inputs=inputs)


def crosstable(tournament: Tournament, after_round: int | None = None,
               inputs: TableInputs | None = None) -> dict:
    """The standings with each player's rounds: opponent, colour, mark."""
    return _table(tournament, after_round, cross=True, inputs=inputs)


def tracking_card(entry: Entry) -> dict:
    """Thẻ theo dõi (Điều 29.1): round, opponent, his title and number, colour (T/Đ),
    result, colour sub-group with float marks, running score."""
    rows = engine.tracking_card(entry.tournament, entry.starting_number) \
        if entry.starting_number else []
    return {"entry": entry.pk, "starting_number": entry.starting_number, "name": entry.name,
            "title": entry.title, "rating": entry.rating, "rounds": rows}


def knockout_bracket(tournament: Tournament) -> dict:
    """The knockout bracket (Điều 25): stages, mini-matches, games and winners; the
    placement matches (3rd; 5-8) and the places decided so far (002 Điều 11)."""
    entries = _entries_by_number(tournament)
    snapshot = engine.snapshot_of(tournament, teams=False)
    played = engine.knockout.stages(snapshot)
    placement = engine.knockout.placement_stages(snapshot, played)
    two = tournament.match_scoring == MatchScoring.TWO_GAME_MATCH  # Điều 21.2
    return {"stages": [_bracket_stage(stage, entries, two) for stage in played],
            "placement_matches": [_bracket_stage(stage, entries, two) for stage in placement],
            "champion": engine.knockout.champion(played),
            "places": [{"place": place, "starting_number": number,
                        "name": entries[number].name}
                       for place, number in engine.knockout.places(played, placement)]}


def _bracket_stage(stage, entries, two_game: bool = False) -> dict:
    matches = []
    for a, b in stage.pairs:
        match = stage.matches.get((a, b)) if a is not None and b is not None else None
        matches.append({
            "a": a, "a_name": entries[a].name if a is not None else None, "b": b,
            "b_name": entries[b].name if b is not None else None,
            "games": [{"white": w, "black": bl, "score_of_a": sc,
                       "double_forfeit": sc is None}
                      for w, bl, sc in (match.games if match else [])],
            "winner": match.winner if match else a,  # a pass: the player goes through
            "decided_by_lot": bool(match and match.lot_winner),
            "both_out": bool(match and match.both_out)})
        if two_game:  # both sides' match and game points of the two-game match
            matches[-1]["match_score"] = engine.knockout.two_game_score(
                [sc for _w, _b, sc in match.games] if match else [])
    out = {"stage": stage.stage, "finished": stage.finished, "matches": matches}
    if stage.label:
        out["place"] = stage.label  # "3", "5-8", "5", "7"
    return out


def team_standings(tournament: Tournament, after_round: int | None = None) -> dict:
    """Team ranking by Điều 30.1.5: game points, then board 1, board 2, … scores (or as
    ``team_ranking`` says, 002 Điều 2.3); when the regulations list PO, last the play-off
    matches' points ("Thi đấu thêm", 002 Phần 2 Điều 2.3; ``playoff`` of each row)."""
    after = completed_rounds(tournament) if after_round is None else after_round
    teams = {t.starting_number: t for t in tournament.teams.filter(
        starting_number__isnull=False) if t.starting_number is not None}
    matches = engine.team_matches(tournament, after)
    bracket = systems.spec_of(tournament.system).team_bracket  # Điều 30.3: ties
    if bracket:
        matches = _ties_as_matches(matches)
    rows = engine.team_standings(matches, sorted(teams),
                                 tournament.boards_per_team or 4,
                                 ranking=tournament.team_ranking,
                                 playoff=None if bracket else engine.team_playoff(tournament))
    extra: dict = {}
    if bracket and tournament.lot_seed is not None:
        rows, extra = _team_knockout_table(tournament, after, rows)
    for row in rows:
        team: TeamEntry = teams[row.pop("team")]
        row.update(team_id=team.pk, name=team.name, starting_number=team.starting_number)
    if any(row["playoff"] is not None for row in rows):  # 002 Điều 2.3 "Thi đấu thêm"
        extra["playoff_matches"] = selectors_playoff.team_playoff_matches(tournament)
    return {"after_round": after, "ranking": tournament.team_ranking, "rows": rows, **extra}


def team_crosstable(tournament: Tournament, after_round: int | None = None) -> dict[int, dict]:
    """Team round robin (30.4): for each team number, the game points it scored against
    each team met (``{opponent: points}``); a team met twice (not in 30.4) adds up."""
    after = completed_rounds(tournament) if after_round is None else after_round
    cross: dict[int, dict] = {}
    for m in engine.team_matches(tournament, after):
        if m["away"] is None:
            continue
        for own, other in ((m["home"], m["away"]), (m["away"], m["home"])):
            row = cross.setdefault(own, {})
            row[other] = row.get(other, 0.0) + sum(p for t, _b, p in m["points"] if t == own)
    return cross


def _team_knockout_table(tournament: Tournament, after: int, rows: list[dict]
                         ) -> tuple[list[dict], dict]:
    """Điều 30.3 (as Điều 25): teams rank by the stage they reached — the champion 1st,
    the final's loser 2nd, semi-final losers 3rd, … (rank None: still in) — unless a
    placement match the regulations ask for settles the place (3/4, 5-8; 002 Điều 11);
    the bracket, the placement matches and the tie form (30.2.1 or 30.2.2)."""
    stages, placement, places = engine.team_knockout(tournament, after)
    for row in rows:
        row["rank"] = places.get(row["team"])
    rows.sort(key=lambda r: (r["rank"] or 0, -r["game_points"], r["team"]))

    def ties(group) -> list[dict]:
        return [{"a": tie.a, "b": tie.b, "points": list(tie.points) if tie.points else None,
                 "winner": tie.winner, "decided_by_lot": tie.by_lot} for tie in group]

    return rows, {"match_form": tournament.team_match_form,
                  "bracket": [ties(stage) for stage in stages],
                  "placement_matches": [{"place": group.label, "stage": group.stage,
                                         "ties": ties(group.ties)} for group in placement]}


def _ties_as_matches(matches: list[dict]) -> list[dict]:
    """A team-knockout tie in the English form is one match over several rounds (30.2.2):
    its rounds count as one match (match points once, 30.1.5)."""
    merged: dict[tuple, dict] = {}
    for m in matches:
        key = (m["home"],) if m["away"] is None else tuple(sorted((m["home"], m["away"])))
        if key in merged:
            merged[key]["points"] = merged[key]["points"] + list(m["points"])
        else:
            merged[key] = {**m, "points": list(m["points"])}
    return list(merged.values())


def overall_standings(final: Tournament) -> dict:
    """Điều 17.3 "đấu hỗn hợp": the overall result — the final's ranking first, then every
    player who did not qualify, by his place in his group, then his points (equal on both:
    a shared rank); each qualifying group's own standings are its event's."""
    rows = [{"rank": r["rank"], "stage": "final", "group": final.name,
             "group_rank": None, "name": r["name"], "points": r["points"]}
            for r in standings(final)["rows"]]
    finalists = set(final.entries.exclude(member__isnull=True).values_list("member_id",
                                                                          flat=True))
    others = []
    for group in final.qualifying_groups.order_by("pk"):
        members = dict(group.entries.values_list("pk", "member_id"))
        for r in standings(group)["rows"]:
            if members.get(r["entry"]) in finalists:
                continue
            others.append({"stage": "qualifying", "group": group.name, "group_rank": r["rank"],
                           "name": r["name"], "points": r["points"]})
    others.sort(key=lambda r: (r["group_rank"], -r["points"], r["name"]))
    ranks = competition_ranks((r["group_rank"], -r["points"]) for r in others)
    for row, rank in zip(others, ranks, strict=True):
        row["rank"] = len(rows) + rank
    return {"final": final.pk, "groups": [{"id": g.pk, "name": g.name,
                                           "qualifiers": g.qualifiers}
                                          for g in final.qualifying_groups.order_by("pk")],
            "rows": rows + others}


def board_min_games(tournament: Tournament) -> int:
    """002 Điều 2.3: the regulations' minimum, or half of the games (rounded up)."""
    if tournament.board_min_games:
        return tournament.board_min_games
    return max(1, -(-(tournament.number_of_rounds or 0) // 2))


def _team_name(entry: Entry) -> str | None:
    return entry.team.name if entry.team is not None else None


def board_standings(tournament: Tournament, after_round: int | None = None) -> dict:
    """Per-board individual ranking of a team event (30.1.2-30.1.3): players of one board
    order form one pool; ranked by share of points, then points, with at least the
    minimum of games of 002 Điều 2.3 (the others listed unranked)."""
    after = completed_rounds(tournament) if after_round is None else after_round
    minimum = board_min_games(tournament)
    entries = _entries_by_number(tournament)
    boards = []
    for board, rows in engine.board_rankings(tournament, after, minimum).items():
        boards.append({"board": board, "rows": [
            {"rank": r.rank, "starting_number": r.player, "name": entries[r.player].name,
             "team": _team_name(entries[r.player]),
             "points": r.points, "games": r.games,
             "percentage": round(100 * r.points / r.games, 1)} for r in rows]})
    return {"after_round": after, "min_games": minimum, "boards": boards}
