"""Issue 33: every admin write goes through a service; a refusal of the service is shown on
the form (next to its field when it names one), the save rolls back and nothing is written;
actions, deletes and history reverts that the service refuses answer a Vietnamese message,
never a 500. Real admin forms are read and posted as a browser would (tests/admin_forms)."""

from __future__ import annotations

from datetime import date
from html.parser import HTMLParser

import pytest
from django.contrib import admin
from django.contrib.messages import get_messages

from core.admin_service import ServiceAdmin
from tests.admin_forms import form_data
from tests.factories import make_staff, national_body
from tests.factories.tournaments import create_tournament
from tournaments import services
from tournaments.models import StatusChange, Tournament

pytestmark = pytest.mark.django_db

URL = "/admin/tournaments/tournament/"


def _messages(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


class _FieldErrors(HTMLParser):
    """The error lists of the page, each with the admin form row (``field-<name>``) holding
    it: "next to the field" checked on the HTML a person sees. In a row of several fields
    Django writes each field's errors just before that field's box."""

    def __init__(self):
        super().__init__()
        self.depth: list[list[str]] = []
        self.found: dict[str, str] = {}
        self._in_error: str | None = None
        self._pending = ""

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        names = [c[len("field-"):] for c in classes if c.startswith("field-")]
        self.depth.append(names)
        if len(names) == 1 and self._pending:
            self.found[names[0]] = self.found.get(names[0], "") + self._pending
            self._pending = ""
        if "errorlist" in classes:
            owner = next((n for n in reversed(self.depth) if n), [])
            self._in_error = owner[0] if len(owner) == 1 else ("?" if owner else "__all__")

    def handle_endtag(self, tag):
        if self.depth:
            self.depth.pop()
        if tag == "ul":
            self._in_error = None

    def handle_data(self, data):
        if not (self._in_error and data.strip()):
            return
        if self._in_error == "?":
            self._pending += data.strip()
        else:
            self.found[self._in_error] = self.found.get(self._in_error, "") + data.strip()


def _errors_by_row(html: str) -> dict[str, str]:
    parser = _FieldErrors()
    parser.feed(html)
    return parser.found


def _tournament(staff) -> Tournament:
    return create_tournament(staff, name="Giải thử dịch vụ", start_date=date(2026, 3, 1))


def test_every_registered_admin_of_the_project_is_on_the_service_base():
    own = [model._meta.label for model, model_admin in admin.site._registry.items()
           if model._meta.app_label in {"core", "federation", "tournaments", "games",
                                        "ratings", "documents"}
           and not isinstance(model_admin, ServiceAdmin)]
    assert own == []


def test_a_refused_add_shows_the_error_next_to_its_field_and_writes_nothing(client):
    staff = make_staff()
    body = national_body()
    client.force_login(staff)
    page = client.get(f"{URL}add/")
    data = form_data(page.content.decode(), "tournament_form")
    data.update({"name": ["Giải bị từ chối"], "discipline": ["xiangqi"], "system": ["dutch"],
                 "number_of_rounds": ["40"], "start_date": ["01/03/2026"],
                 "end_date": ["02/03/2026"], "organiser_body": [str(body.pk)],
                 "_save": ["Lưu"]})
    before = Tournament.objects.count()
    response = client.post(f"{URL}add/", data)
    assert response.status_code == 200  # the same form again, not a 500
    errors = _errors_by_row(response.content.decode())
    assert "không xếp được" in errors.get("number_of_rounds", ""), errors
    assert Tournament.objects.count() == before
    assert not Tournament.objects.filter(name="Giải bị từ chối").exists()
    # what was typed is still there
    again = form_data(response.content.decode(), "tournament_form")
    assert again["name"] == ["Giải bị từ chối"] and again["number_of_rounds"] == ["40"]


def test_a_refused_change_keeps_the_stored_record(client):
    staff = make_staff()
    tournament = _tournament(staff)
    client.force_login(staff)
    change = f"{URL}{tournament.pk}/change/"
    data = form_data(client.get(change).content.decode(), "tournament_form")
    data.update({"name": ["Tên mới"], "end_date": ["01/02/2026"], "_save": ["Lưu"]})
    response = client.post(change, data)
    assert response.status_code == 200
    errors = _errors_by_row(response.content.decode())
    assert "Ngày kết thúc trước ngày bắt đầu" in errors.get("end_date", ""), errors
    tournament.refresh_from_db()
    assert tournament.name == "Giải thử dịch vụ" and tournament.end_date == date(2026, 3, 5)
    assert tournament.history.count() == 1  # no version written by the refused save
    # the same form, corrected, saves through the service
    data.update({"end_date": ["06/03/2026"]})
    assert client.post(change, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Tên mới" and tournament.end_date == date(2026, 3, 6)


def test_a_refusal_without_a_field_shows_above_the_form(client):
    """The draw is done: the format is locked (the service names ``system``, a field of the
    form: next to it); an entry's refusal of a member without a field shows above."""
    staff = make_staff()
    tournament = _tournament(staff)
    Tournament.objects.filter(pk=tournament.pk).update(status="closed")
    client.force_login(staff)
    change = f"{URL}{tournament.pk}/change/"
    data = form_data(client.get(change).content.decode(), "tournament_form")
    data.update({"system": ["round_robin"], "_save": ["Lưu"]})
    response = client.post(change, data)
    assert response.status_code == 200
    errors = _errors_by_row(response.content.decode())
    assert "khóa đăng ký" in errors.get("system", ""), errors
    tournament.refresh_from_db()
    assert tournament.system == "dutch"


def test_a_refused_action_is_a_message_and_changes_nothing(client):
    staff = make_staff()
    tournament = _tournament(staff)
    client.force_login(staff)
    response = client.post(URL, {"action": "certify", "_selected_action": [tournament.pk]})
    assert response.status_code == 302
    assert tournament.name in _messages(response)
    tournament.refresh_from_db()
    assert tournament.status == "draft"
    assert not StatusChange.objects.filter(tournament=tournament).exists()


def test_a_history_revert_goes_through_the_service(client):
    staff = make_staff()
    tournament = _tournament(staff)
    services.update_tournament(tournament, user=staff, name="Tên thứ hai")
    first = tournament.history.order_by("history_date").first()
    client.force_login(staff)
    url = f"{URL}{tournament.pk}/history/{first.history_id}/"
    data = form_data(client.get(url).content.decode(), "historicaltournament_form")
    data["_save"] = ["Lưu"]
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Giải thử dịch vụ"

    # once the draw is made, a revert to another format is refused by the service: a
    # message on the history page, nothing written
    services.update_tournament(tournament, user=staff, system="round_robin",
                               number_of_rounds=None)
    Tournament.objects.filter(pk=tournament.pk).update(status="closed")
    versions = tournament.history.count()
    swiss = tournament.history.filter(system="dutch").order_by("history_date").first()
    url = f"{URL}{tournament.pk}/history/{swiss.history_id}/"
    data = form_data(client.get(url).content.decode(), "historicaltournament_form")
    data["_save"] = ["Lưu"]
    refused = client.post(url, data)
    assert refused.status_code == 302 and refused.url.endswith("/history/")
    assert "Không khôi phục được" in _messages(refused)
    assert "khóa đăng ký" in _messages(refused)
    tournament.refresh_from_db()
    assert tournament.system == "round_robin" and tournament.history.count() == versions
