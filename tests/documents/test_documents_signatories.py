"""Decisions are signed by real signatories (issue 13): signatories are data kept by staff;
approving a title in the admin asks who signs (the body's default preselected), never the
user's name; the decision reads as a Vietnamese official decision (no doubled words, one
archive line, the authority on two lines); editing a decision re-renders its PDF and the stale
one is refused meanwhile. PDFs are checked with pdfplumber."""

from __future__ import annotations

import io
from datetime import date

import pdfplumber
from django.test import Client

from core.models import Job
from documents.models import Decision, Document
from ratings.models import PlayerTitle, TitleCriteriaTable, TitleQualification
from tests.factories import (
    make_club,
    make_member,
    make_person,
    make_signatory,
    make_staff,
    make_user,
)
from tests.factories.tournaments import make_tournament
from tests.helpers import assert_error, client_for
from tournaments.models import Tournament


def _lines(content: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return [" ".join(line.split()) for page in pdf.pages
                for line in (page.extract_text() or "").splitlines()]


def _qualification(name: str = "Lại Lý Huynh") -> TitleQualification:
    from ratings.reference_data import load_reference_data

    load_reference_data()  # the criteria table (a transactional test flushes migrated data)
    person = make_person(full_name=name, gender="M")
    make_member(person, make_club(province_code="79"))
    tournament = make_tournament(name="Giải Vô địch Cờ Tướng toàn quốc 2026",
                                 status=Tournament.Status.CERTIFIED,
                                 category=Tournament.Category.NATIONAL_INDIVIDUAL)
    return TitleQualification.objects.create(
        person=person, title="national_master", criterion_id="A.1.a",
        criterion_text="Xếp hạng 1-3 giải vô địch cá nhân toàn quốc (nam).",
        table=TitleCriteriaTable.objects.first(), section="men", tournament=tournament,
        event_date=date(2026, 5, 10))


def _admin(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _pdf(client, decision: Decision, job_worker) -> tuple[bytes, int]:
    response = client.post("/api/v1/documents/", {"kind": "decision", "target": decision.pk},
                           format="json")
    if response.status_code == 202:
        job = job_worker.wait(response.json()["id"])
        assert job.state == "succeeded", job.error
        document_id = job.result["document_id"]
    else:
        document_id = response.json()["id"]
    pdf = client.get(f"/api/v1/documents/{document_id}/pdf/")
    assert pdf.status_code == 200, pdf.content
    return b"".join(pdf.streaming_content), document_id


def test_admin_approval_asks_who_signs_and_the_decision_reads_as_an_official_one(job_worker):
    staff = make_staff("demo")
    deputy = make_signatory("Nguyễn Văn Ký", "PHÓ CHỦ TỊCH", "KT. CHỦ TỊCH")
    make_signatory("Trần Văn Trưởng", "CHỦ TỊCH", "", is_default=False)
    q = _qualification()
    admin = _admin(staff)
    action = {"action": "approve", "_selected_action": [q.pk]}

    # The action first shows a form: who signs (the default preselected) and the date.
    page = admin.post("/admin/ratings/titlequalification/", action)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Nguyễn Văn Ký" in html and "Trần Văn Trưởng" in html
    assert f'<option value="{deputy.pk}" selected>' in html
    q.refresh_from_db()
    assert q.status == TitleQualification.Status.PENDING  # nothing issued yet

    done = admin.post("/admin/ratings/titlequalification/",
                      {**action, "apply": "1", "signatory": deputy.pk,
                       "issued_on": "2026-06-01"}, follow=True)
    assert done.status_code == 200
    title = PlayerTitle.objects.get(person=q.person)
    decision = title.decision
    assert (decision.signatory, decision.signer_name, decision.signer_position,
            decision.signer_authority) == (deputy, "Nguyễn Văn Ký", "PHÓ CHỦ TỊCH",
                                           "KT. CHỦ TỊCH")

    lines = _lines(_pdf(client_for(staff), decision, job_worker)[0])
    text = " ".join(lines)
    assert "demo" not in text  # never the user name
    assert "Về việc phong đẳng cấp Kiện tướng quốc gia cho vận động viên Lại Lý Huynh" in text
    assert "Về việc Về việc" not in text
    assert "Căn cứ kết quả Giải Vô địch Cờ Tướng toàn quốc 2026" in text
    assert "giải Giải" not in text
    # Issued under the chairman's authority; signed "KT. CHỦ TỊCH" over "PHÓ CHỦ TỊCH".
    assert "CHỦ TỊCH LIÊN ĐOÀN CỜ VIỆT NAM" in lines
    authority = next(i for i, line in enumerate(lines) if "KT. CHỦ TỊCH" in line)
    assert "PHÓ CHỦ TỊCH" not in lines[authority]
    deputy_line = next(i for i, line in enumerate(lines) if "PHÓ CHỦ TỊCH" in line)
    assert authority < deputy_line <= authority + 2  # the next line of the signature column
    assert "Nguyễn Văn Ký" in text
    # One archive line in "Nơi nhận".
    assert text.count("Lưu") == 1 and "Lưu: VT." in text and "Lưu VP" not in text


def test_a_signatory_can_be_chosen_through_the_api_and_is_listed_for_staff(db):
    staff = make_staff()
    q = _qualification()
    client = client_for(staff)
    assert_error(client.post(f"/api/v1/titles/qualifications/{q.pk}/approve/", {},
                             format="json"), 400, "signatory_required", "signatory")
    chair = make_signatory("Trần Văn Trưởng", "CHỦ TỊCH", "", is_default=False)
    listed = client.get("/api/v1/signatories/")
    assert listed.status_code == 200
    assert [s["full_name"] for s in listed.json()["results"]] == ["Trần Văn Trưởng"]
    assert client_for(None).get("/api/v1/signatories/").status_code in (401, 403)
    response = client.post(f"/api/v1/titles/qualifications/{q.pk}/approve/",
                           {"signatory": chair.pk}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["decision"]["signer_name"] == "Trần Văn Trưởng"
    # A wrong signer is corrected through the API too, with a reason (staff only).
    deputy = make_signatory("Lê Phó", "PHÓ CHỦ TỊCH", "KT. CHỦ TỊCH", is_default=False)
    decision_id = response.json()["decision"]["id"]
    url = f"/api/v1/decisions/{decision_id}/correct-signatory/"
    assert_error(client.post(url, {"signatory": deputy.pk}, format="json"), 400,
                 field="reason")
    assert client_for(make_user()).post(url, {"signatory": deputy.pk, "reason": "x"},
                                        format="json").status_code == 403
    corrected = client.post(url, {"signatory": deputy.pk, "reason": "Ký nhầm"}, format="json")
    assert corrected.status_code == 200, corrected.content
    assert (corrected.json()["signer_name"], corrected.json()["signer_authority"]) == (
        "Lê Phó", "KT. CHỦ TỊCH")


def test_editing_a_decision_rerenders_its_pdf_and_the_stale_one_is_refused(job_worker):
    staff = make_staff()
    first = make_signatory("Nguyễn Văn Ký", "PHÓ CHỦ TỊCH", "KT. CHỦ TỊCH")
    second = make_signatory("Phạm Thị Hà", "PHÓ CHỦ TỊCH", "KT. CHỦ TỊCH", is_default=False)
    q = _qualification()
    client = client_for(staff)
    client.post(f"/api/v1/titles/qualifications/{q.pk}/approve/", {}, format="json")
    decision = Decision.objects.get()
    _content, document_id = _pdf(client, decision, job_worker)

    # An issued decision is read-only in the admin: the signer is corrected by an action that
    # asks for the right signatory and a reason (a real form post of the action's page).
    admin = _admin(staff)
    page = admin.get(f"/admin/documents/decision/{decision.pk}/change/")
    assert page.status_code == 200
    action = {"action": "correct_signatory", "_selected_action": [decision.pk]}
    form_page = admin.post("/admin/documents/decision/", action)
    assert form_page.status_code == 200 and "Phạm Thị Hà" in form_page.content.decode()
    refused = admin.post("/admin/documents/decision/", {**action, "apply": "1",
                                                         "signatory": second.pk, "reason": ""})
    assert refused.status_code == 200  # the form again: a reason is required
    decision.refresh_from_db()
    assert decision.signatory == first
    saved = admin.post("/admin/documents/decision/", {
        **action, "apply": "1", "signatory": second.pk, "reason": "Ký nhầm người"})
    assert saved.status_code == 302
    decision.refresh_from_db()
    assert decision.signer_name == "Phạm Thị Hà" and decision.signatory == second
    assert decision.history.first().history_change_reason == "Ký nhầm người"

    # The save started the re-rendering (in-process without a broker, else on the worker).
    for job in Job.objects.filter(kind="documents.render"):
        assert job_worker.wait(job.pk).state == "succeeded"
    pdf = client.get(f"/api/v1/documents/{document_id}/pdf/")
    assert pdf.status_code == 200
    text = " ".join(_lines(b"".join(pdf.streaming_content)))
    assert "Phạm Thị Hà" in text and "Nguyễn Văn Ký" not in text
    assert Document.objects.count() == 1

    # Data changed some other way (e.g. a history revert): the stored PDF is stale and its
    # download is refused until it is rendered again (API 409, admin back to the list).
    Decision.objects.filter(pk=decision.pk).update(subject="phong cấp (sửa)")
    assert_error(client.get(f"/api/v1/documents/{document_id}/pdf/"), 409, "stale")
    assert admin.get(f"/admin/documents/document/{document_id}/pdf/").status_code == 302
