"""The demo a new user starts with (``load_demo``; issue 27): ``demo-manager``,
``demo-officer`` and ``demo-member`` sign in at the one sign-in page and do their work in
their screens — words rather than codes, in Vietnamese and English."""

from __future__ import annotations

import os
import re

import pytest
from django.core.management import call_command
from django.test import Client

from federation.demo import DEMO_PASSWORD
from federation.models import Club, Member, MembershipApplication
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db
RAW_CODES = re.compile(r">\s*(active|lapsed|resigned|pending|approved|rejected|residential|"
                       r"registration|club_session|15\.5-dues|15\.5-activity|xiangqi|dutch)\s*<")


def signed_in(username: str) -> Client:
    client = Client()
    response = client.post("/dang-nhap/", {"username": username, "password": DEMO_PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/lam-viec/", username
    return client


def test_the_demo_manager_officer_and_member_work_in_their_screens():
    call_command("load_demo", stdout=open(os.devnull, "w"))
    club = Club.objects.get(managers__username="demo-manager")
    manager = signed_in("demo-manager")
    assert "CLB của tôi" in manager.get("/lam-viec/").content.decode()
    for path in ["", "?xem=da-nghi", "don/", "don/moi/", "sinh-hoat/", "giai/"]:
        for lang in ("", "/en"):
            page = manager.get(f"{lang}/lam-viec/clb/{club.pk}/{path}")
            assert page.status_code == 200, (path, lang)
            assert not RAW_CODES.search(page.content.decode()), (path, lang)
    open_event = Tournament.objects.get(status=Tournament.Status.REGISTRATION)
    players = list(Member.objects.filter(status=Member.Status.ACTIVE,
                                         club_memberships__club=club,
                                         club_memberships__ended_on__isnull=True)
                   .order_by("card_number")[:2])
    response = manager.post(f"/lam-viec/clb/{club.pk}/giai/{open_event.pk}/",
                            {"members": [str(m.pk) for m in players]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert Entry.objects.filter(tournament=open_event, member__in=players).count() == 2

    officer = signed_in("demo-officer")
    body = officer.get("/lam-viec/").content.decode()
    assert "Liên đoàn Cờ Hà Nội" in body
    hanoi = club.body.parent or club.body
    for path in ["", "clb/", "hoi-vien/", "giai/"]:
        page = officer.get(f"/lam-viec/to-chuc/{hanoi.pk}/{path}")
        assert page.status_code == 200, path
        assert not RAW_CODES.search(page.content.decode()), path
    pending = MembershipApplication.objects.filter(
        status=MembershipApplication.Status.PENDING, club__body__in=[hanoi, *hanoi.children.all()]
    ).first()
    if pending is not None:
        assert officer.get(f"/lam-viec/to-chuc/{hanoi.pk}/don/{pending.pk}/").status_code == 200

    member = signed_in("demo-member")
    me = member.get("/lam-viec/ca-nhan/")
    assert me.status_code == 200 and not RAW_CODES.search(me.content.decode())
    assert member.get(f"/lam-viec/clb/{club.pk}/").status_code == 403
