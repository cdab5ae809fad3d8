"""The club manager's screens ("CLB của tôi", issue 27).

Who: ``federation.permissions.can_manage_club`` (the club's managers, the officers over the
club, staff) through :func:`workspace.access.club_manager_required`. Every write calls the
service the API calls (``federation.services``, ``tournaments.services``) with the same
checks; a refusal is shown on the field it names and nothing is written.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Page, Paginator
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _

from core.dates import dmy, normalize_citizen_id
from core.errors import NotAllowedError, ServiceError
from core.text import fold
from documents import selectors as document_selectors
from documents.models import Document
from federation import services
from federation.models import (
    Admission,
    ClubBoardMember,
    ClubMembership,
    Member,
    MembershipApplication,
    Person,
    PrivateDataAccess,
)
from federation.selectors import (
    about_to_lapse_queryset,
    active_members_with_lapse_facts,
    current_club_subquery,
    lapse_due,
    lapse_due_of,
)
from federation.services import privacy
from workspace.access import club_manager_required, forbidden, wreverse
from workspace.forms import apply_service_error
from workspace.forms_club import (
    NEW_PERSON,
    ApplicationForm,
    AttendanceForm,
    DecisionApproveForm,
    DuesForm,
    PersonSearchForm,
    ResignationForm,
    SessionForm,
)
from workspace.pdf import pdf_response
from workspace.privacy import shown_privately

#: Members shown per page of the club's list; the Điều 15.5 warning looks this far ahead.
PAGE_SIZE = 50
LAPSE_WARNING_DAYS = 30
#: Persons a search shows at most (narrow it down with the date of birth or the ID).
SEARCH_LIMIT = 20


def _status(form) -> int:
    return 400 if form.is_bound and form.errors else 200


def _refusal_status(exc: ServiceError) -> int:
    return 403 if isinstance(exc, NotAllowedError) else 400


def _active_members(club):
    """The club's active members (an open club membership), by name."""
    return (Member.objects.filter(status=Member.Status.ACTIVE, club_memberships__club=club,
                                  club_memberships__ended_on__isnull=True)
            .select_related("person").order_by("person__name_folded", "pk"))


def _member_of_club(club, member_pk: int) -> Member:
    """A member who is, or was, in ``club`` (404 otherwise: no member of another club),
    with ``current_club_id`` (his open club membership's club)."""
    member = get_object_or_404(
        Member.objects.select_related("person", "person__province")
        .filter(club_memberships__club=club).annotate(current_club_id=current_club_subquery())
        .distinct(), pk=member_pk)
    if member.status == Member.Status.ACTIVE:  # as PrivateAccess reads it off a person
        member.person.current_club_id = getattr(  # type: ignore[attr-defined]
            member, "current_club_id", None)
    return member


# --- the club's page ---------------------------------------------------------------------------

@club_manager_required
def club(request, club):
    """Board, kind, address; members with their state and dues; those about to lapse."""
    today = timezone.localdate()
    ended = request.GET.get("xem") == "da-nghi"
    query = (request.GET.get("q") or "").strip()[:100]
    if ended:
        stints = (ClubMembership.objects.filter(club=club)
                  .exclude(ended_on__isnull=True, member__status=Member.Status.ACTIVE)
                  .select_related("member__person").order_by("-ended_on", "-pk"))
        if query:
            stints = stints.filter(member__person__name_folded__contains=fold(query))
        page: Page[Any] = Paginator(stints, PAGE_SIZE).get_page(request.GET.get("trang"))
        members: list[dict[str, Any]] = [{"member": s.member, "stint": s} for s in page]
    else:
        # The page's members, then their dues and activity (the count stays a plain one).
        rows = _active_members(club)
        if query:
            rows = rows.filter(person__name_folded__contains=fold(query))
        page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("trang"))
        facts = {row["id"]: row for row in active_members_with_lapse_facts()
                 .filter(pk__in=[m.pk for m in page])
                 .values("id", "joined_on", "reinstated_on", "dues_until", "last_activity")}
        members = [{"member": m, "dues_until": f["dues_until"],
                    "last_activity": f["last_activity"],
                    "lapse": lapse_due(m.pk, f["joined_on"], f["reinstated_on"],
                                       f["dues_until"], f["last_activity"])}
                   for m, f in ((m, facts[m.pk]) for m in page)]
    # Điều 15.5 within the warning days: selected in SQL (``about_to_lapse_queryset``, the
    # same members as ``members_about_to_lapse``), their deadlines from their facts.
    soon = (active_members_with_lapse_facts().select_related("person")
            .filter(pk__in=about_to_lapse_queryset(today, LAPSE_WARNING_DAYS)
                    .filter(club_memberships__club=club,
                            club_memberships__ended_on__isnull=True).values("pk")))
    about = sorted(((lapse_due(m.pk, m.joined_on, m.reinstated_on, m.dues_until,
                               m.last_activity), m) for m in soon),
                   key=lambda pair: (pair[0].deadline, pair[0].member_id))
    board = list(ClubBoardMember.objects.filter(meeting__club=club)
                 .select_related("person", "meeting").order_by("-meeting__held_on", "role"))
    board = [seat for seat in board if seat.meeting_id == board[0].meeting_id] if board else []
    pending = MembershipApplication.objects.filter(
        club=club, status=MembershipApplication.Status.PENDING).count()
    return render(request, "workspace/club/club.html", {
        "club": club, "members": members, "page": page, "ended": ended, "query": query,
        "about_to_lapse": about,
        "warning_days": LAPSE_WARNING_DAYS, "board": board, "pending": pending,
        "today": today})


