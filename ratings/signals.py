"""Receivers: a certified tournament starts the title check and, for an already computed
period (a correction or a late certification), the rating recomputation."""

from django.dispatch import receiver

from tournaments.signals import tournament_certified


@receiver(tournament_certified, dispatch_uid="ratings.on_tournament_certified")
def _on_certified(sender, tournament, **kwargs):
    from ratings import services

    services.on_tournament_certified(tournament)
