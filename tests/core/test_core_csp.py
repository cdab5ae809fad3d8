"""Issue 31 §9: a strict Content-Security-Policy on every page (the results site, the admin, the
API docs, the browsable API's sign-in): scripts only from the site's own files or by the
request's nonce; no page carries an inline script or an inline event handler."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.test import Client, RequestFactory

from core.middleware import ContentSecurityPolicyMiddleware
from games.models import GameRecord
from tests.factories import make_staff
from tests.public.conftest import build_round_robin

pytestmark = pytest.mark.django_db

PASSWORD = "mat-khau-csp-2026"
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def _assert_strict(url, response):
    assert response.status_code == 200, (url, response.status_code)
    policy = _policy(response)
    scripts = policy["script-src"]
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts, url
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    html = response.content.decode()
    nonces = {s.removeprefix("'nonce-").rstrip("'") for s in scripts if s.startswith("'nonce-")}
    for attributes, body in SCRIPT.findall(html):
        if "src=" in attributes or "application/json" in attributes or not body.strip():
            continue
        nonce = re.search(r'nonce="([^"]+)"', attributes)
        assert nonce and nonce.group(1) in nonces, (url, attributes, body[:100])
    assert not HANDLER.search(html), (url, HANDLER.search(html).group(0))


def test_every_kind_of_page_has_a_strict_policy_and_no_inline_script():
    staff = make_staff("csp-staff", password=PASSWORD)
    t = build_round_robin(4, staff=staff, seed=5, with_games=True)
    game = GameRecord.objects.filter(pairing__round__tournament=t).first()
    anonymous = Client()
    pages = ["/", "/en/", "/giai-dau/", f"/giai-dau/{t.pk}/", f"/giai-dau/{t.pk}/bang-cheo/",
             f"/van-co/{game.pk}/", f"/van-co/{game.pk}/in/", "/cau-lac-bo/", "/he-so/",
             "/admin/login/", "/api-auth/login/", "/api/docs/"]
    for url in pages:
        _assert_strict(url, anonymous.get(url))
    signed_in = Client()
    signed_in.force_login(staff)
    for url in ["/admin/", "/admin/tournaments/tournament/", f"/admin/tournaments/tournament/{t.pk}/change/",
                "/admin/federation/person/add/", "/api/v1/clubs/"]:
        _assert_strict(url, signed_in.get(url, HTTP_ACCEPT="text/html"))
    # the API docs' start script is a file of the site (script-src 'self')
    script = anonymous.get("/api/docs/?script=")
    assert script.status_code == 200 and "javascript" in script["Content-Type"]


def test_an_inline_script_is_allowed_only_by_the_requests_nonce():
    def page(request):
        from django.http import HttpResponse

        body = Template('<script nonce="{{ request.csp_nonce }}">go()</script>').render(
            Context({"request": request}))
        return HttpResponse(body)

    def plain(request):
        from django.http import HttpResponse

        return HttpResponse("<p>no script</p>")

    factory = RequestFactory()
    first = ContentSecurityPolicyMiddleware(page)(factory.get("/"))
    second = ContentSecurityPolicyMiddleware(page)(factory.get("/"))
    nonce = re.search(r'nonce="([^"]+)"', first.content.decode()).group(1)
    assert f"'nonce-{nonce}'" in _policy(first)["script-src"]
    assert f"'nonce-{nonce}'" not in _policy(second)["script-src"]  # fresh for each request
    assert _policy(ContentSecurityPolicyMiddleware(plain)(factory.get("/")))["script-src"] == [
        "'self'"]
