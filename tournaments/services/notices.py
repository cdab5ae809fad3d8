"""What an event tells the clubs entered in it by email (issue 32, through
``core.notifications``): a round's pairings published, the results certified. Each runs in
the transaction that writes the round or the certification."""

from __future__ import annotations

from collections import defaultdict

from core import notifications
from core.notifications import Kind
from federation.models import Club, ClubMembership
from federation.services.notices import club_recipients, link
from tournaments.models import Entry, Pairing, Round, Tournament


def entered_clubs(t: Tournament) -> dict[Club, list[Entry]]:
    """The clubs entered in ``t`` and their entries: a player's club is his open club stint
    (his team's club in a team event)."""
    entries = list(t.entries.select_related("team").order_by("starting_number", "name"))
    stints = dict(ClubMembership.objects
                  .filter(member_id__in=[e.member_id for e in entries if e.member_id],
                          ended_on__isnull=True)
                  .values_list("member_id", "club"))

    def club_of(e: Entry) -> int | None:
        if e.team is not None and e.team.club_id:
            return e.team.club_id
        return stints.get(e.member_id) if e.member_id else None

    ids = {club_id for e in entries if (club_id := club_of(e)) is not None}
    clubs = {c.pk: c for c in Club.objects.filter(pk__in=ids)}
    players: dict[Club, list[Entry]] = defaultdict(list)
    for e in entries:
        club_id = club_of(e)
        if club_id in clubs:
            players[clubs[club_id]].append(e)
    return players


def _board(p: Pairing) -> str:
    white = p.white.name if p.white else "—"
    black = p.black.name if p.black else "—"
    return f"{p.board}. {white} – {black}"


def pairings_published(rnd: Round) -> None:
    """The boards of each club's players in the round just paired."""
    t = rnd.tournament
    by_club = entered_clubs(t)
    if not by_club:
        return
    boards = list(rnd.pairings.select_related("white", "black").order_by("board"))
    for club, entries in by_club.items():
        mine = {e.pk for e in entries}
        lines = [_board(p) for p in boards if p.white_id in mine or p.black_id in mine]
        notifications.notify(
            Kind.PAIRINGS_PUBLISHED, club_recipients(club),
            {"tournament": t.name, "round": rnd.number, "club": club.name, "players": lines,
             "link": link("site:event", t.pk)},
            key=f"pairings:{rnd.pk}:{club.pk}")


def results_certified(t: Tournament) -> None:
    for club, players in entered_clubs(t).items():
        notifications.notify(
            Kind.RESULTS_CERTIFIED, club_recipients(club),
            {"tournament": t.name, "club": club.name, "players": [e.name for e in players],
             "certified_on": t.certified_at, "link": link("site:event", t.pk)},
            key=f"certified:{t.pk}:{t.certified_at.isoformat() if t.certified_at else ''}:{club.pk}")

