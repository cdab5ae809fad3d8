"""Every registered admin model (issue #13): changelist, add page, the change page of a real
object, its history page, and the unchanged change form submitted — none answers 500.

Objects come from the demo data (``load_demo``) and, for the models the demo leaves empty,
from small factories below.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from tests.admin_forms import form_data
from tests.factories import make_person, make_staff, make_suspension, national_body

pytestmark = pytest.mark.django_db


def _one_of_each(staff) -> None:
    """Rows for the models the demo data has none of (an official record of each kind)."""
    from django.contrib.auth.models import Group
    from rest_framework.authtoken.models import Token

    from core.models import Job
    from documents import services as document_services
    from documents.models import Document
    from games.models import GameRecord, GameUpload
    from ratings.models import (
        ForeignTitle,
        PlayerRating,
        PlayerTitle,
        RatingList,
        RatingPeriod,
        TitleCriteriaTable,
        TitleQualification,
    )
    from tournaments.models import Pairing, PairingChange, TeamEntry, Tournament

    Job.objects.create(kind="documents.render", params={})
    # issue 32: the outbox, a user's mail choices, a two-factor device
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from core.models import Notification, NotificationPreference

    Notification.objects.create(kind="password_reset", email="a@example.vn", subject="S",
                                body_text="T", body_html="<p>T</p>")
    NotificationPreference.objects.create(user=staff, language="en")
    TOTPDevice.objects.create(user=staff, name="app", confirmed=True)
    Group.objects.get_or_create(name="Trọng tài")
    Token.objects.get_or_create(user=staff)
    person = make_person()
    make_suspension(person)
    # personal data (issue 31): a consent, a request and a read of the access log
    from federation.models import Consent, PrivateDataAccess
    from federation.services import privacy

    Consent.objects.create(person=person, data_collected="Họ tên", purposes="Quản lý hội viên",
                           given_on=date(2025, 1, 1), given_by=person.full_name, relation="self")
    privacy.file_data_request(person, kind="export", by=staff)
    PrivateDataAccess.objects.create(person=person, user=staff, fields="phone", via="admin",
                                     at=timezone.now())
    certified = Tournament.objects.filter(status="certified").first()
    running = Tournament.objects.filter(status="running").first()
    TeamEntry.objects.create(tournament=running, name="Đội thử")
    from tournaments.models import SanctionProposal

    sanctioned = running.entries.exclude(member=None).first()
    SanctionProposal.objects.create(tournament=running, entry=sanctioned,
                                    person=sanctioned.member.person, years=1, reason="thử",
                                    proposed_by=staff)
    pairing = Pairing.objects.filter(round__tournament=running, kind="game").first()
    PairingChange.objects.create(round=pairing.round, pairing=pairing, before={}, after={},
                                 reason="thử", changed_by=staff)
    signed_pairing = Pairing.objects.filter(round__tournament=certified, kind="game",
                                            result="1-0", game_record__isnull=True).first()
    now = timezone.now()
    GameRecord.objects.create(
        pairing=signed_pairing, discipline=certified.discipline, white_name="A",
        black_name="B", decision="white_wins", decision_reason="resignation",
        decided_by=staff, decided_at=now, arbiter_signed_at=now, arbiter_signed_by=staff)
    loose = GameRecord.objects.create(discipline="xiangqi", white_name="C", black_name="D",
                                      moves_text="1. P2-5 M8.7")
    from games.models import GameWarning

    GameWarning.objects.create(game=loose, side="white", reason="touch", level="reminder",
                               article="9.6", recorded_by=staff)
    from games.models import GamePenalty

    chess_game = GameRecord.objects.create(discipline="chess", white_name="E",
                                           black_name="F", moves_text="1. e4 e5")
    GamePenalty.objects.create(game=chess_game, side="black", kind="add_time", minutes=2,
                               article="13.4b", recorded_by=staff)
    from games.models import MoveLimitClaim
    from tournaments.models import LateArrival

    MoveLimitClaim.objects.create(game=loose, side="white", ply=1, counted={"w": 1, "b": 0},
                                  limit=50, minutes_to_opponent=2, recorded_by=staff)
    LateArrival.objects.create(pairing=pairing, side="black", scheduled_start=now,
                               decided_at=now, allowed_minutes=15, recorded_by=staff)
    from tournaments.models import BoardAssignment, Official

    board_arbiter = Official.objects.create(tournament=pairing.round.tournament,
                                            person=make_person(full_name="Trọng Tài Bàn"),
                                            role=Official.Role.ARBITER)
    BoardAssignment.objects.create(round=pairing.round, official=board_arbiter, first_board=1,
                                   last_board=1, assigned_by=staff)
    from tournaments.models import Delegation, Prize

    Delegation.objects.create(tournament=pairing.round.tournament, name="Đoàn Hà Nội")
    Prize.objects.create(tournament=pairing.round.tournament, kind="individual", place=1,
                         name="Giải nhất", medal="gold", amount=5_000_000)
    # issue 30: a complaint, an annulled game and a play-off game (official records)
    from tournaments.models import AnnulledGame, Complaint, PlayOffGame

    Complaint.objects.create(tournament=running, number=1, complainant_kind="player",
                             complainant_entry=pairing.white, subject="result",
                             pairing=pairing, grounds="Thử", filed_at=now,
                             status="rejected", reasons="Không có căn cứ.", article="11.1b",
                             decided_by=staff, decided_at=now)  # decided: read only
    AnnulledGame.objects.create(pairing=pairing, reason="wrong_colours",
                                played_white=pairing.black, played_black=pairing.white,
                                annulled_by=staff)
    PlayOffGame.objects.create(tournament=running, number=1, white=pairing.white,
                               black=pairing.black, result="1-0", recorded_by=staff)
    from tournaments.models import PlayOffMatch

    team_a, team_b = (TeamEntry.objects.create(tournament=running, name=f"Đội {n}")
                      for n in ("A", "B"))
    match = PlayOffMatch.objects.create(tournament=running, number=1, home=team_a, away=team_b,
                                        recorded_by=staff)
    PlayOffGame.objects.create(tournament=running, number=2, white=pairing.white,
                               black=pairing.black, result="0-1", match=match, board=1)
    GameUpload.objects.create(content='[Event "x"]\n\n*\n', discipline="xiangqi")
    rating_list = RatingList.objects.first()
    period = RatingPeriod.objects.create(rating_list=rating_list, start=date(2026, 1, 1),
                                         end=date(2026, 1, 31), status="published",
                                         published_at=now)
    PlayerRating.objects.create(period=period, person=person, rating=1500, published=True)
    from ratings.models import RatingPublication

    RatingPublication.objects.create(period=period, number=1, published_at=now,
                                     published_by=staff)
    from documents.models import Signatory

    if not Signatory.objects.exists():
        Signatory.objects.create(body=national_body(), full_name="Nguyễn Văn A",
                                 position="CHỦ TỊCH")
    decision = document_services.issue_decision(
        kind="title_award", subject="phong cấp", grounds=["Luật Cờ Tướng"],
        articles=["Phong cấp I"], signer_position="CHỦ TỊCH", signer_name="Nguyễn Văn A",
        user=staff)
    foreign = ForeignTitle.objects.create(person=person, title=ForeignTitle.Kind.choices[0][0],
                                          awarded_on=date(2025, 1, 1))
    table = TitleCriteriaTable.objects.first()
    qualification = TitleQualification.objects.create(
        person=person, title="first_category", criterion_id="x", table=table, section="men",
        event_date=date(2026, 1, 1), foreign_title=foreign, status="approved",
        decision=decision)
    PlayerTitle.objects.create(person=person, title="first_category", awarded_on=date(2026, 1, 2),
                               decision=decision, qualification=qualification)
    Document.objects.create(kind="decision", target=str(decision.pk), data_hash="0" * 64,
                            file="documents/2026/01/x.pdf", size=1, pages=1)


def _url(model, name: str, *args) -> str | None:
    try:
        return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{name}",
                       args=args)
    except NoReverseMatch:
        return None


def test_every_admin_page_answers_and_the_unchanged_change_form_saves(client):
    call_command("load_demo", stdout=open("/dev/null", "w"))
    staff = make_staff()
    _one_of_each(staff)
    client.force_login(staff)
    client.raise_request_exception = False
    failures = []

    def check(label, response, allowed=(200, 302, 403)):
        if response.status_code not in allowed:
            failures.append(f"{label}: {response.status_code}")

    for model, model_admin in admin.site._registry.items():
        label = model._meta.label
        check(f"{label} changelist", client.get(_url(model, "changelist")), (200,))
        check(f"{label} add", client.get(_url(model, "add")))
        obj = model._default_manager.order_by("pk").first()
        assert obj is not None, f"no {label} to walk"
        change_url = _url(model, "change", obj.pk)
        page = client.get(change_url)
        check(f"{label} change", page, (200,))
        history = _url(model, "history", obj.pk)
        if history:
            check(f"{label} history", client.get(history), (200,))
        if page.status_code == 200 and model_admin.has_change_permission(
                type("R", (), {"user": staff})(), obj):
            data = form_data(page.content.decode(), f"{model._meta.model_name}_form")
            data["_save"] = ["Lưu"]
            response = client.post(change_url, data)
            if response.status_code != 302:
                errors = getattr(response, "context_data", {}) or {}
                failures.append(f"{label} unchanged submit: {response.status_code} "
                                f"{errors.get('errors')}")
    assert not failures, "\n".join(failures)
