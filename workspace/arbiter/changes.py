"""The arbiter's screens for changes at a round's start (issue 27): a pairing changed before
the round starts, late arrivals (Điều 10.2.1a), and the players' withdrawals and requested
byes. Every write is the service the API calls, with the user."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import services
from tournaments.models import Pairing
from workspace.access import signed_in, wreverse
from workspace.arbiter import forms as F
from workspace.arbiter import reads
from workspace.arbiter.pages import (
    board_error,
    event_or_404,
    int_or,
    pairing_or_404,
    round_url,
)
from workspace.forms import apply_service_error

# --- a pairing changed before the round starts --------------------------------------------

@signed_in
@never_cache
def change_pairing(request, tournament_id: int, pairing_id: int):
    """``tournaments.services.change_pairing``: swap colours or put another player in (the one
    replaced takes his place on the other board), before the start; the reason is kept."""
    tournament = event_or_404(request, tournament_id)
    pairing = pairing_or_404(tournament, pairing_id)
    kwargs = {"discipline": tournament.discipline}
    status = 200
    if request.method == "POST":
        form = F.PairingChangeForm(request.POST, **kwargs)
        if form.is_valid():
            players = {}
            for side in ("white", "black"):
                number = form.cleaned_data[f"{side}_number"]
                if number is not None:
                    players[side] = tournament.entries.filter(starting_number=number).first()
                    if players[side] is None:
                        form.add_error(f"{side}_number", _(
                            "Giải không có đấu thủ số %(n)s.") % {"n": number})
        if form.is_valid():
            try:
                services.change_pairing(
                    pairing, user=request.user, reason=form.cleaned_data["reason"],
                    expected_version=form.cleaned_data["version"],
                    swap_colours=form.cleaned_data["swap_colours"],
                    white=players.get("white"), black=players.get("black"))
            except ServiceError as exc:
                apply_service_error(form, exc, {"white": "white_number",
                                                "black": "black_number",
                                                "version": "reason"})
                status = exc.status_code
            else:
                messages.success(request, _("Bàn %(b)s: đã thay đổi cặp đấu.")
                                 % {"b": pairing.board})
                return HttpResponseRedirect(round_url(tournament, pairing.round.number,
                                                       anchor=f"ban-{pairing.board}"))
        else:
            status = 400
    else:
        form = F.PairingChangeForm(initial={"version": pairing.version}, **kwargs)
    return render(request, "workspace/arbiter/change.html", {
        "t": tournament, "p": pairing, "form": form,
        "white_label": reads.colour(tournament.discipline, "white"),
        "black_label": reads.colour(tournament.discipline, "black")}, status=status)


# --- late arrivals (Điều 10.2.1a) ----------------------------------------------------------------

@signed_in
@never_cache
def late_arrival(request, tournament_id: int, pairing_id: int):
    tournament = event_or_404(request, tournament_id)
    pairing = pairing_or_404(tournament, pairing_id)
    if pairing.kind != Pairing.Kind.GAME or pairing.black_id is None:
        raise Http404
    kwargs = {"pairing": pairing, "discipline": tournament.discipline}
    status = 200
    if request.method == "POST":
        form = F.LateArrivalForm(request.POST, **kwargs)
        if form.is_valid():
            try:
                services.record_late_arrival(
                    pairing, form.cleaned_data["side"], user=request.user,
                    scheduled_start=form.moment("scheduled_start"),
                    arrived_at=form.moment("arrived_at"), decided_at=form.moment("decided_at"),
                    note=form.cleaned_data["note"],
                    expected_version=int_or(request.POST.get("version")))
            except ServiceError as exc:
                apply_service_error(form, exc)
                status = exc.status_code
            else:
                pairing.refresh_from_db()
                messages.success(request, _("Bàn %(b)s: %(r)s (đến muộn, Điều 10.2.1a).") % {
                    "b": pairing.board,
                    "r": reads.result_words(pairing.result, tournament.discipline)})
                return HttpResponseRedirect(round_url(tournament, pairing.round.number,
                                                       anchor=f"ban-{pairing.board}"))
        else:
            status = 400
    else:
        form = F.LateArrivalForm(initial=F.LateArrivalForm.initial_for(
            reads.scheduled_start(pairing)), **kwargs)
    return render(request, "workspace/arbiter/late.html", {
        "t": tournament, "p": pairing, "form": form,
        "late": list(pairing.late_arrivals.order_by("pk")),
        "words": reads.result_words(pairing.result, tournament.discipline),
        "white_label": reads.colour(tournament.discipline, "white"),
        "black_label": reads.colour(tournament.discipline, "black"),
        "minutes": tournament.late_arrival_minutes}, status=status)


@signed_in
@require_POST
def cancel_late_arrival(request, tournament_id: int, pairing_id: int):
    tournament = event_or_404(request, tournament_id)
    pairing = pairing_or_404(tournament, pairing_id)
    form = F.CancelLateForm(request.POST)
    late = None
    if form.is_valid():
        late = pairing.late_arrivals.filter(side=form.cleaned_data["side"]).first()
    if late is None:
        raise Http404
    try:
        services.cancel_late_arrival(late, user=request.user,
                                     expected_version=form.cleaned_data["version"])
    except ServiceError as exc:
        return board_error(request, tournament, pairing, exc.message, status=exc.status_code)
    messages.success(request, _("Bàn %(b)s: đã hủy ghi nhận đến muộn.") % {"b": pairing.board})
    return HttpResponseRedirect(round_url(tournament, pairing.round.number,
                                           anchor=f"ban-{pairing.board}"))


# --- players: withdrawals and requested byes --------------------------------------------------------

@signed_in
@never_cache
def entries(request, tournament_id: int):
    tournament = event_or_404(request, tournament_id)
    query = request.GET.get("q", "")
    return render(request, "workspace/arbiter/entries.html", {
        "t": tournament, "page": reads.entries_page(tournament, query, request.GET.get("trang")),
        "q": query[:100]})


@signed_in
@never_cache
def entry(request, tournament_id: int, entry_id: int):
    """One player: withdraw him (Điều 21.5) or record a requested bye (Điều 28.7)."""
    tournament = event_or_404(request, tournament_id)
    player = reads.entry_for(tournament, entry_id)
    if player is None:
        raise Http404
    rounds = reads.future_rounds(tournament)
    withdraw_form = F.WithdrawForm(prefix="bo")
    bye_form = F.ByeForm(prefix="nghi", rounds=rounds,
                         initial={"points": str(tournament.requested_bye_score.normalize())})
    status = 200
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "withdraw":
                withdraw_form = F.WithdrawForm(request.POST, prefix="bo")
                if withdraw_form.is_valid():
                    services.withdraw_entry(player, user=request.user,
                                            on_date=withdraw_form.cleaned_data["on_date"])
                    messages.success(request, _("%(name)s đã bỏ cuộc.") % {"name": player.name})
                    return HttpResponseRedirect(wreverse("arbiter-entry", tournament.pk,
                                                         player.pk))
            elif action == "bye":
                bye_form = F.ByeForm(request.POST, prefix="nghi", rounds=rounds)
                if bye_form.is_valid():
                    services.request_bye(player, bye_form.cleaned_data["round"],
                                         user=request.user,
                                         points=bye_form.cleaned_data["points"])
                    messages.success(request, _("%(name)s xin nghỉ ván %(n)s.") % {
                        "name": player.name, "n": bye_form.cleaned_data["round"]})
                    return HttpResponseRedirect(wreverse("arbiter-entry", tournament.pk,
                                                         player.pk))
        except ServiceError as exc:
            apply_service_error(withdraw_form if action == "withdraw" else bye_form, exc)
            status = exc.status_code
        else:
            status = 400
        player.refresh_from_db()
    return render(request, "workspace/arbiter/entry.html", {
        "t": tournament, "e": player, "withdraw_form": withdraw_form, "bye_form": bye_form,
        "rounds": rounds, "byes": [{"round": b["round"], "points": b["points"]}
                                   for b in player.requested_byes or []]}, status=status)
