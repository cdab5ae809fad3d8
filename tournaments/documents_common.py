"""What every document of an event shares: its header (name, dates, system, chief arbiter,
time control) and the event a target (``tournament:``, ``round:``, ``entry:``, ``pairing:``)
is in, with who may see it (Điều 20: the assigned arbiters; the public for published events,
as ``selectors.visible_tournaments`` says)."""

from __future__ import annotations

from documents.targets import get_object
from tournaments import engine, selectors
from tournaments.models import Entry, Pairing, Round, Tournament


def chief_arbiter(tournament) -> str:
    chief = tournament.officials.filter(role="chief").select_related("person").first()
    return chief.person.full_name if chief else ""


def tournament_head(tournament) -> dict:
    return {
        "id": tournament.pk, "name": tournament.name, "discipline": tournament.discipline,
        "discipline_label": tournament.get_discipline_display(),
        "system": tournament.system, "system_label": tournament.get_system_display(),
        "venue": tournament.venue, "start_date": tournament.start_date,
        "end_date": tournament.end_date, "status": tournament.status,
        "chief_arbiter": chief_arbiter(tournament),
        "time_control": selectors.time_control_text(tournament.time_control),
        "number_of_rounds": max(engine.total_rounds(tournament), tournament.rounds.count()),
    }


def tournament_of(parsed: dict[str, int]):
    """The tournament a ``tournament:``, ``round:``, ``entry:`` or ``pairing:`` target is in."""
    if "tournament" in parsed:
        return get_object(Tournament, parsed["tournament"])
    if "round" in parsed:
        return get_object(Round, parsed["round"]).tournament
    if "entry" in parsed:
        return get_object(Entry, parsed["entry"]).tournament
    return get_object(Pairing, parsed["pairing"]).round.tournament


def sees_tournament(user, parsed: dict[str, int]) -> bool:
    tournament = tournament_of(parsed)
    return selectors.visible_tournaments(user).filter(pk=tournament.pk).exists()


def arbitrates(user, parsed: dict[str, int]) -> bool:
    return selectors.can_arbitrate(user, tournament_of(parsed))
