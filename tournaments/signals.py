"""Signals of the tournaments app.

``tournament_certified`` is sent (after the certifying transaction commits) with
``sender=Tournament`` and ``tournament=<Tournament>``; the ratings app connects to it to
start its rating and title jobs.
"""

from django.dispatch import Signal

tournament_certified = Signal()  # kwargs: tournament
