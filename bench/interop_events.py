"""TRF exports of three Dutch Swiss events at every moment, for bench/interop.py (issue 29).

Run::

    .venv/bin/python bench/interop_events.py OUT_DIR [--seed 29]

``DATABASE_URL`` selects the server as for the service; the script creates and drops its own
test database ``test_<name>`` (no real data is touched). The events go through the services
the screens and the API call (registration, ``request_bye``, ``withdraw_entry``, late
``register_entry``, the pairing job's work, ``record_results``); ``selectors_exports.trf_text``
(the export endpoint's text) is written after every step:

- ``e{n}-r{k}-a-before.trf``: the moment the arbiter pairs round k (byes, withdrawals and late
  entries of the round already recorded);
- ``e{n}-r{k}-b-paired.trf``: round k paired, no result yet;
- ``e{n}-r{k}-c-partial.trf``: half of its results in;
- ``e{n}-r{k}-d-played.trf``: every result in (the next round's byes not yet requested);
- ``e{n}-r{k}-e-requests.trf`` when requests for round k+1 came after that;
- ``xlsx/*.xlsx``: the standings and crosstable of each event, the club's members and the
  applications, as the staff download them (``--xlsx-dir`` of bench/interop.py).

For the files ``a`` and ``b`` the service's own pairing of round k is written beside them
(``*.next``: ``white black`` per board, ``n 0`` for the pairing-allocated bye): the round
bbpPairings must find from the file.

The three events: 11, 14 and 17 players (odd and even), 5, 6 and 7 rounds, the
pairing-allocated bye worth 1, ½ and 1 point, requested byes of 0, ½ and 1 point, forfeits
(``+-``, ``-+``, double), withdrawals (Điều 21.5) and late entries (joining in a later
round).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

#: (players, rounds, pairing-allocated bye's points, late entries, withdrawals)
EVENTS = [(11, 5, "1.0", 1, 1), (14, 6, "0.5", 2, 2), (17, 7, "1.0", 2, 2)]
RESULTS = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "+-", "-+", "--"]


class Event:
    """One event driven through the services, writing its TRF at every moment."""

    def __init__(self, number: int, out: Path, rng: random.Random, staff, body, club,
                 tiebreaks: str = "") -> None:
        self.number, self.out, self.rng = number, out, rng
        self.tiebreaks = tiebreaks
        self.staff, self.body, self.club = staff, body, club
        self.members_made = 0
        self.files = 0

    def member(self):
        from federation.models import ClubMembership, Member, Person

        self.members_made += 1
        n = self.members_made
        surname = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Đặng", "Bùi", "Đỗ"][n % 8]
        person = Person.objects.create(
            full_name=f"{surname} Văn Đấu Thủ {self.number}-{n:02d}",
            name_folded=f"dau thu {self.number}-{n:02d}", gender="M" if n % 3 else "F",
            date_of_birth=date(1990 + n % 20, 1, 1), province=self.body.province)
        member = Member.objects.create(person=person, card_number=f"I{self.number}-{n:04d}",
                                       joined_on=date(2020, 1, 1), status="active")
        ClubMembership.objects.create(member=member, club=self.club, started_on=date(2020, 1, 1))
        return member

    def write(self, name: str, service_round=None) -> None:
        from tournaments import selectors_exports

        self.tournament.refresh_from_db()
        path = self.out / f"e{self.number}-{name}.trf"
        path.write_text(selectors_exports.trf_text(self.tournament), encoding="utf-8")
        self.files += 1
        if service_round is not None:
            boards = [f"{p.white.starting_number} "
                      f"{p.black.starting_number if p.black_id else 0}"
                      for p in service_round.pairings.select_related("white", "black")
                      .filter(kind__in=["game", "pab"])]
            path.with_suffix(".next").write_text("\n".join(boards) + "\n", encoding="utf-8")

    def run(self, players: int, rounds: int, bye: str, late: int, withdrawals: int) -> None:
        from tournaments import services

        self.tournament = services.create_tournament(
            user=self.staff, name=f"Giải kiểm tra liên thông {self.number}",
            discipline="chess", system="dutch", number_of_rounds=rounds, venue="Hà Nội",
            start_date=date(2026, 6, 1), end_date=date(2026, 6, 9),
            organiser_body=self.body, bye_score=Decimal(bye),
            **({"tiebreaks": self.tiebreaks} if self.tiebreaks else {}))
        services.open_registration(self.tournament, user=self.staff)
        for _ in range(players):
            services.register_entry(self.tournament, self.member(), user=self.staff,
                                    rating=self.rng.randint(1400, 2500))
        services.close_registration(self.tournament, user=self.staff, seed=self.number)
        late_rounds = sorted(self.rng.sample(range(2, rounds), late))
        quit_rounds = sorted(self.rng.sample(range(2, rounds), withdrawals))
        self.requests(1)
        for k in range(1, rounds + 1):
            for _ in range(late_rounds.count(k)):
                services.register_entry(self.tournament, self.member(), user=self.staff,
                                        rating=self.rng.randint(1400, 2500),
                                        late_reason="đến muộn (kiểm tra liên thông)")
            for _ in range(quit_rounds.count(k)):
                self.withdraw()
            self.pair_and_play(k)
            if self.tiebreaks:  # the service's standings, for TieBreakServer's values
                self.write_standings(k)
            if k < rounds and self.requests(k + 1):
                self.write(f"r{k}-e-requests")

    def write_standings(self, k: int) -> None:
        from tournaments import selectors

        table = selectors.standings(self.tournament)
        rows = {row["starting_number"]: {"rank": row["rank"], "points": row["points"],
                                         **row["tiebreaks"]} for row in table["rows"]}
        (self.out / f"e{self.number}-r{k}-d-played.json").write_text(
            json.dumps({"round": k, "tiebreaks": table["tiebreaks"], "rows": rows}),
            encoding="utf-8")

    def requests(self, k: int) -> int:
        """Requested byes for round k: zero to two players, 0, ½ or 1 point."""
        from tournaments import services
        from tournaments.models import Entry

        active = list(Entry.objects.filter(tournament=self.tournament, withdrawn_on__isnull=True,
                                           starting_number__isnull=False))
        chosen = self.rng.sample(active, self.rng.choice([0, 1, 1, 2]))
        for entry in chosen:
            services.request_bye(entry, k, user=self.staff,
                                 points=self.rng.choice([0.0, 0.5, 1.0]))
        return len(chosen)

    def withdraw(self) -> None:
        from tournaments import services
        from tournaments.models import Entry

        active = list(Entry.objects.filter(tournament=self.tournament, withdrawn_on__isnull=True,
                                           starting_number__isnull=False))
        services.withdraw_entry(self.rng.choice(active), user=self.staff)

    def pair_and_play(self, k: int) -> None:
        from tournaments import services

        self.write(f"r{k}-a-before")
        services.pair_round_job({"tournament": self.tournament.pk, "round": k, "seed": k},
                                lambda *a: None)
        rnd = self.tournament.rounds.get(number=k)
        # the file before pairing and the one just paired: both pair round k again
        before = self.out / f"e{self.number}-r{k}-a-before.trf"
        self.write(f"r{k}-b-paired", service_round=rnd)
        (before.with_suffix(".next")).write_text(
            (self.out / f"e{self.number}-r{k}-b-paired.next").read_text(encoding="utf-8"),
            encoding="utf-8")
        games = list(rnd.pairings.filter(kind="game").order_by("board"))
        items = [{"pairing": p.pk, "result": self.rng.choice(RESULTS), "version": p.version}
                 for p in games]
        half = len(items) // 2
        services.record_results(rnd, items[:half], user=self.staff)
        self.write(f"r{k}-c-partial")
        services.record_results(rnd, items[half:], user=self.staff)
        self.write(f"r{k}-d-played")


def write_workbooks(out: Path, staff, club, tournaments: list[int]) -> int:
    """The .xlsx exports the staff print, through the API as the staff user: standings and
    crosstable of each event (Vietnamese, and English for the first), the club's members
    and the applications, into ``out/xlsx`` (bench/interop.py ``--xlsx-dir``)."""
    from django.test import Client

    client = Client()
    client.force_login(staff)
    folder = out / "xlsx"
    folder.mkdir(exist_ok=True)
    urls = {f"e{n}-{kind}": f"/api/v1/tournaments/{pk}/{kind}/?output=xlsx"
            for n, pk in enumerate(tournaments, 1) for kind in ("standings", "crosstable")}
    urls["members"] = f"/api/v1/members/xlsx/?club={club.pk}"
    urls["applications"] = "/api/v1/applications/xlsx/"
    written = 0
    for name, url in urls.items():
        for language in ("vi", "en") if name.startswith("e1-") else ("vi",):
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200, (url, response.status_code)
            (folder / f"{name}-{language}.xlsx").write_bytes(response.content)
            written += 1
    return written


def build(out: Path, seed: int, tiebreaks: str = "") -> int:
    from django.contrib.auth import get_user_model

    from federation.models import Body, Club, Province

    staff = get_user_model().objects.create_user("interop", password="interop-pass-1",
                                                 is_staff=True, is_superuser=True)
    province = Province.objects.first()
    body = Body.objects.create(name="Liên đoàn kiểm tra", level="provincial",
                               province=province)
    club = Club.objects.create(name="CLB kiểm tra", body=body, province=province,
                               kind=Club.Kind.RESIDENTIAL)
    files, events = 0, []
    for number, spec in enumerate(EVENTS, 1):
        event = Event(number, out, random.Random(seed * 100 + number), staff, body, club,
                      tiebreaks)
        event.run(*spec)
        files += event.files
        events.append(event.tournament.pk)
    print(f"xlsx workbooks written: {write_workbooks(out, staff, club, events)} in {out}/xlsx")
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="directory for the .trf (and .next) files")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--tiebreaks", default="",
                        help="the events' tie-breaks (e.g. BH-C1,BH,SB,WIN; default: the "
                             "system's); with it, the standings after each round are "
                             "written beside the played files (e{n}-r{k}-d-played.json)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        print(f"TRF files written: {build(out, args.seed, args.tiebreaks)} in {out}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        settings.DATABASES["default"]["NAME"] = old_name


if __name__ == "__main__":
    main()
