"""Elo rating engine after the FIDE Rating Regulations (FIDE Handbook B.02, effective 1 March 2024).

Pure Python, no Django: the ``ratings`` app feeds it the players' states and the rated games of
one rating period and stores what comes back. Every parameter is a field of :class:`RatingRules`
with FIDE's values as defaults; xiangqi lists use the same dataclass with their own values
(issue 8: "for xiangqi every parameter is a setting of the list, defaulting to FIDE's values").

What is implemented, with the regulation's paragraph:

* 8.1.2 — the expected score ``PD`` of a game comes from FIDE's table of rating-difference bands
  (not from the logistic formula); 8.3.1 — a difference of more than 400 points counts as 400.
* 8.3.2 — ``ΔR = score − PD`` per game, summed over the period, times ``K``.
* 8.3.3 — ``K`` = 40 for a player new to the list until he has completed events with at least 30
  games; 40 for players until the end of the year of their 18th birthday while rated under 2300;
  20 while under 2400; 10 once a published rating has reached 2400 (FIDE's rapid and blitz lists
  follow the same rules since 1 October 2022; a flat K for all, the older rapid/blitz rule, is
  the setting ``flat_k``). If ``K × n`` exceeds 700 for the ``n`` games of the period, ``K`` is the largest whole
  number with ``K × n ≤ 700``.
* 8.3.4 — the change of a period is rounded to the nearest whole number, 0.5 away from zero.
* 8.2 — first rating of an unrated player: ``Ru = Ra + dp`` where ``Ra`` averages the rated
  opponents' ratings *plus two hypothetical opponents rated 1800* against whom the player is
  taken to have drawn, and ``dp`` comes from table 8.1.1 for the percentage score ``p`` (so
  ``p = 50 %`` gives ``dp = 0`` and ``Ru = Ra``); ``Ru`` rounded to the nearest whole number and
  at most 2200. A zero score in the player's first event is disregarded.
* 7.1 — a first rating is published only after at least 5 games against rated opponents (pooled
  over rating periods spanning at most 26 months) and only if it is at least 1400 (the floor);
  7.2 — a player whose rating drops below 1400 is listed as unrated and is afterwards treated like
  any unrated player.
* Games against unrated opponents and forfeited (unplayed) games are not rated.
* Performance rating ``Rp = Ra + dp`` (table 8.1.1) per player and event.

Arithmetic is exact: ``PD`` is kept in hundredths and scores in halves, so sums and the change are
integers of hundredths and the result never depends on the order of the games. All games of a
period are rated with the ratings the players had at the start of the period.

Where the regulation text is silent or was only available second-hand, the choice made is in
``docs/decisions-ratings.md``.

Use (the ratings app)::

    players = {member_id: PlayerState(rating, games, birth_year, peak_rating, pending), ...}
    games = [RatedGame(event_id, player_a, player_b, score_a, forfeit), ...]  # chronological
    results = rate_period(players, games, RatingRules.from_dict(list_settings), period=list_date)
    for member_id, result in results.items():
        result.old_rating, result.k, result.change, result.rounded_change, result.new_rating
        result.new_state            # store it: the player's state for the next period
        result.became_rated, result.delisted, result.initial  # first rating and its numbers
        for event in result.events:  # per event: lines, score, expected, K, change, Rp
            event.games, event.score, event.expected, event.k, event.change, event.performance

Single calculations: :func:`expected_score`, :func:`dp_for`, :func:`rating_change`,
:func:`performance_rating`, :func:`initial_rating`, :func:`development_coefficient`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

PlayerId = Hashable
EventId = Hashable

# --------------------------------------------------------------------------------------------
# FIDE tables (B.02 8.1.1 and 8.1.2)
# --------------------------------------------------------------------------------------------

#: Table 8.1.2: (lowest difference, highest difference, PD of the higher-rated player × 100).
#: The lower-rated player's PD is 100 minus it. A difference above 735 gives 1.00 / 0.00.
PD_BANDS: tuple[tuple[int, int, int], ...] = (
    (0, 3, 50), (4, 10, 51), (11, 17, 52), (18, 25, 53), (26, 32, 54), (33, 39, 55),
    (40, 46, 56), (47, 53, 57), (54, 61, 58), (62, 68, 59), (69, 76, 60), (77, 83, 61),
    (84, 91, 62), (92, 98, 63), (99, 106, 64), (107, 113, 65), (114, 121, 66),
    (122, 129, 67), (130, 137, 68), (138, 145, 69), (146, 153, 70), (154, 162, 71),
    (163, 170, 72), (171, 179, 73), (180, 188, 74), (189, 197, 75), (198, 206, 76),
    (207, 215, 77), (216, 225, 78), (226, 235, 79), (236, 245, 80), (246, 256, 81),
    (257, 267, 82), (268, 278, 83), (279, 290, 84), (291, 302, 85), (303, 315, 86),
    (316, 328, 87), (329, 344, 88), (345, 357, 89), (358, 374, 90), (375, 391, 91),
    (392, 411, 92), (412, 432, 93), (433, 456, 94), (457, 484, 95), (485, 517, 96),
    (518, 559, 97), (560, 619, 98), (620, 735, 99),
)
_PD_LAST_BAND_END = 735

#: Table 8.1.1: dp for p = 0.50, 0.51, ..., 1.00 (index = hundredths above 0.50).
#: dp for p below 0.50 is minus dp(1 − p).
DP_FROM_HALF: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)


def _build_pd_lookup() -> tuple[int, ...]:
    lookup = [0] * (_PD_LAST_BAND_END + 2)
    for low, high, pd in PD_BANDS:
        for difference in range(low, high + 1):
            lookup[difference] = pd
    lookup[_PD_LAST_BAND_END + 1] = 100
    return tuple(lookup)


#: PD × 100 of the higher-rated player for an absolute difference 0..736 (736 means "above 735").
_PD_HIGH_X100: tuple[int, ...] = _build_pd_lookup()


def _build_dp_lookup() -> tuple[int, ...]:
    low_half = [-DP_FROM_HALF[50 - hundredths] for hundredths in range(50)]
    return tuple(low_half + list(DP_FROM_HALF))


#: dp for p = 0.00 .. 1.00 indexed by hundredths.
_DP_BY_HUNDREDTHS: tuple[int, ...] = _build_dp_lookup()


# --------------------------------------------------------------------------------------------
# Settings
# --------------------------------------------------------------------------------------------

ROUNDING_MODES = ("half_away_from_zero", "half_up", "toward_zero")


@dataclass(frozen=True, slots=True)
class RatingRules:
    """Every parameter of a rating list. Defaults are FIDE B.02 (1 March 2024), standard play.

    Stored by the ratings app as a JSON object (:meth:`to_dict` / :meth:`from_dict`), one per
    list (discipline × time-control class).
    """

    name: str = "FIDE B.02 2024-03-01"
    # 8.3.1: a difference of more than this counts as this (None: no cap).
    rating_difference_cap: int | None = 400
    # Players rated at least this are rated with their real difference (None: nobody is).
    # 8.3.1 as amended 1 October 2025: 2650 (the FIDE_*_2025 presets, chess lists' default).
    difference_cap_exempt_from: int | None = None
    # 8.3.3: development coefficient K and its conditions.
    k_new_player: int = 40
    new_player_games: int = 30
    k_junior: int = 40
    junior_until_age: int = 18  # until the end of the year of this birthday
    junior_below_rating: int = 2300
    k_standard: int = 20
    k_established: int = 10
    established_from_rating: int = 2400  # once a published rating has reached it
    flat_k: int | None = None  # every rated player gets this K (FIDE rapid/blitz before 10/2022)
    k_games_cap: int | None = 700  # K × n ≤ this (None: no cap)
    # 8.3.4: rounding of the change of a rating period.
    change_rounding: str = "half_away_from_zero"
    # 7.1 / 8.2: first rating of an unrated player.
    initial_min_games: int = 5
    initial_window_months: int | None = 26
    initial_imaginary_games: int = 2
    initial_imaginary_rating: int = 1800
    initial_max: int | None = 2200
    disregard_zero_first_event: bool = True
    # 7.1 / 7.2: the lowest published rating; below it a player is listed as unrated.
    rating_floor: int = 1400

    def __post_init__(self) -> None:
        if self.change_rounding not in ROUNDING_MODES:
            raise ValueError(f"RatingRules.change_rounding: {self.change_rounding!r} is not one "
                             f"of {', '.join(ROUNDING_MODES)}")
        for name in ("k_new_player", "k_junior", "k_standard", "k_established"):
            if getattr(self, name) <= 0:
                raise ValueError(f"RatingRules.{name} must be positive, got {getattr(self, name)}")
        for name in ("rating_difference_cap", "k_games_cap", "initial_window_months", "flat_k"):
            value = getattr(self, name)
            if value is not None and value <= 0:
                raise ValueError(f"RatingRules.{name} must be positive or None, got {value}")
        if self.initial_min_games < 1:
            raise ValueError("RatingRules.initial_min_games must be at least 1, "
                             f"got {self.initial_min_games}")
        if self.initial_imaginary_games < 0:
            raise ValueError("RatingRules.initial_imaginary_games must not be negative, "
                             f"got {self.initial_imaginary_games}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RatingRules:
        """Build from a stored settings object; unknown keys are an error (a typo must not be
        silently ignored); missing keys take FIDE's value."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"RatingRules: unknown setting(s) {', '.join(unknown)}")
        return cls(**dict(data))


