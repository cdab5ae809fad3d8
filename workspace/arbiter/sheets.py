"""The arbiter's lists as Excel workbooks (issue 29): the standings and the crosstable, in the
page's language (Vietnamese; English under /en/), for the event's officials."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from core import xlsx
from tournaments import selectors_exports
from workspace.access import signed_in
from workspace.arbiter import reads

#: the URL's word -> (sheet title, the rows, file name)
SHEETS = {
    "xep-hang": (lambda: _("Bảng xếp hạng"), selectors_exports.standings_table, "standings"),
    "bang-cheo": (lambda: _("Bảng kết quả chéo"), selectors_exports.crosstable_table, "crosstable"),
}


@signed_in
@never_cache
def spreadsheet(request, tournament_id: int, what: str):
    tournament = reads.tournament_for(request.user, tournament_id)
    sheet = SHEETS.get(what)
    if tournament is None or sheet is None:
        raise Http404
    title, table, name = sheet
    return xlsx.xlsx_response(title(), *table(tournament),
                              filename=f"{name}-{tournament.pk}.xlsx")
