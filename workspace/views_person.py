"""The person's own page (issue 27): a member with a login (``Person.user``)."""

from __future__ import annotations

from django.shortcuts import render

from workspace.access import forbidden, roles, signed_in


@signed_in
def me(request):
    person = roles(request.user).person
    if person is None:
        return forbidden(request, status=404)
    return render(request, "workspace/person/me.html", {"person": person})
