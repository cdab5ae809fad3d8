"""The club manager's screens ("CLB của tôi", issue 27): each page and form, through the
services with the API's rules; refusals on the field, nothing written."""

from __future__ import annotations

import pytest

from tests.workspace.club_support import build, client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return build()


def test_smoke_every_club_page(world):
    client = client_of(world.manager_a)
    a = world.club_a.pk
    m = world.sponsor.pk
    for path in ["", f"hoi-vien/{m}/", "don/", "don/moi/", "don/moi/?name=hoi+vien",
                 "sinh-hoat/", "giai/", f"giai/{world.event.pk}/", "?xem=da-nghi"]:
        response = client.get(f"/lam-viec/clb/{a}/{path}")
        assert response.status_code == 200, (path, response.content.decode()[:3000])
