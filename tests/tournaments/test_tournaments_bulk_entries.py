"""Bulk registration of entries (issue 18): a JSON list or a club's CSV, all or nothing, every
refused row named; the single registration's rules (eligibility, deadline and late entries,
Điều 20, permissions) apply to each row. Bulk result errors name the board."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import make_member, make_staff, make_user
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db
START = date(2026, 5, 4)
URL = "/api/v1/tournament-entries/bulk/"


@pytest.fixture
def staff():
    return make_staff()


def _open(staff, **fields):
    fields = {"name": "Giải đăng ký hàng loạt", "discipline": "chess", **fields}
    return create_tournament(staff, registering=True, **fields)


def test_a_json_list_registers_every_row(staff):
    t = _open(staff)
    a, b, c = make_member(), make_member(), make_member()
    response = client_for(staff).post(URL, {"tournament": t.pk, "entries": [
        {"member": a.pk, "rating": 2100, "title": "FM"},
        {"member": b.card_number, "rating": "1950"},
        {"member": str(c.pk)}]}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["count"] == 3
    entries = {e.member_id: e for e in t.entries.all()}
    assert set(entries) == {a.pk, b.pk, c.pk}
    assert (entries[a.pk].rating, entries[a.pk].title, entries[b.pk].rating) == (2100, "FM", 1950)


def test_one_bad_row_registers_none_and_every_bad_row_is_named(staff):
    t = _open(staff)
    good, twice = make_member(), make_member()
    response = client_for(staff).post(URL, {"tournament": t.pk, "entries": [
        {"member": good.pk},
        {"member": "HN-9999-X"},
        {"member": twice.pk},
        {"member": twice.pk},
        {"member": make_member().pk, "rating": "abc"}]}, format="json")
    error = assert_error(response, 400, "invalid_rows")
    fields = error["fields"]
    assert set(fields) == {"rows[2].member", "rows[4].member", "rows[5].rating"}, fields
    assert fields["rows[2].member"][0].startswith("Dòng 2: ") and "HN-9999-X" in fields[
        "rows[2].member"][0]
    assert "3/5" in error["message"]
    assert not Entry.objects.filter(tournament=t).exists()  # not even the good rows
    english = client_for(staff).post(URL, {"tournament": t.pk, "entries": [
        {"member": "HN-9999-X"}]}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert assert_error(english, 400, "invalid_rows")["fields"]["rows[1].member"][0].startswith(
        "Row 1: ")


def test_csv_with_vietnamese_headers_and_semicolons(staff):
    t = _open(staff)
    a, b = make_member(), make_member()
    text = f"Số thẻ;Họ tên;Hệ số;Danh hiệu\n{a.card_number};A;2000;IM\n\n{b.card_number};B;;\n"
    upload = SimpleUploadedFile("ds.csv", ("\ufeff" + text).encode(), content_type="text/csv")
    response = client_for(staff).post(URL, {"tournament": t.pk, "file": upload},
                                      format="multipart")
    assert response.status_code == 201, response.content
    assert sorted(t.entries.values_list("rating", flat=True)) == [0, 2000]


def test_csv_as_text_in_json(staff):
    """Issue 29: the operation declares one content type (JSON), so a generated client
    sends the CSV as text (``csv``); a list and a CSV together are refused."""
    t = _open(staff)
    a, b = make_member(), make_member()
    text = f"\ufeffSố thẻ;Hệ số\n{a.card_number};2000\n{b.card_number};1900\n"
    response = client_for(staff).post(URL, {"tournament": t.pk, "csv": text}, format="json")
    assert response.status_code == 201, response.content
    assert sorted(t.entries.values_list("rating", flat=True)) == [1900, 2000]
    both = client_for(staff).post(URL, {"tournament": t.pk, "csv": text, "entries": []},
                                  format="json")
    assert_error(both, 400, field="entries")


def test_csv_errors_name_the_line_of_the_file(staff):
    t = _open(staff)
    a = make_member()
    text = f"member,rating\n{a.card_number},1800\nKHONG-CO,1700\n"
    upload = SimpleUploadedFile("ds.csv", text.encode(), content_type="text/csv")
    error = assert_error(client_for(staff).post(URL, {"tournament": t.pk, "file": upload},
                                                format="multipart"), 400, "invalid_rows")
    assert list(error["fields"]) == ["rows[3].member"]
    assert error["fields"]["rows[3].member"][0].startswith("Dòng 3: ")
    bad_header = SimpleUploadedFile("ds.csv", b"ten,elo\nA,1\n", content_type="text/csv")
    assert_error(client_for(staff).post(URL, {"tournament": t.pk, "file": bad_header},
                                        format="multipart"), 400, "invalid_csv", field="file")
    assert not t.entries.exists()


def test_same_permissions_as_single_registration(staff):
    t = _open(staff)
    nobody = make_user("nobody_bulk")
    response = client_for(nobody).post(URL, {"tournament": t.pk, "entries": [
        {"member": make_member().pk}]}, format="json")
    assert_error(response, 403, "permission_denied")
    assert not t.entries.exists()


def test_after_the_deadline_the_list_needs_a_late_reason(staff):
    t = _open(staff, registration_deadline=date(2020, 1, 1))
    rows = [{"member": make_member().pk}, {"member": make_member().pk}]
    api = client_for(staff)
    assert_error(api.post(URL, {"tournament": t.pk, "entries": rows}, format="json"), 400,
                 "late_entry", field="late_reason")
    done = api.post(URL, {"tournament": t.pk, "entries": rows, "late_reason": "BTC chấp thuận"},
                    format="json")
    assert done.status_code == 201, done.content
    assert all(e.is_late and e.late_reason == "BTC chấp thuận" for e in t.entries.all())
    on_time = _open(staff, name="Giải còn hạn")
    assert_error(api.post(URL, {"tournament": on_time.pk, "entries": rows,
                                "late_reason": "x"}, format="json"), 400, "not_late")


def test_row_limit_is_named(staff, settings):
    settings.BULK_MAX_ROWS = 2
    t = _open(staff)
    rows = [{"member": make_member().pk} for _ in range(3)]
    error = assert_error(client_for(staff).post(URL, {"tournament": t.pk, "entries": rows},
                                                format="json"), 400, "too_many_rows")
    assert "tối đa 2 dòng" in error["message"] and "3" in error["message"]
    csv_rows = "member\n" + "".join(f"{m['member']}\n" for m in rows)
    upload = SimpleUploadedFile("ds.csv", csv_rows.encode(), content_type="text/csv")
    assert_error(client_for(staff).post(URL, {"tournament": t.pk, "file": upload},
                                        format="multipart"), 400, "too_many_rows")
    assert not t.entries.exists()


def test_bulk_result_error_names_the_board(staff):
    t = _open(staff, system="round_robin", discipline="xiangqi", number_of_rounds=None,
              start_date=START, end_date=START + timedelta(days=2))
    for i in range(4):
        services.register_entry(t, make_member(), user=staff, rating=2000 - i)
    services.close_registration(t, user=staff, seed=7)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": 1}, lambda *a: None)
    rnd = t.rounds.get(number=1)
    games = list(rnd.pairings.filter(kind="game").order_by("board"))
    response = client_for(staff).post(f"/api/v1/tournament-rounds/{rnd.pk}/results/", {
        "results": [{"pairing": games[0].pk, "result": "1-0", "version": games[0].version},
                    {"pairing": games[1].pk, "result": "2-0", "version": games[1].version}]},
        format="json")
    error = assert_error(response, 400, field="results")
    assert error["message"].startswith(f"Bàn {games[1].board}: ")
    assert not rnd.pairings.exclude(result="").exists()
