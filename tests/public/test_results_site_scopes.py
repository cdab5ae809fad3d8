"""A site page is kept under the scopes of the API answers it shows, as the API's views
declare them (issue 33: one declaration, ``results_site.api.scopes``): a write those answers
depend on gives the next reader a new page; a write they do not depend on leaves it cached."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from core import caching
from federation.cache_scopes import CLUBS, PLAYERS
from federation.public_api import PublicClubViewSet
from ratings.cache_scopes import RATINGS
from ratings.public_players import PublicPlayerViewSet
from results_site import api
from tests.factories import make_club
from tournaments import cache_scopes as tournament_scopes

pytestmark = pytest.mark.django_db


def test_the_page_scopes_are_the_api_views_own():
    assert api.scopes("clubs", 3) == PublicClubViewSet.cache_scopes == (CLUBS,)
    assert api.scopes("players", 3) == (*PublicPlayerViewSet.cache_scopes, tournament_scopes.LIST)
    assert api.scopes("players") == PublicPlayerViewSet.cache_scopes
    assert api.scopes("tournaments", 5, "crosstable") == (tournament_scopes.event(5),)


def test_a_club_page_follows_its_members_and_not_the_events(client):
    url = reverse("site:club", args=[make_club().pk])
    first = client.get(url)
    assert first.status_code == 200
    caching.touch(tournament_scopes.LIST)  # an event changed: no answer of the page did
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    for scope in (PLAYERS, RATINGS, CLUBS):  # the members' list and the club itself
        before = client.get(url)
        time.sleep(0.01)
        caching.touch(scope)
        after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
        assert after.status_code == 200 and after["ETag"] != before["ETag"], scope
