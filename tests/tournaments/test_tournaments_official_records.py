"""Official records keep their invariants on every path (issue #13): the admin (real forms
posted with the Django test client) and the API. Certified tournaments, published rating
periods, issued decisions and signed game records are read-only, never deleted, not
reverted; changes go through the services with a reason."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from django.contrib.messages import get_messages
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from documents import services as document_services
from games.models import GameRecord
from ratings.models import RatingList, RatingPeriod
from tests.admin_forms import form_data
from tests.factories import make_member, make_person, make_staff, make_user, national_body
from tests.factories.games import make_signed_game
from tests.factories.tournaments import create_tournament
from tests.helpers import assert_error, client_for
from tournaments import services
from tournaments.models import Official, Pairing, ResultChange, StatusChange, Tournament

pytestmark = pytest.mark.django_db
START = date(2026, 5, 4)


def _round_robin(staff, *, players: int = 4, finish: bool = True, **fields) -> Tournament:
    """A round robin played through the services (pairing work run synchronously)."""
    fields = {"name": "Giải thử hồ sơ", "system": "round_robin",
              "end_date": START + timedelta(days=2), "venue": "Hà Nội", **fields}
    t = create_tournament(staff, ratings=[2000 - i for i in range(players)], seed=7, **fields)
    if not finish:
        return t
    rng = random.Random(3)
    for number in range(1, t.number_of_rounds + 1):
        services.pair_round_job({"tournament": t.pk, "round": number, "seed": 1},
                                lambda *a: None)
        rnd = t.rounds.get(number=number)
        services.record_results(rnd, [
            {"pairing": p.pk, "result": rng.choice(["1-0", "0-1", "1/2-1/2"]),
             "version": p.version} for p in rnd.pairings.filter(kind="game")], user=staff)
    services.finish_tournament(t, user=staff)
    return t


def _messages(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.fixture
def staff():
    return make_staff()


@pytest.fixture
def admin_client(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def certified(staff):
    t = _round_robin(staff)
    return services.certify_tournament(t, user=staff)


URL = "/admin/tournaments/tournament/"


# --- certified tournament in the admin ----------------------------------------------------

def test_certified_tournament_change_form_is_read_only(admin_client, certified):
    page = admin_client.get(f"{URL}{certified.pk}/change/")
    assert page.status_code == 200
    assert "Hồ sơ chính thức" in page.content.decode()
    data = form_data(page.content.decode(), "tournament_form")
    assert "venue" not in data and "system" not in data  # not editable
    data.update({"venue": ["Nơi khác"], "system": ["dutch"], "_save": ["Lưu"]})
    response = admin_client.post(f"{URL}{certified.pk}/change/", data)
    assert response.status_code == 302
    certified.refresh_from_db()
    assert (certified.venue, certified.system, certified.status) == (
        "Hà Nội", "round_robin", "certified")


def test_history_revert_of_certified_tournament_is_refused(admin_client, certified):
    history = admin_client.get(f"{URL}{certified.pk}/history/")
    assert history.status_code == 200  # the history stays readable
    finished = certified.history.filter(status="finished").first()
    form = admin_client.get(f"{URL}{certified.pk}/history/{finished.history_id}/")
    assert form.status_code == 200
    data = form_data(form.content.decode(), "historicaltournament_form")
    assert data["csrfmiddlewaretoken"]  # the old version is shown (read-only)
    response = admin_client.post(f"{URL}{certified.pk}/history/{finished.history_id}/", data)
    assert response.status_code == 302 and response.url.endswith("/history/")
    assert "Không khôi phục" in _messages(response)
    certified.refresh_from_db()
    assert certified.status == "certified"


def test_certified_tournament_is_never_deleted(admin_client, certified):
    # issue 33: the delete page answers at once with the reason, in Vietnamese, and goes
    # back to the record
    page = admin_client.get(f"{URL}{certified.pk}/delete/")
    assert page.status_code == 302 and page.url.endswith(f"/{certified.pk}/change/")
    told = _messages(page)
    assert "Không xóa được" in told and "đã được công nhận kết quả" in told
    refused = admin_client.post(f"{URL}{certified.pk}/delete/", {"post": "yes"})
    assert refused.status_code == 302 and "Không xóa được" in _messages(refused)
    bulk = admin_client.post(URL, {"action": "delete_selected",
                                   "_selected_action": [certified.pk], "post": "yes"})
    assert bulk.status_code == 200 and "đã được công nhận kết quả" in bulk.content.decode()
    assert Tournament.objects.filter(pk=certified.pk).exists()
    # a round, a pairing of it: the same rule
    rnd = certified.rounds.first()
    admin_client.post(f"/admin/tournaments/round/{rnd.pk}/delete/", {"post": "yes"})
    assert certified.rounds.filter(pk=rnd.pk).exists()


def test_reopen_action_asks_for_a_reason(admin_client, certified, staff):
    asked = admin_client.post(URL, {"action": "reopen", "_selected_action": [certified.pk]})
    assert asked.status_code == 200 and "reason" in form_data(asked.content.decode())
    admin_client.post(URL, {"action": "reopen", "_selected_action": [certified.pk],
                            "apply": "1", "reason": ""})
    certified.refresh_from_db()
    assert certified.status == "certified"  # no reason: nothing happens
    from ratings.models import TitleCriteriaTable, TitleQualification

    decision = document_services.issue_decision(
        kind="title_award", subject="phong cấp", grounds=["Phụ lục 6"], articles=["Cấp I"],
        signer_position="CHỦ TỊCH", signer_name="Nguyễn Văn A", user=staff)
    TitleQualification.objects.create(
        person=certified.entries.first().member.person, title="first_category",
        criterion_id="x", table=TitleCriteriaTable.objects.first(), section="men",
        event_date=certified.end_date, tournament=certified, status="approved",
        decision=decision)
    done = admin_client.post(URL, {"action": "reopen", "_selected_action": [certified.pk],
                                   "apply": "1", "reason": "Sai kết quả ván 2 bàn 1"})
    assert f"{decision.number}/{decision.year}" in _messages(done)  # titles named
    certified.refresh_from_db()
    assert certified.status == "finished"
    assert StatusChange.objects.filter(tournament=certified, to_status="finished",
                                       reason="Sai kết quả ván 2 bàn 1").exists()


def test_admin_edit_goes_through_the_service(admin_client, staff):
    t = _round_robin(staff, finish=False)
    page = admin_client.get(f"{URL}{t.pk}/change/")
    data = form_data(page.content.decode(), "tournament_form")
    data.update({"venue": ["Cung Thể thao"], "_save": ["Lưu"]})
    # published regulations: a change is an amendment with its reason (Phụ lục 5)
    refused = admin_client.post(f"{URL}{t.pk}/change/", data)
    assert "amendment_reason" in refused.context["adminform"].form.errors
    data["amendment_reason"] = ["Đổi địa điểm (Phụ lục 5)"]
    assert admin_client.post(f"{URL}{t.pk}/change/", data).status_code == 302
    t.refresh_from_db()
    assert t.venue == "Cung Thể thao"
    data.update({"system": ["dutch"], "number_of_rounds": ["3"]})
    refused = admin_client.post(f"{URL}{t.pk}/change/", data)
    assert refused.status_code == 200  # the form shows the service's refusal
    assert "sau khi đã khóa đăng ký" in refused.content.decode()
    t.refresh_from_db()
    assert t.system == "round_robin"


# --- rounds: the change page and results through the service ------------------------------

def test_round_change_page_records_results_through_the_service(admin_client, staff):
    t = _round_robin(staff, finish=False)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": 1}, lambda *a: None)
    rnd = t.rounds.get(number=1)
    url = f"/admin/tournaments/round/{rnd.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    data = form_data(page.content.decode(), "round_form")
    assert admin_client.post(url, {**data, "_save": "Lưu"}).status_code == 302  # unchanged
    boards = list(rnd.pairings.order_by("board"))
    prefix = next(k for k in data if k.endswith("-0-result")).rsplit("-0-result", 1)[0]
    data[f"{prefix}-0-result"] = ["1-0"]
    assert admin_client.post(url, {**data, "_save": "Lưu"}).status_code == 302
    boards[0].refresh_from_db()
    assert boards[0].result == "1-0" and boards[0].version == 2
    assert ResultChange.objects.get(pairing=boards[0]).source == "admin"
    # the same stale page posted again with another result: a version conflict, no change
    data[f"{prefix}-0-result"] = ["0-1"]
    stale = admin_client.post(url, {**data, "_save": "Lưu"})
    # issue 33: the refusal is shown on the page again (the save rolled back), naming the board
    assert stale.status_code == 200
    shown = " ".join(str(e) for e in stale.context_data["adminform"].form.non_field_errors())
    assert "Bàn 1" in shown and "phiên bản" in shown
    boards[0].refresh_from_db()
    assert boards[0].result == "1-0"


# --- game record and board result agree ----------------------------------------------------

def _arbiter_of(t: Tournament):
    user = make_user()
    make_person(user=user)
    Official.objects.create(tournament=t, person=user.person, role="arbiter")
    return user


def test_board_result_follows_the_decided_record(staff):
    t = _round_robin(staff, finish=False)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": 1}, lambda *a: None)
    pairing = Pairing.objects.filter(round__tournament=t, kind="game").first()
    arbiter = client_for(_arbiter_of(t))
    game = arbiter.post("/api/v1/games/", {"pairing": pairing.pk, "discipline": "xiangqi",
                                           "moves_text": ""}, format="json")
    assert game.status_code == 201, game.content
    game = game.json()
    game = arbiter.post(f"/api/v1/games/{game['id']}/decision/", {
        "decision": "white_wins", "reason": "resignation", "version": game["version"]},
        format="json").json()
    game = arbiter.post(f"/api/v1/games/{game['id']}/sign/",
                        {"who": "arbiter", "version": game["version"]}, format="json").json()
    pairing.refresh_from_db()
    assert pairing.result == "1-0"
    refused = arbiter.post(f"/api/v1/tournament-pairings/{pairing.pk}/result/",
                           {"result": "0-1", "version": pairing.version}, format="json")
    assert_error(refused, 409, "record_decided")
    assert f"số {game['id']}" in refused.json()["error"]["message"]
    # correct the record with a reason, decide again: the board result follows
    assert_error(arbiter.post(f"/api/v1/games/{game['id']}/correct/",
                              {"reason": "", "version": game["version"]}, format="json"), 400)
    game = arbiter.post(f"/api/v1/games/{game['id']}/correct/",
                        {"reason": "Ghi nhầm bên thắng", "version": game["version"]},
                        format="json").json()
    assert game["arbiter_signed_at"] is None
    game = arbiter.post(f"/api/v1/games/{game['id']}/decision/", {
        "decision": "black_wins", "reason": "resignation", "version": game["version"]},
        format="json")
    assert game.status_code == 200, game.content
    pairing.refresh_from_db()
    assert pairing.result == "0-1"
    assert GameRecord.objects.get(pk=game.json()["id"]).history.filter(
        history_change_reason="Ghi nhầm bên thắng").exists()


def test_no_new_record_on_a_certified_tournament(certified, staff):
    pairing = Pairing.objects.filter(round__tournament=certified, kind="game").first()
    arbiter = client_for(staff)
    assert_error(arbiter.post("/api/v1/games/", {"pairing": pairing.pk,
                                                 "discipline": "xiangqi"}, format="json"),
                 400, "locked")


# --- published rating period, issued decision ---------------------------------------------

def test_published_period_and_issued_decision_are_not_deleted(admin_client, staff):
    period = RatingPeriod.objects.create(
        rating_list=RatingList.objects.first(), start=date(2026, 1, 1), end=date(2026, 1, 31),
        status="published", published_at=timezone.now())
    url = f"/admin/ratings/ratingperiod/{period.pk}/delete/"
    assert "đã được công bố" in _messages(admin_client.get(url))
    admin_client.post(url, {"post": "yes"})
    admin_client.post("/admin/ratings/ratingperiod/", {
        "action": "delete_selected", "_selected_action": [period.pk], "post": "yes"})
    assert RatingPeriod.objects.filter(pk=period.pk).exists()
    with pytest.raises(ProtectedError, match="công bố"), transaction.atomic():
        period.delete()  # the last guard, on every path

    decision = document_services.issue_decision(
        kind="disciplinary", subject="kỷ luật", grounds=["Điều 16"], articles=["Cảnh cáo"],
        signer_position="CHỦ TỊCH", signer_name="Nguyễn Văn A", user=staff)
    change = f"/admin/documents/decision/{decision.pk}/change/"
    data = form_data(admin_client.get(change).content.decode(), "decision_form")
    assert "subject" not in data
    admin_client.post(change, {**data, "subject": "khác", "_save": "Lưu"})
    admin_client.post(f"/admin/documents/decision/{decision.pk}/delete/", {"post": "yes"})
    decision.refresh_from_db()
    assert decision.subject == "kỷ luật"
    admin_client.post("/admin/documents/decision/", {
        "action": "withdraw", "_selected_action": [decision.pk], "apply": "1",
        "reason": "Ban hành nhầm đối tượng"})
    decision.refresh_from_db()
    assert (decision.status, decision.status_reason) == ("withdrawn", "Ban hành nhầm đối tượng")


# --- regulations ---------------------------------------------------------------------------

def test_registration_deadline_and_late_entry(staff):
    t = create_tournament(staff, name="Giải hạn đăng ký", discipline="chess",
                          registration_deadline=date(2020, 1, 1))
    services.open_registration(t, user=staff)
    api = client_for(staff)
    member = make_member()
    entry = {"tournament": t.pk, "member": member.pk, "rating": 1800}
    assert_error(api.post("/api/v1/tournament-entries/", entry, format="json"), 400,
                 "late_entry", field="member")
    assert_error(api.post("/api/v1/tournament-entries/late/", entry, format="json"), 400)
    late = api.post("/api/v1/tournament-entries/late/",
                    {**entry, "reason": "Hồ sơ gửi bưu điện đúng hạn"}, format="json")
    assert late.status_code == 201, late.content
    assert late.json()["is_late"] and late.json()["late_reason"] == "Hồ sơ gửi bưu điện đúng hạn"
    services.update_tournament(t, user=staff, registration_deadline=None,
                               amendment_reason="Sửa đổi điều lệ (thử)")
    assert_error(api.post("/api/v1/tournament-entries/late/",
                          {**entry, "member": make_member().pk, "reason": "x"},
                          format="json"), 400, "not_late")


def test_late_entry_in_the_admin_needs_a_reason(admin_client, staff):
    t = create_tournament(staff, name="Giải hạn đăng ký", discipline="chess",
                          registration_deadline=date(2020, 1, 1))
    services.open_registration(t, user=staff)
    member = make_member()
    data = {"tournament": t.pk, "member": member.pk, "rating": 1700, "title": "",
            "_save": "Lưu"}
    refused = admin_client.post("/admin/tournaments/entry/add/", data)
    assert refused.status_code == 200 and "Đã quá hạn đăng ký" in refused.content.decode()
    assert not t.entries.exists()
    done = admin_client.post("/admin/tournaments/entry/add/",
                             {**data, "late_reason": "BTC chấp thuận"})
    assert done.status_code == 302
    assert t.entries.get().late_reason == "BTC chấp thuận"


def test_rounds_must_fit_the_dates(staff):
    api = client_for(staff)
    base = {"name": "Giải 2 ngày", "discipline": "chess", "system": "dutch",
            "start_date": str(START), "end_date": str(START + timedelta(days=1)),
            "organiser_body": national_body().pk}
    assert_error(api.post("/api/v1/tournaments/", {**base, "number_of_rounds": 99},
                          format="json"), 400, "too_many_rounds", field="number_of_rounds")
    assert_error(api.post("/api/v1/tournaments/", {**base, "number_of_rounds": 5},
                          format="json"), 400, "too_many_rounds")  # 2 days x 2 games
    ok = api.post("/api/v1/tournaments/", {**base, "number_of_rounds": 4}, format="json")
    assert ok.status_code == 201, ok.content
    rapid = api.post("/api/v1/tournaments/", {**base, "number_of_rounds": 9,
                                              "time_control_class": "rapid"}, format="json")
    assert rapid.status_code == 201, rapid.content
    own = api.post("/api/v1/tournaments/", {**base, "number_of_rounds": 6,
                                            "max_games_per_day": 3}, format="json")
    assert own.status_code == 201, own.content


def test_round_robin_field_must_fit_the_dates(staff):
    with pytest.raises(Exception, match="tối đa 2 ván mỗi ngày"):
        _round_robin(staff, players=8, finish=False)  # 7 rounds in 3 days


def test_officials_are_not_players_of_the_same_event(staff):
    t = create_tournament(staff, name="Giải trọng tài", discipline="chess", system="round_robin",
                          end_date=START + timedelta(days=6))
    services.open_registration(t, user=staff)
    api = client_for(staff)
    player = make_member()
    assert api.post("/api/v1/tournament-entries/", {"tournament": t.pk, "member": player.pk},
                    format="json").status_code == 201
    assert_error(api.post("/api/v1/tournament-officials/", {
        "tournament": t.pk, "person": player.person.pk, "role": "arbiter"}, format="json"),
        400, "player_cannot_officiate")
    arbiter = make_member()
    assert api.post("/api/v1/tournament-officials/", {
        "tournament": t.pk, "person": arbiter.person.pk, "role": "chief"},
        format="json").status_code == 201
    assert_error(api.post("/api/v1/tournament-entries/", {
        "tournament": t.pk, "member": arbiter.pk}, format="json"), 400,
        "official_cannot_play")


def test_official_inline_refuses_a_player(admin_client, staff):
    t = _round_robin(staff, finish=False)
    player = t.entries.first().member.person
    page = admin_client.get(f"{URL}{t.pk}/change/")
    data = form_data(page.content.decode(), "tournament_form")
    data.update({"officials-TOTAL_FORMS": ["1"], "officials-0-person": [str(player.pk)],
                 "officials-0-role": ["arbiter"], "officials-0-tournament": [str(t.pk)],
                 "_save": ["Lưu"]})
    response = admin_client.post(f"{URL}{t.pk}/change/", data)
    assert response.status_code == 200 and "Điều 20" in response.content.decode()
    assert not t.officials.exists()




def test_decision_withdrawn_or_annulled_through_the_api_with_a_reason(staff):
    decision = document_services.issue_decision(
        kind="title_award", subject="phong cấp", grounds=["Phụ lục 6"], articles=["Cấp I"],
        signer_position="CHỦ TỊCH", signer_name="Nguyễn Văn A", user=staff)
    url = f"/api/v1/decisions/{decision.pk}/"
    assert_error(client_for(make_user()).post(f"{url}annul/", {"reason": "x"},
                                              format="json"), 403)
    api = client_for(staff)
    assert_error(api.post(f"{url}annul/", {"reason": " "}, format="json"), 400)
    done = api.post(f"{url}annul/", {"reason": "Hồ sơ không hợp lệ"}, format="json")
    assert done.status_code == 200, done.content
    assert (done.json()["status"], done.json()["status_reason"]) == (
        "annulled", "Hồ sơ không hợp lệ")
    assert_error(api.post(f"{url}withdraw/", {"reason": "lần nữa"}, format="json"), 400,
                 "invalid_state")
    assert api.delete(url).status_code == 405  # never deleted
    assert api.get(url).json()["number"] == decision.number


def test_signed_game_record_in_the_admin(admin_client, staff):
    t = _round_robin(staff, finish=False)
    services.pair_round_job({"tournament": t.pk, "round": 1, "seed": 1}, lambda *a: None)
    pairing = Pairing.objects.filter(round__tournament=t, kind="game").first()
    game = make_signed_game(pairing, by=staff, discipline="xiangqi", white_name="A",
                            black_name="B")
    url = f"/admin/games/gamerecord/{game.pk}/"
    page = admin_client.get(f"{url}change/")
    data = form_data(page.content.decode(), "gamerecord_form")
    assert "moves_text" not in data  # read-only
    admin_client.post(f"{url}change/", {**data, "moves_text": "1. P2-5", "_save": "Lưu"})
    admin_client.post(f"{url}delete/", {"post": "yes"})
    game.refresh_from_db()
    assert game.moves_text == "" and game.arbiter_signed_at is not None
    history = game.history.first()
    refused = admin_client.post(f"{url}history/{history.history_id}/", data)
    assert refused.status_code == 302 and "Không khôi phục" in _messages(refused)
    admin_client.post("/admin/games/gamerecord/", {
        "action": "correct_record", "_selected_action": [game.pk], "apply": "1",
        "reason": "Trọng tài ghi nhầm bên thắng"})
    game.refresh_from_db()
    assert game.arbiter_signed_at is None and game.decision == "white_wins"
    assert game.history.first().history_change_reason == "Trọng tài ghi nhầm bên thắng"


def test_published_period_change_form_is_read_only(admin_client):
    period = RatingPeriod.objects.create(
        rating_list=RatingList.objects.first(), start=date(2026, 2, 1), end=date(2026, 2, 28),
        status="published", published_at=timezone.now())
    url = f"/admin/ratings/ratingperiod/{period.pk}/change/"
    data = form_data(admin_client.get(url).content.decode(), "ratingperiod_form")
    assert "end" not in data
    assert admin_client.post(url, {**data, "end": "2026-03-31", "_save": "Lưu"}
                             ).status_code == 302
    period.refresh_from_db()
    assert period.end == date(2026, 2, 28)


def test_no_game_record_added_in_the_admin_on_a_certified_tournament(admin_client, certified):
    pairing = Pairing.objects.filter(round__tournament=certified, kind="game").first()
    url = "/admin/games/gamerecord/add/"
    data = form_data(admin_client.get(url).content.decode(), "gamerecord_form")
    data.update({"pairing": [str(pairing.pk)], "discipline": ["xiangqi"], "_save": ["Lưu"]})
    refused = admin_client.post(url, data)
    assert refused.status_code == 200 and "bị khóa" in refused.content.decode()
    assert not GameRecord.objects.filter(pairing=pairing).exists()


def test_tournament_added_in_the_admin_through_the_service(admin_client):
    url = "/admin/tournaments/tournament/add/"
    data = form_data(admin_client.get(url).content.decode(), "tournament_form")
    data.update({"name": ["Giải thêm từ admin"], "discipline": ["chess"], "system": ["dutch"],
                 "number_of_rounds": ["99"], "start_date": ["2026-06-01"],
                 "end_date": ["2026-06-02"], "organiser_body": [str(national_body().pk)],
                 "_save": ["Lưu"]})
    refused = admin_client.post(url, data)
    assert refused.status_code == 200 and "không xếp được" in refused.content.decode()
    data["number_of_rounds"] = ["4"]
    assert admin_client.post(url, data).status_code == 302
    t = Tournament.objects.get(name="Giải thêm từ admin")
    assert (t.status, t.number_of_rounds, t.created_by is not None) == ("draft", 4, True)


def test_history_revert_of_an_open_tournament_goes_through_the_service(admin_client, staff):
    t = _round_robin(staff, finish=False)  # closed: the format is locked, the venue is not
    services.update_tournament(t, user=staff, venue="Nơi thứ hai",
                               amendment_reason="Sửa đổi điều lệ (thử)")
    old = t.history.filter(venue="Hà Nội").first()
    url = f"{URL}{t.pk}/history/{old.history_id}/"
    data = form_data(admin_client.get(url).content.decode(), "historicaltournament_form")
    assert data["venue"] == ["Hà Nội"]
    data["amendment_reason"] = ["Trở lại địa điểm cũ"]
    assert admin_client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert (t.venue, t.status) == ("Hà Nội", "closed")  # the status is never reverted
