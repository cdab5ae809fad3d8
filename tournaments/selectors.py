"""Reads of the tournaments app: permissions, standings, crosstable, tracking cards, CSV.

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

from datetime import date, datetime
from typing import Any

from django.db.models import Case, Q, QuerySet, When
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chessrules import timecontrol
from chessrules.rating import Performance, performance_rating
from chessrules.values import PLAYED, Discipline, MatchScoring, Result, competition_ranks
from core.csvtext import csv_text, points_text
from core.csvtext import points as points_value
from federation.models import Body, Club, Person
from federation.permissions import can_manage_club
from federation.selectors import can_enter_tournaments, officer_body_ids, shown_clubs
from tournaments import engine, systems
from tournaments.models import (
    BoardAssignment,
    Entry,
    Official,
    Pairing,
    RegulationAmendment,
    Round,
    ScheduledRound,
    Suspension,
    TeamEntry,
    Tournament,
)

# --- amendments of published regulations (Phụ lục 5) -------------------------------------

def amendment_lines(amendment: RegulationAmendment) -> list[dict[str, str]]:
    """Each change of an amendment in words: the item's name, before and after (labels
    of choices, dates dd/mm/yyyy, the time control and tie-breaks by name)."""
    return [{"field": name, "label": regulation_label(name),
             "before": value_words(name, before), "after": value_words(name, after)}
            for name, (before, after) in sorted(amendment.changes.items())]


def regulation_label(name: str) -> str:
    """The name of a regulation field, as the forms show it."""
    field: Any = Tournament._meta.get_field(name)
    return str(field.verbose_name)


def value_words(name: str, value) -> str:
    """A stored regulation value (as an amendment records it) in words."""
    from tournaments.documents import tiebreak_name  # documents imports this module

    field: Any = Tournament._meta.get_field(name)
    if value in (None, "", [], {}):
        return _("(trống)")
    if name == "time_control":
        return time_control_text(value)
    if name == "tiebreaks":
        return ", ".join(tiebreak_name(code) for code in engine.parse_codes(value))
    if field.is_relation:
        row = field.related_model.objects.filter(pk=value).first()
        return str(row) if row is not None else str(value)
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(value, bool):
        return _("có") if value else _("không")
    if isinstance(value, str) and len(value) == 10 and value[4] == "-" and value[7] == "-":
        try:
            return date.fromisoformat(value).strftime("%d/%m/%Y")
        except ValueError:
            return value
    return str(value)


# --- time control (Điều 10) ----------------------------------------------------------------

def time_control_text(data: dict) -> str:
    """The control in words, for the API, the admin and the documents, e.g. "25 nước trong
    60 phút, 10 nước trong 15 phút (×4), rồi cứ 5 phút 10 nước" (Điều 10.1.2)."""
    try:
        control = timecontrol.TimeControl.parse(data)
    except timecontrol.TimeControlError:
        return ""
    parts: list[str] = []
    periods = list(control.periods)
    i = 0
    while i < len(periods):
        period, count = periods[i], 1
        while (i + count < len(periods) and periods[i + count] == period
               and not period.repeat):
            count += 1
        parts.append(_period_text(period, single=len(periods) == 1, times=count))
        i += count
    text = ", ".join(parts)
    if control.increment_seconds:
        text += _(", cộng %(s)s giây mỗi nước từ nước 1") % {"s": control.increment_seconds}
    return text


def _period_text(period: timecontrol.Period, *, single: bool, times: int) -> str:
    values = {"moves": period.moves, "minutes": period.minutes}
    if period.repeat:
        text = (_("cứ %(minutes)s phút %(moves)s nước") if single
                else _("rồi cứ %(minutes)s phút %(moves)s nước")) % values
    elif period.moves is None:
        text = (_("%(minutes)s phút mỗi bên") if single
                else _("%(minutes)s phút cho phần còn lại")) % values
    else:
        text = _("%(moves)s nước trong %(minutes)s phút") % values
    return text + (f" (×{times})" if times > 1 else "")


# --- permissions ---------------------------------------------------------------------------

def _is_user(user) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def _officer_body_ids(user) -> set[int]:
    if not _is_user(user):
        return set()
    return officer_body_ids(user)


def can_organise(user, *, body: Body | None = None, club: Club | None = None) -> bool:
    """May the user create/manage tournaments organised by ``body`` or ``club``?"""
    if not _is_user(user):
        return False
    if user.is_staff:
        return True
    bodies = _officer_body_ids(user)
    if body is not None and body.pk in bodies:
        return True
    if club is not None:
        return club.body_id in bodies or club.managers.filter(pk=user.pk).exists()
    return False


