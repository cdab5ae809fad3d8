"""Personal data on the area's pages (Nghị định 13/2023/NĐ-CP, issue 31): a page that shows a
person's private fields writes the read to the access log."""

from __future__ import annotations

from django.http import HttpRequest

from federation.models import Person, PrivateDataAccess
from federation.permissions import PrivateAccess
from federation.services import privacy


def shown_privately(request: HttpRequest, person: Person) -> bool:
    """Whether the page may show ``person``'s private fields (``PrivateAccess``); if so, the
    read is logged (the ID number is shown masked: its reveal is logged on its own)."""
    allowed = PrivateAccess(request.user).allows(person)
    if allowed:
        privacy.record_person_read(request.user, person,
                                   [f for f in Person.PRIVATE_FIELDS if f != "citizen_id"],
                                   via=PrivateDataAccess.Via.WORKSPACE, path=request.path)
    return allowed
