"""The competition systems (Chương VI): one ``SystemSpec`` per ``chessrules.values.System``,
each in a module of its own, registered here and nowhere else.

``spec_of(system)`` answers every question the services, the adapter and the TRF import
ask about a system (``base.SystemSpec`` lists them); ``plan(snapshot, number, seed)`` pairs
a round with the system's planner; ``system_named(words)`` reads a TRF 092 line. Adding a
system: docs/architecture.md, "Adding a competition system".
"""

from __future__ import annotations

from collections.abc import Callable

from chessrules.values import System
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import RoundPlan, engine_version
from tournaments.engine.snapshot import Snapshot
from tournaments.systems.adjusted_swiss import AdjustedSwiss
from tournaments.systems.base import Counts, Field, SystemSpec
from tournaments.systems.double_round_robin import DoubleRoundRobin
from tournaments.systems.dutch import Dutch
from tournaments.systems.individual_scheveningen import IndividualScheveningen
from tournaments.systems.knockout import Knockout
from tournaments.systems.match import Match
from tournaments.systems.round_robin import RoundRobin
from tournaments.systems.scheveningen import Scheveningen
from tournaments.systems.simultaneous import Simultaneous
from tournaments.systems.swiss_draw import SwissDraw
from tournaments.systems.team_knockout import TeamKnockout
from tournaments.systems.team_round_robin import TeamRoundRobin
from tournaments.systems.team_swiss_draw import TeamSwissDraw

__all__ = ["SPECS", "Counts", "Field", "SystemSpec", "plan", "spec_of", "system_named"]

#: The registry: every system the project pairs, by its stored value.
SPECS: dict[System, SystemSpec] = {spec.system: spec for spec in (
    RoundRobin(), DoubleRoundRobin(), Dutch(), SwissDraw(), AdjustedSwiss(), Knockout(),
    Match(), IndividualScheveningen(), TeamRoundRobin(), TeamSwissDraw(), Scheveningen(),
    Simultaneous(), TeamKnockout(),
)}


_BY_VALUE: dict[str, SystemSpec] = {system.value: spec for system, spec in SPECS.items()}


def spec_of(system: str) -> SystemSpec:
    """The spec of a stored system value; an ``EngineError`` for one no module registers."""
    spec = _BY_VALUE.get(str(system))
    if spec is None:
        raise EngineError(N_("Thể thức '%(system)s' chưa có trong chessrules %(version)s."),
                          code="unknown_system", field="system", system=system,
                          version=engine_version())
    return spec


def plan(snapshot: Snapshot, number: int, seed: int | None,
         progress: Callable[[float], None] | None = None) -> RoundPlan:
    """Pair round ``number`` by the event's system (the snapshot holds the rounds before
    it, with their draws for the systems that draw each round)."""
    spec = spec_of(snapshot.settings.system)
    if not spec.draws_each_round:
        # Only the draws of Điều 29/30.5 use a new seed each round; every other system is
        # determined by the lot drawn at closing (starting numbers, Dutch initial colour,
        # knockout colours and lots), so that is the seed recorded with the round.
        seed = snapshot.settings.lot_seed
    result = RoundPlan(number=number, system=snapshot.settings.system, seed=seed,
                       progress=progress)
    spec.planner(snapshot, number, result)
    return result


def system_named(words: str) -> System | None:
    """The system a TRF 092 line names (``words``: folded, no diacritics), the more
    specific names tried first (``trf_rank``); None when no spec knows the words."""
    for spec in sorted(SPECS.values(), key=lambda s: s.trf_rank):
        if any(all(word in words for word in needed) for needed in spec.trf_words):
            return spec.system
    return None
