"""Colour allocation (C.04.3 section 5, rules E.1-E.5, in that order).

E.1 grant both colour preferences when they are compatible; E.2 grant the
stronger preference (absolute over strong over mild; between two absolute
ones, the bigger colour difference); E.3 alternate the colours back to the
most recent round in which the two players had different colours; E.4 grant
the preference of the higher-ranked player; E.5 when neither has a
preference: the higher-ranked player gets the initial colour if his pairing
number is odd, the other colour otherwise.
"""

from __future__ import annotations

from typing import cast

from chessrules.dutch.model import BLACK, WHITE, invert
from chessrules.dutch.state import PlayerState, TournamentState


def _last_played_colours(player: PlayerState) -> list[str]:
    return [m.color for m in reversed(player.matches) if m is not None and m.played]


def first_colour_difference(a: PlayerState, b: PlayerState) -> tuple[str | None, str | None]:
    """The colours of a and b in the latest round (of each one's played games) where they differ."""
    colours_a, colours_b = _last_played_colours(a), _last_played_colours(b)
    for colour_a, colour_b in zip(colours_a, colours_b, strict=False):
        if colour_a != colour_b:
            return colour_a, colour_b
    return None, None


def _compatible(a: str | None, b: str | None) -> bool:
    return a != b or a is None or b is None


def neutral_colour(player: PlayerState, opponent: PlayerState) -> str | None:
    """Colour of ``player`` by E.1-E.3 (None when these rules do not decide)."""
    if _compatible(player.preference, opponent.preference):  # E.1
        if player.preference is not None:
            return player.preference
        if opponent.preference is not None:
            return invert(opponent.preference)
        return None
    # E.2: the stronger preference.
    if player.absolute_preference and (
        player.imbalance > opponent.imbalance or not opponent.absolute_preference
    ):
        return player.preference
    if opponent.absolute_preference and (
        opponent.imbalance > player.imbalance or not player.absolute_preference
    ):
        return invert(opponent.preference)
    if player.strong and not opponent.strong:
        return player.preference
    if opponent.strong and not player.strong:
        return invert(opponent.preference)
    # E.3: alternate back to the latest round with different colours.
    colour_player, colour_opponent = first_colour_difference(player, opponent)
    if colour_player is not None and colour_opponent is not None:
        return colour_opponent
    return None


def ranks_lower(a: PlayerState, b: PlayerState) -> bool:
    """True if a is ranked below b (score, then pairing number; C.04.3 1.2)."""
    return (a.score, b.rank_index) < (b.score, a.rank_index)


def choose_colour(player: PlayerState, opponent: PlayerState, state: TournamentState) -> str:
    """The colour of ``player`` against ``opponent``."""
    colour = neutral_colour(player, opponent)
    if colour is not None:
        return colour
    initial = state.initial_color
    if player.preference is None:  # E.5
        if ranks_lower(player, opponent):
            return initial if opponent.rank_index & 1 else cast(str, invert(initial))
        return cast(str, invert(initial)) if player.rank_index & 1 else initial
    # E.4: the higher-ranked player's preference.
    if ranks_lower(player, opponent):
        return cast(str, invert(opponent.preference))
    return player.preference


__all__ = ["BLACK", "WHITE", "choose_colour", "neutral_colour"]
