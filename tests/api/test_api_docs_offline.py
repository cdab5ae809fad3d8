"""The API docs page works with no network (issue 18): Swagger UI from our own static files.

The page may reference only URLs of this service (drf-spectacular-sidecar, not a CDN), and
each of them must answer 200 — so the page is not blank on a machine without internet.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

ASSET = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|["'](https?://[^"']+)["']""")


def _references(html: str) -> list[str]:
    return [a or b for a, b in ASSET.findall(html)]


@pytest.mark.django_db
def test_docs_page_references_only_local_urls_that_answer(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    refs = _references(html)
    assert any("swagger-ui-bundle" in ref for ref in refs), refs
    remote = [ref for ref in refs if urlsplit(ref).netloc]
    assert remote == [], f"the docs page loads from other hosts: {remote}"
    assert "cdn." not in html and "@latest" not in html
    for ref in refs:
        path = ref if ref.startswith("/") else f"/{ref}"
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code)
        if hasattr(answer, "streaming_content"):
            assert b"".join(answer.streaming_content), path
        else:
            assert answer.content, path


@pytest.mark.django_db
def test_schema_the_page_loads_answers(client):
    response = client.get("/api/docs/")
    # the start script is a file of its own (no inline script: CSP, issue 31)
    text = response.content.decode() + client.get("/api/docs/?script=").content.decode()
    schema_url = re.search(r"""["'](/api/schema/[^"']*)["']""", text)
    assert schema_url, "the page (its start script) names its schema URL"
    assert client.get(schema_url.group(1)).status_code == 200


@pytest.mark.django_db
def test_admin_view_site_link_leads_to_a_real_page(client, django_user_model):
    """"Xem trang web" leads somewhere real: the public results site (issue 20; before it,
    the API docs), never a 404."""
    staff = django_user_model.objects.create_user("docs_staff", password="x", is_staff=True,
                                                  is_superuser=True)
    client.force_login(staff)
    page = client.get("/admin/").content.decode()
    link = re.search(r'<a href="([^"]+)">[^<]*(?:Xem trang web|View site)', page)
    assert link and link.group(1) == "/", "the admin header links to the results site"
    assert client.get(link.group(1)).status_code == 200
