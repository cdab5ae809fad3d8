"""Starting numbers (Điều 28): drawn by lot, in the adjusted order of Điều 28.1 (national
ratings and categories), by groups (002 Điều 10) or by rating (C.04.2), as the system's spec
says."""

from __future__ import annotations

from chessrules.competition.match import GROUPS
from core.hooks import provider
from tournaments import engine
from tournaments.models import Entry, TeamEntry, Tournament
from tournaments.services._common import spec_of


def _draw_numbers(t: Tournament) -> None:
    if t.is_team_event:
        teams = list(t.teams.all())
        order = engine.lot_order([team.pk for team in teams], _lot_seed(t))
        places = (t.boards_per_team or 0) + (t.reserves_per_team or 0)
        TeamEntry.objects.filter(tournament=t).update(starting_number=None)
        Entry.objects.filter(tournament=t).update(starting_number=None)
        for number, pk in enumerate(order, 1):
            TeamEntry.objects.filter(pk=pk).update(starting_number=number)
            for entry in Entry.objects.filter(team_id=pk):
                if entry.board_order is None:  # a team's player has his board (the roster)
                    raise ValueError(f"entry {entry.pk}: a team's player without a board")
                entry.starting_number = (number - 1) * places + entry.board_order
                entry.save(update_fields=["starting_number"])
        return
    _number_entries(t)


def _lot_seed(t: Tournament) -> int:
    """The lot drawn when entries closed (Điều 28): starting numbers follow from it."""
    if t.lot_seed is None:
        raise ValueError(f"tournament {t.pk}: starting numbers before the drawing of lots")
    return t.lot_seed


def _number_entries(t: Tournament) -> None:
    entries = list(t.entries.select_related("member"))
    order_by = spec_of(t).starting_order
    if order_by == "adjusted":  # Điều 28.1; 28.7: renumbered on a late entry
        national = _national_ratings(t, entries)
        category = _national_categories(t, entries)
        order = engine.adjusted_order(
            [(e.pk, e.rating, e.title, national.get(e.pk, 0), category.get(e.pk, 0))
             for e in entries],
            t.lot_seed or 0)
    elif order_by == "groups":  # 002 Điều 10: A1..An, then B1..Bn
        order = [pk for g in GROUPS for pk in engine.lot_order(
            [e.pk for e in entries if e.group == g], _lot_seed(t))]
    elif order_by == "rating":  # C.04.2
        order = engine.rating_order([(e.pk, e.rating, e.title, e.name) for e in entries])
    else:
        order = engine.lot_order([e.pk for e in entries], _lot_seed(t))
    Entry.objects.filter(tournament=t).update(starting_number=None)
    for number, pk in enumerate(order, 1):
        Entry.objects.filter(pk=pk).update(starting_number=number)


def _national_ratings(t: Tournament, entries: list[Entry]) -> dict[int, int]:
    """Điều 28.1 "hệ số của quốc gia": each entry's rating on the federation's list (the
    event's discipline and time control) in force at its start; absent: none."""
    by_person = provider("national_ratings")(t)  # the ratings app's (settings.PROVIDERS)
    return {e.pk: by_person.get(e.member.person_id, 0) for e in entries
            if e.member is not None}


def _national_categories(t: Tournament, entries: list[Entry]) -> dict[int, int]:
    """Điều 28.1 "đẳng cấp theo thứ hạng quốc gia": each entry's highest national category
    (Phụ lục 6: kiện tướng 3, kiện tướng dự bị 2, cấp I 1) awarded by the event's start;
    none: 0."""
    people = {e.pk: e.member.person_id for e in entries if e.member is not None}
    ranks = provider("national_categories")(set(people.values()), t.start_date, t.discipline)
    return {pk: ranks.get(person, 0) for pk, person in people.items()}
