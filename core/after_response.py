"""Work a request leaves for after its answer (issue 33: the warm-ahead of a result).

:func:`defer` runs a task once the response of the current request has been sent: the WSGI
server calls the response's ``close()`` after writing its last byte (gunicorn, runserver; the
test client too, before it hands the response back), and :class:`AfterResponseMiddleware`
— outermost, so the response it sees is the one the server closes — hangs the request's tasks
on it. Outside a request (a worker's job, a management command, a service called directly) a
task runs at once. A task that fails is logged; it never changes the answer, already sent.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.http import HttpRequest
from django.http.response import HttpResponseBase

logger = logging.getLogger(__name__)

Task = Callable[[], None]

#: the current request's tasks (None outside a request)
_PENDING: contextvars.ContextVar[list[Task] | None] = contextvars.ContextVar(
    "after_response_pending", default=None)


def in_request() -> bool:
    """True while a request's answer is being made (tasks will wait for it to be sent)."""
    return _PENDING.get() is not None


def defer(task: Task) -> None:
    """Run ``task`` after the current request's answer is sent, or now outside a request."""
    pending = _PENDING.get()
    if pending is None:
        run([task])
    else:
        pending.append(task)


def run(tasks: list[Task]) -> None:
    for task in tasks:
        try:
            task()
        except Exception:
            logger.exception("a task after the response failed")


@contextmanager
def collecting() -> Iterator[list[Task]]:
    """The tasks deferred inside the block, kept (not run) for the caller: what a request
    does, for code that answers in its own way (tests, benches)."""
    tasks: list[Task] = []
    token = _PENDING.set(tasks)
    try:
        yield tasks
    finally:
        _PENDING.reset(token)


class AfterResponseMiddleware:
    """Runs the request's deferred tasks when the server closes its response (after sending
    it). Must be the outermost middleware: an outer one could answer with another object."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        with collecting() as tasks:
            response = self.get_response(request)
        if tasks:
            # Django calls these in close(), before request_finished (the database
            # connection is still open); a closer's exception is swallowed by Django, so
            # run() logs it first
            closers: list[Task] = getattr(response, "_resource_closers")  # noqa: B009 (no stubs)
            closers.append(lambda: run(tasks))
        return response
