"""TRF16 export and import (with the TRF-2026 ``XXR`` rounds and ``XXC`` colour lines)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chessrules.trf import TrfError, TrfGame, TrfPlayer, TrfTournament, parse_trf, write_trf
from chessrules.values import Result, bye_code
from tournaments.engine.snapshot import Snapshot

__all__ = ["TrfEntry", "TrfError", "TrfRead", "read_trf", "trf_text"]


def written_rounds(snapshot: Snapshot, paired: int) -> int:
    """How many leading rounds of the ``paired`` ones a TRF carries: those whose every game
    has its result (a pending or adjourned game stops the count)."""
    open_rounds = {p.round for p in snapshot.pairings
                   if p.kind == "game" and p.black is not None
                   and not (Result.parse(p.result) or Result.PENDING).decided}
    return min(open_rounds, default=paired + 1) - 1


def round_to_pair_markers(snapshot: Snapshot, number: int,
                          games: dict[int, dict[int, TrfGame]]) -> dict[int, float]:
    """Add to ``games`` the entries of round ``number`` (the round to be paired) for the
    players the pairing leaves out (docs/decisions-dutch.md item 9; FIDE TRF16 codes): a
    requested bye by its points (``H`` ½, ``F`` 1, ``Z`` 0), a withdrawn player (Điều
    21.5) or an entry joining in a later round ``-`` without opponent. Later rounds are not
    written: bbpPairings and JaVaFo take the last column holding a pairing as played.

    Returns the requested byes' points by starting number: the player line's points
    include them, since ``bbpPairings -c`` reads every column written as played (its
    ``-p`` takes the points with or without the next round's, chessrules ignores them)."""
    byes: dict[int, float] = {}
    for p in snapshot.entries:
        if p.annulled == "all":
            continue
        if p.withdrawn_after is not None and p.withdrawn_after < number:
            if not snapshot.settings.withdrawn_stay_in_draw:
                games.setdefault(p.number, {})[number] = TrfGame(number, None, "-", "-")
        elif p.joins_in_round > number:
            games.setdefault(p.number, {})[number] = TrfGame(number, None, "-", "-")
        elif number in p.byes:
            games.setdefault(p.number, {})[number] = TrfGame(number, None, "-",
                                                             bye_code(p.byes[number]))
            byes[p.number] = float(p.byes[number])
    return byes


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
    pab_points: float = 1.0  # the pairing-allocated bye's points (the event's bye_score)


def trf_text(head: TrfHead, entries: list[TrfEntry], rounds: int, initial_colour: str,
             games: dict[int, dict[int, TrfGame]], rows: dict[int, dict[str, Any]],
             pending: dict[int, float] | None = None) -> str:
    """TRF16 text: ``games`` by starting number and round, ``rows`` the standings rows,
    ``pending`` the points of the byes requested for the round to be paired (added to the
    rows' points)."""
    pending = pending or {}
    trf = TrfTournament(name=head.name, rounds=rounds, rounds_declared=True,
                        initial_color=initial_colour)
    for e in entries:
        row = rows.get(e.number, {})
        points = row.get("points")
        if e.number in pending:
            points = float(points or 0) + pending[e.number]
        trf.players[e.number] = TrfPlayer(
            id=e.number, name=e.name, sex=e.sex, title=e.title, rating=e.rating,
            fed=e.federation, fide_id=e.fide_id, birth=e.birth, points=points,
            rank=row.get("rank"),
            games=[games[e.number][r] for r in sorted(games.get(e.number, {}))])
    lines = [f"012 {head.name}", f"042 {head.start}", f"052 {head.end}",
             f"092 {head.system_label}", f"XXR {trf.rounds}",
             f"XXC {'white1' if trf.initial_color == 'w' else 'black1'}"]
    if head.time_control:
        lines.insert(4, f"122 {head.time_control}")
    if head.pab_points != 1.0:  # bbpPairings' (and chessrules.dutch's) BBU line: its score
        lines.append(f"BBU {head.pab_points:4.1f}")  # check counts a U bye at this value
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