def can_manage(user, tournament: Tournament) -> bool:
    return can_organise(user, body=tournament.organiser_body, club=tournament.organiser_club)


def is_assigned_arbiter(user, tournament: Tournament) -> bool:
    if not _is_user(user):
        return False
    return Official.objects.filter(tournament=tournament, person__user=user,
                                   role__in=Official.ARBITER_ROLES).exists()


def has_role(user, tournament: Tournament, *roles: str) -> bool:
    """Does the user hold one of ``roles`` on the event (``Official.Role``)?"""
    return _is_user(user) and Official.objects.filter(
        tournament=tournament, person__user=user, role__in=roles).exists()


def can_direct(user, tournament: Tournament) -> bool:
    """The chief arbiter's powers (Điều 20.3: assign arbiters to boards, suspend the event):
    staff, the chief arbiter, or a deputy (who stands in for him, Điều 20.3 phó tổng trọng
    tài)."""
    return _is_user(user) and (user.is_staff or has_role(
        user, tournament, Official.Role.CHIEF, Official.Role.DEPUTY))


def can_arbitrate(user, tournament: Tournament) -> bool:
    """Pairing, result entry, withdrawals: staff or an arbiter assigned to this tournament."""
    return _is_user(user) and (user.is_staff or is_assigned_arbiter(user, tournament))


def can_enter_for_club(user, member) -> bool:
    """May the user enter ``member`` in an event (or withdraw him before the deadline) on
    behalf of his club? The managers of the member's current club, the officers over that
    club and staff (``federation.permissions.can_manage_club``). The event's own checks
    (open for registration, deadline, quota, eligibility) apply on top."""

    if not _is_user(user) or member is None:
        return False
    stint = (member.club_memberships.filter(ended_on__isnull=True).select_related("club")
             .first())
    return stint is not None and can_manage_club(user, stint.club)


def visible_tournaments(user) -> QuerySet[Tournament]:
    """Anyone sees published tournaments; drafts only their organisers and arbiters."""
    tournaments = Tournament.objects.select_related("organiser_body", "organiser_club")
    if _is_user(user) and user.is_staff:
        return tournaments
    public = ~Q(status=Tournament.Status.DRAFT)
    if not _is_user(user):
        return tournaments.filter(public)
    bodies = _officer_body_ids(user)
    mine = (Q(organiser_body_id__in=bodies) | Q(organiser_club__body_id__in=bodies)
            | Q(organiser_club__managers=user) | Q(officials__person__user=user)
            | Q(created_by=user))
    return tournaments.filter(public | mine).distinct()


def can_enter(person: Person, on_date: date) -> tuple[bool, str]:
    """Active member and not suspended (``federation.selectors.can_enter_tournaments``)."""
    return can_enter_tournaments(person, on_date)


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


def _table(tournament: Tournament, after_round: int | None, cross: bool) -> dict:
    """Standings (with the crosstable cells when ``cross``) from one snapshot of the
    event: a few queries for the data; the rows are memoised by the snapshot's value, so
    an unchanged event (a result entered in a later round) is not computed again."""
    after = completed_rounds(tournament) if after_round is None else after_round
    codes = engine.tiebreak_codes(tournament)
    snapshot = engine.snapshot_of(tournament, after, teams=False)
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


def with_people(tournament: Tournament, table: dict) -> dict:
    """``table``'s rows with ``person`` and ``club`` (:func:`entry_people`), in place."""
    people = entry_people(tournament)
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


def standings(tournament: Tournament, after_round: int | None = None) -> dict:
    """Ranking after a round (default: the last complete one) with tie-breaks in order."""
    return _table(tournament, after_round, cross=False)


def crosstable(tournament: Tournament, after_round: int | None = None) -> dict:
    """The standings with each player's rounds: opponent, colour, mark."""
    return _table(tournament, after_round, cross=True)


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
    """Team ranking by Điều 30.1.5: game points, then board 1, board 2, … scores."""
    after = completed_rounds(tournament) if after_round is None else after_round
    teams = {t.starting_number: t for t in tournament.teams.filter(
        starting_number__isnull=False) if t.starting_number is not None}
    matches = engine.team_matches(tournament, after)
    bracket = systems.spec_of(tournament.system).team_bracket  # Điều 30.3: ties
    if bracket:
        matches = _ties_as_matches(matches)
    rows = engine.team_standings(matches, sorted(teams),
                                 tournament.boards_per_team or 4,
                                 ranking=tournament.team_ranking)
    extra: dict = {}
    if bracket and tournament.lot_seed is not None:
        rows, extra = _team_knockout_table(tournament, after, rows)
    for row in rows:
        team: TeamEntry = teams[row.pop("team")]
        row.update(team_id=team.pk, name=team.name, starting_number=team.starting_number)
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


