"""Who may do what in the registry (issue 3 §4). Used by services, views and serializers.

* federation staff (``user.is_staff``): everything;
* officers of a body (:class:`~federation.models.Officer`): the clubs and members of
  their body and of every body below it (a provincial body includes its districts);
* club managers (``Club.managers``): their own club only;
* everyone else, anonymous included: public data only.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from federation.models import Admission, Body, Club, Member, MembershipApplication, Person
from federation.selectors import club_ids_in_scope, officer_body_ids


def is_staff(user: Any) -> bool:
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


def can_admit_for_club(user, club: Club) -> bool:
    """The club's manager admits members where its body chose "club admits" (Phụ lục 2
    Điều 15.2); elsewhere only the body decides (:func:`can_decide_for_club`)."""
    return (club.body.admission == Admission.CLUB_ADMITS
            and can_manage_club(user, club))


def has_any_scope(user) -> bool:
    """Staff, officers and club managers: users who may create persons and see lists in scope."""
    if not is_authenticated(user):
        return False
    return user.is_staff or user.officer_of.exists() or user.managed_clubs.exists()


ALL_PRIVATE = frozenset(Person.PRIVATE_FIELDS)
NO_PRIVATE: frozenset[str] = frozenset()


class PrivateAccess:
    """Decides, per request, which private fields (date of birth, ID, contact) of a person a
    user may see — the one rule for reads and changes.

    Staff see everyone's; a user sees his own; officers and club managers see those of
    the persons with a current, real tie to one of their clubs: an active membership (all
    fields), or a pending application the club received (Điều 8.2) — and a pending
    application opens only what its applicant typed himself (issue 31): all fields if he
    entered the person's record himself or the person confirmed the application from his
    own account, the fields he typed from the paper form (ID number, birth date; matched
    without revealing the stored value) if the person already existed, else nothing. A
    decided application (rejected, or approved and since moved on) gives nothing (issue 14).
    A person who withdrew his consent (Nghị định 13/2023/NĐ-CP Điều 12) shows clubs and
    bodies nothing more; staff keep what the federation must keep.

    ``fields(person)`` is what may be shown; ``allows(person)`` (all fields) is what may be
    changed.
    """

    def __init__(self, user: Any) -> None:
        self.user = user
        self.everyone = is_staff(user)
        self._club_ids: set[int] | None = None
        self._cache: dict[int, frozenset[str]] = {}
        #: private fields shown per person in this answer (the access log)
        self.reads: dict[int, frozenset[str]] = {}

    @property
    def club_ids(self) -> set[int]:
        if self._club_ids is None:
            self._club_ids = (set() if not is_authenticated(self.user)
                              else club_ids_in_scope(self.user) or set())
        return self._club_ids

    def allows(self, person: Person) -> bool:
        return self.fields(person) == ALL_PRIVATE

    def shown(self, person: Person, fields: frozenset[str]) -> None:
        """Note that ``fields`` of ``person`` were shown (the access log, written once per
        answer by ``federation.services.privacy``); one's own data is not noted."""
        if fields and not (person.user_id is not None and person.user_id == self.user.pk):
            self.reads[person.pk] = self.reads.get(person.pk, frozenset()) | fields

    def fields(self, person: Person) -> frozenset[str]:
        if self.everyone:
            return ALL_PRIVATE
        if not is_authenticated(self.user):
            return NO_PRIVATE
        if person.user_id is not None and person.user_id == self.user.pk:
            return ALL_PRIVATE
        if person.pk not in self._cache:
            self._cache[person.pk] = self._in_scope(person)
        return self._cache[person.pk]

    def _in_scope(self, person: Person) -> frozenset[str]:
        # consent withdrawn (Nghị định 13/2023 Điều 12): clubs and bodies process no more
        if not self.club_ids or person.consent_withdrawn_on is not None:
            return NO_PRIVATE
        current = getattr(person, "current_club_id", None)
        if current is not None and current in self.club_ids:
            return ALL_PRIVATE
        if Member.objects.filter(person=person, status=Member.Status.ACTIVE,
                                 club_memberships__ended_on__isnull=True,
                                 club_memberships__club_id__in=self.club_ids).exists():
            return ALL_PRIVATE
        shown: set[str] = set()
        Proof = MembershipApplication.Proof
        for proof, typed in MembershipApplication.objects.filter(
                person=person, club_id__in=self.club_ids,
                status=MembershipApplication.Status.PENDING).values_list("proof", "proof_fields"):
            if proof in (Proof.ENTERED, Proof.CONFIRMED):
                return ALL_PRIVATE
            if proof == Proof.PAPER_FORM:
                shown |= {field for field in typed.split(",") if field in ALL_PRIVATE}
        return frozenset(shown)


def scoped(queryset: QuerySet, user, club_path: str) -> QuerySet:
    """Restrict ``queryset`` to rows whose club (reached by ``club_path``) is in the user's scope."""
    ids = club_ids_in_scope(user)
    if ids is None:
        return queryset
    return queryset.filter(Q(**{f"{club_path}__in": ids}))
