"""The screens of an officer of a body (issue 27): the applications of the body's clubs (and
those of the bodies below) to decide, the clubs and their members, the events organised.

Who: ``federation.permissions.can_administer_body`` through
:func:`workspace.access.officer_required`; the decisions are ``approve_application`` and
``reject_application``, which check ``can_decide_for_club`` again.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Max, Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from core.text import fold
from federation import services
from federation.models import Club, Member, MembershipApplication
from federation.permissions import PrivateAccess
from federation.selectors import body_and_descendant_ids
from tournaments.models import Tournament
from workspace.access import officer_required, wreverse
from workspace.forms import apply_service_error
from workspace.forms_club import DecisionApproveForm, DecisionRejectForm

PAGE_SIZE = 50


def _scope(body) -> set[int]:
    """The body and every body below it (a provincial body includes its districts)."""
    return body_and_descendant_ids({body.pk})


def _pending(ids: set[int]):
    return (MembershipApplication.objects
            .filter(club__body_id__in=ids, status=MembershipApplication.Status.PENDING)
            .select_related("person", "club", "sponsor__person")
            .order_by("submitted_on", "pk"))


@officer_required
def body(request, body):
    """The applications waiting for a decision, oldest first."""
    ids = _scope(body)
    page = Paginator(_pending(ids), PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/officer/body.html", {
        "body": body, "page": page, "tab": "applications"})


@officer_required
def application(request, body, application_pk: int, action: str | None = None):
    """One application: the person and the sponsor side by side; approve or refuse."""
    ids = _scope(body)
    found = get_object_or_404(
        MembershipApplication.objects.filter(club__body_id__in=ids)
        .select_related("person__province", "club__body", "club__province", "sponsor__person",
                        "member", "decided_by"), pk=application_pk)
    form: forms.Form
    approve = DecisionApproveForm(prefix="duyet")
    reject = DecisionRejectForm(prefix="tu-choi")
    status = 200
    if request.method == "POST":
        if action == "duyet":
            form = approve = DecisionApproveForm(request.POST, prefix="duyet")
        elif action == "tu-choi":
            form = reject = DecisionRejectForm(request.POST, prefix="tu-choi")
        else:
            return HttpResponseRedirect(wreverse("body-application", body.pk, found.pk))
        if form.is_valid():
            try:
                if action == "duyet":
                    member = services.approve_application(found, by=request.user,
                                                          on=form.cleaned_data["on"])
                    messages.success(request, _(
                        "Đã duyệt đơn của %(name)s: thẻ hội viên số %(card)s.")
                        % {"name": found.person.full_name, "card": member.card_number})
                else:
                    services.reject_application(found, reason=form.cleaned_data["reason"],
                                                by=request.user)
                    messages.success(request, _("Đã từ chối đơn của %(name)s.")
                                     % {"name": found.person.full_name})
            except ServiceError as exc:
                apply_service_error(form, exc, {"date": "on", "status": None,
                                                "person": None})
                status = 403 if isinstance(exc, NotAllowedError) else 400
            else:
                return HttpResponseRedirect(wreverse("body", body.pk))
        else:
            status = 400
    person = found.person
    sponsor = found.sponsor
    sponsor_club = (sponsor.club_memberships.filter(ended_on__isnull=True)
                    .select_related("club").first())
    current = (Member.objects.filter(person=person, status=Member.Status.ACTIVE)
               .first())
    return render(request, "workspace/officer/application.html", {
        "body": body, "a": found, "person": person, "sponsor": sponsor,
        "sponsor_club": sponsor_club.club if sponsor_club else None,
        "current_member": current,
        "private": PrivateAccess(request.user).allows(person),
        "approve": approve, "reject": reject,
        "pending": found.status == MembershipApplication.Status.PENDING,
        "earlier": MembershipApplication.objects.filter(person=person).exclude(pk=found.pk)
        .select_related("club").order_by("-submitted_on")[:10],
    }, status=status)


@officer_required
def clubs(request, body):
    """The clubs of the body and of the bodies below, with their active members."""
    ids = _scope(body)
    rows = (Club.objects.filter(body_id__in=ids).select_related("body")
            .annotate(active=Count("club_memberships", filter=Q(
                club_memberships__ended_on__isnull=True,
                club_memberships__member__status=Member.Status.ACTIVE)),
                pending=Count("applications", filter=Q(
                    applications__status=MembershipApplication.Status.PENDING),
                    distinct=True))
            .order_by("name"))
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/officer/clubs.html", {
        "body": body, "page": page, "tab": "clubs"})


@officer_required
def members(request, body):
    """Active members of the body's clubs; search by name."""
    ids = _scope(body)
    query = (request.GET.get("q") or "").strip()[:100]
    rows = (Member.objects.filter(status=Member.Status.ACTIVE,
                                  club_memberships__ended_on__isnull=True,
                                  club_memberships__club__body_id__in=ids)
            .select_related("person")
            .annotate(club_name=Max("club_memberships__club__name",
                                    filter=Q(club_memberships__ended_on__isnull=True)))
            .order_by("person__name_folded", "pk"))
    if query:
        rows = rows.filter(person__name_folded__contains=fold(query))
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/officer/members.html", {
        "body": body, "page": page, "query": query, "tab": "members"})


@officer_required
def events(request, body):
    """Events organised by the body, the bodies below or their clubs."""
    ids = _scope(body)
    rows = (Tournament.objects.filter(Q(organiser_body_id__in=ids)
                                      | Q(organiser_club__body_id__in=ids))
            .select_related("organiser_body", "organiser_club")
            .annotate(entries_count=Count("entries")).order_by("-start_date", "pk"))
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/officer/events.html", {
        "body": body, "page": page, "tab": "events"})
