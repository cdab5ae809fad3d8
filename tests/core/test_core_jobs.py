"""The job resource and the error shape (issue 3 §5)."""

import pytest
from django.db import connection

from core.errors import ServiceError
from core.jobs import run_job, start_job
from core.models import Job
from core.services import start_health_check
from tests.helpers import assert_error, client_for


def test_health_check_job_runs_in_worker_and_reports(job_worker, django_user_model):
    user = django_user_model.objects.create_user("arbiter", password="x-pass-123")
    job = start_health_check(user=user)
    done = job_worker.wait(job.pk)
    assert done.state == Job.State.SUCCEEDED
    assert done.progress == 100
    assert done.result == {"database": connection.vendor, "query_ok": True}
    response = client_for(user).get(f"/api/v1/jobs/{job.pk}/")
    assert response.status_code == 200
    body = response.json()
    assert body["state"] == "succeeded" and body["progress"] == 100
    assert body["result"]["query_ok"] is True


@pytest.mark.django_db
def test_job_with_key_is_started_once():
    first = start_job("health_check", key="demo:1")
    second = start_job("health_check", key="demo:1")
    assert first.pk == second.pk
    assert Job.objects.filter(key="demo:1").count() == 1


@pytest.mark.django_db
def test_service_error_marks_job_failed_with_reason():
    job = Job.objects.create(kind="demo")

    def work(params, progress):
        raise ServiceError("Vòng 2 chưa kết thúc.", field="round")

    assert run_job(str(job.pk), work) is None
    job.refresh_from_db()
    assert job.state == Job.State.FAILED
    assert job.error["fields"] == {"round": ["Vòng 2 chưa kết thúc."]}


@pytest.mark.django_db
def test_succeeded_job_is_not_run_again():
    job = Job.objects.create(kind="demo", state=Job.State.SUCCEEDED, result={"n": 1})
    calls = []
    assert run_job(str(job.pk), lambda p, pr: calls.append(1)) == {"n": 1}
    assert calls == []


@pytest.mark.django_db
def test_other_users_job_is_not_visible(django_user_model):
    owner = django_user_model.objects.create_user("owner", password="x-pass-123")
    other = django_user_model.objects.create_user("other", password="x-pass-123")
    job = Job.objects.create(kind="demo", created_by=owner)
    assert_error(client_for(other).get(f"/api/v1/jobs/{job.pk}/"), 404, "not_found")
    assert_error(client_for(owner).__class__().get(f"/api/v1/jobs/{job.pk}/"), 401)


@pytest.mark.django_db
def test_error_messages_follow_accept_language(api_client):
    vi = api_client.get("/api/v1/jobs/", HTTP_ACCEPT_LANGUAGE="vi")
    en = api_client.get("/api/v1/jobs/", HTTP_ACCEPT_LANGUAGE="en")
    vi_error = assert_error(vi, 401, "not_authenticated")
    en_error = assert_error(en, 401, "not_authenticated")
    assert en_error["message"] == "Authentication credentials were not provided."
    assert vi_error["message"] != en_error["message"]
