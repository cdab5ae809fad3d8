"""A club's lists as Excel workbooks (issue 29): its active members and its membership
applications, for its managers (``club_manager_required``), in the page's language
(Vietnamese; English under /en/). Public columns only: no birth date, ID number or contact."""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from core import xlsx
from federation import selectors
from federation.models import Club, ClubMembership, Member, MembershipApplication
from workspace.access import club_manager_required


@club_manager_required
def members_sheet(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's active members (an open club membership), by card number."""
    members = (Member.objects.filter(status=Member.Status.ACTIVE,
                                     club_memberships__club=club,
                                     club_memberships__ended_on__isnull=True)
               .select_related("person", "person__province")
               .prefetch_related(Prefetch("club_memberships",
                                          queryset=ClubMembership.objects.select_related("club")))
               .order_by("card_number").distinct())
    return xlsx.xlsx_response(_("Hội viên"), *selectors.members_table(members),
                              filename=f"club-{club.pk}-members.xlsx")


@club_manager_required
def applications_sheet(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's membership applications (Điều 8.2-8.3), oldest first."""
    applications = MembershipApplication.objects.filter(club=club).order_by("submitted_on", "pk")
    return xlsx.xlsx_response(_("Đơn xin gia nhập"), *selectors.applications_table(applications),
                              filename=f"club-{club.pk}-applications.xlsx")
