"""Performance ratings on a public profile and the player page (issue 20; FIDE B.02 8.1.1,
Rp = Ra + dp, via chessrules.rating.performance_rating): over the games played over the
board against opponents rated at registration."""

from datetime import date

import pytest

from tests.factories import make_body, make_club, make_member, make_person, make_staff
from tests.public.conftest import _quiet, private_keys_in
from tournaments import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

#: ratings at registration; player 0 is unrated (rating 0)
RATINGS = (0, 2010, 2020, 2031)


def _event(seed: int):
    """A 4-player round robin where the higher rated player wins, except players 1 and 2
    who draw (results set by rating, not by chance: the expected values are by hand)."""
    staff = make_staff()
    body = make_body()
    club = make_club(body, name=f"Câu lạc bộ Cờ Tướng Tây Hồ {seed}")
    t = services.create_tournament(
        user=staff, name=f"Giải hệ số thi đấu {seed}", discipline="xiangqi",
        system="round_robin", start_date=date(2026, 3, 1), end_date=date(2026, 3, 9),
        organiser_body=body)
    services.open_registration(t, user=staff)
    persons = []
    for i, rating in enumerate(RATINGS):
        person = make_person(full_name=f"Phạm Văn Hệ Số {seed}-{i}",
                             date_of_birth=date(2002, 1, 1), phone="0912345678",
                             email=f"hs{seed}-{i}@example.vn", citizen_id=f"0040{seed:03d}{i:05d}")
        services.register_entry(t, make_member(person, club), user=staff, rating=rating)
        persons.append(person)
    services.close_registration(t, user=staff, seed=seed)
    t.refresh_from_db()
    for number in range(1, t.number_of_rounds + 1):
        services.pair_round_job({"tournament": t.pk, "round": number, "seed": seed}, _quiet)
        rnd = t.rounds.get(number=number)
        items = [{"pairing": p.pk, "result": _result(p), "version": p.version}
                 for p in rnd.pairings.filter(kind=Pairing.Kind.GAME).select_related(
                     "white", "black")]
        services.record_results(rnd, items, user=staff)
    services.finish_tournament(t, user=staff)
    return t, persons


def _result(pairing) -> str:
    if {pairing.white.rating, pairing.black.rating} == {2010, 2020}:
        return "1/2-1/2"
    return "1-0" if pairing.white.rating > pairing.black.rating else "0-1"


def test_profile_events_carry_the_performance_over_rated_opponents(api_client):
    t, persons = _event(51)
    expected = {
        # 0 (unrated) lost to 2010, 2020, 2031: Ra 2020.33, p 0 -> dp -800: 1220.33
        0: (1220, 3),
        # 1 beat the unrated (left out), drew 2020, lost 2031: Ra 2025.5, p .25 -> dp -193:
        # 1832.5, rounded to the nearest (half away from zero)
        1: (1833, 2),
        # 2 beat the unrated (left out), drew 2010, lost 2031: Ra 2020.5 - 193 = 1827.5
        2: (1828, 2),
        # 3 beat everyone; only 2010 and 2020 count: Ra 2015, p 1 -> dp +800
        3: (2815, 2),
    }
    for i, (rating, games) in expected.items():
        profile = api_client.get(f"/api/v1/public/players/{persons[i].pk}/").json()
        [played] = profile["events"]
        assert played["tournament"] == t.pk
        assert (played["performance"], played["rated_games"]) == (rating, games), i
        assert private_keys_in(profile) == set()


def test_an_event_without_rated_opponents_has_no_performance(api_client):
    t, persons = _event(52)
    # a second event where player 1 meets only the unrated player: no performance
    staff = make_staff()
    body = make_body()
    other = services.create_tournament(
        user=staff, name="Giải không đối thủ có hệ số", discipline="xiangqi",
        system="round_robin", start_date=date(2026, 4, 1), end_date=date(2026, 4, 2),
        organiser_body=body)
    services.open_registration(other, user=staff)
    club = make_club(body, name="Câu lạc bộ Cờ Tướng Long Biên 52")
    services.register_entry(other, persons[1].memberships.get(), user=staff, rating=2010)
    services.register_entry(other, make_member(make_person(full_name="Khách Không Hệ Số"), club),
                            user=staff, rating=0)
    services.close_registration(other, user=staff, seed=52)
    services.pair_round_job({"tournament": other.pk, "round": 1, "seed": 52}, _quiet)
    rnd = other.rounds.get(number=1)
    services.record_results(rnd, [{"pairing": p.pk, "result": "1/2-1/2", "version": p.version}
                                  for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)],
                            user=staff)
    events = api_client.get(f"/api/v1/public/players/{persons[1].pk}/").json()["events"]
    assert [(e["tournament"], e["performance"], e["rated_games"]) for e in events] == [
        (other.pk, None, 0), (t.pk, 1833, 2)]


def test_the_player_page_shows_the_performance(client):
    t, persons = _event(53)
    text = client.get(f"/ky-thu/{persons[3].pk}/").content.decode()
    assert '<span title="2 ván với đối thủ có hệ số">2815</span>' in text
