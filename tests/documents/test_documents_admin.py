"""Documents from the admin: actions on the tournament, round, entry and game record pages,
the "Tạo văn bản" form and the download view (issue 9: reachable from the admin)."""

from __future__ import annotations

from django.test import Client

from core.models import Job
from documents.models import Document
from tests.documents.documents_support import pdf_pages
from tests.factories import make_staff
from tests.factories.games import make_game
from tests.factories.tournaments import add_entries, make_tournament, play


def _admin() -> Client:
    client = Client()
    client.force_login(make_staff())
    return client


def _finish_jobs(job_worker) -> None:
    for job in Job.objects.filter(kind="documents.render"):
        assert job_worker.wait(job.pk).state == "succeeded"


def test_tournament_action_renders_then_downloads_the_standings(job_worker):
    tournament = make_tournament(system="round_robin", name="Giải Cờ Tướng Đống Đa")
    entries = add_entries(tournament, 4)
    play(tournament, entries, [[(0, 3), (1, 2)]])
    admin = _admin()
    action = {"action": "standings_pdf__tournaments", "_selected_action": [tournament.pk]}
    first = admin.post("/admin/tournaments/tournament/", action)
    assert first.status_code == 302 and first["Location"].endswith("/tournament/")
    _finish_jobs(job_worker)
    document = Document.objects.get(kind="standings", target=f"tournament:{tournament.pk}")
    again = admin.post("/admin/tournaments/tournament/", action)
    assert again.status_code == 302
    assert again["Location"] == f"/admin/documents/document/{document.pk}/pdf/"
    pdf = admin.get(again["Location"])
    assert pdf["Content-Type"] == "application/pdf"
    assert "Giải Cờ Tướng Đống Đa" in pdf_pages(b"".join(pdf.streaming_content))[0]


def test_round_entry_and_game_record_actions_start_document_jobs(job_worker):
    tournament = make_tournament()
    entries = add_entries(tournament, 4)
    [rnd] = play(tournament, entries, [[(0, 3), (1, 2)]], complete=False)
    pairing = rnd.pairings.get(board=1)
    game = make_game(pairing, discipline="xiangqi")
    admin = _admin()
    for url, action, pk in [
            ("/admin/tournaments/round/", "pairings_pdf__rounds", rnd.pk),
            ("/admin/tournaments/round/", "scoresheet_pdf__rounds", rnd.pk),
            ("/admin/tournaments/entry/", "tracking_card_pdf__entries", entries[0].pk),
            ("/admin/games/gamerecord/", "scoresheet_pdf__games", game.pk)]:
        response = admin.post(url, {"action": action, "_selected_action": [pk]})
        assert response.status_code == 302, (action, response.status_code)
    _finish_jobs(job_worker)
    assert set(Document.objects.values_list("kind", "target")) == {
        ("pairings", f"round:{rnd.pk}"), ("scoresheet", f"round:{rnd.pk}"),
        ("tracking_card", f"entry:{entries[0].pk}"), ("scoresheet", f"game:{game.pk}")}


def test_request_form_checks_the_target_and_queues_the_job(db):
    tournament = make_tournament()
    admin = _admin()
    assert admin.get("/admin/documents/document/request/").status_code == 200
    bad = admin.post("/admin/documents/document/request/",
                     {"kind": "crosstable", "target": "pairing:1"})
    assert bad.status_code == 200 and "tournament:&lt;id&gt;" in bad.content.decode()
    good = admin.post("/admin/documents/document/request/",
                      {"kind": "crosstable", "target": f"tournament:{tournament.pk}"})
    assert good.status_code == 302
    job = Job.objects.get(kind="documents.render")
    assert job.params == {"kind": "crosstable", "target": f"tournament:{tournament.pk}"}
    assert "Tạo văn bản" in admin.get("/admin/documents/document/").content.decode()


