"""Sub-commands ``rating-change`` and ``performance`` (FIDE B.02, 2024; issue 8).

``python -m chessrules rating-change --rating R --k K --games "OPP:SCORE OPP:SCORE ..."``
prints, one item per line (the format is stable; scripts may parse it)::

    rating 1850
    K 20
    game 1: opponent 1900, score 1, expected 0.43
    game 2: opponent 1800, score 0.5, expected 0.57
    game 3: opponent 2300, score 0, expected 0.08
    score 1.5
    expected 1.08
    change +8.4
    rounded change +8
    new rating 1858

``--rules fide-2025`` (default) applies B.02 8.3.1 as amended 1 October 2025: a player rated
2650 or more uses the real difference; ``--rules fide-2024`` caps every difference at 400;
``--exempt-from R`` sets the limit (0: nobody is exempt). ``performance --norm GM`` (IM, WGM,
WIM) raises the lowest opponent below B.01's adjusted rating floor to it first.

``expected`` is FIDE's table 8.1.2 after the 400-point rule; ``change`` is K × Σ(score − PD)
unrounded (at least one decimal, at most two); ``rounded change`` follows 8.3.4 (nearest whole
number, 0.5 away from zero). When K × games exceeds 700 the ``K`` line reads
``K 38 (capped: K × 18 games ≤ 700)``.

``python -m chessrules performance --games "OPP:SCORE ..."`` prints::

    games 2
    score 1.5
    Ra 1850.00
    p 0.75
    dp 193
    Rp 2043

``Ra`` is the average rating of the opponents (two decimals), ``p`` the percentage score rounded
to a hundredth, ``dp`` from table 8.1.1 and ``Rp = Ra + dp`` rounded to a whole number.

Games are separated by spaces or commas; a score is ``1``, ``0.5`` (also ``.5``, ``½``,
``1/2``, ``=``) or ``0``. Bad input exits with status 2 and a message naming the game.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from chessrules.rating import (
    NORM_RATING_FLOORS,
    RULES_VERSIONS,
    norm_opponent_ratings,
    performance_rating,
    rating_change,
)

_SCORE_WORDS = {"1": 1.0, "1.0": 1.0, "0.5": 0.5, ".5": 0.5, "½": 0.5, "1/2": 0.5, "=": 0.5,
                "0": 0.0, "0.0": 0.0}


class GamesError(ValueError):
    pass


def parse_games(text: str) -> list[tuple[int, float]]:
    """"1900:1 1800:0.5" → [(1900, 1.0), (1800, 0.5)]."""
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise GamesError("--games: no games given (expected \"OPP:SCORE OPP:SCORE ...\")")
    games = []
    for index, token in enumerate(tokens, start=1):
        rating_text, colon, score_text = token.partition(":")
        if not colon:
            raise GamesError(f"--games: game {index} ({token!r}): expected OPP:SCORE, "
                             "e.g. 1900:0.5")
        try:
            rating = int(rating_text)
        except ValueError:
            raise GamesError(f"--games: game {index} ({token!r}): opponent rating "
                             f"{rating_text!r} is not a whole number") from None
        if rating <= 0:
            raise GamesError(f"--games: game {index} ({token!r}): opponent rating must be "
                             "positive")
        score = _SCORE_WORDS.get(score_text)
        if score is None:
            raise GamesError(f"--games: game {index} ({token!r}): score {score_text!r} is not "
                             "1, 0.5 or 0")
        games.append((rating, score))
    return games


def format_score(score: float) -> str:
    return f"{score:g}"


def format_change(value: Decimal) -> str:
    """+8.4, -0.05, +7.0: sign always, one or two decimals."""
    text = f"{value:+.2f}"
    return text[:-1] if text.endswith("0") else text


def _run_rating_change(args: argparse.Namespace) -> int:
    try:
        games = parse_games(args.games)
        rules = RULES_VERSIONS[args.rules]
        if args.exempt_from is not None:
            rules = replace(rules, difference_cap_exempt_from=args.exempt_from or None)
        result = rating_change(args.rating, args.k, games, rules)
    except ValueError as error:
        print(f"rating-change: {error}", file=sys.stderr)
        return 2
    k_line = f"K {result.k.value}"
    if "capped" in result.k.reason:
        k_line += f" ({result.k.reason.split('; ', 1)[1]})"
    print(f"rating {result.rating}")
    print(k_line)
    for index, line in enumerate(result.lines, start=1):
        print(f"game {index}: opponent {line.opponent_rating}, score {format_score(line.score)}, "
              f"expected {line.expected:.2f}")
    print(f"score {format_score(result.score)}")
    print(f"expected {result.expected:.2f}")
    print(f"change {format_change(result.change)}")
    print(f"rounded change {result.rounded_change:+d}")
    print(f"new rating {result.new_rating}")
    return 0


def _run_performance(args: argparse.Namespace) -> int:
    try:
        games = parse_games(args.games)
        if args.norm:
            ratings = norm_opponent_ratings([rating for rating, _score in games], args.norm)
            games = [(rating, score) for rating, (_old, score) in zip(ratings, games, strict=True)]
        performance = performance_rating(games)
    except ValueError as error:
        print(f"performance: {error}", file=sys.stderr)
        return 2
    average = performance.average_opponent
    average_hundredths = (average * 100 + Fraction(1, 2)).__floor__()
    print(f"games {performance.games}")
    print(f"score {format_score(performance.score)}")
    print(f"Ra {Decimal(average_hundredths).scaleb(-2):.2f}")
    print(f"p {performance.p:.2f}")
    print(f"dp {performance.dp}")
    print(f"Rp {performance.rating}")
    return 0


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rating-change`` and ``performance`` to the parser (each sets ``handler``)."""
    change = subcommands.add_parser(
        "rating-change",
        help="rating change of a rated player over some games (FIDE B.02 8.3)",
        description="Rating change K × Σ(score − PD) with FIDE's table 8.1.2, the 400-point "
                    "rule, the 700 cap on K × games and rounding per 8.3.4.",
    )
    change.add_argument("--rating", type=int, required=True, help="the player's rating")
    change.add_argument("--k", type=int, required=True, help="development coefficient K")
    change.add_argument("--games", required=True,
                        help='games as "OPP:SCORE OPP:SCORE ...", e.g. "1900:1 1800:0.5"')
    change.add_argument("--rules", choices=sorted(RULES_VERSIONS), default="fide-2025",
                        help="rules version: fide-2025 (B.02 8.3.1 as amended 1 October 2025, "
                             "players rated 2650+ use the real difference; default) or fide-2024")
    change.add_argument("--exempt-from", type=int, default=None, metavar="RATING",
                        help="players rated at least this use the real difference (8.3.1); "
                             "0 = nobody (overrides --rules)")
    change.set_defaults(handler=_run_rating_change)

    performance = subcommands.add_parser(
        "performance",
        help="performance rating Rp = Ra + dp (FIDE B.02 table 8.1.1)",
        description="Performance rating over games against rated opponents.",
    )
    performance.add_argument("--games", required=True,
                             help='games as "OPP:SCORE OPP:SCORE ...", e.g. "1900:1 1800:0.5"')
    performance.add_argument("--norm", choices=sorted(NORM_RATING_FLOORS), default=None,
                             help="for a title norm: raise the lowest opponent below the "
                                  "adjusted rating floor to it (B.01 1.46)")
    performance.set_defaults(handler=_run_performance)
