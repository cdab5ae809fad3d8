"""Issue 32: password reset by email for every user (Django's flow, the area's pages, in
Vietnamese and English, rate-limited), two-factor sign-in with a TOTP code (django-otp),
required for staff when TWO_FACTOR_REQUIRED_FOR_STAFF, and each user's mail choices."""

from __future__ import annotations

import re
import time

import pytest
from django.test import Client
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from core.models import Notification, NotificationKind, NotificationPreference
from tests.factories import make_user
from tests.smtp import parts, subject

PASSWORD = "mật-khẩu-cũ-2026"
NEW_PASSWORD = "Mat-khau-moi-2026!"


def _code(device: TOTPDevice, steps_ahead: int = 0) -> str:
    """The code the user's app shows now (or ``steps_ahead`` periods later): each code is
    accepted once, so a second sign-in takes the next period's."""
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time() + steps_ahead * device.step
    return f"{totp.token():0{device.digits}d}"


@pytest.fixture(autouse=True)
def _no_device_delay(settings):
    """django-otp also makes a device wait 1 s, 2 s, 4 s… after a wrong code (on in
    production); these tests type a wrong code then the right one at once."""
    settings.OTP_TOTP_THROTTLE_FACTOR = 0


@pytest.fixture
def member_user(db):
    return make_user("hoa", password=PASSWORD, email="hoa@example.vn")


