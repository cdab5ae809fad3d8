"""The demo a new user starts with (``load_demo``; issue 27): ``demo-arbiter`` signs in at the
one sign-in page and works every demo event in the arbiter's screens — its pages open in
Vietnamese and English, show words rather than codes, and a result goes in."""

from __future__ import annotations

import os
import re

import pytest
from django.core.management import call_command
from django.test import Client

from federation.demo import DEMO_PASSWORD
from tournaments.models import Official, Pairing, Tournament

pytestmark = pytest.mark.django_db
RAW_CODES = re.compile(r">\s*(dutch|round_robin|xiangqi|running|paired|started|white_wins|"
                       r"1/2-1/2|\+-|-\+|pending|invalid)\s*<")


def test_the_demo_arbiter_works_every_demo_event():
    call_command("load_demo", stdout=open(os.devnull, "w"))
    client = Client()
    signed = client.post("/dang-nhap/", {"username": "demo-arbiter", "password": DEMO_PASSWORD})
    assert signed.status_code == 302
    assert "Bàn trọng tài" in client.get("/lam-viec/").content.decode()
    home = client.get("/lam-viec/trong-tai/").content.decode()
    events = Tournament.objects.filter(officials__person__user__username="demo-arbiter")
    assert events.exists() and Official.objects.filter(tournament__in=events).exists()
    for t in events:
        assert t.name in home
        for lang in ("", "/en"):
            page = client.get(f"{lang}/lam-viec/trong-tai/giai/{t.pk}/")
            assert page.status_code == 200, (t.name, lang)
            assert not RAW_CODES.search(page.content.decode()), (t.name, lang)
        board = Pairing.objects.filter(round__tournament=t, kind="game").order_by(
            "-round__number", "board").first()
        if board is None:
            continue
        for path in ("bien-ban/", "den-muon/"):
            assert client.get(f"/lam-viec/trong-tai/giai/{t.pk}/ban/{board.pk}/{path}"
                              ).status_code == 200, (t.name, path)
        assert client.get(f"/lam-viec/trong-tai/giai/{t.pk}/dau-thu/").status_code == 200
    running = events.filter(status=Tournament.Status.RUNNING)
    waiting = Pairing.objects.filter(round__tournament__in=running, kind="game", result="",
                                     black__isnull=False).select_related("round").first()
    if waiting is not None:
        response = client.post(
            f"/lam-viec/trong-tai/giai/{waiting.round.tournament_id}/ban/{waiting.pk}/ket-qua/",
            {"result": "1-0", "version": waiting.version})
        assert response.status_code == 302
        waiting.refresh_from_db()
        assert waiting.result == "1-0"
