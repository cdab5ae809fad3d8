"""``manage.py load_demo`` (issue 3 §8): bodies, 20 clubs, ~500 members, coherent with the rules."""

from __future__ import annotations

import random
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.utils import timezone

from federation import demo, services
from federation.models import (
    Body,
    Club,
    Consent,
    Member,
    MembershipApplication,
    Person,
)
from federation.selectors import members_about_to_lapse

pytestmark = pytest.mark.django_db


def test_load_demo_creates_a_coherent_federation():
    out = StringIO()
    call_command("load_demo", stdout=out)
    printed = out.getvalue()
    assert "20 clubs" in printed and "demo / demo-password-2026" in printed
    assert Club.objects.count() == 20
    assert Body.objects.filter(level="district").exists()
    assert 450 <= Member.objects.count() <= 550
    assert Member.objects.filter(status="lapsed").exists()
    assert Member.objects.filter(status="resigned").exists()
    assert all(" " in name for name in Person.objects.values_list("full_name", flat=True))
    # every application carries its consent (Nghị định 13/2023/NĐ-CP Điều 11; issue 31): the
    # person's own, or for a child a parent's with the child's own from 7 (Điều 20)
    applications = MembershipApplication.objects.all()
    assert applications.count() > 400
    assert not applications.filter(consent__isnull=True).exists()
    assert Consent.objects.count() == applications.count()
    assert Consent.objects.filter(relation="self").exists()
    for consent in Consent.objects.filter(relation="parent").select_related("person"):
        born, on = consent.person.date_of_birth, consent.given_on
        assert (on.year - born.year - ((on.month, on.day) < (born.month, born.day))) < 16
        assert consent.child_agreed  # the demo's children are all 7 or older
    assert Consent.objects.filter(relation="parent").exists()
    # demo users
    staff = authenticate(username="demo", password="demo-password-2026")
    assert staff is not None and staff.is_staff and staff.is_superuser
    assert authenticate(username="demo-officer", password="demo-password-2026").officer_of.exists()
    assert authenticate(username="demo-manager",
                        password="demo-password-2026").managed_clubs.count() == 1
    # members are in good standing on the day of loading (Điều 15.5), some close to lapsing
    today = timezone.localdate()
    result = services.lapse_members({"date": today.isoformat()}, lambda p, m="": None)
    assert result["lapsed"] == 0
    assert members_about_to_lapse(today, 30)
    # the card sequence continues after the demo's cards: a new approval gets a fresh number
    pending = MembershipApplication.objects.filter(status="pending").first()
    cards_before = set(Member.objects.values_list("card_number", flat=True))
    member = services.approve_application(pending, by=staff)
    assert member.card_number not in cards_before
    _every_kind_of_official_record(staff)
    _every_workflow_and_role(printed, staff)


def _every_kind_of_official_record(staff):
    """Issue 13: a new user sees every kind of official record in the admin — a certified
    tournament, a published rating list, an issued title decision signed by a real
    signatory (never a user name) and a game record signed by the arbiter and the players."""
    from django.test import Client

    from documents.models import Decision
    from games.models import GameRecord
    from ratings.models import PlayerTitle, RatingPeriod, RatingPublication
    from tournaments.models import Tournament

    certified = Tournament.objects.get(status=Tournament.Status.CERTIFIED,
                                       discipline="xiangqi")
    period = RatingPeriod.objects.get(status=RatingPeriod.Status.PUBLISHED,
                                      summary__games__gt=0)
    assert RatingPublication.objects.get(period=period).rows
    assert period.tournaments.filter(tournament=certified).exists()
    decision = Decision.objects.get(kind=Decision.Kind.TITLE_AWARD)
    assert decision.signatory is not None and decision.signatory.full_name == decision.signer_name
    assert decision.signer_name != staff.get_username()
    assert (decision.signer_authority, decision.signer_position) == ("KT. CHỦ TỊCH",
                                                                     "PHÓ CHỦ TỊCH")
    assert PlayerTitle.objects.get(decision=decision)
    game = GameRecord.objects.filter(arbiter_signed_at__isnull=False,
                                     pairing__round__tournament__status="running").get()
    assert game.white_signed_at and game.black_signed_at and game.decision
    assert game.pairing.result == {"white_wins": "1-0", "black_wins": "0-1",
                                   "draw": "1/2-1/2"}[game.decision]
    admin = Client()
    admin.force_login(staff)
    for url, shown in [("/admin/tournaments/tournament/", certified.name),
                       ("/admin/ratings/ratingperiod/", "Đã công bố"),
                       ("/admin/ratings/ratingpublication/", str(period.start.year)),
                       ("/admin/documents/decision/", decision.formatted_number),
                       ("/admin/documents/signatory/", decision.signer_name),
                       (f"/admin/games/gamerecord/{game.pk}/change/", game.white_name)]:
        page = admin.get(url)
        assert page.status_code == 200, url
        assert shown in page.content.decode(), (url, shown)


