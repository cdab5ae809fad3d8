"""Official documents (issue 9): decisions and member cards rendered by a worker job.

Each document is rendered through the API by the job, its text is extracted with
pdfplumber and checked (Vietnamese diacritics included), and every glyph must come
from the embedded DejaVu font (no fallback to a missing glyph).
"""

import io
from datetime import date

import pdfplumber
import pytest

from documents import services
from documents.models import Decision, Document
from tests.factories import make_club, make_club_manager, make_member, make_person, make_staff
from tests.helpers import assert_error, client_for

GROUNDS = [
    "Căn cứ Điều lệ Liên đoàn Cờ Việt Nam;",
    "Căn cứ Phụ lục 6 Luật Cờ Tướng về tiêu chuẩn phong đẳng cấp;",
    "Xét đề nghị của Ban Chuyên môn.",
]


def pdf_text(content: bytes) -> tuple[str, int, set[str]]:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        text = " ".join(" ".join(page.extract_text() or "" for page in pdf.pages).split())
        fonts = {char["fontname"] for page in pdf.pages for char in page.chars}
        return text, len(pdf.pages), fonts


def download(client, response, job_worker):
    """Follow a POST /documents/ answer (200 document or 202 job) to the PDF bytes."""
    if response.status_code == 202:
        job = job_worker.wait(response.json()["id"])
        assert job.state == "succeeded", job.error
        document_id = job.result["document_id"]
    else:
        assert response.status_code == 200, response.content
        document_id = response.json()["id"]
    pdf = client.get(f"/api/v1/documents/{document_id}/pdf/")
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    return b"".join(pdf.streaming_content), document_id


def title_award(staff, **overrides):
    data = dict(
        kind=Decision.Kind.TITLE_AWARD, subject="phong đẳng cấp Kiện tướng quốc gia môn Cờ Tướng",
        grounds=GROUNDS,
        articles=["Phong đẳng cấp Kiện tướng quốc gia cho các vận động viên có tên sau:",
                  "Quyết định có hiệu lực kể từ ngày ký.",
                  "Chánh Văn phòng, các vận động viên có tên tại Điều 1 chịu trách nhiệm thi hành."],
        recipients=["Như Điều 3", "Cục Thể dục thể thao"],
        signer_position="Chủ tịch", signer_name="Đặng Tất Thắng",
        issued_on=date(2026, 11, 20),
        payload={"players": [{"name": "Nguyễn Thành Bảo", "unit": "Hà Nội",
                              "title": "Kiện tướng quốc gia"},
                             {"name": "Lại Lý Huynh", "unit": "Bình Dương",
                              "title": "Kiện tướng quốc gia"}]},
    )
    data.update(overrides)
    return services.issue_decision(user=staff, **data)


def test_title_award_decision_pdf_has_the_administrative_form(job_worker):
    staff = make_staff()
    decision = title_award(staff)
    client = client_for(staff)
    content, _ = download(client, client.post(
        "/api/v1/documents/", {"kind": "decision", "target": decision.pk}, format="json"),
        job_worker)
    text, pages, fonts = pdf_text(content)
    for expected in ["LIÊN ĐOÀN CỜ VIỆT NAM", "CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM",
                     "Độc lập - Tự do - Hạnh phúc", "Số: 1/2026/QĐ-LĐC",
                     "Hà Nội, ngày 20 tháng 11 năm 2026", "QUYẾT ĐỊNH",
                     "Về việc phong đẳng cấp Kiện tướng quốc gia môn Cờ Tướng",
                     "Căn cứ Phụ lục 6 Luật Cờ Tướng", "Điều 1.", "Điều 2.", "Điều 3.",
                     "Nguyễn Thành Bảo", "Lại Lý Huynh", "Nơi nhận:", "CHỦ TỊCH",
                     "Đặng Tất Thắng"]:
        assert expected in text, expected
    assert fonts and all("VCF-Serif" in font for font in fonts), fonts
    assert pages == 1
    assert 5_000 < len(content) < 400_000


