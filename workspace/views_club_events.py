"""The club's entries in open events (issue 27, "CLB của tôi"): the events open for
registration, the club's players and teams entered in one, and their withdrawal before the
deadline, through ``tournaments.services`` (deadline, quotas, reserves, roster sizes)."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.db.models import Count
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import services as tournament_services
from tournaments.models import Entry, TeamEntry, Tournament
from tournaments.services.entries import is_late
from workspace.access import club_manager_required, wreverse
from workspace.forms import apply_service_error
from workspace.forms_club import (
    EntriesForm,
    TeamForm,
)
from workspace.views_club import _active_members, _refusal_status

# --- entries in events ---------------------------------------------------------------------------

def _open_events():
    return (Tournament.objects.filter(status=Tournament.Status.REGISTRATION)
            .select_related("organiser_body", "organiser_club")
            .order_by("start_date", "pk"))


def _club_entries(club, tournament):
    return (Entry.objects.filter(tournament=tournament, member__club_memberships__club=club,
                                 member__club_memberships__ended_on__isnull=True)
            .select_related("member__person", "team").order_by("team_id", "board_order", "name"))


@club_manager_required
def events(request, club):
    """Events open for registration, with the deadline, the quota and the club's entries."""
    today = timezone.localdate()
    rows = list(_open_events()[:100])
    counts = dict(Entry.objects.filter(tournament__in=rows, member__club_memberships__club=club,
                                       member__club_memberships__ended_on__isnull=True)
                  .values("tournament").annotate(n=Count("pk")).values_list("tournament", "n"))
    return render(request, "workspace/club/events.html", {
        "club": club, "rows": [(t, counts.get(t.pk, 0), is_late(t, today)) for t in rows]})


@club_manager_required
def event(request, club, tournament_pk: int):
    """Enter the club's members (or its team) in one open event; see and withdraw them."""
    tournament = get_object_or_404(
        Tournament.objects.select_related("organiser_body", "organiser_club")
        .exclude(status=Tournament.Status.DRAFT), pk=tournament_pk)
    entries = list(_club_entries(club, tournament))
    entered = {e.member_id for e in entries}
    members = [m for m in _active_members(club) if m.pk not in entered]
    team_event = tournament.is_team_event
    boards, reserves = tournament.boards_per_team or 0, tournament.reserves_per_team or 0
    data = request.POST if request.method == "POST" else None
    form: TeamForm | EntriesForm
    if team_event:
        form = TeamForm(data, members=members, boards=boards, reserves=reserves,
                        initial={"name": club.name})
    else:
        form = EntriesForm(data, members=members)
    status = 200
    if request.method == "POST" and form.is_valid():
        by_pk = {str(m.pk): m for m in members}
        try:
            done = _enter(request, club, tournament, form, by_pk, team_event)
        except ServiceError as exc:
            apply_service_error(form, exc, {"member": "members", "roster": None})
            status = _refusal_status(exc)
        else:
            messages.success(request, done)
            return HttpResponseRedirect(wreverse("club-event", club.pk, tournament.pk))
    elif request.method == "POST":
        status = 400
    teams = TeamEntry.objects.filter(tournament=tournament, club=club).order_by("name")
    return render(request, "workspace/club/event.html", {
        "club": club, "t": tournament, "entries": entries, "form": form,
        "team_event": team_event, "teams": teams, "late": is_late(tournament),
        "open": tournament.status == Tournament.Status.REGISTRATION,
        "boards": boards, "reserves": reserves,
        "open_section": Tournament.GenderSection.OPEN,
        "can_withdraw": (tournament.status == Tournament.Status.REGISTRATION
                         and not is_late(tournament) and not team_event)}, status=status)


@transaction.atomic
def _enter(request, club, tournament, form, by_pk: dict, team_event: bool) -> str:
    """All the chosen members or none: the first refusal names the member and undoes the
    others."""
    if team_event:
        roster = [(by_pk[pk], order) for pk, order in form.roster()]
        tournament_services.register_team(tournament, form.cleaned_data["name"], roster,
                                          user=request.user, club=club)
        return _("Đã đăng ký đội %(name)s.") % {"name": form.cleaned_data["name"]}
    chosen = [by_pk[pk] for pk in form.cleaned_data["members"]]
    for member in chosen:
        try:
            tournament_services.register_entry(tournament, member, user=request.user)
        except ServiceError as exc:
            if member.person.full_name not in exc.message:
                exc.message = f"{member.person.full_name}: {exc.message}"
                exc.fields = {name: [exc.message] for name in exc.fields}
            raise
    return _("Đã đăng ký %(n)s đấu thủ.") % {"n": len(chosen)}


@require_POST
@club_manager_required
def withdraw(request, club, tournament_pk: int, entry_pk: int):
    """Take one of the club's entries back before the deadline (``withdraw_entry``)."""
    tournament = get_object_or_404(Tournament, pk=tournament_pk)
    entry = get_object_or_404(_club_entries(club, tournament), pk=entry_pk)
    try:
        tournament_services.withdraw_entry(entry, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Đã rút %(name)s khỏi giải.") % {"name": entry.name})
    return HttpResponseRedirect(wreverse("club-event", club.pk, tournament.pk))


@require_POST
@club_manager_required
def withdraw_team(request, club, tournament_pk: int, team_pk: int):
    tournament = get_object_or_404(Tournament, pk=tournament_pk)
    team = get_object_or_404(TeamEntry, tournament=tournament, club=club, pk=team_pk)
    try:
        tournament_services.withdraw_team(team, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Đã rút đội %(name)s khỏi giải.") % {"name": team.name})
    return HttpResponseRedirect(wreverse("club-event", club.pk, tournament.pk))
