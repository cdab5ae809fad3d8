"""What the arbiter's pages share: the event and the board a URL names (a 404 for an event
the user does not arbitrate, ``reads.tournament_for``), the round page's address and the round
page itself, shown again with a board's error."""

from __future__ import annotations

from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import render

from tournaments.models import Pairing
from workspace.access import wreverse
from workspace.arbiter import reads
from workspace.arbiter.cards import board_cards


def event_or_404(request, tournament_id: int):
    tournament = reads.tournament_for(request.user, tournament_id)
    if tournament is None:
        raise Http404
    return tournament


def pairing_or_404(tournament, pairing_id: int) -> Pairing:
    pairing = reads.pairing_for(tournament, pairing_id)
    if pairing is None:
        raise Http404
    return pairing


def round_url(tournament, number: int | None = None, *, page=None, pending=False,
               anchor: str = "") -> str:
    url = wreverse("arbiter-event", tournament.pk)
    query = []
    if number:
        query.append(f"van={number}")
    if page and str(page) != "1":
        query.append(f"trang={page}")
    if pending:
        query.append("chua-xong=1")
    return url + ("?" + "&".join(query) if query else "") + (f"#{anchor}" if anchor else "")


def int_or(value, default=None):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def back_url(request, tournament, pairing: Pairing, *, next_pending: bool = False) -> str:
    """The round page the arbiter came from (same page of boards, same filter), at the next
    board still waiting for a result, or at this board."""
    data = request.POST
    anchor = f"ban-{pairing.board}"
    if next_pending:
        following = (pairing.round.pairings.filter(kind=Pairing.Kind.GAME, board__gt=pairing.board,
                                                   result__in=reads.WAITING)
                     .order_by("board").values_list("board", flat=True).first())
        if following is not None and (following - 1) // reads.BOARDS_PER_PAGE == (
                pairing.board - 1) // reads.BOARDS_PER_PAGE:
            anchor = f"ban-{following}"
    return round_url(tournament, pairing.round.number, page=int_or(data.get("trang")),
                      pending=bool(data.get("chua-xong")), anchor=anchor)


def render_round(request, tournament, number, *, board_errors=None, action_error: str = "",
                  status: int = 200, page=None, pending=None):
    pending = bool(request.GET.get("chua-xong")) if pending is None else pending
    data = reads.round_page(tournament, number, page=page or request.GET.get("trang") or 1,
                            only_pending=pending)
    if number is not None and data.round is None and data.rounds:
        raise Http404
    locked = tournament.status == tournament.Status.CERTIFIED
    errors = board_errors or {}
    return render(request, "workspace/arbiter/round.html", {
        "cards": board_cards(data, buttons=reads.buttons(tournament.discipline),
                             csrf=get_token(request), board_errors=errors,
                             pending_only=pending, locked=locked),
        "t": tournament, "data": data, "action_error": action_error,
        "pending_only": pending, "state": reads.ROUND_STATES.get(data.round.status)
        if data.round else "",
        "locked": locked, "suspension": reads.suspension(tournament),
    }, status=status)


def board_error(request, tournament, pairing: Pairing, message: str, status: int = 400):
    return render_round(request, tournament, pairing.round.number,
                         board_errors={pairing.pk: message}, status=status,
                         page=int_or(request.POST.get("trang")),
                         pending=bool(request.POST.get("chua-xong")))
