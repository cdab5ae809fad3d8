"""Reads of the Asian time control's final phase (seed 000 Điều 10.1.2): whether a game's
event plays the Asian control, the first move the phase can begin at, the checks each side
gave in it and the ones beyond four. Writes: :mod:`games.services.phase`."""

from __future__ import annotations

from typing import Any

from chessrules import timecontrol
from chessrules.values import Discipline
from games import engine, selectors
from games.models import GameRecord, ValidationStatus
from tournaments.models import Tournament

ASIAN_PRESET = Tournament.TimeControlPreset.ASIAN.value
#: the record's moves are those of its current inputs (legal: they can be replayed)
VALIDATED = (ValidationStatus.VALID, ValidationStatus.WARNINGS)


def is_asian_control(tournament: Tournament | None) -> bool:
    """The event plays the Asian control (Điều 10.1.2): its preset, or its periods equal to
    the preset's (a control entered by hand)."""
    if tournament is None:
        return False
    return (tournament.time_control_preset == ASIAN_PRESET
            or tournament.time_control == timecontrol.PRESETS[ASIAN_PRESET])


def first_phase_move(tournament: Tournament) -> int:
    """The earliest move number of the final phase: one after the moves the earlier periods
    require (Điều 10.1.2: 25 + 4 × 10 = 65 moves in 120 minutes, so move 66)."""
    periods = (tournament.time_control or timecontrol.PRESETS[ASIAN_PRESET])["periods"]
    return sum(p.get("moves") or 0 for p in periods[:-1]) + 1


def phase_checks(game: GameRecord) -> dict[str, Any] | None:
    """The checks of each side in the recorded phase and those beyond four, or None (no
    phase recorded, a chess game, or the record not validated as it now is)."""
    moves = list(game.moves_normalised or [])
    if (not game.final_phase_ply or game.discipline != Discipline.XIANGQI
            or game.validation_status not in VALIDATED or game.final_phase_ply > len(moves)):
        return None
    return engine.final_phase_checks(game.start_fen, moves, game.final_phase_ply)


def in_phase(game: GameRecord, ply: int | None) -> bool:
    """Half-move ``ply`` lies in the recorded final phase (the arbiter's representative
    keeps the score sheet then, Điều 10.1.2)."""
    return bool(game.final_phase_ply and ply and ply >= game.final_phase_ply)


def excess_check_rule(game: GameRecord) -> str:
    """What a check beyond four calls for: the event's setting ``excess_check``
    (docs/decisions-games.md; a technical fault by default)."""
    tournament = selectors.tournament_of(game)
    if tournament is None:
        return Tournament.ExcessCheck.TECHNICAL_FAULT.value
    return tournament.excess_check
