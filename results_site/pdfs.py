"""The site's printed lists that are not an event's (issue 30): the year's disciplinary
announcements (Điều 15.6, 16.2 "tuyên bố hình thức kỷ luật này bằng văn bản"), the public
API's PDF as it is."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase

from results_site.api import fetch_sanctions_document
from results_site.views import pdf_answer


def sanctions_pdf(request: HttpRequest, year: int) -> HttpResponseBase:
    """The sanctions in force during ``year`` (PDF); a waiting page while it is rendered."""
    return pdf_answer(request, fetch_sanctions_document(request, year))
