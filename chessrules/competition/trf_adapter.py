"""Adapter from ``chessrules.trf.TrfTournament`` to the plain competition model.

TRF16 result codes -> entries:
  ``1 0 =`` and ``W D L`` with an opponent: a played game;
  ``+ -`` with an opponent: a forfeit won / lost; ``+`` without one: a full-point bye,
  ``-`` without one: an absence;
  ``U``: pairing-allocated bye (points: see ``pab_points``);
  ``H`` half-point bye, ``F`` full-point bye, ``Z`` zero-point bye; blank: absence.

Public API
----------
``competitors_from_trf(tournament) -> dict[int, Competitor]``,
``guess_system(tournament) -> "swiss" | "roundrobin"``,
``pab_points(tournament) -> float``,
``standings_from_trf(tournament, tiebreaks, system=None, **options) -> list[Standing]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from chessrules.competition.model import (
    ABSENT,
    BYE,
    FORFEIT,
    GAME,
    LOSS,
    PAB,
    WIN,
    Competitor,
    Entry,
)
from chessrules.competition.tiebreaks import ROUND_ROBIN, SWISS, Standing, compute_standings
from chessrules.values import BYE_POINTS, GAME_CODE_POINTS

if TYPE_CHECKING:
    from chessrules.trf import TrfGame, TrfTournament

_GAME_POINTS = GAME_CODE_POINTS
_BYE_POINTS = BYE_POINTS


def pab_points(tournament: TrfTournament) -> float:
    """Points of a pairing-allocated bye (``U``): read back from a player's reported
    total when the file shows it (FIDE's tie-break program does the same), else 1."""
    for player in tournament.players.values():
        byes = [g for g in player.games if g.result == "U"]
        if len(byes) != 1 or player.points is None:
            continue
        others = 0.0
        for g in player.games:
            if g.result in _GAME_POINTS and g.opponent is not None:
                others += _GAME_POINTS[g.result]
            elif g.result == "+":
                others += WIN
            elif g.result in _BYE_POINTS:
                others += _BYE_POINTS[g.result]
        value = player.points - others
        if value in (0.0, 0.5, 1.0):
            return value
    return WIN


def _entry(game: TrfGame, pab: float) -> Entry:
    code = game.result
    opponent = game.opponent
    color = game.color if game.color in ("w", "b") else None
    if code in _GAME_POINTS and opponent is not None:
        return Entry(GAME, _GAME_POINTS[code], opponent, color or "w")
    if code in "+-" and opponent is not None:
        return Entry(FORFEIT, WIN if code == "+" else LOSS, opponent, color)
    if code == "+":
        return Entry(BYE, WIN)
    if code == "U":
        return Entry(PAB, pab)
    if code in _BYE_POINTS:
        return Entry(BYE, _BYE_POINTS[code])
    return Entry(ABSENT)


def competitors_from_trf(tournament: TrfTournament) -> dict[int, Competitor]:
    """Players of a parsed TRF file as ``Competitor`` objects (rating 0 -> unrated)."""
    pab = pab_points(tournament)
    rounds = tournament.rounds
    competitors = {}
    for pid, player in tournament.players.items():
        entries = {g.round: _entry(g, pab) for g in player.games if g.round <= rounds}
        competitors[pid] = Competitor(
            id=pid,
            name=player.name,
            title=player.title,
            rating=player.rating or None,
            entries=entries,
            withdrawn_after=_withdrawn_after(entries, rounds),
        )
    return competitors


def _withdrawn_after(entries: dict[int, Entry], rounds: int) -> int | None:
    """A player whose last rounds (up to the end) are all absences withdrew after the
    last round he had something else (Điều 21.5.2: results kept, not paired again)."""
    last = max((r for r, e in entries.items() if e.kind != ABSENT), default=0)
    if 0 < last < rounds:
        return last
    return None


def guess_system(tournament: TrfTournament) -> str:
    """Round robin when the file says so (``092``/``192``) or when the number of rounds
    fits one (n-1 or n rounds for n players, or their double), else Swiss."""
    kind = " ".join(tournament.fields.get("092", []) + tournament.fields.get("192", []))
    kind = kind.upper()
    if "SWISS" in kind:
        return SWISS
    if "RR" in kind or "ROBIN" in kind or "BERGER" in kind:
        return ROUND_ROBIN
    n, rounds = len(tournament.players), tournament.rounds
    if rounds in (n - 1, n) or n * 2 in (rounds + 1, rounds):
        return ROUND_ROBIN
    return SWISS


def standings_from_trf(
    tournament: TrfTournament, tiebreaks: Iterable[str], system: str | None = None,
    **options: Any,
) -> list[Standing]:
    """``compute_standings`` on a parsed TRF file (``system`` guessed when None)."""
    return compute_standings(
        competitors_from_trf(tournament),
        tournament.rounds,
        tiebreaks,
        system or guess_system(tournament),
        **options,
    )
