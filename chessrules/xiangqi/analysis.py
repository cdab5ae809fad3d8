"""Game analysis for the arbiter (placeholder, being written)."""
from dataclasses import dataclass


@dataclass
class GameAnalysis:
    pass


def analyse_game(start_fen, moves, *, no_capture_limit=50):
    raise NotImplementedError
