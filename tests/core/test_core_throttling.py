"""Password guessing and rate limits (issue 14): login lockout per account and per client
address on /api/v1/auth/token/ and /admin/login/ (429 + Retry-After), rate limits for
signed-in users, and counters that hold under parallel requests (the shared cache: Redis
when CACHE_URL is set, as in CI)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client, override_settings
from rest_framework.request import Request
from rest_framework.test import APIClient, APIRequestFactory

from core import throttling
from tests.factories import make_staff, make_user
from tests.helpers import client_for

pytestmark = pytest.mark.django_db

PASSWORD = "mat-khau-dung-2026"


def _token(client, username, password, address="10.0.0.1"):
    return client.post("/api/v1/auth/token/", {"username": username, "password": password},
                       format="json", REMOTE_ADDR=address)


def _locked(response):
    assert response.status_code == 429, (response.status_code, response.content[:200])
    assert int(response["Retry-After"]) > 0
    return response


def test_token_endpoint_locks_an_account_after_5_wrong_passwords():
    make_user("thu", password=PASSWORD)
    client = APIClient()
    for _ in range(5):
        assert _token(client, "thu", "sai").status_code == 400
    locked = _locked(_token(client, "thu", PASSWORD))  # even the right one
    error = locked.json()["error"]
    assert error["code"] == "login_locked" and "5" in error["message"]
    # the body and the header of one answer say the same wait (two answers may be a second
    # apart on a loaded machine); the name in other letter case is the same account
    assert error["retry_after"] == int(locked["Retry-After"])
    _locked(_token(client, "THU", PASSWORD))
    # another address is refused too (per account), another account still works
    _locked(_token(client, "thu", PASSWORD, address="10.0.0.2"))
    make_user("khac", password=PASSWORD)
    assert _token(client, "khac", PASSWORD).status_code == 200


def test_right_passwords_do_not_use_up_the_account():
    make_user("dung", password=PASSWORD)
    client = APIClient()
    for _ in range(12):
        assert _token(client, "dung", PASSWORD).status_code == 200


def test_token_endpoint_locks_a_client_address_after_20_failures():
    make_user("nan-nhan", password=PASSWORD)
    client = APIClient()
    for n in range(20):  # 20 accounts, one guess each: under the per-account limit
        assert _token(client, f"ai-do-{n}", "sai", address="10.9.9.9").status_code == 400
    _locked(_token(client, "nan-nhan", PASSWORD, address="10.9.9.9"))
    assert _token(client, "nan-nhan", PASSWORD, address="10.9.9.10").status_code == 200


def test_admin_login_locks_an_account_after_5_wrong_passwords():
    make_staff("quan-tri", password=PASSWORD)
    client = Client()
    for _ in range(5):
        page = client.post("/admin/login/", {"username": "quan-tri", "password": "sai"})
        assert page.status_code == 200  # the form again, with its error
    response = _locked(client.post("/admin/login/", {"username": "quan-tri",
                                                     "password": PASSWORD}))
    assert "5" in response.content.decode()
    assert not client.session.get("_auth_user_id")
    fresh = Client()
    _locked(fresh.post("/admin/login/", {"username": "quan-tri", "password": PASSWORD}))
    make_staff("quan-tri-2", password=PASSWORD)
    ok = fresh.post("/admin/login/", {"username": "quan-tri-2", "password": PASSWORD})
    assert ok.status_code == 302 and fresh.session.get("_auth_user_id")


def test_signed_in_users_are_rate_limited():
    from rest_framework.settings import api_settings

    user = make_user("ban-ron")
    client = client_for(user)
    rates = dict(api_settings.DEFAULT_THROTTLE_RATES, user="3/min")
    original = throttling.UserThrottle.THROTTLE_RATES
    throttling.UserThrottle.THROTTLE_RATES = rates
    try:
        for _ in range(3):
            assert client.get("/api/v1/jobs/").status_code == 200
        error = _locked(client.get("/api/v1/jobs/")).json()["error"]
        assert error["code"] == "throttled"
        assert client_for(make_user("nguoi-khac")).get("/api/v1/jobs/").status_code == 200
    finally:
        throttling.UserThrottle.THROTTLE_RATES = original


# --- parallel clients -------------------------------------------------------------------------

def _in_parallel(calls: int, work) -> list:
    barrier = threading.Barrier(calls)

    def one(_n):
        barrier.wait()
        return work()

    with ThreadPoolExecutor(max_workers=calls) as pool:
        return list(pool.map(one, range(calls)))


def test_the_anonymous_limit_holds_under_parallel_clients():
    """24 simultaneous requests against a limit of 10: exactly 10 pass (DRF's history
    read-then-write let about 1.9x through under 8 parallel clients)."""
    throttle_class = type("Ten", (throttling.AnonThrottle,), {"rate": "10/min"})
    factory = APIRequestFactory()

    def request_once():
        request = Request(factory.get("/api/v1/clubs/", REMOTE_ADDR="10.1.1.1"))
        request.user = AnonymousUser()
        return throttle_class().allow_request(request, None)

    for _round in range(3):
        from django.core.cache import cache

        cache.clear()
        assert sum(_in_parallel(24, request_once)) == 10


@override_settings(LOGIN_FAILURES_PER_ACCOUNT=5, LOGIN_FAILURES_PER_ADDRESS=100)
def test_the_login_limit_holds_under_parallel_guesses():
    """16 simultaneous wrong guesses for one account: exactly 5 reach the password check."""
    factory = APIRequestFactory()
    checked = []
    lock = threading.Lock()

    def guess():
        request = factory.post("/api/v1/auth/token/", REMOTE_ADDR="10.2.2.2")
        try:
            with throttling.login_attempt(request, "muc-tieu"):
                with lock:
                    checked.append(1)
            return True
        except throttling.LoginLocked:
            return False

    results = _in_parallel(16, guess)
    assert sum(results) == 5 and len(checked) == 5


def test_an_unreachable_cache_does_not_take_the_api_down(monkeypatch):
    """django-redis ignores connection errors and answers None: no limit, no 500."""
    from django.core.cache import cache

    monkeypatch.setattr(cache, "add", lambda *a, **k: None)
    monkeypatch.setattr(cache, "incr", lambda *a, **k: None)
    make_user("khi-mat-cache", password=PASSWORD)
    for _ in range(7):
        assert _token(APIClient(), "khi-mat-cache", "sai").status_code == 400
    assert _token(APIClient(), "khi-mat-cache", PASSWORD).status_code == 200


# --- issue 31 §2: every sign-in path shares one count ----------------------------------------

def _session_login(client, username, password, address="10.0.0.1"):
    return client.post("/api-auth/login/", {"username": username, "password": password},
                       REMOTE_ADDR=address)


def test_drf_session_login_is_locked_and_shares_the_count_with_the_other_paths():
    make_staff("chung-dem", password=PASSWORD)
    # 2 wrong guesses on the token endpoint, 2 on the admin, 1 on DRF's session login: 5
    for _ in range(2):
        assert _token(APIClient(), "chung-dem", "sai").status_code == 400
        assert Client().post("/admin/login/", {"username": "chung-dem", "password": "sai"},
                             REMOTE_ADDR="10.0.0.1").status_code == 200
    assert _session_login(Client(), "chung-dem", "sai").status_code == 200  # the form again
    # the right password is now refused on every path, the session login included
    client = Client()
    response = _locked(_session_login(client, "chung-dem", PASSWORD))
    assert "5" in response.content.decode()
    assert not client.session.get("_auth_user_id")
    _locked(_token(APIClient(), "chung-dem", PASSWORD))
    _locked(Client().post("/admin/login/", {"username": "chung-dem", "password": PASSWORD}))


@pytest.mark.django_db(transaction=True)
@override_settings(LOGIN_FAILURES_PER_ACCOUNT=5, LOGIN_FAILURES_PER_ADDRESS=1000)
def test_drf_session_login_lockout_holds_under_parallel_requests(live_server):
    """16 simultaneous wrong passwords against /api-auth/login/ on a running server: exactly 5
    are checked (the form again), the other 11 are refused with 429; then the right password
    is refused too."""
    import http.cookiejar
    import urllib.error
    import urllib.parse
    import urllib.request

    make_user("song-song", password=PASSWORD)
    url = f"{live_server.url}/api-auth/login/"

    def post(password):
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        opener.open(url, timeout=30).read()  # the form: its CSRF cookie
        token = next(c.value for c in jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({"username": "song-song", "password": password,
                                       "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(url, data=body, headers={"Referer": url})
        try:
            return opener.open(request, timeout=60).status
        except urllib.error.HTTPError as error:
            return error.code

    statuses = _in_parallel(16, lambda: post("sai"))
    assert sorted(statuses).count(200) == 5 and statuses.count(429) == 11, statuses
    assert post(PASSWORD) == 429


# --- issue 31 §3: X-Forwarded-For only from configured proxies --------------------------------

PROXY = "192.0.2.10"


def _token_via(client, username, password, *, peer, forwarded=None):
    extra = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post("/api/v1/auth/token/", {"username": username, "password": password},
                       format="json", **extra)


@override_settings(TRUSTED_PROXIES=[])
def test_a_rotated_forwarded_header_from_an_untrusted_sender_does_not_escape_the_address_limit():
    make_user("xoay-vong", password=PASSWORD)
    client = APIClient()
    for n in range(20):  # 20 accounts, each guess with a different forged client address
        assert _token_via(client, f"ai-{n}", "sai", peer="10.7.7.7",
                          forwarded=f"203.0.113.{n}").status_code == 400
    _locked(_token_via(client, "xoay-vong", PASSWORD, peer="10.7.7.7", forwarded="198.51.100.1"))


@override_settings(TRUSTED_PROXIES=[PROXY, "2001:db8::/32"])
def test_behind_a_configured_proxy_each_client_is_counted_by_its_forwarded_address():
    make_user("sau-proxy", password=PASSWORD)
    client = APIClient()
    for n in range(20):  # one client behind the proxy, prefixing forged entries of its own
        assert _token_via(client, f"ai-{n}", "sai", peer=PROXY,
                          forwarded=f"203.0.113.{n}, 198.51.100.7").status_code == 400
    _locked(_token_via(client, "sau-proxy", PASSWORD, peer=PROXY,
                       forwarded="1.2.3.4, 198.51.100.7"))
    # another client behind the same proxy is not affected by the first one's failures
    assert _token_via(client, "sau-proxy", PASSWORD, peer=PROXY,
                      forwarded="198.51.100.8").status_code == 200
    # a sender that is not the proxy cannot claim to be another client
    for n in range(20):
        _token_via(client, f"gia-{n}", "sai", peer="10.8.8.8", forwarded=f"198.51.100.{n + 20}")
    _locked(_token_via(client, "sau-proxy", PASSWORD, peer="10.8.8.8", forwarded="198.51.100.99"))


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_client_address_is_one_function_for_every_limiter():
    factory = APIRequestFactory()
    via_proxy = factory.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="9.9.9.9, 198.51.100.5")
    direct = factory.get("/", REMOTE_ADDR="10.3.3.3", HTTP_X_FORWARDED_FOR="198.51.100.5")
    garbled = factory.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="not-an-address")
    assert throttling.client_address(via_proxy) == "198.51.100.5"
    assert throttling.client_address(direct) == "10.3.3.3"
    assert throttling.client_address(garbled) == PROXY
    for throttle in (throttling.AnonThrottle(), throttling.UserThrottle()):
        assert throttle.get_ident(Request(via_proxy)) == "198.51.100.5"
        assert throttle.get_ident(Request(direct)) == "10.3.3.3"


@override_settings(TRUSTED_PROXIES=[])
def test_the_anonymous_rate_limit_ignores_a_rotated_forwarded_header():
    from django.core.cache import cache

    throttle_class = type("Five", (throttling.AnonThrottle,), {"rate": "5/min"})
    factory = APIRequestFactory()
    cache.clear()
    allowed = []
    for n in range(12):
        request = Request(factory.get("/api/v1/clubs/", REMOTE_ADDR="10.4.4.4",
                                      HTTP_X_FORWARDED_FOR=f"203.0.113.{n}"))
        request.user = AnonymousUser()
        allowed.append(throttle_class().allow_request(request, None))
    assert sum(allowed) == 5


def test_trusted_proxies_are_read_from_the_environment_and_checked():
    import os
    import subprocess
    import sys

    from tests.helpers import REPO

    def run(value):
        env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings", TRUSTED_PROXIES=value)
        return subprocess.run([sys.executable, "-c", "from django.conf import settings; "
                               "print(settings.TRUSTED_PROXIES)"], cwd=REPO, env=env,
                              capture_output=True, text=True)

    done = run("10.0.0.1, 172.16.0.0/12")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['10.0.0.1', '172.16.0.0/12']"
    refused = run("proxy.example")
    assert refused.returncode != 0 and "TRUSTED_PROXIES" in refused.stderr


# --- issue 31 §10: where a sign-in lands -------------------------------------------------------

def test_a_sign_in_without_next_lands_on_an_existing_page():
    make_user("thanh-vien", password=PASSWORD)
    make_staff("nhan-vien", password=PASSWORD)
    member = Client()
    response = _session_login(member, "thanh-vien", PASSWORD)
    assert response.status_code == 302 and response["Location"] == "/"
    assert member.get(response["Location"]).status_code == 200
    staff = Client()
    response = _session_login(staff, "nhan-vien", PASSWORD)
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert staff.get(response["Location"]).status_code == 200
    with override_settings(LOGIN_REDIRECT_URL="/giai-dau/"):
        response = _session_login(Client(), "thanh-vien", PASSWORD)
        assert response["Location"] == "/giai-dau/"
    # a safe next is still followed, an unsafe one is not
    response = Client().post("/api-auth/login/?next=/ky-thu/",
                             {"username": "thanh-vien", "password": PASSWORD})
    assert response["Location"] == "/ky-thu/"
    response = Client().post("/api-auth/login/?next=https://evil.example/",
                             {"username": "thanh-vien", "password": PASSWORD})
    assert response["Location"] == "/"


# --- issue 31 §3 on the live stack: a real proxy in front of a running server -------------------

class _ForwardingProxy:
    """A reverse proxy as production runs one (nginx's ``$proxy_add_x_forwarded_for``): it
    appends the address it received the request from to ``X-Forwarded-For`` and connects to
    the server from its own address (``127.0.0.2``; the clients use 127.0.0.3, .4, ...)."""

    SOURCE = "127.0.0.2"

    def __init__(self, upstream_host: str, upstream_port: int):
        import http.client
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() not in ("host", "connection", "x-forwarded-for")}
                sent = self.headers.get("X-Forwarded-For")
                peer = self.client_address[0]
                headers["X-Forwarded-For"] = f"{sent}, {peer}" if sent else peer
                upstream = http.client.HTTPConnection(upstream_host, upstream_port, timeout=30,
                                                      source_address=(proxy.SOURCE, 0))
                upstream.request("POST", self.path, body, headers)
                answer = upstream.getresponse()
                content = answer.read()
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in ("transfer-encoding", "connection",
                                           "content-length"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)
                upstream.close()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def _post_token(port: int, username: str, password: str, *, source: str,
                forwarded: str | None = None) -> tuple[int, dict]:
    import http.client
    import json

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                            source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    connection.request("POST", "/api/v1/auth/token/",
                       json.dumps({"username": username, "password": password}), headers)
    response = connection.getresponse()
    status, headers_in = response.status, dict(response.getheaders())
    response.read()
    connection.close()
    return status, headers_in


@pytest.mark.django_db(transaction=True)
@override_settings(TRUSTED_PROXIES=[_ForwardingProxy.SOURCE], LOGIN_FAILURES_PER_ADDRESS=20,
                   LOGIN_FAILURES_PER_ACCOUNT=5)
def test_behind_a_real_proxy_a_rotated_forwarded_header_does_not_escape_the_address_limit(
        live_server):
    """The issue's probe on a running server behind a proxy configured in TRUSTED_PROXIES:
    a client rotating a forged ``X-Forwarded-For`` through the proxy is counted by the
    address the proxy saw (20 failures, then even the right password of another account is
    refused); another client behind the same proxy is not; a client reaching the server
    directly cannot claim an address with the header either."""
    from django.core.cache import cache

    cache.clear()
    make_user("sau-proxy-that", password=PASSWORD)
    server_port = live_server.thread.port
    with _ForwardingProxy("127.0.0.1", server_port) as proxy:
        for n in range(20):  # 20 accounts, each guess with another forged client address
            status, _h = _post_token(proxy.port, f"ai-{n}", "sai", source="127.0.0.3",
                                     forwarded=f"203.0.113.{n}")
            assert status == 400, (n, status)
        status, headers = _post_token(proxy.port, "sau-proxy-that", PASSWORD,
                                      source="127.0.0.3", forwarded="198.51.100.1")
        assert status == 429 and int(headers["Retry-After"]) > 0
        # another client behind the same proxy signs in
        assert _post_token(proxy.port, "sau-proxy-that", PASSWORD,
                           source="127.0.0.4")[0] == 200
    # straight to the server (not through the proxy): the header is not believed
    for n in range(20):
        _post_token(server_port, f"truc-tiep-{n}", "sai", source="127.0.0.5",
                    forwarded=f"198.51.100.{n + 20}")
    assert _post_token(server_port, "sau-proxy-that", PASSWORD, source="127.0.0.5",
                       forwarded="198.51.100.99")[0] == 429
    assert _post_token(server_port, "sau-proxy-that", PASSWORD, source="127.0.0.6")[0] == 200
