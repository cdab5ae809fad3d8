"""Render times of official documents (issues 9, 15): a decision and the documents of a
500-player event (standings, crosstable, every tracking card, one tracking card).

Run: ``nice -n 10 .venv/bin/python bench/bench_documents.py [--players 500] [--rounds 9]
[--repeat 5] [--skip-cards]``
(``DATABASE_URL`` chooses the database, as for the service; a throw-away test database is
created and dropped; each run keeps its cache keys under a prefix of its own, dropped at the
end, so a re-run on the same Redis starts cold). Rendering is timed in-process, as the document job runs it:
``builders.build`` (data through the selectors, then the data hash), the HTML template, and
WeasyPrint's layout and PDF writing with the embedded fonts.

All tracking cards are rendered four times: none of their parts kept (cold), all kept,
after one result changed (the parts holding the two players' cards rendered again), and
after every result of the last round changed and the round's warm job
(``documents.warm_parts``, run in-process here, in the worker in service) rendered the
changed parts: what a user waits for in an event's normal flow.
CPU time includes the forked child that renders half of the parts.

Printed: for a title-award decision (target: at most 0.5 s) and for one player's tracking
card (target: at most 100 ms) the p50 / p99 / best wall and CPU time of ``--repeat`` renders
(CPU time is the figure to read on a loaded machine); for the standings, the crosstable and
all tracking cards of a ``--players`` × ``--rounds`` Swiss (target: each at most 3 s), each
stage once, with the page count and size; and the load average before and after (the
machine is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-cards", action="store_true",
                        help="do not render every tracking card (the slowest document)")
    args = parser.parse_args()
    # A cache prefix of this run's own: a re-run on the same Redis would otherwise find the
    # parts the previous run kept (same event, same seed) and report warm work as cold.
    os.environ["CACHE_KEY_PREFIX"] = (f"{os.environ.get('CACHE_KEY_PREFIX', 'vcf')}"
                                      f"-bench-documents-{os.getpid()}-{time.time_ns()}")

    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        run(args)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        if hasattr(cache, "delete_pattern"):  # Redis: drop this run's keys
            cache.delete_pattern("*")


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (a long document's parts are
    rendered on both cores, one half in a forked child)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def stages(kind: str, target: str) -> dict[str, float]:
    """Seconds of each stage of one render, as ``services.render_document`` does it."""
    from documents import builders

    cpu = cpu_seconds()
    t0 = time.perf_counter()
    built = builders.build(kind, target)
    _hash = built.data_hash
    t1 = time.perf_counter()
    pdf, pages = built.render()
    t3 = time.perf_counter()
    return {"data": t1 - t0, "pdf": t3 - t1, "total": t3 - t0,
            "cpu": cpu_seconds() - cpu, "pages": pages, "bytes": len(pdf)}


def decision_target() -> str:
    from documents import services

    decision = services.issue_decision(
        kind="title_award", subject="phong đẳng cấp Kiện tướng quốc gia môn Cờ Tướng",
        grounds=["Căn cứ Điều lệ Liên đoàn Cờ Việt Nam;",
                 "Căn cứ Phụ lục 6 Luật Cờ Tướng về tiêu chuẩn phong đẳng cấp;"],
        articles=["Phong đẳng cấp Kiện tướng quốc gia cho các vận động viên có tên sau:",
                  "Quyết định có hiệu lực kể từ ngày ký.",
                  "Chánh Văn phòng và các vận động viên có tên tại Điều 1 thi hành."],
        recipients=["Như Điều 3"], signer_position="Chủ tịch", signer_name="Đặng Tất Thắng",
        issued_on=date(2026, 11, 20),
        payload={"players": [{"name": f"Nguyễn Văn Thắng {i}", "unit": "Hà Nội",
                              "title": "Kiện tướng quốc gia"} for i in range(1, 9)]})
    return str(decision.pk)


def crosstable_target(players: int, rounds: int) -> str:
    """A Swiss of ``players`` × ``rounds`` written straight into the models (circle
    schedule: no rematch; results from a seeded generator)."""
    from chessrules.values import Result, System
    from tournaments.models import Entry, Pairing, Round, Tournament

    tournament = Tournament.objects.create(
        name="Giải Cờ Vua Mở rộng Đồng Nai", discipline="chess", system=System.DUTCH,
        number_of_rounds=rounds, status="running", start_date=date(2026, 5, 4),
        end_date=date(2026, 5, 12), venue="Biên Hòa, Đồng Nai")
    entries = Entry.objects.bulk_create([
        Entry(tournament=tournament, name=f"Trần Đức Thắng {i}", starting_number=i,
              rating=2500 - i, title="KT" if i % 37 == 0 else "") for i in range(1, players + 1)])
    rng = random.Random(7)
    others = list(range(1, players))
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=tournament, number=number, system=System.DUTCH,
                                   engine_version="bench", status="complete")
        ring = [0] + others
        rows = []
        for board in range(players // 2):
            w, b = ring[board], ring[players - 1 - board]
            if (number + board) % 2:
                w, b = b, w
            rows.append(Pairing(round=rnd, board=board + 1, white=entries[w], black=entries[b],
                                result=rng.choice([Result.WHITE_WINS, Result.BLACK_WINS,
                                                         Result.DRAW])))
        Pairing.objects.bulk_create(rows)
        others = others[-1:] + others[:-1]
    return f"tournament:{tournament.pk}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def verdict(cpu: float, wall: float, limit: float) -> str:
    """MET when the CPU time is within the limit (the figure to read on a shared machine),
    and whether the wall time is too."""
    return (f"{'MET' if cpu <= limit else 'NOT MET'} on CPU, "
            f"{'met' if wall <= limit else 'not met'} on wall")


def repeated(label: str, kind: str, target: str, repeat: int, goal: str,
             limit: float) -> None:
    stages(kind, target)  # warm-up: fonts, templates, imports
    runs = [stages(kind, target) for _ in range(repeat)]
    wall = [r["total"] for r in runs]
    cpu = [r["cpu"] for r in runs]
    last = runs[-1]
    print(f"{label}: wall p50 {percentile(wall, 50) * 1000:.0f} ms, p99 "
          f"{percentile(wall, 99) * 1000:.0f} ms, best {min(wall) * 1000:.0f} ms; CPU p50 "
          f"{percentile(cpu, 50) * 1000:.0f} ms, best {min(cpu) * 1000:.0f} ms over {repeat} "
          f"renders (target {goal}); data {last['data'] * 1000:.0f} ms, html and pdf "
          f"{last['pdf'] * 1000:.0f} ms; {last['pages']} "
          f"page(s), {last['bytes'] / 1024:.0f} KiB; "
          f"{verdict(percentile(cpu, 50), percentile(wall, 50), limit)} (p50)", flush=True)


def once(label: str, kind: str, target: str) -> None:
    r = stages(kind, target)
    print(f"{label}: total {r['total']:.2f} s wall, {r['cpu']:.2f} s CPU (target <= 3 s; data "
          f"{r['data']:.2f} s, html, layout and writing {r['pdf']:.2f} s);"
          f" {r['pages']} pages, {r['bytes'] / 1024:.0f} KiB; {verdict(r['cpu'], r['total'], 3.0)}",
          flush=True)


def run(args) -> None:
    from django.db import connection

    from tournaments.models import Entry

    print(f"database {connection.vendor}, load average {load()} (shared 2-core machine)")
    repeated("decision", "decision", decision_target(), args.repeat, "<= 0.5 s", 0.5)

    players = args.players - args.players % 2
    started = time.perf_counter()
    target = crosstable_target(players, args.rounds)
    print(f"event: {players} players x {args.rounds} rounds written in "
          f"{time.perf_counter() - started:.1f} s")
    entry = Entry.objects.get(tournament_id=int(target.split(":")[1]), starting_number=17)
    repeated("one tracking card", "tracking_card", f"entry:{entry.pk}", args.repeat,
             "<= 100 ms", 0.1)
    once("standings", "standings", target)
    once("crosstable", "crosstable", target)
    if not args.skip_cards:
        forget_parts(target)
        once(f"all {players} tracking cards, none kept", "tracking_card", target)
        once(f"all {players} tracking cards, all kept", "tracking_card", target)
        one_result(target)
        once(f"all {players} tracking cards after one result", "tracking_card", target)
        round_redone(target)
        warm_job(target)
        once(f"all {players} tracking cards after the round's warm job (a new round's "
             f"results on every card; the cold render above is still the first one)",
             "tracking_card", target)
    print(f"load average: {load()}")


def forget_parts(target: str) -> None:
    """Drop the kept parts of the cards (an earlier run made the same event)."""
    from django.core.cache import cache

    from documents import builders
    from documents.render import part_key, render_html

    built = builders.build("tracking_card", target)
    cache.delete_many([part_key(render_html(built.template, part))
                       for part in built.split(built.context)])


def one_result(target: str) -> None:
    """The arbiter corrects one result of the last round: two players' cards change."""
    from chessrules.values import Result
    from tournaments.models import Pairing

    pairing = (Pairing.objects.filter(round__tournament_id=int(target.split(":")[1]))
               .order_by("-round__number", "board").first())
    pairing.result = (Result.DRAW if pairing.result != Result.DRAW else Result.WHITE_WINS)
    pairing.save(update_fields=["result"])


