"""Staff site of play-off games (thi đấu bổ sung, 002 Phần 2 Điều 2.3): recorded through
``record_playoff_game`` (the add form), never edited or deleted. Registered from
``tournaments.admin``."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from core.admin_service import ServiceAdmin, adopt
from tournaments import services
from tournaments.models import PlayOffGame


class PlayOffGameAddForm(forms.ModelForm):
    class Meta:
        model = PlayOffGame
        fields = ["tournament", "white", "black", "result", "note"]

    def _post_clean(self):
        pass  # the service checks and writes the game

    def record(self, user) -> PlayOffGame:
        data = self.cleaned_data
        return services.record_playoff_game(data["tournament"], white=data["white"],
                                            black=data["black"], result=data["result"],
                                            user=user, note=data.get("note") or "")


class PlayOffGameAdmin(ServiceAdmin, admin.ModelAdmin):
    list_display = ["__str__", "white", "black", "result", "recorded_at"]
    list_select_related = ["tournament", "white", "black"]
    autocomplete_fields = ["tournament", "white", "black"]
    search_fields = ["tournament__name", "white__name", "black__name"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = PlayOffGameAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else [f.name for f in PlayOffGame._meta.fields]

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.record(request.user))

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


def register(site) -> None:
    site.register(PlayOffGame, PlayOffGameAdmin)
