"""Writes of the ratings app, one module per concern (issue 19):

- ``periods``: rating lists and periods (compute, publish, recompute after a correction);
- ``period_rows``: the rows a computed period stores; ``bulk_copy``: the COPY writer;
- ``publication``: publishing a reviewed period (its own permission);
- ``duplicates``: a tournament counted twice;
- ``titles``: national titles (Phụ lục 6): checks, qualifications, approval;
- ``csv_export``: lists as CSV and Excel rows.

The public names are re-exported here: callers write ``from ratings import services``.
"""

from ratings.services.common import Progress
from ratings.services.csv_export import list_csv, list_header, list_rows
from ratings.services.periods import (
    PERIOD_JOB,
    PLAYED_RESULTS,
    RECOMPUTE_JOB,
    compute_period,
    compute_period_job,
    create_period,
    get_or_create_period,
    month_bounds,
    on_tournament_certified,
    rated_games,
    recompute_from,
    recompute_from_job,
    request_period_computation,
    request_recompute,
    schedule_monthly_periods,
    seed_period,
    update_list_rules,
)
from ratings.services.publication import PUBLISH_PERMISSION, publish_period, require_publisher
from ratings.services.titles import (
    CATEGORY_OF,
    TITLE_CHECK_JOB,
    approve_qualification,
    check_titles_job,
    check_tournament_titles,
    on_complaint_title_review,
    record_foreign_title,
    reject_qualification,
    request_title_check,
    save_criteria_table,
    section_of,
    table_for,
)

__all__ = [
    "CATEGORY_OF", "PERIOD_JOB", "PLAYED_RESULTS", "RECOMPUTE_JOB", "TITLE_CHECK_JOB", "Progress", "approve_qualification", "check_titles_job",
    "check_tournament_titles", "compute_period", "compute_period_job", "create_period",
    "get_or_create_period", "list_csv", "list_header", "list_rows", "month_bounds",
    "on_tournament_certified", "on_complaint_title_review",
    "PUBLISH_PERMISSION", "publish_period", "require_publisher", "rated_games", "recompute_from", "recompute_from_job",
    "record_foreign_title", "reject_qualification", "request_period_computation",
    "request_recompute", "request_title_check", "save_criteria_table", "schedule_monthly_periods",
    "section_of", "seed_period", "table_for", "update_list_rules",
]
