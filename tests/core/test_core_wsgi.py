"""The WSGI entry point freezes start-up's objects out of the cyclic garbage collector
(config/wsgi.py): a full collection in the middle of a request walked every object of Django,
the apps and the URLconf (issues 27 and 28, the pages' p95)."""

from __future__ import annotations

import gc
import importlib


def test_the_wsgi_entry_point_freezes_what_start_up_made():
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    try:
        import config.wsgi

        importlib.reload(config.wsgi)
        from django.urls import get_resolver

        assert config.wsgi.application is not None
        assert get_resolver().reverse_dict  # the URLconf was loaded before the freeze
        assert gc.get_freeze_count() > 10_000  # Django, the apps, the URL modules
    finally:
        gc.unfreeze()
