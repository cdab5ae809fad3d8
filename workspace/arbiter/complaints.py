"""The arbiter's complaints screens ("Bàn trọng tài": Khiếu nại): the event's complaints, and
one complaint with the decision form for whoever decides at its level — the chief arbiter at
the first level (Điều 11.1b, 15.6; 002 Phần 2 Điều 2.7: "chuyển tới Ban Trọng tài"). Every
write is ``tournaments.services.decide_complaint``: its permission, checks and effects (the
result corrected through the result service, the game annulled and replayed, Điều 9.9a-b)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from chessrules.values import Result
from core.errors import ServiceError
from tournaments import selectors_complaints, services
from tournaments.models import AnnulledGame, Complaint
from tournaments.services.complaints import may_decide
from workspace.access import signed_in, wreverse
from workspace.arbiter import reads
from workspace.arbiter.filing import AppealForm, can_appeal
from workspace.forms import apply_service_error

TEXT_MAX = 2000
#: the corrected results offered, in the order of a score sheet
CORRECTIONS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_FORFEIT_WIN,
               Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)


class DecideForm(forms.Form):
    """The decision on a complaint: shapes and limits only, every rule is the service's."""

    upheld = forms.TypedChoiceField(
        label=gettext_lazy("Quyết định"), widget=forms.RadioSelect, coerce=lambda v: v == "1",
        choices=[("1", gettext_lazy("Chấp nhận khiếu nại")),
                 ("0", gettext_lazy("Không chấp nhận khiếu nại"))])
    reasons = forms.CharField(label=gettext_lazy("Lý do"), max_length=TEXT_MAX,
                              widget=forms.Textarea(attrs={"rows": 3}))
    article = forms.CharField(label=gettext_lazy("Căn cứ điều"), max_length=80,
                              help_text=gettext_lazy("Ví dụ: Điều 11.1b, Điều 9.9a"))
    effect = forms.ChoiceField(label=gettext_lazy("Hiệu lực"), choices=Complaint.Effect.choices,
                               initial=Complaint.Effect.NONE)
    corrected_result = forms.ChoiceField(label=gettext_lazy("Kết quả sửa thành"),
                                         required=False)
    replay_reason = forms.ChoiceField(
        label=gettext_lazy("Lý do hủy ván (khi đấu lại)"), required=False,
        choices=[("", "—"), *AnnulledGame.Reason.choices])

    def __init__(self, *args, discipline: str, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—"), *((r.value, reads.result_words(r.value, discipline))
                                for r in CORRECTIONS)]
        self.fields["corrected_result"].choices = choices  # type: ignore[attr-defined]

    def ruling(self) -> services.Ruling:
        data = self.cleaned_data
        return services.Ruling(upheld=data["upheld"], reasons=data["reasons"],
                               article=data["article"], effect=data["effect"],
                               corrected_result=data.get("corrected_result") or "",
                               replay_reason=data.get("replay_reason") or "")


def _event(request, tournament_id: int):
    tournament = reads.tournament_for(request.user, tournament_id)
    if tournament is None:
        raise Http404
    return tournament


@signed_in
@never_cache
def complaints(request, tournament_id: int):
    tournament = _event(request, tournament_id)
    return render(request, "workspace/arbiter/complaints.html", {
        "t": tournament,
        "rows": list(selectors_complaints.pending_for_chief(tournament)[:200])})


@signed_in
@never_cache
def complaint(request, tournament_id: int, complaint_id: int):
    tournament = _event(request, tournament_id)
    found = (selectors_complaints.pending_for_chief(tournament).filter(pk=complaint_id)
             .first())
    if found is None:
        raise Http404
    form = DecideForm(request.POST or None, discipline=tournament.discipline)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.decide_complaint(found, form.ruling(), user=request.user)
            except ServiceError as exc:
                apply_service_error(form, exc)
                status = exc.status_code
            else:
                messages.success(request, _("Đã giải quyết khiếu nại số %(n)s.")
                                 % {"n": found.number})
                return HttpResponseRedirect(wreverse("arbiter-complaints", tournament.pk))
        else:
            status = 400
    return render(request, "workspace/arbiter/complaint.html", {
        "t": tournament, "c": found, "form": form,
        "can_decide": not found.is_decided and may_decide(request.user, found),
        "can_appeal": can_appeal(found), "appeal_form": AppealForm(),
        "words": reads.result_words(found.corrected_result, tournament.discipline)
        if found.corrected_result else ""}, status=status)


class AnnulForm(forms.Form):
    reason = forms.ChoiceField(label=gettext_lazy("Lý do hủy ván"), widget=forms.RadioSelect,
                               choices=AnnulledGame.Reason.choices)
    note = forms.CharField(label=gettext_lazy("Ghi chú"), max_length=TEXT_MAX, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))


@signed_in
@never_cache
def annul(request, tournament_id: int, pairing_id: int):
    """Điều 9.9a-b: the arbiter annuls the board's game; the board waits for the replay."""
    tournament = _event(request, tournament_id)
    pairing = reads.pairing_for(tournament, pairing_id)
    if pairing is None or pairing.kind != pairing.Kind.GAME or pairing.black_id is None:
        raise Http404
    form = AnnulForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.annul_and_replay(pairing, user=request.user,
                                          reason=form.cleaned_data["reason"],
                                          note=form.cleaned_data["note"],
                                          expected_version=_version(request))
            except ServiceError as exc:
                apply_service_error(form, exc)
                status = exc.status_code
            else:
                messages.success(request, _("Bàn %(b)s: ván bị hủy, chờ đấu lại (Điều 9.9).")
                                 % {"b": pairing.board})
                return HttpResponseRedirect(
                    wreverse("arbiter-event", tournament.pk)
                    + f"?van={pairing.round.number}#ban-{pairing.board}")
        else:
            status = 400
    return render(request, "workspace/arbiter/annul.html", {
        "t": tournament, "p": pairing, "form": form,
        "annulled": list(pairing.annulled_games.select_related("played_white", "played_black")),
        "white_label": reads.colour(tournament.discipline, "white"),
        "black_label": reads.colour(tournament.discipline, "black")}, status=status)


def _version(request) -> int | None:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None
