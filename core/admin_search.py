"""The admin's search box on tables of federation size (issue 28).

``FoldedSearchMixin`` finds a name with or without diacritics ('nguyen duc' finds 'Nguyễn
Đức') through its folded column, and keeps every condition of the search one an index can
answer on PostgreSQL:

- the folded name is matched with ``LIKE '%…%'`` on ``name_folded``, which has a trigram
  index there (``federation`` migration 0015: pg_trgm, GIN ``gin_trgm_ops``; the members'
  card numbers have one too); a name on a related table (``person__name_folded``) is looked
  up on that table first and its ids put in the condition (``folded_name_q``), not through a
  join of the two whole tables (45,000 members × 50,000 persons before any row was left
  out);
- the search fields marked ``=`` (ID numbers, FIDE ids, phones, e-mail addresses) match the
  whole term as stored, an ``EmailField`` whatever its case and only for a term with an
  ``@``, the others only for a term with a digit: a name is none of them, and Django's own
  ``=`` compares ``UPPER(column)`` word by word, which no index answers, so every name
  search read the whole table;
- the other search fields as Django does (every word in one of them); ``folded_field`` may be
  one of ``search_fields`` (the box is shown only when there are some): it is searched once,
  folded.

SQLite (the embedded default) runs the same queries without the indexes.
"""

from __future__ import annotations

from functools import reduce
from operator import and_, or_
from typing import TYPE_CHECKING, Any

from django.contrib.admin.utils import lookup_spawns_duplicates
from django.db import models
from django.db.models import Q, QuerySet
from django.http import HttpRequest

from core.text import fold

if TYPE_CHECKING:
    from django.contrib import admin

    _ModelAdmin = admin.ModelAdmin[Any]  # what the mixin below extends
else:  # at run time it comes before the real admin class in the bases
    _ModelAdmin = object


#: up to this many related rows' ids are written into the query itself
INLINE_IDS = 2000


def folded_name_q(model: type[models.Model], path: str, folded: str) -> Q:
    """``path`` (``name_folded`` or ``relation__…__name_folded``) contains ``folded``.

    A related table's name is looked up first (its index) and its ids, up to
    :data:`INLINE_IDS`, written into the condition: ``person_id IN (1, 2, …)`` is an index
    scan PostgreSQL can OR with the other fields' indexes, where ``IN (SELECT …)`` made it
    read the whole table (a card searched among 45,000 members); a name matching more rows
    than that stays a subquery."""
    if "__" not in path:
        return Q(**{f"{path}__contains": folded})
    relation, rest = path.split("__", 1)
    related = model._meta.get_field(relation).related_model
    assert related is not None and not isinstance(related, str)
    inner = related._default_manager.filter(folded_name_q(related, rest, folded)).order_by()
    ids = list(inner.values_list("pk", flat=True)[:INLINE_IDS + 1])
    if len(ids) <= INLINE_IDS:
        return Q(**{f"{relation}__in": ids})
    return Q(**{f"{relation}__in": inner.values("pk")})


def whole_value_q(model: type[models.Model], fields: list[str], term: str) -> Q | None:
    """One of ``fields`` holds ``term`` whole: an e-mail field when ``term`` has an ``@``,
    the others (numbers) when it has a digit; None when none can."""
    address, number = "@" in term, any(ch.isdigit() for ch in term)
    conditions = []
    for name in fields:
        email = isinstance(model._meta.get_field(name), models.EmailField)
        if email and address:
            conditions.append(Q(**{f"{name}__iexact": term}))
        elif not email and number and not address:
            conditions.append(Q(**{name: term}))
    return reduce(or_, conditions) if conditions else None


class FoldedSearchMixin(_ModelAdmin):
    """Search ``folded_field`` with the folded query, ``=`` fields whole, others as Django."""

    folded_field = "name_folded"

    def get_search_results(self, request: HttpRequest, queryset: QuerySet[Any],
                           search_term: str) -> tuple[QuerySet[Any], bool]:
        term = " ".join(search_term.split())
        if not term:
            return queryset, False
        fields = [str(f) for f in self.get_search_fields(request)]
        conditions, duplicates = [], False
        folded = fold(term)
        if folded:
            conditions.append(folded_name_q(queryset.model, self.folded_field, folded))
        whole = whole_value_q(queryset.model, [f[1:] for f in fields if f.startswith("=")],
                              term)
        if whole is not None:
            conditions.append(whole)
        lookups = [f"{f[1:]}__istartswith" if f.startswith("^") else f"{f}__icontains"
                   for f in fields if f[0] not in "=@" and f != self.folded_field]
        if lookups:
            conditions.append(reduce(and_, (reduce(or_, (Q(**{lookup: word})
                                                         for lookup in lookups))
                                            for word in term.split())))
            duplicates = any(lookup_spawns_duplicates(self.opts, lookup) for lookup in lookups)
        if not conditions:
            return queryset.none(), False
        return queryset.filter(reduce(or_, conditions)), duplicates