#: FIDE standard play.
FIDE_STANDARD = RatingRules()
#: FIDE rapid and blitz lists: the standard K rules since 1 October 2022.
FIDE_RAPID = RatingRules(name="FIDE rapid (K as standard since 2022-10-01)")
FIDE_BLITZ = RatingRules(name="FIDE blitz (K as standard since 2022-10-01)")
#: B.02 8.3.1 as amended 1 October 2025: "for players rated 2650 and above, the difference
#: between ratings shall be used in all cases" (the 400-point rule only for those below).
FIDE_2025_EXEMPT_FROM = 2650
FIDE_STANDARD_2025 = RatingRules(name="FIDE B.02 2025-10-01",
                                 difference_cap_exempt_from=FIDE_2025_EXEMPT_FROM)
FIDE_RAPID_2025 = RatingRules(name="FIDE rapid 2025-10-01",
                              difference_cap_exempt_from=FIDE_2025_EXEMPT_FROM)
FIDE_BLITZ_2025 = RatingRules(name="FIDE blitz 2025-10-01",
                              difference_cap_exempt_from=FIDE_2025_EXEMPT_FROM)
#: Rules versions by name, for the command line.
RULES_VERSIONS = {"fide-2024": FIDE_STANDARD, "fide-2025": FIDE_STANDARD_2025}

