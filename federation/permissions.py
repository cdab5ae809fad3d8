"""Who may do what in the registry (issue 3 §4). Used by services, views and serializers.

* federation staff (``user.is_staff``): everything;
* officers of a body (:class:`~federation.models.Officer`): the clubs and members of
  their body and of every body below it (a provincial body includes its districts);
* club managers (``Club.managers``): their own club only;
* everyone else, anonymous included: public data only.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from federation.models import Body, Club, Member, MembershipApplication, Person
from federation.selectors import club_ids_in_scope, officer_body_ids


def is_staff(user) -> bool:
    return bool(getattr(user, "is_authenticated", False) and user.is_staff)


def is_authenticated(user) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def can_administer_body(user, body: Body) -> bool:
    """Staff, or an officer of ``body`` or of a body above it."""
    return is_staff(user) or body.pk in officer_body_ids(user)


def can_decide_for_club(user, club: Club) -> bool:
    """Staff or an officer over the club's body: approve/reject applications, transfers."""
    return can_administer_body(user, club.body)


def can_manage_club(user, club: Club) -> bool:
    """Staff, an officer over the club, or one of its managers: applications, dues, attendance."""
    if not is_authenticated(user):
        return False
    return can_decide_for_club(user, club) or club.managers.filter(pk=user.pk).exists()


def has_any_scope(user) -> bool:
    """Staff, officers and club managers: users who may create persons and see lists in scope."""
    if not is_authenticated(user):
        return False
    return user.is_staff or user.officer_of.exists() or user.managed_clubs.exists()


class PrivateAccess:
    """Decides, per request, whose private fields (date of birth, ID, contact) a user may see.

    Staff see everyone's; a user sees his own; officers and club managers see those of
    the persons with a current, real tie to one of their clubs: an active membership, or
    a pending application the club received (Điều 8.2). A decided application (rejected,
    or approved and since moved on) gives nothing: otherwise any manager could file an
    application for anyone and read (and change) that person's data for ever (issue 14).
    """

    def __init__(self, user):
        self.user = user
        self.everyone = is_staff(user)
        self._club_ids: set[int] | None = None
        self._cache: dict[int, bool] = {}

    @property
    def club_ids(self) -> set[int]:
        if self._club_ids is None:
            self._club_ids = (set() if not is_authenticated(self.user)
                              else club_ids_in_scope(self.user) or set())
        return self._club_ids

    def allows(self, person: Person) -> bool:
        if self.everyone:
            return True
        if not is_authenticated(self.user):
            return False
        if person.user_id is not None and person.user_id == self.user.pk:
            return True
        if person.pk not in self._cache:
            self._cache[person.pk] = self._in_scope(person)
        return self._cache[person.pk]

    def _in_scope(self, person: Person) -> bool:
        if not self.club_ids:
            return False
        current = getattr(person, "current_club_id", None)
        if current is not None and current in self.club_ids:
            return True
        return (Member.objects.filter(person=person, status=Member.Status.ACTIVE,
                                      club_memberships__ended_on__isnull=True,
                                      club_memberships__club_id__in=self.club_ids).exists()
                or MembershipApplication.objects.filter(
                    person=person, club_id__in=self.club_ids,
                    status=MembershipApplication.Status.PENDING).exists())


def scoped(queryset: QuerySet, user, club_path: str) -> QuerySet:
    """Restrict ``queryset`` to rows whose club (reached by ``club_path``) is in the user's scope."""
    ids = club_ids_in_scope(user)
    if ids is None:
        return queryset
    return queryset.filter(Q(**{f"{club_path}__in": ids}))
