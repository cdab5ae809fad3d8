"""Điều 10 time controls as data (seed 000 Điều 10.1.1, 10.1.2; 002 Luật Cờ Vua 6.2, B1,
C1) and the allowed lateness of Điều 10.2.1a, through the API, the admin, the public API,
the documents, the TRF export and the data migration."""

from __future__ import annotations

import importlib
from datetime import date, timedelta
from types import SimpleNamespace

from chessrules.timecontrol import PRESETS
from tests.admin_forms import form_data
from tests.factories import make_member, make_staff, national_body
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.documents import tournament_head
from tournaments.models import Tournament

START = date(2026, 5, 4)
URL = "/api/v1/tournaments/"


def _base(**fields) -> dict:
    return {"name": "Giải thời gian", "discipline": "xiangqi", "system": "round_robin",
            "start_date": str(START), "end_date": str(START + timedelta(days=6)),
            "organiser_body": national_body().pk, **fields}


def test_preset_fills_the_structured_control_asian_dieu_10_1_2(db):
    """Choosing the Asian preset stores its periods (25 moves in 60 minutes … then every 5
    minutes 10 moves), shown in words in the detail."""
    api = client_for(make_staff())
    created = api.post(URL, _base(time_control_preset="asian"), format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["time_control"] == PRESETS["asian"]
    assert body["time_control"]["periods"][0] == {"moves": 25, "minutes": 60}
    assert body["time_control"]["periods"][-1] == {"moves": 10, "minutes": 5, "repeat": True}
    detail = api.get(f"{URL}{body['id']}/", HTTP_ACCEPT_LANGUAGE="vi").json()
    assert detail["time_control_text"] == ("25 nước trong 60 phút, 10 nước trong 15 phút "
                                           "(×4), rồi cứ 5 phút 10 nước")
    english = api.get(f"{URL}{body['id']}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["time_control_text"] == ("25 moves in 60 minutes, 10 moves in 15 minutes "
                                            "(×4), then 10 moves every 5 minutes")


def test_a_control_of_its_own_finds_its_preset_or_is_custom(db):
    api = client_for(make_staff())
    fide = {"periods": [{"moves": 40, "minutes": 90}, {"moves": None, "minutes": 30}],
            "increment_seconds": 30}
    created = api.post(URL, _base(discipline="chess", time_control=fide), format="json")
    assert created.status_code == 201, created.content
    assert created.json()["time_control_preset"] == "fide_40_90_30"
    own = {"periods": [{"moves": 30, "minutes": 75}, {"moves": None, "minutes": 15}],
           "increment_seconds": 30}
    custom = api.post(URL, _base(discipline="chess", time_control=own), format="json")
    assert custom.status_code == 201, custom.content
    assert custom.json()["time_control_preset"] == "custom"
    assert custom.json()["time_control"] == own


def test_default_control_follows_discipline_and_class(db):
    """No control named: xiangqi standard 90 minutes (10.1.1b), xiangqi rapid 15 (10.1.1e),
    chess standard 90 + 30 s; chess allows an hour of lateness by default (002 6.7)."""
    api = client_for(make_staff())
    xq = api.post(URL, _base(), format="json").json()
    assert xq["time_control_preset"] == "90" and xq["late_arrival_minutes"] == 15
    rapid = api.post(URL, _base(time_control_class="rapid"), format="json").json()
    assert rapid["time_control"] == PRESETS["rapid_15"]
    chess = api.post(URL, _base(discipline="chess"), format="json").json()
    assert chess["time_control_preset"] == "fide_90_30"
    assert chess["late_arrival_minutes"] == 60


def test_bad_controls_are_refused_naming_the_field(db):
    api = client_for(make_staff())
    error = assert_error(api.post(URL, _base(time_control={"periods": [
        {"moves": 25, "minutes": 60}, {"moves": None, "minutes": 0}]}), format="json"),
        400, "invalid", field="time_control")
    assert "periods[1].minutes" in error["message"] and "1" in error["message"]
    assert_error(api.post(URL, _base(time_control_preset="asian",
                                     time_control=PRESETS["90"]), format="json"),
                 400, field="time_control_preset")
    assert_error(api.post(URL, _base(time_control_preset="custom"), format="json"),
                 400, "required", field="time_control")
    # a 90-minute control is not rapid (002 B1: 15 to 60 minutes)
    assert_error(api.post(URL, _base(time_control_class="rapid", time_control_preset="90"),
                          format="json"), 400, "time_class_mismatch", field="time_control")
    # a label is read when it says a control, refused otherwise
    label = api.post(URL, _base(time_control="90 phút + 30 giây"), format="json")
    assert label.status_code == 201 and label.json()["time_control_preset"] == "fide_90_30"
    assert_error(api.post(URL, _base(time_control="theo điều lệ"), format="json"),
                 400, "invalid", field="time_control")


def test_update_changes_preset_and_put_keeps_working(db):
    api = client_for(make_staff())
    body = api.post(URL, _base(), format="json").json()
    patched = api.patch(f"{URL}{body['id']}/", {"time_control_preset": "120"}, format="json")
    assert patched.status_code == 200, patched.content
    assert patched.json()["time_control"] == PRESETS["120"]
    # a full PUT that repeats the stored control beside a new preset follows the preset
    full = api.get(f"{URL}{body['id']}/").json()
    full = {k: v for k, v in full.items() if v is not None and k not in (
        "regulation_document", "warnings", "current_round", "time_control_text")}
    full["time_control_preset"] = "intl_10_15"
    put = api.put(f"{URL}{body['id']}/", full, format="json")
    assert put.status_code == 200, put.content
    assert put.json()["time_control"] == PRESETS["intl_10_15"]


def test_late_arrival_limit_is_15_30_or_60_dieu_10_2_1a(db):
    """Điều 10.2.1a: "15, 30 hay 60 phút theo quy định"; 0 only in chess (FIDE 6.7a)."""
    api = client_for(make_staff())
    assert api.post(URL, _base(late_arrival_minutes=30), format="json").status_code == 201
    assert_error(api.post(URL, _base(late_arrival_minutes=20), format="json"), 400,
                 field="late_arrival_minutes")
    assert_error(api.post(URL, _base(late_arrival_minutes=0), format="json"), 400,
                 field="late_arrival_minutes")
    chess = api.post(URL, _base(discipline="chess", late_arrival_minutes=0), format="json")
    assert chess.status_code == 201 and chess.json()["late_arrival_minutes"] == 0


def test_admin_form_chooses_a_preset_and_shows_the_control(db, client):
    staff = make_staff()
    client.force_login(staff)
    t = create_tournament(staff, name="Giải admin", system="round_robin",
                          end_date=START + timedelta(days=6))
    url = f"/admin/tournaments/tournament/{t.pk}/change/"
    page = client.get(url).content.decode()
    assert "90 phút mỗi bên" in page  # the control in words (read-only field)
    data = form_data(page, "tournament_form")
    data.update({"time_control_preset": ["asian"], "late_arrival_minutes": ["30"],
                 "_save": ["Lưu"]})
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert t.time_control == PRESETS["asian"] and t.late_arrival_minutes == 30
    # a control typed in the form's table (issue 28: periods in rows, never JSON) that breaks
    # a limit is shown on the form, nothing saved
    data = form_data(client.get(url).content.decode(), "tournament_form")
    assert "time_control" not in data and data["time_control_0_moves"] == ["25"]
    data.update({"time_control_0_minutes": ["900"], "_save": ["Lưu"]})
    answer = client.post(url, data)
    assert answer.status_code == 200
    assert "Giai đoạn 1: số phút phải là số nguyên từ 1 đến 600" in answer.content.decode()
    t.refresh_from_db()
    assert t.time_control == PRESETS["asian"]
    # a control of its own typed in the rows is saved as the stored control (preset "custom")
    data = form_data(client.get(url).content.decode(), "tournament_form")
    for i in range(6):
        data.update({f"time_control_{i}_moves": [""], f"time_control_{i}_minutes": [""]})
        data.pop(f"time_control_{i}_repeat", None)
    data.update({"time_control_0_moves": ["40"], "time_control_0_minutes": ["100"],
                 "time_control_1_minutes": ["50"], "time_control_increment": ["30"],
                 "_save": ["Lưu"]})
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert t.time_control == {"periods": [{"moves": 40, "minutes": 100},
                                          {"moves": None, "minutes": 50}],
                              "increment_seconds": 30}
    assert t.time_control_preset == "custom"


def test_public_api_documents_and_trf_carry_the_control(db, client):
    staff = make_staff()
    t = create_tournament(staff, name="Giải công khai", discipline="chess", system="round_robin",
                          end_date=START + timedelta(days=6), time_control_preset="fide_40_90_30")
    services.open_registration(t, user=staff)
    for rating in (2000, 1900):
        services.register_entry(t, make_member(), user=staff, rating=rating)
    services.close_registration(t, user=staff, seed=1)
    public = client.get(f"/api/v1/public/tournaments/{t.pk}/").json()
    assert public["time_control"] == PRESETS["fide_40_90_30"]
    assert public["time_control_preset"] == "fide_40_90_30"
    assert public["late_arrival_minutes"] == 60
    head = tournament_head(t)
    assert head["time_control"].startswith("40 nước trong 90 phút, 30 phút cho phần còn lại")
    trf = client_for(staff).get(f"/api/v1/tournaments/{t.pk}/trf/").content.decode()
    assert "122 40/5400+30:1800+30" in trf.splitlines()


def test_data_migration_maps_old_labels_and_presets():
    """0015: a label that reads as a control wins (and is cleared); "moves" → the 10.1.2
    90-minute control; "free" with an unreadable label → the class default, label kept."""
    migration = importlib.import_module("tournaments.migrations.0015_time_control_as_data")

    def row(preset, label, klass="standard", discipline="xiangqi"):
        return SimpleNamespace(time_control_preset=preset, time_control_note=label,
                               time_control_class=klass, discipline=discipline)

    assert migration.mapped(row("90", "90 phút + 30 giây mỗi nước")) == (
        "fide_90_30", PRESETS["fide_90_30"], "")
    assert migration.mapped(row("moves", "")) == ("90_25", PRESETS["90_25"], "")
    assert migration.mapped(row("asian", "")) == ("asian", PRESETS["asian"], "")
    assert migration.mapped(row("free", "theo điều lệ", "rapid")) == (
        "rapid_15", PRESETS["rapid_15"], "theo điều lệ")
    assert migration.mapped(row("90", "", "blitz", "chess")) == (
        "fide_blitz_3_2", PRESETS["fide_blitz_3_2"], "")
    own = migration.mapped(row("free", "45 phút"))
    assert own[0] == "custom" and own[1]["periods"] == [{"moves": None, "minutes": 45}]


def test_trf_import_reads_the_122_line(driver):
    text = ("012 Giải nhập\n042 2026/05/04\n052 2026/05/06\n122 900+10\nXXR 1\n"
            "001    1 m    Tran Van Khong Co                 1800 VIE             1991/02/03"
            "  1.0    1     2 w 1\n"
            "001    2 w    Le Thi Vang Mat                   1700 VIE             1992/04/05"
            "  0.0    2     1 b 0\n")
    response = driver.organiser.post(f"{URL}import-trf/", {
        "trf": text, "organiser_body": driver.body.pk, "system": "dutch"}, format="json")
    assert response.status_code == 201, response.content
    t = Tournament.objects.get(pk=response.json()["tournament"]["id"])
    assert t.time_control == PRESETS["fide_rapid_15_10"] and t.time_control_class == "rapid"
