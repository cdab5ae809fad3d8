"""Helpers of the documents tests: PDF text extraction and downloading through the API (the
small tournaments they render come from ``tests.factories.tournaments``)."""

from __future__ import annotations

import io

import pdfplumber


def pdf_pages(content: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return [" ".join((page.extract_text() or "").split()) for page in pdf.pages]


def pdf_fonts(content: bytes) -> set[str]:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return {char["fontname"] for page in pdf.pages for char in page.chars}


def pdf_words(content: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return [w["text"] for page in pdf.pages for w in page.extract_words()]


def assert_embedded_font_only(content: bytes) -> None:
    """Every glyph comes from the shipped font (no fallback to a missing glyph)."""
    fonts = pdf_fonts(content)
    assert fonts and all("VCF-Serif" in font for font in fonts), fonts


def request(client, kind: str, target: str):
    return client.post("/api/v1/documents/", {"kind": kind, "target": target}, format="json")


def download(client, response, job_worker) -> bytes:
    """Follow a POST /documents/ answer (200 document or 202 job) to the PDF bytes."""
    if response.status_code == 202:
        job = job_worker.wait(response.json()["id"], timeout=600)
        assert job.state == "succeeded", job.error
        document_id = job.result["document_id"]
    else:
        assert response.status_code == 200, response.content
        document_id = response.json()["id"]
    pdf = client.get(f"/api/v1/documents/{document_id}/pdf/")
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    return b"".join(pdf.streaming_content)
