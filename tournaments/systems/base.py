"""What a competition system (Chương VI) answers: ``SystemSpec``.

One spec per ``chessrules.values.System``, in a module of its own
(``tournaments/systems/<system>.py``), registered in ``tournaments/systems/__init__.py``.
The services, the adapter (``tournaments.engine``) and the TRF import ask the spec; none of
them branches on the system. The spec is pure (no Django, no database): what it needs of
the event it reads from the tournament's attributes, the numbers the adapter counts, or a
``Snapshot``; a refusal is an ``EngineError`` (a code and a Vietnamese message the service
boundary translates).

The questions, and their answer for a system that says nothing:

* ``planner``: pairs a round, ``(snapshot, number, plan)`` (required);
* ``total_rounds``: the event's rounds (the regulations' number of rounds);
* ``check_settings`` / ``check_choices`` / ``board_limits``: the settings it accepts and
  refuses (``accepts``: the optional settings it takes; ``needs_rounds``: the regulations
  must set the number of rounds);
* ``check_field``: the entries it can pair, at the draw (any field of two or more);
* ``refuse_more`` / ``decided``: "can pair more" (``bounded_by_rounds``: up to
  ``total_rounds``; ``ends_on_decision``: until ``decided(snapshot)``);
* ``default_tiebreaks``: the tie-breaks when the regulations name none, per law;
* ``trf_words``: the words of a TRF 092 line that name it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from chessrules.competition import roundrobin
from chessrules.competition import tiebreaks as ctiebreaks
from chessrules.competition.knockout import bracket_size
from chessrules.values import MatchScoring, System, TeamMatchForm
from tournaments.engine.errors import EngineError
from tournaments.engine.errors import gettext_noop as N_
from tournaments.engine.plan import RoundPlan, no_further_round
from tournaments.engine.snapshot import Snapshot

__all__ = ["Counts", "Field", "Planner", "SystemSpec", "TWO_GAME_MATCHES", "MATCH_TERMS",
           "TEAM_MATCH_FORM", "two_teams", "round_robin_rounds", "knockout_stage_count"]

Planner = Callable[[Snapshot, int, RoundPlan], None]

#: Optional settings a system may accept; set on another system they are refused.
TWO_GAME_MATCHES = "two_game_matches"  # Điều 21.2 (match_scoring = two_game_match)
MATCH_TERMS = "match_terms"  # 002 Điều 8 (match_target_points / match_target_wins)
TEAM_MATCH_FORM = "team_match_form"  # Điều 30.3 (a form other than the English one)


@dataclass
class Counts:
    """The field as the adapter counts it, each count made only when asked for."""

    players: Callable[[], int]
    teams: Callable[[], int]


@dataclass(frozen=True)
class Field:
    """The entries at the draw (closing registration)."""

    players: int
    teams: int
    #: players per group letter ("" for none): individual Scheveningen (002 Điều 10)
    groups: dict[str, int] = field(default_factory=dict)


def round_robin_rounds(entrants: int) -> int:
    """Rounds of a single round robin of ``entrants`` (the Berger table, Điều 24)."""
    return roundrobin.table_size(entrants) - 1


def knockout_stage_count(entries: int) -> int:
    """Stages of a knockout of ``entries`` (a bracket of 2^k has k)."""
    return bracket_size(entries).bit_length() - 1


def two_teams(entries: Field) -> None:
    """A match of two teams (Điều 30.2) is between exactly two."""
    if entries.teams != 2:
        raise EngineError(N_("Đối kháng (Điều 30.2) giữa đúng 2 đội."), code="too_few")


class SystemSpec:
    """A competition system. Subclasses set the class attributes and override what differs;
    the registry holds one instance per system."""

    system: ClassVar[System]
    #: teams enter (Điều 30), not players
    team: ClassVar[bool] = False
    #: each round is a new seeded draw that reads the previous rounds' draws (Điều 29, 30.5);
    #: every other system replays the lot drawn at closing
    draws_each_round: ClassVar[bool] = False
    #: the regulations set the number of rounds, fewer than the field (Điều 27)
    swiss: ClassVar[bool] = False
    #: Điều 27's warnings (field size, rounds) apply: an individual Swiss
    swiss_guidance: ClassVar[bool] = False
    #: the number of rounds follows from the field and is stored at the draw
    rounds_from_field: ClassVar[bool] = False
    #: no round is paired beyond ``total_rounds``
    bounded_by_rounds: ClassVar[bool] = True
    #: the event ends when ``decided`` says so (not by a number of rounds)
    ends_on_decision: ClassVar[bool] = False
    #: the optional settings it accepts (``TWO_GAME_MATCHES``, ``MATCH_TERMS``,
    #: ``TEAM_MATCH_FORM``)
    accepts: ClassVar[frozenset[str]] = frozenset()
    #: how starting numbers are given at the draw: "lot" (a drawing of lots), "rating"
    #: (C.04.2 / Điều 28.1), "adjusted" (Điều 28.1 as written), "groups" (A1..An, B1..Bn)
    starting_order: ClassVar[str] = "lot"
    #: late entries (after the draw) and requested byes are taken (the Swiss systems)
    late_entries: ClassVar[bool] = False
    #: entries are in group A or B (002 Điều 10)
    groups: ClassVar[bool] = False
    #: the tie-breaks of a round robin (Điều 21.3) rather than of a Swiss (21.4)
    predetermined: ClassVar[bool] = False
    #: an individual round robin (the Berger table, Điều 24; withdrawals by 21.5.1)
    round_robin: ClassVar[bool] = False
    #: times the Berger table is played
    legs: ClassVar[int] = 1
    #: a team bye scores the bye score on every board (30.5)
    team_bye_points: ClassVar[bool] = False
    #: Điều 17.3 "đấu hỗn hợp": it may be a qualifying group / the final stage
    qualifying_stage: ClassVar[bool] = False
    final_stage: ClassVar[bool] = False
    #: an individual knockout: the bracket (Điều 25) is shown, the standings by stage
    bracket: ClassVar[bool] = False
    #: a team knockout: the team table counts its ties and places (Điều 30.3)
    team_bracket: ClassVar[bool] = False
    #: the crosstable may be the player × player table (Phụ lục 1)
    crosstable_matrix: ClassVar[bool] = False
    #: a team × team results table (Điều 30.4)
    team_crosstable: ClassVar[bool] = False
    #: a TRF 092 line naming it: each tuple is words that must all appear (folded, no
    #: diacritics); our export writes the Vietnamese name, other programs English
    trf_words: ClassVar[tuple[tuple[str, ...], ...]] = ()
    #: the order the 092 words are tried in, the more specific names first
    trf_rank: ClassVar[int] = 100

    def planner(self, snapshot: Snapshot, number: int, plan: RoundPlan) -> None:
        """Pair round ``number`` into ``plan`` (pure: the snapshot holds all it reads); a
        refusal is an ``EngineError``. Each system names its planner (``engine.pairing``)."""
        raise NotImplementedError

    # --- rounds ------------------------------------------------------------------------------

    def total_rounds(self, t: Any, counts: Counts) -> int:
        """The event's rounds: by default the regulations' number of rounds."""
        return t.number_of_rounds or 0

    # --- the settings it accepts and refuses -------------------------------------------------

    def check_settings(self, t: Any) -> None:
        """Refuse (``EngineError`` naming the field) a setting the system does not take, or
        one its own rules forbid."""
        if (t.match_scoring == MatchScoring.TWO_GAME_MATCH
                and TWO_GAME_MATCHES not in self.accepts):
            raise EngineError(N_("Trận hai ván (Điều 21.2) chỉ dùng cho vòng tròn một lượt "
                                 "hoặc loại trực tiếp."), field="match_scoring", code="invalid")
        if self.needs_rounds and not t.number_of_rounds:
            raise EngineError(N_("Hệ Thụy Sĩ cần số ván."), field="number_of_rounds",
                              code="invalid")
        if MATCH_TERMS not in self.accepts:
            for name in ("match_target_points", "match_target_wins"):
                if getattr(t, name) is not None:
                    raise EngineError(N_("Chỉ giải đấu đối kháng cá nhân (002 Điều 8) có số "
                                         "điểm hoặc số ván thắng để thắng trận."),
                                      field=name, code="invalid")

    @property
    def needs_rounds(self) -> bool:
        return self.swiss

    def check_choices(self, t: Any, given: set[str]) -> None:
        """Refuse a choice made (``given``: the fields sent) that the system would ignore:
        the form of a team match (Điều 30.3) outside a team knockout. Only when asked for:
        events drawn before the field keep the board-against-board form it was migrated to
        (migration 0025)."""
        if ("team_match_form" in given and TEAM_MATCH_FORM not in self.accepts
                and t.team_match_form != TeamMatchForm.SCHEVENINGEN):
            raise EngineError(N_("Thể thức trận đồng đội (Điều 30.3) chỉ dùng cho giải đồng "
                                 "đội loại trực tiếp; các hệ khác theo thể thức của hệ đó."),
                              field="team_match_form", code="invalid")

    def english_form(self, t: Any) -> bool:
        """Its team matches follow the tables of 30.2.2 (every player against every
        player)."""
        return False

    def board_limits(self, t: Any, low: int, high: int) -> tuple[int, int]:
        """Boards a team may have, within the regulations' ``low``-``high`` (Điều 30)."""
        return low, high

    def check_field(self, t: Any, entries: Field) -> None:
        """Refuse a field the system cannot pair (at the draw)."""

    # --- can pair more -----------------------------------------------------------------------

    def decided(self, snapshot: Snapshot) -> bool:
        """The event is decided (for ``ends_on_decision`` systems)."""
        return False

    def refuse_more(self, snapshot: Snapshot) -> None:
        """Refuse a further round (``EngineError`` code ``no_more_rounds``) once the event
        is decided; only asked of ``ends_on_decision`` systems, after round 1."""
        if self.decided(snapshot):
            raise no_further_round(self.decided_message)

    #: the refusal of a further round once decided
    decided_message: ClassVar[str] = ""
    #: the refusal to finish the event before it is decided
    undecided_message: ClassVar[str] = ""

    # --- standings ---------------------------------------------------------------------------

    def default_tiebreaks(self, law: str) -> list[str]:
        """The tie-breaks when the regulations name none (Điều 21.3 for the round robins,
        21.4/29.5 for the others; chess: 002 Phần 3 Phụ lục 1 for the round robins, Điều 14.5
        for the adjusted Swiss); ``law``: the event's discipline value (its law)."""
        return ctiebreaks.default_tiebreaks(law, round_robin=self.predetermined,
                                            progressive=self.progressive_default)

    #: 002 Điều 14.5: under the chess law it ranks by progressive scores by default
    progressive_default: ClassVar[bool] = False

    @property
    def rating_order(self) -> bool:
        """Starting numbers follow the ratings, so a late entry renumbers (C.04.2, 28.7)."""
        return self.starting_order in ("rating", "adjusted")

    def summary(self, load: Callable[[], Snapshot], rows: list[dict[str, Any]]) -> dict[str, Any]:
        """What the system adds to its standings ``rows`` (``load``: the snapshot up to the
        standings' round, loaded only when needed); nothing by default."""
        return {}

    def rerank(self, snapshot: Snapshot, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The standings rows as the system ranks them (a knockout: by stage reached)."""
        return rows

    def __repr__(self) -> str:
        return f"<SystemSpec {self.system.value}>"
