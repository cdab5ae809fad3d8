"""The arbiter's team play-off screen ("Bàn trọng tài" › Thi đấu thêm): seed 002 Phần 2 Điều
2.3, "Trong thi đấu đồng đội. - Thi đấu thêm.". Two tied teams meet board against board in
their fixed board order (Điều 30.1.3; the first team White/Red on odd boards, 30.4); the
arbiter enters each board's result. The write is ``tournaments.services.record_team_playoff``
(the arbiters only, two teams of a team event ranked by its table, not on a certified event);
its refusals are shown on their field. The match counts only for the teams' tie-break ``PO``.
A reserve's game is recorded through the API or the staff site (any players)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from core.errors import ServiceError
from tournaments import selectors_playoff, services, systems
from tournaments.models import Entry, PlayOffMatch
from tournaments.services.playoff import NOTE_MAX
from workspace.access import signed_in, wreverse
from workspace.arbiter import reads
from workspace.arbiter.filing import TeamChoice
from workspace.forms import apply_service_error

HOME, DRAW, AWAY = "home", "draw", "away"
#: the result for White when the first team wins, draws, loses a board
_WHITE_RESULT = {HOME: "1-0", DRAW: "1/2-1/2", AWAY: "0-1"}
_TURNED = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2"}


class TeamPlayOffForm(forms.Form):
    home = TeamChoice(label=gettext_lazy("Đội thứ nhất"), queryset=None)
    away = TeamChoice(label=gettext_lazy("Đội thứ hai"), queryset=None)
    note = forms.CharField(label=gettext_lazy("Ghi chú"), max_length=NOTE_MAX, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        teams = tournament.teams.filter(starting_number__isnull=False).order_by("name")
        self.fields["home"].queryset = teams  # type: ignore[attr-defined]
        self.fields["away"].queryset = teams  # type: ignore[attr-defined]
        self.boards = tournament.boards_per_team or 4
        for board in range(1, self.boards + 1):
            self.fields[f"board_{board}"] = forms.ChoiceField(
                label=_("Bàn %(b)s") % {"b": board}, required=False,
                choices=[("", "—"), (HOME, _("Đội thứ nhất thắng")), (DRAW, _("Hòa")),
                         (AWAY, _("Đội thứ hai thắng"))])

    def games(self) -> list[services.PlayOffBoard]:
        """Each board with a result: board i of the first team against board i of the second
        (Điều 30.1.3 board order), the first team White/Red on odd boards (30.4). A board
        whose player is missing is an error on that board."""
        d = self.cleaned_data
        played = {b: d[f"board_{b}"] for b in range(1, self.boards + 1) if d.get(f"board_{b}")}
        players = {(e.team_id, e.board_order): e for e in Entry.objects.filter(
            team__in=[d["home"], d["away"]], board_order__in=list(played))}
        games = []
        for board, outcome in played.items():
            home, away = players.get((d["home"].pk, board)), players.get((d["away"].pk, board))
            if home is None or away is None:
                raise ServiceError(_("Bàn %(b)s: một đội không có đấu thủ ở bàn này.")
                                   % {"b": board}, field=f"board_{board}")
            result = _WHITE_RESULT[outcome]
            white, black = (home, away) if board % 2 else (away, home)
            games.append(services.PlayOffBoard(board, white, black,
                                               result if board % 2 else _TURNED[result]))
        return games


def _team_event(request, tournament_id: int):
    tournament = reads.tournament_for(request.user, tournament_id)
    if tournament is None:
        raise Http404
    spec = systems.spec_of(tournament.system)
    if not spec.team or spec.team_bracket:
        raise Http404
    return tournament


@signed_in
@never_cache
def team_playoff(request, tournament_id: int):
    tournament = _team_event(request, tournament_id)
    form = TeamPlayOffForm(request.POST if request.method == "POST" else None,
                           tournament=tournament)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                match = services.record_team_playoff(
                    tournament, home=d["home"], away=d["away"], games=form.games(),
                    user=request.user, note=d["note"])
            except ServiceError as exc:
                apply_service_error(form, exc, {"games": None})
                status = exc.status_code
            else:
                messages.success(request, _("Đã ghi trận thi đấu thêm số %(n)s.")
                                 % {"n": match.number})
                return HttpResponseRedirect(wreverse("arbiter-team-playoff", tournament.pk))
        else:
            status = 400
    scores = {m["number"]: m for m in selectors_playoff.team_playoff_matches(tournament)}
    matches = [{"m": m, "score": _score(scores.get(m.number))} for m in
               PlayOffMatch.objects.filter(tournament=tournament).select_related(
                   "home", "away").order_by("number")]
    return render(request, "workspace/arbiter/team_playoff.html", {
        "t": tournament, "form": form, "matches": matches}, status=status)


def _points(value: float) -> str:
    whole, half = divmod(round(value * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def _score(match: dict | None) -> str:
    """"2 – 1", "1½ – 1½": the two teams' game points in the match."""
    if match is None:
        return ""
    return f"{_points(match['home_points'])} – {_points(match['away_points'])}"
