"""Staff site of the chess arbiter's penalties (Luật Cờ Vua 13.4 in 002; FIDE Laws 12.9) and
the two minutes an illegal move gives the opponent (7.4b; FIDE 7.5.5). Part of the game's
official record: read only here — they are written by ``games.services.add_penalty`` /
``add_fault`` (the arbiter's screens and the API), never edited or deleted. Registered from
``games.admin``."""

from __future__ import annotations

from django.contrib import admin

from core.admin_service import ServiceAdmin
from games.models import GamePenalty


class GamePenaltyAdmin(ServiceAdmin, admin.ModelAdmin):
    list_display = ["game", "side", "kind", "minutes", "article", "recorded_by", "recorded_at"]
    list_select_related = ["game__white", "game__black", "recorded_by"]
    list_filter = ["kind"]
    search_fields = ["game__white_name", "game__black_name"]
    date_hierarchy = "recorded_at"

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in GamePenalty._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False  # through add_penalty (a loss decides the game) or add_fault (7.4b)

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


def register(site) -> None:
    site.register(GamePenalty, GamePenaltyAdmin)
