"""'Ván đấu' served both a round and a game under one msgid, so the English admin called
rounds "game" (issue 18): each meaning has its own translation context."""

from __future__ import annotations

from django.utils import translation

from games.models import GameFault
from tournaments.models import Pairing, Round


def test_rounds_and_games_are_told_apart_in_english():
    with translation.override("en"):
        assert str(Round._meta.verbose_name) == "round"
        assert str(Pairing.Kind.GAME.label) == "Game"
        assert str(GameFault._meta.get_field("game").verbose_name) == "game"
    with translation.override("vi"):
        assert str(Round._meta.verbose_name) == "ván đấu"
        assert str(Pairing.Kind.GAME.label) == "Ván đấu"
