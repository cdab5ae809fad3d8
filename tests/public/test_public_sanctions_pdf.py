"""The year's disciplinary announcements printed (Luật Cờ Tướng Điều 16.2: "Ban tổ chức giải
phải tuyên bố hình thức kỷ luật này bằng văn bản"; Điều 15.6): the page ``/ky-luat/`` links
the PDF of the sanctions in force during the year, public part only, like the page.

Hand-worked example: a 1-year suspension that started 30 days ago is in force this year and
printed with its dates (dd/mm/yyyy) and decision number; a 1-year suspension that started
2,000 days ago ended more than four years ago and is not in this year's list; the reason,
the citizen ID and the contacts are never printed."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.test import Client

from core.models import Job
from documents.services import render_document
from tests.documents.documents_support import pdf_pages
from tests.public.test_public_sanctions import _private_absent, _sanctioned

pytestmark = pytest.mark.django_db


def test_the_years_sanctions_pdf_is_linked_and_prints_the_public_part_dieu_16_2():
    today = date.today()
    current, _club, decision = _sanctioned("Nguyễn Văn Phạt", today - timedelta(days=30))
    _sanctioned("Lê Văn Cũ", today - timedelta(days=2000))
    visitor = Client()
    pdf_url = f"/ky-luat/pdf/{today.year}/"
    assert f'href="{pdf_url}"' in visitor.get("/ky-luat/").content.decode()
    waiting = visitor.get(pdf_url)
    assert waiting.status_code == 202, waiting.content[:300]
    render_document(Job.objects.latest("id").params, lambda *a: None)
    done = visitor.get(pdf_url)
    assert done.status_code == 200 and done["Content-Type"] == "application/pdf"
    text = " ".join(pdf_pages(done.content))
    assert f"THÔNG BÁO KỶ LUẬT NĂM {today.year}" in text
    assert "Nguyễn Văn Phạt" in text and "Lê Văn Cũ" not in text
    assert current.starts_on.strftime("%d/%m/%Y") in text
    assert decision.formatted_number in text
    _private_absent(text)
    # the public API answers the same PDF; a year out of range is a 404 naming it
    api = visitor.get(f"/api/v1/public/sanctions/documents/{today.year}/")
    assert api.status_code == 200 and api.content == done.content
    assert visitor.get("/api/v1/public/sanctions/documents/1999/").status_code == 404
