"""Writes of the federation registry (Phụ lục 2). Every function is one transaction.

Services check who may act (``by``: the acting user, see ``federation.permissions``)
and the charter's rules, and raise ``core.errors.ServiceError`` (HTTP 400, with the
field) or ``NotAllowedError`` (403) with a Vietnamese message, translated to English
by Accept-Language. The admin and the API both call them.

One module per concern; the public names are re-exported here, so callers write
``from federation import services`` / ``services.approve_application``:

- ``registry``: reference data, persons, bodies (Điều 14), clubs (Điều 12, 15.3)
- ``applications``: applications and member cards (Điều 8, 15.2)
- ``activity``: transfers, dues, attendance, tournament activity (Điều 9, 15.5)
- ``endings``: resignation (10.4), suspension (15.6), reinstatement (15.5)
- ``lapse``: the daily Điều 15.5 lapse job
- ``privacy``, ``privacy_export``: personal data (Nghị định 13/2023/NĐ-CP): consent, the
  access log, the logged reveal of ID numbers, the person's requests and his data copy
"""

from federation.services.activity import (
    record_attendance,
    record_dues,
    record_session,
    record_tournament_activities,
    record_tournament_activity,
    transfer_member,
)
from federation.services.applications import (
    approve_application,
    card_number_for,
    check_application,
    confirm_application,
    issue_card_number,
    refuse_admission,
    reject_application,
    resolve_member,
    submit_application,
)
from federation.services.endings import (
    check_disciplinary_decision,
    check_suspension_period,
    lift_suspension,
    record_card_return,
    reinstate_member,
    resign_member,
    suspend_person,
)
from federation.services.lapse import (
    LAPSE_BATCH,
    LAPSE_JOB,
    lapse_job_key,
    lapse_members,
    run_lapse_job_now,
    start_lapse_job,
)
from federation.services.merge import merge_persons
from federation.services.privacy import ConsentGiven
from federation.services.registry import (
    CLUB_FIELDS,
    PERSON_FIELDS,
    add_play_group,
    appoint_board_member,
    check_board_term,
    create_body,
    create_club,
    create_person,
    ensure_provinces,
    record_club_meeting,
    update_club,
    update_person,
)

__all__ = [
    "CLUB_FIELDS", "LAPSE_BATCH", "LAPSE_JOB", "PERSON_FIELDS", "add_play_group",
    "appoint_board_member", "approve_application", "card_number_for", "check_application",
    "check_board_term", "confirm_application",
    "check_disciplinary_decision", "check_suspension_period", "create_body", "create_club", "create_person", "ensure_provinces",
    "issue_card_number", "lapse_job_key", "lapse_members", "lift_suspension", "record_attendance",
    "record_card_return", "record_club_meeting", "record_dues", "record_session",
    "record_tournament_activities", "record_tournament_activity", "reinstate_member",
    "refuse_admission", "reject_application", "resign_member", "resolve_member", "run_lapse_job_now",
    "start_lapse_job",
    "submit_application", "suspend_person", "transfer_member", "update_club", "update_person",
    "merge_persons", "ConsentGiven",
]
