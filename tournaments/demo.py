"""Demo tournaments for ``manage.py load_demo`` (after the federation's demo loaders).

One finished event per discipline — a xiangqi round robin of 10 players and a chess round
robin of 6 — a running chess Dutch Swiss of 30 players with 3 of 7 rounds played, and a
running xiangqi team round robin of 4 clubs' teams (3 boards and a reserve, Điều 30; 2 of 3
rounds played: its team and per-board standings), and a xiangqi Swiss open for registration
(the clubs enter their players before its deadline, issue 27); the demo arbiter (``demo-arbiter``) is chief arbiter of each (Điều 20). The games' loader
writes the finished events' score sheets and then certifies them (a certified event takes
no new record). Pairings are made by the real pairing work function (synchronously,
whatever the broker settings).
"""

from __future__ import annotations

from datetime import timedelta

from chessrules.values import Result, System
from federation.models import Body, Member
from federation.selectors import can_enter_tournaments
from tournaments import services
from tournaments.models import Official, Pairing


def _play(rnd, rng, staff) -> None:
    items = [{"pairing": p.pk, "result": rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW,
                                                        Result.WHITE_WINS]),
              "version": p.version}
             for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)]
    services.record_results(rnd, items, user=staff)


def _pair(tournament, number, seed) -> None:
    services.pair_round_job({"tournament": tournament.pk, "round": number, "seed": seed},
                            lambda percent, message: None)


def _event(ctx, staff, members, *, rounds_to_play, **fields):
    t = services.create_tournament(user=staff, **fields)
    services.assign_official(t, ctx.data["users"]["arbiter"].person, Official.Role.CHIEF,
                             user=staff)
    services.open_registration(t, user=staff)
    for i, member in enumerate(members):
        services.register_entry(t, member, user=staff, rating=2300 - 15 * i)
    services.close_registration(t, user=staff, seed=ctx.rng.randrange(2**31))
    t.refresh_from_db()
    for number in range(1, rounds_to_play + 1):
        _pair(t, number, ctx.rng.randrange(2**31))
        _play(t.rounds.get(number=number), ctx.rng, staff)
    return t


def load_tournaments(ctx) -> str:
    staff = ctx.data["users"]["staff"]
    hanoi = ctx.data["bodies"]["Liên đoàn Cờ Hà Nội"]
    national = Body.objects.get(level=Body.Level.NATIONAL)
    active = [m for m in ctx.data["members"] if m.status == Member.Status.ACTIVE]
    players = ctx.rng.sample(active, 46)
    today = ctx.today
    round_robin = _event(
        ctx, staff, players[:10], rounds_to_play=9, name="Giải Cờ Tướng các câu lạc bộ Hà Nội",
        discipline="xiangqi", system=System.ROUND_ROBIN, category="club", organiser_body=hanoi,
        start_date=today - timedelta(days=40), end_date=today - timedelta(days=32),
        venue="Cung Văn hóa Thể thao Thanh niên Hà Nội", time_control_preset="90")
    services.finish_tournament(round_robin, user=staff)
    chess_round_robin = _event(
        ctx, staff, players[40:46], rounds_to_play=5, name="Giải Cờ Vua vô địch Hà Nội",
        discipline="chess", system=System.ROUND_ROBIN, category="club", organiser_body=hanoi,
        start_date=today - timedelta(days=25), end_date=today - timedelta(days=21),
        venue="Cung Văn hóa Hữu nghị", time_control_preset="90")
    services.finish_tournament(chess_round_robin, user=staff)
    swiss = _event(
        ctx, staff, players[10:40], rounds_to_play=3, name="Giải Cờ Vua mở rộng toàn quốc",
        discipline="chess", system=System.DUTCH, number_of_rounds=7, category="open",
        organiser_body=national, start_date=today - timedelta(days=2),
        end_date=today + timedelta(days=4), venue="Nhà thi đấu Quần Ngựa")
    teams = _team_event(ctx, staff, hanoi, exclude=set(players))
    # Open for registration (issue 27): the clubs enter their players before the deadline.
    open_event = services.create_tournament(
        user=staff, name="Giải Cờ Tướng mở rộng Hà Nội", discipline="xiangqi",
        system=System.DUTCH, number_of_rounds=7, category="open", organiser_body=hanoi,
        start_date=today + timedelta(days=20), end_date=today + timedelta(days=23),
        registration_deadline=today + timedelta(days=10), quota_per_unit=4,
        venue="Cung Văn hóa Thể thao Thanh niên Hà Nội", time_control_preset="90")
    services.assign_official(open_event, ctx.data["users"]["arbiter"].person,
                             Official.Role.CHIEF, user=staff)
    services.open_registration(open_event, user=staff)
    ctx.data["tournaments"] = [round_robin, swiss, chess_round_robin, teams, open_event]
    ctx.data["finished"] = [round_robin, chess_round_robin]
    return (f"tournaments: '{round_robin.name}' (10 players) and '{chess_round_robin.name}' "
            f"(6 players) finished, '{swiss.name}' (30 players, 3 of 7 rounds played), "
            f"'{teams.name}' (4 teams, 2 of 3 rounds played), '{open_event.name}' open for "
            f"registration until {open_event.registration_deadline:%d/%m/%Y}; "
            f"chief arbiter {ctx.data['users']['arbiter'].person}")


def _team_event(ctx, staff, organiser, *, exclude: set):
    """A team round robin (Điều 30.1): the first 4 clubs with 4 active members not in the
    other events, each a team of 3 boards and a reserve in a fixed order (Điều 30.1.3)."""
    by_club: dict = {}
    for member in ctx.data["members"]:
        if member.status != Member.Status.ACTIVE or member in exclude \
                or not can_enter_tournaments(member.person, ctx.today - timedelta(days=1))[0]:
            continue
        stint = member.club_memberships.filter(ended_on__isnull=True).select_related(
            "club").first()
        if stint is not None:
            by_club.setdefault(stint.club, []).append(member)
    clubs = [(club, members[:4]) for club, members in by_club.items() if len(members) >= 4][:4]
    t = services.create_tournament(
        user=staff, name="Giải Cờ Tướng đồng đội các câu lạc bộ", discipline="xiangqi",
        system=System.TEAM_ROUND_ROBIN, boards_per_team=3, reserves_per_team=1, category="club",
        organiser_body=organiser, start_date=ctx.today - timedelta(days=1),
        end_date=ctx.today + timedelta(days=1), venue="Nhà văn hóa quận Ba Đình",
        time_control_preset="90")
    services.assign_official(t, ctx.data["users"]["arbiter"].person, Official.Role.CHIEF,
                             user=staff)
    services.open_registration(t, user=staff)
    for club, members in clubs:
        services.register_team(t, club.name, [(m, i + 1) for i, m in enumerate(members)],
                               user=staff, club=club,
                               ratings={m.pk: 2100 - 20 * i for i, m in enumerate(members)})
    services.close_registration(t, user=staff, seed=ctx.rng.randrange(2**31))
    t.refresh_from_db()
    for number in (1, 2):
        _pair(t, number, ctx.rng.randrange(2**31))
        _play(t.rounds.get(number=number), ctx.rng, staff)
    return t


LOADERS = [load_tournaments]
