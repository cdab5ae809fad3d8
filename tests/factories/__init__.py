"""Test factories, one module per app (used by every app's tests):

- ``federation``: users, staff, bodies, clubs, persons, members, dues, suspensions,
  signatories and disciplinary decisions
- ``tournaments``: a tournament (a row, or through the services with its entries and the
  drawing of lots), its officials, entries and rounds
- ``games``: score sheets (game records)
- ``ratings``: certified, rated tournaments and the seeded rating lists

Plain functions with sensible defaults; every keyword overrides a field. The federation
factories are re-exported here (``from tests import factories as f``; ``f.make_member()``).
"""

from tests.factories.federation import (
    DEFAULT_JOINED_ON,
    make_attendance,
    make_body,
    make_club,
    make_club_manager,
    make_disciplinary_decision,
    make_dues,
    make_member,
    make_officer,
    make_person,
    make_signatory,
    make_staff,
    make_suspension,
    make_user,
    national_body,
    province,
)

__all__ = [
    "DEFAULT_JOINED_ON", "make_attendance", "make_body", "make_club", "make_club_manager",
    "make_disciplinary_decision", "make_dues", "make_member", "make_officer", "make_person",
    "make_signatory", "make_staff", "make_suspension", "make_user", "national_body", "province",
]
