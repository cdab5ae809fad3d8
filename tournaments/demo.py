"""Demo tournaments for ``manage.py load_demo`` (after the federation's demo loaders).

A certified xiangqi round robin of 10 players (results, standings, crosstable) and a
running chess Dutch Swiss of 30 players with 3 of 7 rounds played. Pairings are made by
the real pairing work function (synchronously, whatever the broker settings).
"""

from __future__ import annotations

from datetime import timedelta

from chessrules.values import Result, System
from federation.models import Body, Member
from tournaments import services
from tournaments.models import Pairing


def _play(rnd, rng, staff) -> None:
    items = [{"pairing": p.pk, "result": rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW,
                                                        Result.WHITE_WINS]),
              "version": p.version}
             for p in rnd.pairings.filter(kind=Pairing.Kind.GAME)]
    services.record_results(rnd, items, user=staff)


def _pair(tournament, number, seed) -> None:
    services.pair_round_job({"tournament": tournament.pk, "round": number, "seed": seed},
                            lambda percent, message="": None)


def _event(ctx, staff, members, *, rounds_to_play, **fields):
    t = services.create_tournament(user=staff, **fields)
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
    players = ctx.rng.sample(active, 40)
    today = ctx.today
    round_robin = _event(
        ctx, staff, players[:10], rounds_to_play=9, name="Giải Cờ Tướng các câu lạc bộ Hà Nội",
        discipline="xiangqi", system=System.ROUND_ROBIN, category="club", organiser_body=hanoi,
        start_date=today - timedelta(days=40), end_date=today - timedelta(days=32),
        venue="Cung Văn hóa Thể thao Thanh niên Hà Nội", time_control_preset="90")
    services.finish_tournament(round_robin, user=staff)
    services.certify_tournament(round_robin, user=staff)
    swiss = _event(
        ctx, staff, players[10:40], rounds_to_play=3, name="Giải Cờ Vua mở rộng toàn quốc",
        discipline="chess", system=System.DUTCH, number_of_rounds=7, category="open",
        organiser_body=national, start_date=today - timedelta(days=2),
        end_date=today + timedelta(days=4), venue="Nhà thi đấu Quần Ngựa")
    ctx.data["tournaments"] = [round_robin, swiss]
    return (f"tournaments: '{round_robin.name}' (10 players, certified), "
            f"'{swiss.name}' (30 players, 3 of 7 rounds played)")


LOADERS = [load_tournaments]