#: FIDE B.01 (title regulations) 1.46: for norms, opponents rated below these floors count at
#: the floor, but at most one opponent is raised (the lowest).
NORM_RATING_FLOORS = {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}
#: The older FIDE rapid/blitz rule named in issue 8: K = 20 for every player (700 cap kept).
FLAT_K_20 = RatingRules(name="flat K 20 (FIDE rapid/blitz 2012-2022)", flat_k=20)


# --------------------------------------------------------------------------------------------
# Table look-ups and rounding
# --------------------------------------------------------------------------------------------


def _round_half_away(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest integer, halves away from zero."""
    sign = -1 if (numerator < 0) != (denominator < 0) else 1
    numerator, denominator = abs(numerator), abs(denominator)
    return sign * ((2 * numerator + denominator) // (2 * denominator))


def _round(numerator: int, denominator: int, mode: str) -> int:
    if mode == "half_away_from_zero":
        return _round_half_away(numerator, denominator)
    if mode == "half_up":
        return (2 * numerator + denominator) // (2 * denominator)
    quotient = abs(numerator) // abs(denominator)  # toward_zero
    return quotient if (numerator < 0) == (denominator < 0) else -quotient


def capped_difference(difference: int, cap: int | None = 400) -> int:
    """8.3.1: a rating difference of more than ``cap`` points counts as ``cap``."""
    if cap is None:
        return difference
    return cap if difference > cap else -cap if difference < -cap else difference


def expected_score_x100(difference: int, cap: int | None = 400) -> int:
    """PD × 100 (table 8.1.2) of a player whose rating minus his opponent's is ``difference``."""
    difference = capped_difference(difference, cap)
    high = _PD_HIGH_X100[min(abs(difference), _PD_LAST_BAND_END + 1)]
    return high if difference >= 0 else 100 - high


def expected_score(difference: int, cap: int | None = 400) -> float:
    """Expected score PD (table 8.1.2), e.g. ``expected_score(100) == 0.64``; the 400-point rule
    of 8.3.1 is applied first (``cap=None`` to switch it off)."""
    return expected_score_x100(difference, cap) / 100


def dp_for_fraction(score_halves: int, games: int) -> int:
    """dp of table 8.1.1 for the percentage score (score_halves / 2) / games.

    ``p`` is rounded to the nearest hundredth, halves up, before the look-up.
    """
    if games <= 0:
        raise ValueError(f"dp: the number of games must be positive, got {games}")
    if not 0 <= score_halves <= 2 * games:
        raise ValueError(f"dp: score {score_halves / 2} is outside 0..{games}")
    hundredths = (score_halves * 100 + games) // (2 * games)
    return _DP_BY_HUNDREDTHS[hundredths]


def dp_for(p: float | Fraction) -> int:
    """dp of table 8.1.1 for a percentage score ``p`` in [0, 1] (rounded to a hundredth first)."""
    p = Fraction(p).limit_denominator(10_000) if isinstance(p, float) else Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"dp: p must be between 0 and 1, got {float(p)}")
    return _DP_BY_HUNDREDTHS[int(p * 100 + Fraction(1, 2))]