# --- one member: dues, activity, resignation, card ----------------------------------------------

MEMBER_FORMS = {"hoi-phi": DuesForm, "sinh-hoat": AttendanceForm, "xin-ra": ResignationForm}


@club_manager_required
def member(request, club, member_pk: int, action: str | None = None):
    if action is not None and action not in MEMBER_FORMS and action != REVEAL:
        return forbidden(request, status=404)
    member = _member_of_club(club, member_pk)
    revealed = None
    if action == REVEAL:  # the whole ID number on an explicit, logged click (POST only)
        if request.method != "POST":
            return HttpResponseRedirect(wreverse("club-member", club.pk, member.pk))
        try:
            revealed = privacy.reveal_citizen_id(member.person, by=request.user,
                                                 via=PrivateDataAccess.Via.REVEAL,
                                                 path=request.path)
        except NotAllowedError:
            return forbidden(request)
        action = None
    posted = request.method == "POST" and revealed is None
    forms = {name: form_class(prefix=name) for name, form_class in MEMBER_FORMS.items()}
    status = 200
    if posted:
        if action is None:
            return forbidden(request, status=404)
        form = forms[action] = MEMBER_FORMS[action](request.POST, prefix=action)
        if form.is_valid():
            try:
                done = _member_write(request, club, member, action, form.cleaned_data)
            except ServiceError as exc:
                apply_service_error(form, exc, {"date": "day", "member": None})
                status = _refusal_status(exc)
            else:
                messages.success(request, done)
                return HttpResponseRedirect(wreverse("club-member", club.pk, member.pk))
        else:
            status = 400
    return render(request, "workspace/club/member.html", {
        "club": club, "member": member, "action": action,
        "forms": {name.replace("-", "_"): form for name, form in forms.items()},
        "in_club": getattr(member, "current_club_id", None) == club.pk,
        "lapse": _lapse_of(member),
        "dues": member.dues.order_by("-period_end", "-pk")[:12],
        "attendance": member.attendance.order_by("-date")[:12],
        "events": [(e, rule_label(e.rule)) for e in member.events.order_by("-at")[:20]],
        "private": shown_privately(request, member.person),
        "revealed": revealed,
    }, status=status)


#: the URL action of the club member page that shows the whole ID number (logged)
REVEAL = "xem-cccd"


def rule_label(rule: str) -> str:
    """A membership event's ground in words: an end rule's label, else "Điều <n>"."""
    if rule in Member.EndRule.values:
        return str(Member.EndRule(rule).label)
    return _("Điều %(n)s") % {"n": rule} if rule else ""


def _lapse_of(member: Member):
    return lapse_due_of(member) if member.status == Member.Status.ACTIVE else None


def _member_write(request, club, member: Member, action: str, data: dict) -> str:
    by = request.user
    name = member.person.full_name
    if action == "hoi-phi":
        services.record_dues(member=member, club=club, by=by, **data)
        return _("Đã ghi hội phí của %(name)s.") % {"name": name}
    if action == "sinh-hoat":
        services.record_attendance(member=member, club=club, by=by, **data)
        return _("Đã ghi sinh hoạt của %(name)s.") % {"name": name}
    services.resign_member(member, by=by, **data)
    return _("Đã ghi nhận %(name)s ra khỏi Liên đoàn.") % {"name": name}


