"""The tournament filter of the entry and team lists at federation scale (issue #28): the 30
events that start latest (and the one chosen), not a link per event of 2,000 — the page built
every one of them. Any other event: search, or follow the event's own link (the bulk entry
page leads to its list), ``?tournament__id__exact=<id>``."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament

#: How many of the latest events the filter offers.
RECENT_EVENTS = 30


class RecentTournamentFilter(admin.SimpleListFilter):
    title = gettext_lazy("giải đấu (gần đây)")
    parameter_name = "tournament__id__exact"

    def lookups(self, request: HttpRequest, model_admin: object) -> list[tuple[str, str]]:
        recent = list(Tournament.objects.order_by("-start_date", "-id")
                      .values_list("pk", "name")[:RECENT_EVENTS])
        chosen = self.value()
        if chosen and chosen.isdigit() and all(str(pk) != chosen for pk, _name in recent):
            recent += list(Tournament.objects.filter(pk=int(chosen)).values_list("pk", "name"))
        return [(str(pk), name) for pk, name in recent]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(tournament_id=int(value))
        return queryset