def round_redone(target: str) -> None:
    """Every result of the last round changes (as when a round is completed): every card
    and so every part changes."""
    from chessrules.values import Result
    from tournaments.models import Pairing

    tid = int(target.split(":")[1])
    last = Pairing.objects.filter(round__tournament_id=tid).order_by("-round__number")[0]
    rows = list(Pairing.objects.filter(round_id=last.round_id))
    for p in rows:
        p.result = Result.BLACK_WINS if p.result == Result.WHITE_WINS else Result.WHITE_WINS
    Pairing.objects.bulk_update(rows, ["result"])


def warm_job(target: str) -> None:
    """The work of the job a completed (or paired) round starts in the worker
    (``documents.services.warm_document_parts``), run here in-process: its time is the
    worker's, not a user's."""
    from documents.services import warm_document_parts

    cpu, t0 = cpu_seconds(), time.perf_counter()
    result = warm_document_parts({"kind": "tracking_card", "target": target},
                                 lambda *_args: None)
    print(f"round's warm job (in the worker, nobody waits): {result['rendered']} of "
          f"{result['parts']} parts rendered, {time.perf_counter() - t0:.2f} s wall, "
          f"{cpu_seconds() - cpu:.2f} s CPU", flush=True)


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1 / 5 / 15 min)"


if __name__ == "__main__":
    main()
