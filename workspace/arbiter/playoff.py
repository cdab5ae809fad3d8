"""The arbiter's play-off screen ("Bàn trọng tài" › Ván thi đấu bổ sung): seed 002 Phần 2
Điều 2.3 ("Để phân định thứ hạng trong trường hợp bằng điểm nhau ... Thi đấu bổ sung") and
Phần 3 Phụ lục 1. The event's play-off games and the form to record one; the write is
``tournaments.services.record_playoff_game`` (the arbiters only, two players of the event, a
decided result, not on a certified event); its refusals are shown on their field. The games
count only for the tie-break ``PO``."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from chessrules.values import RESULT_POINTS, Result
from core.errors import ServiceError
from tournaments import services, systems
from tournaments.models import PlayOffGame
from tournaments.services.playoff import NOTE_MAX
from workspace.access import signed_in, wreverse
from workspace.arbiter import reads
from workspace.arbiter.filing import EntryChoice
from workspace.forms import apply_service_error

#: play-off games listed on the page (an event plays a handful)
LISTED_MAX = 200


class PlayOffForm(forms.Form):
    white = EntryChoice(label="", queryset=None)
    black = EntryChoice(label="", queryset=None)
    result = forms.ChoiceField(label=gettext_lazy("Kết quả"), widget=forms.RadioSelect)
    note = forms.CharField(label=gettext_lazy("Ghi chú"), max_length=NOTE_MAX, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        entries = tournament.entries.filter(starting_number__isnull=False).order_by(
            "starting_number")
        for side in ("white", "black"):
            self.fields[side].queryset = entries  # type: ignore[attr-defined]
            self.fields[side].label = reads.colour(tournament.discipline, side)
        self.fields["result"].choices = [  # type: ignore[attr-defined]
            (r.value, reads.result_words(r.value, tournament.discipline))
            for r in Result if r.value in RESULT_POINTS]


@signed_in
@never_cache
def playoff(request, tournament_id: int):
    tournament = reads.tournament_for(request.user, tournament_id)
    if tournament is None:
        raise Http404
    form = PlayOffForm(request.POST if request.method == "POST" else None,
                       tournament=tournament)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                game = services.record_playoff_game(tournament, white=d["white"],
                                                    black=d["black"], result=d["result"],
                                                    user=request.user, note=d["note"])
            except ServiceError as exc:
                apply_service_error(form, exc)
                status = exc.status_code
            else:
                messages.success(request, _("Đã ghi ván bổ sung số %(n)s.") % {"n": game.number})
                return HttpResponseRedirect(wreverse("arbiter-playoff", tournament.pk))
        else:
            status = 400
    games = (PlayOffGame.objects.filter(tournament=tournament)
             .select_related("white", "black").order_by("number")[:LISTED_MAX])
    return render(request, "workspace/arbiter/playoff.html", {
        "t": tournament, "form": form,
        "games": [{"g": g, "words": reads.result_words(g.result, tournament.discipline)}
                  for g in games],
        "team_table": _team_table(tournament),
        "white_label": reads.colour(tournament.discipline, "white"),
        "black_label": reads.colour(tournament.discipline, "black")}, status=status)


def _team_table(tournament) -> bool:
    """A team event ranked by its table: its tied teams may play off (002 Điều 2.3)."""
    spec = systems.spec_of(tournament.system)
    return spec.team and not spec.team_bracket
