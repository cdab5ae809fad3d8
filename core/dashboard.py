"""The admin index's daily queues (issue 18): what staff have to decide or look at today.

Each app's ``admin.py`` registers a provider, ``provider(today) -> list[Queue]``; its counts
come from the app's selectors and each queue links to the changelist filtered to exactly
those rows. ``with_queues`` wraps the admin index view so that its template
(``admin/dashboard_index.html``) shows the queues the user may view, above the app list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User
    from django.db.models import Model
    from django.http import HttpRequest
    from django.template.response import TemplateResponse


@dataclass(frozen=True)
class Queue:
    title: str | Promise
    count: int
    url: str
    permission: str  # "app_label.view_model": the queue is shown to users who have it
    hint: str | Promise = ""


Provider = Callable[[date], list[Queue]]
_PROVIDERS: list[Provider] = []


def register(provider: Provider) -> Provider:
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)
    return provider


def changelist_url(model: type[Model], **filters: str) -> str:
    """The admin changelist of ``model`` filtered by ``filters`` (query-string lookups)."""
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    return f"{url}?{urlencode(filters)}" if filters else url


def view_permission(model: type[Model]) -> str:
    return f"{model._meta.app_label}.view_{model._meta.model_name}"


def queues_for(user: User | AnonymousUser, today: date | None = None) -> list[Queue]:
    today = today or timezone.localdate()
    return [q for provider in _PROVIDERS for q in provider(today)
            if user.has_perm(q.permission)]


class IndexView(Protocol):
    """The admin site's index view (``AdminSite.index``)."""

    def __call__(self, request: HttpRequest,
                 extra_context: dict[str, Any] | None = None) -> TemplateResponse: ...


def with_queues(index_view: IndexView) -> IndexView:
    """The admin index view with ``queues`` in its context."""
    def index(request: HttpRequest,
              extra_context: dict[str, Any] | None = None) -> TemplateResponse:
        context = {**(extra_context or {}), "queues": queues_for(request.user)}
        return index_view(request, extra_context=context)
    return index
