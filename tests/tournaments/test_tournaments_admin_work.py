"""Issue 28: the tournament's admin in the order of the work. The add form starts with what
the event is (name, discipline, system, dates, venue) in named groups, the time control is a
table of periods (never a JSON box), and the event's next step is one button on its page
(pair, finish, certify, reopen with a reason) that says what must happen first and links to
it. Real admin forms are read and posted as a browser would."""

from __future__ import annotations

import random
import re

from django.contrib.messages import get_messages

from tests.admin_forms import form_data
from tournaments.models import Round, Tournament

URL = "/admin/tournaments/tournament/"


def _messages(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def _field_order(html: str) -> list[str]:
    return re.findall(r'name="([a-z_0-9]+)"', html.split('id="tournament_form"', 1)[1])


def test_the_add_form_is_in_the_order_of_the_work(client, staff_user, organisation):
    client.force_login(staff_user)
    page = client.get(f"{URL}add/").content.decode()
    order = [n for n in _field_order(page) if n != "csrfmiddlewaretoken"]
    assert order[:6] == ["name", "discipline", "system", "category", "start_date", "end_date"]
    assert order.index("venue") < order.index("time_control_class") < order.index(
        "number_of_rounds") < order.index("boards_per_team")
    # named groups, the rare ones collapsed
    assert "Thời gian thi đấu (Điều 10)" in page and "Đồng đội (Điều 30)" in page
    assert re.search(r'<fieldset class="module aligned collapse"[^>]*>\s*<details>', page)
    # the time control is a table of periods, not a JSON box
    assert 'name="time_control"' not in page and "{}" not in page
    assert 'name="time_control_0_minutes"' in page and "Giây cộng thêm mỗi nước" in page
    # tie-breaks picked by their names in order, not typed as a line of codes
    assert 'name="tiebreaks"' not in page and "Đối đầu trực tiếp" in page


def test_a_swiss_is_created_from_the_form_with_its_time_control_typed(client, staff_user,
                                                                      organisation):
    client.force_login(staff_user)
    data = form_data(client.get(f"{URL}add/").content.decode(), "tournament_form")
    data.update({"name": ["Giải từ biểu mẫu"], "discipline": ["chess"], "system": ["dutch"],
                 "number_of_rounds": ["5"], "start_date": ["01/03/2026"],
                 "end_date": ["05/03/2026"], "venue": ["Hà Nội"],
                 "organiser_body": [str(organisation[0].pk)],
                 "time_control_0_moves": ["40"], "time_control_0_minutes": ["90"],
                 "time_control_1_minutes": ["30"], "time_control_increment": ["30"],
                 "tiebreaks_0": ["BH"], "tiebreaks_0_cut": ["C1"], "tiebreaks_1": ["SB"],
                 "_save": ["Lưu"]})
    saved = client.post(f"{URL}add/", data)
    assert saved.status_code == 302, saved.context_data["adminform"].form.errors
    t = Tournament.objects.get(name="Giải từ biểu mẫu")
    assert t.tiebreaks == "BH-C1,SB"  # picked by name in order, stored as before
    assert t.time_control == {"periods": [{"moves": 40, "minutes": 90},
                                          {"moves": None, "minutes": 30}],
                              "increment_seconds": 30}
    assert t.time_control_preset == "fide_40_90_30"  # the service found the preset
    # the saved page shows the table filled, and the control in words
    page = client.get(f"{URL}{t.pk}/change/").content.decode()
    assert 'name="time_control_0_moves" value="40"' in page
    assert '<option value="BH" selected>' in page and '<option value="C1" selected>' in page
    assert "40 nước trong 90 phút" in page


def test_a_period_typed_wrong_is_refused_next_to_the_table(client, staff_user, organisation):
    client.force_login(staff_user)
    data = form_data(client.get(f"{URL}add/").content.decode(), "tournament_form")
    data.update({"name": ["Giải sai thời gian"], "discipline": ["xiangqi"],
                 "system": ["round_robin"], "start_date": ["01/03/2026"],
                 "end_date": ["05/03/2026"], "organiser_body": [str(organisation[0].pk)],
                 "time_control_0_minutes": ["60"], "time_control_1_moves": ["10"],
                 "time_control_1_minutes": ["5"], "_save": ["Lưu"]})
    answer = client.post(f"{URL}add/", data)
    assert answer.status_code == 200
    assert "Chỉ giai đoạn cuối được bỏ trống số nước" in answer.content.decode()
    assert not Tournament.objects.filter(name="Giải sai thời gian").exists()


def _next_step(client, tid) -> str:
    page = client.get(f"{URL}{tid}/change/").content.decode()
    start = page.find('id="next-step"')
    assert start > 0, "the change page shows the next step"
    return page[start:page.find("</fieldset>", start)]


def test_the_next_step_is_one_button_from_pairing_to_certified(driver, staff_user, client):
    driver.create(system="round_robin")
    client.force_login(staff_user)
    step = f"{URL}{driver.tid}/next-step/"
    assert 'value="open_registration"' in _next_step(client, driver.tid)
    client.post(step, {"step": "open_registration"})
    driver.enter(driver.members(4))
    assert 'value="draw_numbers"' in _next_step(client, driver.tid)
    client.post(step, {"step": "draw_numbers"})
    assert "Xếp cặp ván 1" in _next_step(client, driver.tid)
    answer = client.post(step, {"step": "pair"})
    assert "xem tiến trình" in _messages(answer)
    driver.job_worker.wait(_last_pairing_job())
    # round 1 is paired, its results missing: the panel says so and links to the round
    panel = _next_step(client, driver.tid)
    rnd = Round.objects.get(tournament_id=driver.tid, number=1)
    assert "thiếu kết quả" in panel and f"/admin/tournaments/round/{rnd.pk}/change/" in panel
    assert "disabled" in panel
    # certifying now is refused with what to do first and a link to it
    refused = client.post(URL, {"action": "certify", "_selected_action": [driver.tid]})
    told = _messages(refused)
    assert "Đang thi đấu" in told and "#next-step" in told
    # finishing before every round is played: the button pairs the next round instead
    rng = random.Random(7)
    driver.play_round(1, rng)
    for number in (2, 3):
        client.post(step, {"step": "pair"})
        driver.job_worker.wait(_last_pairing_job())
        driver.play_round(number, rng)
    panel = _next_step(client, driver.tid)
    assert 'value="finish"' in panel and "disabled" not in panel
    assert client.post(step, {"step": "finish"}).status_code == 302
    assert Tournament.objects.get(pk=driver.tid).status == "finished"
    assert 'value="certify"' in _next_step(client, driver.tid)
    client.post(step, {"step": "certify"})
    assert Tournament.objects.get(pk=driver.tid).status == "certified"
    # reopening asks for a reason; without one nothing happens
    panel = _next_step(client, driver.tid)
    assert 'value="reopen"' in panel and 'name="reason"' in panel
    client.post(step, {"step": "reopen", "reason": ""})
    assert Tournament.objects.get(pk=driver.tid).status == "certified"
    client.post(step, {"step": "reopen", "reason": "Sửa kết quả ván 2 bàn 1"})
    t = Tournament.objects.get(pk=driver.tid)
    assert t.status == "finished"
    assert t.status_changes.filter(reason="Sửa kết quả ván 2 bàn 1").exists()
    # a step that is not the page's own next step is not done
    client.post(step, {"step": "open_registration"})
    assert Tournament.objects.get(pk=driver.tid).status == "finished"


def _last_pairing_job():
    from core.models import Job

    return Job.objects.filter(kind="tournaments.pair_round").order_by("-created_at").first().pk


def test_the_add_form_builds_only_the_lines_entered_with_a_new_event(client, staff_user,
                                                                      organisation):
    """Issue 28 (the add form was the slowest form page): a new event has no rounds,
    suspensions, status changes or amendments, so its page builds only the officials' and the
    schedule's lines; a saved event's page has every table."""
    from datetime import date

    from tournaments.models import Official, RegulationAmendment, ScheduledRound, StatusChange

    client.force_login(staff_user)
    page = client.get(f"{URL}add/")
    assert [f.formset.model for f in page.context["inline_admin_formsets"]] == [
        Official, ScheduledRound]
    t = Tournament.objects.create(name="Giải đã lưu", discipline="chess", system="dutch",
                                  start_date=date(2026, 3, 1), end_date=date(2026, 3, 5),
                                  organiser_body=organisation[0])
    page = client.get(f"{URL}{t.pk}/change/")
    models = [f.formset.model for f in page.context["inline_admin_formsets"]]
    assert {Official, ScheduledRound, Round, StatusChange, RegulationAmendment} <= set(models)
