"""Published regulations hold (Phụ lục 5: "Điều lệ giải đã công bố thì không thay đổi, trừ
khi có vấn đề đột xuất về tổ chức cần bổ sung"; Điều 21.3: the tie-breaks are the
regulations'): after publication a change is an amendment with its reason and author;
once the event has started only the organisational items may change; the public event
page shows each amendment with its date. Through the API, the admin form and the site."""

from __future__ import annotations

import random

import pytest

from tests.admin_forms import form_data
from tests.factories import make_staff
from tests.helpers import assert_error, client_for
from tournaments.models import RegulationAmendment, Tournament
from tournaments.services import AMENDABLE_AFTER_START


def _url(driver) -> str:
    return f"/api/v1/tournaments/{driver.tid}/"


def _running_round_robin(driver) -> None:
    """A 4-player xiangqi round robin, published (registration opened), round 1 played."""
    driver.create(system="round_robin", discipline="xiangqi", prizes="Nhất: 2 triệu đồng")
    driver.action("open-registration")
    driver.enter(driver.members(4))
    driver.action("close-registration", {"seed": 11})
    driver.pair_next()
    driver.play_round(1, random.Random(3))


@pytest.mark.parametrize("change, field", [
    ({"tiebreaks": "WON,SB"}, "tiebreaks"),
    ({"late_arrival_minutes": 30}, "late_arrival_minutes"),
    ({"no_capture_move_limit": 60}, "no_capture_move_limit"),
    ({"prizes": "Nhất: 5 triệu đồng"}, "prizes"),
    ({"time_control_preset": "120"}, "time_control"),
])
def test_a_running_event_refuses_to_change_its_regulations(driver, change, field):
    """Phụ lục 5 / Điều 21.3: on a running round robin the issue's PATCH of ``tiebreaks``
    ([DE,SB,WON,BWG,LOT] → [WON,SB]) — and of late arrival, the no-capture limit, prizes and
    the time control — is refused even with a reason, and nothing changes."""
    _running_round_robin(driver)
    before = driver.organiser.get(_url(driver)).json()
    standings = driver.standings()
    response = driver.organiser.patch(_url(driver), {
        **change, "amendment_reason": "Ban tổ chức muốn đổi"}, format="json")
    assert_error(response, 400, "regulations_fixed", field)
    assert "Phụ lục 5" in response.json()["error"]["message"]
    after = driver.organiser.get(_url(driver)).json()
    assert {k: after[k] for k in before if k != "current_round"} == {
        k: before[k] for k in before if k != "current_round"}
    assert driver.standings()["tiebreaks"] == standings["tiebreaks"] == [
        "DE", "SB", "WON", "BWG", "LOT"]
    assert not RegulationAmendment.objects.exists()


def test_a_running_event_may_amend_an_organisational_item_with_its_reason(driver):
    """The named exception of Phụ lục 5 ("vấn đề đột xuất về tổ chức"): the venue of a
    running event may change, with a reason; without one it is refused."""
    _running_round_robin(driver)
    assert "venue" in AMENDABLE_AFTER_START and "tiebreaks" not in AMENDABLE_AFTER_START
    missing = driver.organiser.patch(_url(driver), {"venue": "Nhà thi đấu Quần Ngựa"},
                                     format="json")
    assert_error(missing, 400, "amendment_reason_required", "amendment_reason")
    done = driver.organiser.patch(_url(driver), {
        "venue": "Nhà thi đấu Quần Ngựa", "amendment_reason": "Mất điện ở địa điểm cũ"},
        format="json")
    assert done.status_code == 200, done.content
    amendment = RegulationAmendment.objects.get()
    assert amendment.status_at_change == Tournament.Status.RUNNING
    assert amendment.changes == {"venue": ["", "Nhà thi đấu Quần Ngựa"]}


