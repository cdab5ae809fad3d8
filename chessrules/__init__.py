"""Shared pure-Python rules package of the federation service.

Covers xiangqi (cờ tướng) and chess (cờ vua): move rules and notations, game
validation, competition systems (pairings, scoring, tie-breaks) and ratings.
It must never import Django, DRF, Celery or any app of the service; CI checks
this with an import-linter contract.
"""

__version__ = "0.1.0"
