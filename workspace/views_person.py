"""The person's own page (issue 27): a member with a login (``Person.user``, set by staff)
sees their own data, cards, ratings, titles, applications and suspensions. Read only: a
change to the record goes through the club or the federation."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from documents import selectors as document_selectors
from documents.models import Document
from federation.models import Member, MembershipApplication
from federation.selectors import suspensions_of
from ratings.selectors import published_ratings_of, titles_of
from workspace.access import forbidden, roles, signed_in
from workspace.pdf import pdf_response


@signed_in
def me(request):
    person = roles(request.user).person
    if person is None:
        return forbidden(request, status=404)
    memberships = (person.memberships.prefetch_related("club_memberships__club")
                   .order_by("-joined_on"))
    return render(request, "workspace/person/me.html", {
        "person": person,
        "memberships": [(m, next(iter(sorted(m.club_memberships.all(),
                                             key=lambda s: s.started_on, reverse=True)), None))
                        for m in memberships],
        "ratings": published_ratings_of(person),
        "titles": titles_of(person),
        "applications": MembershipApplication.objects.filter(person=person)
        .select_related("club").order_by("-submitted_on", "-pk")[:20],
        "suspensions": suspensions_of(person),
    })


@signed_in
def my_card(request, member_pk: int):
    """The person's own member card (PDF), through the documents service and its rule
    (``federation.documents``: the member himself while active, his club's managers, staff).
    Only one's own: another person's card is refused here even to a club manager, who
    prints it from the club's page."""
    person = roles(request.user).person
    if person is None:
        return forbidden(request, status=404)
    member = Member.objects.filter(pk=member_pk, person=person).first()
    kind, target = Document.Kind.MEMBER_CARD, str(member_pk)
    if member is None:
        return forbidden(request, _("Bạn chỉ in được thẻ hội viên của chính mình."))
    if not document_selectors.can_view(request.user, kind, target):
        return forbidden(request, _("Thẻ này không còn hiệu lực (tư cách hội viên đã chấm "
                                    "dứt), nên không in được."))
    return pdf_response(request, kind, target)
