"""Staff site of play-offs (thi đấu bổ sung, 002 Phần 2 Điều 2.3): play-off games between
players recorded through ``record_playoff_game``, play-off matches between teams ("Thi đấu
thêm") through ``record_team_playoff`` (their games typed one board a line); never edited or
deleted. Registered from ``tournaments.admin``."""

from __future__ import annotations

import re

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.admin_display import table
from core.admin_service import ServiceAdmin, adopt
from core.admin_widgets import LinesField
from core.errors import ServiceError
from tournaments import services
from tournaments.models import Entry, PlayOffGame, PlayOffMatch

#: one board of a team play-off as typed: "1: 3-7 1-0" (board: White's number - Black's
#: number, result)
BOARD_LINE = re.compile(r"^\s*(\d{1,2})\s*[:.]\s*(\d{1,4})\s*-\s*(\d{1,4})\s+(\S{1,8})\s*$")


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


class PlayOffMatchAddForm(forms.ModelForm):
    games = LinesField(
        label=gettext_lazy("Các ván (mỗi bàn một dòng)"), max_lines=8,
        help_text=gettext_lazy("Bàn: số đấu thủ cầm Trắng/Đỏ - số đấu thủ cầm Đen, kết quả; "
                               "ví dụ “1: 3-7 1-0”, “2: 8-4 1/2-1/2”."))

    class Meta:
        model = PlayOffMatch
        fields = ["tournament", "home", "away", "note"]

    def _post_clean(self):
        pass  # the service checks and writes the match

    def clean_games(self) -> list[tuple[int, int, int, str]]:
        parsed = []
        for number, line in enumerate(self.cleaned_data["games"], 1):
            found = BOARD_LINE.match(line)
            if found is None:
                raise forms.ValidationError(
                    _("Dòng %(n)s: hãy ghi “bàn: số Trắng-số Đen kết quả”, ví dụ “1: 3-7 1-0”.")
                    % {"n": number})
            board, white, black, result = found.groups()
            parsed.append((int(board), int(white), int(black), result))
        return parsed

    def boards(self) -> list[services.PlayOffBoard]:
        """The typed lines with their players (by starting number in the event); a number
        not in the event is an error on the field."""
        t = self.cleaned_data["tournament"]
        rows = self.cleaned_data["games"]
        numbers = {n for _b, white, black, _r in rows for n in (white, black)}
        players = {e.starting_number: e for e in Entry.objects.filter(
            tournament=t, starting_number__in=numbers)}
        missing = sorted(numbers - set(players))
        if missing:
            raise ServiceError(_("Không có đấu thủ số %(n)s trong giải.")
                               % {"n": ", ".join(map(str, missing))}, field="games")
        return [services.PlayOffBoard(board, players[white], players[black], result)
                for board, white, black, result in rows]

    def record(self, user) -> PlayOffMatch:
        data = self.cleaned_data
        return services.record_team_playoff(data["tournament"], home=data["home"],
                                            away=data["away"], games=self.boards(), user=user,
                                            note=data.get("note") or "")


class PlayOffMatchAdmin(ServiceAdmin, admin.ModelAdmin):
    list_display = ["__str__", "home", "away", "recorded_at"]
    list_select_related = ["tournament", "home", "away"]
    autocomplete_fields = ["tournament", "home", "away"]
    search_fields = ["tournament__name", "home__name", "away__name"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = PlayOffMatchAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["tournament", "home", "away", "games", "note"]
        return ["tournament", "number", "home", "away", "board_lines", "note", "recorded_by",
                "recorded_at"]

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else self.get_fields(request, obj)

    @admin.display(description=gettext_lazy("Các ván"))
    def board_lines(self, obj) -> str:
        return table([_("Bàn"), _("Trắng/Đỏ"), _("Đen"), _("Kết quả")],
                     [(g.board, g.white.name, g.black.name, g.result)
                      for g in obj.games.select_related("white", "black").order_by("board")])

    def save_model(self, request, obj, form, change):
        if not change:
            adopt(obj, form.record(request.user))

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


def register(site) -> None:
    site.register(PlayOffGame, PlayOffGameAdmin)
    site.register(PlayOffMatch, PlayOffMatchAdmin)