def test_admin_document_views_need_a_staff_login(db):
    response = Client().get("/admin/documents/document/request/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_open_link_starts_the_job_then_downloads(job_worker):
    """``document_link`` for other admin pages: the first visit starts the render and shows
    its progress on a page that reloads itself (or opens the PDF at once when the render was
    that fast); once made, the same link downloads the current PDF (issue #28: one click)."""
    from documents.admin_actions import document_link, open_url

    tournament = make_tournament()
    entries = add_entries(tournament, 4)
    [rnd] = play(tournament, entries, [[(0, 3), (1, 2)]])
    url = open_url("pairings", f"round:{rnd.pk}")
    assert url in document_link("pairings", f"round:{rnd.pk}", "Cặp đấu")
    admin = _admin()
    first = admin.get(url)
    if first.status_code == 200:  # a worker process renders it: the page waits
        html = first.content.decode()
        assert 'http-equiv="refresh"' in html and "<progress" in html
        assert "Đang tạo văn bản PDF" in html
    else:  # rendered in-process at once
        assert first.status_code == 302 and first["Location"].endswith("/pdf/")
    _finish_jobs(job_worker)
    second = admin.get(url)
    assert second.status_code == 302 and second["Location"].endswith("/pdf/")
    text = pdf_pages(b"".join(admin.get(second["Location"]).streaming_content))[0]
    assert "DANH SÁCH CẶP ĐẤU VÒNG 1" in text


def test_member_admin_action_renders_the_member_card(job_worker):
    from tests.factories import make_member, make_person

    member = make_member(make_person(full_name="Võ Thị Kim Phụng"))
    admin = _admin()
    response = admin.post("/admin/federation/member/",
                          {"action": "member_card_pdf__members", "_selected_action": [member.pk]})
    assert response.status_code == 302
    _finish_jobs(job_worker)
    document = Document.objects.get(kind="member_card", target=str(member.pk))
    pdf = admin.get(f"/admin/documents/document/{document.pk}/pdf/")
    assert "Võ Thị Kim Phụng" in pdf_pages(b"".join(pdf.streaming_content))[0]


def test_the_waiting_page_says_a_failed_render_in_words(db, monkeypatch):
    """A render that failed is said in Vietnamese with a link to try again, and the page stops
    reloading."""
    from documents import services
    from documents.admin_actions import open_url

    tournament = make_tournament()
    entries = add_entries(tournament, 4)
    [rnd] = play(tournament, entries, [[(0, 3), (1, 2)]])
    failed = Job.objects.create(kind="document", state=Job.State.FAILED, params={}, error={
        "error": {"code": "render_failed", "message": "Không dựng được trang PDF."}})
    monkeypatch.setattr(services, "request_document", lambda kind, target, user=None: failed)
    page = _admin().get(open_url("pairings", f"round:{rnd.pk}"))
    html = page.content.decode()
    assert page.status_code == 200 and "Không dựng được trang PDF." in html
    assert 'http-equiv="refresh"' not in html and "Thử tạo lại" in html


def test_an_issued_decision_has_its_pdf_made_and_opens_in_one_click(job_worker):
    """Issuing a decision (approving a title, a sanction…) starts its PDF's render once the
    decision is committed (issue #28): "Mở PDF" then opens the PDF at once."""
    from django.db import transaction

    from documents import services as document_services
    from documents.admin_actions import open_url

    staff = make_staff()
    with transaction.atomic():
        decision = document_services.issue_decision(
            kind="title_award", subject="phong cấp I", grounds=["Luật Cờ Tướng"],
            articles=["Phong cấp I cho vận động viên"], signer_position="CHỦ TỊCH",
            signer_name="Nguyễn Văn A", user=staff)
    jobs = Job.objects.filter(kind=document_services.RENDER_JOB, params__target=str(decision.pk))
    assert jobs.count() == 1 and jobs.get().created_by == staff
    _finish_jobs(job_worker)
    assert Document.objects.filter(kind="decision", target=str(decision.pk)).exists()
    client = Client()
    client.force_login(staff)
    opened = client.get(open_url("decision", str(decision.pk)))
    assert opened.status_code == 302 and opened["Location"].endswith("/pdf/")
