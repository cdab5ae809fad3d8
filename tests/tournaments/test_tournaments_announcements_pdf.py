"""The event's public records printed as well as shown (issue 30, "Done when": the public
site and the PDFs show the amendments, the decided complaints' outcomes and the disciplinary
announcements): the amendments of the published regulations (Phụ lục 5, Điều 21.3), the
decided complaints (Điều 15.6, 19.2) and the sanctions of the event, public part only
(Điều 16.1d, 16.2 "Ban tổ chức giải phải tuyên bố hình thức kỷ luật này bằng văn bản").

Hand-worked example (the complaints' 4-player xiangqi round robin, round 1 paired, board 1
entered 1-0): the organisers move the venue with the reason "Mất điện ở địa điểm cũ"
(amendment 1: venue "(trống)" → "Nhà thi đấu Quần Ngựa"); Black's complaint is upheld by the
chief arbiter (Điều 11.1b, result 1-0 → ½-½, "Hai bên ký hòa."); a second complaint stays
pending (not printed, nor its grounds); the chief arbiter disqualifies C (Điều 16.1d) for a
reason that is never printed. The event page links the PDF; the PDF, downloaded through the
public site as a visitor, prints the three records and none of the private parts.
"""

from __future__ import annotations

from django.test import Client

from core.models import Job
from documents.services import render_document
from tests.documents.documents_support import pdf_pages
from tests.helpers import client_for
from tests.tournaments.test_tournaments_complaints import Event, _enter


def test_amendments_complaints_and_sanctions_printed_and_linked_dieu_16_2(db):
    event = Event()
    venue = client_for(event.organiser).patch(
        f"/api/v1/tournaments/{event.t.pk}/",
        {"venue": "Nhà thi đấu Quần Ngựa", "amendment_reason": "Mất điện ở địa điểm cũ"},
        format="json")
    assert venue.status_code == 200, venue.content
    _enter(event)
    first = event.complaint_of_black().json()
    event.complaint_of_black(grounds="Khiếu nại thứ hai, bí mật.")
    decided = client_for(event.chief).post(f"/api/v1/complaints/{first['id']}/decide/", {
        "upheld": True, "reasons": "Hai bên ký hòa.", "article": "Điều 11.1b",
        "effect": "result_corrected", "corrected_result": "1/2-1/2"}, format="json")
    assert decided.status_code == 200, decided.content
    third = event.t.entries.get(name="Đấu thủ C")
    out = client_for(event.chief).post(f"/api/v1/tournament-entries/{third.pk}/disqualify/",
                                       {"reason": "Dùng điện thoại, lý do riêng"},
                                       format="json")
    assert out.status_code == 200, out.content

    visitor = Client()
    page = visitor.get(f"/giai-dau/{event.t.pk}/").content.decode()
    pdf_url = f"/giai-dau/{event.t.pk}/pdf/announcements/"
    assert f'href="{pdf_url}"' in page
    waiting = visitor.get(pdf_url)
    assert waiting.status_code == 202, waiting.content[:300]
    render_document(Job.objects.latest("id").params, lambda *a: None)
    done = visitor.get(pdf_url)
    assert done.status_code == 200 and done["Content-Type"] == "application/pdf"
    text = " ".join(pdf_pages(done.content))

    assert "THÔNG BÁO CỦA GIẢI" in text and "Giải vô địch cờ tướng" in text
    assert "Mất điện ở địa điểm cũ" in text and "→ Nhà thi đấu Quần Ngựa" in text
    # the complaint's row (its cells wrap, so the words are read one by one)
    assert "Chấp nhận khiếu nại. Hai bên ký hòa." in text and "11.1b" in text
    assert "Sửa kết quả ván đấu: ½-½" in text and "Khiếu nại thứ hai" not in text
    assert f"{event.board.white.name} – {event.board.black.name}" in text
    assert "Đấu thủ C Truất quyền thi đấu 16.1d" in text
    assert "lý do riêng" not in text and "bí mật" not in text and "Ván đấu hòa" not in text


def test_an_event_without_records_prints_that_it_has_none(db, api_client):
    """The same public endpoint before anything happened: each part says it is empty."""
    event = Event()
    url = f"/api/v1/public/tournaments/{event.t.pk}/documents/announcements/"
    started = api_client.get(url)
    assert started.status_code == 202, started.content[:300]
    render_document(Job.objects.get(pk=started.json()["job"]).params, lambda *a: None)
    text = " ".join(pdf_pages(api_client.get(url).content))
    assert "Điều lệ giải không có sửa đổi." in text
    assert "Không có khiếu nại đã giải quyết." in text
    assert "Không có hình thức kỷ luật nào được công bố." in text


def test_the_organisers_numbered_complaint_decision_is_a_public_pdf_dieu_19_1(db):
    """Điều 19.1, 15.6: the organisers decide an appeal by a numbered decision; a visitor
    downloads its PDF (a public kind: names and the outcome) and reads the decision, its
    article and number; the event page names the number beside the outcome."""
    event = Event()
    _enter(event)
    first = event.complaint_of_black().json()
    client_for(event.chief).post(f"/api/v1/complaints/{first['id']}/decide/", {
        "upheld": False, "reasons": "Biên bản ghi Trắng thắng, hai bên đã ký.",
        "article": "Điều 11.1b"}, format="json")
    appeal = client_for(event.user_of(event.board.black)).post(
        f"/api/v1/complaints/{first['id']}/appeal/", {"grounds": "Trọng tài bàn xác nhận hòa."},
        format="json").json()
    decided = client_for(event.organiser).post(f"/api/v1/complaints/{appeal['id']}/decide/", {
        "upheld": False, "reasons": "Giữ nguyên quyết định của Tổng trọng tài.",
        "article": "Điều 19.1"}, format="json").json()
    number = decided["decision_number"]

    visitor = Client()
    body = {"kind": "decision", "target": str(decided["decision"])}
    started = visitor.post("/api/v1/documents/", body, content_type="application/json")
    assert started.status_code == 202, started.content[:300]
    render_document(Job.objects.get(pk=started.json()["id"]).params, lambda *a: None)
    ready = visitor.post("/api/v1/documents/", body, content_type="application/json")
    assert ready.status_code == 200, ready.content[:300]
    pdf = visitor.get(f"/api/v1/documents/{ready.json()['id']}/pdf/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = " ".join(pdf_pages(b"".join(pdf.streaming_content)))
    assert "QUYẾT ĐỊNH" in text and "Không chấp nhận khiếu nại số 2" in text
    assert "Điều 19.1" in text and number.split("/")[0] in text
    page = visitor.get(f"/giai-dau/{event.t.pk}/").content.decode()
    assert f"Quyết định số {number}" in page
