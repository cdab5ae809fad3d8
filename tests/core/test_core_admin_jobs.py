"""Issue 28: a job's page for people — its name in Vietnamese, what it is about (linked), a
progress bar that moves (the page asks the job API while the job runs), the outcome in words,
an error in Vietnamese with what to do; read-only (no Save, no Delete) with a link back; the
job list by Vietnamese names."""

from __future__ import annotations

from datetime import date

import pytest

from core.models import Job
from tests.factories import make_staff
from tests.factories.tournaments import create_tournament

pytestmark = pytest.mark.django_db

LIST = "/admin/core/job/"


@pytest.fixture
def staff_client(client):
    client.force_login(make_staff())
    return client


@pytest.fixture
def tournament():
    return create_tournament(make_staff(), name="Giải có công việc", system="round_robin",
                             start_date=date(2026, 3, 1))


def test_a_running_job_page_names_the_job_links_its_event_and_moves(staff_client, tournament):
    job = Job.objects.create(kind="tournaments.pair_round", state=Job.State.RUNNING,
                             progress=40, message="Đang xếp cặp",
                             params={"tournament": tournament.pk, "round": 1})
    page = staff_client.get(f"{LIST}{job.pk}/change/").content.decode()
    assert "Xếp cặp ván đấu" in page and "tournaments.pair_round" not in page
    assert f'href="/admin/tournaments/tournament/{tournament.pk}/change/">Giải có công việc' \
        in page
    assert '<progress class="job-progress" max="100" value="40"' in page
    assert f"/api/v1/jobs/{job.pk}/" in page and "setTimeout(poll" in page  # it moves
    assert "Quay lại danh sách công việc" in page and f'href="{LIST}"' in page
    assert 'name="_save"' not in page and "/delete/" not in page  # read-only
    assert str(job.pk) not in page.split("<title>")[1].split("</title>")[0]
    # the job API the page asks answers the staff member's session
    answer = staff_client.get(f"/api/v1/jobs/{job.pk}/", HTTP_ACCEPT="application/json")
    assert answer.status_code == 200 and answer.json()["progress"] == 40


def test_a_finished_job_reads_as_words(staff_client, tournament):
    job = Job.objects.create(kind="tournaments.pair_round", state=Job.State.SUCCEEDED,
                             progress=99, params={"tournament": tournament.pk, "round": 1},
                             result={"round": 1, "round_id": 9, "boards": 4,
                                     "system": "round_robin", "warnings": [],
                                     "already_paired": False})
    page = staff_client.get(f"{LIST}{job.pk}/change/").content.decode()
    assert "Đã hoàn thành." in page and "Số bàn" in page
    assert "round_robin" not in page and "round_id" not in page and "{" not in page.split(
        'id="job_form"')[1].split("</form>")[0]
    assert 'value="100"' in page and "setTimeout(poll" not in page


def test_a_failed_job_says_what_went_wrong_and_what_to_do(staff_client, tournament):
    crashed = Job.objects.create(kind="games.validate", state=Job.State.FAILED,
                                 params={"game_id": 1}, error={
                                     "code": "job_failed", "message": "KeyError: 'x'",
                                     "detail": "Traceback ..."})
    page = staff_client.get(f"{LIST}{crashed.pk}/change/").content.decode()
    assert "Kiểm tra biên bản" in page
    assert "Chương trình gặp lỗi ngoài dự kiến" in page and "Cần làm:" in page
    assert "KeyError" not in page and "Traceback" not in page
    refused = Job.objects.create(kind="tournaments.pair_round", state=Job.State.FAILED,
                                 params={"tournament": tournament.pk, "round": 2}, error={
                                     "code": "results_missing", "fields": {},
                                     "message": "Còn 2 bàn thiếu kết quả."})
    page = staff_client.get(f"{LIST}{refused.pk}/change/").content.decode()
    assert "Còn 2 bàn thiếu kết quả." in page and "yêu cầu lại công việc" in page
    assert "results_missing" not in page


def test_the_job_list_shows_vietnamese_names_and_filters_by_them(staff_client):
    Job.objects.create(kind="document", params={"kind": "decision", "target": "1"})
    Job.objects.create(kind="games.validate", params={"game_id": 1})
    page = staff_client.get(LIST).content.decode()
    assert "Tạo văn bản PDF" in page and "Kiểm tra biên bản" in page
    assert ">document<" not in page and "games.validate" not in page.split(
        'id="changelist-filter"')[0].split('id="result_list"')[1]
    filtered = staff_client.get(LIST, {"kind": "document"})
    assert filtered.status_code == 200
    assert [j.kind for j in filtered.context["cl"].result_list] == ["document"]
    assert staff_client.get(f"{LIST}add/").status_code == 403
