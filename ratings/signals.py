"""Receivers: a certified tournament starts the title check and, for an already computed
period (a correction or a late certification), the rating recomputation."""

import logging

from django.dispatch import receiver

from tournaments.signals import tournament_certified

logger = logging.getLogger(__name__)


@receiver(tournament_certified, dispatch_uid="ratings.on_tournament_certified")
def _on_certified(sender, tournament, **kwargs):
    """Runs after the certification committed: a failure to start the jobs is logged and
    must not turn the (successful) certification into an error for the user."""
    from ratings import services

    try:
        services.on_tournament_certified(tournament)
    except Exception:
        logger.exception("ratings: could not start the jobs for certified tournament %s",
                         tournament.pk)
