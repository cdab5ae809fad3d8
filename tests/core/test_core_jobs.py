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
    first = start_job("core.health_check", key="demo:1")
    second = start_job("core.health_check", key="demo:1")
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


def test_every_kind_is_named_after_its_app_and_declared_once():
    """Issue 33: one constant per kind (the app's services start it, its jobs.py registers
    it), named ``<app>.<name>`` after the app of its work."""
    from core.jobs import _REGISTRY, registered_kinds
    from documents import services as documents_services
    from ratings import services as ratings_services
    from tournaments import services as tournaments_services

    assert registered_kinds() == sorted([
        "core.health_check", "core.health_check.background", "documents.render",
        "documents.warm_parts", "federation.lapse", "games.import_pgn", "games.validate",
        "ratings.check_titles", "ratings.compute_period", "ratings.recompute",
        "tournaments.import_trf", "tournaments.pair_round"])
    for kind, entry in _REGISTRY.items():
        assert entry.work.__module__.split(".")[0] == kind.split(".")[0]
    assert (documents_services.RENDER_JOB, ratings_services.TITLE_CHECK_JOB,
            tournaments_services.PAIR_ROUND_JOB) == (
        "documents.render", "ratings.check_titles", "tournaments.pair_round")


def test_a_kind_not_named_after_the_app_of_its_work_is_refused():
    from core import services
    from core.jobs import job_kind, register

    for wrong in ("health_check", "documents.health_check", "core."):
        with pytest.raises(ValueError, match="core.<name>"):
            register(wrong, services.health_check)
        with pytest.raises(LookupError):
            job_kind(wrong)


@pytest.mark.django_db
def test_jobs_stored_under_the_old_kinds_are_renamed():
    """core/migrations/0003: a failed "document" job asked again runs as documents.render."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("core.migrations.0003_namespaced_job_kinds")
    old = {kind: Job.objects.create(kind=kind, state=Job.State.FAILED)
           for kind in ("document", "rating_period", "rating_recompute", "title_check",
                        "health_check", "games.validate")}
    migration.forwards(apps, None)
    assert {kind: Job.objects.get(pk=job.pk).kind for kind, job in old.items()} == {
        "document": "documents.render", "rating_period": "ratings.compute_period",
        "rating_recompute": "ratings.recompute", "title_check": "ratings.check_titles",
        "health_check": "core.health_check", "games.validate": "games.validate"}
    migration.backwards(apps, None)
    assert Job.objects.get(pk=old["document"].pk).kind == "document"
