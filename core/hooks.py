"""Cross-app hooks: what other apps do when something happens in one app, and what an app
reads from an app above it.

Every hook is named in ``settings.HOOKS`` (event → dotted paths of functions), so a reader
greps one list instead of hunting for signal receivers. An app fires its event with
:func:`fire` after its transaction commits; a hook that fails is logged and never turns the
(committed) write into an error for the user.

An app never imports an app above it (the layers contract of ``.importlinter``, issue 33).
When it needs a fact that an app above it owns (the adjusted Swiss numbers its entries by
their national ratings, which the ratings app keeps), ``settings.PROVIDERS`` names the one
function that answers (fact → dotted path) and :func:`provider` returns it: one list to grep,
the dependency stated where the apps are assembled.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)


def hooks_of(event: str) -> list[Callable[..., Any]]:
    """The functions registered for ``event`` in ``settings.HOOKS``, in order."""
    return [import_string(path) for path in settings.HOOKS.get(event, [])]


def fire(event: str, **kwargs: Any) -> None:
    """Call every hook of ``event``; each failure is logged, the others still run."""
    for hook in hooks_of(event):
        try:
            hook(**kwargs)
        except Exception:
            logger.exception("hook %s of %s failed (%r)", getattr(hook, "__name__", hook),
                             event, kwargs)


def provider(fact: str) -> Callable[..., Any]:
    """The function ``settings.PROVIDERS`` names for ``fact`` (a KeyError names a fact no
    app provides: a programming error, not a state of the data)."""
    found: Callable[..., Any] = import_string(settings.PROVIDERS[fact])
    return found
