"""Điều 12: the no-capture limit is a tournament setting (50 by default; seed 001 says 60)."""

from games import engine, services
from games.models import GameRecord

# 55 moves each of horses going back and forth: no capture, no check.
SHUFFLE = " ".join((["h0g2", "h9g7", "g2h0", "g7h9"] * 28)[:110])


def _validated(event, limit: int) -> GameRecord:
    tournament = event.tournament
    tournament.no_capture_move_limit = limit
    tournament.save()
    pairing = event.pairings[0]
    game = GameRecord(discipline="xiangqi", pairing=pairing, white=pairing.white.member.person,
                      black=pairing.black.member.person, moves_text=SHUFFLE, notation="iccs")
    services.apply_report(game, engine.validate(**services.validation_inputs(game)))
    return game


def test_the_tournaments_limit_decides_the_no_capture_flag(event):
    assert _validated(event, 50).validation_flags["fifty_move_reached"] is True
    assert _validated(event, 50).validation_flags["fifty_move_ply"] == 100
    assert _validated(event, 60).validation_flags["fifty_move_reached"] is False


def test_a_standalone_game_uses_the_law_of_2004(db):
    game = GameRecord(discipline="xiangqi", moves_text=SHUFFLE, notation="iccs")
    assert services.validation_inputs(game)["no_capture_limit"] == 50
