"""The demo's consents (``federation.demo``): every demo application carries its consent
to the processing of personal data, as ``services.submit_application`` records it
(Nghị định 13/2023/NĐ-CP Điều 11, 20; issue 31), so the demo shows the feature."""

from __future__ import annotations

from datetime import date

from federation.models import Consent, MembershipApplication, Person
from federation.services import privacy


def _demo_consent(person: Person, on: date) -> privacy.ConsentGiven:
    """The person's own consent, or for a child under 16 a parent's (named after the child's
    family name), with the child's own from 7 (Điều 20.3)."""
    age = None if person.date_of_birth is None else privacy.age_on(person.date_of_birth, on)
    if age is None or age >= Consent.CHILD_UNDER:
        return privacy.ConsentGiven(given_by=person.full_name, relation=Consent.Relation.SELF)
    return privacy.ConsentGiven(given_by=f"{person.full_name.split()[0]} Văn Phụ Huynh",
                                relation=Consent.Relation.PARENT,
                                child_agreed=age >= Consent.CHILD_AGREES_FROM)


def add_consents(applications: list[MembershipApplication]) -> None:
    """Every application carries its consent (Nghị định 13/2023/NĐ-CP Điều 11, 20; issue 31),
    as ``services.submit_application`` records it: the demo shows the person's own, a
    parent's for a child, and the child's own from 7."""
    persons = {p.pk: p for p in Person.objects.filter(
        pk__in=[a.person_id for a in applications]).only("pk", "full_name", "date_of_birth")}
    rows = []
    for application in applications:
        person = persons[application.person_id]
        given = _demo_consent(person, application.submitted_on)
        privacy.check_consent(person, given, application.submitted_on)  # as the service would
        rows.append(Consent(
            person_id=application.person_id, application=application,
            data_collected=privacy.CONSENT_DATA, purposes=privacy.CONSENT_PURPOSES,
            given_on=application.submitted_on, given_by=given.given_by,
            relation=given.relation, child_agreed=given.child_agreed))
    Consent.objects.bulk_create(rows, batch_size=1000)
