"""Random Swiss tournaments for tests and benchmarks (shared by tests/ and bench/).

``play_tournament`` plays rounds with a pairing function (by default the Dutch
pairing itself) and random results: rating-weighted wins, draws, forfeits,
requested half-point byes and withdrawals.  ``quick_history`` builds a plausible
history much faster (greedy score-order pairing) for benchmarks of big events.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from chessrules.dutch.api import pair_round
from chessrules.dutch.model import DutchOptions, Pairing, RoundEntry, SwissPlayer
from chessrules.trf import TrfGame, TrfPlayer, TrfTournament, write_trf

PairFunction = Callable[
    [list[SwissPlayer], dict[int, list[RoundEntry | None]], int, DutchOptions], list[Pairing]
]


@dataclass
class RandomTournament:
    players: list[SwissPlayer]
    total_rounds: int
    history: dict[int, list[RoundEntry | None]] = field(default_factory=dict)
    pairings: list[list[Pairing]] = field(default_factory=list)
    not_paired: list[dict[int, str]] = field(default_factory=list)
    withdrawn: set[int] = field(default_factory=set)
    initial_color: str = "w"

    @property
    def played_rounds(self) -> int:
        return len(self.pairings)

    def options(self, not_paired: dict[int, str] | None = None) -> DutchOptions:
        return DutchOptions(
            total_rounds=self.total_rounds,
            initial_color=self.initial_color,
            not_paired=dict(not_paired or {}),
        )

    def to_trf(self, next_round_not_paired: dict[int, str] | None = None) -> str:
        """TRF16 text with all played rounds (+ the requested byes of the next round)."""
        trf = TrfTournament(name="Random Dutch test", rounds=self.total_rounds,
                            rounds_declared=True, initial_color=self.initial_color)
        trf.layout = [f"012 {trf.name}", f"XXR {self.total_rounds}",
                      "XXC " + ("white1" if self.initial_color == "w" else "black1")]
        for player in self.players:
            games = []
            points = 0.0
            for number, entry in enumerate(self.history[player.id], 1):
                if entry is None:
                    entry = RoundEntry(None, "-", "Z")
                games.append(TrfGame(number, entry.opponent, entry.color, entry.result))
                points += {"W": 1.0, "D": 0.5}.get(entry.outcome, 0.0)
            code = (next_round_not_paired or {}).get(player.id)
            if code:
                games.append(TrfGame(self.played_rounds + 1, None, "-", code))
            trf.players[player.id] = TrfPlayer(
                player.id, player.name, "", "", player.rating, "VIE", "", "", points, None, games
            )
            trf.layout.append(player.id)
        return write_trf(trf)


def random_players(count: int, rng: random.Random) -> list[SwissPlayer]:
    ratings = sorted((rng.randint(1000, 2700) for _ in range(count)), reverse=True)
    return [SwissPlayer(i + 1, r, f"Player {i + 1:04d}") for i, r in enumerate(ratings)]


def _result(white: SwissPlayer, black: SwissPlayer, rng: random.Random, draw_rate: float) -> str:
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    roll = rng.random()
    if roll < draw_rate:
        return "="
    return "1" if rng.random() < expected else "0"


def choose_not_paired(
    tournament: RandomTournament,
    rng: random.Random,
    bye_rate: float,
    withdraw_rate: float,
    full_bye_rate: float = 0.0,
) -> dict[int, str]:
    """Requested half-point byes (not in the last round), full-point byes, withdrawals."""
    not_paired: dict[int, str] = {}
    last = tournament.played_rounds + 1 == tournament.total_rounds
    for player in tournament.players:
        if player.id in tournament.withdrawn:
            not_paired[player.id] = "-"
        elif tournament.played_rounds and rng.random() < withdraw_rate:
            tournament.withdrawn.add(player.id)
            not_paired[player.id] = "-"
        elif not last and rng.random() < bye_rate:
            not_paired[player.id] = "H"
        elif full_bye_rate and not last and rng.random() < full_bye_rate:
            not_paired[player.id] = "F"
    return not_paired


def play_round(
    tournament: RandomTournament,
    pairings: list[Pairing],
    not_paired: dict[int, str],
    rng: random.Random,
    *,
    draw_rate: float = 0.3,
    forfeit_rate: float = 0.03,
) -> None:
    by_id = {p.id: p for p in tournament.players}
    results: dict[int, RoundEntry] = {}
    for pairing in pairings:
        if pairing.black is None:
            results[pairing.white] = RoundEntry(None, "-", "U")
            continue
        white, black = by_id[pairing.white], by_id[pairing.black]
        if rng.random() < forfeit_rate:
            white_wins = rng.random() < 0.5
            results[white.id] = RoundEntry(black.id, "w", "+" if white_wins else "-")
            results[black.id] = RoundEntry(white.id, "b", "-" if white_wins else "+")
            continue
        result = _result(white, black, rng, draw_rate)
        back = {"1": "0", "0": "1", "=": "="}[result]
        results[white.id] = RoundEntry(black.id, "w", result)
        results[black.id] = RoundEntry(white.id, "b", back)
    for player_id, code in not_paired.items():
        results[player_id] = RoundEntry(None, "-", code if code in ("H", "F") else "Z")
    for player in tournament.players:
        tournament.history.setdefault(player.id, []).append(results.get(player.id))
    tournament.pairings.append(pairings)
    tournament.not_paired.append(not_paired)


def play_tournament(
    count: int,
    rounds: int,
    seed: int,
    *,
    play: int | None = None,
    pair: PairFunction = pair_round,
    draw_rate: float = 0.3,
    forfeit_rate: float = 0.03,
    bye_rate: float = 0.03,
    withdraw_rate: float = 0.01,
    full_bye_rate: float = 0.0,
) -> RandomTournament:
    """Play ``play`` (default all) rounds of a random tournament with ``pair``."""
    rng = random.Random(seed)
    tournament = RandomTournament(random_players(count, rng), rounds)
    tournament.initial_color = rng.choice("wb")
    for player in tournament.players:
        tournament.history[player.id] = []
    for _ in range(rounds if play is None else play):
        not_paired = choose_not_paired(tournament, rng, bye_rate, withdraw_rate, full_bye_rate)
        round_number = tournament.played_rounds + 1
        pairings = pair(
            tournament.players, tournament.history, round_number, tournament.options(not_paired)
        )
        play_round(tournament, pairings, not_paired, rng,
                   draw_rate=draw_rate, forfeit_rate=forfeit_rate)
    return tournament


def quick_pair(
    players: list[SwissPlayer],
    history: dict[int, list[RoundEntry | None]],
    round_number: int,
    options: DutchOptions,
) -> list[Pairing]:
    """A fast greedy Swiss pairing (score order, no rematch, simple colours) for benchmarks."""
    points = {"W": 2, "D": 1, "L": 0}
    score = {p.id: sum(points[e.outcome] for e in history[p.id] if e) for p in players}
    met = {p.id: {e.opponent for e in history[p.id] if e and e.played} for p in players}
    balance = {p.id: sum((e.color == "w") - (e.color == "b") for e in history[p.id]
                         if e and e.played) for p in players}
    order = [p.id for p in sorted(players, key=lambda p: (-score[p.id], p.id))
             if p.id not in options.not_paired]
    pairings: list[Pairing] = []
    free = list(order)
    while len(free) > 1:
        first = free.pop(0)
        partner = next((q for q in free if q not in met[first]), free[0])
        free.remove(partner)
        if balance[first] > balance[partner]:
            first, partner = partner, first
        pairings.append(Pairing(first, partner))
    if free:
        pairings.append(Pairing(free[0], None))
    return pairings