def test_an_amendment_before_the_start_is_recorded_and_public(driver, organisation, client):
    """Published, registration open: changing the prizes needs a reason; with it the
    amendment is recorded (number 1, before/after, reason, author) and the public API and
    the event page show it in words with its date (dd/mm/yyyy)."""
    driver.create(system="round_robin", discipline="xiangqi", prizes="Nhất: 2 triệu đồng")
    driver.action("open-registration")
    refused = driver.organiser.patch(_url(driver), {"prizes": "Nhất: 3 triệu đồng"},
                                     format="json")
    assert_error(refused, 400, "amendment_reason_required", "amendment_reason")
    assert "Phụ lục 5" in refused.json()["error"]["message"]
    done = driver.organiser.patch(_url(driver), {
        "prizes": "Nhất: 3 triệu đồng", "tiebreaks": "SB,DE",
        "amendment_reason": "Nhà tài trợ tăng giải thưởng"}, format="json")
    assert done.status_code == 200, done.content
    [amendment] = done.json()["amendments"]
    assert amendment["number"] == 1 and amendment["reason"] == "Nhà tài trợ tăng giải thưởng"
    assert amendment["amended_by"] == organisation[2].username
    lines = {line["field"]: line for line in amendment["changes"]}
    assert (lines["prizes"]["before"], lines["prizes"]["after"]) == (
        "Nhất: 2 triệu đồng", "Nhất: 3 triệu đồng")
    assert lines["tiebreaks"]["before"] == "(trống)"
    assert lines["tiebreaks"]["after"] == "Hệ số Bécgơ (Sonneborn-Berger), Đối đầu trực tiếp"
    # a second amendment gets the next number
    driver.organiser.patch(_url(driver), {"prizes": "Nhất: 4 triệu đồng",
                                          "amendment_reason": "Thêm tài trợ"}, format="json")
    assert list(RegulationAmendment.objects.values_list("number", flat=True)) == [1, 2]

    public = client.get(f"/api/v1/public/tournaments/{driver.tid}/").json()
    assert [a["number"] for a in public["amendments"]] == [1, 2]
    assert "amended_by" not in public["amendments"][0]
    page = client.get(f"/giai-dau/{driver.tid}/").content.decode()
    first = RegulationAmendment.objects.get(number=1)
    assert "Sửa đổi số 1" in page and "Nhà tài trợ tăng giải thưởng" in page
    assert first.amended_at.strftime("%d/%m/%Y") in page
    assert "Nhất: 2 triệu đồng → Nhất: 3 triệu đồng" in page


def test_unpublished_regulations_change_freely(driver):
    """Before publication (a draft) nothing is an amendment."""
    driver.create(system="round_robin", discipline="xiangqi")
    done = driver.organiser.patch(_url(driver), {"tiebreaks": "WON,SB"}, format="json")
    assert done.status_code == 200 and done.json()["tiebreaks"] == "WON,SB"
    assert done.json()["amendments"] == []


def test_the_admin_form_asks_for_the_reason_and_records_the_amendment(driver, organisation,
                                                                      client):
    """The same rule on the admin's change form: a published event's prizes changed without
    a reason shows the refusal next to the reason; with a reason it is saved and listed."""
    driver.create(system="round_robin", discipline="xiangqi", prizes="Nhất: 2 triệu đồng")
    driver.action("open-registration")
    client.force_login(make_staff())
    url = f"/admin/tournaments/tournament/{driver.tid}/change/"
    data = form_data(client.get(url).content.decode(), "tournament_form")
    data.update({"prizes": ["Nhất: 3 triệu đồng"], "_save": ["Lưu"]})
    refused = client.post(url, data)
    assert refused.status_code == 200
    assert "amendment_reason" in refused.context["adminform"].form.errors
    assert Tournament.objects.get(pk=driver.tid).prizes == "Nhất: 2 triệu đồng"
    data["amendment_reason"] = ["Nhà tài trợ tăng giải thưởng"]
    saved = client.post(url, data)
    assert saved.status_code == 302, saved.context["adminform"].form.errors
    assert Tournament.objects.get(pk=driver.tid).prizes == "Nhất: 3 triệu đồng"
    amendment = RegulationAmendment.objects.get()
    assert amendment.reason == "Nhà tài trợ tăng giải thưởng"
    assert amendment.changes == {"prizes": ["Nhất: 2 triệu đồng", "Nhất: 3 triệu đồng"]}
    page = client.get(url).content.decode()
    assert "Giải thưởng: Nhất: 2 triệu đồng → Nhất: 3 triệu đồng" in page.replace(
        "giải thưởng", "Giải thưởng")


def test_an_amendment_record_cannot_be_deleted_or_edited_in_the_admin(driver, organisation,
                                                                     client):
    """An official record: the admin lists it read-only."""
    driver.create(system="round_robin", discipline="xiangqi")
    driver.action("open-registration")
    driver.organiser.patch(_url(driver), {"venue": "Hà Nội", "amendment_reason": "Đổi"},
                           format="json")
    user = organisation[2]
    client.force_login(make_staff())
    page = client.get(f"/admin/tournaments/tournament/{driver.tid}/change/").content.decode()
    assert "amendments-0-DELETE" not in page and "Hà Nội" in page
    assert client_for(user).delete(_url(driver)).status_code in (403, 405)