# --- CSV ----------------------------------------------------------------------------------------

#: the msgctxt of a colour's abbreviation in a crosstable cell (``T`` -> ``W``)
COLOUR_ABBREVIATION = "viết tắt màu quân"

Table = tuple[list[str], list[list[object]]]


def standings_table(tournament: Tournament, after_round: int | None = None) -> Table:
    """The standings as the staff print them (header in the reader's language, rows); two-
    game matches (Điều 21.2) add match and game points; the team and the withdrawn flag
    (Điều 21.5) as the page shows them. Written as CSV and as .xlsx."""
    table = standings(tournament, after_round)
    matches = tournament.match_scoring == MatchScoring.TWO_GAME_MATCH
    header = [_("Hạng"), _("Số xếp"), _("Họ tên"), _("Danh hiệu"), _("Elo"), _("Điểm"),
              *([_("Điểm trận"), _("Điểm ván")] if matches else []),
              *table["tiebreaks"], _("Đội"), _("Bỏ cuộc")]
    return header, [
        [row["rank"], row["starting_number"], row["name"], row["title"], row["rating"],
         points_value(row["points"]),
         *([points_value(row["match_points"]), points_value(row["game_points"])] if matches else []),
         *[row["tiebreaks"].get(c) for c in table["tiebreaks"]],
         row.get("team") or "", _("có") if row.get("withdrawn") else ""]
        for row in table["rows"]]


def standings_csv(tournament: Tournament, after_round: int | None = None) -> str:
    """The standings as CSV for people (``core.csvtext``: BOM, headers in the reader's
    language)."""
    return csv_text(*standings_table(tournament, after_round))


def crosstable_table(tournament: Tournament, after_round: int | None = None) -> Table:
    """The crosstable as printed: rank, number, name, one column per round (opponent's
    number, colour abbreviation, mark: ``3T1``; xiangqi ``3Đỏ1``), points, tie-breaks."""
    table = crosstable(tournament, after_round)
    discipline = Discipline(tournament.discipline)
    colours = {side: pgettext(COLOUR_ABBREVIATION, discipline.colour_abbreviation(side))
               for side in ("w", "b")}
    rounds = max((len(row["rounds"]) for row in table["rows"]), default=0)
    header = [_("Hạng"), _("Số xếp"), _("Họ tên"), _("Elo"),
              *[_("V%(n)s") % {"n": n} for n in range(1, rounds + 1)], _("Điểm"),
              *table["tiebreaks"]]
    return header, [
        [row["rank"], row["starting_number"], row["name"], row["rating"],
         *[f'{cell["opponent"] or ""}{colours.get(cell["color"], "") if cell["color"] else ""}'
           f'{cell["mark"] or ""}' for cell in row["rounds"]],
         *[""] * (rounds - len(row["rounds"])), points_value(row["points"]),
         *[row["tiebreaks"].get(c) for c in table["tiebreaks"]]]
        for row in table["rows"]]


def pairings_csv(round_: Round) -> str:
    """The round's boards as CSV for people; a bye's points written like a score
    (``0.0``/``0.5``/``1.0``)."""
    header = [_("Ván"), _("Bàn"), _("Số xếp Trắng"), _("Trắng"), _("Số xếp Đen"), _("Đen"),
              _("Kết quả")]
    return csv_text(header, (
        [round_.number, p.board, p.white.starting_number if p.white else "",
         p.white.name if p.white else "",
         p.black.starting_number if p.black else "",
         p.black.name if p.black else p.get_kind_display(),
         p.result if p.kind == "game" else points_text(p.bye_points or 0)]
        for p in pairings_of(round_)))


def trf_text(tournament: Tournament) -> str:
    """The tournament as a TRF16 file with the TRF-2026 XXR/XXC lines; birth years only."""
    entries = []
    for e in tournament.entries.filter(starting_number__isnull=False).select_related(
            "member__person").order_by("starting_number"):
        if e.starting_number is None:  # filtered above: the type cannot say so
            continue
        # minimisation (Nghị định 13/2023/NĐ-CP Điều 3): the year of birth only (TRF16 allows
        # ``YYYY``); no pairing system, tie-break or the rating's K (Phụ lục 6) needs more,
        # and age groups are checked at registration (docs/decisions-security.md)
        person = e.member.person if e.member else None
        year = e.birth_year or (person.date_of_birth.year
                                if person is not None and person.date_of_birth else None)
        birth = str(year or "")
        sex = {"M": "m", "F": "w"}.get(e.gender, "")
        entries.append(engine.TrfEntry(e.starting_number, e.name, sex, e.title,
                                       e.rating, e.federation_code, e.fide_id, birth))
    return engine.export_trf(tournament, entries, tournament.rounds.count())


