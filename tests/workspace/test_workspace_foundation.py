"""The signed-in area's foundation (issue 27): one sign-in page for everyone with the shared
lockout, the landing page listing each role held, the language from the path."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from federation.models import Officer
from tests import factories as f

pytestmark = pytest.mark.django_db
PASSWORD = "mật-khẩu-thử-2026"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_anonymous_is_sent_to_sign_in_in_the_pages_language():
    response = Client().get("/lam-viec/")
    assert response.status_code == 302
    assert response["Location"] == "/dang-nhap/?next=%2Flam-viec%2F"
    response = Client().get("/en/lam-viec/")
    assert response["Location"] == "/en/dang-nhap/?next=%2Fen%2Flam-viec%2F"


def test_sign_in_lands_on_the_roles_page_with_each_role():
    club = f.make_club(name="CLB Cờ Hoàn Kiếm")
    user = f.make_user("quanly", password=PASSWORD, first_name="Văn", last_name="Quản")
    club.managers.add(user)
    Officer.objects.create(user=user, body=club.body)  # a manager who is also an officer
    client = Client()
    page = client.get("/dang-nhap/")
    assert page.status_code == 200 and "Đăng nhập" in page.content.decode()
    response = client.post("/dang-nhap/", {"username": "quanly", "password": PASSWORD,
                                           "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/lam-viec/"
    home = client.get("/lam-viec/").content.decode()
    assert "CLB của tôi: CLB Cờ Hoàn Kiếm" in home
    assert club.body.name in home
    assert f'/lam-viec/clb/{club.pk}/' in home and f'/lam-viec/to-chuc/{club.body.pk}/' in home
    english = client.get("/en/lam-viec/").content.decode()
    assert "My club: CLB Cờ Hoàn Kiếm" in english and "Sign out" in english
    assert f'/en/lam-viec/clb/{club.pk}/' in english


def test_sign_in_keeps_a_safe_next_and_refuses_a_wrong_password_on_the_form():
    f.make_user("ai", password=PASSWORD)
    client = Client()
    wrong = client.post("/dang-nhap/", {"username": "ai", "password": "sai"})
    assert wrong.status_code == 200
    text = wrong.content.decode()
    assert 'value="ai"' in text and "errors" in text
    response = client.post("/dang-nhap/?next=/lam-viec/ca-nhan/",
                           {"username": "ai", "password": PASSWORD})
    assert response["Location"] == "/lam-viec/ca-nhan/"


@override_settings(LOGIN_FAILURES_PER_ACCOUNT=2)
def test_sign_in_shares_the_lockout_of_the_api_and_the_admin():
    f.make_user("khoa", password=PASSWORD)
    client = Client()
    for _attempt in range(2):
        assert client.post("/dang-nhap/", {"username": "khoa", "password": "x"}).status_code == 200
    locked = client.post("/dang-nhap/", {"username": "khoa", "password": PASSWORD})
    assert locked.status_code == 429 and int(locked["Retry-After"]) >= 1
    assert "Quá nhiều lần đăng nhập sai" in locked.content.decode()
    # the API's token endpoint counts the same failures
    api = client.post("/api/v1/auth/token/", {"username": "khoa", "password": PASSWORD})
    assert api.status_code == 429


def test_sign_out_is_a_post_and_a_user_without_roles_is_told_so():
    user = f.make_user("khong")
    client = Client()
    client.force_login(user)
    assert "chưa được giao việc" in client.get("/lam-viec/").content.decode()
    assert client.get("/dang-xuat/").status_code == 405
    assert client.post("/dang-xuat/")["Location"] == "/dang-nhap/"
    assert client.get("/lam-viec/").status_code == 302


def test_the_public_site_links_to_the_sign_in_page():
    assert 'href="/dang-nhap/"' in Client().get("/").content.decode()
    assert 'href="/en/dang-nhap/"' in Client().get("/en/").content.decode()