@club_manager_required
def member_card(request, club, member_pk: int):
    """The member card (the documents app's PDF, as the API serves it); while it is being
    rendered, a page that asks again after a few seconds."""
    member = _member_of_club(club, member_pk)
    kind, target = Document.Kind.MEMBER_CARD, str(member.pk)
    if not document_selectors.can_view(request.user, kind, target):
        return forbidden(request, _("Chỉ người quản lý câu lạc bộ hiện tại của hội viên in "
                                    "được thẻ."))
    return pdf_response(request, kind, target)


@club_manager_required
def session(request, club):
    """A club session: the members present on a day (``record_session``, all or nothing)."""
    members = list(_active_members(club))
    data = request.POST if request.method == "POST" else None
    form = SessionForm(data, members=members, initial={"day": timezone.localdate()})
    status = 200
    if request.method == "POST" and form.is_valid():
        chosen = [m for m in members if str(m.pk) in set(form.cleaned_data["members"])]
        try:
            recorded = services.record_session(club=club, day=form.cleaned_data["day"],
                                               members=chosen, note=form.cleaned_data["note"],
                                               by=request.user)
        except ServiceError as exc:
            apply_service_error(form, exc, {"date": "day"})
            status = _refusal_status(exc)
        else:
            messages.success(request, _("Đã ghi sinh hoạt của %(n)s hội viên.")
                             % {"n": len(recorded)})
            return HttpResponseRedirect(wreverse("club", club.pk))
    return render(request, "workspace/club/session.html", {"club": club, "form": form},
                  status=status if status != 200 else _status(form))


# --- applications -------------------------------------------------------------------------------

def application_next_step(application: MembershipApplication) -> str:
    """What happens next, in words (Điều 8.3)."""
    status = MembershipApplication.Status
    body = application.club.body
    if application.status == status.PENDING and body.admission == Admission.CLUB_ADMITS:
        return _("Câu lạc bộ kết nạp và cấp thẻ (Phụ lục 2 Điều 15.2); %(body)s được từ chối "
                 "trong %(days)s ngày.") % {"body": body.name, "days": body.refusal_days}
    if application.status == status.ANNULLED:
        return _("%(body)s đã hủy kết nạp ngày %(on)s: %(reason)s") % {
            "body": body.name, "on": dmy(application.annulled_on),
            "reason": application.annulment_reason}
    if application.status == status.APPROVED and application.admitted_by_club:
        return _("Câu lạc bộ đã kết nạp: in thẻ ở trang hội viên. %(body)s được từ chối kết "
                 "nạp đến hết ngày %(until)s.") % {"body": body.name,
                                                   "until": dmy(application.refusal_until)}
    if application.status == status.PENDING:
        return _("Chờ %(body)s xét duyệt. Khi được duyệt, hội viên được cấp thẻ và câu lạc bộ "
                 "in thẻ ở trang hội viên (Điều 8.3).") % {"body": application.club.body.name}
    if application.status == status.APPROVED:
        return _("Đã được cấp thẻ hội viên: in thẻ ở trang hội viên.")
    return _("Đơn bị từ chối; có thể nộp đơn mới khi đã khắc phục lý do.")


@club_manager_required
def applications(request, club):
    rows = (MembershipApplication.objects.filter(club=club)
            .select_related("person", "sponsor__person", "member", "club__body")
            .order_by("-submitted_on", "-pk"))
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("trang"))
    return render(request, "workspace/club/applications.html", {
        "club": club, "page": page,
        "rows": [(a, application_next_step(a)) for a in page]})


