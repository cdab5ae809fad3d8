"""Issue 32: notifications through a transactional outbox, sent to a real SMTP server
process (aiosmtpd): written with the record that causes them, sent once, never lost when the
mail server or the broker is down, each attempt recorded, each user's choices applied.

Phụ lục 2, Điều 8.2-8.3: an application goes through a club and is decided by the federation
or the club's body; the club and the applicant hear of it."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone
from prometheus_client import REGISTRY

from core import notifications
from core.models import Notification, NotificationDelivery, NotificationKind, NotificationPreference
from federation import services
from tests import factories as f
from tests.core.test_core_job_queues import broker_down
from tests.smtp import parts, subject

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def in_process(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


def _club_with_managers():
    club = f.make_club(name="CLB Cờ Tướng Hoàn Kiếm")
    vi = f.make_club_manager(club)
    vi.email = "quanly@example.vn"
    vi.save()
    en = f.make_club_manager(club)
    en.email = "manager@example.com"
    en.save()
    NotificationPreference.objects.create(user=en, language="en")
    return club, vi, en


def _submit(club, manager):
    person = f.make_person(full_name="Trần Thị Mai")
    return services.submit_application(
        person=person, club=club, sponsor=f.make_member(club=club), by=manager,
        consent=services.ConsentGiven(given_by=person.full_name, relation="self"))


def _sent_count(kind: str, outcome: str) -> float:
    return REGISTRY.get_sample_value("vcf_notifications_total",
                                     {"kind": kind, "outcome": outcome}) or 0.0


def test_an_application_tells_the_clubs_managers_in_their_language_with_text_and_html(
        smtp_server, in_process):
    club, vi, en = _club_with_managers()
    before = _sent_count(NotificationKind.APPLICATION_RECEIVED, "sent")
    application = _submit(club, vi)

    received = {m["To"]: m for m in smtp_server.wait_for(2)}
    assert set(received) == {"quanly@example.vn", "manager@example.com"}
    vi_mail, en_mail = received["quanly@example.vn"], received["manager@example.com"]
    assert subject(vi_mail) == "Đơn xin gia nhập mới: Trần Thị Mai (CLB Cờ Tướng Hoàn Kiếm)"
    assert subject(en_mail).startswith("New membership application: Trần Thị Mai")
    text, html = parts(vi_mail)["text/plain"], parts(vi_mail)["text/html"]
    assert f"ngày {application.submitted_on:%d/%m/%Y}" in text
    assert f"/lam-viec/clb/{club.pk}/don/" in text
    assert "LIÊN ĐOÀN CỜ VIỆT NAM" in html and "Trần Thị Mai" in html
    assert "VIETNAM CHESS FEDERATION" in parts(en_mail)["text/html"]
    rows = Notification.objects.filter(kind=NotificationKind.APPLICATION_RECEIVED)
    assert {n.state for n in rows} == {Notification.State.SENT}
    assert NotificationDelivery.objects.filter(
        outcome=NotificationDelivery.Outcome.SENT).count() == 2
    assert _sent_count(NotificationKind.APPLICATION_RECEIVED, "sent") == before + 2


def test_the_applicant_hears_of_his_application_where_his_address_is_known(
        smtp_server, in_process):
    """"To the club and, where known, the person": his account's address, else the address
    on his record; a person with neither hears nothing (the club still does)."""
    club = f.make_club(name="CLB Cờ Tây Hồ")
    manager = f.make_club_manager(club)
    manager.email = "tayho@example.vn"
    manager.save()
    on_record = f.make_person(full_name="Lý Thị Hồ Sơ", email="hoso@example.vn")
    with_account = f.make_person(full_name="Đinh Văn Tài Khoản",
                                 user=f.make_user("taikhoan", email="taikhoan@example.vn"))
    unknown = f.make_person(full_name="Mạc Văn Vô Danh")
    for person in (on_record, with_account, unknown):
        services.submit_application(
            person=person, club=club, sponsor=f.make_member(club=club), by=manager,
            consent=services.ConsentGiven(given_by=person.full_name, relation="self"))
    received = smtp_server.wait_for(5)
    time.sleep(0.5)
    to = sorted(m["To"] for m in smtp_server.messages())
    assert to == ["hoso@example.vn", "taikhoan@example.vn"] + ["tayho@example.vn"] * 3
    mine = next(m for m in received if m["To"] == "hoso@example.vn")
    assert subject(mine) == "Đơn xin gia nhập mới: Lý Thị Hồ Sơ (CLB Cờ Tây Hồ)"
    assert set(parts(mine)) == {"text/plain", "text/html"}


def test_a_write_rolled_back_leaves_no_notification(smtp_server, in_process):
    club, vi, _en = _club_with_managers()
    with pytest.raises(RuntimeError), transaction.atomic():
        _submit(club, vi)
        assert Notification.objects.count() == 2  # written in the write's transaction
        raise RuntimeError("the write fails after the application")
    assert not Notification.objects.exists()
    assert smtp_server.messages() == []


def test_the_decision_reaches_the_applicant_and_the_club(smtp_server, in_process):
    club, vi, en = _club_with_managers()
    application = _submit(club, vi)
    applicant = f.make_user("mai", email="mai@example.vn")
    application.person.user = applicant
    application.person.save()
    staff = f.make_staff()
    services.reject_application(application, reason="Thiếu ảnh thẻ", by=staff)
    decided = [m for m in smtp_server.wait_for(5) if "bị từ chối" in subject(m)
               or "rejected" in subject(m)]
    assert sorted(m["To"] for m in decided) == ["mai@example.vn", "manager@example.com",
                                                "quanly@example.vn"]
    assert "Lý do: Thiếu ảnh thẻ" in parts(next(m for m in decided
                                                if m["To"] == "mai@example.vn"))["text/plain"]


def test_a_user_who_turned_a_category_off_receives_none_of_it(smtp_server, in_process):
    club, vi, en = _club_with_managers()
    NotificationPreference.objects.create(user=vi, applications=False)
    _submit(club, vi)
    assert [m["To"] for m in smtp_server.wait_for(1)] == ["manager@example.com"]
    assert not Notification.objects.filter(user=vi).exists()


def test_mail_server_down_the_attempt_is_recorded_and_the_sweep_sends_it_once_back_up(
        smtp_server, in_process, settings):
    settings.NOTIFY_BACKOFF_SECONDS = 60
    club, vi, en = _club_with_managers()
    smtp_server.stop()
    before = _sent_count(NotificationKind.APPLICATION_RECEIVED, "failed")
    _submit(club, vi)

    rows = list(Notification.objects.all())
    assert [n.state for n in rows] == [Notification.State.PENDING] * 2
    assert all(n.attempts == 1 and "Connection" in n.last_error for n in rows)
    assert all(n.next_attempt_at > timezone.now() + timedelta(seconds=50) for n in rows)
    assert NotificationDelivery.objects.filter(
        outcome=NotificationDelivery.Outcome.FAILED).count() == 2
    assert _sent_count(NotificationKind.APPLICATION_RECEIVED, "failed") == before + 2

    smtp_server.start()
    assert notifications.sweep()["due"] == 0  # the backoff has not passed
    Notification.objects.update(next_attempt_at=timezone.now())
    assert notifications.sweep() == {"reclaimed": 0, "due": 2, "sent": 2}
    assert notifications.sweep()["due"] == 0
    assert len(smtp_server.wait_for(2)) == 2
    assert not smtp_server.messages()[2:]
    assert set(Notification.objects.values_list("attempts", flat=True)) == {2}


def test_broker_down_at_the_commit_the_notification_waits_and_the_sweep_sends_it(
        smtp_server):
    club, vi, _en = _club_with_managers()
    with broker_down():
        _submit(club, vi)
    assert set(Notification.objects.values_list("state", flat=True)) == {"pending"}
    assert smtp_server.messages() == []
    assert notifications.sweep()["sent"] == 2
    assert len(smtp_server.wait_for(2)) == 2
    assert notifications.sweep()["due"] == 0  # sent: never again
    notifications.dispatch(list(Notification.objects.values_list("pk", flat=True)))
    time.sleep(0.5)
    assert len(smtp_server.messages()) == 2
    assert set(Notification.objects.values_list("state", "attempts")) == {("sent", 1)}


def test_a_notification_is_claimed_once_so_two_senders_send_it_once(smtp_server):
    club, vi, _en = _club_with_managers()
    with broker_down():
        _submit(club, vi)
    pk = Notification.objects.filter(email="quanly@example.vn").get().pk
    assert notifications.deliver(pk).state == "sent"
    assert notifications.deliver(pk).state == "skipped"
    # a sender that died after its claim: reclaimed after NOTIFY_CLAIM_SECONDS only
    other = Notification.objects.exclude(pk=pk).get()
    Notification.objects.filter(pk=other.pk).update(state="sending", claimed_at=timezone.now())
    assert notifications.sweep()["due"] == 0
    Notification.objects.filter(pk=other.pk).update(
        claimed_at=timezone.now() - timedelta(hours=1))
    assert notifications.sweep() == {"reclaimed": 1, "due": 1, "sent": 1}
    assert len(smtp_server.wait_for(2)) == 2


def test_gives_up_after_the_last_attempt(settings, in_process, smtp_server):
    settings.NOTIFY_MAX_ATTEMPTS = 2
    club, vi, _en = _club_with_managers()
    smtp_server.stop()
    _submit(club, vi)
    Notification.objects.update(next_attempt_at=timezone.now())
    notifications.sweep()
    assert set(Notification.objects.values_list("state", flat=True)) == {"failed"}
    assert NotificationDelivery.objects.count() == 4
    assert notifications.sweep()["due"] == 0


def test_the_embedded_default_prints_mail_on_the_console(settings, in_process, capsys):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    club, vi, _en = _club_with_managers()
    _submit(club, vi)
    out = capsys.readouterr().out
    assert "To: quanly@example.vn" in out and "Content-Type: text/html" in out
    assert set(Notification.objects.values_list("state", flat=True)) == {"sent"}


def test_the_embedded_settings_print_mail_and_production_reads_smtp_from_the_environment():
    import os
    import subprocess
    import sys

    from tests.helpers import REPO

    code = "from django.conf import settings as s; print(s.EMAIL_BACKEND, s.EMAIL_PORT)"
    env = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    run = [sys.executable, "-c", f"import django; django.setup(); {code}"]
    embedded = subprocess.run(run, cwd=REPO, env=env, capture_output=True, text=True, check=True)
    assert embedded.stdout.split() == ["django.core.mail.backends.console.EmailBackend", "25"]
    smtp = subprocess.run(run, cwd=REPO, env={**env, "EMAIL_HOST": "mail.vcf.vn",
                                              "EMAIL_PORT": "587"},
                          capture_output=True, text=True, check=True)
    assert smtp.stdout.split() == ["django.core.mail.backends.smtp.EmailBackend", "587"]


def test_the_admin_shows_the_outbox_and_sends_failed_ones_again(smtp_server, in_process,
                                                                settings):
    settings.NOTIFY_MAX_ATTEMPTS = 1
    club, vi, _en = _club_with_managers()
    smtp_server.stop()
    _submit(club, vi)
    assert set(Notification.objects.values_list("state", flat=True)) == {"failed"}
    smtp_server.start()
    staff = f.make_staff()
    client = Client()
    client.force_login(staff)
    listing = client.get("/admin/core/notification/")
    assert listing.status_code == 200 and "quanly@example.vn" in listing.content.decode()
    one = Notification.objects.get(email="quanly@example.vn")
    page = client.get(f"/admin/core/notification/{one.pk}/change/").content.decode()
    assert "ConnectionRefusedError" in page  # the attempt and its error
    client.post("/admin/core/notification/", {
        "action": "send_again", "_selected_action": [n.pk for n in Notification.objects.all()]})
    assert len(smtp_server.wait_for(2)) == 2
    assert set(Notification.objects.values_list("state", flat=True)) == {"sent"}
    client.post("/admin/core/notification/", {  # sent ones are never sent again
        "action": "send_again", "_selected_action": [n.pk for n in Notification.objects.all()]})
    assert len(smtp_server.messages()) == 2


def test_staff_record_a_users_choices_in_the_admin(in_process):
    staff = f.make_staff()
    user = f.make_user("thu", email="thu@example.vn")
    client = Client()
    client.force_login(staff)
    response = client.post("/admin/core/notificationpreference/add/", {
        "user": user.pk, "language": "en", "applications": "on", "decisions": "on"})
    assert response.status_code == 302
    choice = NotificationPreference.objects.get(user=user)
    assert (choice.language, choice.applications, choice.lapse, choice.decisions,
            choice.events) == ("en", True, False, True, False)
    assert not notifications.wants(user, NotificationKind.LAPSE_WARNING)
    assert notifications.wants(user, NotificationKind.PASSWORD_RESET)  # always sent


@pytest.fixture
def mail_worker(settings, tmp_path, smtp_server):
    """A real Celery worker of the background queue only (where the sends and beat's sweep
    go), its mail to ``smtp_server``, on queues of its own, with a 1-second first backoff
    (skips without a broker)."""
    if not settings.CELERY_BROKER_URL:
        pytest.skip("needs a broker: set CELERY_BROKER_URL and DATABASE_URL, as .ci/run does")
    import uuid

    from tests.conftest import WorkerProcess, _database_url_of_test_db

    queue = f"mail-{uuid.uuid4().hex[:10]}"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BACKGROUND_QUEUE = f"{queue}-background"
    worker = WorkerProcess(queue, _database_url_of_test_db(), tmp_path, env={
        "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp_server.port),
        "NOTIFY_BACKOFF_SECONDS": "1"}, consume=[f"{queue}-background"])
    worker.start()
    yield worker
    worker.stop()


def _wait(condition, timeout: float = 60):
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.2)


def test_a_real_worker_sends_it_and_retries_with_backoff_while_the_mail_server_is_down(
        mail_worker, smtp_server):
    club, vi, _en = _club_with_managers()
    smtp_server.stop()
    _submit(club, vi)  # committed: the worker is asked to send both
    _wait(lambda: NotificationDelivery.objects.filter(outcome="failed").count() >= 2)
    assert smtp_server.messages() == []
    smtp_server.start()  # the task's retry (after its backoff) finds it back
    received = smtp_server.wait_for(2, timeout=60)
    assert sorted(m["To"] for m in received) == ["manager@example.com", "quanly@example.vn"]
    _wait(lambda: set(Notification.objects.values_list("state", flat=True)) == {"sent"})
    for n in Notification.objects.all():
        outcomes = list(n.deliveries.values_list("outcome", flat=True))
        assert outcomes[-1] == "sent" and set(outcomes[:-1]) == {"failed"}
    assert len(smtp_server.messages()) == 2  # each once


def test_beat_sends_the_outbox_sweep_and_the_backup_to_the_background_queue():
    """Both wait on something slow (the mail server, pg_dump): never in front of a pairing
    on the interactive queue (docs/production.md "Processes"). Read from the settings as a
    deployment starts them (the test session renames its queues after import)."""
    import json
    import os
    import subprocess
    import sys

    from tests.helpers import REPO

    code = ("import json; from django.conf import settings as s; print(json.dumps("
            "{n: e.get('options') for n, e in s.CELERY_BEAT_SCHEDULE.items()}))")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "CELERY_QUEUE": "lien-doan"}
    env.pop("CELERY_BACKGROUND_QUEUE", None)
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                          text=True, check=True)
    options = json.loads(done.stdout.strip().splitlines()[-1])
    for name in ("core-sweep-notifications", "core-daily-backup"):
        assert options[name] == {"queue": "lien-doan-background"}, name


def test_broker_down_at_the_commit_then_beats_sweep_on_a_background_worker_sends_it_once(
        mail_worker, smtp_server, settings):
    """The broker down when the application is committed: nothing is queued, the rows wait.
    The broker back, beat's sweep entry (its task and options) reaches a worker of the
    background queue, which sends each mail once; a second sweep sends nothing."""
    from config.celery import app

    club, vi, _en = _club_with_managers()
    with broker_down():
        _submit(club, vi)
    assert set(Notification.objects.values_list("state", flat=True)) == {"pending"}
    time.sleep(1)
    assert smtp_server.messages() == []  # nothing reached the worker
    entry = settings.CELERY_BEAT_SCHEDULE["core-sweep-notifications"]
    for _ in range(2):
        app.send_task(entry["task"], queue=settings.CELERY_BACKGROUND_QUEUE)
    received = smtp_server.wait_for(2, timeout=60)
    assert sorted(m["To"] for m in received) == ["manager@example.com", "quanly@example.vn"]
    _wait(lambda: set(Notification.objects.values_list("state", flat=True)) == {"sent"})
    time.sleep(2)
    assert len(smtp_server.messages()) == 2
    assert set(Notification.objects.values_list("attempts", flat=True)) == {1}
    assert NotificationDelivery.objects.filter(outcome="sent").count() == 2


def test_a_refused_address_is_recorded_but_never_logged(smtp_server, in_process, caplog):
    """A person's email is a private field (Person.PRIVATE_FIELDS): the mail server's refusal
    names the address, which the admin's record of the attempt keeps and the log does not."""
    from tests.smtp import REFUSED_DOMAIN

    club = f.make_club(name="CLB Cờ Long Biên")
    manager = f.make_club_manager(club)
    manager.email = "ok@example.vn"
    manager.save()
    address = f"nguoi.rieng.tu@{REFUSED_DOMAIN}"
    person = f.make_person(full_name="Hà Văn Kín", email=address)
    with caplog.at_level("DEBUG"):
        services.submit_application(
            person=person, club=club, sponsor=f.make_member(club=club), by=manager,
            consent=services.ConsentGiven(given_by=person.full_name, relation="self"))
    assert [m["To"] for m in smtp_server.wait_for(1)] == ["ok@example.vn"]
    refused = Notification.objects.get(email=address)
    assert refused.state == Notification.State.PENDING and "550" in refused.last_error
    assert address in refused.deliveries.get().detail  # the admin shows what the server said
    logged = [r for r in caplog.records if r.name == "core.notifications"]
    assert logged and "SMTPRecipientsRefused" in logged[0].getMessage()
    assert "550" in logged[0].getMessage()
    assert all(address not in r.getMessage() and "nguoi.rieng.tu" not in r.getMessage()
               for r in caplog.records)
