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
from django.db.models import Count, Max, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from core.text import fold
from federation import services
from federation.models import Club, ClubMembership, Member, MembershipApplication
from tournaments.models import Tournament
from workspace.access import officer_required, wreverse
from workspace.forms import apply_service_error
from workspace.forms_club import AdmissionRefuseForm, DecisionApproveForm, DecisionRejectForm
from workspace.privacy import shown_privately

PAGE_SIZE = 50


def _under(body, path: str) -> Q:
    """Rows whose body (reached by ``path``) is ``body`` or a body below it, as joins rather
    than a query per level: bodies are three levels deep at most (Điều 14: national,
    provincial, district — ``create_body`` puts a district under a provincial body), so
    "below" is the parent or the grandparent (``body_and_descendant_ids`` walks the same
    tree)."""
    return (Q(**{path: body}) | Q(**{f"{path}__parent": body})
            | Q(**{f"{path}__parent__parent": body}))


def _pending(body):
    return (MembershipApplication.objects
            .filter(_under(body, "club__body"), status=MembershipApplication.Status.PENDING)
            .select_related("person", "club", "sponsor__person")
            .order_by("submitted_on", "pk"))


@officer_required
def body(request, body):
    """The applications waiting for a decision, oldest first."""
    page = Paginator(_pending(body), PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/officer/body.html", {
        "body": body, "page": page, "tab": "applications"})


@officer_required
def application(request, body, application_pk: int, action: str | None = None):
    """One application: the person and the sponsor side by side; approve or refuse."""
    found = get_object_or_404(
        MembershipApplication.objects.filter(_under(body, "club__body"))
        .select_related("person__province", "club__body", "club__province", "sponsor__person",
                        "member", "decided_by")
        .annotate(sponsor_club=Subquery(ClubMembership.objects.filter(
            member=OuterRef("sponsor_id"), ended_on__isnull=True).values("club__name")[:1]),
                  person_card=Subquery(Member.objects.filter(
                      person=OuterRef("person_id"), status=Member.Status.ACTIVE)
                      .values("card_number")[:1])), pk=application_pk)
    form: forms.Form
    approve = DecisionApproveForm(prefix="duyet")
    reject = DecisionRejectForm(prefix="tu-choi")
    refuse = AdmissionRefuseForm(prefix="huy")
    status = 200
    if request.method == "POST":
        if action == "duyet":
            form = approve = DecisionApproveForm(request.POST, prefix="duyet")
        elif action == "tu-choi":
            form = reject = DecisionRejectForm(request.POST, prefix="tu-choi")
        elif action == "huy-ket-nap":
            form = refuse = AdmissionRefuseForm(request.POST, prefix="huy")
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
                elif action == "huy-ket-nap":
                    services.refuse_admission(found, reason=form.cleaned_data["reason"],
                                              by=request.user, on=form.cleaned_data["on"])
                    messages.success(request, _(
                        "Đã hủy kết nạp %(name)s (Phụ lục 2 Điều 15.2).")
                        % {"name": found.person.full_name})
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
    return render(request, "workspace/officer/application.html", {
        "body": body, "a": found, "person": person, "sponsor": found.sponsor,
        "sponsor_club": getattr(found, "sponsor_club", None),
        "person_card": getattr(found, "person_card", None),
        "private": shown_privately(request, person),
        "approve": approve, "reject": reject, "refuse": refuse,
        "pending": found.status == MembershipApplication.Status.PENDING,
        "refusable": (found.status == MembershipApplication.Status.APPROVED
                      and found.admitted_by_club) or refuse.is_bound,
    }, status=status)


@officer_required
def clubs(request, body):
    """The clubs of the body and of the bodies below, with their active members."""
    active = (ClubMembership.objects.filter(club=OuterRef("pk"), ended_on__isnull=True,
                                            member__status=Member.Status.ACTIVE)
              .order_by().values("club").annotate(n=Count("pk")).values("n"))
    pending = (MembershipApplication.objects.filter(club=OuterRef("pk"),
                                                    status=MembershipApplication.Status.PENDING)
               .order_by().values("club").annotate(n=Count("pk")).values("n"))
    rows = (Club.objects.filter(_under(body, "body")).select_related("body")
            .annotate(active=Coalesce(Subquery(active), 0),
                      pending=Coalesce(Subquery(pending), 0))
            .order_by("name"))
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/officer/clubs.html", {
        "body": body, "page": page, "tab": "clubs"})


@officer_required
def members(request, body):
    """Active members of the body's clubs; search by name."""
    query = (request.GET.get("q") or "").strip()[:100]
    rows = (Member.objects.filter(_under(body, "club_memberships__club__body"),
                                  status=Member.Status.ACTIVE,
                                  club_memberships__ended_on__isnull=True)
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
    rows = (Tournament.objects.filter(_under(body, "organiser_body")
                                      | _under(body, "organiser_club__body"))
            .select_related("organiser_body", "organiser_club")
            .annotate(entries_count=Count("entries")).order_by("-start_date", "pk"))
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/officer/events.html", {
        "body": body, "page": page, "tab": "events"})
