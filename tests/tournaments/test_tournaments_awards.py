"""Delegations, prizes and the overall delegation ranking as data (seed 000: Điều 14-15
"huấn luyện viên, lãnh đội"; Phụ lục 5 mục 14 "danh sách trưởng đoàn, huấn luyện viên và đấu
thủ"; mục 10 "Giải thưởng cho cá nhân, đồng đội, toàn đoàn: số giải thưởng, hình thức thưởng:
huy chương, tiền, hiện vật"; Điều 19.4 "tại lễ bế mạc phải công bố đầy đủ kết quả thi đấu và
khen thưởng, mức thưởng").

Hand-worked example: a 4-player round robin (3 rounds) where the higher rating always wins:
A (2000) 3 points, B (1900) 2, C (1800) 1, D (1700) 0 — places 1-4. Delegation Hà Nội sent A and
D, TP Hồ Chí Minh sent B and C. By medals (the default reading, docs/decisions-tournaments.md):
Hà Nội 1 gold 0 silver 0 bronze, TP HCM 0 gold 1 silver 1 bronze → Hà Nội first (a gold beats
any number of silvers). By points: 3 + 0 = 3 against 2 + 1 = 3, equal → the golds decide,
Hà Nội first again. The prizes: first place "Giải nhất" (gold, 5.000.000 đ) → A, second → B,
third → C, the delegation cup → Hà Nội.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.test import Client

from core.errors import ServiceError
from core.models import Job
from documents.services import render_document
from tests.admin_forms import form_data
from tests.documents.documents_support import pdf_pages
from tests.factories import make_member, make_person, make_staff, make_user, national_body
from tests.helpers import assert_error, client_for
from tournaments import documents, selectors_awards, services
from tournaments.models import Delegation, DelegationStaff, Prize

pytestmark = pytest.mark.django_db

START = date(2026, 5, 4)


def _event(staff, **fields):
    t = services.create_tournament(
        user=staff, name="Giải vô địch toàn đoàn", discipline="xiangqi", system="round_robin",
        start_date=START, end_date=START + timedelta(days=6), organiser_body=national_body(),
        **fields)
    services.open_registration(t, user=staff)
    players = {}
    for name, rating in (("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)):
        players[name] = services.register_entry(
            t, make_member(make_person(full_name=f"Kỳ Thủ {name}")), user=staff, rating=rating)
    services.close_registration(t, user=staff, seed=3)
    t.refresh_from_db()
    return t, players


def _play_all(t, staff):
    """Every round: the higher rating wins."""
    for number in (1, 2, 3):
        services.pair_round_job({"tournament": t.pk, "round": number, "seed": 1},
                                lambda *a: None)
        rnd = t.rounds.get(number=number)
        services.record_results(rnd, [
            {"pairing": p.pk, "version": p.version,
             "result": "1-0" if p.white.rating > p.black.rating else "0-1"}
            for p in rnd.pairings.filter(kind="game").select_related("white", "black")],
            user=staff)
    t.refresh_from_db()


def _delegations(t, players, staff):
    hanoi = services.create_delegation(t, "Hà Nội", user=staff)
    hcm = services.create_delegation(t, "TP Hồ Chí Minh", user=staff)
    for name in "AD":
        services.set_entry_delegation(players[name], hanoi, user=staff)
    for name in "BC":
        services.set_entry_delegation(players[name], hcm, user=staff)
    return hanoi, hcm


def test_overall_delegation_ranking_by_medals_and_by_points():
    staff = make_staff()
    t, players = _event(staff)
    hanoi, hcm = _delegations(t, players, staff)
    _play_all(t, staff)
    ranking = selectors_awards.delegation_ranking(t)
    assert ranking["order"] == "medals"
    assert [(r["rank"], r["name"], r["gold"], r["silver"], r["bronze"], r["points"])
            for r in ranking["rows"]] == [
        (1, "Hà Nội", 1, 0, 0, 3.0), (2, "TP Hồ Chí Minh", 0, 1, 1, 3.0)]
    # how the overall ranking counts is a rule of the published regulations: fixed once the
    # event has started (Phụ lục 5), so an event ranked by points says so from its creation
    with pytest.raises(ServiceError) as refused:
        services.update_tournament(t, user=staff, delegation_ranking="points",
                                   amendment_reason="Đổi cách tính")
    assert refused.value.code == "regulations_fixed"
    t, players = _event(staff, delegation_ranking="points")
    hanoi, _hcm = _delegations(t, players, staff)
    _play_all(t, staff)
    by_points = selectors_awards.delegation_ranking(t)
    assert [r["name"] for r in by_points["rows"]] == ["Hà Nội", "TP Hồ Chí Minh"]
    api = client_for(make_user())
    body = api.get("/api/v1/tournament-delegations/ranking/", {"tournament": t.pk}).json()
    assert body["order"] == "points" and body["rows"][0]["delegation"] == hanoi.pk
    assert_error(api.get("/api/v1/tournament-delegations/ranking/", {"tournament": "x"}),
                 400, None, "tournament")


def test_delegation_staff_as_data_through_the_api():
    staff = make_staff()
    t, players = _event(staff)
    api = client_for(staff)
    made = api.post("/api/v1/tournament-delegations/", {"tournament": t.pk, "name": "Hà Nội"},
                    format="json")
    assert made.status_code == 201, made.content
    delegation = made.json()["id"]
    assert_error(api.post("/api/v1/tournament-delegations/", {
        "tournament": t.pk, "name": "Hà Nội"}, format="json"), 400, "duplicate", "name")
    head, coach = make_person(full_name="Lê Trưởng Đoàn"), make_person(full_name="Ngô HLV")
    for person, role in ((head, "head"), (coach, "coach")):
        assert api.post("/api/v1/tournament-delegation-staff/", {
            "delegation": delegation, "person": person.pk, "role": role},
            format="json").status_code == 201
    assert_error(api.post("/api/v1/tournament-delegation-staff/", {
        "delegation": delegation, "person": make_person().pk, "role": "head"},
        format="json"), 400, "duplicate", "role")
    sent = api.post(f"/api/v1/tournament-delegations/{delegation}/entries/", {
        "entries": [players["A"].pk, players["D"].pk]}, format="json")
    assert sent.status_code == 200, sent.content
    assert set(Delegation.objects.get(pk=delegation).entries.values_list("name", flat=True)) == {
        "Kỳ Thủ A", "Kỳ Thủ D"}
    assert_error(api.post(f"/api/v1/tournament-delegations/{delegation}/entries/", {
        "entries": [999999]}, format="json"), 400, None, "entries")
    assert api.get(f"/api/v1/tournament-entries/{players['A'].pk}/").json()[
        "delegation"] == delegation
    outsider = client_for(make_user())
    assert outsider.post("/api/v1/tournament-delegations/", {
        "tournament": t.pk, "name": "Huế"}, format="json").status_code == 403
    public = Client().get(f"/api/v1/public/tournaments/{t.pk}/").json()
    assert public["delegations"] == [{"id": delegation, "name": "Hà Nội", "staff": [
        {"role": "coach", "role_name": "Huấn luyện viên", "name": "Ngô HLV"},
        {"role": "head", "role_name": "Trưởng đoàn", "name": "Lê Trưởng Đoàn"}]}]


def test_prizes_awarded_from_the_final_standings_printed_and_public():
    staff = make_staff()
    t, players = _event(staff)
    _delegations(t, players, staff)
    api = client_for(staff)
    for kind, place, name, medal, amount in (
            ("individual", 1, "Giải nhất", "gold", 5_000_000),
            ("individual", 2, "Giải nhì", "silver", 3_000_000),
            ("individual", 3, "Giải ba", "bronze", None),
            ("delegation", 1, "Cúp toàn đoàn", "", None)):
        made = api.post("/api/v1/tournament-prizes/", {
            "tournament": t.pk, "kind": kind, "place": place, "name": name, "medal": medal,
            "amount": amount, "item": "Cúp" if kind == "delegation" else ""}, format="json")
        assert made.status_code == 201, made.content
    assert_error(api.post("/api/v1/tournament-prizes/", {
        "tournament": t.pk, "kind": "team", "place": 1, "name": "Đồng đội"}, format="json"),
        400, "not_team_event", "kind")
    _play_all(t, staff)
    assert_error(api.post("/api/v1/tournament-prizes/award/", {"tournament": t.pk},
                          format="json"), 400, "invalid_state")
    services.finish_tournament(t, user=staff)
    awarded = api.post("/api/v1/tournament-prizes/award/", {"tournament": t.pk}, format="json")
    assert awarded.status_code == 200, awarded.content
    assert [(p["name"], p["winner"]) for p in awarded.json()] == [
        ("Cúp toàn đoàn", "Hà Nội"), ("Giải nhất", "Kỳ Thủ A"), ("Giải nhì", "Kỳ Thủ B"),
        ("Giải ba", "Kỳ Thủ C")]
    assert Prize.objects.get(place=1, kind="individual").entry == players["A"]
    assert_error(api.post("/api/v1/tournament-prizes/", {
        "tournament": t.pk, "kind": "individual", "place": 1, "name": "Đổi"}, format="json"),
        409, "awarded")
    assert_error(api.post("/api/v1/tournament-prizes/award/", {"tournament": t.pk},
                          format="json"), 400, "nothing_to_award")
    page = Client().get(f"/giai-dau/{t.pk}/").content.decode()
    assert "Xếp hạng toàn đoàn" in page and "5.000.000 đ" in page
    assert "Huy chương vàng" in page and "Kỳ Thủ A" in page and "Cúp toàn đoàn" in page
    printed = documents.awards_data(f"tournament:{t.pk}")
    assert [(p["name"], p["winner"], p["amount"]) for p in printed["prizes"]][1] == (
        "Giải nhất", "Kỳ Thủ A", "5.000.000 đ")
    assert [r["name"] for r in printed["ranking"]] == ["Hà Nội", "TP Hồ Chí Minh"]


def test_award_leaves_a_place_nobody_holds_open_and_outsiders_may_not_set_prizes():
    staff = make_staff()
    t, players = _event(staff)
    services.set_prize(t, "individual", 1, "Giải nhất", user=staff)
    _play_all(t, staff)
    services.finish_tournament(t, user=staff)
    # the regulations' tie-breaks separate A; a place nobody holds is left open
    services.set_prize(t, "individual", 9, "Giải khuyến khích", user=staff)
    awarded = {p.name: p.winner_name for p in services.award_prizes(t, user=staff)}
    assert awarded == {"Giải nhất": "Kỳ Thủ A", "Giải khuyến khích": ""}
    with pytest.raises(ServiceError):
        services.set_prize(t, "individual", 1, "x", user=make_user())


def test_admin_prize_and_delegation_forms_go_through_the_services(client):
    staff = make_staff()
    client.force_login(staff)
    t, players = _event(staff)
    url = "/admin/tournaments/prize/add/"
    data = form_data(client.get(url).content.decode(), "prize_form")
    data.update({"tournament": [str(t.pk)], "kind": ["team"], "place": ["1"],
                 "name": ["Giải đồng đội"], "_save": ["Lưu"]})
    refused = client.post(url, data)
    assert refused.status_code == 200 and "Giải cá nhân không có giải thưởng đồng đội" in \
        refused.content.decode()
    data.update({"kind": ["individual"], "amount": ["2000000"], "medal": ["gold"]})
    assert client.post(url, data).status_code == 302
    assert Prize.objects.get(tournament=t).amount == 2_000_000
    add = "/admin/tournaments/delegation/add/"
    data = form_data(client.get(add).content.decode(), "delegation_form")
    coach = make_person(full_name="Ngô HLV")
    data.update({"tournament": [str(t.pk)], "name": ["Đà Nẵng"],
                 "staff-0-person": [str(coach.pk)], "staff-0-role": ["coach"],
                 "_save": ["Lưu"]})
    saved = client.post(add, data)
    assert saved.status_code == 302, [line for line in saved.content.decode().splitlines()
                                      if "errorlist" in line][:5]
    delegation = Delegation.objects.get(name="Đà Nẵng")
    assert list(DelegationStaff.objects.filter(delegation=delegation)
                .values_list("person__full_name", "role")) == [("Ngô HLV", "coach")]
    _play_all(t, staff)
    services.finish_tournament(t, user=staff)
    client.post("/admin/tournaments/tournament/", {"action": "award_prizes",
                                                   "_selected_action": [t.pk]}, follow=True)
    assert Prize.objects.get(tournament=t).entry == players["A"]


def test_awards_pdf_is_public_and_prints_the_winners(api_client):
    """The printed prizes and overall ranking (Điều 19.4: announced at the closing), through
    the public documents endpoint and the documents job (run here in-process)."""
    staff = make_staff()
    t, players = _event(staff)
    _delegations(t, players, staff)
    services.set_prize(t, "individual", 1, "Giải nhất", user=staff, medal="gold",
                       amount=5_000_000)
    _play_all(t, staff)
    services.finish_tournament(t, user=staff)
    services.award_prizes(t, user=staff)
    url = f"/api/v1/public/tournaments/{t.pk}/documents/awards/"
    started = api_client.get(url)
    assert started.status_code == 202, started.content[:300]
    job = Job.objects.get(pk=started.json()["job"])
    render_document(job.params, lambda *a: None)
    done = api_client.get(url)
    assert done.status_code == 200 and done["Content-Type"] == "application/pdf"
    text = " ".join(pdf_pages(done.content))
    assert "GIẢI THƯỞNG" in text and "Kỳ Thủ A" in text and "5.000.000 đ" in text
    assert "XẾP HẠNG TOÀN ĐOÀN" in text and "Hà Nội" in text
    # the public site links the same PDF from the event page and serves it
    site_pdf = f"/giai-dau/{t.pk}/pdf/awards/"
    assert f'href="{site_pdf}"' in Client().get(f"/giai-dau/{t.pk}/").content.decode()
    served = Client().get(site_pdf)
    assert served.status_code == 200 and served.content == done.content


def test_team_event_counts_the_teams_places_for_their_delegation():
    """Three teams of three boards, the higher rating wins every game: team Hà Nội 1 (2000,
    1990, 1980) first, TP HCM (1900, ...) second, Hà Nội 2 (1800, ...) third. Hà Nội sent both
    of its teams: 1 gold and 1 bronze; TP HCM 1 silver → Hà Nội first by medals."""
    staff = make_staff()
    t = services.create_tournament(
        user=staff, name="Giải đồng đội toàn đoàn", discipline="xiangqi",
        system="team_round_robin", boards_per_team=3, reserves_per_team=1, start_date=START,
        end_date=START + timedelta(days=6), organiser_body=national_body())
    services.open_registration(t, user=staff)
    hanoi = services.create_delegation(t, "Hà Nội", user=staff)
    hcm = services.create_delegation(t, "TP Hồ Chí Minh", user=staff)
    for name, base, delegation in (("Hà Nội 1", 2000, hanoi), ("TP HCM", 1900, hcm),
                                   ("Hà Nội 2", 1800, hanoi)):
        members = [make_member(), make_member(), make_member()]
        team = services.register_team(t, name, [(m, i + 1) for i, m in enumerate(members)],
                                      user=staff, ratings={m.pk: base - 10 * i
                                                           for i, m in enumerate(members)})
        for entry in team.roster.all():
            services.set_entry_delegation(entry, delegation, user=staff)
    services.close_registration(t, user=staff, seed=3)
    t.refresh_from_db()
    number = 1
    while True:
        try:
            services.pair_round_job({"tournament": t.pk, "round": number, "seed": 1},
                                    lambda *a: None)
        except ServiceError:
            break
        rnd = t.rounds.get(number=number)
        games = rnd.pairings.filter(kind="game", black__isnull=False).select_related(
            "white", "black")
        services.record_results(rnd, [
            {"pairing": p.pk, "version": p.version,
             "result": "1-0" if p.white.rating > p.black.rating else "0-1"} for p in games],
            user=staff)
        number += 1
    t.refresh_from_db()
    ranking = selectors_awards.delegation_ranking(t)
    assert [(r["name"], r["gold"], r["silver"], r["bronze"]) for r in ranking["rows"]] == [
        ("Hà Nội", 1, 0, 1), ("TP Hồ Chí Minh", 0, 1, 0)]
