"""TRF16 export and import (with the TRF-2026 ``XXR`` rounds and ``XXC`` colour lines)."""

from __future__ import annotations

from dataclasses import dataclass

from chessrules.trf import TrfError, TrfGame, TrfPlayer, TrfTournament, parse_trf, write_trf

__all__ = ["TrfEntry", "TrfError", "TrfRead", "read_trf", "trf_text"]


@dataclass
class TrfEntry:
    number: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""  # YYYY/MM/DD or YYYY


@dataclass(frozen=True)
class TrfHead:
    """The event's header lines (012 name, 022 venue, 042/052 dates, 092 system, 122 the
    time control in its PGN form)."""

    name: str
    start: str  # YYYY/MM/DD
    end: str
    system_label: str
    venue: str = ""
    time_control: str = ""


def trf_text(head: TrfHead, entries: list[TrfEntry], rounds: int, initial_colour: str,
             games: dict[int, dict[int, TrfGame]], rows: dict[int, dict]) -> str:
    """TRF16 text: ``games`` by starting number and round, ``rows`` the standings rows."""
    trf = TrfTournament(name=head.name, rounds=rounds, rounds_declared=True,
                        initial_color=initial_colour)
    for e in entries:
        row = rows.get(e.number, {})
        trf.players[e.number] = TrfPlayer(
            id=e.number, name=e.name, sex=e.sex, title=e.title, rating=e.rating,
            fed=e.federation, fide_id=e.fide_id, birth=e.birth, points=row.get("points"),
            rank=row.get("rank"),
            games=[games[e.number][r] for r in sorted(games.get(e.number, {}))])
    lines = [f"012 {head.name}", f"042 {head.start}", f"052 {head.end}",
             f"092 {head.system_label}", f"XXR {trf.rounds}",
             f"XXC {'white1' if trf.initial_color == 'w' else 'black1'}"]
    if head.time_control:
        lines.insert(4, f"122 {head.time_control}")
    if head.venue:
        lines.insert(1, f"022 {head.venue}")
    trf.layout = lines + sorted(trf.players)
    return write_trf(trf)


@dataclass
class TrfRead:
    name: str
    rounds: int
    players: list[TrfEntry]
    games: dict[int, list[TrfGame]]


def read_trf(text: str) -> TrfRead:
    """Parse a TRF file; raises ``TrfError`` naming the line and the reason."""
    trf = parse_trf(text)
    players = [TrfEntry(p.id, p.name, p.sex, p.title, p.rating, p.fed, p.fide_id, p.birth)
               for p in sorted(trf.players.values(), key=lambda p: p.id)]
    games = {p.id: list(p.games) for p in trf.players.values()}
    return TrfRead(trf.name, trf.rounds, players, games)