def _score_halves(score: float, where: str) -> int:
    halves = score * 2
    if halves not in (0, 1, 2):
        raise ValueError(f"{where}: score must be 1, 0.5 or 0, got {score!r}")
    return int(halves)


# --------------------------------------------------------------------------------------------
# Input and output types
# --------------------------------------------------------------------------------------------


class RatedGame(NamedTuple):
    """One game reported for rating. ``score_a`` is player_a's score (1, 0.5 or 0)."""

    event_id: EventId
    player_a: PlayerId
    player_b: PlayerId
    score_a: float
    forfeit: bool = False


class PendingGame(NamedTuple):
    """A game of a still-unrated player against a rated opponent, kept for his first rating."""

    event_id: EventId
    opponent: PlayerId
    opponent_rating: int
    score: float
    period: date


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's standing on one list at the start of a rating period.

    ``games`` counts the rated games since the player's first published rating (for the
    new-player K); ``peak_rating`` is the highest published rating (K = 10 once it reached 2400);
    ``pending`` holds an unrated player's games against rated opponents from earlier periods.
    """

    rating: int | None = None
    games: int = 0
    birth_year: int | None = None
    peak_rating: int | None = None
    pending: tuple[PendingGame, ...] = ()


class GameLine(NamedTuple):
    """One rated game as a player sees it. ``expected_x100`` is PD × 100 (None for an unrated
    player's game, which has no expected score)."""

    opponent: PlayerId
    opponent_rating: int
    score: float
    expected_x100: int | None

    @property
    def expected(self) -> float | None:
        return None if self.expected_x100 is None else self.expected_x100 / 100


@dataclass(frozen=True, slots=True)
class Performance:
    """Performance rating Rp = Ra + dp over games against rated opponents."""

    games: int
    score: float
    average_opponent: Fraction  # Ra, exact
    p_hundredths: int  # p rounded to a hundredth, × 100
    dp: int
    rating: int  # Rp, rounded to the nearest whole number

    @property
    def p(self) -> float:
        return self.p_hundredths / 100


@dataclass(frozen=True, slots=True)
class KFactor:
    value: int
    reason: str


@dataclass(frozen=True, slots=True)
class InitialRating:
    """First rating of an unrated player (8.2), with the numbers behind it."""

    games: int  # real games used (imaginary ones not included)
    score: float  # real score
    average_opponent: Fraction  # Ra including the imaginary opponents
    p_hundredths: int
    dp: int
    computed: int  # Ra + dp rounded
    rating: int | None  # published rating (capped at the maximum), None when not published
    reason: str

    @property
    def p(self) -> float:
        return self.p_hundredths / 100


@dataclass(slots=True)
class EventResult:
    """A player's rated games of one event in the period and what they did to his rating."""

    event_id: EventId
    games: list[GameLine] = field(default_factory=list)
    score: float = 0.0
    expected_x100: int = 0  # sum of PD × 100 (0 for an unrated player)
    k: int | None = None
    change_x100: int | None = None  # K × (score − expected) × 100, exact, unrounded
    performance: Performance | None = None

    @property
    def expected(self) -> float:
        return self.expected_x100 / 100

    @property
    def change(self) -> Decimal | None:
        """Unrounded change of this event (K × Σ(score − PD))."""
        return None if self.change_x100 is None else Decimal(self.change_x100).scaleb(-2)


@dataclass(slots=True)
class PeriodResult:
    """Everything a player needs to check his rating for one period, and his new state."""

    player: PlayerId
    old_rating: int | None
    events: list[EventResult]
    games: int  # rated games in this period
    score: float
    expected_x100: int
    k: KFactor | None
    change_x100: int | None  # exact, unrounded, × 100
    rounded_change: int | None
    new_state: PlayerState
    became_rated: bool = False
    delisted: bool = False
    initial: InitialRating | None = None

    @property
    def new_rating(self) -> int | None:
        return self.new_state.rating

    @property
    def expected(self) -> float:
        return self.expected_x100 / 100

    @property
    def change(self) -> Decimal | None:
        return None if self.change_x100 is None else Decimal(self.change_x100).scaleb(-2)


# --------------------------------------------------------------------------------------------
# Single-player calculations
# --------------------------------------------------------------------------------------------


def development_coefficient(state: PlayerState, rules: RatingRules = FIDE_STANDARD, *,
                            year: int | None, games_in_period: int) -> KFactor:
    """K of 8.3.3 for a rated player, capped so that K × games_in_period ≤ rules.k_games_cap.

    Precedence (the regulation lists the cases without an order; see the decisions file):
    ``rules.flat_k`` when set; published rating once ≥ 2400 → 10; new player (< 30 games) → 40; junior
    (until the end of the year of the 18th birthday, rating < 2300) → 40; otherwise 20.
    """
    if state.rating is None:
        raise ValueError("development coefficient: the player is unrated")
    peak = max(state.rating, state.peak_rating or state.rating)
    if rules.flat_k is not None:
        k, reason = rules.flat_k, "flat K of the list"
    elif peak >= rules.established_from_rating:
        k, reason = rules.k_established, f"published rating has reached {rules.established_from_rating}"
    elif state.games < rules.new_player_games:
        k, reason = rules.k_new_player, f"new player: {state.games} of {rules.new_player_games} games"
    elif _is_junior(state, rules, year):
        k, reason = rules.k_junior, (f"junior: until the end of the year of the "
                                     f"{rules.junior_until_age}th birthday, rating under "
                                     f"{rules.junior_below_rating}")
    else:
        k, reason = rules.k_standard, f"rating under {rules.established_from_rating}"
    cap = rules.k_games_cap
    if cap is not None and games_in_period > 0 and k * games_in_period > cap:
        k = cap // games_in_period
        reason += f"; capped: K × {games_in_period} games ≤ {cap}"
    return KFactor(k, reason)


def _is_junior(state: PlayerState, rules: RatingRules, year: int | None) -> bool:
    if state.birth_year is None or state.rating is None:
        return False
    if state.rating >= rules.junior_below_rating:
        return False
    if year is None:
        raise ValueError("development coefficient: the period's year is needed for the junior rule "
                         "(the player has a birth year)")
    return year - state.birth_year <= rules.junior_until_age


@dataclass(frozen=True, slots=True)
class RatingChange:
    """Result of :func:`rating_change` (one player, K given)."""

    rating: int
    k: KFactor
    lines: tuple[GameLine, ...]
    score: float
    expected_x100: int
    change_x100: int
    rounded_change: int
    new_rating: int

    @property
    def expected(self) -> float:
        return self.expected_x100 / 100

    @property
    def change(self) -> Decimal:
        return Decimal(self.change_x100).scaleb(-2)


def rating_change(rating: int, k: int, games: Sequence[tuple[int, float]],
                  rules: RatingRules = FIDE_STANDARD) -> RatingChange:
    """Change of a rated player over ``games`` = [(opponent rating, score), ...] with K = ``k``
    (the 700 cap of 8.3.3 applied), rounded per 8.3.4. Used by the CLI."""
    if k <= 0:
        raise ValueError(f"rating change: K must be positive, got {k}")
    n = len(games)
    reason = "given"
    cap = rules.k_games_cap
    if cap is not None and n and k * n > cap:
        k = cap // n
        reason += f"; capped: K × {n} games ≤ {cap}"
    lines = []
    score_halves = expected = 0
    for index, (opponent_rating, score) in enumerate(games, start=1):
        halves = _score_halves(score, f"game {index}")
        pd = _pd_for_player(rating, opponent_rating, rules)
        lines.append(GameLine(None, opponent_rating, score, pd))
        score_halves += halves
        expected += pd
    change_x100 = k * (score_halves * 50 - expected)
    rounded = _round(change_x100, 100, rules.change_rounding)
    return RatingChange(rating, KFactor(k, reason), tuple(lines), score_halves / 2, expected,
                        change_x100, rounded, rating + rounded)


def _pd_for_player(rating: int, opponent_rating: int, rules: RatingRules) -> int:
    exempt = rules.difference_cap_exempt_from
    cap = None if exempt is not None and rating >= exempt else rules.rating_difference_cap
    return expected_score_x100(rating - opponent_rating, cap)


def performance_rating(games: Sequence[tuple[int, float]]) -> Performance:
    """Rp = Ra + dp (8.1.1) over games = [(opponent rating, score), ...] against rated
    opponents; Ra is the exact average, Rp is rounded to the nearest whole number."""
    if not games:
        raise ValueError("performance rating: no games against rated opponents")
    total = halves = 0
    for index, (opponent_rating, score) in enumerate(games, start=1):
        total += opponent_rating
        halves += _score_halves(score, f"game {index}")
    return _performance(len(games), total, halves)


def norm_opponent_ratings(ratings: Sequence[int], title: str) -> list[int]:
    """Opponents' ratings for a ``title`` norm (B.01 1.46): the lowest one below the adjusted
    rating floor is raised to it; other opponents below the floor keep their ratings."""
    try:
        floor = NORM_RATING_FLOORS[title]
    except KeyError:
        raise ValueError(f"norm: title {title!r} is not one of "
                         f"{', '.join(NORM_RATING_FLOORS)}") from None
    adjusted = list(ratings)
    if adjusted:
        lowest = min(range(len(adjusted)), key=adjusted.__getitem__)
        adjusted[lowest] = max(adjusted[lowest], floor)
    return adjusted


def _performance(n: int, rating_total: int, score_halves: int) -> Performance:
    hundredths = (score_halves * 100 + n) // (2 * n)
    dp = _DP_BY_HUNDREDTHS[hundredths]
    rp = _round_half_away(rating_total + dp * n, n)
    return Performance(n, score_halves / 2, Fraction(rating_total, n), hundredths, dp, rp)


def initial_rating(games: Sequence[PendingGame] | Sequence[tuple[EventId, int, float]],
                   rules: RatingRules = FIDE_STANDARD) -> InitialRating | None:
    """First rating (8.2) from an unrated player's games against rated opponents, in order.

    ``games`` items are :class:`PendingGame` or ``(event_id, opponent_rating, score)``.
    Returns None when no game counts (too few are handled by the result's ``rating`` None).
    """
    normalised = [(g.event_id, g.opponent_rating, g.score) if isinstance(g, PendingGame) else g
                  for g in games]
    counted = _drop_zero_first_event(normalised) if rules.disregard_zero_first_event else normalised
    if not counted:
        return None
    n = len(counted)
    halves = sum(_score_halves(score, "initial rating") for _, _, score in counted)
    total = sum(rating for _, rating, _ in counted)
    extra = rules.initial_imaginary_games
    all_n = n + extra
    all_total = total + extra * rules.initial_imaginary_rating
    all_halves = halves + extra  # a draw (one half point) against each imaginary opponent
    hundredths = (all_halves * 100 + all_n) // (2 * all_n)
    dp = _DP_BY_HUNDREDTHS[hundredths]
    computed = _round_half_away(all_total + dp * all_n, all_n)
    if n < rules.initial_min_games:
        rating, reason = None, f"{n} games against rated opponents, {rules.initial_min_games} needed"
    elif computed < rules.rating_floor:
        rating, reason = None, f"below the rating floor {rules.rating_floor}"
    elif rules.initial_max is not None and computed > rules.initial_max:
        rating, reason = rules.initial_max, f"capped at the maximum initial rating {rules.initial_max}"
    else:
        rating, reason = computed, "published"
    return InitialRating(n, halves / 2, Fraction(all_total, all_n), hundredths, dp, computed,
                         rating, reason)


def _drop_zero_first_event(games: list[tuple[EventId, int, float]]) -> list[tuple[EventId, int, float]]:
    """8.2: a zero score in the player's first event is disregarded. Leading events with zero are
    all dropped: after the first is disregarded the next one is his first counted event."""
    start = 0
    while start < len(games):
        event = games[start][0]
        end = start
        scored = False
        while end < len(games) and games[end][0] == event:
            scored = scored or games[end][2] > 0
            end += 1
        if scored:
            break
        start = end
    return games[start:]


# --------------------------------------------------------------------------------------------
# A whole rating period
# --------------------------------------------------------------------------------------------


def _month_index(day: date) -> int:
    return day.year * 12 + day.month - 1


def rate_period(players: Mapping[PlayerId, PlayerState], games: Iterable[RatedGame],
                rules: RatingRules = FIDE_STANDARD, *, period: date) -> dict[PlayerId, PeriodResult]:
    """Rate one period of one list.

    ``players`` holds the state of every player who may appear in ``games`` (a missing player is
    an error); ``games`` are the period's rated games in chronological order (the order decides
    which event is an unrated player's first one, and the order of lines in the result);
    ``period`` is the list date of the period (its year decides the junior K, its month the
    pooling window of unrated players' games).

    Returns a :class:`PeriodResult` for every player with at least one game that counts for him
    (rated players: games against rated opponents; unrated players: games against rated
    opponents, added to his pending games). Players not in the result keep their state.
    """
    rating_of = {player: state.rating for player, state in players.items()}
    rated_lines: defaultdict[PlayerId, list[tuple[EventId, GameLine]]] = defaultdict(list)
    unrated_lines: defaultdict[PlayerId, list[tuple[EventId, GameLine]]] = defaultdict(list)
    _collect_lines(games, rating_of, rules, rated_lines, unrated_lines)

    results: dict[PlayerId, PeriodResult] = {}
    for player, lines in rated_lines.items():
        results[player] = _rate_rated_player(player, players[player], lines, rules, period)
    for player, lines in unrated_lines.items():
        results[player] = _rate_unrated_player(player, players[player], lines, rules, period)
    return results


def _collect_lines(games: Iterable[RatedGame], rating_of: Mapping[PlayerId, int | None],
                   rules: RatingRules,
                   rated_lines: defaultdict[PlayerId, list[tuple[EventId, GameLine]]],
                   unrated_lines: defaultdict[PlayerId, list[tuple[EventId, GameLine]]]) -> None:
    """The hot loop: one pass over the games, each side's line appended to its player."""
    cap = rules.rating_difference_cap
    exempt = rules.difference_cap_exempt_from
    pd_high = _PD_HIGH_X100
    last = _PD_LAST_BAND_END + 1
    big = 1 << 62
    low_cap, high_cap = (-cap, cap) if cap is not None else (-big, big)
    for index, game in enumerate(games):
        try:
            event, a, b, score_a, forfeit = game
        except (TypeError, ValueError):
            raise ValueError(f"game #{index}: expected RatedGame(event_id, player_a, player_b, "
                             f"score_a, forfeit), got {game!r}") from None
        if forfeit:
            continue
        try:
            rating_a = rating_of[a]
            rating_b = rating_of[b]
        except KeyError as missing:
            raise ValueError(f"game #{index} (event {event!r}): player {missing.args[0]!r} is not "
                             "in players") from None
        if a == b:
            raise ValueError(f"game #{index} (event {event!r}): player {a!r} plays himself")
        if score_a == 1:
            score_a, score_b = 1.0, 0.0
        elif score_a == 0:
            score_a, score_b = 0.0, 1.0
        elif score_a == 0.5:
            score_b = 0.5
        else:
            raise ValueError(f"game #{index} (event {event!r}): score must be 1, 0.5 or 0, "
                             f"got {score_a!r}")
        if rating_a is not None:
            if rating_b is None:  # not rated for a; kept towards b's first rating
                unrated_lines[b].append((event, GameLine(a, rating_a, score_b, None)))
                continue
            difference = rating_a - rating_b
            capped = high_cap if difference > high_cap else low_cap if difference < low_cap \
                else difference
            if capped >= 0:
                pd_a = pd_high[capped if capped < last else last]
            else:
                pd_a = 100 - pd_high[-capped if -capped < last else last]
            pd_b = 100 - pd_a
            if exempt is not None and (rating_a >= exempt or rating_b >= exempt):
                pd_a = _pd_for_player(rating_a, rating_b, rules)
                pd_b = _pd_for_player(rating_b, rating_a, rules)
            rated_lines[a].append((event, GameLine(b, rating_b, score_a, pd_a)))
            rated_lines[b].append((event, GameLine(a, rating_a, score_b, pd_b)))
        elif rating_b is not None:
            unrated_lines[a].append((event, GameLine(b, rating_b, score_a, None)))


def _group_by_event(lines: list[tuple[EventId, GameLine]]) -> list[EventResult]:
    by_event: dict[EventId, EventResult] = {}
    for event, line in lines:
        result = by_event.get(event)
        if result is None:
            result = by_event[event] = EventResult(event)
        result.games.append(line)
    return list(by_event.values())


def _rate_rated_player(player: PlayerId, state: PlayerState,
                       lines: list[tuple[EventId, GameLine]], rules: RatingRules,
                       period: date) -> PeriodResult:
    n = len(lines)
    rating = state.rating
    assert rating is not None  # a rated player
    k = development_coefficient(state, rules, year=period.year, games_in_period=n)
    events = _group_by_event(lines)
    total_halves = total_expected = 0
    for event in events:
        halves = expected = rating_sum = 0
        for line in event.games:
            halves += int(line.score * 2)
            assert line.expected_x100 is not None  # a rated player's game has an expectancy
            expected += line.expected_x100
            rating_sum += line.opponent_rating
        event.score = halves / 2
        event.expected_x100 = expected
        event.k = k.value
        event.change_x100 = k.value * (halves * 50 - expected)
        event.performance = _performance(len(event.games), rating_sum, halves)
        total_halves += halves
        total_expected += expected
    change_x100 = k.value * (total_halves * 50 - total_expected)
    rounded = _round(change_x100, 100, rules.change_rounding)
    new_rating = rating + rounded
    delisted = new_rating < rules.rating_floor
    if delisted:  # 7.2: listed as unrated, then treated like any unrated player
        new_state = PlayerState(None, 0, state.birth_year, state.peak_rating, ())
    else:
        peak = max(new_rating, state.peak_rating or 0, rating)
        new_state = PlayerState(new_rating, state.games + n, state.birth_year, peak, ())
    return PeriodResult(player, state.rating, events, n, total_halves / 2, total_expected, k,
                        change_x100, rounded, new_state, delisted=delisted)


def _rate_unrated_player(player: PlayerId, state: PlayerState,
                         lines: list[tuple[EventId, GameLine]], rules: RatingRules,
                         period: date) -> PeriodResult:
    events = _group_by_event(lines)
    total_halves = 0
    for event in events:
        halves = rating_sum = 0
        for line in event.games:
            halves += int(line.score * 2)
            rating_sum += line.opponent_rating
        event.score = halves / 2
        event.performance = _performance(len(event.games), rating_sum, halves)
        total_halves += halves
    pending = _pending_within_window(state.pending, rules, period)
    pending += tuple(PendingGame(event, line.opponent, line.opponent_rating, line.score, period)
                     for event, line in lines)
    initial = initial_rating(pending, rules)
    if initial is not None and initial.rating is not None:
        new_state = PlayerState(initial.rating, initial.games, state.birth_year,
                                max(initial.rating, state.peak_rating or 0), ())
        became_rated = True
    else:
        new_state = PlayerState(None, state.games, state.birth_year, state.peak_rating, pending)
        became_rated = False
    return PeriodResult(player, None, events, len(lines), total_halves / 2, 0, None, None, None,
                        new_state, became_rated=became_rated, initial=initial)


def _pending_within_window(pending: tuple[PendingGame, ...], rules: RatingRules,
                           period: date) -> tuple[PendingGame, ...]:
    """7.1: games are pooled over consecutive rating periods of at most 26 months."""
    window = rules.initial_window_months
    if window is None:
        return tuple(pending)
    oldest = _month_index(period) - window + 1
    return tuple(game for game in pending if _month_index(game.period) >= oldest)
