"""Issue 28: dates on the public site as a person reads them, dd/mm/yyyy ("Kỳ 01/12/2026"),
never the API's yyyy-mm-dd; the ``datetime`` attributes keep the ISO form for machines."""

from __future__ import annotations

import re

import pytest

from results_site.templatetags.site_tags import day
from tests.public.conftest import award_title, build_round_robin, seed_ratings

pytestmark = pytest.mark.django_db

_ISO_TEXT = re.compile(r">[^<]*\b\d{4}-\d{2}-\d{2}\b[^<]*<")


def test_the_day_filter_reads_iso_text_and_dates():
    from datetime import date, datetime

    assert day("2026-12-01") == "01/12/2026"
    assert day("2026-12-01T08:00:00+07:00") == "01/12/2026"
    assert day(date(2026, 3, 5)) == "05/03/2026"
    assert day(datetime(2026, 3, 5, 9, 0)) == "05/03/2026"
    assert day("") == "" and day(None) == "" and day("Hà Nội") == "Hà Nội"


def test_site_pages_print_dates_as_dd_mm_yyyy(client):
    t = build_round_robin(4, seed=5)
    persons = [e.member.person for e in t.entries.select_related("member__person")]
    period = seed_ratings(persons)
    award_title(persons[1], "first_category", number=3)
    pages = ["/giai-dau/", f"/giai-dau/{t.pk}/", "/he-so/", f"/he-so/{period.rating_list_id}/",
             f"/ky-thu/{persons[1].pk}/", "/danh-hieu/"]
    for url in pages:
        html = client.get(url).content.decode()
        assert not _ISO_TEXT.search(html), (url, _ISO_TEXT.search(html).group(0))
    listing = client.get(f"/he-so/{period.rating_list_id}/").content.decode()
    assert f"Kỳ {period.start:%d/%m/%Y} – {period.end:%d/%m/%Y}" in listing
    event = client.get(f"/giai-dau/{t.pk}/").content.decode()
    assert f'<time datetime="{t.start_date.isoformat()}">{t.start_date:%d/%m/%Y}</time>' in event
