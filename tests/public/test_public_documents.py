"""Public PDFs of an event (issue 20): its printed standings, crosstable and pairings of a
round — the kinds whose templates hold no private data — under /api/v1/public/, served from
the public cache while current, rendered by the documents job otherwise; the event page links
them. Other kinds (tracking cards, scoresheets, member cards, decisions) stay refused."""

from datetime import date

import pytest

from core.models import Job
from documents.services import render_document
from tests.documents.documents_support import pdf_pages
from tests.factories import make_staff
from tests.helpers import assert_error
from tests.public.conftest import _quiet, build_round_robin
from tournaments import services

pytestmark = pytest.mark.django_db

PRIVATE = ("0912345678", "@example.vn", "2001-02-03", "03/02/2001", "3/2/2001")


def _url(t, kind: str) -> str:
    return f"/api/v1/public/tournaments/{t.pk}/documents/{kind}/"


def _run_job(job_id: int) -> None:
    """The documents job's work, run in the test's transaction (no worker needed)."""
    job = Job.objects.get(pk=job_id)
    assert job.kind == "documents.render"
    render_document(job.params, _quiet)


def _assert_public_pdf(response, t) -> str:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(pdf_pages(response.content))
    assert t.name in text
    citizen_ids = t.entries.values_list("member__person__citizen_id", flat=True)
    for private in (*PRIVATE, *citizen_ids):
        assert private not in text, private
    return text


def test_anonymous_download_renders_then_serves_the_current_pdf(api_client):
    t = build_round_robin(4, seed=61)
    names = list(t.entries.values_list("name", flat=True))
    for kind, params in (("standings", {}), ("crosstable", {}), ("pairings", {"round": 2})):
        started = api_client.get(_url(t, kind), params)
        assert started.status_code == 202, (kind, started.content[:300])
        assert started["Cache-Control"] == "no-store" and started["Retry-After"] == "3"
        body = started.json()
        assert body["state"] == "queued" and body["retry_after"] == 3
        # asking again while it renders joins the same job
        assert api_client.get(_url(t, kind), params).json()["job"] == body["job"]
        _run_job(body["job"])
        text = _assert_public_pdf(api_client.get(_url(t, kind), params), t)
        assert all(name in text for name in names), kind
        if kind == "pairings":
            assert "VÒNG 2" in text


def test_the_pdf_is_cached_under_the_event_scope_and_renewed_after_a_write(api_client):
    t = build_round_robin(4, seed=62)
    url = _url(t, "standings")
    _run_job(api_client.get(url).json()["job"])
    first = api_client.get(url)
    _assert_public_pdf(first, t)
    assert first["Cache-Control"].startswith("public, max-age=")
    assert api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert api_client.get(url).content == first.content  # from the cache
    services.reopen_tournament(t, user=make_staff(), reason="Sửa kết quả ván 1")
    # the event changed: the stored PDF may no longer match, so it is checked again
    again = api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code in (200, 202) and again["ETag"] != first["ETag"]


def test_private_kinds_and_bad_rounds_are_refused(api_client):
    t = build_round_robin(4, seed=63)
    for kind in ("tracking_card", "scoresheet", "member_card", "decision", "nothing"):
        assert_error(api_client.get(_url(t, kind)), 404, field="kind")
    assert not Job.objects.filter(kind="documents.render").exists()
    assert_error(api_client.get(_url(t, "pairings")), 400, field="round")
    assert_error(api_client.get(_url(t, "pairings"), {"round": "x"}), 400, field="round")
    assert_error(api_client.get(_url(t, "pairings"), {"round": "9"}), 404, field="round")
    assert_error(api_client.get(_url(t, "standings"), {"round": "9"}), 404, field="round")
    draft = services.create_tournament(
        user=make_staff(), name="Bản nháp", discipline="xiangqi", system="round_robin",
        start_date=date(2026, 3, 1), end_date=date(2026, 3, 2), organiser_body=t.organiser_body)
    assert_error(api_client.get(_url(draft, "standings")), 404)


def test_the_event_page_links_the_pdfs_and_the_link_waits_then_downloads(client):
    t = build_round_robin(4, seed=64)
    text = client.get(f"/giai-dau/{t.pk}/").content.decode()
    for href in (f"/giai-dau/{t.pk}/pdf/standings/", f"/giai-dau/{t.pk}/pdf/crosstable/",
                 f"/giai-dau/{t.pk}/pdf/pairings/?round=3"):
        assert f'href="{href}"' in text, href
    waiting = client.get(f"/giai-dau/{t.pk}/pdf/standings/")
    assert waiting.status_code == 202
    assert '<meta http-equiv="refresh" content="3">' in waiting.content.decode()
    english = client.get(f"/en/giai-dau/{t.pk}/pdf/standings/").content.decode()
    assert "Preparing the PDF" in english
    _run_job(Job.objects.get(kind="documents.render").pk)
    _assert_public_pdf(client.get(f"/giai-dau/{t.pk}/pdf/standings/"), t)
    assert client.get(f"/giai-dau/{t.pk}/pdf/member_card/").status_code == 404
