"""Per-player pairing data before a round: scores, colour preferences, floats.

Definitions follow C.04.3 (FIDE Dutch System, 2025) section 1 and C.04.1:

* colour difference = games with White - games with Black (played games only);
* absolute colour preference: difference > +1 / < -1, or the same colour in
  the last two played games (1.6.2.1);
* strong preference: difference +1 / -1 (1.6.2.2);
* mild preference: difference 0, alternate the last played colour (1.6.2.3);
* a round the player did not play counts as a downfloat for the float
  criteria (C14-C21) when it gave him points (pairing-allocated bye, forfeit
  win, full- or half-point bye), as in the FIDE-endorsed engine bbpPairings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from chessrules.dutch.model import (
    BLACK,
    WHITE,
    DutchOptions,
    PairingError,
    PointSystem,
    RoundEntry,
    SwissPlayer,
    invert,
)

FLOAT_DOWN, FLOAT_UP, FLOAT_NONE = 0, 1, 2


@dataclass(eq=False)
class PlayerState:
    id: int
    rank_index: int
    matches: list[RoundEntry | None]
    score_raw: int = 0  # tenths, without acceleration
    accelerations: list[int] = field(default_factory=list)
    imbalance: int = 0
    preference: str | None = None
    repeated: str | None = None
    strong: bool = False
    eligible_for_bye: bool = True
    forbidden: set[int] = field(default_factory=set)
    score: int = 0  # tenths, with acceleration of the round to be paired
    floats: tuple[int, int] = (FLOAT_NONE, FLOAT_NONE)  # 1 and 2 rounds back
    played_games: int = 0

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute_preference(self) -> bool:
        return self.imbalance > 1 or self.repeated is not None


class TournamentState:
    """Everything the Dutch pairing needs to pair round ``played_rounds + 1``."""

    def __init__(
        self,
        players: list[SwissPlayer],
        history: dict[int, list[RoundEntry | None]],
        round_number: int,
        options: DutchOptions,
    ) -> None:
        if round_number < 1:
            raise PairingError(f"round number {round_number} must be at least 1")
        self.options = options
        self.points: PointSystem = options.points
        self.played_rounds = round_number - 1
        self.expected_rounds = options.total_rounds
        self.initial_color = options.initial_color or WHITE
        ids = [p.id for p in players]
        if len(set(ids)) != len(ids):
            raise PairingError("a pairing number is repeated")
        self.by_id: dict[int, PlayerState] = {}
        rank = 0
        self.file_rank: dict[int, int] = {}
        for file_rank, player in enumerate(sorted(players, key=lambda p: p.id)):
            self.file_rank[player.id] = file_rank
            matches = list(history.get(player.id, ()))[: self.played_rounds]
            matches += [None] * (self.played_rounds - len(matches))
            participated = any(m is not None and m.participated for m in matches)
            if player.id in options.not_paired and not participated:
                continue  # bbpPairings: not yet a valid player (no pairing number used)
            state = PlayerState(player.id, rank, matches)
            rank += 1
            self.by_id[player.id] = state
        self._check_consistency()
        for state in self.by_id.values():
            self._compute(state)
        if options.baku:
            self._apply_baku(len(players))
        for state in self.by_id.values():
            state.score = self.score_with_acceleration(state, 0)
        for state in self.by_id.values():
            state.floats = (self._float(state, 1), self._float(state, 2))
        self.to_pair = [
            s for s in self.by_id.values() if s.id not in options.not_paired
        ]

    # -- construction -----------------------------------------------------------------
    def _check_consistency(self) -> None:
        for state in self.by_id.values():
            for index, match in enumerate(state.matches):
                if match is None or not match.played:
                    continue
                other = self.by_id.get(cast(int, match.opponent))
                back = other.matches[index] if other else None
                if (
                    back is None
                    or not back.played
                    or back.opponent != state.id
                    or back.color == match.color
                ):
                    raise PairingError(
                        f"round {index + 1}: the game of player {state.id} against "
                        f"{match.opponent} contradicts the opponent's entry"
                    )

    def _compute(self, state: PlayerState) -> None:
        """Scores and colour data (bbpPairings' computePlayerData, C.04.3 1.6)."""
        whites = blacks = consecutive = 0
        repeated: str | None = None
        for match in state.matches:
            state.score_raw += self.points.points(match)
            if match is None:
                continue
            if match.played:
                state.played_games += 1
                state.forbidden.add(cast(int, match.opponent))
                if match.color == WHITE:
                    whites += 1
                else:
                    blacks += 1
                consecutive = consecutive + 1 if consecutive and match.color == repeated else 1
                repeated = match.color
            elif self._excludes_bye(match):
                state.eligible_for_bye = False
        lower = BLACK if whites > blacks else WHITE
        state.imbalance = abs(whites - blacks)
        if state.imbalance > 1:
            state.preference = lower
        elif consecutive > 1:
            state.preference = invert(repeated)
        elif state.imbalance > 0:
            state.preference = lower
        elif consecutive:
            state.preference = invert(repeated)
        else:
            state.preference = None
        state.repeated = repeated if consecutive > 1 else None
        state.strong = not state.absolute_preference and state.imbalance > 0
        state.accelerations = list(self.options.accelerations.get(state.id, ()))

    def _excludes_bye(self, match: RoundEntry) -> bool:
        """C.04.1.4 (in force since 1 July 2025), for a round the player did not play.

        "A player who has already received a pairing allocated bye, or has already
        scored in one single round, without playing, as many points as rewarded
        for a win, shall not receive the pairing allocated bye": a PAB (whatever
        it was worth), a forfeit win, a requested full-point bye.  A half-point
        bye does not count, nor do two of them together (one single round).  The
        older wording (till 30 June 2025) named only the PAB and the forfeit win.
        """
        if match.is_pairing_allocated_bye:
            return True
        return self.points.points(match) >= self.points.win

    def _apply_baku(self, player_count: int) -> None:
        """Baku acceleration (C.04.5.1) as applied by bbpPairings.

        The first half of the players (rounded up) get one virtual point in the
        rounds 1 .. (R-1)//2//2 + 1 and half a point in the following rounds up
        to (R-1)//2 + 1 (R = number of rounds); see docs/decisions-dutch.md.
        """
        if not self.expected_rounds:
            raise PairingError("Baku acceleration needs the number of rounds")
        last_accelerated_rank = (player_count - 1) // 2
        last_round = (self.expected_rounds - 1) // 2
        last_full_round = last_round // 2
        for state in self.by_id.values():
            if self.file_rank[state.id] > last_accelerated_rank or state.accelerations:
                continue
            acc = []
            for round_index in range(0, min(last_round, self.played_rounds) + 1):
                acc.append(self.points.win if round_index <= last_full_round else self.points.draw)
            state.accelerations = acc

    # -- queries ----------------------------------------------------------------------
    def score_with_acceleration(self, state: PlayerState, rounds_back: int) -> int:
        score = state.score_raw
        round_index = self.played_rounds
        for _ in range(rounds_back):
            round_index -= 1
            score -= self.points.points(state.matches[round_index])
        if round_index < len(state.accelerations):
            score += state.accelerations[round_index]
        return score

    def _float(self, state: PlayerState, rounds_back: int) -> int:
        if self.played_rounds < rounds_back:
            return FLOAT_NONE
        match = state.matches[self.played_rounds - rounds_back]
        if match is None or not match.played:
            # An unplayed round counts as a downfloat only if it gave points (C.04.3 1.4).
            return FLOAT_DOWN if self.points.points(match) > self.points.loss else FLOAT_NONE
        own = self.score_with_acceleration(state, rounds_back)
        other = self.score_with_acceleration(self.by_id[cast(int, match.opponent)], rounds_back)
        if own > other:
            return FLOAT_DOWN
        if own < other:
            return FLOAT_UP
        return FLOAT_NONE

    def is_last_round(self) -> bool:
        return (
            self.expected_rounds is not None and self.played_rounds >= self.expected_rounds - 1
        )
