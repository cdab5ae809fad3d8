"""The federation registry: bodies, clubs, persons and membership (Phụ lục 2).

Articles cited are those of the federation charter quoted in Phụ lục 2 of the
Xiangqi Law (shared/seeds/000, ~lines 2950-3042): Điều 8-10 (membership,
duties, rights), Điều 12 and 15 (clubs), Điều 14 (provincial and district
bodies), 15.5 (lapse and resignation), 15.6/16 (suspension, from the law's
Chương IV).

Models hold data and invariants only; writes go through ``federation.services``.

One module per concern, every model imported here (Django finds them through this package):
``reference`` (disciplines, provinces, bodies), ``clubs``, ``persons``, ``members``
(applications, cards, dues, attendance, resignations, suspensions), ``privacy``.
"""

from federation.models.clubs import Club, ClubBoardMember, ClubMeeting, PlayGroup
from federation.models.members import (
    Attendance,
    CardSequence,
    ClubMembership,
    DuesPayment,
    LapseWarning,
    Member,
    MemberEvent,
    MembershipApplication,
    Resignation,
    Suspension,
)
from federation.models.persons import (
    CITIZEN_OF,
    MASK,
    Person,
    field_label,
    is_masked,
    mask_citizen_id,
)
from federation.models.privacy import Consent, DataRequest, PrivateDataAccess
from federation.models.reference import (
    MAX_REFUSAL_DAYS,
    Admission,
    BoardPosition,
    Body,
    Discipline,
    Gender,
    Officer,
    Province,
)

__all__ = [
    "Discipline",
    "Gender",
    "Province",
    "Admission",
    "MAX_REFUSAL_DAYS",
    "Body",
    "BoardPosition",
    "Officer",
    "Club",
    "PlayGroup",
    "ClubMeeting",
    "ClubBoardMember",
    "CITIZEN_OF",
    "MASK",
    "mask_citizen_id",
    "is_masked",
    "Person",
    "field_label",
    "MembershipApplication",
    "CardSequence",
    "Member",
    "ClubMembership",
    "DuesPayment",
    "Attendance",
    "MemberEvent",
    "Resignation",
    "Suspension",
    "LapseWarning",
    "PrivateDataAccess",
    "Consent",
    "DataRequest",
]