@club_manager_required
def application_admit(request, club, application_pk: int):
    """The club admits and issues the card (Phụ lục 2 Điều 15.2: "Câu lạc bộ kết nạp cấp thẻ
    sinh hoạt hội viên") where its body chose "club admits"; the number comes from the
    national register (``approve_application``), which refuses (403) elsewhere."""
    found = get_object_or_404(MembershipApplication.objects.select_related(
        "person", "sponsor__person", "club__body"), club=club, pk=application_pk)
    form = DecisionApproveForm(request.POST if request.method == "POST" else None,
                               prefix="ket-nap")
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                member = services.approve_application(found, by=request.user,
                                                      on=form.cleaned_data["on"])
            except ServiceError as exc:
                apply_service_error(form, exc, {"date": "on", "status": None, "person": None})
                status = _refusal_status(exc)
            else:
                messages.success(request, _("Đã kết nạp %(name)s: thẻ hội viên số %(card)s.")
                                 % {"name": found.person.full_name, "card": member.card_number})
                return HttpResponseRedirect(wreverse("club-applications", club.pk))
        else:
            status = 400
    return render(request, "workspace/club/application_admit.html", {
        "club": club, "a": found, "form": form, "next": application_next_step(found)},
        status=status)


def _search_persons(search: PersonSearchForm) -> list[Person]:
    """Persons matching the search: the name (with or without diacritics) and, when typed,
    exactly the date of birth and the ID. Only names and public facts are shown."""
    data = search.cleaned_data
    found = Person.objects.all()
    if data.get("name"):
        found = found.filter(name_folded__contains=fold(data["name"]))
    if data.get("born"):
        found = found.filter(date_of_birth=data["born"])
    if data.get("citizen_id"):
        found = found.filter(citizen_id=normalize_citizen_id(data["citizen_id"]))
    return list(found.select_related("province").order_by("name_folded", "pk")[:SEARCH_LIMIT])


@club_manager_required
def application_new(request, club):
    """File an application: find the person (or enter a new one), choose the sponsor from
    the club's active members, the date handed in. The search's terms travel with the form
    so the list of persons is the same when it is posted."""
    source = request.POST if request.method == "POST" else request.GET
    searched = any(source.get(k) for k in ("name", "born", "citizen_id"))
    search = PersonSearchForm(source if searched else None)
    persons = _search_persons(search) if searched and search.is_valid() else []
    memberships = {}
    if persons:
        memberships = dict(ClubMembership.objects.filter(
            member__person__in=persons, ended_on__isnull=True,
            member__status=Member.Status.ACTIVE).values_list("member__person_id", "club__name"))
    sponsors = list(_active_members(club))
    # Each person found with what tells them apart, public facts only (no date of birth).
    labels = {p.pk: ", ".join(filter(None, [
        p.full_name, p.get_gender_display(), p.province.name if p.province else "",
        (_("đang sinh hoạt tại %(club)s") % {"club": memberships[p.pk]}
         if p.pk in memberships else _("chưa là hội viên"))])) for p in persons}
    form = ApplicationForm(request.POST if request.method == "POST" else None,
                           persons=persons, sponsors=sponsors, labels=labels, prefix="don")
    status = 400 if searched and not search.is_valid() else 200
    if request.method == "POST":
        if form.is_valid():
            try:
                application = _file_application(request, club, form, sponsors)
            except ServiceError as exc:
                apply_service_error(form, exc, {"club": "person", "consent": "consent_given_by",
                                               privacy.CHILD_AGREED_FIELD: "consent_child_agreed"})
                status = _refusal_status(exc)
            else:
                messages.success(request, _("Đã nộp đơn của %(name)s; đơn chờ duyệt.")
                                 % {"name": application.person.full_name})
                return HttpResponseRedirect(wreverse("club-applications", club.pk))
        else:
            status = 400
    return render(request, "workspace/club/application_new.html", {
        "club": club, "search": search, "searched": searched, "persons": persons,
        "memberships": memberships, "form": form, "new_person": NEW_PERSON,
        "limit": SEARCH_LIMIT}, status=status)


@transaction.atomic
def _file_application(request, club, form: ApplicationForm, sponsors) -> MembershipApplication:
    """The new person (if any) and the application in one transaction: a refused application
    leaves no person behind."""
    sponsor = {str(m.pk): m for m in sponsors}.get(form.cleaned_data["sponsor"])
    if sponsor is None:
        raise ServiceError(_("Hãy chọn hội viên giới thiệu trong danh sách."), field="sponsor")
    person = form.chosen_person()
    if person is None:
        person = services.create_person(form.new_person_data(), by=request.user)
    return services.submit_application(person=person, club=club, sponsor=sponsor,
                                       submitted_on=form.cleaned_data["submitted_on"],
                                       by=request.user, consent=form.consent())
