"""Ratings factories: certified, rated tournaments written directly with the tournaments models
(fast, and independent of the pairing engine) — an individual round robin or a team one —
and the seeded rating lists."""

from __future__ import annotations

import itertools
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from ratings.models import RatingList
from tests.factories.federation import make_member, make_person
from tournaments.models import Entry, Pairing, Round, TeamEntry, TeamMatch, Tournament

TZ = ZoneInfo("Asia/Ho_Chi_Minh")
_names = itertools.count(1)


def at(day: date) -> datetime:
    return datetime.combine(day, time(10, 0), tzinfo=TZ)


def member(name: str | None = None, *, gender: str = "M", born: date = date(1990, 1, 1)):
    return make_member(make_person(full_name=name or f"Đấu thủ {next(_names)}", gender=gender,
                                   date_of_birth=born))


def xiangqi_standard() -> RatingList:
    return RatingList.objects.get(discipline="xiangqi", time_control_class="standard")


def certified_tournament(rounds: list[list[tuple]], *, certified_on: date,
                         start: date | None = None, end: date | None = None,
                         members: list | None = None, **fields) -> Tournament:
    """A certified tournament whose ``rounds`` are lists of (white member, black member, result)
    (a member may be None for a player without a member record)."""
    end = end or certified_on
    start = start or end
    defaults = {"name": f"Giải {next(_names)}", "discipline": "xiangqi",
                "time_control_class": "standard", "system": "round_robin",
                "category": Tournament.Category.OPEN, "start_date": start, "end_date": end,
                "status": Tournament.Status.CERTIFIED, "certified_at": at(certified_on),
                "rated": True}
    tournament = Tournament.objects.create(**(defaults | fields))
    players = list(members or [])
    for games in rounds:
        for white, black, _result in games:
            for m in (white, black):
                if m not in players:
                    players.append(m)
    entries = {}
    for number, m in enumerate(players, start=1):
        name = m.person.full_name if m is not None else f"Khách {number}"
        entries[id(m) if m is None else m.pk] = Entry.objects.create(
            tournament=tournament, member=m, name=name, starting_number=number,
            gender=m.person.gender if m is not None else "")
    for number, games in enumerate(rounds, start=1):
        rnd = Round.objects.create(tournament=tournament, number=number, system="round_robin",
                                   engine_version="test", status=Round.Status.COMPLETE)
        for board, (white, black, result) in enumerate(games, start=1):
            Pairing.objects.create(round=rnd, board=board, white=_entry(entries, white),
                                   black=_entry(entries, black), result=result)
    return tournament


def _entry(entries, m):
    return entries[id(m) if m is None else m.pk]


def round_robin(players: list, result_of) -> list[list[tuple]]:
    """Circle-method rounds; ``result_of(i, j)`` is the result of players[i] (White) against
    players[j]."""
    n = len(players)
    order = list(range(n)) + ([None] if n % 2 else [])
    size = len(order)
    rounds = []
    for _r in range(size - 1):
        games = []
        for k in range(size // 2):
            a, b = order[k], order[size - 1 - k]
            if a is not None and b is not None:
                games.append((players[a], players[b], result_of(a, b)))
        rounds.append(games)
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def strict_order(i: int, j: int) -> str:
    """The better-numbered player always wins: final ranks follow the list order."""
    return "1-0" if i < j else "0-1"


def team_championship(teams: list[list], board_results, *, certified_on: date, **fields
                      ) -> Tournament:
    """A team round robin: ``teams`` are rosters (board order); ``board_results(t1, t2, board)``
    gives the result of team t1's player (White) against team t2's on that board."""
    defaults = {"name": f"Đồng đội {next(_names)}", "discipline": "xiangqi",
                "time_control_class": "standard", "system": "team_round_robin",
                "category": Tournament.Category.NATIONAL_TEAM, "start_date": certified_on,
                "end_date": certified_on, "status": Tournament.Status.CERTIFIED,
                "certified_at": at(certified_on), "rated": True,
                "boards_per_team": len(teams[0])}
    tournament = Tournament.objects.create(**(defaults | fields))
    team_rows, entries, number = [], {}, 0
    for t, roster in enumerate(teams, start=1):
        team = TeamEntry.objects.create(tournament=tournament, name=f"Đội {t}", starting_number=t)
        team_rows.append(team)
        for board, m in enumerate(roster, start=1):
            number += 1
            entries[m.pk] = Entry.objects.create(
                tournament=tournament, member=m, name=m.person.full_name, team=team,
                board_order=board, starting_number=number, gender=m.person.gender)
    for r, games in enumerate(round_robin(list(range(len(teams))), lambda i, j: (i, j)), 1):
        rnd = Round.objects.create(tournament=tournament, number=r, system="team_round_robin",
                                   engine_version="test", status=Round.Status.COMPLETE)
        board_no = 0
        for table, (t1, t2, _pair) in enumerate(games, start=1):
            match = TeamMatch.objects.create(round=rnd, table=table, home=team_rows[t1],
                                             away=team_rows[t2])
            for board in range(len(teams[t1])):
                board_no += 1
                Pairing.objects.create(
                    round=rnd, board=board_no, team_match=match, match_board=board + 1,
                    white=entries[teams[t1][board].pk], black=entries[teams[t2][board].pk],
                    result=board_results(t1, t2, board))
    return tournament
