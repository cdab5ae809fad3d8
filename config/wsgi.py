"""The WSGI entry point (gunicorn ``config.wsgi:application``).

Once Django, the apps and the URLconf are loaded, their objects are frozen out of the cyclic
garbage collector (``gc.freeze``): they live as long as the process, and a full collection,
which comes every few requests, otherwise walked all ~200,000 of them in the middle of a
request (issues 27 and 28: +130-170 ms CPU on one request in ten, the pages' p95; frozen,
a full collection walks only what the requests made). Forked workers also keep sharing
those pages of memory instead of the collector writing to them.
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def freeze_startup_objects() -> None:
    """Load the URLconf (the views, the admin's registry), then freeze what start-up made."""
    from django.urls import get_resolver

    get_resolver().reverse_dict  # noqa: B018 - imports every URL module
    gc.collect()
    gc.freeze()


freeze_startup_objects()
