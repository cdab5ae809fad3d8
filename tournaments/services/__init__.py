"""Writes of the tournaments app: the lifecycle, entries, pairing jobs and results.

Lifecycle (each transition a service with its preconditions)::

    draft → registration → closed (starting numbers drawn) → running (round N paired,
    round N complete, …) → finished → certified (locked; staff may reopen with a reason)

Pairing is the job ``PAIR_ROUND_JOB`` (registered in ``tournaments/jobs.py``;
``request_pairing`` starts it, ``pair_round_job`` does the work, idempotently: it locks the
tournament row and checks for the round inside the writing transaction).

One module per concern; the public names are re-exported here, so callers import
``tournaments.services`` (or names from it) and need not know the module:

- ``lifecycle``: the tournament, registration open/close, finish, certify, reopen
- ``checks``: the checks of a tournament's settings (dates, teams, time control, rounds)
- ``entries``: eligibility, entries and teams (guests, late entries, corrections)
- ``numbering``: starting numbers (Điều 28)
- ``withdrawals``: withdrawals of entries and teams (Điều 21.5, 30), requested byes
- ``officials``: the people of the event (Điều 19-20), arbiters' boards, the suspension
- ``schedule``: each round's day and start (Phụ lục 5 mục 6)
- ``awards``: delegations and their officials, prizes and their award (Phụ lục 5 mục 10, 14)
- ``rounds``: the pairing job, round status, start of a round, manual pairing changes
- ``results``: board results, one or a whole round, with version checks; losses for late
  arrival (Điều 10.2.1a)
- ``trf_import``: a TRF file imported as a tournament (the reading: ``tournaments.trf_import``)
- ``complaints``: complaints and appeals, their decisions and effects (Điều 15.5-15.6, 19)
- ``annulment``: a game annulled and replayed (Điều 9.9a-b)
- ``penalty_points``: a side's points of a game set by the chess arbiter's penalty (13.4e-f)
- ``sanctions``: disqualification, removal from the list by a decision, proposals of a
  1-3 year suspension to the federation (Điều 15.6, 16.1-16.2)
"""

from tournaments import engine, selectors
from tournaments.services._common import (
    ARBITER_SOURCES,
    S,
)
from tournaments.services.annulment import annul_and_replay
from tournaments.services.awards import (
    add_delegation_staff,
    award_prizes,
    check_prize,
    create_delegation,
    set_entry_delegation,
    set_prize,
)
from tournaments.services.bulk_entries import (
    member_by_name,
    register_entries,
    rows_from_csv,
    rows_from_lines,
)
from tournaments.services.checks import check_rounds_fit_dates, games_per_day_needed
from tournaments.services.complaints import (
    Filing,
    Ruling,
    appeal,
    decide_complaint,
    file_complaint,
)
from tournaments.services.entries import (
    ENTRY_FIELDS,
    check_eligibility,
    check_guest,
    check_not_official,
    is_late,
    register_entry,
    register_guest_entry,
    register_late_entry,
    register_team,
    update_entry,
)
from tournaments.services.lifecycle import (
    AMENDABLE_AFTER_START,
    LOCKED_AFTER_CLOSE,
    TOURNAMENT_FIELDS,
    apply_tournament_changes,
    build_tournament,
    certify_tournament,
    close_registration,
    create_tournament,
    finish_tournament,
    open_registration,
    publish_regulations,
    reopen_tournament,
    update_tournament,
)
from tournaments.services.officials import (
    assign_boards,
    assign_official,
    check_boards,
    check_official,
    remove_official,
    resume_tournament,
    suspend_tournament,
    unassign_boards,
)
from tournaments.services.penalty_points import set_penalty_points
from tournaments.services.playoff import PlayOffBoard, record_playoff_game, record_team_playoff
from tournaments.services.results import (
    cancel_late_arrival,
    normalize_result,
    record_late_arrival,
    record_result,
    record_results,
)
from tournaments.services.rounds import (
    PAIR_ROUND_JOB,
    change_pairing,
    pair_round_job,
    pairing_job_key,
    refresh_round_status,
    request_pairing,
    start_round,
)
from tournaments.services.sanctions import (
    approve_proposal,
    disqualify_entry,
    propose_suspension,
    reject_proposal,
    remove_from_list,
)
from tournaments.services.schedule import (
    check_round_schedule,
    remove_round_schedule,
    set_round_schedule,
)
from tournaments.services.stages import advance_qualifiers
from tournaments.services.trf_import import import_trf
from tournaments.services.withdrawals import request_bye, withdraw_entry, withdraw_team

__all__ = ["AMENDABLE_AFTER_START",
    "ENTRY_FIELDS", "register_entries", "rows_from_csv", "rows_from_lines", "member_by_name",
    "ARBITER_SOURCES", "LOCKED_AFTER_CLOSE", "S",
    "TOURNAMENT_FIELDS", "assign_official", "certify_tournament",
    "apply_tournament_changes", "build_tournament", "check_official", "change_pairing", "check_eligibility", "check_not_official",
    "check_rounds_fit_dates", "games_per_day_needed", "is_late", "register_late_entry", "close_registration", "create_tournament",
    "engine", "finish_tournament", "normalize_result", "open_registration",
    "PAIR_ROUND_JOB", "pair_round_job", "pairing_job_key", "record_result", "record_results",
    "refresh_round_status", "register_entry", "register_team", "remove_official",
    "reopen_tournament", "request_bye", "request_pairing", "selectors", "start_round",
    "update_entry", "update_tournament", "withdraw_entry", "withdraw_team", "publish_regulations", "advance_qualifiers", "record_late_arrival",
    "cancel_late_arrival",
    "check_guest", "register_guest_entry", "approve_proposal", "disqualify_entry",
    "propose_suspension", "reject_proposal", "remove_from_list", "import_trf",
    "annul_and_replay", "Filing", "Ruling", "appeal", "decide_complaint", "file_complaint",
    "assign_boards", "check_boards", "unassign_boards", "suspend_tournament",
    "resume_tournament", "set_round_schedule", "check_round_schedule",
    "remove_round_schedule", "add_delegation_staff", "award_prizes", "check_prize",
    "create_delegation", "set_entry_delegation", "set_prize",
    "record_playoff_game",
    "record_team_playoff",
    "PlayOffBoard",
    "set_penalty_points",
]