def test_decision_numbers_follow_the_register_per_year(db):
    staff = make_staff()
    first = title_award(staff)
    second = title_award(staff)
    next_year = title_award(staff, issued_on=date(2027, 1, 2))
    assert [first.formatted_number, second.formatted_number, next_year.formatted_number] == [
        "1/2026/QĐ-LĐC", "2/2026/QĐ-LĐC", "1/2027/QĐ-LĐC"]


def test_rendering_twice_reuses_the_current_pdf_and_a_change_rerenders(job_worker):
    staff = make_staff()
    decision = title_award(staff)
    client = client_for(staff)
    body = {"kind": "decision", "target": decision.pk}
    _, first_id = download(client, client.post("/api/v1/documents/", body, format="json"),
                           job_worker)
    again = client.post("/api/v1/documents/", body, format="json")
    assert again.status_code == 200 and again.json()["id"] == first_id
    Decision.objects.filter(pk=decision.pk).update(signer_name="Trần Quang Minh")
    changed = client.post("/api/v1/documents/", body, format="json")
    assert changed.status_code == 202
    content, second_id = download(client, changed, job_worker)
    assert second_id == first_id  # one document per subject, replaced in place
    assert "Trần Quang Minh" in pdf_text(content)[0]
    assert Document.objects.count() == 1


def test_disciplinary_decision_is_hidden_from_the_public(db, api_client):
    staff = make_staff()
    ban = title_award(staff, kind=Decision.Kind.DISCIPLINARY,
                      subject="kỷ luật vận động viên (Điều 15.6)")
    public = title_award(staff)
    listed = {d["id"] for d in api_client.get("/api/v1/decisions/").json()["results"]}
    assert listed == {public.pk}
    assert_error(api_client.post("/api/v1/documents/", {"kind": "decision", "target": ban.pk},
                                 format="json"), 404)
    assert_error(api_client.post("/api/v1/decisions/", {}, format="json"), 401)


def test_staff_issue_a_decision_through_the_api(db):
    staff = make_staff()
    response = client_for(staff).post("/api/v1/decisions/", {
        "kind": "regulations_approval", "subject": "phê duyệt Điều lệ Giải Cờ Tướng toàn quốc 2026",
        "grounds": GROUNDS, "articles": ["Phê duyệt Điều lệ giải kèm theo Quyết định này."],
        "signer_position": "Tổng thư ký", "signer_name": "Phạm Văn A",
    }, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["formatted_number"].endswith("/QĐ-LĐC")
    error = assert_error(client_for(staff).post("/api/v1/decisions/", {
        "kind": "title_award", "subject": "x", "grounds": [], "articles": [],
        "signer_position": "Chủ tịch", "signer_name": "X"}, format="json"), 400, field="articles")
    assert error["fields"]["articles"]


def test_member_card_for_the_clubs_manager_only(job_worker):
    club = make_club(name="Câu lạc bộ Cờ Tướng Hoàn Kiếm")
    member = make_member(make_person(full_name="Trần Thị Hương Giang"), club)
    manager = make_club_manager(club)
    stranger = make_club_manager(make_club())
    body = {"kind": "member_card", "target": member.pk}
    assert_error(client_for(stranger).post("/api/v1/documents/", body, format="json"), 404)
    client = client_for(manager)
    content, _ = download(client, client.post("/api/v1/documents/", body, format="json"),
                          job_worker)
    text, pages, fonts = pdf_text(content)
    for expected in ["THẺ HỘI VIÊN", member.card_number, "Trần Thị Hương Giang",
                     "Câu lạc bộ Cờ Tướng Hoàn Kiếm", "Hà Nội", "Ảnh 3×4"]:
        assert expected in text, expected
    assert pages == 1 and all("VCF-Serif" in f for f in fonts)


@pytest.mark.django_db
def test_unknown_target_is_a_clear_error():
    staff = make_staff()
    error = assert_error(client_for(staff).post(
        "/api/v1/documents/", {"kind": "decision", "target": "999"}, format="json"), 400,
        field="target")
    assert "999" in error["message"]
