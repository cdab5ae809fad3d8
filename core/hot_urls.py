"""The URLs of a scope worth building ahead after a write (the warm-ahead of core.caching),
as each app declares them in its ``cache_scopes.py``."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Hashable
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any, TypeVar, cast

from django.apps import apps as django_apps

_T = TypeVar("_T")
#: what the apps' declarations read once for all of them (one call of :func:`hot_urls`)
_ONCE: contextvars.ContextVar[dict[Hashable, Any] | None] = contextvars.ContextVar(
    "hot_urls_once", default=None)


def hot_urls(scope: str) -> list[str]:
    """The URLs readers ask for most right after ``scope`` changes, as the apps declare them:
    ``hot_urls(scope)`` in ``<app>/cache_scopes.py``, in INSTALLED_APPS order (the API's
    answers before the site's pages, which are built from them and so find them cached)."""
    urls: list[str] = []
    token = _ONCE.set({})
    try:
        for module in _scope_modules():
            declare = getattr(module, "hot_urls", None)
            if declare is not None:
                urls.extend(declare(scope))
    finally:
        _ONCE.reset(token)
    return urls


def once(key: Hashable, compute: Callable[[], _T]) -> _T:
    """``compute()``, read once for every app's declaration of one :func:`hot_urls` call (the
    event's live round: the API's answers and the site's pages ask the same); outside such a
    call, just ``compute()``."""
    memo = _ONCE.get()
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    return cast(_T, memo[key])


@functools.cache
def _scope_modules() -> tuple[ModuleType, ...]:
    found: list[ModuleType] = []
    for config in django_apps.get_app_configs():
        name = f"{config.name}.cache_scopes"
        if find_spec(name) is not None:
            found.append(import_module(name))
    return tuple(found)