@pytest.mark.django_db(transaction=True)
def test_password_reset_mails_a_one_time_link_that_sets_a_new_password(smtp_server, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    make_user("hoa", password=PASSWORD, email="hoa@example.vn")
    client = Client()
    assert 'href="/quen-mat-khau/"' in client.get("/dang-nhap/").content.decode()
    page = client.get("/quen-mat-khau/")
    assert "Quên mật khẩu" in page.content.decode()
    sent = client.post("/quen-mat-khau/", {"email": "hoa@example.vn"})
    assert sent.status_code == 302 and sent["Location"] == "/quen-mat-khau/da-gui/"
    assert "Hãy kiểm tra hộp thư" in client.get(sent["Location"]).content.decode()

    [mail] = smtp_server.wait_for(1)
    assert mail["To"] == "hoa@example.vn" and subject(mail) == "Đặt lại mật khẩu"
    text = parts(mail)["text/plain"]
    assert "tài khoản hoa" in text and "text/html" in parts(mail)
    link = re.search(r"http://\S+/quen-mat-khau/\S+/\S+/", text).group(0)
    path = link.split("8000", 1)[1] if "8000" in link else link
    form = client.get(path, follow=True)
    assert form.status_code == 200 and "Đặt mật khẩu mới" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0],
                       {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done["Location"] == "/quen-mat-khau/xong/"
    assert Client().login(username="hoa", password=NEW_PASSWORD)
    again = Client().get(path, follow=True)
    assert "Liên kết không dùng được" in again.content.decode()  # once only
    reset = Notification.objects.get(kind=NotificationKind.PASSWORD_RESET)
    assert reset.state == "sent" and reset.language == "vi"


@pytest.mark.django_db
def test_password_reset_in_english_and_silent_about_unknown_addresses(member_user, settings):
    english = Client().post("/en/quen-mat-khau/", {"email": "hoa@example.vn"})
    assert english["Location"] == "/en/quen-mat-khau/da-gui/"
    mail = Notification.objects.get(kind=NotificationKind.PASSWORD_RESET)
    assert mail.subject == "Password reset" and "/en/quen-mat-khau/" in mail.body_text
    unknown = Client().post("/quen-mat-khau/", {"email": "ai@example.vn"})
    assert unknown["Location"] == "/quen-mat-khau/da-gui/"  # the same answer
    assert Notification.objects.count() == 1
    bad = Client().post("/quen-mat-khau/", {"email": "không-phải-email"})
    assert bad.status_code == 200 and "email" in bad.content.decode().lower()


@pytest.mark.django_db
def test_password_reset_requests_are_rate_limited(member_user, settings):
    settings.PASSWORD_RESETS_PER_ADDRESS = 2
    client = Client()
    for _ in range(2):
        assert client.post("/quen-mat-khau/", {"email": "hoa@example.vn"}).status_code == 302
    refused = client.post("/quen-mat-khau/", {"email": "hoa@example.vn"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "quá nhiều lần" in refused.content.decode()
    assert Notification.objects.count() == 2


@pytest.mark.django_db
def test_two_factor_enrolment_then_sign_in_asks_for_the_code(member_user):
    client = Client()
    client.post("/dang-nhap/", {"username": "hoa", "password": PASSWORD})
    page = client.get("/lam-viec/tai-khoan/").content.decode()
    assert "Đăng nhập hai bước" in page and "<svg" in page
    device = TOTPDevice.objects.get(user=member_user, confirmed=False)
    wrong = client.post("/lam-viec/tai-khoan/", {"action": "enable", "token": "000000"})
    assert "Mã xác thực không đúng" in wrong.content.decode()
    enabled = client.post("/lam-viec/tai-khoan/", {"action": "enable", "token": _code(device)})
    assert enabled.status_code == 302
    device.refresh_from_db()
    assert device.confirmed

    fresh = Client()
    step = fresh.post("/dang-nhap/", {"username": "hoa", "password": PASSWORD,
                                      "next": "/lam-viec/"})
    assert step["Location"] == "/dang-nhap/ma-xac-thuc/"
    assert fresh.get("/lam-viec/").status_code == 302  # not signed in before the code
    refused = fresh.post("/dang-nhap/ma-xac-thuc/", {"token": "123456"})
    assert "Mã xác thực không đúng" in refused.content.decode()
    signed = fresh.post("/dang-nhap/ma-xac-thuc/", {"token": _code(device, 1)})
    assert signed["Location"] == "/lam-viec/"
    assert fresh.get("/lam-viec/").status_code == 200


@pytest.mark.django_db
def test_guessing_the_code_is_locked_out(member_user, settings):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 2
    device = TOTPDevice.objects.create(user=member_user, name="app", confirmed=True)
    client = Client()
    client.post("/dang-nhap/", {"username": "hoa", "password": PASSWORD})
    for _ in range(2):
        client.post("/dang-nhap/ma-xac-thuc/", {"token": "000000"})
    locked = client.post("/dang-nhap/ma-xac-thuc/", {"token": _code(device)})
    assert locked.status_code == 429


@pytest.mark.django_db
def test_staff_must_enrol_before_the_admin_when_required(settings):
    settings.TWO_FACTOR_REQUIRED_FOR_STAFF = True
    make_user("boss", password=PASSWORD, is_staff=True, is_superuser=True)
    client = Client()
    assert client.get("/admin/")["Location"].startswith("/admin/login/")
    assert client.get("/admin/login/?next=/admin/")["Location"] == "/dang-nhap/?next=%2Fadmin%2F"
    signed = client.post("/dang-nhap/", {"username": "boss", "password": PASSWORD})
    assert signed["Location"] == "/lam-viec/tai-khoan/"
    assert client.get("/lam-viec/")["Location"] == "/lam-viec/tai-khoan/"
    assert client.get("/admin/", follow=True).redirect_chain[-1][0] == "/lam-viec/tai-khoan/"
    page = client.get("/lam-viec/tai-khoan/").content.decode()
    assert "phải bật đăng nhập hai bước" in page
    device = TOTPDevice.objects.get(user__username="boss")
    client.post("/lam-viec/tai-khoan/", {"action": "enable", "token": _code(device)})
    assert client.get("/admin/").status_code == 200
    refused = client.post("/lam-viec/tai-khoan/", {"action": "disable",
                                                    "token": _code(device, 1)})
    assert refused.status_code == 200  # staff cannot turn it off while required
    assert TOTPDevice.objects.filter(user__username="boss", confirmed=True).exists()


@pytest.mark.django_db
def test_without_the_setting_staff_use_the_admin_with_a_password(settings):
    settings.TWO_FACTOR_REQUIRED_FOR_STAFF = False
    make_user("boss", password=PASSWORD, is_staff=True, is_superuser=True)
    client = Client()
    assert client.get("/admin/login/").status_code == 200
    client.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert client.get("/admin/").status_code == 200


@pytest.mark.django_db
def test_each_user_chooses_what_he_receives(member_user):
    client = Client()
    client.force_login(member_user)
    saved = client.post("/en/lam-viec/tai-khoan/", {"action": "preferences", "language": "en",
                                                    "applications": "on", "events": "on"})
    assert saved["Location"] == "/en/lam-viec/tai-khoan/"
    choice = NotificationPreference.objects.get(user=member_user)
    assert (choice.language, choice.applications, choice.lapse, choice.decisions,
            choice.events) == ("en", True, False, False, True)
    page = client.get("/lam-viec/tai-khoan/").content.decode()
    assert "Thư thông báo" in page and "hoa@example.vn" in page
