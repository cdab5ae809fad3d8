"""The person's own page (issue 27): a member with a login (``Person.user``, set by staff)
sees their own data, cards, ratings, titles, applications and suspensions. Read only: a
change to the record goes through the club or the federation."""

from __future__ import annotations

from django.shortcuts import render

from federation.models import MembershipApplication
from federation.selectors import suspensions_of
from ratings.selectors import published_ratings_of, titles_of
from workspace.access import forbidden, roles, signed_in


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
