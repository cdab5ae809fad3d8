"""The rating period's review and publication in the admin (issue #28): every player's change
in a table (old, games, expected, score, K, new, the reason when not rated) instead of English
keys, sortable, exported as CSV with a BOM; publishing asks for confirmation and refuses a
period that has not ended unless a reason is given, which the publication records."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.urls import reverse

from ratings import services
from ratings.models import RatingPeriod, RatingPublication
from tests.factories import make_member, make_person, make_staff
from tests.factories.ratings import certified_tournament, xiangqi_standard
from tests.helpers import assert_error, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def november(db):
    """Three rated players and a newcomer in one certified November event, computed."""
    staff = make_staff()
    a, b, c = (make_member(make_person(full_name=n)) for n in ("Lê An", "Trần Bích",
                                                                "Phạm Cao"))
    new = make_member(make_person(full_name="Võ Mới"))
    lst = xiangqi_standard()
    services.seed_period(lst, date(2026, 10, 1), date(2026, 10, 31),
                         {a.person_id: (2000, 100), b.person_id: (1900, 100),
                          c.person_id: (1800, 100)}, user=staff)
    certified_tournament([[(a, b, "1-0"), (c, new, "1-0")], [(a, c, "1-0"), (new, b, "0-1")]],
                         certified_on=date(2026, 11, 20), start=date(2026, 11, 15))
    period = services.get_or_create_period(lst, date(2026, 11, 1))
    services.compute_period(period)
    return period


def test_the_period_page_shows_the_summary_in_words_and_links_the_review(client, november):
    client.force_login(make_staff())
    page = client.get(reverse("admin:ratings_ratingperiod_change", args=[november.pk]))
    html = page.content.decode()
    assert "Số đấu thủ trong danh sách" in html and "Số ván được tính" in html
    assert "became_rated" not in html and "players:" not in html
    assert reverse("admin:ratings_ratingperiod_review", args=[november.pk]) in html


def test_the_review_is_a_sortable_table_of_every_players_change(client, november):
    client.force_login(make_staff())
    url = reverse("admin:ratings_ratingperiod_review", args=[november.pk])
    html = client.get(url).content.decode()
    for header in ("Đấu thủ", "Hệ số đầu kỳ", "Số ván", "Điểm kỳ vọng", "Điểm", "K",
                   "Hệ số mới", "Thay đổi", "Ghi chú (khi không có hệ số)"):
        assert f">{header}<" in html
    assert "Võ Mới" in html and "Chưa có hệ số" in html  # the newcomer: why not rated
    by_name = client.get(url, {"o": "name"}).content.decode()
    assert by_name.index("Lê An") < by_name.index("Phạm Cao") < by_name.index("Trần Bích")
    by_old = client.get(url, {"o": "-old_rating"}).content.decode()
    assert by_old.index("Lê An") < by_old.index("Trần Bích") < by_old.index("Phạm Cao")


def test_the_review_exports_as_csv_with_a_bom(client, november):
    client.force_login(make_staff())
    response = client.get(reverse("admin:ratings_ratingperiod_review", args=[november.pk]),
                          {"format": "csv", "o": "name"})
    assert response["Content-Type"].startswith("text/csv")
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0][:3] == ["Đấu thủ", "Hệ số đầu kỳ", "Số ván"]
    assert [r[0] for r in rows[1:]] == ["Lê An", "Phạm Cao", "Trần Bích", "Võ Mới"]
    an = rows[1]
    assert an[1] == "2000" and an[2] == "2" and an[4] == "2.0" and an[6] and an[5]


def test_publishing_asks_for_confirmation_and_a_reason_before_the_period_ends(client,
                                                                               november,
                                                                               monkeypatch):
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: date(2026, 11, 29))
    staff = make_staff()
    client.force_login(staff)
    changelist = reverse("admin:ratings_ratingperiod_changelist")
    selected = {"action": "publish", "_selected_action": [november.pk]}
    confirm = client.post(changelist, selected)
    html = confirm.content.decode()
    assert confirm.status_code == 200 and "30/11/2026" in html and "chưa kết thúc" in html
    november.refresh_from_db()
    assert november.status == RatingPeriod.Status.COMPUTED  # asked, not published
    refused = client.post(changelist, {**selected, "apply": "1", "reason": ""}, follow=True)
    assert "chưa kết thúc (đến hết ngày 30/11/2026)" in refused.content.decode()
    november.refresh_from_db()
    assert november.status == RatingPeriod.Status.COMPUTED
    done = client.post(changelist, {**selected, "apply": "1",
                                    "reason": "Đại hội cần danh sách trước ngày 30/11"})
    assert done.status_code == 302
    november.refresh_from_db()
    assert november.status == RatingPeriod.Status.PUBLISHED
    publication = RatingPublication.objects.get(period=november)
    assert "Đại hội cần danh sách trước ngày 30/11" in publication.reason


def test_the_service_and_the_api_refuse_an_early_publication_without_a_reason(november,
                                                                              monkeypatch):
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: date(2026, 11, 29))
    staff = make_staff()
    response = client_for(staff).post(f"/api/v1/ratings/periods/{november.pk}/publish/")
    assert_error(response, 400, "period_not_ended", "reason")
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: date(2026, 12, 1))
    response = client_for(staff).post(f"/api/v1/ratings/periods/{november.pk}/publish/")
    assert response.status_code == 200, response.content  # ended: no reason needed
