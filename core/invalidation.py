"""Which writes invalidate which public responses (see core.caching).

Connected in ``CoreConfig.ready`` so that every process — web and workers alike —
touches the scopes when it writes.
"""

from __future__ import annotations

from django.apps import apps

from core.caching import touch_on_change


def _tournament_scopes(tournament_id) -> tuple[str, ...]:
    return ("tournaments", f"tournament:{tournament_id}")


def connect() -> None:
    model = apps.get_model
    touch_on_change(model("tournaments", "Tournament"), lambda t: _tournament_scopes(t.pk))
    for name in ("Entry", "TeamEntry", "Round", "Official"):
        touch_on_change(model("tournaments", name),
                        lambda obj: _tournament_scopes(obj.tournament_id))
    for name in ("Pairing", "TeamMatch"):
        touch_on_change(model("tournaments", name),
                        lambda obj: _tournament_scopes(obj.round.tournament_id))
    for name in ("Club", "Person", "Member", "ClubMembership", "Body"):
        touch_on_change(model("federation", name), lambda obj: ("clubs", "players"))
    if apps.is_installed("games"):
        touch_on_change(model("games", "GameRecord"), lambda obj: ("games",))
    for label in ("ratings",):
        if apps.is_installed(label):
            for ratings_model in apps.get_app_config(label).get_models():
                touch_on_change(ratings_model, lambda obj: ("ratings", "players"))