def _every_workflow_and_role(printed, staff):
    """Issue 18: a new user sees every kind of record in the admin — a finished and certified
    event per discipline with signed game records, a published rating list with history,
    qualifications (one approved, one to review), issued decisions with their PDF, a
    suspension — and logs in as each role printed by ``load_demo`` (so by ./scripts/start)."""
    from django.test import Client

    from documents.models import Decision, Document
    from federation.models import MemberEvent, Suspension
    from games.models import GameRecord
    from ratings.models import PlayerRating, TitleQualification
    from tournaments.models import Official, Tournament

    for username in ("demo", "demo-officer", "demo-manager", "demo-arbiter"):
        assert f"{username} " in printed and authenticate(
            username=username, password="demo-password-2026") is not None, username
    arbiter = authenticate(username="demo-arbiter", password="demo-password-2026")
    assert not arbiter.is_staff
    for discipline in ("xiangqi", "chess"):
        event = Tournament.objects.get(status=Tournament.Status.CERTIFIED, discipline=discipline)
        assert Official.objects.get(tournament=event, role="chief").person.user == arbiter
        records = GameRecord.objects.filter(pairing__round__tournament=event)
        assert records.count() >= 3, discipline
        assert all(r.arbiter_signed_at and r.white_signed_at and r.black_signed_at
                   and r.decided_by == arbiter for r in records), discipline
    assert Tournament.objects.filter(status=Tournament.Status.RUNNING).exists()
    # rating history: a player of the published list has a rating in two published periods
    person_id = PlayerRating.objects.filter(period__status="published").values_list(
        "person_id", flat=True).first()
    assert PlayerRating.objects.filter(person_id=person_id,
                                       period__status="published").count() >= 2
    rated = Person.objects.get(pk=person_id)
    assert TitleQualification.objects.filter(status="approved").exists()
    pending = TitleQualification.objects.get(status="pending")
    disciplinary = Decision.objects.get(kind=Decision.Kind.DISCIPLINARY)
    suspension = Suspension.objects.get()
    assert suspension.decision_reference == disciplinary.formatted_number
    assert (suspension.ends_on - suspension.starts_on).days > 365
    assert MemberEvent.objects.filter(kind="suspended", member__person=suspension.person).exists()
    for decision in Decision.objects.all():
        document = Document.objects.get(kind="decision", target=str(decision.pk))
        assert document.pages >= 1 and document.file.read(4) == b"%PDF"
    admin = Client()
    admin.force_login(staff)
    for url, shown in [("/admin/auth/user/", "demo-arbiter"),
                       ("/admin/tournaments/tournament/?status__exact=certified",
                        "Giải Cờ Vua vô địch Hà Nội"),
                       (f"/admin/tournaments/tournament/{event.pk}/change/",
                        arbiter.person.full_name),
                       ("/admin/games/gamerecord/", "Giải Cờ Tướng các câu lạc bộ Hà Nội"),
                       ("/admin/ratings/playerrating/", rated.full_name),
                       ("/admin/ratings/titlequalification/?status__exact=pending",
                        pending.person.full_name),
                       ("/admin/documents/decision/", disciplinary.formatted_number),
                       ("/admin/documents/document/", "Quyết định"),
                       ("/admin/federation/suspension/", suspension.person.full_name)]:
        page = admin.get(url)
        assert page.status_code == 200, url
        assert shown in page.content.decode(), (url, shown)


def test_load_demo_if_empty_does_nothing_when_data_exists():
    call_command("load_demo", stdout=StringIO())
    count = Member.objects.count()
    out = StringIO()
    call_command("load_demo", "--if-empty", stdout=out)
    assert "nothing loaded" in out.getvalue()
    assert "demo-arbiter   / demo-password-2026" in out.getvalue()  # ./scripts/start prints it
    assert Member.objects.count() == count


def test_names_are_deterministic_for_a_seed():
    first = [demo.vietnamese_name(random.Random(7), "M") for _ in range(3)]
    again = [demo.vietnamese_name(random.Random(7), "M") for _ in range(3)]
    assert first == again


def test_other_apps_can_add_loaders():
    from federation.management.commands.load_demo import discovered_loaders

    loaders = discovered_loaders()
    assert loaders[:len(demo.LOADERS)] == demo.LOADERS
