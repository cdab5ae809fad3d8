"""The admin's paginator for tables of federation size (issue 28).

A changelist of a whole table (no search, no filter) counts its rows for the paginator; on
PostgreSQL a ``count(*)`` reads every row (200,000 game records: most of the page's time).
There, the whole table's count is the planner's estimate (``pg_class.reltuples``, kept by
autovacuum's ANALYZE) once the table is large: the pages and "N giá trị" are then about right,
never a scan. A searched or filtered list, a small table, a table never analysed and other
databases count exactly, as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.paginator import Paginator
from django.db import connections
from django.db.models import QuerySet
from django.utils.functional import cached_property

if TYPE_CHECKING:
    _Paginator = Paginator[Any]
else:  # not generic at run time
    _Paginator = Paginator

#: from this many rows (estimated) a whole table's count is the estimate
ESTIMATE_FROM = 20_000


def estimated_rows(queryset: QuerySet[Any]) -> int | None:
    """The planner's row estimate of the queryset's table, when the queryset is the whole
    table on PostgreSQL; else None."""
    connection = connections[queryset.db]
    query = queryset.query
    if (connection.vendor != "postgresql" or query.where or query.distinct
            or query.combinator or query.group_by is not None or query.low_mark
            or query.high_mark is not None):
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass",
                       [queryset.model._meta.db_table])
        row = cursor.fetchone()
    return int(row[0]) if row and row[0] is not None and row[0] >= 0 else None


class EstimatedCountPaginator(_Paginator):
    @cached_property
    def count(self) -> int:
        if isinstance(self.object_list, QuerySet):
            estimate = estimated_rows(self.object_list)
            if estimate is not None and estimate >= ESTIMATE_FROM:
                return estimate
        return super().count
