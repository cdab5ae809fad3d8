"""The URLs of a scope worth building ahead after a write (the warm-ahead of core.caching),
as each app declares them in its ``cache_scopes.py``."""

from __future__ import annotations

import functools
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from django.apps import apps as django_apps


def hot_urls(scope: str) -> list[str]:
    """The URLs readers ask for most right after ``scope`` changes, as the apps declare them:
    ``hot_urls(scope)`` in ``<app>/cache_scopes.py``, in INSTALLED_APPS order (the API's
    answers before the site's pages, which are built from them and so find them cached)."""
    urls: list[str] = []
    for module in _scope_modules():
        declare = getattr(module, "hot_urls", None)
        if declare is not None:
            urls.extend(declare(scope))
    return urls


@functools.cache
def _scope_modules() -> tuple[ModuleType, ...]:
    found: list[ModuleType] = []
    for config in django_apps.get_app_configs():
        name = f"{config.name}.cache_scopes"
        if find_spec(name) is not None:
            found.append(import_module(name))
    return tuple(found)
