"""Writes of the games app: records, validation, decisions, signatures, faults, PGN import.

Every write is transactional; writes that can meet a concurrent writer lock the record
(``select_for_update``) and compare the client's ``expected_version`` (optimistic
concurrency, 409 on a stale version). Validation results are derived data: storing them does
not bump ``version`` (a client editing the record is not made stale by the worker).

One module per concern; the public names are re-exported here, so callers write
``from games import services`` / ``services.decide``:

- ``_base``: the job kinds, the editable fields, the record's lock, who may write
- ``records``: a record entered, edited, bulk-inserted, deleted (Điều 11)
- ``validation``: the validation job and its report
- ``decisions``: the arbiter's decision, annulment, correction, signatures (Điều 7, 9.9, 11, 13)
- ``faults``: faults, penalties, reminders and cautions, false Điều 12 claims (Điều 7.1m-n, 16)
- ``uploads``: a PGN file uploaded and its import job
- ``phase``: the final phase of the Asian time control and its checks (Điều 10.1.2)
"""

from games.services._base import (
    EDITABLE_FIELDS,
    FAULTS_TO_LOSE,
    IMPORT_PGN_JOB,
    VALIDATE_JOB,
    VALIDATION_INPUTS,
    VALIDATION_OUTPUTS,
    Progress,
)
from games.services.decisions import (
    REDECISION_SOURCE,
    RESULT_SOURCE,
    confirm_proposal,
    correct_record,
    decide,
    detach_annulled_record,
    guard_pairing_result,
    sign,
)
from games.services.faults import (
    FALSE_CLAIM_MINUTES,
    PENALTY_MINUTES_MAX,
    WARNING_NOTE_MAX,
    add_false_move_limit_claim,
    add_fault,
    add_penalty,
    add_warning,
)
from games.services.phase import apply_excess_checks, set_final_phase
from games.services.records import (
    check_fields,
    create_game,
    create_games_bulk,
    delete_game,
    update_game,
)
from games.services.uploads import start_upload
from games.services.validation import (
    DEFAULT_NO_CAPTURE_LIMIT,
    apply_report,
    no_capture_limit_of,
    start_validation,
    validate_game_work,
    validation_inputs,
    validation_key,
)

__all__ = [
    "DEFAULT_NO_CAPTURE_LIMIT", "EDITABLE_FIELDS", "FALSE_CLAIM_MINUTES", "FAULTS_TO_LOSE",
    "IMPORT_PGN_JOB", "PENALTY_MINUTES_MAX", "Progress", "REDECISION_SOURCE", "RESULT_SOURCE",
    "VALIDATE_JOB", "VALIDATION_INPUTS", "VALIDATION_OUTPUTS", "WARNING_NOTE_MAX",
    "add_false_move_limit_claim", "add_fault", "add_penalty", "add_warning",
    "apply_excess_checks", "apply_report", "check_fields", "confirm_proposal", "correct_record",
    "create_game", "create_games_bulk", "decide", "delete_game", "detach_annulled_record",
    "guard_pairing_result", "no_capture_limit_of", "set_final_phase", "sign", "start_upload",
    "start_validation", "update_game", "validate_game_work", "validation_inputs",
    "validation_key",
]
