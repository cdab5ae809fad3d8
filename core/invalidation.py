"""Which writes invalidate which public responses (see core.caching).

Connected in ``CoreConfig.ready`` so that every process — web and workers alike —
touches the scopes when it writes.

Scopes:
- ``tournaments``, ``tournament:<id>``: tournament lists and one event's pages;
- ``clubs``, ``players``: federation data (a player's profile also shows titles and ratings,
  so ratings writes touch ``players`` too);
- ``games``: public game records (only those of certified events: a tournament's status
  change touches ``games`` as well);
- ``ratings``: rating lists, periods, titles.

Bulk writes bypass model signals (rating periods are written with COPY, validation jobs store
their reports with ``update()``, pairing jobs ``bulk_create``). Every such write runs in a
Celery task, so the end of a task of an app touches that app's scopes as well
(:func:`_touch_after_task`, for the web process in eager mode and for the workers alike).
"""

from __future__ import annotations

import logging

from django.apps import apps

from core.caching import touch, touch_on_change

logger = logging.getLogger(__name__)

#: Task name prefix -> scopes its bulk writes change.
TASK_SCOPES: dict[str, tuple[str, ...]] = {
    "games.": ("games",),
    "ratings.": ("ratings", "players"),
    "tournaments.": ("tournaments",),
    "federation.": ("clubs", "players"),
}


def _tournament_scopes(tournament_id) -> tuple[str, ...]:
    return ("tournaments", f"tournament:{tournament_id}")


def _tournament_id_of_round(obj) -> int | None:
    """The tournament of a pairing or team match, without loading the round when it is not
    already loaded (one small query instead of a full Round per saved board)."""
    if "round" in obj._state.fields_cache:
        return obj.round.tournament_id
    Round = apps.get_model("tournaments", "Round")
    return Round.objects.filter(pk=obj.round_id).values_list("tournament_id", flat=True).first()


def connect() -> None:
    model = apps.get_model
    # A tournament's status decides whether its games are public (certified events only).
    touch_on_change(model("tournaments", "Tournament"),
                    lambda t: (*_tournament_scopes(t.pk), "games"))
    for name in ("Entry", "TeamEntry", "Round", "Official"):
        touch_on_change(model("tournaments", name),
                        lambda obj: _tournament_scopes(obj.tournament_id))
    for name in ("Pairing", "TeamMatch"):
        touch_on_change(model("tournaments", name),
                        lambda obj: _tournament_scopes(_tournament_id_of_round(obj)))
    for name in ("Club", "Person", "Member", "ClubMembership", "Body"):
        # names and clubs also appear on rating lists and game records
        touch_on_change(model("federation", name), lambda obj: ("clubs", "players", "ratings"))
    if apps.is_installed("games"):
        for name in ("GameRecord", "GameUpload"):  # an import ends with the upload's save
            touch_on_change(model("games", name), lambda obj: ("games",))
    for label in ("ratings",):
        if apps.is_installed(label):
            for ratings_model in apps.get_app_config(label).get_models():
                touch_on_change(ratings_model, lambda obj: ("ratings", "players"))
    if apps.is_installed("documents"):
        # a title's decision (number, date) is shown on profiles and the titled players' list
        touch_on_change(model("documents", "Decision"), lambda obj: ("ratings", "players"))
    _connect_tasks()


def scopes_of_task(task_name: str, params: dict | None = None) -> tuple[str, ...]:
    """The scopes a finished task may have changed (its job's params name the tournament)."""
    for prefix, scopes in TASK_SCOPES.items():
        if task_name.startswith(prefix):
            tournament = (params or {}).get("tournament")
            if prefix == "tournaments." and tournament is not None:
                return _tournament_scopes(tournament)
            return scopes
    return ()


def _touch_after_task(sender=None, task_id=None, task=None, args=None, **kwargs) -> None:
    name = getattr(task, "name", "") or ""
    if not any(name.startswith(prefix) for prefix in TASK_SCOPES):
        return
    try:
        params = None
        if name.startswith("tournaments.") and args:
            from core.models import Job

            params = Job.objects.filter(pk=args[0]).values_list("params", flat=True).first()
        touch(*scopes_of_task(name, params if isinstance(params, dict) else None))
    except Exception:  # a cache stamp must never turn a finished task into a failure
        logger.exception("could not touch the public scopes after task %s", name)


def _connect_tasks() -> None:
    from celery.signals import task_postrun

    task_postrun.connect(_touch_after_task, weak=False, dispatch_uid="core.touch_after_task")
