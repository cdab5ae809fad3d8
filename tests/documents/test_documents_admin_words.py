"""Issue 28: a document's subject in the admin by its name and linked ("Giải …", a game
record), never ``505`` or ``game:10``; a decision's grounds and articles typed one a line and
shown so (never a JSON list), its date line as printed ("Hà Nội, ngày … tháng … năm …")."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from documents import services
from documents.models import Decision, Document, Signatory
from tests.admin_forms import form_data
from tests.core.test_core_admin_vietnamese import visible_text
from tests.factories import make_staff, national_body
from tests.factories.games import make_game
from tests.factories.tournaments import make_tournament

pytestmark = pytest.mark.django_db


def _admin() -> Client:
    client = Client()
    client.force_login(make_staff())
    return client


def _decision() -> Decision:
    return services.issue_decision(
        kind="title_award", subject="phong cấp", grounds=["Luật Cờ Tướng", "Điều lệ"],
        articles=["Phong cấp I cho ông A", "Các ông bà có tên chịu trách nhiệm"],
        signer_position="CHỦ TỊCH", signer_name="Nguyễn Văn A", user=make_staff(),
        issued_on=date(2026, 11, 20))


def test_documents_name_and_link_their_subjects():
    tournament = make_tournament(name="Giải Cờ Tướng Ba Đình")
    game = make_game(white_name="Lê A", black_name="Vũ B")
    decision = _decision()
    for kind, target in [("standings", f"tournament:{tournament.pk}:round:2"),
                         ("scoresheet", f"game:{game.pk}"), ("decision", str(decision.pk))]:
        Document.objects.create(kind=kind, target=target, data_hash="0" * 64,
                                file=f"documents/2026/11/{kind}.pdf", size=1, pages=1)
    admin = _admin()
    listing = admin.get("/admin/documents/document/").content.decode()
    text = " ".join(visible_text(listing))
    assert "Giải Cờ Tướng Ba Đình — ván 2" in text and decision.formatted_number in text
    assert f'href="/admin/tournaments/tournament/{tournament.pk}/change/"' in listing
    assert f'href="/admin/games/gamerecord/{game.pk}/change/"' in listing
    assert f"game:{game.pk}" not in text and f"tournament:{tournament.pk}" not in text
    one = Document.objects.get(kind="scoresheet")
    page = " ".join(visible_text(admin.get(
        f"/admin/documents/document/{one.pk}/change/").content.decode()))
    assert str(game) in page and f"game:{game.pk}" not in page


def test_a_decision_is_typed_and_shown_one_line_each():
    signer = Signatory.objects.filter(active=True).first() or Signatory.objects.create(
        body=national_body(), full_name="Nguyễn Văn A", position="CHỦ TỊCH")
    admin = _admin()
    add = admin.get("/admin/documents/decision/add/").content.decode()
    assert "[]" not in " ".join(visible_text(add))
    data = form_data(add, "decision_form")
    data.update({"kind": ["disciplinary"], "subject": ["kỷ luật thử"], "issued_on": ["20/11/2026"],
                 "grounds": ["Điều lệ Liên đoàn\n\n  Quy chế kỷ luật  \n"],
                 "articles": ["Cảnh cáo ông B\nCác ông bà có tên chịu trách nhiệm"],
                 "recipients": ["Như Điều 2\nLưu: VT"], "signatory": [str(signer.pk)],
                 "_save": ["Lưu"]})
    saved = admin.post("/admin/documents/decision/add/", data)
    assert saved.status_code == 302, saved.context_data["adminform"].form.errors
    decision = Decision.objects.get(subject="kỷ luật thử")
    assert decision.grounds == ["Điều lệ Liên đoàn", "Quy chế kỷ luật"]
    assert decision.articles == ["Cảnh cáo ông B", "Các ông bà có tên chịu trách nhiệm"]
    assert decision.recipients == ["Như Điều 2", "Lưu: VT"]
    page = admin.get(f"/admin/documents/decision/{decision.pk}/change/").content.decode()
    text = " ".join(visible_text(page))
    assert '["' not in text and "Điều lệ Liên đoàn" in text
    assert "Hà Nội, ngày 20 tháng 11 năm 2026" in text