# --- schedule, officials, suspensions (Phụ lục 5 mục 6; Điều 19-20) -------------------------

def round_schedule(tournament: Tournament) -> QuerySet[ScheduledRound]:
    """The event's schedule, round by round (Phụ lục 5 mục 6)."""
    return ScheduledRound.objects.filter(tournament=tournament).order_by("number")


def scheduled_start(tournament: Tournament | int, number: int) -> datetime | None:
    """When round ``number`` starts by the schedule (Điều 10.2.1a: the clocks run from it),
    in the server's time zone; None when the schedule does not name the round."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    line = ScheduledRound.objects.filter(tournament_id=tournament_id, number=number).first()
    if line is None:
        return None
    return timezone.make_aware(datetime.combine(line.day, line.start_time))


def officials_in_order(tournament: Tournament) -> QuerySet[Official]:
    """The event's people by role: head of the organising committee, chief arbiter, deputies,
    secretary, arbiters (Điều 19, 20.1)."""
    order = Case(*(When(role=role, then=i) for i, role in enumerate(ROLE_ORDER)), default=99)
    return (Official.objects.filter(tournament=tournament).select_related("person")
            .order_by(order, "id"))


#: the order officials are listed in (pages, PDFs)
ROLE_ORDER = (Official.Role.ORGANISER_HEAD, Official.Role.CHIEF, Official.Role.DEPUTY,
              Official.Role.SECRETARY, Official.Role.ARBITER)

#: 002 Phần 2 Điều 6.1: boards one arbiter should look after at most — international and
#: national events 4, local events and other competitions 6
BOARDS_PER_ARBITER_NATIONAL = 4
BOARDS_PER_ARBITER_LOCAL = 6
#: 002 Phần 2 Điều 6.3: the fewest arbiters of an official competition
MIN_ARBITERS = 2
NATIONAL_CATEGORIES = frozenset({
    Tournament.Category.NATIONAL_INDIVIDUAL, Tournament.Category.NATIONAL_TEAM,
    Tournament.Category.NATIONAL_YOUTH, Tournament.Category.NATIONAL_FIRST_DIVISION,
    Tournament.Category.INTERNATIONAL})


def boards_per_arbiter(tournament: Tournament) -> int:
    """002 Phần 2 Điều 6.1: 4 boards an arbiter in international and national events, 6 in
    local events and other competitions."""
    return (BOARDS_PER_ARBITER_NATIONAL if tournament.category in NATIONAL_CATEGORIES
            else BOARDS_PER_ARBITER_LOCAL)


def arbiter_guidance(tournament: Tournament, boards: int | None = None) -> list[str]:
    """The warnings of 002 Phần 2 Điều 6 ("số lượng trọng tài ... nên cố gắng bố trí"): at
    least 2 arbiters (6.3) and one arbiter to at most 4 (national) or 6 (local) boards
    (6.1). ``boards``: the boards of a round (default: half the entries, rounded up)."""
    arbiters = Official.objects.filter(tournament=tournament,
                                       role__in=Official.ARBITER_ROLES).count()
    warnings = []
    if arbiters < MIN_ARBITERS:
        warnings.append(_("Giải có %(n)s trọng tài; một cuộc thi đấu chính thức cần tối thiểu "
                          "%(min)s trọng tài (Điều lệ cờ vua Phần 2, Điều 6.3).")
                        % {"n": arbiters, "min": MIN_ARBITERS})
    if boards is None:
        boards = -(-tournament.entries.count() // 2)
    per = boards_per_arbiter(tournament)
    board_arbiters = Official.objects.filter(tournament=tournament,
                                             role__in=Official.BOARD_ROLES).count()
    needed = -(-boards // per) if boards else 0
    if board_arbiters < needed:
        warnings.append(_("%(boards)s bàn cần ít nhất %(needed)s trọng tài bàn (mỗi trọng tài "
                          "không quá %(per)s bàn, Điều lệ cờ vua Phần 2, Điều 6.1); giải có "
                          "%(have)s.")
                        % {"boards": boards, "needed": needed, "per": per,
                           "have": board_arbiters})
    return warnings


def board_assignments(round_: Round) -> QuerySet[BoardAssignment]:
    return (BoardAssignment.objects.filter(round=round_).select_related("official__person")
            .order_by("first_board"))


def open_suspension(tournament: Tournament) -> Suspension | None:
    """The suspension in force (Điều 20.3d), if any."""
    return Suspension.objects.filter(tournament=tournament, resumed_at__isnull=True).first()


def suspensions(tournament: Tournament) -> QuerySet[Suspension]:
    return Suspension.objects.filter(tournament=tournament).order_by("suspended_at", "id")
