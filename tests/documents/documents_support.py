"""Helpers of the documents tests: PDF text extraction, downloading through the API, and
small tournaments written straight into the models (the documents app only reads them)."""

from __future__ import annotations

import io
import random
from datetime import date

import pdfplumber

from tests.factories import make_member, make_person, make_user
from tournaments.models import Entry, Official, Pairing, Round, Tournament

START = date(2026, 5, 4)


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


def make_arbiter(tournament: Tournament, name: str = "Phạm Quốc Hưng", role: str = "chief"):
    user = make_user()
    person = make_person(full_name=name, user=user)
    Official.objects.create(tournament=tournament, person=person, role=role)
    return user


def make_tournament(*, discipline: str = "xiangqi", system: str = "swiss_draw",
                    status: str = Tournament.Status.RUNNING, **kw) -> Tournament:
    kw.setdefault("name", "Giải Vô địch Cờ Tướng Hà Nội mở rộng")
    kw.setdefault("venue", "Cung Văn hóa Hữu nghị, Hà Nội")
    return Tournament.objects.create(discipline=discipline, system=system, status=status,
                                     start_date=START, end_date=date(2026, 5, 10), **kw)


FAMILY = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng"]
GIVEN = ["Thành Bảo", "Lý Huynh", "Hoàng Lâm", "Thị Hương", "Đức Thắng", "Quang Liêm",
         "Văn Được", "Thị Ánh", "Minh Nhật", "Ngọc Sơn"]


def player_name(i: int) -> str:
    return f"{FAMILY[i % 10]} {GIVEN[(i // 10) % 10]} {i + 1}"


def add_entries(tournament: Tournament, count: int, *, with_members: bool = False,
                titles: dict[int, str] | None = None) -> list[Entry]:
    """``count`` entries numbered 1..count (members only when asked: slower)."""
    titles = titles or {}
    rows = []
    for i in range(count):
        member = make_member(make_person(full_name=player_name(i))) if with_members else None
        rows.append(Entry(tournament=tournament, member=member, name=player_name(i),
                          starting_number=i + 1, rating=2400 - i, title=titles.get(i + 1, "")))
    return Entry.objects.bulk_create(rows)


def circle_rounds(count: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Rounds of the circle method on indexes 0..count-1 (even count): no rematch."""
    assert count % 2 == 0
    others = list(range(1, count))
    schedule = []
    for r in range(rounds):
        ring = [0] + others
        pairs = [(ring[i], ring[count - 1 - i]) for i in range(count // 2)]
        schedule.append([(a, b) if (r + i) % 2 == 0 else (b, a) for i, (a, b) in enumerate(pairs)])
        others = others[-1:] + others[:-1]
    return schedule


def play(tournament: Tournament, entries: list[Entry], schedule, *, seed: int = 7,
         results: dict | None = None, complete: bool = True) -> list[Round]:
    """Write the rounds of ``schedule`` (index pairs, White first) with results: from
    ``results[(round, board)]`` when given, else drawn from a seeded generator."""
    rng = random.Random(seed)
    made = []
    for number, pairs in enumerate(schedule, 1):
        rnd = Round.objects.create(
            tournament=tournament, number=number, system=tournament.system,
            engine_version="test",
            status=Round.Status.COMPLETE if complete else Round.Status.PAIRED)
        rows = []
        for board, (w, b) in enumerate(pairs, 1):
            result = (results or {}).get((number, board)) or rng.choice(
                ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"])
            rows.append(Pairing(round=rnd, board=board, white=entries[w], black=entries[b],
                                result=result if complete else ""))
        Pairing.objects.bulk_create(rows)
        made.append(rnd)
    return made
